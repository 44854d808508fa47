// SPDX-License-Identifier: GPL-2.0-only
/*
 * textread: every text flavour read back to the same events. The lines
 * are real ones, copied from this machine's kernel trace file and from
 * trace-cmd report (default, -l, -t, -R, --ts-diff, several buffers).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/textread.h"
#include "analysis/textwrite.h"
#include "evgen.h"
#include "analysis/util.h"
#include "unit.h"

#define MAX_GOT 64

struct got {
	struct rtw_event ev[MAX_GOT];
	int buffer[MAX_GOT];
	int n;
};

static int collect(const struct rtw_event *ev, int buffer, void *arg)
{
	struct got *g = arg;

	if (g->n < MAX_GOT) {
		g->ev[g->n] = *ev;
		g->buffer[g->n] = buffer;
		g->n++;
	}
	return 0;
}

/* Read @text (lines separated by \n) with a fresh reader; returns it for the stats. */
static struct textread *read_text(struct got *g, const char *text)
{
	struct textread *tr = textread_create(collect, g);
	const char *p = text;

	memset(g, 0, sizeof(*g));
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		textread_line(tr, p, len);
		p += len + (nl ? 1 : 0);
	}
	textread_finish(tr);
	return tr;
}

static const struct rtw_event *one(const char *line)
{
	static struct got g;
	struct textread *tr = read_text(&g, line);

	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	textread_destroy(tr);
	CU_ASSERT_EQUAL_FATAL(g.n, 1);
	return &g.ev[0];
}

static void test_parse_ts(void)
{
	uint64_t ns;

	CU_ASSERT_EQUAL(textread_parse_ts("171.377353", 10, &ns), 0);
	CU_ASSERT_EQUAL(ns, 171377353000ULL);
	CU_ASSERT_EQUAL(textread_parse_ts("1115.032464915", 14, &ns), 0);
	CU_ASSERT_EQUAL(ns, 1115032464915ULL);
	CU_ASSERT_EQUAL(textread_parse_ts("171", 3, &ns), 0);
	CU_ASSERT_EQUAL(ns, 171000000000ULL);
	CU_ASSERT_EQUAL(textread_parse_ts("0.5", 3, &ns), 0);
	CU_ASSERT_EQUAL(ns, 500000000ULL);
	CU_ASSERT_EQUAL(textread_parse_ts("1.1234567891", 12, &ns), -EINVAL); /* 10 decimals */
	CU_ASSERT_EQUAL(textread_parse_ts("1.", 2, &ns), -EINVAL);
	CU_ASSERT_EQUAL(textread_parse_ts(".5", 2, &ns), -EINVAL);
	CU_ASSERT_EQUAL(textread_parse_ts("-1.5", 4, &ns), -EINVAL);
	CU_ASSERT_EQUAL(textread_parse_ts("1.5s", 4, &ns), -EINVAL);
	CU_ASSERT_EQUAL(textread_parse_ts("", 0, &ns), -EINVAL);
	CU_ASSERT_EQUAL(textread_parse_ts("99999999999999999999.1", 22, &ns), -EINVAL);
}

