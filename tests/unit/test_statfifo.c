// SPDX-License-Identifier: GPL-2.0-only
/*
 * statfifo: a reader gets the lines then end of file; no reader means a
 * retry 500 ms later; a reader gone mid-way is an EPIPE, not a SIGPIPE.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtwhy/statfifo.h"
#include "unit.h"

static void test_fifo(void)
{
	char dir[] = "/tmp/rtwhy-unit-fifo.XXXXXX", path[64], buf[64];
	struct statfifo f;
	struct stat st;
	sigset_t pending;
	int rd, wr;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/ct.fifo", dir);
	/* a file in the way is replaced, as cyclictest does */
	CU_ASSERT_EQUAL(unit_tmpfile("x", 1, buf), 0);
	CU_ASSERT_EQUAL(rename(buf, path), 0);
	CU_ASSERT_EQUAL_FATAL(statfifo_create(&f, path), 0);
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_TRUE(S_ISFIFO(st.st_mode));
	/* nobody reads: not now, and not again before 500 ms */
	CU_ASSERT_EQUAL(statfifo_reader(&f, 1000), -1);
	CU_ASSERT_EQUAL(f.next_ns, 1000 + STATFIFO_RETRY_NS);
	rd = open(path, O_RDONLY | O_NONBLOCK);
	CU_ASSERT_TRUE_FATAL(rd >= 0);
	CU_ASSERT_EQUAL(statfifo_reader(&f, 1000 + STATFIFO_RETRY_NS - 1), -1);
	wr = statfifo_reader(&f, 1000 + STATFIFO_RETRY_NS);
	CU_ASSERT_TRUE_FATAL(wr >= 0);
	CU_ASSERT_EQUAL(statfifo_send(wr, "T: 0 line\n", 10), 0);
	CU_ASSERT_EQUAL(read(rd, buf, sizeof(buf)), 10);
	CU_ASSERT_EQUAL(read(rd, buf, sizeof(buf)), 0); /* end of file: the writer closed */
	close(rd);
	/* the reader leaves before the write */
	rd = open(path, O_RDONLY | O_NONBLOCK);
	wr = statfifo_reader(&f, 1000 + STATFIFO_RETRY_NS);
	CU_ASSERT_TRUE_FATAL(wr >= 0);
	close(rd);
	CU_ASSERT_EQUAL(statfifo_send(wr, "T: 0 line\n", 10), -EPIPE);
	sigpending(&pending);
	CU_ASSERT_FALSE(sigismember(&pending, SIGPIPE));
	statfifo_destroy(&f);
	CU_ASSERT_NOT_EQUAL(stat(path, &st), 0);
	statfifo_destroy(&f);
	rmdir(dir);
	CU_ASSERT_EQUAL(statfifo_create(&f, "/nonexistent-rtwhy-dir/f"), -ENOENT);
	CU_ASSERT_EQUAL(statfifo_reader(&f, 0), -1);
}

static CU_TestInfo statfifo_tests[] = {
	{ "readers, no reader, a reader that leaves", test_fifo },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("statfifo", NULL, NULL, statfifo_tests);
