// SPDX-License-Identifier: GPL-2.0-only
/*
 * shmstat: /dev/shm/cyclictest<pid> under the name get_cyclictest_snapshot
 * looks for; each write replaces the whole content (no stale bytes, no NUL
 * prefix as cyclictest's second snapshot has); destroy removes it.
 */
#include <stdio.h>
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

static CU_TestInfo shmstat_tests[] = {
	{ "create, replace, remove", test_file },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("shmstat", NULL, NULL, shmstat_tests);