static void test_kernel_switch(void)
{
	const struct rtw_event *e =
		one("       record.sh-7340    [001] d..2.  1115.032636: sched_switch: "
		    "prev_comm=record.sh prev_pid=7340 prev_prio=120 prev_state=D ==> "
		    "next_comm=record.sh next_pid=7347 next_prio=120");

	CU_ASSERT_EQUAL(e->kind, RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(e->ts_ns, 1115032636000ULL);
	CU_ASSERT_EQUAL(e->cpu, 1);
	CU_ASSERT_EQUAL(e->pid, 7340);
	CU_ASSERT_EQUAL(e->flags, RTW_F_IRQS_OFF);
	CU_ASSERT_EQUAL(e->preempt, 2);
	CU_ASSERT_STRING_EQUAL(e->comm, "record.sh");
	CU_ASSERT_STRING_EQUAL(e->u.sw.prev_comm, "record.sh");
	CU_ASSERT_EQUAL(e->u.sw.prev_pid, 7340);
	CU_ASSERT_EQUAL(e->u.sw.prev_prio, 120);
	CU_ASSERT_EQUAL(e->u.sw.prev_state, 2);
	CU_ASSERT_STRING_EQUAL(e->u.sw.next_comm, "record.sh");
	CU_ASSERT_EQUAL(e->u.sw.next_pid, 7347);
	CU_ASSERT_EQUAL(e->u.sw.next_prio, 120);

	e = one("           sleep-8104    [000] d..2.  1164.101734: sched_switch: prev_comm=sh "
		"prev_pid=8104 prev_prio=120 prev_state=R+ ==> next_comm=migration/0 next_pid=18 "
		"next_prio=0");
	CU_ASSERT_EQUAL(e->u.sw.prev_state, RTW_STATE_PREEMPTED);
	CU_ASSERT_EQUAL(e->u.sw.next_prio, 0);
	CU_ASSERT_STRING_EQUAL(e->u.sw.next_comm, "migration/0");
	/* comms with spaces, dashes and colons */
	e = one(" memfd:sealed-91-3527    [000] d..2.  1164.107477: sched_switch: "
		"prev_comm=Web Content prev_pid=3527 prev_prio=120 prev_state=S|D ==> "
		"next_comm=irq/24-ACPI:Ged next_pid=55 next_prio=49");
	CU_ASSERT_EQUAL(e->pid, 3527);
	CU_ASSERT_STRING_EQUAL(e->u.sw.prev_comm, "Web Content");
	CU_ASSERT_EQUAL(e->u.sw.prev_state, 3);
	CU_ASSERT_STRING_EQUAL(e->u.sw.next_comm, "irq/24-ACPI:Ged");
	CU_ASSERT_EQUAL(e->u.sw.next_prio, 49);
}

static void test_kernel_events(void)
{
	const struct rtw_event *e;

	e = one("            bash-2638    [000] dNh3.   171.353508: sched_wakeup: comm=cyclictest "
		"pid=2642 prio=120 target_cpu=000");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_WAKEUP);
	CU_ASSERT_EQUAL(e->flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED |
					  RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(e->preempt, 3);
	CU_ASSERT_EQUAL(e->u.wake.pid, 2642);
	CU_ASSERT_EQUAL(e->u.wake.prio, 120);
	CU_ASSERT_EQUAL(e->u.wake.target_cpu, 0);
	CU_ASSERT_STRING_EQUAL(e->u.wake.comm, "cyclictest");
	e = one("            bash-2638    [000] d.h2.   171.353506: sched_waking: comm=cyclictest "
		"pid=2642 prio=120 target_cpu=001");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_WAKING);
	CU_ASSERT_EQUAL(e->u.wake.target_cpu, 1);
	e = one("       record.sh-7340    [001] d..2.  1115.032617: sched_wakeup_new: "
		"comm=record.sh pid=7348 prio=120 target_cpu=000");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_WAKEUP);
	e = one("          <idle>-0       [000] d.s2.  1115.036083: sched_migrate_task: "
		"comm=rcu_preempt pid=15 prio=120 orig_cpu=1 dest_cpu=0");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_MIGRATE);
	CU_ASSERT_STRING_EQUAL(e->comm, "<idle>");
	CU_ASSERT_EQUAL(e->pid, 0);
	CU_ASSERT_EQUAL(e->flags, RTW_F_IRQS_OFF | RTW_F_SOFTIRQ);
	CU_ASSERT_EQUAL(e->u.mig.pid, 15);
	CU_ASSERT_EQUAL(e->u.mig.orig_cpu, 1);
	CU_ASSERT_EQUAL(e->u.mig.dest_cpu, 0);
	e = one("          <idle>-0       [001] d.h1.  1115.032884: irq_handler_entry: irq=36 "
		"name=virtio1-req.0");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_IRQ_ENTRY);
	CU_ASSERT_EQUAL(e->u.irq.irq, 36);
	CU_ASSERT_STRING_EQUAL(e->u.irq.name, "virtio1-req.0");
	e = one("          <idle>-0       [001] d.h1.  1115.032889: irq_handler_exit: irq=36 "
		"ret=handled");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_IRQ_EXIT);
	CU_ASSERT_EQUAL(e->u.irq.ret, 1);
	e = one("          <idle>-0       [001] ..s1.  1115.032890: softirq_entry: vec=4 "
		"[action=BLOCK]");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_SOFTIRQ_ENTRY);
	CU_ASSERT_EQUAL(e->u.softirq.vec, 4);
	e = one("          <idle>-0       [001] d.h1.  1115.032887: softirq_raise: vec=4 "
		"[action=BLOCK]");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_SOFTIRQ_RAISE);
	e = one("              sh-7347    [001] d.h..  1115.036025: hrtimer_expire_entry: "
		"hrtimer=00000000ac7e2c6e function=tick_nohz_handler now=1115036023794");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_HRTIMER_ENTRY);
	CU_ASSERT_EQUAL(e->u.hrt.timer, 0xac7e2c6eULL);
	CU_ASSERT_STRING_EQUAL(e->u.hrt.function, "tick_nohz_handler");
	CU_ASSERT_EQUAL(e->u.hrt.now_ns, 1115036023794ULL);
	e = one("              sh-7347    [001] d.h..  1115.036046: hrtimer_expire_exit: "
		"hrtimer=00000000ac7e2c6e");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_HRTIMER_EXIT);
	e = one("              sh-7347    [001] d.h..  1115.036023: local_timer_entry: vector=236");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_VECTOR_ENTRY);
	CU_ASSERT_EQUAL(e->u.vec.vector, 236);
	CU_ASSERT_STRING_EQUAL(e->u.vec.name, "local_timer");
	e = one("          <idle>-0       [000] d.h1.  1115.032467: call_function_single_exit: "
		"vector=251");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_VECTOR_EXIT);
	CU_ASSERT_STRING_EQUAL(e->u.vec.name, "call_function_single");
	e = one("          <idle>-0       [000] d.Z1.   100.000001: nmi_handler: "
		"perf_event_nmi_handler() delta_ns: 1234 handled: 1");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_NMI);
	CU_ASSERT_EQUAL(e->u.vec.delta_ns, 1234);
	CU_ASSERT_EQUAL(e->flags, RTW_F_IRQS_OFF | RTW_F_NMI | RTW_F_HARDIRQ);
	e = one("      cyclictest-7350    [000] ...1.  1116.268022: tracing_mark_write: hit "
		"latency "
		"threshold (3534 > 3000)");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_MARKER);
	CU_ASSERT_STRING_EQUAL(e->u.marker.text, "hit latency threshold (3534 > 3000)");
	CU_ASSERT_EQUAL(e->preempt, 1);
	/* cyclictest's marker with an unknown comm */
	e = one("           <...>-6405    [000] ...1.   295.010806: tracing_mark_write: hit "
		"latency "
		"threshold (96 > 50)");
	CU_ASSERT_EQUAL(e->pid, 6405);
	CU_ASSERT_STRING_EQUAL(e->comm, "");
}

