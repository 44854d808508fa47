// SPDX-License-Identifier: GPL-2.0-only
/*
 * diag: analysis/'s messages reach the sink that was set, with their
 * severity, and nowhere when none is set.
 */
#include <errno.h>
#include <string.h>

#include "analysis/datread.h"
#include "analysis/diag.h"
#include "unit.h"

struct heard {
	int count;
	enum diag_level level;
	char msg[DIAG_MSG_LEN];
};

static void sink(enum diag_level level, const char *msg, void *arg)
{
	struct heard *h = arg;

	h->count++;
	h->level = level;
	strncpy(h->msg, msg, sizeof(h->msg) - 1);
}

static void test_sink(void)
{
	struct heard h = { 0 };
	char long_msg[DIAG_MSG_LEN + 100];

	diag_report(DIAG_ERR, "nobody listens: %d", 1); /* the default: dropped */
	diag_set_sink(sink, &h);
	diag_report(DIAG_WARN, "cannot %s: %s", "read x", "no reason");
	CU_ASSERT_EQUAL(h.count, 1);
	CU_ASSERT_EQUAL(h.level, DIAG_WARN);
	CU_ASSERT_STRING_EQUAL(h.msg, "cannot read x: no reason");
	memset(long_msg, 'a', sizeof(long_msg) - 1);
	long_msg[sizeof(long_msg) - 1] = '\0';
	diag_report(DIAG_INFO, "%s", long_msg);
	CU_ASSERT_EQUAL(h.level, DIAG_INFO);
	CU_ASSERT_EQUAL(strlen(h.msg), DIAG_MSG_LEN - 1);
	diag_set_sink(NULL, NULL);
	diag_report(DIAG_ERR, "dropped again");
	CU_ASSERT_EQUAL(h.count, 2);
}

/* A reader of analysis/ says what failed through the sink, once, and prints nothing itself. */
static void test_reader_reports(void)
{
	struct heard h = { 0 };
	struct datread *dr;

	diag_set_sink(sink, &h);
	CU_ASSERT_EQUAL(datread_open(&dr, "/nonexistent/x.dat"), -ENOENT);
	diag_set_sink(NULL, NULL);
	CU_ASSERT_EQUAL(h.count, 1);
	CU_ASSERT_EQUAL(h.level, DIAG_ERR);
	CU_ASSERT_STRING_EQUAL(h.msg, "cannot read /nonexistent/x.dat: No such file or directory");
}

static CU_TestInfo diag_tests[] = {
	{ "messages reach the sink set", test_sink },
	{ "readers report through it", test_reader_reports },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("diag", NULL, NULL, diag_tests);
