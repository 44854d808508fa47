// SPDX-License-Identifier: GPL-2.0-only
/* timeline: who occupied each CPU; nesting, repair, gaps, tick period. */
#include <string.h>

#include "analysis/tick.h"
#include "analysis/timeline.h"
#include "evgen.h"
#include "unit.h"

static struct evgen g;

struct acc {
	uint64_t ns[TL_GAP + 1];
	uint64_t unknown; /* pid -1 pieces */
	int32_t last_pid;
};

static void add(const struct tl_segment *s, uint64_t at_ns, uint64_t ns, void *arg)
{
	(void)at_ns;
	struct acc *a = arg;

	a->ns[s->ctx] += ns;
	if (s->pid < 0)
		a->unknown += ns;
	a->last_pid = s->pid;
}

static void test_nesting(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "app", 120, 0);
	ev_irq(&g, 100, 0, 10, "app", 36, "disk", true);
	ev_irq(&g, 180, 0, 10, "app", 36, NULL, false);
	ev_softirq(&g, 180, 0, 10, "app", 3, true); /* run on irq_exit() */
	ev_softirq(&g, 200, 0, 10, "app", 3, false);
	ev_switch(&g, 1000, 0, 10, "app", 120, 1, 0, "swapper/0", 120, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(1100)), 0);
	CU_ASSERT_EQUAL(timeline_walk(&tl, 0, evgen_us(0), evgen_us(1100), add, &a),
			1100 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 900 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 80 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_SOFTIRQ], 20 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_IDLE], 100 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(tl.nr_cpus, 1);
	timeline_free(&tl);
}

static void test_lost_exit_is_repaired(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	/* irq exit lost: the next task-context event closes the IRQ */
	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "app", 120, 0);
	ev_irq(&g, 100, 0, 10, "app", 36, "disk", true);
	ev_wake(&g, 150, 0, 10, "app", RTW_EV_WAKING, 11, "peer", 120, 0, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(300)), 0);
	timeline_walk(&tl, 0, evgen_us(0), evgen_us(300), add, &a);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 50 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 250 * NSEC_PER_USEC);
	timeline_free(&tl);
}

static void test_missed_switch_uses_common_pid(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	evgen_init(&g);
	ev_wake(&g, 0, 0, 10, "app", RTW_EV_WAKING, 11, "peer", 120, 0, 0);
	ev_wake(&g, 100, 0, 20, "other", RTW_EV_WAKING, 11, "peer", 120, 0, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(200)), 0);
	timeline_walk(&tl, 0, evgen_us(150), evgen_us(200), add, &a);
	CU_ASSERT_EQUAL(a.last_pid, 20);
	timeline_free(&tl);
}

/* CPU 0: "hog" (pid 10) switched in at 0, ticks at @first_us, 8 and 12 ms */
static void hog_ticks(double first_us)
{
	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "hog", 120, 0);
	ev_tick(&g, first_us, 0, 10, "hog", 0);
	ev_tick(&g, 8000, 0, 10, "hog", 0);
	ev_tick(&g, 12000, 0, 10, "hog", 0);
}

static void test_gap_and_tick(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	hog_ticks(4000);
	/* no event for 12 ms on a ticking CPU: 8 ms of it nobody can account for */
	ev_tick(&g, 24000, 0, 10, "hog", 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(24010)), 0);
	CU_ASSERT_EQUAL(tl.tick_ns, 4 * NSEC_PER_MSEC);
	timeline_walk(&tl, 0, evgen_us(12004), evgen_us(24000), add, &a);
	CU_ASSERT_TRUE(a.ns[TL_GAP] > 7900 * NSEC_PER_USEC && a.ns[TL_GAP] < 8000 * NSEC_PER_USEC);
	CU_ASSERT_TRUE(a.ns[TL_TASK] >= 3990 * NSEC_PER_USEC);
	timeline_free(&tl);
}

static void test_tick_estimate(void)
{
	int i;

	evgen_init(&g);
	CU_ASSERT_EQUAL(tick_estimate_ns(g.ev, 0), 0);
	for (i = 0; i < 6; i++)
		ev_hrtimer(&g, 1000.0 + i * 1003.0, 1, 10, "hog", "tick_nohz_handler", true, 0);
	CU_ASSERT_EQUAL(tick_estimate_ns(g.ev, g.n), 1 * NSEC_PER_MSEC); /* HZ=1000 */
}

/* A machine with more than 64 CPUs: the ticks of the high ones count too. */
static void test_tick_estimate_many_cpus(void)
{
	int i;

	evgen_init(&g);
	for (i = 0; i < 6; i++) {
		ev_hrtimer(&g, 1000.0 + i * 4000.0, 100, 10, "hog", "tick_nohz_handler", true, 0);
		ev_hrtimer(&g, 1500.0 + i * 4000.0, RTW_MAX_CPUS - 1, 11, "b", "tick_nohz_handler",
			   true, 0);
	}
	CU_ASSERT_EQUAL(tick_estimate_ns(g.ev, g.n), 4 * NSEC_PER_MSEC); /* HZ=250 */
}

