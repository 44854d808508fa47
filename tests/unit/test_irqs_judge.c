// SPDX-License-Identifier: GPL-2.0-only
/* irqs/judge: threads linked to actions, kinds, verdicts, remedies, on the fake sysroots. */
#include <CUnit/CUnit.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/irqs/judge.h"
#include "analysis/util.h"
#include "unit.h"

/* Load a fixture and judge it. */
static int irqjt_run(const char *name, struct irqs_gather_table *t, struct irqs_judge *v)
{
	char root[512];

	memset(t, 0, sizeof(*t));
	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	if (irqs_gather_load(root, t))
		return -1;
	return irqs_judge_run(t, v);
}

/* The judgement of IRQ @irq. */
static const struct irqs_judge_irq *irqjt_irq(const struct irqs_gather_table *t,
					      const struct irqs_judge *v, int irq)
{
	const struct irqs_gather_irq *q = irqs_gather_find(t, irq);

	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	return &v->irqs[q - t->irqs];
}

static void irqjt_done(struct irqs_gather_table *t, struct irqs_judge *v)
{
	irqs_judge_free(v);
	irqs_gather_free(t);
}

static void test_unthreaded(void)
{
	struct irqs_gather_table t;
	const struct irqs_judge_irq *q;
	struct irqs_judge v;

	CU_ASSERT_EQUAL_FATAL(irqjt_run("sysroot-unthreaded", &t, &v), 0);
	CU_ASSERT_EQUAL(v.nr_irqs, t.nr_irqs);
	q = irqjt_irq(&t, &v, 24);
	CU_ASSERT_TRUE(q->threaded);
	CU_ASSERT_EQUAL(q->kind, IRQS_JUDGE_DEVICE);
	CU_ASSERT_TRUE_FATAL(q->thread >= 0);
	CU_ASSERT_EQUAL(t.threads[q->thread].pid, 50);
	CU_ASSERT_EQUAL(q->secondary, -1);
	CU_ASSERT_STRING_EQUAL(q->verdict, "threaded");
	CU_ASSERT_EQUAL(q->observed, IRQS_JUDGE_OBS_NONE);
	CU_ASSERT_EQUAL(t.threads[irqjt_irq(&t, &v, 25)->thread].pid, 51);
	q = irqjt_irq(&t, &v, 36);
	CU_ASSERT_FALSE(q->threaded);
	CU_ASSERT_EQUAL(q->thread, -1);
	CU_ASSERT_STRING_EQUAL(q->verdict, "NOT threaded: hard IRQ context");
	CU_ASSERT_EQUAL(v.nr_device, 6);
	CU_ASSERT_EQUAL(v.nr_unthreaded, 4);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.verdict, "4 of 6 device IRQs not threaded"));
	CU_ASSERT_EQUAL_FATAL(v.nr_remedies, 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.remedies[0], "boot with threadirqs"));
	/* the busiest hard IRQ since boot, to move off the RT CPUs */
	CU_ASSERT_PTR_NOT_NULL(strstr(v.remedies[1], "echo 0 > /proc/irq/36/smp_affinity_list"));
	CU_ASSERT_PTR_NOT_NULL(strstr(v.remedies[2], "fifo 50 (irq/24-ACPI:Ged, pid 50)"));
	irqjt_done(&t, &v);
}

static void test_rt(void)
{
	struct irqs_gather_table t;
	const struct irqs_judge_irq *q;
	struct irqs_judge v;
	char sched[32];

	CU_ASSERT_EQUAL_FATAL(irqjt_run("sysroot-rt", &t, &v), 0);
	q = irqjt_irq(&t, &v, 0);
	CU_ASSERT_EQUAL(q->kind, IRQS_JUDGE_TIMER);
	CU_ASSERT_STRING_EQUAL(q->verdict, "timer: never threaded");
	/* shared, one name with spaces whose thread comm is cut to "irq/16-snd hda " */
	q = irqjt_irq(&t, &v, 16);
	CU_ASSERT_EQUAL(q->nr_threaded, 2);
	CU_ASSERT_TRUE(q->threaded);
	q = irqjt_irq(&t, &v, 40);
	CU_ASSERT_TRUE(q->threaded);
	CU_ASSERT_TRUE_FATAL(q->secondary >= 0);
	CU_ASSERT_EQUAL(t.threads[q->secondary].pid, 141);
	CU_ASSERT_TRUE(t.threads[q->secondary].secondary);
	CU_ASSERT_EQUAL(t.threads[q->secondary].prio, 49);
	CU_ASSERT_EQUAL(t.threads[q->thread].prio, 60);
	q = irqjt_irq(&t, &v, 41);
	CU_ASSERT_EQUAL(t.threads[q->thread].policy, SCHED_RR);
	irqs_judge_sched(&t.threads[q->thread], sched, sizeof(sched));
	CU_ASSERT_STRING_EQUAL(sched, "rr 50");
	CU_ASSERT_EQUAL(v.nr_device, 5);
	CU_ASSERT_EQUAL(v.nr_unthreaded, 0);
	CU_ASSERT_STRING_EQUAL(v.verdict, "all 5 device IRQs are threaded (PREEMPT_RT kernel)");
	CU_ASSERT_EQUAL_FATAL(v.nr_remedies, 1); /* only the IRQ threads' priority */
	CU_ASSERT_PTR_NOT_NULL(strstr(v.remedies[0], "IRQ threads run at fifo 50"));
	irqjt_done(&t, &v);
}

