// SPDX-License-Identifier: GPL-2.0-only
/*
 * shmstat: /dev/shm/cyclictest<pid> under the name get_cyclictest_snapshot
 * looks for; each write replaces the whole content (no stale bytes, no NUL
 * prefix as cyclictest's second snapshot has); destroy removes it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtwhy/shmstat.h"
#include "unit.h"

static size_t read_all(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return (size_t)-1;
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n;
}

static void test_file(void)
{
	/* a pid that is not ours, and not likely anyone's: no clash with a running rtwhy */
	const pid_t pid = 4000000 + (getpid() % 100000);
	struct shmstat s;
	char path[64], buf[256];
	struct stat st;

	snprintf(path, sizeof(path), "/dev/shm/cyclictest%d", (int)pid);
	CU_ASSERT_EQUAL_FATAL(shmstat_create(&s, pid), 0);
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(st.st_size, 0);
	CU_ASSERT_EQUAL(shmstat_write(&s, "#---\nT: 0 long line\n", 20), 0);
	CU_ASSERT_EQUAL(read_all(path, buf, sizeof(buf)), 20);
	CU_ASSERT_EQUAL(shmstat_write(&s, "#-\n", 3), 0);
	CU_ASSERT_EQUAL(read_all(path, buf, sizeof(buf)), 3);
	CU_ASSERT_STRING_EQUAL(buf, "#-\n");
	/* a stale file of the same name (the pid came back) is replaced */
	CU_ASSERT_EQUAL(shmstat_create(&s, pid), 0);
	CU_ASSERT_EQUAL(read_all(path, buf, sizeof(buf)), 0);
	shmstat_destroy(&s);
	CU_ASSERT_NOT_EQUAL(stat(path, &st), 0);
	shmstat_destroy(&s); /* twice is fine */
	s.fd = -1;
	CU_ASSERT_EQUAL(shmstat_write(&s, "x", 1), 0); /* none: nothing happens */
}

static void put(const char *dir, const char *name, const void *bytes, size_t n)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fwrite(bytes, 1, n, f);
	fclose(f);
}

static bool there(const char *dir, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

static void rm(const char *dir, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unlink(path);
}

/* after SIGKILL: the next run removes the dead runs' files, only its own kind */
static void test_stale(void)
{
	char dir[] = "/tmp/rtwhy-unit-shm.XXXXXX", mine[32], zeros[30] = { 0 };
	const char *block = SHMSTAT_TITLE "T: 0 ...\n";

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	/* pids above any pid_max: no such process */
	put(dir, "cyclictest4999999", "", 0);		     /* ours, no snapshot yet */
	put(dir, "cyclictest4999998", block, strlen(block)); /* ours, a snapshot */
	put(dir, "cyclictest4999997", zeros, sizeof(zeros)); /* cyclictest's */
	snprintf(mine, sizeof(mine), "cyclictest%d", (int)getpid());
	put(dir, mine, "", 0); /* alive */
	put(dir, "cyclictestx", "", 0);
	put(dir, "other4999999", "", 0);
	CU_ASSERT_EQUAL(shmstat_remove_stale(dir), 2);
	CU_ASSERT_FALSE(there(dir, "cyclictest4999999"));
	CU_ASSERT_FALSE(there(dir, "cyclictest4999998"));
	CU_ASSERT_TRUE(there(dir, "cyclictest4999997"));
	CU_ASSERT_TRUE(there(dir, mine));
	CU_ASSERT_TRUE(there(dir, "cyclictestx"));
	CU_ASSERT_TRUE(there(dir, "other4999999"));
	CU_ASSERT_EQUAL(shmstat_remove_stale(dir), 0);
	CU_ASSERT_EQUAL(shmstat_remove_stale("/nonexistent-rtwhy-dir"), 0);
	put(dir, "cyclictest4999997", "", 0);
	CU_ASSERT_EQUAL(shmstat_remove_stale(dir), 1);
	rm(dir, mine);
	rm(dir, "cyclictestx");
	rm(dir, "other4999999");
	CU_ASSERT_EQUAL(rmdir(dir), 0);
}

static CU_TestInfo shmstat_tests[] = {
	{ "create, replace, remove", test_file },
	{ "stale files of killed runs", test_stale },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("shmstat", NULL, NULL, shmstat_tests);
