/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json - a small streaming JSON writer with cyclictest's layout (two-space
 * indentation, "key": value). Nesting is tracked so commas come out right;
 * strings are escaped. Used by every --json output.
 */
#ifndef RTWHY_JSON_H
#define RTWHY_JSON_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 16

struct json {
	FILE *out;
	int depth;
	bool has_items[JSON_MAX_DEPTH]; /* does the open container have an item yet? */
	char closer[JSON_MAX_DEPTH];	/* '}' or ']' */
};

/**
 * json_start() - Begin a document on @out with its top-level object.
 * @j: writer
 * @out: stream
 */
void json_start(struct json *j, FILE *out);

/**
 * json_finish() - Close every open container and end the document.
 * @j: writer
 *
 * Return: 0, or -EIO if the stream had an error.
 */
int json_finish(struct json *j);

/* @key is NULL for items of an array. */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
void json_end(struct json *j); /* close the innermost object or array */
void json_string(struct json *j, const char *key, const char *val);
void json_int(struct json *j, const char *key, long long val);
void json_uint(struct json *j, const char *key, unsigned long long val);
void json_double(struct json *j, const char *key, double val, int decimals);
void json_bool(struct json *j, const char *key, bool val);
void json_null(struct json *j, const char *key);
void json_string_or_null(struct json *j, const char *key, const char *val); /* NULL, "": null */
void json_cpus(struct json *j, const char *key, const cpu_set_t *set); /* [0, 2, 3]; NULL: null */

/**
 * json_escape() - Write @s as a JSON string literal (with quotes) to @out.
 * @out: stream
 * @s: text
 */
void json_escape(FILE *out, const char *s);

#endif