static void test_walk_before_first_event(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	evgen_init(&g);
	ev_switch(&g, 500, 0, 0, "swapper/0", 120, 0, 10, "app", 120, 0);
	ev_switch(&g, 600, 1, 0, "swapper/1", 120, 0, 11, "b", 120, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(700)), 0);
	CU_ASSERT_EQUAL(tl.nr_cpus, 2);
	timeline_walk(&tl, 1, evgen_us(0), evgen_us(700), add, &a);
	CU_ASSERT_EQUAL(a.unknown, 600 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 100 * NSEC_PER_USEC);
	memset(&a, 0, sizeof(a));
	timeline_walk(&tl, 7, evgen_us(0), evgen_us(10), add, &a); /* a CPU never seen */
	CU_ASSERT_EQUAL(a.unknown, 10 * NSEC_PER_USEC);
	timeline_free(&tl);
	CU_ASSERT_EQUAL(timeline_build(&tl, g.ev, 0, 0), -ENODATA);
}

static void test_lost_events_leave_a_hole(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "app", 120, 0);
	ev_lost(&g, 500, 0, 100);
	ev_wake(&g, 500, 0, 12, "x", RTW_EV_WAKING, 11, "peer", 120, 0, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(600)), 0);
	timeline_walk(&tl, 0, evgen_us(0), evgen_us(600), add, &a);
	CU_ASSERT_EQUAL(a.unknown, 500 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.last_pid, 12);
	timeline_free(&tl);
}

static void test_recording_start_covers_a_quiet_cpu(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	/* CPU 1 idle since recording began at 0; its first event is an interrupt at 500 */
	evgen_init(&g);
	ev_switch(&g, 10, 0, 0, "swapper/0", 120, 0, 10, "app", 120, 0);
	ev_vector(&g, 500, 1, 0, "<idle>", "local_timer", true);
	ev_vector(&g, 505, 1, 0, "<idle>", "local_timer", false);
	CU_ASSERT_EQUAL_FATAL(timeline_build_from(&tl, g.ev, g.n, evgen_us(0), evgen_us(600), 0, 0),
			      0);
	timeline_walk(&tl, 1, evgen_us(0), evgen_us(600), add, &a);
	CU_ASSERT_EQUAL(a.unknown, 0);
	CU_ASSERT_EQUAL(a.ns[TL_IDLE], 595 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 5 * NSEC_PER_USEC);
	timeline_free(&tl);
	/* but not after a loss on that CPU */
	ev_lost(&g, 500, 1, 7);
	g.ev[g.n - 1].ts_ns = evgen_us(499);
	{
		struct rtw_event lost = g.ev[g.n - 1];

		memmove(&g.ev[2], &g.ev[1], (g.n - 2) * sizeof(g.ev[0]));
		g.ev[1] = lost;
	}
	memset(&a, 0, sizeof(a));
	CU_ASSERT_EQUAL_FATAL(timeline_build_from(&tl, g.ev, g.n, evgen_us(0), evgen_us(600), 0, 0),
			      0);
	timeline_walk(&tl, 1, evgen_us(0), evgen_us(600), add, &a);
	CU_ASSERT_EQUAL(a.unknown, 500 * NSEC_PER_USEC);
	timeline_free(&tl);
}

/* @cpu's time in each context over [@from_us, @to_us) */
static void walk_us(struct timeline *tl, int cpu, double from_us, double to_us, struct acc *a)
{
	memset(a, 0, sizeof(*a));
	timeline_walk(tl, cpu, evgen_us(from_us), evgen_us(to_us), add, a);
}

