/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * textscan - the small scanners of ftrace text, shared by textread (the
 * line) and textpayload (its payload): numbers, spaces, tokens and literals
 * in a span [p, e) of a line that is not NUL-terminated. Private to those
 * two; static inline, as they run a few times per line of a trace that has
 * millions. No allocation: what they return points into the span.
 */
#ifndef ANALYSIS_TEXTSCAN_H
#define ANALYSIS_TEXTSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline bool textscan_digit(char c)
{
	return c >= '0' && c <= '9';
}

static inline bool textscan_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || textscan_digit(c) || c == '_';
}

/* Decimal digits at @p: the value, and the end of the digits (NULL if none). */
static inline const char *textscan_dec(const char *p, const char *e, uint64_t *v)
{
	const char *s = p;
	uint64_t x = 0;

	while (p < e && textscan_digit(*p) && p - s < 19)
		x = x * 10 + (uint64_t)(*p++ - '0');
	if (p == s || (p < e && textscan_digit(*p)))
		return NULL;
	*v = x;
	return p;
}

static inline const char *textscan_sdec(const char *p, const char *e, int64_t *v)
{
	bool neg = p < e && *p == '-';
	uint64_t x;

	p = textscan_dec(p + neg, e, &x);
	if (!p)
		return NULL;
	*v = neg ? -(int64_t)x : (int64_t)x;
	return p;
}

static inline const char *textscan_hex(const char *p, const char *e, uint64_t *v)
{
	const char *s;
	uint64_t x = 0;

	if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	for (s = p; p < e && p - s < 16; p++) {
		char c = *p;

		if (textscan_digit(c))
			x = x << 4 | (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			x = x << 4 | (uint64_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			x = x << 4 | (uint64_t)(c - 'A' + 10);
		else
			break;
	}
	if (p == s)
		return NULL;
	*v = x;
	return p;
}

/* A number that is the whole value, or is followed by a space ("4 [action=BLOCK]"). */
static inline bool textscan_num_value(const char *p, const char *e, int64_t *v)
{
	p = textscan_sdec(p, e, v);
	return p && (p == e || *p == ' ');
}

static inline void textscan_copy(char *dst, size_t size, const char *s, const char *e)
{
	size_t n = (size_t)(e - s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static inline const char *textscan_skip_spaces(const char *p, const char *e)
{
	while (p < e && *p == ' ')
		p++;
	return p;
}

static inline const char *textscan_rskip_spaces(const char *s, const char *p)
{
	while (p > s && p[-1] == ' ')
		p--;
	return p;
}

/* Start of the token that ends at @p. */
static inline const char *textscan_token_start(const char *s, const char *p)
{
	while (p > s && p[-1] != ' ')
		p--;
	return p;
}

static inline bool textscan_is(const char *p, const char *e, const char *lit)
{
	size_t n = strlen(lit);

	return (size_t)(e - p) >= n && !memcmp(p, lit, n);
}

/* "comm<sep>pid" (comm may hold spaces and @sep itself): the last @sep, or NULL. */
static inline const char *textscan_pid_after(const char *s, const char *e, char sep, int32_t *pid)
{
	const char *d = e;
	uint64_t v;

	while (d > s && textscan_digit(d[-1]))
		d--;
	if (d == e || d == s || d[-1] != sep || e - d > 10 || !textscan_dec(d, e, &v) ||
	    v > INT32_MAX)
		return NULL;
	*pid = (int32_t)v;
	return d - 1;
}

#endif
