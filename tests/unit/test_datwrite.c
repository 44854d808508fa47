// SPDX-License-Identifier: GPL-2.0-only
/* datwrite: events written as a trace.dat come back from datread as the same events. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/datread.h"
#include "analysis/datwrite.h"
#include "analysis/diag.h"
#include "evgen.h"
#include "unit.h"

struct got {
	struct rtw_event ev[EVGEN_MAX];
	size_t n;
};

static int on_event(const struct rtw_event *ev, int buffer, void *arg)
{
	struct got *g = arg;

	(void)buffer;
	if (g->n < EVGEN_MAX)
		g->ev[g->n++] = *ev;
	return 0;
}

static void tmp_name(char *path, size_t len)
{
	snprintf(path, len, "/tmp/rtwhy-test-dat-%d.dat", (int)getpid());
}

/* @g through a trace.dat and back, into @got; the reader's facts in @info. */
static int round_trip(const struct evgen *g, const struct datwrite_info *wi, struct got *got,
		      struct datread_info *info)
{
	struct datwrite *w;
	struct datread *dr;
	char path[64];
	int ret;

	tmp_name(path, sizeof(path));
	memset(got, 0, sizeof(*got));
	ret = datwrite_open(&w, path, wi);
	if (ret)
		return ret;
	ret = datwrite_events(w, g->ev, g->n);
	if (ret) {
		datwrite_discard(w);
		return ret;
	}
	ret = datwrite_close(w);
	if (ret)
		return ret;
	ret = datread_open(&dr, path);
	if (!ret) {
		datread_read(dr, on_event, got);
		*info = *datread_info(dr);
		datread_close(dr);
	}
	unlink(path);
	return ret;
}

static void test_round_trip(void)
{
	static const char *const frames[] = { "hrtimer_interrupt", "ring_buffer_resize",
					      "0xffffffff81234567" };
	const struct datwrite_info wi = { .nr_cpus = 2, .clock = "mono", .release = "6.18.44" };
	struct datread_info info;
	struct evgen g;
	struct got got;
	size_t i;

	evgen_each_kind(&g);
	ev_vector(&g, 14, 0, 0, "<idle>", "local_timer", true);
	ev_stack(&g, 15, 0, 0, "<idle>", frames, 3);
	ev_switch(&g, 400000, 1, 2639, "bash", 120, 0, 0, "swapper/1", 120, 0); /* a time extend */

	CU_ASSERT_EQUAL_FATAL(round_trip(&g, &wi, &got, &info), 0);
	CU_ASSERT_STRING_EQUAL(info.clock, "mono");
	CU_ASSERT_STRING_EQUAL(info.release, "6.18.44");
	CU_ASSERT(!info.layout_assumed);
	CU_ASSERT_EQUAL(info.nr_cpus, 2);
	CU_ASSERT_EQUAL_FATAL(got.n, g.n);
	for (i = 0; i < g.n; i++) {
		const struct rtw_event *a = &g.ev[i], *b = &got.ev[i];

		CU_ASSERT_EQUAL(a->ts_ns, b->ts_ns);
		CU_ASSERT_EQUAL(a->cpu, b->cpu);
		CU_ASSERT_EQUAL(a->kind, b->kind);
		if (a->kind == RTW_EV_LOST) {
			CU_ASSERT_EQUAL(a->u.lost.count, b->u.lost.count);
			continue;
		}
		CU_ASSERT_EQUAL(a->flags, b->flags);
		CU_ASSERT_EQUAL(a->preempt, b->preempt);
		CU_ASSERT_EQUAL(a->pid, b->pid);
		CU_ASSERT_STRING_EQUAL(a->comm, b->comm);
		if (memcmp(&a->u, &b->u, sizeof(a->u)))
			fprintf(stderr, "dat round trip: event %zu (%s) differs\n", i,
				event_kind_name(a->kind));
		CU_ASSERT_EQUAL(memcmp(&a->u, &b->u, sizeof(a->u)), 0);
	}
}