static void test_gap_inside_a_hard_irq(void)
{
	struct timeline tl;
	struct acc a;

	/* x86: the tick's callback ends at 1003; the vector's exit comes 1747 us later */
	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "resizer", 120, 0);
	ev_vector(&g, 1000, 0, 10, "resizer", "local_timer", true);
	ev_hrtimer(&g, 1000.5, 0, 10, "resizer", "tick_nohz_handler", true, 0);
	ev_hrtimer(&g, 1003, 0, 10, "resizer", NULL, false, 0);
	ev_vector(&g, 2750, 0, 10, "resizer", "local_timer", false);
	/* the same before the work: entry at 3000, its first callback 400 us later */
	ev_vector(&g, 3000, 0, 10, "resizer", "local_timer", true);
	ev_hrtimer(&g, 3400, 0, 10, "resizer", "tick_nohz_handler", true, 0);
	ev_hrtimer(&g, 3402, 0, 10, "resizer", NULL, false, 0);
	ev_vector(&g, 3403, 0, 10, "resizer", "local_timer", false);
	/* arm64: the timer is a device IRQ, its callbacks inside the handler */
	ev_irq(&g, 5000, 0, 10, "resizer", 11, "arch_timer", true);
	ev_hrtimer(&g, 5001, 0, 10, "resizer", "hrtimer_wakeup", true, 0);
	ev_hrtimer(&g, 5002, 0, 10, "resizer", NULL, false, 0);
	ev_irq(&g, 5900, 0, 10, "resizer", 11, NULL, false);
	/* inside the tick's own callback, 600 us of nothing: the tick's steps are all traced */
	ev_timer_callback(&g, 6000, 0, 10, "resizer", "tick_sched_timer", 600);
	ev_switch(&g, 7000, 0, 10, "resizer", 120, 0, 0, "swapper/0", 120, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(7000)), 0);
	walk_us(&tl, 0, 1000, 2750, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 1747 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 3 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.last_pid, 10); /* the interrupted task's */
	walk_us(&tl, 0, 3000, 3403, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 400 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 3 * NSEC_PER_USEC);
	walk_us(&tl, 0, 5000, 5900, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 898 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 2 * NSEC_PER_USEC);
	walk_us(&tl, 0, 6000, 6602, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 600 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 2 * NSEC_PER_USEC);
	timeline_free(&tl);
}

/*
 * A busy loop's interrupt returns with need-resched set (a softirq run at its exit in
 * between), then nothing until the next tick, need-resched still set at its entry, and the
 * loop is switched out right after that tick: the silence is a gap (tl_resched_stalls). Not
 * when need-resched is clear at the next interrupt (a schedule() that kept the task cleared
 * it), nor when the task runs on after it (non-preemptible kernel code may go on silently).
 */
static void test_resched_return_then_silence(void)
{
	const uint8_t nr = RTW_F_NEED_RESCHED;
	struct timeline tl;
	struct acc a;
	int shape;

	for (shape = 0; shape < 3; shape++) {
		evgen_init(&g);
		ev_switch(&g, 0, 1, 0, "swapper/1", 120, 0, 10, "busyloop", 120, 0);
		ev_vector(&g, 1000, 1, 10, "busyloop", "local_timer", true);
		ev_vector(&g, 1010, 1, 10, "busyloop", "local_timer", false);
		g.ev[g.n - 1].flags |= nr;
		ev_softirq(&g, 1011, 1, 10, "busyloop", 1, true);
		g.ev[g.n - 1].flags |= nr;
		ev_softirq(&g, 1020, 1, 10, "busyloop", 1, false);
		g.ev[g.n - 1].flags |= nr;
		/* 3 ms of nothing, then the tick */
		ev_vector(&g, 4020, 1, 10, "busyloop", "local_timer", true);
		if (shape != 1)
			g.ev[g.n - 1].flags |= nr;
		ev_vector(&g, 4030, 1, 10, "busyloop", "local_timer", false);
		g.ev[g.n - 1].flags |= nr;
		if (shape == 2) /* the task's own work goes on: a wakeup it does, 1 ms later */
			ev_wake(&g, 5030, 1, 10, "busyloop", RTW_EV_WAKING, 11, "kworker/1:1", 120,
				1, 0);
		ev_switch(&g, shape == 2 ? 5040 : 4050, 1, 10, "busyloop", 120, 0, 11, "rtwhy", 120,
			  0);
		CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(5100)), 0);
		walk_us(&tl, 1, 1020, 4020, &a);
		if (shape == 0) {
			CU_ASSERT_EQUAL(a.ns[TL_GAP], 3000 * NSEC_PER_USEC);
			CU_ASSERT_EQUAL(a.last_pid, 10); /* silent while busyloop was current */
		} else {
			CU_ASSERT_EQUAL(a.ns[TL_TASK], 3000 * NSEC_PER_USEC);
		}
		/* the interrupt, its softirq and the return path stay theirs */
		walk_us(&tl, 1, 1000, 1020, &a);
		CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 10 * NSEC_PER_USEC);
		CU_ASSERT_EQUAL(a.ns[TL_SOFTIRQ], 9 * NSEC_PER_USEC);
		timeline_free(&tl);
	}
}

/*
 * The HRTIMER softirq (in ktimers/N on PREEMPT_RT) runs traced callbacks: from its entry, or
 * a callback's or a nested interrupt's end, to the next event is its loop's glue; long, a gap.
 * A callback's own time, and another softirq's untraced handler, stay the softirq's.
 */
