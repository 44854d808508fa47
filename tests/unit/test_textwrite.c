// SPDX-License-Identifier: GPL-2.0-only
/* textwrite: the kernel's "trace" line formats, nanosecond timestamps. */
#include <stdio.h>
#include <string.h>

#include "analysis/textwrite.h"
#include "evgen.h"
#include "analysis/util.h"
#include "unit.h"

static char *line(const struct rtw_event *e)
{
	static char buf[512];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	textwrite_event(f, e);
	fclose(f);
	return buf;
}

static void test_lines(void)
{
	struct evgen g;

	evgen_init(&g);
	ev_switch(&g, 1.5, 1, 2639, "bash", 120, 0, 2643, "cyclictest", 120, 0);
	CU_ASSERT_STRING_EQUAL(
		line(&g.ev[0]),
		"            bash-2639    [001] d....  1000.000001500: sched_switch: "
		"prev_comm=bash prev_pid=2639 prev_prio=120 prev_state=R ==> "
		"next_comm=cyclictest next_pid=2643 next_prio=120\n");
	ev_wake(&g, 2, 0, 2638, "bash", RTW_EV_WAKING, 2642, "cyclictest", 120, 0,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	g.ev[1].preempt = 2;
	CU_ASSERT_PTR_NOT_NULL(strstr(line(&g.ev[1]), "[000] d.h2.  1000.000002000: sched_waking: "
						      "comm=cyclictest pid=2642 prio=120 "
						      "target_cpu=000\n"));
	ev_irq(&g, 3, 1, 10, "x", 36, "virtio1-req.0", true);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(line(&g.ev[2]), "irq_handler_entry: irq=36 name=virtio1-req.0"));
	ev_softirq(&g, 4, 1, 10, "x", 3, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(line(&g.ev[3]), "softirq_entry: vec=3 [action=NET_RX]"));
	ev_hrtimer(&g, 5, 1, 10, "x", "tick_nohz_handler", true, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(line(&g.ev[4]), "function=tick_nohz_handler now="));
	ev_vector(&g, 6, 1, 10, "x", "local_timer", true);
	CU_ASSERT_PTR_NOT_NULL(strstr(line(&g.ev[5]), "local_timer_entry: vector=236"));
	ev_lost(&g, 7, 1, 12);
	CU_ASSERT_STRING_EQUAL(line(&g.ev[6]), "CPU:1 [LOST 12 EVENTS]\n");
	ev_marker(&g, 8, 1, 10, "x", "FREEZE tid=1");
	CU_ASSERT_PTR_NOT_NULL(strstr(line(&g.ev[7]), "tracing_mark_write: FREEZE tid=1\n"));
	g.ev[0].pid = 0;
	CU_ASSERT_PTR_NOT_NULL(strstr(line(&g.ev[0]), "          <idle>-0 "));
}

static void test_states(void)
{
	char buf[16];

	textwrite_state(0, buf);
	CU_ASSERT_STRING_EQUAL(buf, "R");
	textwrite_state(0x100, buf);
	CU_ASSERT_STRING_EQUAL(buf, "R+");
	textwrite_state(1, buf);
	CU_ASSERT_STRING_EQUAL(buf, "S");
	textwrite_state(2, buf);
	CU_ASSERT_STRING_EQUAL(buf, "D");
	textwrite_state(0x80, buf);
	CU_ASSERT_STRING_EQUAL(buf, "I");
	textwrite_state(0x3, buf);
	CU_ASSERT_STRING_EQUAL(buf, "S|D");
}

/* What a saved window says of its kernel, for textread to read back. */
static void test_kernel_lines(void)
{
	char buf[384];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	textwrite_kernel(f, "6.1.0-57-rt-amd64", "#1 SMP PREEMPT_RT Debian 6.1.192-3", 250, 286,
			 UTIL_PREEMPT_RT);
	textwrite_kernel(f, NULL, NULL, 0, 0, 0); /* nothing known: nothing said */
	/* "none or voluntary" is the version's to say, not a model the kernel names */
	textwrite_kernel(f, NULL, NULL, 0, 0, UTIL_PREEMPT_NOT);
	textwrite_kernel(f, NULL, NULL, 0, 0, UTIL_PREEMPT_NONE);
	textwrite_deadline(f, 7000, 5000000, 50000000, 50000000);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "# rtwhy: kernel 6.1.0-57-rt-amd64 #1 SMP PREEMPT_RT Debian "
				    "6.1.192-3\n# rtwhy: hz 250\n# rtwhy: main thread 286\n"
				    "# rtwhy: preempt rt\n# rtwhy: preempt none\n"
				    "# rtwhy: deadline task 7000 runtime 5000000 deadline 50000000 "
				    "period 50000000\n");
}

static CU_TestInfo textwrite_tests[] = {
	{ "event lines", test_lines },
	{ "kernel comment lines", test_kernel_lines },
	{ "prev_state letters", test_states },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("textwrite", NULL, NULL, textwrite_tests);
