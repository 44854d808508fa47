// SPDX-License-Identifier: GPL-2.0-only
/* outfile: a failed write is one error and no partial file; devices are never removed. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "analysis/util.h"
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

/*
 * A file that stops growing (here: RLIMIT_FSIZE, EFBIG; a full disk gives ENOSPC) fails a flush
 * mid-way; stdio keeps only its error flag, the close still says the filesystem's reason.
 */
static void test_earlier_failure_says_its_errno(void)
{
	char path[UNIT_TMP_LEN], block[1024] = { 0 };
	struct rlimit old, lim;
	void (*was)(int);
	FILE *f;
	int i, fd;

	CU_ASSERT_EQUAL_FATAL(unit_tmpfile("", 0, path), 0);
	CU_ASSERT_EQUAL_FATAL(getrlimit(RLIMIT_FSIZE, &old), 0);
	was = signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = 8192;
	CU_ASSERT_EQUAL_FATAL(setrlimit(RLIMIT_FSIZE, &lim), 0);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	for (i = 0; i < 64; i++)
		fwrite(block, 1, sizeof(block), f);
	fflush(f);
	errno = 0;
	CU_ASSERT_TRUE(ferror(f));
	CU_ASSERT_EQUAL(outfile_close(f, "--save-trace file", path), -EFBIG);
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
	/* the probe itself leaves a file's size as it was */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, block, 100), 100);
	CU_ASSERT_EQUAL(util_write_errno(fd, EIO), EIO);
	CU_ASSERT_EQUAL(lseek(fd, 0, SEEK_END), 100);
	CU_ASSERT_EQUAL(ftruncate(fd, 8192), 0);
	CU_ASSERT_EQUAL(util_write_errno(fd, EIO), EFBIG);
	CU_ASSERT_EQUAL(lseek(fd, 0, SEEK_END), 8192);
	close(fd);
	unlink(path);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, was);
}

static CU_TestInfo outfile_tests[] = {
	{ "a good file is kept", test_ok },
	{ "a failed write leaves no partial file", test_failed_write_removes_the_file },
	{ "/dev/full: the error, and the device stays", test_device_is_kept },
	{ "an earlier failed flush: its errno, not EIO", test_earlier_failure_says_its_errno },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("outfile", NULL, NULL, outfile_tests);
