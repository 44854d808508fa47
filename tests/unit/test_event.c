// SPDX-License-Identifier: GPL-2.0-only
/* event: common_flags per kernel version, latency letters both ways, names. */
#include <string.h>

#include "analysis/event.h"
#include "unit.h"

static void test_layout(void)
{
	CU_ASSERT_EQUAL(event_flag_layout_for(6, 18), EVENT_FLAGS_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_for(6, 13), EVENT_FLAGS_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_for(6, 12), EVENT_FLAGS_PRE_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_for(4, 4), EVENT_FLAGS_PRE_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_for(7, 0), EVENT_FLAGS_6_13);
	/*
	 * 6.12: mainline has no lazy bit (0x02 is "irqs-off not supported", never set on x86);
	 * 6.12-rt (Debian's 6.12.117+deb12-rt, CONFIG_PREEMPT_LAZY) carries 6.13's "tracing:
	 * Record task flag NEED_RESCHED_LAZY": 0x02; no common_preempt_lazy_count in its
	 * formats. 6.1-rt's lazy patch has that field, and 0x20 is its lazy bit.
	 */
	CU_ASSERT_EQUAL(event_flag_layout_detect(6, 12, 0, false), EVENT_FLAGS_PRE_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_detect(6, 12, 1, false), EVENT_FLAGS_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_refine(EVENT_FLAGS_6_13, false), EVENT_FLAGS_6_13);
	CU_ASSERT_EQUAL(event_flag_layout_detect(6, 1, 1, true), EVENT_FLAGS_RT_LAZY);
	CU_ASSERT_EQUAL(event_flag_layout_refine(EVENT_FLAGS_6_13, true), EVENT_FLAGS_RT_LAZY);
	CU_ASSERT_EQUAL(event_flag_layout_detect(6, 8, 1, false), EVENT_FLAGS_RT_AUTO);
}

