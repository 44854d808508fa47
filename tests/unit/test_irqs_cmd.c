// SPDX-License-Identifier: GPL-2.0-only
/* irqs/cmd: the options of "rtwhy irqs". */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <string.h>

#include "rtwhy/irqs/cmd.h"
#include "unit.h"

static int irqct_parse(struct irqs_cmd_opts *o, char *err, const char *a1, const char *a2,
		       const char *a3)
{
	char *argv[5] = { (char *)"irqs", (char *)a1, (char *)a2, (char *)a3, NULL };
	int argc = 1 + !!a1 + !!(a1 && a2) + !!(a1 && a2 && a3);

	return irqs_cmd_parse_args(argc, argv, o, err, 256);
}

static void test_args_ok(void)
{
	struct irqs_cmd_opts o;
	char err[256];

	CU_ASSERT_EQUAL(irqct_parse(&o, err, NULL, NULL, NULL), 0);
	CU_ASSERT_EQUAL(o.observe_s, 0);
	CU_ASSERT_PTR_NULL(o.json_path);
	CU_ASSERT_STRING_EQUAL(o.root, "");
	CU_ASSERT_FALSE(o.help);
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe", "3", NULL), 0);
	CU_ASSERT_EQUAL(o.observe_s, 3);
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe=3600", "--json=x.json", NULL), 0);
	CU_ASSERT_EQUAL(o.observe_s, 3600);
	CU_ASSERT_STRING_EQUAL(o.json_path, "x.json");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--json", "-", NULL), 0);
	CU_ASSERT_STRING_EQUAL(o.json_path, "-");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--sysroot=tests/fixtures/sysroot-rt", NULL, NULL), 0);
	CU_ASSERT_STRING_EQUAL(o.root, "tests/fixtures/sysroot-rt");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "-h", NULL, NULL), 0);
	CU_ASSERT_TRUE(o.help);
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--help", NULL, NULL), 0);
	CU_ASSERT_TRUE(o.help);
}

static void test_args_bad(void)
{
	struct irqs_cmd_opts o;
	char err[256];

	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe", "0", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '0' for --observe: out of range, expected "
				    "seconds 1-3600");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe=3601", NULL, NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "out of range"));
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe=3s", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '3s' for --observe: expected seconds 1-3600");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe=-1", NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "option --observe needs a value (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--json=", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '' for --json: expected a file name");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--sysroot=", NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--bogus", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option --bogus (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "-x", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option -x (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "36", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unexpected argument '36' (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqct_parse(&o, err, "--observe=2", "--sysroot=x", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "conflicting options"));
}

static CU_TestInfo irqs_cmd_tests[] = {
	{ "args_ok", test_args_ok },
	{ "args_bad", test_args_bad },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("irqs_cmd", NULL, NULL, irqs_cmd_tests);
