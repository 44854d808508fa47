// SPDX-License-Identifier: GPL-2.0-only
/* check/cmd: the options of "rtwhy check". */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <string.h>

#include "rtwhy/check/cmd.h"
#include "rtwhy/check/judge.h"
#include "rtwhy/cli.h"
#include "unit.h"

static int chkct_parse(struct check_cmd_opts *o, char *err, const char *a1, const char *a2)
{
	char *argv[4] = { (char *)"check", (char *)a1, (char *)a2, NULL };
	int argc = 1 + !!a1 + !!(a1 && a2);

	return check_cmd_parse_args(argc, argv, o, err, 256);
}

static void test_args(void)
{
	struct check_cmd_opts o;
	char err[256];

	CU_ASSERT_EQUAL(chkct_parse(&o, err, NULL, NULL), 0);
	CU_ASSERT_EQUAL(o.hz_from, CHECK_GATHER_HZ_AUTO);
	CU_ASSERT_STRING_EQUAL(o.root, "");
	CU_ASSERT_PTR_NULL(o.json_path);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--json=c.json", "--hz-from=ticks"), 0);
	CU_ASSERT_STRING_EQUAL(o.json_path, "c.json");
	CU_ASSERT_EQUAL(o.hz_from, CHECK_GATHER_HZ_TICKS);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--hz-from", "timer_list"), 0);
	CU_ASSERT_EQUAL(o.hz_from, CHECK_GATHER_HZ_TIMER_LIST);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--hz-from=config", "--sysroot=x"), 0);
	CU_ASSERT_EQUAL(o.hz_from, CHECK_GATHER_HZ_CONFIG);
	CU_ASSERT_STRING_EQUAL(o.root, "x");
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--hz-from=auto", NULL), 0);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "-h", NULL), 0);
	CU_ASSERT_TRUE(o.help);

	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--hz-from=jiffies", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value 'jiffies' for --hz-from: expected auto, config, "
				    "timer_list or ticks");
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--hz-from", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "option --hz-from needs a value (see rtwhy check --help)");
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--json=", NULL), -EINVAL);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--sysroot", ""), -EINVAL);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--observe=3", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option --observe=3 (see rtwhy check --help)");
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "all", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unexpected argument 'all' (see rtwhy check --help)");
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--sysroot=x", "--hz-from=ticks"), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "conflicting options"));
}

static void test_fail_on(void)
{
	static struct check_judge_report r;
	struct check_cmd_opts o;
	char err[256];

	CU_ASSERT_EQUAL(chkct_parse(&o, err, NULL, NULL), 0);
	CU_ASSERT_EQUAL(o.fail_on, CHECK_CMD_FAIL_NEVER);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--fail-on=warn", NULL), 0);
	CU_ASSERT_EQUAL(o.fail_on, CHECK_CMD_FAIL_WARN);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--fail-on", "unknown"), 0);
	CU_ASSERT_EQUAL(o.fail_on, CHECK_CMD_FAIL_UNKNOWN);
	CU_ASSERT_EQUAL(chkct_parse(&o, err, "--fail-on=fail", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value 'fail' for --fail-on: expected warn or unknown");

	/* all ok: 0 whatever --fail-on */
	memset(&r, 0, sizeof(r));
	r.n = 3;
	o.fail_on = CHECK_CMD_FAIL_UNKNOWN;
	CU_ASSERT_EQUAL(check_cmd_status(&o, &r), CLI_EXIT_OK);
	/* an unknown fails only --fail-on=unknown */
	r.nr_unknown = 1;
	CU_ASSERT_EQUAL(check_cmd_status(&o, &r), CLI_EXIT_LATENCY);
	o.fail_on = CHECK_CMD_FAIL_WARN;
	CU_ASSERT_EQUAL(check_cmd_status(&o, &r), CLI_EXIT_OK);
	/* a warn fails both; without --fail-on nothing does */
	r.nr_warn = 2;
	CU_ASSERT_EQUAL(check_cmd_status(&o, &r), CLI_EXIT_LATENCY);
	o.fail_on = CHECK_CMD_FAIL_UNKNOWN;
	CU_ASSERT_EQUAL(check_cmd_status(&o, &r), CLI_EXIT_LATENCY);
	o.fail_on = CHECK_CMD_FAIL_NEVER;
	CU_ASSERT_EQUAL(check_cmd_status(&o, &r), CLI_EXIT_OK);
}

static CU_TestInfo check_cmd_tests[] = {
	{ "args", test_args },
	{ "fail_on", test_fail_on },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("check_cmd", NULL, NULL, check_cmd_tests);
