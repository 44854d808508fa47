// SPDX-License-Identifier: GPL-2.0-only
/* irqs/gather: /proc/interrupts, IRQ threads, the fake sysroots, the observation counts. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/irqs/gather.h"
#include "analysis/util.h"
#include "unit.h"

static int irqgt_load(const char *name, struct irqs_gather_table *t)
{
	char root[512];

	memset(t, 0, sizeof(*t));
	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	return irqs_gather_load(root, t);
}

/* Is @set exactly the CPUs from @lo to @hi? */
static bool irqgt_cpus(const cpu_set_t *set, int lo, int hi)
{
	cpu_set_t want;

	CPU_ZERO(&want);
	for (; lo <= hi; lo++)
		CPU_SET(lo, &want);
	return CPU_EQUAL(set, &want);
}

/* ---- /proc/interrupts --------------------------------------------------------------- */

static void test_parse_interrupts(void)
{
	const char *text = "           CPU0       CPU2       \n"
			   "  0:         44          0   IO-APIC   2-edge      timer\n"
			   "  7:          0          0   IO-APIC   7-edge\n"
			   " 16:        120         33   IO-APIC  16-fasteoi   ehci_hcd:usb1, "
			   "snd hda intel\n"
			   " 36:          0      31137 PCI-MSIX-0000:00:02.0   1-edge      "
			   "virtio1-req.0\n"
			   "NMI:          1          2   Non-maskable interrupts\n"
			   "ERR:          5\n";
	struct irqs_gather_table t = { 0 };
	struct irqs_gather_irq *q;

	CU_ASSERT_EQUAL_FATAL(irqs_gather_parse_interrupts(text, &t), 0);
	CU_ASSERT_EQUAL(t.nr_cpus, 2);
	CU_ASSERT_EQUAL(t.cpus[0], 0);
	CU_ASSERT_EQUAL(t.cpus[1], 2);
	CU_ASSERT_EQUAL(t.nr_irqs, 4);
	CU_ASSERT_EQUAL(t.nr_vecs, 2);
	q = irqs_gather_find(&t, 36);
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->counts[1], 31137);
	CU_ASSERT_EQUAL(q->total, 31137);
	CU_ASSERT_STRING_EQUAL(q->name, "virtio1-req.0");
	CU_ASSERT_STRING_EQUAL(q->chip, "PCI-MSIX-0000:00:02.0 1-edge");
	CU_ASSERT_EQUAL(q->nr_actions, 1);
	q = irqs_gather_find(&t, 7); /* no action: the flow type is not a name */
	CU_ASSERT_STRING_EQUAL(q->name, "");
	CU_ASSERT_EQUAL(q->nr_actions, 0);
	CU_ASSERT_STRING_EQUAL(q->chip, "IO-APIC 7-edge");
	q = irqs_gather_find(&t, 16);
	CU_ASSERT_STRING_EQUAL(q->name, "ehci_hcd:usb1, snd hda intel");
	CU_ASSERT_EQUAL(q->nr_actions, 2);
	CU_ASSERT_STRING_EQUAL(t.vecs[0].name, "NMI");
	CU_ASSERT_STRING_EQUAL(t.vecs[0].desc, "Non-maskable interrupts");
	CU_ASSERT_EQUAL(t.vecs[0].total, 3);
	CU_ASSERT_STRING_EQUAL(t.vecs[1].name, "ERR");
	CU_ASSERT_EQUAL(t.vecs[1].nr_counts, 1);
	CU_ASSERT_EQUAL(t.vecs[1].total, 5);
	irqs_gather_free(&t);
	CU_ASSERT_EQUAL(t.nr_irqs, 0);

	CU_ASSERT_EQUAL(irqs_gather_parse_interrupts(" 36: 1 2 x\n", &t), -EINVAL);
	irqs_gather_free(&t);
	CU_ASSERT_EQUAL(irqs_gather_parse_interrupts("", &t), -EINVAL);
	irqs_gather_free(&t);
}

/* ---- threads ------------------------------------------------------------------------ */

