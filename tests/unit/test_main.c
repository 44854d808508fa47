// SPDX-License-Identifier: GPL-2.0-only
/*
 * The unit test runner: every test_*.c registers its suites (unit.h); this
 * runs them (all, or the suites named with -r) and ends with the line
 * "unit: N passed, M failed" that tests/run.sh adds up. Exit status 1 on
 * any failure (CUnit's basic runner alone always returns 0).
 */
#include <CUnit/Basic.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

#define UNIT_MAX_SUITES 128

static const struct unit_suite *unit_suites[UNIT_MAX_SUITES];
static int unit_nr_suites;

void unit_register(const struct unit_suite *suite)
{
	if (unit_nr_suites < UNIT_MAX_SUITES)
		unit_suites[unit_nr_suites++] = suite;
}

const char *unit_fixtures(void)
{
	const char *dir = getenv("RTWHY_FIXTURES");

	return dir ? dir : "tests/fixtures";
}

int unit_tmpfile(const void *bytes, size_t n, char *path)
{
	int fd, err;

	strcpy(path, "/tmp/rtwhy-unit.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	if (write(fd, bytes, n) == (ssize_t)n) {
		close(fd);
		return 0;
	}
	err = errno ? errno : EIO;
	close(fd);
	unlink(path);
	return -err;
}

static int unit_wanted(const char *name, int argc, char **argv)
{
	int i, any = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-r") && i + 1 < argc) {
			any = 1;
			if (!strcmp(argv[++i], name))
				return 1;
		}
	}
	return !any;
}

int main(int argc, char **argv)
{
	unsigned int run, failed;
	int i;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	for (i = 0; i < unit_nr_suites; i++) {
		const struct unit_suite *s = unit_suites[i];
		CU_pSuite suite;
		CU_TestInfo *t;

		if (!unit_wanted(s->name, argc, argv))
			continue;
		suite = CU_add_suite(s->name, s->init, s->cleanup);
		if (!suite)
			return 2;
		for (t = s->tests; t->pName; t++)
			CU_add_test(suite, t->pName, t->pTestFunc);
	}
	CU_basic_set_mode(getenv("UNIT_VERBOSE") ? CU_BRM_VERBOSE : CU_BRM_NORMAL);
	CU_basic_run_tests();
	run = CU_get_number_of_tests_run();
	failed = CU_get_number_of_tests_failed();
	if (failed)
		CU_basic_show_failures(CU_get_failure_list());
	printf("\nunit: %u passed, %u failed\n", run - failed, failed);
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