static void test_columns(void)
{
	const struct rtw_event *e;

	/* without migrate-disable (4 flag columns) */
	e = one("            bash-2638    [000] dNh3   171.353508: sched_wakeup: comm=cyclictest "
		"pid=2642 prio=120 target_cpu=000");
	CU_ASSERT_EQUAL(e->preempt, 3);
	CU_ASSERT(e->flags & RTW_F_NEED_RESCHED);
	/* options/irq-info off: no flags column */
	e = one("              sh-8102    [000]   1164.101667: sched_switch: prev_comm=sh "
		"prev_pid=8102 prev_prio=120 prev_state=D ==> next_comm=sh next_pid=8104 "
		"next_prio=120");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(e->flags, 0);
	CU_ASSERT_EQUAL(e->cpu, 0);
	/* options/record-tgid */
	e = one("          <idle>-0       (-------) [001] d.h1.  1164.105349: "
		"hrtimer_expire_entry: "
		"hrtimer=00000000ac7e2c6e function=tick_nohz_handler now=1164080041965");
	CU_ASSERT_EQUAL(e->cpu, 1);
	CU_ASSERT_EQUAL(e->pid, 0);
	e = one("            bash-2638    (   2638) [000] d..2.  1164.1: sched_switch: "
		"prev_comm=bash prev_pid=2638 prev_prio=120 prev_state=S ==> next_comm=a "
		"next_pid=1 next_prio=120");
	CU_ASSERT_EQUAL(e->pid, 2638);
	CU_ASSERT_EQUAL(e->ts_ns, 1164100000000ULL);
	/* latency-format: CPU glued to the flags, relative microseconds with a delay mark */
	e = one("migratio-18        0d..2. 16350us+: sched_switch: prev_comm=migration/0 "
		"prev_pid=18 prev_prio=0 prev_state=S ==> next_comm=swapper/0 next_pid=0 "
		"next_prio=120");
	CU_ASSERT_EQUAL(e->ts_ns, 16350000ULL);
	CU_ASSERT_EQUAL(e->cpu, 0);
	CU_ASSERT_EQUAL(e->pid, 18);
	CU_ASSERT_STRING_EQUAL(e->comm, "migration/0"); /* from the payload, not "migratio" */
	CU_ASSERT_EQUAL(e->preempt, 2);
	e = one("  <idle>-0         1d..2. 16445us : sched_switch: prev_comm=swapper/1 prev_pid=0 "
		"prev_prio=120 prev_state=R ==> next_comm=sh next_pid=8102 next_prio=120");
	CU_ASSERT_EQUAL(e->ts_ns, 16445000ULL);
	CU_ASSERT_EQUAL(e->cpu, 1);
	/* latency-format + verbose: raw flags and preempt count */
	e = one("          <idle>       0   1 9 00000001 00000006 [4562d681] 19.938ms (+0.004ms): "
		"hrtimer_expire_entry: hrtimer=000000006e6ef3dd function=tick_nohz_handler "
		"now=1164080037003");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_HRTIMER_ENTRY);
	CU_ASSERT_EQUAL(e->ts_ns, 19938000ULL);
	CU_ASSERT_EQUAL(e->cpu, 1);
	CU_ASSERT_EQUAL(e->pid, 0);
	CU_ASSERT_EQUAL(e->flags, RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(e->preempt, 1);
}

static void test_trace_cmd(void)
{
	const struct rtw_event *e;
	struct textread *tr;
	struct got g;

	/* plugin payloads */
	e = one("       record.sh-7340  [001]  1115.032636: sched_switch:         record.sh:7340 "
		"[120] D ==> record.sh:7347 [120]");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(e->u.sw.prev_pid, 7340);
	CU_ASSERT_EQUAL(e->u.sw.prev_state, 2);
	CU_ASSERT_EQUAL(e->u.sw.next_pid, 7347);
	CU_ASSERT_EQUAL(e->u.sw.next_prio, 120);
	CU_ASSERT_STRING_EQUAL(e->u.sw.next_comm, "record.sh");
	e = one("          <idle>-0     [000]  1115.032648: sched_switch:         swapper/0:0 "
		"[120] "
		"R ==> kworker/0:1:11 [98]");
	CU_ASSERT_EQUAL(e->u.sw.prev_pid, 0);
	CU_ASSERT_STRING_EQUAL(e->u.sw.next_comm, "kworker/0:1");
	CU_ASSERT_EQUAL(e->u.sw.next_pid, 11);
	CU_ASSERT_EQUAL(e->u.sw.next_prio, 98);
	e = one("           sleep-7348  [000]  1115.032736: sched_wakeup:         record.sh:7340 "
		"[120] CPU:001");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_WAKEUP);
	CU_ASSERT_EQUAL(e->u.wake.pid, 7340);
	CU_ASSERT_EQUAL(e->u.wake.target_cpu, 1);
	CU_ASSERT_STRING_EQUAL(e->u.wake.comm, "record.sh");
	e = one("              sh-7347  [001]  1115.036025: hrtimer_expire_entry: "
		"hrtimer=0xffff888627d1c6f8 now=1115036023794 function=tick_nohz_handler/0x0");
	CU_ASSERT_EQUAL(e->u.hrt.timer, 0xffff888627d1c6f8ULL);
	CU_ASSERT_STRING_EQUAL(e->u.hrt.function, "tick_nohz_handler");
	e = one("      cyclictest-7350  [000]  1116.268022: print:                "
		"tracing_mark_write: "
		"hit latency threshold (3534 > 3000)");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_MARKER);
	CU_ASSERT_STRING_EQUAL(e->u.marker.text, "hit latency threshold (3534 > 3000)");
	/* -R: raw fields */
	e = one("       record.sh-7340  [001]  1115.032636: sched_switch:          "
		"prev_comm=record.sh prev_pid=7340 prev_prio=120 prev_state=2 next_comm=record.sh "
		"next_pid=7347 next_prio=120");
	CU_ASSERT_EQUAL(e->u.sw.prev_state, 2);
	CU_ASSERT_EQUAL(e->u.sw.next_pid, 7347);
	e = one("          <idle>-0     [001]  1115.032889: irq_handler_exit:      irq=36 ret=1");
	CU_ASSERT_EQUAL(e->u.irq.ret, 1);
	e = one("      cyclictest-7350  [000]  1116.268022: print:                 "
		"ip=tracing_mark_write buf=hit latency threshold (3534 > 3000)");
	CU_ASSERT_STRING_EQUAL(e->u.marker.text, "hit latency threshold (3534 > 3000)");
	/* -l (CPU glued to the flags), -t (ns), --ts-diff */
	e = one("cyclicte-7350    0...1.  1116.268022175: print:                "
		"tracing_mark_write: "
		"hit latency threshold (3534 > 3000)");
	CU_ASSERT_EQUAL(e->ts_ns, 1116268022175ULL);
	CU_ASSERT_EQUAL(e->cpu, 0);
	CU_ASSERT_EQUAL(e->preempt, 1);
	e = one("          <idle>-0     [000]  1115.032467: (+2)     call_function_single_exit: "
		"vector=251");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_VECTOR_EXIT);
	/* several buffers: "NAME:" prefixes, the top level padded */
	tr = read_text(&g,
		       "cpus=2\n"
		       "rtwhy-fxtest:               sh-10317 [000]  1271.426663: sched_switch:  "
		       "       sh:10317 [120] D ==> swapper/0:0 [120]\n"
		       "                            sh-10317 [001]  1271.574953: print:         "
		       "       tracing_mark_write: hello top\n"
		       "rtwhy-fxtest:               sh-10317 [001]  1271.575004: print:         "
		       "       tracing_mark_write: hello inst\n");
	CU_ASSERT_EQUAL(g.n, 3);
	CU_ASSERT_EQUAL(g.buffer[0], 1);
	CU_ASSERT_EQUAL(g.buffer[1], 0);
	CU_ASSERT_EQUAL(g.buffer[2], 1);
	CU_ASSERT_EQUAL(g.ev[0].pid, 10317);
	CU_ASSERT_STRING_EQUAL(g.ev[0].comm, "sh");
	CU_ASSERT_STRING_EQUAL(textread_buffer_name(tr, 1), "rtwhy-fxtest");
	CU_ASSERT_STRING_EQUAL(textread_buffer_name(tr, 0), "");
	CU_ASSERT_EQUAL(textread_stats(tr)->nr_cpus, 2);
	CU_ASSERT_EQUAL(textread_stats(tr)->nr_buffers, 2);
	CU_ASSERT_EQUAL(textread_stats(tr)->flavor, TEXTREAD_TRACE_CMD);
	textread_destroy(tr);
}