static void test_parse_thread(void)
{
	/* as this machine shows it */
	const char *stat = "50 (irq/24-ACPI:Ged) S 2 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 -51 0 1 0 "
			   "40 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 0 50 "
			   "1 0 0 0 0 0 0 0 0 0 0 0";
	const char *odd = "131 (irq/16-snd) (x) S 2 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 -51 0 1 0 "
			  "40 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 50 2 0 0 0";
	const char *user = "777 (irq/36-fake) S 1 0 0 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 "
			   "40 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0";
	const char *other = "1 (init) S 0 1 1 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 "
			    "40 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0";
	struct irqs_gather_thread th;

	CU_ASSERT_EQUAL(irqs_gather_parse_thread(stat, "Name:\tx\nCpus_allowed_list:\t0\n", &th),
			0);
	CU_ASSERT_EQUAL(th.pid, 50);
	CU_ASSERT_EQUAL(th.irq, 24);
	CU_ASSERT_FALSE(th.secondary);
	CU_ASSERT_STRING_EQUAL(th.comm, "irq/24-ACPI:Ged");
	CU_ASSERT_STRING_EQUAL(th.name, "ACPI:Ged");
	CU_ASSERT_EQUAL(th.policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(th.prio, 50);
	CU_ASSERT_TRUE(th.cpus_known);
	CU_ASSERT_EQUAL(CPU_COUNT(&th.cpus), 1);
	CU_ASSERT_TRUE(CPU_ISSET(0, &th.cpus));
	/* a comm with a space and parentheses: the last ')' ends it */
	CU_ASSERT_EQUAL(irqs_gather_parse_thread(odd, NULL, &th), 0);
	CU_ASSERT_STRING_EQUAL(th.comm, "irq/16-snd) (x");
	CU_ASSERT_EQUAL(th.policy, SCHED_RR);
	CU_ASSERT_FALSE(th.cpus_known);
	CU_ASSERT_EQUAL(irqs_gather_parse_thread(user, NULL, &th), -ENOENT); /* not a kthread */
	CU_ASSERT_EQUAL(irqs_gather_parse_thread(other, NULL, &th), -ENOENT);
	CU_ASSERT_EQUAL(irqs_gather_parse_thread("50 (irq/24-x) S 2 0", NULL, &th), -EINVAL);
	CU_ASSERT_EQUAL(irqs_gather_parse_thread("garbage", NULL, &th), -EINVAL);
	CU_ASSERT_EQUAL(irqs_gather_parse_thread("", NULL, &th), -EINVAL);
}

/* ---- fake sysroots ------------------------------------------------------------------ */

static void test_load_unthreaded(void)
{
	struct irqs_gather_table t;
	struct irqs_gather_irq *q;

	CU_ASSERT_EQUAL_FATAL(irqgt_load("sysroot-unthreaded", &t), 0);
	CU_ASSERT_FALSE(t.forced);
	CU_ASSERT_EQUAL(t.nr_cpus, 2);
	CU_ASSERT_EQUAL(t.nr_irqs, 6);
	CU_ASSERT_EQUAL(t.nr_threads, 2); /* pid 777 "irq/36-fake" is no kernel thread */
	CU_ASSERT_EQUAL(t.threads[0].pid, 50);
	CU_ASSERT_EQUAL(t.threads[0].irq, 24);
	CU_ASSERT_EQUAL(t.threads[0].prio, 50);
	CU_ASSERT_TRUE(t.threads[0].cpus_known && irqgt_cpus(&t.threads[0].cpus, 0, 0));
	CU_ASSERT_EQUAL(t.threads[1].pid, 51);
	q = irqs_gather_find(&t, 24);
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_TRUE(q->affinity_known && irqgt_cpus(&q->affinity, 0, 1));
	CU_ASSERT_TRUE(q->effective_known && irqgt_cpus(&q->effective, 0, 0));
	CU_ASSERT_STRING_EQUAL(q->chip, "IO-APIC 5-edge");
	CU_ASSERT_STRING_EQUAL(q->name, "ACPI:Ged");
	CU_ASSERT_EQUAL(q->nr_actions, 1);
	CU_ASSERT_PTR_NULL(irqs_gather_find(&t, 99));
	CU_ASSERT_EQUAL(t.nr_notes, 0);
	irqs_gather_free(&t);
}

static void test_load_rt(void)
{
	struct irqs_gather_table t;
	struct irqs_gather_irq *q;

	CU_ASSERT_EQUAL_FATAL(irqgt_load("sysroot-rt", &t), 0);
	CU_ASSERT_TRUE(t.forced);
	CU_ASSERT_STRING_EQUAL(t.forced_by, "PREEMPT_RT kernel");
	CU_ASSERT_EQUAL(t.nr_cpus, 4);
	CU_ASSERT_EQUAL(t.nr_irqs, 6);
	/* shared, one name with spaces: the /proc/irq/16 directories name both actions */
	q = irqs_gather_find(&t, 16);
	CU_ASSERT_STRING_EQUAL(q->name, "ehci_hcd:usb1, snd hda intel");
	CU_ASSERT_EQUAL(q->nr_actions, 2);
	CU_ASSERT_STRING_EQUAL(q->chip, "IO-APIC 16-fasteoi");
	q = irqs_gather_find(&t, 40);
	CU_ASSERT_TRUE(irqgt_cpus(&q->affinity, 2, 2));
	irqs_gather_free(&t);
}

static void test_load_threadirqs_and_missing(void)
{
	struct irqs_gather_table t;
	struct irqs_gather_irq *q;
	char root[512];

	CU_ASSERT_EQUAL_FATAL(irqgt_load("sysroot-threadirqs", &t), 0);
	CU_ASSERT_TRUE(t.forced);
	CU_ASSERT_STRING_EQUAL(t.forced_by, "threadirqs on the kernel command line");
	CU_ASSERT_EQUAL(t.cpus[1], 2);
	irqs_gather_free(&t);

	CU_ASSERT_EQUAL_FATAL(irqgt_load("sysroot-missing", &t), 0);
	CU_ASSERT_EQUAL(t.nr_cpus, 1);
	q = irqs_gather_find(&t, 4);
	CU_ASSERT_STRING_EQUAL(q->name, "ttyS0"); /* from /proc/interrupts */
	CU_ASSERT_FALSE(q->affinity_known);
	CU_ASSERT_FALSE(q->effective_known);
	CU_ASSERT_EQUAL(irqs_gather_find(&t, 7)->nr_actions, 0);
	CU_ASSERT_TRUE_FATAL(t.nr_notes >= 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(t.notes[0], "/proc/irq/N"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t.notes[1], "smp_affinity_list"));
	irqs_gather_free(&t);

	snprintf(root, sizeof(root), "%s/sysroot-none", unit_fixtures());
	memset(&t, 0, sizeof(t));
	CU_ASSERT_EQUAL(irqs_gather_load(root, &t), -ENOENT); /* says so on stderr */
	irqs_gather_free(&t);
}

/* ---- observation -------------------------------------------------------------------- */

static void irqgt_event(struct irqs_gather_table *t, int kind, int cpu, uint8_t flags, int irq,
			const char *next_comm)
{
	struct rtw_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.kind = (uint16_t)kind;
	ev.cpu = cpu;
	ev.flags = flags;
	if (kind == RTW_EV_IRQ_ENTRY)
		ev.u.irq.irq = irq;
	if (next_comm)
		util_strlcpy(ev.u.sw.next_comm, next_comm, RTW_COMM_LEN);
	if (kind == RTW_EV_LOST)
		ev.u.lost.count = (uint64_t)irq;
	irqs_gather_account(t, &ev);
}

static void test_observe(void)
{
	const char *before = "           CPU0       CPU1\n"
			     " 24:          1          0  IO-APIC   5-edge      ACPI:Ged\n"
			     " 36:          0      31137  PCI-MSIX   1-edge      virtio1-req.0\n"
			     "LOC:      26459      25463   Local timer interrupts\n";
	const char *after = "           CPU0       CPU1\n"
			    " 24:          2          0  IO-APIC   5-edge      ACPI:Ged\n"
			    " 36:          0      31140  PCI-MSIX   1-edge      virtio1-req.0\n"
			    " 41:          9          0  PCI-MSIX   1-edge      virtio3-rx\n"
			    "LOC:      26500      25500   Local timer interrupts\n";
	struct irqs_gather_table t;
	struct irqs_gather_irq *q;

	CU_ASSERT_EQUAL_FATAL(irqgt_load("sysroot-unthreaded", &t), 0);
	irqgt_event(&t, RTW_EV_IRQ_ENTRY, 1, RTW_F_HARDIRQ | RTW_F_IRQS_OFF, 36, NULL);
	irqgt_event(&t, RTW_EV_IRQ_ENTRY, 1, RTW_F_HARDIRQ, 36, NULL);
	irqgt_event(&t, RTW_EV_IRQ_ENTRY, 1, RTW_F_HARDIRQ, 36, NULL);
	/* forced threading: the primary in hard IRQ context, then the thread runs */
	irqgt_event(&t, RTW_EV_IRQ_ENTRY, 0, RTW_F_HARDIRQ, 24, NULL);
	irqgt_event(&t, RTW_EV_SWITCH, 0, 0, 0, "irq/24-ACPI:Ged");
	irqgt_event(&t, RTW_EV_SWITCH, 0, 0, 0, "bash");
	irqgt_event(&t, RTW_EV_IRQ_ENTRY, 0, 0, 25, NULL); /* in a task: a threaded handler */
	irqgt_event(&t, RTW_EV_IRQ_ENTRY, 0, RTW_F_HARDIRQ, 99, NULL); /* not in the table */
	irqgt_event(&t, RTW_EV_LOST, 1, 0, 7, NULL);
	irqgt_event(&t, RTW_EV_LOST, 1, 0, 0, NULL); /* an unknown number: at least one */
	irqs_gather_observe_done(&t, before, after, 3 * NSEC_PER_SEC);

	CU_ASSERT_TRUE(t.observed);
	CU_ASSERT_EQUAL(t.observed_ns, 3 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(t.nr_events, 10);
	CU_ASSERT_EQUAL(t.lost_events, 8);
	q = irqs_gather_find(&t, 36);
	CU_ASSERT_EQUAL(q->seen_hardirq, 3);
	CU_ASSERT_EQUAL(q->fired, 3);
	CU_ASSERT_TRUE(CPU_ISSET(1, &q->hard_cpus));
	CU_ASSERT_FALSE(CPU_ISSET(0, &q->hard_cpus));
	q = irqs_gather_find(&t, 24);
	CU_ASSERT_EQUAL(q->thread_runs, 1);
	CU_ASSERT_EQUAL(q->seen_hardirq, 1);
	CU_ASSERT_EQUAL(q->fired, 1);
	CU_ASSERT_EQUAL(irqs_gather_find(&t, 25)->seen_task, 1);
	CU_ASSERT_EQUAL(irqs_gather_find(&t, 26)->fired, 0);	  /* in neither: no wrapped count */
	CU_ASSERT_EQUAL(irqs_gather_find(&t, 41)->fired, 9);	  /* new in the window: all of it */
	CU_ASSERT_EQUAL(t.vecs[1].fired, 41 + 37);		  /* LOC */
	irqs_gather_observe_done(&t, before, NULL, NSEC_PER_SEC); /* one text: no count */
	CU_ASSERT_EQUAL(irqs_gather_find(&t, 36)->fired, 0);
	irqs_gather_free(&t);
}

static CU_TestInfo irqs_gather_tests[] = {
	{ "parse_interrupts", test_parse_interrupts },
	{ "parse_thread", test_parse_thread },
	{ "load_unthreaded", test_load_unthreaded },
	{ "load_rt", test_load_rt },
	{ "load_threadirqs_and_missing", test_load_threadirqs_and_missing },
	{ "observe", test_observe },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("irqs_gather", NULL, NULL, irqs_gather_tests);
