// SPDX-License-Identifier: GPL-2.0-only
/*
 * robust_cli: bad input the option parser met in the field (73-badinput.sh
 * runs every option's bad values against the binary; these are the cases
 * that were wrong once).
 */
#include <errno.h>
#include <string.h>

#include "rtwhy/cli.h"
#include "unit.h"

static int parse2(const char *a, const char *b, char *err, size_t len)
{
	char *argv[] = { (char *)"rtwhy", (char *)a, (char *)b, NULL };
	struct rtw_config cfg;
	enum cli_action action;

	return cli_parse(b ? 3 : 2, argv, &cfg, &action, err, len);
}

/* a value given to an option that takes none was called a missing value */
static void test_value_for_flag(void)
{
	static const char *const words[] = { "--quiet=1", "--help=x", "--mlockall=yes",
					     "--tracemark=0", "--smp=2" };
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		CU_ASSERT_EQUAL(parse2(words[i], NULL, err, sizeof(err)), -EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "takes no value"));
		CU_ASSERT_PTR_NULL(strstr(err, "needs a value"));
	}
	/* a missing value is still called that */
	CU_ASSERT_EQUAL(parse2("--json", NULL, err, sizeof(err)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--json needs a value"));
	CU_ASSERT_EQUAL(parse2("-b", NULL, err, sizeof(err)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "-b needs a value"));
	/* and an unknown option with a value is unknown */
	CU_ASSERT_EQUAL(parse2("--quietly=1", NULL, err, sizeof(err)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown option"));
}

static CU_TestInfo robust_cli_tests[] = {
	{ "a value for an option that takes none", test_value_for_flag },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("robust_cli", NULL, NULL, robust_cli_tests);
