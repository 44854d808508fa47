// SPDX-License-Identifier: GPL-2.0-only
/* subcmd: --json output handling and one-line option errors. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/subcmd.h"
#include "unit.h"

static void test_json_open_close(void)
{
	char path[] = "/tmp/rtwhy-unit-subcmd.XXXXXX";
	FILE *f;
	int fd = mkstemp(path);

	CU_ASSERT_TRUE(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL(subcmd_json_open(NULL, &f), 0);
	CU_ASSERT_PTR_NULL(f);
	CU_ASSERT_EQUAL(subcmd_json_close(f, NULL), 0);
	CU_ASSERT_EQUAL(subcmd_json_open("-", &f), 0);
	CU_ASSERT_PTR_EQUAL(f, stdout);
	CU_ASSERT_EQUAL(subcmd_json_close(f, "-"), 0); /* stdout stays open */
	CU_ASSERT_EQUAL(subcmd_json_open(path, &f), 0);
	CU_ASSERT_PTR_NOT_NULL(f);
	if (f) {
		fputs("{}\n", f);
		CU_ASSERT_EQUAL(subcmd_json_close(f, path), 0);
	}
	unlink(path);
	CU_ASSERT_EQUAL(subcmd_json_open("/nonexistent-dir/x.json", &f), -ENOENT);
	CU_ASSERT_PTR_NULL(f);
}

static void test_messages(void)
{
	char *argv[] = { (char *)"irqs", (char *)"--observe", (char *)"3", (char *)"extra", NULL };
	char err[128];

	CU_ASSERT_EQUAL(subcmd_check_value("json", "x.json", "a file name", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(subcmd_check_value("json", "", "a file name", err, sizeof(err)), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '' for --json: expected a file name");
	optind = 3;
	CU_ASSERT_EQUAL(subcmd_no_args("irqs", 4, argv, err, sizeof(err)), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unexpected argument 'extra' (see rtwhy irqs --help)");
	optind = 4;
	CU_ASSERT_EQUAL(subcmd_no_args("irqs", 4, argv, err, sizeof(err)), 0);
	optind = 2;
	optopt = 0;
	CU_ASSERT_EQUAL(subcmd_getopt_error("irqs", argv, err, sizeof(err)), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option --observe (see rtwhy irqs --help)");
	optopt = 257;
	subcmd_getopt_error("irqs", argv, err, sizeof(err));
	CU_ASSERT_STRING_EQUAL(err, "option --observe needs a value (see rtwhy irqs --help)");
	optind = 0;
}

static CU_TestInfo subcmd_tests[] = {
	{ "json_open_close", test_json_open_close },
	{ "messages", test_messages },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("subcmd", NULL, NULL, subcmd_tests);
