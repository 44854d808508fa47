// SPDX-License-Identifier: GPL-2.0-only
/*
 * wrap - greedy line breaking at spaces.
 */
#include <string.h>

#include "rtwhy/wrap.h"

static bool wrap_utf8_cont(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

size_t wrap_line(const char *text, int width, bool cut, const char **start)
{
	size_t len, rest, i, space = 0;

	while (*text == ' ')
		text++;
	*start = text;
	rest = strlen(text);
	if (!rest)
		return 0;
	if (width >= 0 && rest <= (size_t)width) {
		len = rest;
	} else {
		/* the last space at or before @width ends the longest line that fits */
		for (i = 1; width > 0 && i <= (size_t)width; i++)
			if (text[i] == ' ')
				space = i;
		if (space) {
			len = space;
		} else if (!cut) {
			len = strcspn(text, " ");
		} else {
			len = width > 0 ? (size_t)width : 0;
			while (len && wrap_utf8_cont(text[len]))
				len--;
			if (!len) /* not even one character fits: it comes alone */
				for (len = 1; wrap_utf8_cont(text[len]); len++)
					;
		}
	}
	while (len && text[len - 1] == ' ')
		len--;
	return len;
}