static void test_gap_inside_the_hrtimer_softirq(void)
{
	struct timeline tl;
	struct acc a;

	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 28, "ktimers/0", 98, 0);
	ev_softirq(&g, 1000, 0, 28, "ktimers/0", RTW_SOFTIRQ_HRTIMER, true);
	/* 4.7 ms from its entry to the tick: nothing of it ran */
	ev_vector(&g, 5700, 0, 28, "ktimers/0", "local_timer", true);
	ev_hrtimer(&g, 5701, 0, 28, "ktimers/0", "tick_sched_timer", true, 0);
	ev_hrtimer(&g, 5703, 0, 28, "ktimers/0", NULL, false, 0);
	ev_vector(&g, 5704, 0, 28, "ktimers/0", "local_timer", false);
	/* a driver's callback, 790 us long: the callback's time */
	ev_hrtimer_soft(&g, 5710, 0, 28, "ktimers/0", "napi_watchdog", true);
	ev_hrtimer_soft(&g, 6500, 0, 28, "ktimers/0", NULL, false);
	/* a sleeper's, 300 us with nothing traced: try_to_wake_up() is microseconds, a gap */
	ev_hrtimer_soft(&g, 6502, 0, 28, "ktimers/0", "hrtimer_wakeup", true);
	ev_hrtimer_soft(&g, 6802, 0, 28, "ktimers/0", NULL, false);
	/* 2.5 ms from the callback's end to the softirq's exit: a gap */
	ev_softirq(&g, 9302, 0, 28, "ktimers/0", RTW_SOFTIRQ_HRTIMER, false);
	/* the BLOCK softirq's handler is not traced: its 2.9 ms are its own */
	ev_softirq(&g, 9400, 0, 28, "ktimers/0", 4, true);
	ev_softirq(&g, 12300, 0, 28, "ktimers/0", 4, false);
	ev_switch(&g, 13000, 0, 28, "ktimers/0", 98, 1, 0, "swapper/0", 120, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(13000)), 0);
	walk_us(&tl, 0, 1000, 9302, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], (4700 + 300 + 2500) * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 4 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_SOFTIRQ], (6 + 790 + 2) * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.last_pid, 28);
	walk_us(&tl, 0, 9400, 12300, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 0);
	CU_ASSERT_EQUAL(a.ns[TL_SOFTIRQ], 2900 * NSEC_PER_USEC);
	timeline_free(&tl);
}

/*
 * The TIMER softirq runs the timer wheel's callbacks, each traced where the trace has
 * timer_expire_entry/exit: outside them, its glue; long, a gap. So for an IPI that runs csd
 * functions (the call_function vectors, csd_function_entry/exit). A callback's own time stays
 * its; a csd function run inside other work (an hrtimer callback, irq_work) is that work's;
 * a trace without the timer wheel's events keeps the TIMER softirq's time as its own.
 */
