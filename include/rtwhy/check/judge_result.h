/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check/judge_result - how a check of check/judge fills its result: typed
 * fields set by key (the first set is "value"; a key set again is
 * overwritten in place), and the status with its sentence. For
 * check/judge.c and its parts only: check/render reads the result through
 * check/judge.h. Keys are static strings (the result keeps the pointer);
 * strings are copied, cut at CHECK_JUDGE_STR_LEN or CHECK_JUDGE_TEXT_LEN.
 */
#ifndef RTWHY_CHECK_JUDGE_RESULT_H
#define RTWHY_CHECK_JUDGE_RESULT_H

#include <stdbool.h>

#include "rtwhy/check/judge.h"

/**
 * check_judge_result_slot() - The field @key of @r, added (as null, zeroed)
 * if new; for a check that fills a field itself.
 * @r: result
 * @key: static string
 *
 * Return: the field, inside @r.
 */
struct check_judge_field *check_judge_result_slot(struct check_judge_result *r, const char *key);

/**
 * check_judge_result_null() - Field @key is null: not known, or nothing.
 * @r: result
 * @key: static string
 */
void check_judge_result_null(struct check_judge_result *r, const char *key);

/**
 * check_judge_result_bool() - Field @key is @b.
 * @r: result
 * @key: static string
 * @b: value
 */
void check_judge_result_bool(struct check_judge_result *r, const char *key, bool b);

/**
 * check_judge_result_int() - Field @key is the integer @i (its unit in @key's name).
 * @r: result
 * @key: static string
 * @i: value
 */
void check_judge_result_int(struct check_judge_result *r, const char *key, long long i);

/**
 * check_judge_result_num() - Field @key is @num, printed with @decimals.
 * @r: result
 * @key: static string
 * @num: value
 * @decimals: digits after the point
 */
void check_judge_result_num(struct check_judge_result *r, const char *key, double num,
			    int decimals);

/**
 * check_judge_result_str() - Field @key is a copy of @s; NULL or "" is null.
 * @r: result
 * @key: static string
 * @s: value, may be NULL
 */
void check_judge_result_str(struct check_judge_result *r, const char *key, const char *s);

/**
 * check_judge_result_words() - Field @key is the words of @s separated by @sep
 * ("" gives no word); NULL is null.
 * @r: result
 * @key: static string
 * @s: words, may be NULL
 * @sep: separator, e.g. " "
 */
void check_judge_result_words(struct check_judge_result *r, const char *key, const char *s,
			      const char *sep);

/**
 * check_judge_result_add_word() - Add @word to the words of field @key.
 * @r: result
 * @key: static string
 * @word: copied
 */
void check_judge_result_add_word(struct check_judge_result *r, const char *key, const char *word);

/**
 * check_judge_result_cpus() - Field @key is a CPU set: "" is the empty set,
 * NULL or a list that does not parse is null.
 * @r: result
 * @key: static string
 * @list: CPU list ("0-3,5"), may be NULL
 */
void check_judge_result_cpus(struct check_judge_result *r, const char *key, const char *list);

/**
 * check_judge_result_all_cpus() - Field @key is CPUs 0 .. @n - 1 (null when
 * @n is not known, <= 0).
 * @r: result
 * @key: static string
 * @n: number of CPUs
 */
void check_judge_result_all_cpus(struct check_judge_result *r, const char *key, int n);

/**
 * check_judge_result_set() - The status of @r and its sentence.
 * @r: result
 * @st: status
 * @fmt: printf format of the sentence (cut at CHECK_JUDGE_TEXT_LEN)
 */
void check_judge_result_set(struct check_judge_result *r, enum check_judge_status st,
			    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