/* Without a flags column the interrupt context comes from the entry/exit events. */
static void test_infer_flags(void)
{
	struct textread *tr;
	struct got g;

	tr = read_text(&g, "  a-1 [000]  1.000001: local_timer_entry: vector=236\n"
			   "  a-1 [000]  1.000002: hrtimer_expire_entry: hrtimer=0x1 "
			   "function=hrtimer_wakeup now=1\n"
			   "  a-1 [000]  1.000003: sched_waking: comm=b pid=2 prio=120 "
			   "target_cpu=000\n"
			   "  a-1 [001]  1.000003: sched_waking: comm=b pid=2 prio=120 "
			   "target_cpu=000\n"
			   "  a-1 [000]  1.000004: hrtimer_expire_exit: hrtimer=0x1\n"
			   "  a-1 [000]  1.000005: local_timer_exit: vector=236\n"
			   "  a-1 [000]  1.000006: softirq_entry: vec=1 [action=TIMER]\n"
			   "  a-1 [000]  1.000007: sched_waking: comm=b pid=2 prio=120 "
			   "target_cpu=000\n"
			   "  a-1 [000]  1.000008: softirq_exit: vec=1 [action=TIMER]\n"
			   "  a-1 [000]  1.000009: sched_waking: comm=b pid=2 prio=120 "
			   "target_cpu=000\n"
			   "  a-1 [000]  1.000010: irq_handler_entry: irq=36 name=x\n"
			   "  a-1 [000]  1.000011: sched_switch: a:1 [120] R ==> b:2 [120]\n"
			   "  b-2 [000]  1.000012: sched_waking: comm=b pid=2 prio=120 "
			   "target_cpu=000\n");
	CU_ASSERT_EQUAL_FATAL(g.n, 13);
	CU_ASSERT_EQUAL(g.ev[0].flags, RTW_F_HARDIRQ | RTW_F_IRQS_OFF);
	CU_ASSERT_EQUAL(g.ev[2].flags, RTW_F_HARDIRQ | RTW_F_IRQS_OFF);
	CU_ASSERT_EQUAL(g.ev[3].flags, 0); /* another CPU */
	CU_ASSERT_EQUAL(g.ev[5].flags, RTW_F_HARDIRQ | RTW_F_IRQS_OFF);
	CU_ASSERT_EQUAL(g.ev[7].flags, RTW_F_SOFTIRQ);
	CU_ASSERT_EQUAL(g.ev[9].flags, 0);
	CU_ASSERT_EQUAL(g.ev[10].flags, RTW_F_HARDIRQ | RTW_F_IRQS_OFF);
	CU_ASSERT_EQUAL(g.ev[12].flags, 0); /* a switch closed the exit-less irq */
	CU_ASSERT_EQUAL(textread_stats(tr)->flagless, 13);
	textread_destroy(tr);
	/* with a flags column nothing is inferred */
	tr = read_text(&g, "  a-1 [000] ..... 1.000001: local_timer_entry: vector=236\n");
	CU_ASSERT_EQUAL_FATAL(g.n, 1);
	CU_ASSERT_EQUAL(g.ev[0].flags, 0);
	CU_ASSERT_EQUAL(textread_stats(tr)->flagless, 0);
	textread_destroy(tr);
}

static void test_comm_cache(void)
{
	struct textread *tr;
	struct got g;

	/* "<...>" filled in from what a payload said about the pid */
	tr = read_text(&g, "  bash-1 [000] d..2. 1.000001: sched_switch: prev_comm=bash prev_pid=1 "
			   "prev_prio=120 prev_state=S ==> next_comm=cyclictest next_pid=6405 "
			   "next_prio=120\n"
			   "  <...>-6405 [000] ...1. 1.000002: tracing_mark_write: x\n"
			   "  <...>-77 [000] ...1. 1.000003: tracing_mark_write: y\n");
	CU_ASSERT_EQUAL(g.n, 3);
	CU_ASSERT_STRING_EQUAL(g.ev[1].comm, "cyclictest");
	CU_ASSERT_STRING_EQUAL(g.ev[2].comm, "");
	textread_destroy(tr);
}

