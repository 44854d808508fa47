// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict: every verdict has its entry in the table (a name, a rule, a
 * wording); the rules themselves are tried on real spikes in test_blame.c.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/util.h"
#include "analysis/blame.h"
#include "analysis/verdict.h"
#include "unit.h"

static void test_names(void)
{
	static const char *const want[BLAME_NR_VERDICTS] = {
		[BLAME_V_TICK_WAIT] = "tick_wait",
		[BLAME_V_HIGHER_PRIORITY] = "higher_priority",
		[BLAME_V_NON_PREEMPTIBLE] = "non_preemptible",
		[BLAME_V_IRQ] = "irq",
		[BLAME_V_SOFTIRQ] = "softirq",
		[BLAME_V_IRQ_THREAD] = "irq_thread",
		[BLAME_V_IDLE_EXIT] = "idle_exit",
		[BLAME_V_TIMER_SLACK] = "timer_slack",
		[BLAME_V_MIGRATION] = "migration",
		[BLAME_V_INVISIBLE] = "invisible",
		[BLAME_V_INCOMPLETE] = "incomplete",
		[BLAME_V_RT_THROTTLED] = "rt_throttled",
		[BLAME_V_FAIR_SERVER] = "fair_server",
		[BLAME_V_PI_BOOST] = "pi_boost",
		[BLAME_V_LOCK_WAIT] = "lock_wait",
		[BLAME_V_PRIORITY_INVERSION] = "priority_inversion",
		[BLAME_V_STOP_WORK] = "stop_work",
		[BLAME_V_CFS_THROTTLED] = "cfs_throttled",
		[BLAME_V_STOPPED] = "stopped",
		[BLAME_V_STOP_MACHINE] = "stop_machine",
		[BLAME_V_FROZEN] = "frozen",
	};
	int v, k;

	for (v = 0; v < BLAME_NR_VERDICTS; v++) {
		/* a verdict added to the enum without its table entry is "?" */
		CU_ASSERT_STRING_NOT_EQUAL(verdict_name((enum blame_verdict)v), "?");
		if (want[v])
			CU_ASSERT_STRING_EQUAL(verdict_name((enum blame_verdict)v), want[v]);
		CU_ASSERT_PTR_EQUAL(blame_verdict_name((enum blame_verdict)v),
				    verdict_name((enum blame_verdict)v));
		for (k = 0; k < v; k++)
			CU_ASSERT_STRING_NOT_EQUAL(verdict_name((enum blame_verdict)k),
						   verdict_name((enum blame_verdict)v));
	}
	CU_ASSERT_STRING_EQUAL(verdict_name(BLAME_NR_VERDICTS), "?");
	CU_ASSERT_STRING_EQUAL(verdict_name((enum blame_verdict) - 1), "?");
}

/* A complete explanation of 1 us on CPU 1 with no culprit at all. */
static void nothing_in_it(struct blame_result *r)
{
	memset(r, 0, sizeof(*r));
	r->complete = true;
	r->latency_ns = 1000;
	r->run_cpu = 1;
	r->victim_prio = -1000;
}

/* An explanation with nothing in it: invisible, no culprit named, words still written. */
static void test_no_culprit(void)
{
	struct blame_host host = { .steal_ns = 3000000,
				   .steal_per_cpu = true,
				   .steal_span_ns = 200000000 };
	struct blame_result r;

	nothing_in_it(&r);
	r.spike.cpu = 1;
	verdict_decide(&r, &host);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_EQUAL(r.verdict_culprit, -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "CPU 1 showed no event"));
	/* the last resort says what it ruled out, and the steal time measured */
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text,
				      " Ruled out: no event was lost, no task was switched "
				      "in during it, no interrupt, softirq or IRQ thread ran "
				      "in it, no RT throttling or fair server, no CPU stopper "
				      "or stop_machine(), no lock wait or priority "
				      "inheritance."));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text,
				      "Measured: the hypervisor ran something else for 3.0 "
				      "ms of CPU 1's time in the 200.0 ms around the spike"));
	CU_ASSERT_EQUAL(r.cause.evidence.ruled_out, CAUSE_RO_LOST | CAUSE_RO_TASK | CAUSE_RO_IRQ |
							    CAUSE_RO_BANDWIDTH | CAUSE_RO_STOPPER |
							    CAUSE_RO_LOCK);
	CU_ASSERT_EQUAL(r.cause.evidence.steal_ns, 3000000);
	/* the silent stretch in a CPU stopper (89-hotplug): the stopper is not ruled out */
	r.nr_culprits = 1;
	r.culprit[0] = (struct blame_culprit){
		.kind = BLAME_UNACCOUNTED, .pid = 16, .cpu = 1, .ns = 900, .comm = "migration/1"
	};
	verdict_decide(&r, &host);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "while migration/1 ran"));
	CU_ASSERT_PTR_NULL(strstr(r.text, "no CPU stopper"));
	CU_ASSERT_FALSE(r.cause.evidence.ruled_out & CAUSE_RO_STOPPER);
	r.nr_culprits = 0;
	/* more steal than the span: accrued before, counted at once (4040 ms in 38.4 ms seen) */
	host.steal_ns = 4040000000LL;
	host.steal_span_ns = 38400000;
	verdict_decide(&r, &host);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "counted 4040.0 ms of steal time on CPU 1 in the "
					      "38.4 ms around the spike, more than that span"));
	CU_ASSERT_PTR_NULL(strstr(r.text, "ran something else for 4040.0 ms"));
	host.steal_span_ns = 200000000;
	host.steal_ns = 0;
	host.steal_per_cpu = false;
	host.smi = (struct blame_smi){ .counted = true, .cpu = 1 };
	verdict_decide(&r, &host);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "no SMI was counted."));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text,
				      "Measured: no steal time on this machine in the 200.0 "
				      "ms around the spike"));
	CU_ASSERT_TRUE(r.cause.evidence.ruled_out & CAUSE_RO_SMI);
	CU_ASSERT_STRING_EQUAL(cause_ruled_out_name(CAUSE_RO_STOPPER), "cpu_stopper");
	CU_ASSERT_STRING_EQUAL(cause_ruled_out_name(3), "?");
	CU_ASSERT_PTR_NOT_NULL(strstr(r.hint, "dedicated host CPUs"));
	r.complete = false;
	snprintf(r.incomplete_why, sizeof(r.incomplete_why), "no wakeup");
	verdict_decide(&r, NULL);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "no wakeup. The culprits shown"));
}