static void test_threadirqs_and_missing(void)
{
	struct irqs_gather_table t;
	struct irqs_judge v;

	CU_ASSERT_EQUAL_FATAL(irqjt_run("sysroot-threadirqs", &t, &v), 0);
	CU_ASSERT_FALSE(irqjt_irq(&t, &v, 18)->threaded);
	CU_ASSERT_TRUE(irqjt_irq(&t, &v, 30)->threaded);
	CU_ASSERT_EQUAL(v.nr_device, 3);
	CU_ASSERT_EQUAL(v.nr_unthreaded, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.remedies[0], "threading is forced, yet 1 device IRQ is "
						     "not threaded (IRQF_NO_THREAD): keep it off"));
	irqjt_done(&t, &v);

	CU_ASSERT_EQUAL_FATAL(irqjt_run("sysroot-missing", &t, &v), 0);
	CU_ASSERT_EQUAL(irqjt_irq(&t, &v, 7)->kind, IRQS_JUDGE_UNUSED);
	CU_ASSERT_STRING_EQUAL(irqjt_irq(&t, &v, 7)->verdict, "no handler");
	CU_ASSERT_EQUAL(v.nr_device, 1);
	CU_ASSERT_EQUAL(v.nr_unthreaded, 1);
	irqjt_done(&t, &v);
}

static void test_observed(void)
{
	struct irqs_gather_table t;
	struct irqs_gather_irq *q;
	struct irqs_judge v;

	CU_ASSERT_EQUAL_FATAL(irqjt_run("sysroot-unthreaded", &t, &v), 0);
	irqs_judge_free(&v);
	q = irqs_gather_find(&t, 36);
	q->seen_hardirq = 3;
	CPU_SET(1, &q->hard_cpus);
	irqs_gather_find(&t, 24)->thread_runs = 1;
	irqs_gather_find(&t, 25)->seen_task = 2; /* handler entry in a task: its thread */
	irqs_gather_find(&t, 35)->fired = 4;
	irqs_gather_find(&t, 41)->seen_hardirq = 9;
	t.observed = true;
	CU_ASSERT_EQUAL_FATAL(irqs_judge_run(&t, &v), 0);
	CU_ASSERT_EQUAL(irqjt_irq(&t, &v, 36)->observed, IRQS_JUDGE_OBS_HARDIRQ);
	CU_ASSERT_STRING_EQUAL(irqjt_irq(&t, &v, 36)->verdict,
			       "NOT threaded: ran in hard IRQ context on CPU 1");
	CU_ASSERT_EQUAL(irqjt_irq(&t, &v, 24)->observed, IRQS_JUDGE_OBS_THREAD);
	CU_ASSERT_STRING_EQUAL(irqjt_irq(&t, &v, 24)->verdict, "threaded; ran in its thread");
	CU_ASSERT_EQUAL(irqjt_irq(&t, &v, 25)->observed, IRQS_JUDGE_OBS_THREAD);
	CU_ASSERT_EQUAL(irqjt_irq(&t, &v, 26)->observed, IRQS_JUDGE_OBS_UNSEEN);
	CU_ASSERT_STRING_EQUAL(irqjt_irq(&t, &v, 26)->verdict, "NOT threaded; did not fire");
	CU_ASSERT_STRING_EQUAL(irqjt_irq(&t, &v, 35)->verdict,
			       "NOT threaded; fired 4 times, not in the trace");
	/* observed: the busiest hard IRQ is the one seen most in the window, not since boot */
	CU_ASSERT_PTR_NOT_NULL(strstr(v.remedies[1], "e.g. IRQ 41"));
	irqjt_done(&t, &v);
}

static void test_names(void)
{
	CU_ASSERT_STRING_EQUAL(irqs_judge_kind_name(IRQS_JUDGE_DEVICE), "device");
	CU_ASSERT_STRING_EQUAL(irqs_judge_kind_name(IRQS_JUDGE_TIMER), "timer");
	CU_ASSERT_STRING_EQUAL(irqs_judge_kind_name(IRQS_JUDGE_UNUSED), "unused");
	CU_ASSERT_PTR_NULL(irqs_judge_observed_name(IRQS_JUDGE_OBS_NONE));
	CU_ASSERT_STRING_EQUAL(irqs_judge_observed_name(IRQS_JUDGE_OBS_UNSEEN), "unseen");
	CU_ASSERT_STRING_EQUAL(irqs_judge_observed_name(IRQS_JUDGE_OBS_HARDIRQ), "hardirq");
	CU_ASSERT_STRING_EQUAL(irqs_judge_observed_name(IRQS_JUDGE_OBS_THREAD), "thread");
}

static CU_TestInfo irqs_judge_tests[] = {
	{ "unthreaded", test_unthreaded },
	{ "rt", test_rt },
	{ "threadirqs_and_missing", test_threadirqs_and_missing },
	{ "observed", test_observed },
	{ "names", test_names },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("irqs_judge", NULL, NULL, irqs_judge_tests);