static void test_other_and_bad(void)
{
	struct textread *tr;
	struct got g;

	tr = read_text(&g,
		       "# tracer: nop\n"
		       "#\n"
		       "# entries-in-buffer/entries-written: 3/3   #P:4\n"
		       "\n"
		       /* unknown events and function tracer lines: the common fields only */
		       "  kworker/0:1-11 [000] d..1. 1.000001: workqueue_execute_start: work "
		       "struct 00000000\n"
		       "  bash-2638 [001] ..... 1.000002: do_sys_open <-__x64_sys_openat\n"
		       /* a bare "*_entry" is not an x86 vector without its system */
		       "  qemu-500 [001] d..1. 1.000003: kvm_entry: vcpu 0\n"
		       /* a known event whose payload cannot be read: counted, kept as OTHER */
		       "  bash-2638 [001] d..2. 1.000004: sched_switch: prev_comm=bash prev_pid=\n"
		       /* no context: not an event */
		       "sched_switch: prev_comm=sh prev_pid=8102\n"
		       "garbage here\n"
		       "  bash-2638 [001] d..2. notatime: sched_switch: x\n"
		       "  bash-2638 [999999] d..2. 1.000005: sched_switch: x\n");
	CU_ASSERT_EQUAL(g.n, 4);
	CU_ASSERT_EQUAL(g.ev[0].kind, RTW_EV_OTHER);
	CU_ASSERT_EQUAL(g.ev[0].pid, 11);
	CU_ASSERT_STRING_EQUAL(g.ev[0].comm, "kworker/0:1");
	CU_ASSERT_EQUAL(g.ev[1].kind, RTW_EV_OTHER);
	CU_ASSERT_EQUAL(g.ev[1].cpu, 1);
	CU_ASSERT_EQUAL(g.ev[2].kind, RTW_EV_OTHER);
	CU_ASSERT_EQUAL(g.ev[3].kind, RTW_EV_OTHER);
	CU_ASSERT_EQUAL(g.ev[3].pid, 2638);
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 5);
	CU_ASSERT_EQUAL(textread_stats(tr)->first_unparsed_line, 8);
	CU_ASSERT_EQUAL(textread_stats(tr)->nr_cpus, 4);
	CU_ASSERT_EQUAL(textread_stats(tr)->flavor, TEXTREAD_KERNEL);
	textread_destroy(tr);
}

static void test_lost(void)
{
	struct textread *tr;
	struct got g;

	tr = read_text(&g, "  a-1 [000] ..... 1.000001: softirq_raise: vec=1 [action=TIMER]\n"
			   "CPU:1 [LOST 12 EVENTS]\n"
			   "  a-1 [000] ..... 1.000002: softirq_raise: vec=1 [action=TIMER]\n"
			   "  b-2 [001] ..... 1.000003: softirq_raise: vec=1 [action=TIMER]\n"
			   "##### CPU 0 buffer started ####\n"
			   "CPU:1 [7 EVENTS DROPPED]\n"
			   "CPU:1 [EVENTS DROPPED]\n"
			   "CPU 0 is empty\n"
			   "  a-1 [000] ..... 1.000004: softirq_raise: vec=1 [action=TIMER]\n");
	CU_ASSERT_EQUAL(g.n, 7);
	/* the lost mark takes the time of its CPU's next event, and comes before it */
	CU_ASSERT_EQUAL(g.ev[2].kind, RTW_EV_LOST);
	CU_ASSERT_EQUAL(g.ev[2].cpu, 1);
	CU_ASSERT_EQUAL(g.ev[2].u.lost.count, 12);
	CU_ASSERT_EQUAL(g.ev[2].ts_ns, 1000003000ULL);
	CU_ASSERT_EQUAL(g.ev[3].kind, RTW_EV_SOFTIRQ_RAISE);
	CU_ASSERT_EQUAL(g.ev[4].kind, RTW_EV_LOST);
	CU_ASSERT_EQUAL(g.ev[4].cpu, 0);
	CU_ASSERT_EQUAL(g.ev[4].u.lost.count, 0); /* unknown */
	/* at the end: CPU 1's marks with no event after them */
	CU_ASSERT_EQUAL(g.ev[6].kind, RTW_EV_LOST);
	CU_ASSERT_EQUAL(g.ev[6].cpu, 1);
	CU_ASSERT_EQUAL(g.ev[6].u.lost.count, 7);
	CU_ASSERT_EQUAL(g.ev[6].ts_ns, 1000004000ULL);
	CU_ASSERT_EQUAL(textread_stats(tr)->lost_lines, 4);
	CU_ASSERT_EQUAL(textread_stats(tr)->lost_events, 19);
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	textread_destroy(tr);
}