static void test_gap_inside_timer_softirq_and_ipi(void)
{
	struct timeline tl;
	struct acc a;
	int traced;

	for (traced = 0; traced < 2; traced++) {
		evgen_init(&g);
		ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "busyloop", 120, 0);
		ev_softirq(&g, 1000, 0, 10, "busyloop", RTW_SOFTIRQ_TIMER, true);
		if (traced) {
			/* 400 us before its first callback, 500 after its last: gaps */
			ev_timer_cb(&g, 1400, 0, 10, "busyloop", "process_timeout", true);
			ev_timer_cb(&g, 1402, 0, 10, "busyloop", NULL, false);
			/* a driver's callback, 790 us: its own */
			ev_timer_cb(&g, 1410, 0, 10, "busyloop", "e1000_watchdog", true);
			ev_timer_cb(&g, 2200, 0, 10, "busyloop", NULL, false);
		}
		ev_softirq(&g, 2700, 0, 10, "busyloop", RTW_SOFTIRQ_TIMER, false);
		/* a run with no timer expired: 600 us of nothing but glue */
		ev_softirq(&g, 3000, 0, 10, "busyloop", RTW_SOFTIRQ_TIMER, true);
		ev_softirq(&g, 3600, 0, 10, "busyloop", RTW_SOFTIRQ_TIMER, false);
		/* a sleeper's timer (try_to_wake_up(), traced) silent for 300 us: a gap */
		ev_softirq(&g, 3620, 0, 10, "busyloop", RTW_SOFTIRQ_TIMER, true);
		if (traced) {
			ev_timer_cb(&g, 3621, 0, 10, "busyloop", "process_timeout", true);
			ev_timer_cb(&g, 3921, 0, 10, "busyloop", NULL, false);
		}
		ev_softirq(&g, 3922, 0, 10, "busyloop", RTW_SOFTIRQ_TIMER, false);
		/* an IPI: 300 us before its function, 598 after it */
		ev_vector(&g, 4000, 0, 10, "busyloop", "call_function_single", true);
		ev_csd(&g, 4300, 0, 10, "busyloop", "do_sync_core", true);
		ev_csd(&g, 4302, 0, 10, "busyloop", "do_sync_core", false);
		ev_vector(&g, 4900, 0, 10, "busyloop", "call_function_single", false);
		/* its function running 499 us: its own */
		ev_vector(&g, 5000, 0, 10, "busyloop", "call_function_single", true);
		ev_csd(&g, 5001, 0, 10, "busyloop", "slow_fn", true);
		ev_csd(&g, 5500, 0, 10, "busyloop", "slow_fn", false);
		ev_vector(&g, 5501, 0, 10, "busyloop", "call_function_single", false);
		/* a csd function run in place by an irq_work's untraced work: that work's */
		ev_vector(&g, 6000, 0, 10, "busyloop", "irq_work", true);
		ev_csd(&g, 6400, 0, 10, "busyloop", "local_fn", true);
		ev_csd(&g, 6401, 0, 10, "busyloop", "local_fn", false);
		ev_vector(&g, 6700, 0, 10, "busyloop", "irq_work", false);
		/* ... and by an hrtimer callback, which goes on after it */
		ev_vector(&g, 7000, 0, 10, "busyloop", "local_timer", true);
		ev_hrtimer(&g, 7001, 0, 10, "busyloop", "drv_poll_timer", true, 0);
		ev_csd(&g, 7002, 0, 10, "busyloop", "local_fn", true);
		ev_csd(&g, 7003, 0, 10, "busyloop", "local_fn", false);
		ev_hrtimer(&g, 7500, 0, 10, "busyloop", NULL, false, 0);
		ev_vector(&g, 7501, 0, 10, "busyloop", "local_timer", false);
		/* the wakeups queued for this CPU: 3 ms before the first one is traced, a gap */
		ev_vector(&g, 8100, 0, 10, "busyloop", "call_function_single", true);
		ev_csd(&g, 8101, 0, 10, "busyloop", "sched_ttwu_pending", true);
		ev_wake(&g, 11101, 0, 10, "busyloop", RTW_EV_WAKEUP, 18, "rcu_preempt", 120, 0,
			RTW_F_HARDIRQ | RTW_F_IRQS_OFF);
		ev_csd(&g, 11102, 0, 10, "busyloop", "sched_ttwu_pending", false);
		ev_vector(&g, 11103, 0, 10, "busyloop", "call_function_single", false);
		ev_switch(&g, 12000, 0, 10, "busyloop", 120, 0, 0, "swapper/0", 120, 0);
		CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(12000)), 0);
		walk_us(&tl, 0, 1000, 2700, &a);
		CU_ASSERT_EQUAL(a.ns[TL_GAP], traced ? 900 * NSEC_PER_USEC : 0);
		CU_ASSERT_EQUAL(a.ns[TL_SOFTIRQ], (traced ? 800 : 1700) * NSEC_PER_USEC);
		CU_ASSERT_EQUAL(a.last_pid, 10);
		walk_us(&tl, 0, 3000, 3600, &a);
		CU_ASSERT_EQUAL(a.ns[traced ? TL_GAP : TL_SOFTIRQ], 600 * NSEC_PER_USEC);
		walk_us(&tl, 0, 3620, 3922, &a);
		CU_ASSERT_EQUAL(a.ns[TL_GAP], traced ? 300 * NSEC_PER_USEC : 0);
		walk_us(&tl, 0, 8100, 11103, &a);
		CU_ASSERT_EQUAL(a.ns[TL_GAP], 3000 * NSEC_PER_USEC);
		walk_us(&tl, 0, 4000, 4900, &a);
		CU_ASSERT_EQUAL(a.ns[TL_GAP], 898 * NSEC_PER_USEC);
		CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], 2 * NSEC_PER_USEC);
		walk_us(&tl, 0, 5000, 7501, &a);
		CU_ASSERT_EQUAL(a.ns[TL_GAP], 0);
		CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], (501 + 700 + 501) * NSEC_PER_USEC);
		timeline_free(&tl);
	}
}

