// SPDX-License-Identifier: GPL-2.0-only
/*
 * pidmap: what is noted is found, past growth; "" and "<...>" keep a known
 * comm; policies; the walk sees every task once.
 */
#include <string.h>

#include "analysis/pidmap.h"
#include "unit.h"

static void test_note_find(void)
{
	const struct pidmap_task *t;
	struct pidmap m;
	int pid;

	CU_ASSERT_EQUAL_FATAL(pidmap_init(&m), 0);
	CU_ASSERT_PTR_NULL(pidmap_find(&m, 42));
	pidmap_note(&m, 42, "bash", 120);
	pidmap_note(&m, 42, "<...>", PIDMAP_PRIO_UNKNOWN);
	pidmap_note(&m, 42, "", PIDMAP_PRIO_UNKNOWN);
	pidmap_note(&m, -1, "nobody", 1);
	t = pidmap_find(&m, 42);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_STRING_EQUAL(t->comm, "bash");
	CU_ASSERT_EQUAL(t->prio, 120);
	CU_ASSERT_EQUAL(t->policy, PIDMAP_POLICY_UNKNOWN);
	CU_ASSERT_PTR_NULL(pidmap_find(&m, -1));
	/* 8192 apart: a pid % 4096 cache lost one of them, the map keeps both */
	pidmap_note(&m, 42 + 8192, "other", PIDMAP_PRIO_UNKNOWN);
	CU_ASSERT_STRING_EQUAL(pidmap_find(&m, 42)->comm, "bash");
	for (pid = 1000; pid < 6000; pid++) /* grows several times */
		pidmap_note(&m, pid, "many", pid % 140);
	CU_ASSERT_STRING_EQUAL(pidmap_find(&m, 42)->comm, "bash");
	CU_ASSERT_STRING_EQUAL(pidmap_find(&m, 42 + 8192)->comm, "other");
	CU_ASSERT_EQUAL(pidmap_find(&m, 5999)->prio, 5999 % 140);
	pidmap_set_policy(&m, 42, 1);
	pidmap_set_policy(&m, 7, 1); /* never noted: nothing */
	CU_ASSERT_EQUAL(pidmap_find(&m, 42)->policy, 1);
	CU_ASSERT_PTR_NULL(pidmap_find(&m, 7));
	pidmap_free(&m);
}

static void test_walk(void)
{
	const struct pidmap_task *t;
	struct pidmap m;
	size_t pos = 0;
	int seen[100] = { 0 }, pid, n = 0;

	CU_ASSERT_EQUAL_FATAL(pidmap_init(&m), 0);
	for (pid = 0; pid < 100; pid += 3)
		pidmap_note(&m, pid, "t", PIDMAP_PRIO_UNKNOWN);
	while ((t = pidmap_next(&m, &pos))) {
		CU_ASSERT_TRUE_FATAL(t->pid >= 0 && t->pid < 100);
		seen[t->pid]++;
		n++;
	}
	CU_ASSERT_EQUAL(n, 34);
	for (pid = 0; pid < 100; pid++)
		CU_ASSERT_EQUAL(seen[pid], pid % 3 == 0);
	CU_ASSERT_PTR_NULL(pidmap_next(&m, &pos)); /* stays at the end */
	pidmap_free(&m);
	pos = 0;
	CU_ASSERT_PTR_NULL(pidmap_next(&m, &pos)); /* a freed map is empty */
}

static CU_TestInfo pidmap_tests[] = {
	{ "note and find", test_note_find },
	{ "walk", test_walk },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("pidmap", NULL, NULL, pidmap_tests);
