// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/judge_result - how a check fills its result: a typed field by key
 * ("value" first), the status and the sentence.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/check/judge_result.h"
#include "analysis/util.h"

/* The field @key of @r, added (as null) if new; "value" is always the first. */
struct check_judge_field *check_judge_result_slot(struct check_judge_result *r, const char *key)
{
	struct check_judge_field *fl = (struct check_judge_field *)check_judge_field(r, key);

	if (fl)
		return fl;
	if (r->nr_fields >= CHECK_JUDGE_MAX_FIELDS)
		fl = &r->fields[CHECK_JUDGE_MAX_FIELDS - 1]; /* never: the checks fit */
	else
		fl = &r->fields[r->nr_fields++];
	memset(fl, 0, sizeof(*fl));
	fl->key = key;
	return fl;
}

void check_judge_result_null(struct check_judge_result *r, const char *key)
{
	check_judge_result_slot(r, key)->type = CHECK_JUDGE_NULL;
}

void check_judge_result_bool(struct check_judge_result *r, const char *key, bool b)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);

	fl->type = CHECK_JUDGE_BOOL;
	fl->b = b;
}

void check_judge_result_int(struct check_judge_result *r, const char *key, long long i)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);

	fl->type = CHECK_JUDGE_INT;
	fl->i = i;
}

void check_judge_result_num(struct check_judge_result *r, const char *key, double num, int decimals)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);

	fl->type = CHECK_JUDGE_NUM;
	fl->num = num;
	fl->decimals = decimals;
}

/* A string; NULL or "" is null. */
void check_judge_result_str(struct check_judge_result *r, const char *key, const char *s)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);

	if (!s || !s[0]) {
		fl->type = CHECK_JUDGE_NULL;
		return;
	}
	fl->type = CHECK_JUDGE_STR;
	util_strlcpy(fl->str, s, sizeof(fl->str));
}

/* Words of @s separated by @sep ("" -> no word); NULL is null. */
void check_judge_result_words(struct check_judge_result *r, const char *key, const char *s,
			      const char *sep)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);
	size_t used = 0, seplen = strlen(sep);

	fl->type = s ? CHECK_JUDGE_STRS : CHECK_JUDGE_NULL;
	fl->str[0] = '\0';
	while (s && *s) {
		const char *end = strstr(s, sep);
		size_t n = end ? (size_t)(end - s) : strlen(s);

		if (n && used + n + 2 < sizeof(fl->str))
			used += (size_t)snprintf(fl->str + used, sizeof(fl->str) - used, "%s%.*s",
						 used ? "\n" : "", (int)n, s);
		s += n + (end ? seplen : 0);
	}
}

/* Add @word to the words of field @key. */
void check_judge_result_add_word(struct check_judge_result *r, const char *key, const char *word)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);
	size_t used = strlen(fl->str);

	fl->type = CHECK_JUDGE_STRS;
	snprintf(fl->str + used, sizeof(fl->str) - used, "%s%s", used ? "\n" : "", word);
}

/* A CPU list: "" is the empty set, NULL or a list that does not parse is null. */
void check_judge_result_cpus(struct check_judge_result *r, const char *key, const char *list)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);

	CPU_ZERO(&fl->cpus);
	fl->type = list && (!list[0] || !util_parse_cpulist(list, &fl->cpus)) ? CHECK_JUDGE_CPUS
									      : CHECK_JUDGE_NULL;
}

/* CPUs 0 .. @n - 1 (null when @n is not known). */
void check_judge_result_all_cpus(struct check_judge_result *r, const char *key, int n)
{
	struct check_judge_field *fl = check_judge_result_slot(r, key);
	int cpu;

	fl->type = n > 0 ? CHECK_JUDGE_CPUS : CHECK_JUDGE_NULL;
	CPU_ZERO(&fl->cpus);
	for (cpu = 0; cpu < n && cpu < CPU_SETSIZE; cpu++)
		CPU_SET(cpu, &fl->cpus);
}

void check_judge_result_set(struct check_judge_result *r, enum check_judge_status st,
			    const char *fmt, ...)
{
	va_list ap;

	r->status = st;
	va_start(ap, fmt);
	vsnprintf(r->text, sizeof(r->text), fmt, ap);
	va_end(ap);
}
