// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/render - aligned text lines with wrapped why/do, and JSON.
 */
#include <string.h>

#include "rtwhy/check/render.h"
#include "rtwhy/json.h"
#include "rtwhy/wrap.h"

#define CHECK_RENDER_INDENT 27 /* the value column */
#define CHECK_RENDER_WIDTH  100

/* "<indent>why: text" wrapped at 100 columns under the value column. */
static void check_render_wrap(FILE *out, const char *label, const char *text)
{
	const int width = CHECK_RENDER_WIDTH - CHECK_RENDER_INDENT - 5;
	const char *line;
	size_t len;

	for (; (len = wrap_line(text, width, true, &line)); text = line + len) {
		fprintf(out, "%*s%-5s%.*s\n", CHECK_RENDER_INDENT, "", label, (int)len, line);
		label = "";
	}
}

void check_render_text(const struct check_gather_facts *f, const struct check_judge_report *r,
		       FILE *out)
{
	char cpus[32];
	size_t i;

	if (f->nr_cpus > 0)
		snprintf(cpus, sizeof(cpus), "%d CPU%s", f->nr_cpus, f->nr_cpus == 1 ? "" : "s");
	else
		snprintf(cpus, sizeof(cpus), "CPUs unknown");
	fprintf(out, "Kernel %s%s%s, %s; config: %s\n\n",
		f->release[0] ? f->release : "(release unreadable)", f->version[0] ? " " : "",
		f->version, cpus, f->kconfig ? f->kconfig_src : "none found");
	fprintf(out, "%-16s  %-7s  %s\n", "CHECK", "STATUS", "VALUE");
	for (i = 0; i < r->n; i++) {
		const struct check_judge_result *res = &r->res[i];

		fprintf(out, "%-16s  %-7s  %s\n", res->name, check_judge_status_name(res->status),
			res->text);
		if (res->status == CHECK_JUDGE_OK)
			continue;
		check_render_wrap(out, "why:", res->why);
		if (res->hint[0])
			check_render_wrap(out, "do:", res->hint);
	}
	fprintf(out, "\nVerdict: %s.\n", r->verdict);
}

/* Each of the '\n'-separated words of @s as an array item. */
static void check_render_words(struct json *j, const char *key, const char *s)
{
	json_array(j, key);
	while (*s) {
		size_t n = strcspn(s, "\n");
		char word[CHECK_JUDGE_STR_LEN];

		snprintf(word, sizeof(word), "%.*s", (int)n, s);
		json_string(j, NULL, word);
		s += n + (s[n] == '\n');
	}
	json_end(j);
}

static void check_render_field(struct json *j, const struct check_judge_field *fl)
{
	int k;

	switch (fl->type) {
	case CHECK_JUDGE_BOOL:
		json_bool(j, fl->key, fl->b);
		break;
	case CHECK_JUDGE_INT:
		json_int(j, fl->key, fl->i);
		break;
	case CHECK_JUDGE_NUM:
		json_double(j, fl->key, fl->num, fl->decimals);
		break;
	case CHECK_JUDGE_STR:
		json_string(j, fl->key, fl->str);
		break;
	case CHECK_JUDGE_CPUS:
		json_cpus(j, fl->key, &fl->cpus);
		break;
	case CHECK_JUDGE_STRS:
		check_render_words(j, fl->key, fl->str);
		break;
	case CHECK_JUDGE_INTS:
		json_array(j, fl->key);
		for (k = 0; k < fl->nr_ints; k++) {
			if (fl->ints[k] == CHECK_JUDGE_NO_INT)
				json_null(j, NULL);
			else
				json_int(j, NULL, fl->ints[k]);
		}
		json_end(j);
		break;
	default:
		json_null(j, fl->key);
		break;
	}
}

int check_render_json(const struct check_gather_facts *f, const struct check_judge_report *r,
		      FILE *out)
{
	int major, minor, k;
	bool version;
	struct json j;
	size_t i;

	version = !check_judge_kernel_version(f->release, &major, &minor);
	json_start(&j, out);
	json_string(&j, "rtwhy_version", RTWHY_VERSION);
	json_uint(&j, "warnings", r->nr_warn);
	json_uint(&j, "unknown", r->nr_unknown);
	json_object(&j, "kernel");
	json_string_or_null(&j, "release", f->release);
	json_string_or_null(&j, "version", f->version);
	if (version) {
		json_int(&j, "major", major);
		json_int(&j, "minor", minor);
	} else {
		json_null(&j, "major");
		json_null(&j, "minor");
	}
	json_string_or_null(&j, "config", f->kconfig ? f->kconfig_src : NULL);
	if (f->nr_cpus > 0)
		json_int(&j, "cpus", f->nr_cpus);
	else
		json_null(&j, "cpus");
	json_end(&j);
	json_array(&j, "checks");
	for (i = 0; i < r->n; i++) {
		const struct check_judge_result *res = &r->res[i];

		json_object(&j, NULL);
		json_string(&j, "name", res->name);
		json_string(&j, "status", check_judge_status_name(res->status));
		check_render_field(&j, &res->fields[0]); /* "value" */
		json_string_or_null(&j, "unit", res->unit);
		json_string_or_null(&j, "source", res->source);
		for (k = 1; k < res->nr_fields; k++)
			check_render_field(&j, &res->fields[k]);
		json_string(&j, "text", res->text);
		json_string(&j, "why", res->why);
		json_string_or_null(&j, "hint", res->hint);
		json_end(&j);
	}
	json_end(&j);
	json_string(&j, "verdict", r->verdict);
	return json_finish(&j);
}