/* Many events: several pages per CPU, long payloads (a deep stack), the flags of 6.1. */
static void test_pages(void)
{
	static const char *frames[40];
	char names[40][16];
	const struct datwrite_info wi = { .nr_cpus = 4, .clock = "mono", .release = "6.1.0-57-rt" };
	struct datread_info info;
	static struct evgen g;
	static struct got got;
	size_t i;
	int k;

	for (k = 0; k < 40; k++) {
		snprintf(names[k], sizeof(names[k]), "fn_%d", k);
		frames[k] = names[k];
	}
	evgen_init(&g);
	for (k = 0; k < 400; k++)
		ev_switch(&g, 10.0 * k, k % 4, 100 + k, "task", 120, 1, 200 + k, "other", 120,
			  RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY);
	ev_stack(&g, 5000, 3, 7, "deep", frames, 40);
	CU_ASSERT_EQUAL_FATAL(round_trip(&g, &wi, &got, &info), 0);
	CU_ASSERT_EQUAL(info.layout, EVENT_FLAGS_PRE_6_13);
	CU_ASSERT_EQUAL_FATAL(got.n, g.n);
	/* time order across CPUs: the switches first, then the stack at 5000 us */
	for (i = 0; i < 400; i++) {
		CU_ASSERT_EQUAL(got.ev[i].kind, RTW_EV_SWITCH);
		CU_ASSERT_EQUAL(got.ev[i].u.sw.prev_pid, 100 + (int)i);
		/* 6.1 has no lazy bit: only need-resched comes back */
		CU_ASSERT_EQUAL(got.ev[i].flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED);
	}
	CU_ASSERT_EQUAL(got.ev[400].kind, RTW_EV_STACK);
	CU_ASSERT_EQUAL(got.ev[400].u.stack.nr, 40);
	CU_ASSERT_STRING_EQUAL(got.ev[440].u.frame.name, "fn_39");
}

/* Without a release the file has no uname: a reader assumes the 6.13 layout, and says so. */
static void test_no_release(void)
{
	const struct datwrite_info wi = { .nr_cpus = 1, .clock = "local" };
	struct datread_info info;
	struct evgen g;
	struct got got;

	evgen_init(&g);
	ev_switch(&g, 1, 0, 1, "a", 120, 1, 2, "b", 120, RTW_F_NEED_RESCHED_LAZY);
	ev_switch(&g, 2, 5, 1, "a", 120, 1, 2, "b", 120,
		  0); /* CPU 5 of a 1-CPU machine: left out */
	CU_ASSERT_EQUAL_FATAL(round_trip(&g, &wi, &got, &info), 0);
	CU_ASSERT(info.layout_assumed);
	CU_ASSERT_STRING_EQUAL(info.clock, "local");
	CU_ASSERT_EQUAL_FATAL(got.n, 1);
	CU_ASSERT_EQUAL(got.ev[0].flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED_LAZY);
}

/* A file that cannot be written: an error, nothing left behind (neither it nor the staging). */
static void test_unwritable(void)
{
	const struct datwrite_info wi = { .nr_cpus = 1, .clock = "mono" };
	struct datwrite *w;
	struct evgen g;
	struct stat st;

	evgen_init(&g);
	ev_switch(&g, 1, 0, 1, "a", 120, 1, 2, "b", 120, 0);
	CU_ASSERT_EQUAL(datwrite_open(&w, "/nonexistent-dir/x.dat", &(struct datwrite_info){ 0 }),
			-EINVAL);
	CU_ASSERT_EQUAL_FATAL(datwrite_open(&w, "/nonexistent-dir/x.dat", &wi), 0);
	CU_ASSERT_EQUAL(datwrite_events(w, g.ev, g.n), 0);
	CU_ASSERT_EQUAL(datwrite_nr_events(w), 1);
	CU_ASSERT(datwrite_close(w) < 0);
	CU_ASSERT_NOT_EQUAL(stat("/nonexistent-dir/x.dat", &st), 0);
}

static CU_TestInfo datwrite_tests[] = {
	{ "round trip through datread", test_round_trip },
	{ "pages, long records, 6.1 flags", test_pages },
	{ "no kernel release", test_no_release },
	{ "an unwritable file", test_unwritable },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("datwrite", NULL, NULL, datwrite_tests);