static void test_headers(void)
{
	struct textread *tr;
	struct got g;

	tr = read_text(&g, "# tracer: nop\n#\n# rtwhy: clock mono\n"
			   "# entries-in-buffer/entries-written: 0/0   #P:2\n"
			   "# rtwhy: spike 1: tid 5 latency 3000000 ns\n"
			   "  a-1 [000] ..... 1.000000001: softirq_raise: vec=1 [action=TIMER]\n"
			   "# rtwhy: spike 2: tid 5 latency 3000000 ns\n");
	CU_ASSERT_STRING_EQUAL(textread_stats(tr)->clock, "mono");
	CU_ASSERT_EQUAL(textread_stats(tr)->windows, 2);
	CU_ASSERT_EQUAL(textread_stats(tr)->flavor, TEXTREAD_RTWHY);
	CU_ASSERT_EQUAL(g.ev[0].ts_ns, 1000000001ULL);
	textread_destroy(tr);
	/* textwrite_kernel()'s lines: what a saved window cannot show in its events */
	tr = read_text(&g, "# rtwhy: clock mono\n"
			   "# rtwhy: kernel 6.1.0-57-rt-amd64 #1 SMP PREEMPT_RT Debian 6.1.192-3\n"
			   "# rtwhy: hz 250\n# rtwhy: main thread 286\n# rtwhy: preempt voluntary\n"
			   "# rtwhy: deadline task 7000 runtime 5000000 deadline 50000000 period "
			   "50000000\n"
			   "# rtwhy: deadline task 7001 runtime 1000000 deadline 10000000 period "
			   "20000000\n"
			   "# rtwhy: deadline task 7000 runtime 6000000 deadline 50000000 period "
			   "50000000\n"
			   "# rtwhy: deadline task 7002 runtime 5000000 period 50000000\n"
			   "  a-1 [000] ..... 1.000000001: softirq_raise: vec=1 [action=TIMER]\n");
	CU_ASSERT_STRING_EQUAL(textread_stats(tr)->kernel, "6.1.0-57-rt-amd64");
	CU_ASSERT_STRING_EQUAL(textread_stats(tr)->kernel_version,
			       "#1 SMP PREEMPT_RT Debian 6.1.192-3");
	CU_ASSERT_EQUAL(textread_stats(tr)->hz, 250);
	CU_ASSERT_EQUAL(textread_stats(tr)->main_tid, 286);
	CU_ASSERT_EQUAL(textread_stats(tr)->preempt, UTIL_PREEMPT_VOLUNTARY);
	/* the latest reservation of each task; a line without every field is no reservation */
	CU_ASSERT_EQUAL_FATAL(textread_stats(tr)->nr_dl, 2);
	CU_ASSERT_EQUAL(textread_stats(tr)->dl[0].pid, 7000);
	CU_ASSERT_EQUAL(textread_stats(tr)->dl[0].runtime_ns, 6000000);
	CU_ASSERT_EQUAL(textread_stats(tr)->dl[1].pid, 7001);
	CU_ASSERT_EQUAL(textread_stats(tr)->dl[1].deadline_ns, 10000000);
	CU_ASSERT_EQUAL(textread_stats(tr)->dl[1].period_ns, 20000000);
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	textread_destroy(tr);
	tr = read_text(&g, "# nop latency trace v1.1.5 on 6.12.0\n"
			   "          <idle>       0   1 3 00000001 00000006 [4562d681] 19.938ms "
			   "(+0.004ms): softirq_raise: vec=1\n");
	CU_ASSERT_STRING_EQUAL(textread_stats(tr)->kernel, "6.12.0");
	/* before 6.13, 0x02 is not the lazy need-resched bit */
	CU_ASSERT_EQUAL(g.ev[0].flags, RTW_F_IRQS_OFF);
	CU_ASSERT(textread_stats(tr)->relative_ts);
	CU_ASSERT_EQUAL(textread_stats(tr)->flavor, TEXTREAD_KERNEL_LAT);
	textread_destroy(tr);
}

/*
 * Debian's 6.12.117-rt (lines from the lab's guest): mainline's five flag columns with
 * 6.13's lazy need-resched letters (l, B), under the timerlat tracer's header, which names
 * the seven columns of the old -rt lazy patch (rtla timerlat -t); its samples are markers.
 */
#define RT_LAZY_LEGEND                                                     \
	"#                                _-------=> irqs-off\n"           \
	"#                               / _------=> need-resched\n"       \
	"#                              | / _-----=> need-resched-lazy\n"  \
	"#                              || / _----=> hardirq/softirq\n"    \
	"#                              ||| / _---=> preempt-depth\n"      \
	"#                              |||| / _--=> preempt-lazy-depth\n" \
	"#                              ||||| / _-=> migrate-disable\n"

static void test_612_rt(void)
{
	struct textread *tr;
	struct got g;

	tr = read_text(
		&g,
		"# tracer: timerlat\n#\n" RT_LAZY_LEGEND "#                              |||||| /\n"
		"#                              |||||||             ACTIVATION\n"
		"#           TASK-PID      CPU# |||||||   TIMESTAMP    ID            CONTEXT      "
		"          LATENCY\n"
		"#              | |         |   |||||||      |         |                  |       "
		"                |\n"
		"      timerlatu/1-231     [000] dl.4.   115.187295: sched_waking: "
		"comm=migration/0 "
		"pid=24 prio=0 target_cpu=000\n"
		"      timerlatu/1-231     [000] dB.5.   115.187308: sched_wakeup: "
		"comm=migration/0 "
		"pid=24 prio=0 target_cpu=000\n"
		"     timerlatu/0-218     [000] dNh41    98.052245: sched_wakeup: comm=irq_work/0 "
		"pid=25 prio=98 target_cpu=000\n"
		"         spinner-223     [001] d.h..   115.190342: #2     context    irq "
		"timer_latency    142181 ns\n"
		"     timerlatu/1-231     [001] ....1   115.192748: #2     context thread "
		"timer_latency   2643604 ns\n");
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	/* the lines have no lazy column: not the -rt lazy patch's layout */
	CU_ASSERT_FALSE(textread_stats(tr)->rt_layout);
	CU_ASSERT_EQUAL_FATAL(g.n, 5);
	CU_ASSERT_EQUAL(g.ev[0].flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED_LAZY);
	CU_ASSERT_EQUAL(g.ev[0].preempt, 4);
	CU_ASSERT_EQUAL(g.ev[1].flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED |
					       RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED);
	CU_ASSERT_EQUAL(g.ev[2].flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED |
					       RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(g.ev[2].preempt, 4);
	CU_ASSERT_EQUAL(g.ev[3].kind, RTW_EV_MARKER);
	CU_ASSERT_EQUAL(g.ev[3].pid, 223);
	CU_ASSERT_EQUAL(g.ev[4].kind, RTW_EV_MARKER);
	CU_ASSERT_EQUAL(g.ev[4].pid, 231);
	CU_ASSERT_EQUAL(g.ev[4].cpu, 1);
	CU_ASSERT_EQUAL(g.ev[4].ts_ns, 115192748000ULL);
	CU_ASSERT_STRING_EQUAL(g.ev[4].u.marker.text,
			       "#2     context thread timer_latency   2643604 ns");
	textread_destroy(tr);
	/* 6.1-rt: the same legend over lines that have its seven columns */
	tr = read_text(&g, RT_LAZY_LEGEND
		       "  a-1 [000] d.L.4.. 1.000000001: softirq_raise: vec=1 [action=TIMER]\n");
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	CU_ASSERT(textread_stats(tr)->rt_layout);
	CU_ASSERT_EQUAL(g.ev[0].flags, RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED_LAZY);
	textread_destroy(tr);
}

/* What --save-trace writes comes back as the same events. */
static void test_round_trip(void)
{
	struct evgen g;
	struct got got;
	struct textread *tr;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f;

	evgen_each_kind(&g);
	g.ev[g.n - 5].u.stack.nr = 0; /* text counts the frames as they come */
	f = open_memstream(&buf, &len);
	textwrite_header(f, 2, "mono");
	for (i = 0; i < g.n; i++)
		textwrite_event(f, &g.ev[i]);
	fclose(f);
	tr = read_text(&got, buf);
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	CU_ASSERT_EQUAL(textread_stats(tr)->nr_cpus, 2);
	CU_ASSERT_STRING_EQUAL(textread_stats(tr)->clock, "mono");
	CU_ASSERT_EQUAL_FATAL(got.n, (int)g.n);
	for (i = 0; i < g.n; i++) {
		const struct rtw_event *a = &g.ev[i], *b = &got.ev[i];

		CU_ASSERT_EQUAL(a->ts_ns, b->ts_ns);
		CU_ASSERT_EQUAL(a->cpu, b->cpu);
		CU_ASSERT_EQUAL(a->kind, b->kind);
		CU_ASSERT_EQUAL(a->flags, b->flags);
		CU_ASSERT_EQUAL(a->preempt, b->preempt);
		if (a->kind != RTW_EV_LOST) {
			CU_ASSERT_EQUAL(a->pid, b->pid);
			CU_ASSERT_STRING_EQUAL(a->comm, b->comm);
		}
		if (memcmp(&a->u, &b->u, sizeof(a->u)))
			fprintf(stderr, "round trip: event %zu (%s) differs\n", i,
				event_kind_name(a->kind));
		CU_ASSERT_EQUAL(memcmp(&a->u, &b->u, sizeof(a->u)), 0);
	}
	textread_destroy(tr);
	free(buf);
}

/* CPU hotplug's steps, as the kernel prints them (6.18 here: cpu_down of CPU 1). */
static void test_cpuhp(void)
{
	const struct rtw_event *e;

	e = one("     kworker/0:1-58      [000] .....  1869.838290: cpuhp_enter: cpu: 0001 target: "
		"  "
		"0 step: 125 (takedown_cpu)");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_CPUHP_ENTER);
	CU_ASSERT_EQUAL(e->u.hp.cpu, 1);
	CU_ASSERT_EQUAL(e->u.hp.target, 0);
	CU_ASSERT_EQUAL(e->u.hp.step, 125);
	CU_ASSERT_STRING_EQUAL(e->u.hp.fun, "takedown_cpu");
	e = one("         cpuhp/1-21      [001] .....  1869.838302: cpuhp_multi_enter: cpu: 0001 "
		"target: 215 step: 207 (perf_event_init_cpu)");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_CPUHP_ENTER);
	CU_ASSERT_EQUAL(e->u.hp.target, 215);
	CU_ASSERT_STRING_EQUAL(e->u.hp.fun, "perf_event_init_cpu");
	e = one("         cpuhp/1-21      [001] .....  1869.838310: cpuhp_exit:  cpu: 0001  state: "
		"206 step: 207 ret: -16");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_CPUHP_EXIT);
	CU_ASSERT_EQUAL(e->u.hp.cpu, 1);
	CU_ASSERT_EQUAL(e->u.hp.target, 206);
	CU_ASSERT_EQUAL(e->u.hp.step, 207);
	CU_ASSERT_EQUAL(e->u.hp.ret, -16);
}