/* The mechanisms' rules read cause.h's findings: the shares decide, the roles name. */
static void test_cause_rules(void)
{
	struct blame_result r;

	memset(&r, 0, sizeof(r));
	r.complete = true;
	r.latency_ns = 40000000;
	r.run_cpu = 1;
	r.victim_prio = 0;
	r.nr_culprits = 2;
	r.culprit[0] = (struct blame_culprit){ .kind = BLAME_IDLE, .ns = 30000000, .cpu = 1 };
	r.culprit[1] = (struct blame_culprit){ .kind = BLAME_TASK,
					       .ns = 10000000,
					       .pid = 7000,
					       .comm = "spinner",
					       .prio = 98,
					       .policy = 1,
					       .cpu = 1,
					       .role = BLAME_ROLE_RT_BUDGET };
	r.cause.bw.kind = CAUSE_BW_RT_THROTTLED;
	r.cause.bw.cpu = 1;
	r.cause.bw.held_ns = 39000000;
	verdict_decide(&r, NULL);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_EQUAL(r.verdict_culprit, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "the period timer that ends it is not in the trace"));
	/* held less than half of the latency: not the mechanism's spike */
	r.cause.bw.held_ns = 19000000;
	verdict_decide(&r, NULL);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INVISIBLE);
	/* the fair server names the starver */
	r.cause.bw.held_ns = 39000000;
	r.cause.bw.kind = CAUSE_BW_FAIR_SERVER;
	r.culprit[1].role = BLAME_ROLE_STARVER;
	verdict_decide(&r, NULL);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_FAIR_SERVER);
	CU_ASSERT_EQUAL(r.verdict_culprit, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "50 ms every 1 s by default"));
	/* the stopper, however small, when it is the largest culprit */
	memset(&r.cause, 0, sizeof(r.cause));
	r.culprit[0] = (struct blame_culprit){ .kind = BLAME_TASK,
					       .ns = 14000,
					       .pid = 21,
					       .comm = "migration/1",
					       .prio = 0,
					       .cpu = 1,
					       .role = BLAME_ROLE_STOPPER };
	r.culprit[1] = (struct blame_culprit){ .kind = BLAME_HARDIRQ, .ns = 10000, .cpu = 1 };
	r.latency_ns = 24000;
	r.cause.stop.seen = true;
	snprintf(r.cause.stop.comm, sizeof(r.cause.stop.comm), "migration/1");
	r.cause.stop.moved_pid = -1;
	verdict_decide(&r, NULL);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_STOP_WORK);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "moved no task: stop_machine()"));
}

/* --smi: the count the live run read is the invisible verdict's last sentence, and only its. */
static void test_smi_count(void)
{
	struct blame_host host = { .steal_ns = -1,
				   .smi = { .counted = true,
					    .cpu = 1,
					    .count = 2,
					    .before_ns =
						    42 * NSEC_PER_MSEC + 300 * NSEC_PER_USEC } };
	const char *sentence = " SMIs counted on CPU 1 from 42.3 ms before the deadline until the "
			       "explanation (--smi): 2, so an SMI is the likely cause.";
	struct blame_result r;
	size_t n;

	nothing_in_it(&r);
	verdict_decide(&r, &host);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INVISIBLE);
	n = strlen(r.text);
	CU_ASSERT_TRUE_FATAL(n > strlen(sentence));
	CU_ASSERT_STRING_EQUAL(r.text + n - strlen(sentence), sentence);
	host.smi.count = 0;
	verdict_decide(&r, &host);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "explanation (--smi): 0: not an SMI."));
	host.smi.counted = false;
	verdict_decide(&r, &host);
	CU_ASSERT_PTR_NULL(strstr(r.text, "SMIs counted"));
	/* another verdict says nothing of SMIs */
	host.smi.counted = true;
	r.complete = false;
	snprintf(r.incomplete_why, sizeof(r.incomplete_why), "no wakeup");
	verdict_decide(&r, &host);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT_PTR_NULL(strstr(r.text, "SMIs counted"));
}

static CU_TestInfo verdict_tests[] = {
	{ "one table entry per verdict", test_names },
	{ "the rules of the kernel's mechanisms", test_cause_rules },
	{ "no culprit at all", test_no_culprit },
	{ "--smi: the count in the invisible verdict", test_smi_count },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("verdict", NULL, NULL, verdict_tests);