static void test_handler_time_is_no_gap(void)
{
	struct timeline tl;
	struct acc a;

	evgen_init(&g);
	ev_switch(&g, 0, 0, 0, "swapper/0", 120, 0, 10, "app", 120, 0);
	/* a handler that runs long inside its own entry/exit: its time */
	ev_irq(&g, 1000, 0, 10, "app", 36, "disk", true);
	ev_irq(&g, 1500, 0, 10, "app", 36, NULL, false);
	/* a vector whose work is not traced at all: its time */
	ev_vector(&g, 2000, 0, 10, "app", "call_function", true);
	ev_vector(&g, 2600, 0, 10, "app", "call_function", false);
	/* a short untraced rest after the callback: its time */
	ev_vector(&g, 3000, 0, 10, "app", "local_timer", true);
	ev_hrtimer(&g, 3001, 0, 10, "app", "tick_nohz_handler", true, 0);
	ev_hrtimer(&g, 3003, 0, 10, "app", NULL, false, 0);
	ev_vector(&g, 3150, 0, 10, "app", "local_timer", false);
	/* a callback that may run long (it spins on every CPU's runqueue lock): its time */
	ev_timer_callback(&g, 3500, 0, 10, "app", "sched_rt_period_timer", 300);
	ev_switch(&g, 4000, 0, 10, "app", 120, 0, 0, "swapper/0", 120, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(4000)), 0);
	walk_us(&tl, 0, 0, 4000, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 0);
	CU_ASSERT_EQUAL(a.ns[TL_HARDIRQ], (500 + 600 + 150 + 302) * NSEC_PER_USEC);
	timeline_free(&tl);
}

/*
 * The tick grid: a task's silence that runs past the tick due after it began (and its slack)
 * is a gap from that due tick on; the task keeps the time before it. A late tick (4.3 ms
 * here) does not move the grid: ticks come late, never early.
 */
static void test_gap_from_the_due_tick(void)
{
	struct timeline tl;
	struct acc a = { 0 };

	hog_ticks(4300);
	/* the thread's timer at 15 ms (no tick in it), then nothing until the switch at 19.5
	 * ms: the tick due at 16 ms never came. (A rule counting a tick from the silence's
	 * start, 15 ms, saw 4.5 ms: less than a tick and its slack, no gap.) */
	ev_timer_wakes(&g, 15000, 0, 10, "hog", 20, 120, RTW_F_NEED_RESCHED);
	ev_switch(&g, 19500, 0, 10, "hog", 120, 0, 20, "rtwhy", 120, 0);
	ev_tick(&g, 20000, 0, 20, "rtwhy", 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(20010)), 0);
	timeline_walk(&tl, 0, evgen_us(15003), evgen_us(19500), add, &a);
	/* the grid: the tick callbacks' entries, 0.5 us into each tick */
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 3499500);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 997500); /* from the timer's exit to the due tick */
	timeline_free(&tl);

	/* the tick came on time (16.1 ms): the hog's, all of it */
	memset(&a, 0, sizeof(a));
	hog_ticks(4000);
	ev_wake(&g, 13500, 0, 10, "hog", RTW_EV_WAKEUP, 20, "app", 120, 0, RTW_F_NEED_RESCHED);
	ev_tick(&g, 16100, 0, 10, "hog", RTW_F_NEED_RESCHED);
	ev_switch(&g, 16110, 0, 10, "hog", 120, 0, 20, "app", 120, 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(16200)), 0);
	timeline_walk(&tl, 0, evgen_us(13500), evgen_us(16100), add, &a);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 2600 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 0);
	timeline_free(&tl);
}

/* the hog wakes app at 16037, then nothing until the switch at 20100: CPU 0's time then */
static void silence_after_16037(struct timeline *tl, struct acc *a)
{
	ev_wake(&g, 16037, 0, 10, "hog", RTW_EV_WAKEUP, 20, "app", 120, 0, 0);
	ev_switch(&g, 20100, 0, 10, "hog", 120, 0, 20, "app", 120, 0);
	ev_tick(&g, 20200, 0, 20, "app", 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(tl, g.ev, g.n, evgen_us(20300)), 0);
	walk_us(tl, 0, 16037, 20100, a);
}

/*
 * A tick due just before a silence began and not taken yet is due at once (a 6.1 threadirqs
 * lab spike: irq/25 silent 4.1 ms from 37 us after a due tick). On a CPU that was idle at
 * that tick, the tick may have been stopped: the next one is due.
 */