/* The timer wheel's callbacks and an IPI's functions, as the kernel prints them (6.18 here). */
static void test_callbacks(void)
{
	const struct rtw_event *e;

	e = one("          <idle>-0       [000] ..s1. 35876.237025: timer_expire_entry: "
		"timer=0000000008458a14 function=process_timeout now=4303861286 "
		"baseclk=4303861286");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_TIMER_ENTRY);
	CU_ASSERT_EQUAL(e->u.cb.id, 0x8458a14);
	CU_ASSERT_STRING_EQUAL(e->u.cb.function, "process_timeout");
	CU_ASSERT(e->flags & RTW_F_SOFTIRQ);
	e = one("          <idle>-0       [000] .Ns1. 35876.237030: timer_expire_exit: "
		"timer=0000000008458a14");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_TIMER_EXIT);
	CU_ASSERT_EQUAL(e->u.cb.id, 0x8458a14);
	e = one("          <idle>-0       [000] d.h1. 35876.222856: csd_function_entry: "
		"func=do_sync_core, csd=00000000300cc465");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_CSD_ENTRY);
	CU_ASSERT_STRING_EQUAL(e->u.cb.function, "do_sync_core");
	CU_ASSERT_EQUAL(e->u.cb.id, 0x300cc465);
	e = one("          <idle>-0       [000] d.h1. 35876.222859: csd_function_exit: "
		"func=do_sync_core, csd=00000000300cc465");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_CSD_EXIT);
	CU_ASSERT_STRING_EQUAL(e->u.cb.function, "do_sync_core");
	/* trace-cmd's: a symbol with its offset */
	e = one("  <idle>-0     [000] ..s1. 35876.237025: timer_expire_entry:   "
		"timer=0xffff8881f4a3e010 function=process_timeout+0x0/0x10 now=4303861286 "
		"baseclk=4303861286");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_TIMER_ENTRY);
	CU_ASSERT_EQUAL(e->u.cb.id, 0xffff8881f4a3e010ULL);
	CU_ASSERT_STRING_EQUAL(e->u.cb.function, "process_timeout");
}

