// SPDX-License-Identifier: GPL-2.0-only
/* wrap: where lines end, with and without cutting long words. */
#include <string.h>

#include "rtwhy/wrap.h"
#include "unit.h"

/* All lines of @text at @width, joined by '|'. */
static const char *wrapt_lines(const char *text, int width, bool cut)
{
	static char buf[512];
	const char *line;
	size_t len, used = 0;

	buf[0] = '\0';
	for (; (len = wrap_line(text, width, cut, &line)); text = line + len)
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%.*s", used ? "|" : "",
					 (int)len, line);
	return buf;
}

static void test_words(void)
{
	const char *line;

	CU_ASSERT_STRING_EQUAL(wrapt_lines("the quick brown fox", 9, false), "the quick|brown fox");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("the quick brown fox", 8, false), "the|quick|brown|fox");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("the quick brown fox", 100, false),
			       "the quick brown fox");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("  lead and trail  ", 8, false), "lead and|trail");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("a  b", 4, false), "a  b");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("", 10, false), "");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("   ", 10, true), "");
	CU_ASSERT_EQUAL(wrap_line("x y", 1, false, &line), 1);
	CU_ASSERT_STRING_EQUAL(line, "x y");
}

static void test_long_words(void)
{
	/* a word longer than a line: whole on a line of its own, or cut */
	CU_ASSERT_STRING_EQUAL(wrapt_lines("a /sys/kernel/debug b", 5, false),
			       "a|/sys/kernel/debug|b");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("abcdefgh ij", 3, true), "abc|def|gh|ij");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("word", 0, false), "word");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("word", -3, true), "w|o|r|d");
	/* never inside a UTF-8 sequence: "é" is 2 bytes */
	CU_ASSERT_STRING_EQUAL(wrapt_lines("ab\xc3\xa9"
					   "cd",
					   3, true),
			       "ab|\xc3\xa9"
			       "c|d");
	CU_ASSERT_STRING_EQUAL(wrapt_lines("\xc3\xa9\xc3\xa9", 1, true), "\xc3\xa9|\xc3\xa9");
}

static CU_TestInfo wrap_tests[] = {
	{ "words", test_words },
	{ "long_words", test_long_words },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("wrap", NULL, NULL, wrap_tests);
