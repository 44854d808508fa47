// SPDX-License-Identifier: GPL-2.0-only
/*
 * json - streaming writer: open/close containers, write scalars; the writer
 * remembers per level whether a comma is due.
 */
#include <errno.h>
#include <math.h>

#include "rtwhy/json.h"

void json_escape(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		default:
			if (c < 0x20)
				fprintf(out, "\\u%04x", c);
			else
				fputc(c, out);
		}
	}
	fputc('"', out);
}

static void json_item(struct json *j, const char *key)
{
	if (j->depth > 0) {
		if (j->has_items[j->depth - 1])
			fputc(',', j->out);
		j->has_items[j->depth - 1] = true;
		fputc('\n', j->out);
		fprintf(j->out, "%*s", j->depth * 2, "");
	}
	if (key) {
		json_escape(j->out, key);
		fputs(": ", j->out);
	}
}

static void json_open(struct json *j, const char *key, char c)
{
	json_item(j, key);
	fputc(c, j->out);
	if (j->depth < JSON_MAX_DEPTH) {
		j->has_items[j->depth] = false;
		j->closer[j->depth] = c == '{' ? '}' : ']';
	}
	j->depth++;
}

void json_start(struct json *j, FILE *out)
{
	j->out = out;
	j->depth = 0;
	json_open(j, NULL, '{');
}

void json_object(struct json *j, const char *key)
{
	json_open(j, key, '{');
}

void json_array(struct json *j, const char *key)
{
	json_open(j, key, '[');
}

void json_end(struct json *j)
{
	if (j->depth <= 0)
		return;
	j->depth--;
	if (j->depth >= JSON_MAX_DEPTH)
		return;
	if (j->has_items[j->depth])
		fprintf(j->out, "\n%*s", j->depth * 2, "");
	fputc(j->closer[j->depth], j->out);
}

int json_finish(struct json *j)
{
	while (j->depth > 0)
		json_end(j);
	fputc('\n', j->out);
	return ferror(j->out) ? -EIO : 0;
}

void json_string(struct json *j, const char *key, const char *val)
{
	json_item(j, key);
	json_escape(j->out, val);
}

void json_int(struct json *j, const char *key, long long val)
{
	json_item(j, key);
	fprintf(j->out, "%lld", val);
}

void json_uint(struct json *j, const char *key, unsigned long long val)
{
	json_item(j, key);
	fprintf(j->out, "%llu", val);
}

void json_double(struct json *j, const char *key, double val, int decimals)
{
	json_item(j, key);
	if (isfinite(val))
		fprintf(j->out, "%.*f", decimals, val);
	else
		fputs("null", j->out);
}

void json_bool(struct json *j, const char *key, bool val)
{
	json_item(j, key);
	fputs(val ? "true" : "false", j->out);
}

void json_null(struct json *j, const char *key)
{
	json_item(j, key);
	fputs("null", j->out);
}

void json_string_or_null(struct json *j, const char *key, const char *val)
{
	if (val && val[0])
		json_string(j, key, val);
	else
		json_null(j, key);
}

void json_cpus(struct json *j, const char *key, const cpu_set_t *set)
{
	int cpu, left;

	if (!set) {
		json_null(j, key);
		return;
	}
	json_array(j, key);
	for (cpu = 0, left = CPU_COUNT(set); cpu < CPU_SETSIZE && left; cpu++) {
		if (!CPU_ISSET(cpu, set))
			continue;
		json_int(j, NULL, cpu);
		left--;
	}
	json_end(j);
}
