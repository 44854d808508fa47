// SPDX-License-Identifier: GPL-2.0-only
/* outfile: a failed write is one error and no partial file; devices are never removed. */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "rtwhy/outfile.h"
#include "unit.h"

static void test_ok(void)
{
	char path[UNIT_TMP_LEN];
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(unit_tmpfile("", 0, path), 0);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("{}\n", f);
	CU_ASSERT_EQUAL(outfile_close(f, "--json file", path), 0);
	CU_ASSERT_EQUAL(access(path, F_OK), 0);
	unlink(path);
}

static void test_failed_write_removes_the_file(void)
{
	char path[UNIT_TMP_LEN];
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(unit_tmpfile("", 0, path), 0);
	f = fopen(path, "r"); /* writing to it fails: the stream's error flag is set */
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("partial", f);
	CU_ASSERT_TRUE(outfile_close(f, "--svg file", path) < 0);
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
}

static void test_device_is_kept(void)
{
	FILE *f = fopen("/dev/full", "w");

	if (!f) {
		CU_PASS("no /dev/full here");
		return;
	}
	fputs("more than nothing", f);
	CU_ASSERT_EQUAL(outfile_close(f, "--json file", "/dev/full"), -ENOSPC);
	CU_ASSERT_EQUAL(access("/dev/full", F_OK), 0);
}

static CU_TestInfo outfile_tests[] = {
	{ "a good file is kept", test_ok },
	{ "a failed write leaves no partial file", test_failed_write_removes_the_file },
	{ "/dev/full: the error, and the device stays", test_device_is_kept },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("outfile", NULL, NULL, outfile_tests);