/* sched_pi_setprio and stack traces: the kernel's lines and trace-cmd's. */
static void test_pi_and_stack(void)
{
	struct got g;
	struct textread *tr;
	const struct rtw_event *e;

	e = one("          pilock-4920    [001] d..3.  3096.269511: sched_pi_setprio: comm=pilock "
		"pid=4919 oldprio=89 newprio=9");
	CU_ASSERT_EQUAL(e->kind, RTW_EV_PI_SETPRIO);
	CU_ASSERT_EQUAL(e->pid, 4920); /* the waiter: the boost runs in its context */
	CU_ASSERT_EQUAL(e->u.pi.pid, 4919);
	CU_ASSERT_EQUAL(e->u.pi.oldprio, 89);
	CU_ASSERT_EQUAL(e->u.pi.newprio, 9);
	CU_ASSERT_STRING_EQUAL(e->u.pi.comm, "pilock");
	tr = read_text(&g, "              sh-6206    [001] d.h4.  3182.612708: sched_waking: "
			   "comm=cyclictest pid=6209 prio=0 target_cpu=001\n"
			   "              sh-6206    [001] d.h4.  3182.612730: <stack trace>\n"
			   " => trace_event_raw_event_sched_wakeup_template\n"
			   " => asm_sysvec_apic_timer_interrupt\n"
			   " => __rmqueue_pcplist\n"
			   "              sh-6206    [001] dNh5.  3182.612732: sched_wakeup: "
			   "comm=cyclictest pid=6209 prio=0 target_cpu=001\n"
			   " => not a frame: no stack before it\n");
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 1);
	textread_destroy(tr);
	CU_ASSERT_EQUAL_FATAL(g.n, 6);
	CU_ASSERT_EQUAL(g.ev[1].kind, RTW_EV_STACK);
	CU_ASSERT_EQUAL(g.ev[1].pid, 6206);
	CU_ASSERT_EQUAL(g.ev[1].flags, RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	CU_ASSERT_EQUAL(g.ev[2].kind, RTW_EV_STACK_FRAME);
	CU_ASSERT_EQUAL(g.ev[2].ts_ns, g.ev[1].ts_ns);
	CU_ASSERT_EQUAL(g.ev[2].cpu, 1);
	CU_ASSERT_EQUAL(g.ev[2].pid, 6206);
	CU_ASSERT_STRING_EQUAL(g.ev[2].u.frame.name, "trace_event_raw_event_sched_wakeup_template");
	CU_ASSERT_EQUAL(g.ev[4].u.frame.index, 2);
	CU_ASSERT_STRING_EQUAL(g.ev[4].u.frame.name, "__rmqueue_pcplist");
	CU_ASSERT_EQUAL(g.ev[5].kind, RTW_EV_WAKEUP);
	/* trace-cmd report: the event by its name, frames with their address or offset */
	tr = read_text(&g,
		       "cpus=2\n"
		       "           sleep-4321  [000]  3200.000100: kernel_stack:         <stack "
		       "trace >\n"
		       "=> try_to_wake_up (ffffffff8a1d2e40)\n"
		       "=> asm_sysvec_apic_timer_interrupt+0x1a/0x20 (ffffffff8b000cca)\n");
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	textread_destroy(tr);
	CU_ASSERT_EQUAL_FATAL(g.n, 3);
	CU_ASSERT_EQUAL(g.ev[0].kind, RTW_EV_STACK);
	CU_ASSERT_STRING_EQUAL(g.ev[1].u.frame.name, "try_to_wake_up");
	CU_ASSERT_STRING_EQUAL(g.ev[2].u.frame.name, "asm_sysvec_apic_timer_interrupt");
}

/* textread_fd(): big reads, CRLF, a line longer than the buffer, a cut last line. */
static void test_fd(void)
{
	char path[] = "/tmp/rtwhy-unit-textread.XXXXXX";
	const char *ev = "  a-1 [000] ..... 1.000001: softirq_raise: vec=1 [action=TIMER]\r\n";
	struct textread *tr;
	struct got g;
	FILE *f;
	int fd, i;

	fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	f = fdopen(fd, "w");
	fputs(ev, f);
	for (i = 0; i < 1500000; i++) /* 1.5 MB without a newline */
		fputc('x', f);
	fputc('\n', f);
	fputs(ev, f);
	fputs("  a-1 [000] ..... 1.000002: softirq_raise: vec=1 [act", f);
	fclose(f);
	memset(&g, 0, sizeof(g));
	tr = textread_create(collect, &g);
	fd = open(path, O_RDONLY);
	CU_ASSERT_EQUAL(textread_fd(tr, fd), 0);
	close(fd);
	unlink(path);
	CU_ASSERT_EQUAL(g.n, 2);
	CU_ASSERT_EQUAL(textread_stats(tr)->lines, 4);
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 2);
	CU_ASSERT_EQUAL(textread_stats(tr)->first_unparsed_line, 2);
	CU_ASSERT(textread_stats(tr)->cut);
	textread_destroy(tr);
}

static int stop_at_second(const struct rtw_event *ev, int buffer, void *arg)
{
	int *n = arg;

	(void)ev;
	(void)buffer;
	return ++*n == 2 ? 42 : 0;
}

static void test_stop(void)
{
	struct textread *tr;
	int n = 0;

	tr = textread_create(stop_at_second, &n);
	CU_ASSERT_EQUAL(textread_line(tr, "  a-1 [000] ..... 1.1: x: y", 27), 0);
	CU_ASSERT_EQUAL(textread_line(tr, "  a-1 [000] ..... 1.2: x: y", 27), 42);
	CU_ASSERT_STRING_EQUAL(textread_flavor_name(TEXTREAD_TRACE_CMD), "trace-cmd report");
	CU_ASSERT_STRING_EQUAL(textread_flavor_name(TEXTREAD_UNKNOWN), "ftrace text");
	textread_destroy(tr);
	textread_destroy(NULL);
}

static CU_TestInfo textread_tests[] = {
	{ "timestamps", test_parse_ts },
	{ "kernel sched_switch", test_kernel_switch },
	{ "kernel events", test_kernel_events },
	{ "column variants", test_columns },
	{ "trace-cmd report", test_trace_cmd },
	{ "interrupt context without flags", test_infer_flags },
	{ "comm cache", test_comm_cache },
	{ "unknown and unreadable lines", test_other_and_bad },
	{ "lost events", test_lost },
	{ "headers", test_headers },
	{ "6.12 PREEMPT_RT, rtla's timerlat trace", test_612_rt },
	{ "sched_pi_setprio and stack traces", test_pi_and_stack },
	{ "cpuhp_enter, cpuhp_multi_enter, cpuhp_exit", test_cpuhp },
	{ "timer_expire_entry/exit, csd_function_entry/exit", test_callbacks },
	{ "textwrite round trip", test_round_trip },
	{ "reading a file", test_fd },
	{ "callback stops", test_stop },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("textread", NULL, NULL, textread_tests);