static void test_gap_from_a_pending_tick(void)
{
	struct timeline tl;
	struct acc a;

	hog_ticks(4000);
	/* the disk's interrupt (the hog's run under 5 ms from it: no whole tick in it) */
	ev_irq(&g, 15500, 0, 10, "hog", 25, "virtio0", true);
	ev_irq(&g, 15505, 0, 10, "hog", 25, NULL, false);
	/* the tick due at 16000.5 has not come when the silence begins */
	silence_after_16037(&tl, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 4063 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 0);
	timeline_free(&tl);

	/* the same silence on a CPU idle at 16000.5, busy since 16010: the hog's */
	hog_ticks(4000);
	ev_switch(&g, 13000, 0, 10, "hog", 120, 1, 0, "swapper/0", 120, 0);
	ev_irq(&g, 15500, 0, 0, "swapper/0", 25, "virtio0", true);
	ev_irq(&g, 15505, 0, 0, "swapper/0", 25, NULL, false);
	ev_switch(&g, 16010, 0, 0, "swapper/0", 120, 0, 10, "hog", 120, 0);
	silence_after_16037(&tl, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 0);
	CU_ASSERT_EQUAL(a.ns[TL_TASK], 4063 * NSEC_PER_USEC);
	timeline_free(&tl);

	/* nor when the tick before it was not taken either (nohz_full stops a busy CPU's tick) */
	hog_ticks(4000);
	ev_wake(&g, 20037, 0, 10, "hog", RTW_EV_WAKEUP, 20, "app", 120, 0, 0);
	ev_switch(&g, 24100, 0, 10, "hog", 120, 0, 20, "app", 120, 0);
	ev_tick(&g, 28000, 0, 20, "app", 0);
	CU_ASSERT_EQUAL_FATAL(timeline_build(&tl, g.ev, g.n, evgen_us(28300)), 0);
	/* (the silence before: a gap from the tick due at 16000.5) */
	walk_us(&tl, 0, 12003.5, 20037, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 4036500);
	walk_us(&tl, 0, 20037, 24100, &a);
	CU_ASSERT_EQUAL(a.ns[TL_GAP], 0);
	timeline_free(&tl);
}

/*
 * The same silence after an interrupt that found the task in kernel code (its stack record
 * has frames below the entry): preempt=none and voluntary do not switch there, so the task's
 * run goes on; full, lazy and rt do. Found in user space, every model switches; with no stack
 * record, a kernel thread is in kernel code and a user task taken to be in user space.
 */
static void test_resched_silence_by_preemption_model(void)
{
	static const char *const kernel[] = { "trace_stack", "hrtimer_interrupt",
					      "asm_sysvec_apic_timer_interrupt",
					      "__rmqueue_pcplist", "ring_buffer_resize" };
	static const char *const user[] = { "trace_stack", "hrtimer_interrupt",
					    "asm_sysvec_apic_timer_interrupt" };
	static const struct {
		int code; /* 0 no stack record, 1 user space, 2 kernel code */
		const char *comm;
		int preempt;
		bool gap;
	} cases[] = {
		{ 2, "resizer", UTIL_PREEMPT_NONE, false },
		{ 2, "resizer", UTIL_PREEMPT_VOLUNTARY, false },
		{ 2, "resizer", UTIL_PREEMPT_NOT, false },
		{ 2, "resizer", UTIL_PREEMPT_UNKNOWN, false },
		{ 2, "resizer", UTIL_PREEMPT_FULL, true },
		{ 2, "resizer", UTIL_PREEMPT_LAZY, true },
		{ 2, "resizer", UTIL_PREEMPT_RT, true },
		{ 1, "resizer", UTIL_PREEMPT_NONE, true },
		{ 0, "busyloop", UTIL_PREEMPT_VOLUNTARY, true },
		{ 0, "kworker/1:2", UTIL_PREEMPT_VOLUNTARY, false },
		{ 0, "kworker/1:2", UTIL_PREEMPT_FULL, true },
	};
	struct timeline tl;
	struct acc a;
	size_t k;
	int direct;

	/*
	 * direct: the silence ends with the task's switch-out itself, no interrupt between (a
	 * 6.12 preempt=full lab spike): a gap where that first return switches whatever the
	 * code (a preemptible kernel, or user space by the stack record), not by the comm
	 */
	for (direct = 0; direct < 2; direct++) {
		for (k = 0; k < ARRAY_SIZE(cases); k++) {
			const char *comm = cases[k].comm;
			bool gap = direct ? cases[k].code == 1 ||
						    util_preempt_kernel_code(cases[k].preempt)
					  : cases[k].gap;

			evgen_init(&g);
			ev_switch(&g, 0, 1, 0, "swapper/1", 120, 0, 10, comm, 120, 0);
			ev_vector(&g, 1000, 1, 10, comm, "local_timer", true);
			if (cases[k].code)
				ev_stack(&g, 1005, 1, 10, comm, cases[k].code == 2 ? kernel : user,
					 cases[k].code == 2 ? 5 : 3);
			ev_vector(&g, 1010, 1, 10, comm, "local_timer", false);
			g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
			if (!direct) {
				ev_vector(&g, 4020, 1, 10, comm, "local_timer", true);
				g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
				ev_vector(&g, 4030, 1, 10, comm, "local_timer", false);
				g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
			}
			ev_switch(&g, direct ? 4020 : 4050, 1, 10, comm, 120, 0, 11, "rtwhy", 120,
				  0);
			CU_ASSERT_EQUAL_FATAL(timeline_build_from(&tl, g.ev, g.n, 0, evgen_us(5100),
								  0, cases[k].preempt),
					      0);
			walk_us(&tl, 1, 1010, 4020, &a);
			CU_ASSERT_EQUAL(a.ns[gap ? TL_GAP : TL_TASK], 3010 * NSEC_PER_USEC);
			for (size_t i = 0; gap && i < tl.nr_seg; i++) /* which way it ended */
				if (tl.seg[i].ctx == TL_GAP && tl.seg[i].start_ns == evgen_us(1010))
					CU_ASSERT_EQUAL(tl.seg[i].resched_gap, direct ? 2 : 1);
			if (a.ns[gap ? TL_GAP : TL_TASK] != 3010 * NSEC_PER_USEC)
				fprintf(stderr, "case %zu%s: gap %llu task %llu\n", k,
					direct ? " (direct)" : "", (unsigned long long)a.ns[TL_GAP],
					(unsigned long long)a.ns[TL_TASK]);
			timeline_free(&tl);
		}
	}
}