static void test_raw_flags(void)
{
	/* values observed on kernel 6.18 (tracing-api-facts.md) */
	CU_ASSERT_EQUAL(event_flags_from_raw(0x25, EVENT_FLAGS_6_13),
			RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	CU_ASSERT_EQUAL(event_flags_from_raw(0x09, EVENT_FLAGS_6_13),
			RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(event_flags_from_raw(0x10, EVENT_FLAGS_6_13), RTW_F_SOFTIRQ);
	CU_ASSERT_EQUAL(event_flags_from_raw(0x02, EVENT_FLAGS_6_13), RTW_F_NEED_RESCHED_LAZY);
	/* 6.12-rt's sched_wakeup of a fair task in a guest: irqs off, lazy (text "dl.4.") */
	CU_ASSERT_EQUAL(event_flags_from_raw(0x03, EVENT_FLAGS_6_13),
			RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED_LAZY);
	/* the same bit on 6.1-rt: 0x20 is its lazy bit, and not PREEMPT_NEED_RESCHED */
	CU_ASSERT_EQUAL(event_flags_from_raw(0x21, EVENT_FLAGS_RT_LAZY),
			RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED_LAZY);
	CU_ASSERT_EQUAL(event_flags_from_raw(0x21, EVENT_FLAGS_6_13),
			RTW_F_IRQS_OFF | RTW_F_PREEMPT_RESCHED);
	/* before 6.13, 0x02 meant "irqs-off not supported": not lazy */
	CU_ASSERT_EQUAL(event_flags_from_raw(0x02, EVENT_FLAGS_PRE_6_13), 0);
	CU_ASSERT_EQUAL(event_flags_from_raw(0xc0, EVENT_FLAGS_6_13), RTW_F_NMI | RTW_F_BH_OFF);
}

static void test_letters(void)
{
	uint8_t f, pc;
	char buf[8];

	CU_ASSERT_EQUAL(event_flags_from_letters("dNh3.", 5, &f, &pc), 0);
	CU_ASSERT_EQUAL(f, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED |
				   RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(pc, 3);
	CU_ASSERT_EQUAL(event_flags_from_letters("d.h..", 5, &f, &pc), 0);
	CU_ASSERT_EQUAL(f, RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(pc, 0);
	CU_ASSERT_EQUAL(event_flags_from_letters("..s1", 4, &f, &pc), 0); /* 4 columns, old */
	CU_ASSERT_EQUAL(f, RTW_F_SOFTIRQ);
	CU_ASSERT_EQUAL(event_flags_from_letters(".L..", 4, &f, &pc), 0);
	CU_ASSERT_EQUAL(f, RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED);
	CU_ASSERT_EQUAL(event_flags_from_letters("Dnz.", 4, &f, &pc), 0);
	CU_ASSERT_EQUAL(f, RTW_F_IRQS_OFF | RTW_F_BH_OFF | RTW_F_NEED_RESCHED | RTW_F_NMI);
	CU_ASSERT_EQUAL(event_flags_from_letters("Xd..", 4, &f, &pc), -EINVAL);
	CU_ASSERT_EQUAL(event_flags_from_letters("d.h", 3, &f, &pc), -EINVAL);
	CU_ASSERT_EQUAL(event_flags_from_letters("hello", 5, &f, &pc), -EINVAL);
	/* round trip through the kernel's letters */
	for (f = 0; f < 255; f++) {
		uint8_t back, bpc;

		if ((f & RTW_F_NEED_RESCHED_LAZY) && (f & RTW_F_NEED_RESCHED) &&
		    !(f & RTW_F_PREEMPT_RESCHED))
			continue; /* 'b' means both, covered */
		event_flags_to_letters(f, 2, buf);
		CU_ASSERT_EQUAL(event_flags_from_letters(buf, 5, &back, &bpc), 0);
		if ((f & RTW_F_NMI) && !(f & RTW_F_HARDIRQ) && (f & RTW_F_SOFTIRQ))
			continue; /* 'z' drops softirq: the kernel prints it so too */
		if ((f & RTW_F_NMI) && (f & RTW_F_HARDIRQ) && (f & RTW_F_SOFTIRQ))
			continue;
		CU_ASSERT_EQUAL(back, f);
		CU_ASSERT_EQUAL(bpc, 2);
	}
	event_flags_to_letters(RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED |
				       RTW_F_HARDIRQ,
			       3, buf);
	CU_ASSERT_STRING_EQUAL(buf, "dNh3.");
}

static void test_names(void)
{
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_SWITCH), "sched_switch");
	CU_ASSERT_STRING_EQUAL(event_kind_name(999), "?");
	CU_ASSERT_STRING_EQUAL(event_softirq_name(3), "NET_RX");
	CU_ASSERT_STRING_EQUAL(event_softirq_name(9), "RCU");
	CU_ASSERT_STRING_EQUAL(event_softirq_name(10), "?");
	CU_ASSERT_TRUE(event_is_tick_function("tick_nohz_handler"));
	CU_ASSERT_TRUE(event_is_tick_function("tick_sched_timer"));
	CU_ASSERT_FALSE(event_is_tick_function("hrtimer_wakeup"));
	/* quick: every step traced (a wakeup, a signal, a work queued), or the tick */
	CU_ASSERT_TRUE(event_is_quick_callback("tick_sched_timer"));
	CU_ASSERT_TRUE(event_is_quick_callback("process_timeout"));
	CU_ASSERT_TRUE(event_is_quick_callback("delayed_work_timer_fn"));
	CU_ASSERT_TRUE(event_is_quick_callback("it_real_fn"));
	CU_ASSERT_TRUE(event_is_quick_callback("timerfd_tmrproc"));
	CU_ASSERT_FALSE(event_is_quick_callback("sched_rt_period_timer"));
	CU_ASSERT_FALSE(event_is_quick_callback("watchdog_timer_fn"));
	CU_ASSERT_FALSE(event_is_quick_callback("e1000_watchdog"));
	CU_ASSERT_FALSE(event_is_quick_callback("delayed_work_timer_fn_x"));
	CU_ASSERT_EQUAL(event_irq_thread_number("irq/41-eth0"), 41);
	CU_ASSERT_EQUAL(event_irq_thread_number("irq/41-s-eth0"), 41);
	CU_ASSERT_EQUAL(event_irq_thread_number("irq/24-ACPI:Ged"), 24);
	CU_ASSERT_EQUAL(event_irq_thread_number("irq/x-eth0"), -1);
	CU_ASSERT_EQUAL(event_irq_thread_number("irq_work/1"), -1);
	CU_ASSERT_EQUAL(event_irq_thread_number("ksoftirqd/1"), -1);
	CU_ASSERT_TRUE(event_comm_is_kthread("irq/25-virtio0"));
	CU_ASSERT_TRUE(event_comm_is_kthread("rcuc/3"));
	CU_ASSERT_TRUE(event_comm_is_kthread("kworker/u8:1"));
	CU_ASSERT_FALSE(event_comm_is_kthread("pilock"));
	CU_ASSERT_FALSE(event_comm_is_kthread("kworker"));
	CU_ASSERT_EQUAL(event_user_prio(120), 0);
	CU_ASSERT_EQUAL(event_user_prio(139), 19);
	CU_ASSERT_EQUAL(event_user_prio(0), 99);
	CU_ASSERT_EQUAL(event_user_prio(49), 50);
	CU_ASSERT_EQUAL(event_user_prio(-1), 0);
	CU_ASSERT_TRUE(event_prio_is_rt(49));
	CU_ASSERT_FALSE(event_prio_is_rt(120));
}

/* The one event table: what each reader maps a name to, and what live tracing enables. */
static void test_table(void)
{
	const struct event_type *t;
	const char *systems[16];
	char vec[RTW_NAME_LEN] = "";
	size_t n, i, enabled = 0, needed = 0;

	CU_ASSERT_EQUAL(event_kind_of("sched", "sched_switch", 12, vec), RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(event_kind_of(NULL, "sched_wakeup_new", 16, vec), RTW_EV_WAKEUP);
	CU_ASSERT_EQUAL(event_kind_of("irq", "sched_switch", 12, vec), RTW_EV_OTHER);
	/* markers: "print" in a trace.dat and trace-cmd, the writer's name in the kernel's text */
	CU_ASSERT_EQUAL(event_kind_of("ftrace", "print", 5, vec), RTW_EV_MARKER);
	CU_ASSERT_EQUAL(event_kind_of(NULL, "tracing_mark_write", 18, vec), RTW_EV_MARKER);
	CU_ASSERT_EQUAL(event_kind_of(NULL, "print", 5, vec), RTW_EV_MARKER);
	/* x86 vectors: the listed ones in text, any with the system known */
	CU_ASSERT_EQUAL(event_kind_of(NULL, "local_timer_entry", 17, vec), RTW_EV_VECTOR_ENTRY);
	CU_ASSERT_STRING_EQUAL(vec, "local_timer");
	CU_ASSERT_EQUAL(event_kind_of(NULL, "reschedule_exit", 15, vec), RTW_EV_VECTOR_EXIT);
	CU_ASSERT_STRING_EQUAL(vec, "reschedule");
	CU_ASSERT_EQUAL(event_kind_of(NULL, "kvm_entry", 9, vec), RTW_EV_OTHER);
	CU_ASSERT_EQUAL(event_kind_of(NULL, "new_vector_entry", 16, vec), RTW_EV_OTHER);
	CU_ASSERT_EQUAL(event_kind_of("irq_vectors", "new_vector_entry", 16, vec),
			RTW_EV_VECTOR_ENTRY);
	CU_ASSERT_STRING_EQUAL(vec, "new_vector");
	CU_ASSERT_EQUAL(event_kind_of("irq_vectors", "vector_alloc", 12, vec), RTW_EV_OTHER);
	/* a name need not be terminated */
	CU_ASSERT_EQUAL(event_kind_of(NULL, "softirq_entry: vec=1", 13, vec), RTW_EV_SOFTIRQ_ENTRY);
	t = event_types(&n);
	for (i = 0; i < n; i++) {
		/* tracepoints only: no synthetic kind */
		CU_ASSERT(t[i].kind > RTW_EV_OTHER && t[i].kind < RTW_EV_NR_KINDS &&
			  t[i].kind != RTW_EV_LOST && t[i].kind != RTW_EV_STACK_FRAME);
		enabled += (t[i].flags & EVENT_T_ENABLE) != 0;
		needed += (t[i].flags & EVENT_T_NEEDED) != 0;
	}
	/* sched_pi_setprio, signal_generate, cpuhp's three, timer and csd callbacks too */
	CU_ASSERT_EQUAL(enabled, 30);
	CU_ASSERT_EQUAL(needed, 10);
	CU_ASSERT_STRING_EQUAL(t[0].name, "sched_switch");
	CU_ASSERT_EQUAL(event_systems(systems, 16), 10);
	CU_ASSERT_STRING_EQUAL(systems[0], "sched");
	CU_ASSERT_STRING_EQUAL(systems[1], "signal");
	CU_ASSERT_STRING_EQUAL(systems[2], "cpuhp");
	CU_ASSERT_STRING_EQUAL(systems[5], "csd");
	CU_ASSERT_STRING_EQUAL(systems[9], "ftrace");
	CU_ASSERT_EQUAL(event_kind_of("timer", "timer_expire_entry", 18, vec), RTW_EV_TIMER_ENTRY);
	CU_ASSERT_EQUAL(event_kind_of(NULL, "csd_function_exit", 17, vec), RTW_EV_CSD_EXIT);
	for (i = 0; i < n; i++) /* a kernel before 6.4 lacks them without a warning */
		if (!strcmp(t[i].system, "csd"))
			CU_ASSERT(t[i].flags & EVENT_T_NEWER);
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_CPUHP_ENTER), "cpuhp_enter");
	CU_ASSERT_EQUAL(event_kind_of("cpuhp", "cpuhp_multi_enter", 17, vec), RTW_EV_CPUHP_ENTER);
	CU_ASSERT_EQUAL(event_kind_of(NULL, "cpuhp_exit", 10, vec), RTW_EV_CPUHP_EXIT);
	CU_ASSERT_EQUAL(event_systems(systems, 2), 2);
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_MARKER), "print");
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_LOST), "lost");
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_PI_SETPRIO), "sched_pi_setprio");
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_STACK), "kernel_stack");
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_SIGNAL), "signal_generate");
	CU_ASSERT_EQUAL(event_kind_of("signal", "signal_generate", 15, vec), RTW_EV_SIGNAL);
	CU_ASSERT_STRING_EQUAL(event_kind_name(RTW_EV_STACK_FRAME), "stack_frame");
	CU_ASSERT_EQUAL(event_kind_of("sched", "sched_pi_setprio", 16, vec), RTW_EV_PI_SETPRIO);
	CU_ASSERT_EQUAL(event_kind_of("ftrace", "kernel_stack", 12, vec), RTW_EV_STACK);
}

static CU_TestInfo event_tests[] = {
	{ "the event table", test_table },	{ "flag layout per kernel version", test_layout },
	{ "raw common_flags", test_raw_flags }, { "latency-format letters", test_letters },
	{ "names and priorities", test_names }, CU_TEST_INFO_NULL,
};

UNIT_SUITE("event", NULL, NULL, event_tests);