/*
 * Found in kernel code by the stack record of one interrupt, need-resched set since and no
 * switch: at the next interrupt it is in kernel code still (a return to user space would have
 * switched it), so its silence after that one is its run on preempt=none too. Need-resched
 * cleared in between (a schedule() that kept it), it may be anywhere: the rule holds again.
 */
static void test_kernel_code_lasts_while_need_resched(void)
{
	static const char *const kernel[] = { "hrtimer_interrupt",
					      "asm_sysvec_apic_timer_interrupt",
					      "__rmqueue_pcplist" };
	struct timeline tl;
	struct acc a;
	int cleared;

	for (cleared = 0; cleared < 2; cleared++) {
		evgen_init(&g);
		ev_switch(&g, 0, 1, 0, "swapper/1", 120, 0, 10, "resizer", 120, 0);
		ev_vector(&g, 1000, 1, 10, "resizer", "local_timer", true);
		ev_stack(&g, 1005, 1, 10, "resizer", kernel, 3);
		ev_vector(&g, 1010, 1, 10, "resizer", "local_timer", false);
		g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
		ev_vector(&g, 2000, 1, 10, "resizer", "local_timer", true);
		if (!cleared)
			g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
		ev_vector(&g, 2010, 1, 10, "resizer", "local_timer", false);
		g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
		ev_vector(&g, 5020, 1, 10, "resizer", "local_timer", true);
		g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
		ev_vector(&g, 5030, 1, 10, "resizer", "local_timer", false);
		g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
		ev_switch(&g, 5050, 1, 10, "resizer", 120, 0, 11, "rtwhy", 120, 0);
		CU_ASSERT_EQUAL_FATAL(timeline_build_from(&tl, g.ev, g.n, 0, evgen_us(5100), 0,
							  UTIL_PREEMPT_NONE),
				      0);
		walk_us(&tl, 1, 2010, 5020, &a);
		CU_ASSERT_EQUAL(a.ns[cleared ? TL_GAP : TL_TASK], 3010 * NSEC_PER_USEC);
		timeline_free(&tl);
	}
}

static CU_TestInfo timeline_tests[] = {
	{ "a known recording start covers a quiet CPU", test_recording_start_covers_a_quiet_cpu },
	{ "nested hard IRQ and softirq", test_nesting },
	{ "a lost IRQ exit is repaired by the flags", test_lost_exit_is_repaired },
	{ "a missed switch: common_pid wins", test_missed_switch_uses_common_pid },
	{ "no event for more than a tick: a gap", test_gap_and_tick },
	{ "a silence past the due tick: a gap from it", test_gap_from_the_due_tick },
	{ "a silence with a tick pending at its start: a gap", test_gap_from_a_pending_tick },
	{ "inside a hard IRQ, outside its traced work: a gap", test_gap_inside_a_hard_irq },
	{ "a handler's own time, or untraced work, is no gap", test_handler_time_is_no_gap },
	{ "silent from a return with need-resched to the interrupt it is switched at: a gap",
	  test_resched_return_then_silence },
	{ "the same silence, by the preemption model and where the interrupt found the task",
	  test_resched_silence_by_preemption_model },
	{ "kernel code, need-resched set since: in kernel code still at the next interrupt",
	  test_kernel_code_lasts_while_need_resched },
	{ "inside the HRTIMER softirq, outside its callbacks: a gap",
	  test_gap_inside_the_hrtimer_softirq },
	{ "inside the TIMER softirq and an IPI, outside their callbacks: a gap",
	  test_gap_inside_timer_softirq_and_ipi },
	{ "tick period estimate", test_tick_estimate },
	{ "tick period estimate beyond 64 CPUs", test_tick_estimate_many_cpus },
	{ "before the first event: unknown", test_walk_before_first_event },
	{ "lost events leave a hole", test_lost_events_leave_a_hole },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("timeline", NULL, NULL, timeline_tests);
