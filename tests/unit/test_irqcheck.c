// SPDX-License-Identifier: GPL-2.0-only
/* irqcheck: options, /proc/interrupts, IRQ threads, fake sysroots, observation, output. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/irqcheck.h"
#include "analysis/util.h"
#include "unit.h"

/* ---- helpers ------------------------------------------------------------------------ */

static int irqt_parse(struct irqcheck_opts *o, char *err, const char *a1, const char *a2,
		      const char *a3)
{
	char *argv[5] = { (char *)"irqs", (char *)a1, (char *)a2, (char *)a3, NULL };
	int argc = 1 + !!a1 + !!(a1 && a2) + !!(a1 && a2 && a3);

	return irqcheck_parse_args(argc, argv, o, err, 256);
}

static int irqt_load(const char *name, struct irqcheck_table *t)
{
	char root[512];

	memset(t, 0, sizeof(*t));
	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	return irqcheck_load(root, t);
}

static struct irqcheck_irq *irqt_irq(struct irqcheck_table *t, int irq)
{
	size_t i;

	for (i = 0; i < t->nr_irqs; i++)
		if (t->irqs[i].irq == irq)
			return &t->irqs[i];
	return NULL;
}

static char *irqt_print(const struct irqcheck_table *t, bool json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (json)
		irqcheck_write_json(t, f);
	else
		irqcheck_print(t, f);
	fclose(f);
	return buf;
}

/* ---- options ------------------------------------------------------------------------ */

static void test_args_ok(void)
{
	struct irqcheck_opts o;
	char err[256];

	CU_ASSERT_EQUAL(irqt_parse(&o, err, NULL, NULL, NULL), 0);
	CU_ASSERT_EQUAL(o.observe_s, 0);
	CU_ASSERT_PTR_NULL(o.json_path);
	CU_ASSERT_STRING_EQUAL(o.root, "");
	CU_ASSERT_FALSE(o.help);
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe", "3", NULL), 0);
	CU_ASSERT_EQUAL(o.observe_s, 3);
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe=3600", "--json=x.json", NULL), 0);
	CU_ASSERT_EQUAL(o.observe_s, 3600);
	CU_ASSERT_STRING_EQUAL(o.json_path, "x.json");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--json", "-", NULL), 0);
	CU_ASSERT_STRING_EQUAL(o.json_path, "-");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--sysroot=tests/fixtures/sysroot-rt", NULL, NULL), 0);
	CU_ASSERT_STRING_EQUAL(o.root, "tests/fixtures/sysroot-rt");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "-h", NULL, NULL), 0);
	CU_ASSERT_TRUE(o.help);
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--help", NULL, NULL), 0);
	CU_ASSERT_TRUE(o.help);
}

static void test_args_bad(void)
{
	struct irqcheck_opts o;
	char err[256];

	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe", "0", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '0' for --observe: out of range, expected "
				    "seconds 1-3600");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe=3601", NULL, NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "out of range"));
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe=3s", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '3s' for --observe: expected seconds 1-3600");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe=-1", NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "option --observe needs a value (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--json=", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value '' for --json: expected a file name");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--sysroot=", NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--bogus", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option --bogus (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "-x", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option -x (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "36", NULL, NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unexpected argument '36' (see rtwhy irqs --help)");
	CU_ASSERT_EQUAL(irqt_parse(&o, err, "--observe=2", "--sysroot=x", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "conflicting options"));
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
	struct irqcheck_table t = { 0 };
	struct irqcheck_irq *q;

	CU_ASSERT_EQUAL_FATAL(irqcheck_parse_interrupts(text, &t), 0);
	CU_ASSERT_EQUAL(t.nr_cpus, 2);
	CU_ASSERT_EQUAL(t.cpus[0], 0);
	CU_ASSERT_EQUAL(t.cpus[1], 2);
	CU_ASSERT_EQUAL(t.nr_irqs, 4);
	CU_ASSERT_EQUAL(t.nr_vecs, 2);
	q = irqt_irq(&t, 36);
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->counts[1], 31137);
	CU_ASSERT_EQUAL(q->total, 31137);
	CU_ASSERT_STRING_EQUAL(q->name, "virtio1-req.0");
	CU_ASSERT_STRING_EQUAL(q->chip, "PCI-MSIX-0000:00:02.0 1-edge");
	CU_ASSERT_EQUAL(q->nr_actions, 1);
	q = irqt_irq(&t, 7); /* no action: the flow type is not a name */
	CU_ASSERT_STRING_EQUAL(q->name, "");
	CU_ASSERT_EQUAL(q->nr_actions, 0);
	CU_ASSERT_STRING_EQUAL(q->chip, "IO-APIC 7-edge");
	q = irqt_irq(&t, 16);
	CU_ASSERT_STRING_EQUAL(q->name, "ehci_hcd:usb1, snd hda intel");
	CU_ASSERT_EQUAL(q->nr_actions, 2);
	CU_ASSERT_STRING_EQUAL(t.vecs[0].name, "NMI");
	CU_ASSERT_STRING_EQUAL(t.vecs[0].desc, "Non-maskable interrupts");
	CU_ASSERT_EQUAL(t.vecs[0].total, 3);
	CU_ASSERT_STRING_EQUAL(t.vecs[1].name, "ERR");
	CU_ASSERT_EQUAL(t.vecs[1].nr_counts, 1);
	CU_ASSERT_EQUAL(t.vecs[1].total, 5);
	irqcheck_free(&t);
	CU_ASSERT_EQUAL(t.nr_irqs, 0);

	CU_ASSERT_EQUAL(irqcheck_parse_interrupts(" 36: 1 2 x\n", &t), -EINVAL);
	irqcheck_free(&t);
	CU_ASSERT_EQUAL(irqcheck_parse_interrupts("", &t), -EINVAL);
	irqcheck_free(&t);
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
	struct irqcheck_thread th;

	CU_ASSERT_EQUAL(irqcheck_parse_thread(stat, "Name:\tx\nCpus_allowed_list:\t0\n", &th), 0);
	CU_ASSERT_EQUAL(th.pid, 50);
	CU_ASSERT_EQUAL(th.irq, 24);
	CU_ASSERT_FALSE(th.secondary);
	CU_ASSERT_STRING_EQUAL(th.comm, "irq/24-ACPI:Ged");
	CU_ASSERT_STRING_EQUAL(th.name, "ACPI:Ged");
	CU_ASSERT_EQUAL(th.policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(th.prio, 50);
	CU_ASSERT_STRING_EQUAL(th.cpus, "0");
	/* a comm with a space and parentheses: the last ')' ends it */
	CU_ASSERT_EQUAL(irqcheck_parse_thread(odd, NULL, &th), 0);
	CU_ASSERT_STRING_EQUAL(th.comm, "irq/16-snd) (x");
	CU_ASSERT_EQUAL(th.policy, SCHED_RR);
	CU_ASSERT_STRING_EQUAL(th.cpus, "");
	CU_ASSERT_EQUAL(irqcheck_parse_thread(user, NULL, &th), -ENOENT); /* not a kthread */
	CU_ASSERT_EQUAL(irqcheck_parse_thread(other, NULL, &th), -ENOENT);
	CU_ASSERT_EQUAL(irqcheck_parse_thread("50 (irq/24-x) S 2 0", NULL, &th), -EINVAL);
	CU_ASSERT_EQUAL(irqcheck_parse_thread("garbage", NULL, &th), -EINVAL);
	CU_ASSERT_EQUAL(irqcheck_parse_thread("", NULL, &th), -EINVAL);
}

/* ---- fake sysroots ------------------------------------------------------------------ */

static void test_forced_threading(void)
{
	char root[512], why[128];

	snprintf(root, sizeof(root), "%s/sysroot-unthreaded", unit_fixtures());
	CU_ASSERT_EQUAL(irqcheck_forced_threading(root, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(why, "no threadirqs on the kernel command line, not a PREEMPT_RT "
				    "kernel"); /* "-- --threadirqs" is init's */
	snprintf(root, sizeof(root), "%s/sysroot-rt", unit_fixtures());
	CU_ASSERT_EQUAL(irqcheck_forced_threading(root, why, sizeof(why)), 1);
	CU_ASSERT_STRING_EQUAL(why, "PREEMPT_RT kernel");
	snprintf(root, sizeof(root), "%s/sysroot-threadirqs", unit_fixtures());
	CU_ASSERT_EQUAL(irqcheck_forced_threading(root, why, sizeof(why)), 1);
	CU_ASSERT_STRING_EQUAL(why, "threadirqs on the kernel command line");
	snprintf(root, sizeof(root), "%s/sysroot-missing", unit_fixtures());
	CU_ASSERT_TRUE(irqcheck_forced_threading(root, why, sizeof(why)) < 0);
}

static void test_load_unthreaded(void)
{
	struct irqcheck_table t;
	struct irqcheck_irq *q;
	size_t bad;
	char v[256];

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-unthreaded", &t), 0);
	CU_ASSERT_FALSE(t.forced);
	CU_ASSERT_EQUAL(t.nr_cpus, 2);
	CU_ASSERT_EQUAL(t.nr_irqs, 6);
	CU_ASSERT_EQUAL(t.nr_threads, 2); /* pid 777 "irq/36-fake" is no kernel thread */
	q = irqt_irq(&t, 24);
	CU_ASSERT_TRUE(q->threaded);
	CU_ASSERT_EQUAL(q->kind, IRQCHECK_DEVICE);
	CU_ASSERT_TRUE_FATAL(q->thread >= 0);
	CU_ASSERT_EQUAL(t.threads[q->thread].pid, 50);
	CU_ASSERT_EQUAL(t.threads[q->thread].prio, 50);
	CU_ASSERT_STRING_EQUAL(t.threads[q->thread].cpus, "0");
	CU_ASSERT_STRING_EQUAL(q->affinity, "0-1");
	CU_ASSERT_STRING_EQUAL(q->effective, "0");
	CU_ASSERT_STRING_EQUAL(q->chip, "IO-APIC 5-edge");
	CU_ASSERT_EQUAL(t.threads[irqt_irq(&t, 25)->thread].pid, 51);
	q = irqt_irq(&t, 36);
	CU_ASSERT_FALSE(q->threaded);
	CU_ASSERT_EQUAL(q->thread, -1);
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(q, v, sizeof(v)),
			       "NOT threaded: hard IRQ context");
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(irqt_irq(&t, 24), v, sizeof(v)), "threaded");
	CU_ASSERT_EQUAL(irqcheck_count(&t, &bad), 6);
	CU_ASSERT_EQUAL(bad, 4);
	CU_ASSERT_STRING_EQUAL(t.unreadable, "");
	irqcheck_free(&t);
}

static void test_load_rt(void)
{
	struct irqcheck_table t;
	struct irqcheck_irq *q;
	size_t bad;
	char v[256];

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-rt", &t), 0);
	CU_ASSERT_TRUE(t.forced);
	CU_ASSERT_EQUAL(t.nr_cpus, 4);
	CU_ASSERT_EQUAL(t.nr_irqs, 6);
	q = irqt_irq(&t, 0);
	CU_ASSERT_EQUAL(q->kind, IRQCHECK_TIMER);
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(q, v, sizeof(v)), "timer: never threaded");
	/* shared, one name with spaces whose thread comm is cut to "irq/16-snd hda " */
	q = irqt_irq(&t, 16);
	CU_ASSERT_STRING_EQUAL(q->name, "ehci_hcd:usb1, snd hda intel");
	CU_ASSERT_EQUAL(q->nr_actions, 2);
	CU_ASSERT_EQUAL(q->nr_threaded, 2);
	CU_ASSERT_TRUE(q->threaded);
	CU_ASSERT_STRING_EQUAL(q->chip, "IO-APIC 16-fasteoi");
	q = irqt_irq(&t, 40);
	CU_ASSERT_TRUE(q->threaded);
	CU_ASSERT_TRUE_FATAL(q->secondary >= 0);
	CU_ASSERT_EQUAL(t.threads[q->secondary].pid, 141);
	CU_ASSERT_TRUE(t.threads[q->secondary].secondary);
	CU_ASSERT_EQUAL(t.threads[q->secondary].prio, 49);
	CU_ASSERT_EQUAL(t.threads[q->thread].prio, 60);
	CU_ASSERT_STRING_EQUAL(q->affinity, "2");
	q = irqt_irq(&t, 41);
	CU_ASSERT_EQUAL(t.threads[q->thread].policy, SCHED_RR);
	CU_ASSERT_EQUAL(irqcheck_count(&t, &bad), 5);
	CU_ASSERT_EQUAL(bad, 0);
	irqcheck_free(&t);
}

static void test_load_threadirqs_and_missing(void)
{
	struct irqcheck_table t;
	struct irqcheck_irq *q;
	size_t bad;
	char root[512];

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-threadirqs", &t), 0);
	CU_ASSERT_TRUE(t.forced);
	CU_ASSERT_EQUAL(t.cpus[1], 2);
	CU_ASSERT_FALSE(irqt_irq(&t, 18)->threaded);
	CU_ASSERT_TRUE(irqt_irq(&t, 30)->threaded);
	CU_ASSERT_EQUAL(irqcheck_count(&t, &bad), 3);
	CU_ASSERT_EQUAL(bad, 1);
	irqcheck_free(&t);

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-missing", &t), 0);
	CU_ASSERT_EQUAL(t.nr_cpus, 1);
	q = irqt_irq(&t, 4);
	CU_ASSERT_STRING_EQUAL(q->name, "ttyS0"); /* from /proc/interrupts */
	CU_ASSERT_STRING_EQUAL(q->affinity, "");
	CU_ASSERT_EQUAL(irqt_irq(&t, 7)->kind, IRQCHECK_UNUSED);
	CU_ASSERT_PTR_NOT_NULL(strstr(t.unreadable, "/proc/irq/N"));
	CU_ASSERT_EQUAL(irqcheck_count(&t, &bad), 1);
	CU_ASSERT_EQUAL(bad, 1);
	irqcheck_free(&t);

	snprintf(root, sizeof(root), "%s/sysroot-none", unit_fixtures());
	memset(&t, 0, sizeof(t));
	CU_ASSERT_EQUAL(irqcheck_load(root, &t), -ENOENT); /* says so on stderr */
	irqcheck_free(&t);
}

/* ---- observation -------------------------------------------------------------------- */

static void irqt_event(struct irqcheck_table *t, int kind, int cpu, uint8_t flags, int irq,
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
	irqcheck_account(t, &ev);
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
	struct irqcheck_table t;
	struct irqcheck_irq *q;
	char v[256];

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-unthreaded", &t), 0);
	irqt_event(&t, RTW_EV_IRQ_ENTRY, 1, RTW_F_HARDIRQ | RTW_F_IRQS_OFF, 36, NULL);
	irqt_event(&t, RTW_EV_IRQ_ENTRY, 1, RTW_F_HARDIRQ, 36, NULL);
	irqt_event(&t, RTW_EV_IRQ_ENTRY, 1, RTW_F_HARDIRQ, 36, NULL);
	/* forced threading: the primary in hard IRQ context, then the thread runs */
	irqt_event(&t, RTW_EV_IRQ_ENTRY, 0, RTW_F_HARDIRQ, 24, NULL);
	irqt_event(&t, RTW_EV_SWITCH, 0, 0, 0, "irq/24-ACPI:Ged");
	irqt_event(&t, RTW_EV_SWITCH, 0, 0, 0, "bash");
	irqt_event(&t, RTW_EV_IRQ_ENTRY, 0, RTW_F_HARDIRQ, 99, NULL); /* not in the table */
	irqt_event(&t, RTW_EV_LOST, 1, 0, 7, NULL);
	irqt_event(&t, RTW_EV_LOST, 1, 0, 0, NULL); /* an unknown number: at least one */
	irqcheck_observe_done(&t, before, after, 3 * NSEC_PER_SEC);

	CU_ASSERT_TRUE(t.observed);
	CU_ASSERT_EQUAL(t.nr_events, 9);
	CU_ASSERT_EQUAL(t.lost_events, 8);
	q = irqt_irq(&t, 36);
	CU_ASSERT_EQUAL(q->observed, IRQCHECK_OBS_HARDIRQ);
	CU_ASSERT_EQUAL(q->seen_hardirq, 3);
	CU_ASSERT_EQUAL(q->fired, 3);
	CU_ASSERT_TRUE(CPU_ISSET(1, &q->hard_cpus));
	CU_ASSERT_FALSE(CPU_ISSET(0, &q->hard_cpus));
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(q, v, sizeof(v)),
			       "NOT threaded: ran in hard IRQ context on CPU 1");
	q = irqt_irq(&t, 24);
	CU_ASSERT_EQUAL(q->observed, IRQCHECK_OBS_THREAD);
	CU_ASSERT_EQUAL(q->thread_runs, 1);
	CU_ASSERT_EQUAL(q->fired, 1);
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(q, v, sizeof(v)),
			       "threaded; ran in its thread");
	q = irqt_irq(&t, 26); /* in neither text: no count rather than a wrapped one */
	CU_ASSERT_EQUAL(q->observed, IRQCHECK_OBS_UNSEEN);
	CU_ASSERT_EQUAL(q->fired, 0);
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(q, v, sizeof(v)), "NOT threaded; did not fire");
	q = irqt_irq(&t, 41); /* requested during the window: all its counts are new */
	CU_ASSERT_EQUAL(q->fired, 9);
	CU_ASSERT_EQUAL(t.vecs[1].fired, 41 + 37); /* LOC */
	q = irqt_irq(&t, 35);
	q->fired = 4;
	CU_ASSERT_STRING_EQUAL(irqcheck_irq_verdict(q, v, sizeof(v)),
			       "NOT threaded; fired 4 times, not in the trace");
	irqcheck_free(&t);
}

/* ---- output ------------------------------------------------------------------------- */

static void test_print_and_json(void)
{
	struct irqcheck_table t;
	char *text, *json;

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-unthreaded", &t), 0);
	text = irqt_print(&t, false);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "forced threading: no"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "irq/24-ACPI:Ged"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "fifo 50"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Verdict: 4 of 6 device IRQs not threaded"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "boot with threadirqs"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "echo 0 > /proc/irq/36/smp_affinity_list"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Per-CPU vectors"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Local timer interrupts"));
	CU_ASSERT_PTR_NULL(strstr(text, "SEEN")); /* no --observe */
	free(text);
	json = irqt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"forced_threading\": false"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"all_threaded\": false"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"observe\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"irq\": 36,\n      \"name\": \"virtio1-req.0\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"thread\": {\n        \"pid\": 50,\n        "
					    "\"comm\": \"irq/24-ACPI:Ged\",\n        \"policy\": "
					    "\"fifo\",\n        \"prio\": 50,\n        \"cpus\": "
					    "\"0\"\n      }"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"thread\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"observed\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"counts\": [\n        0,\n        31137\n      ]"));
	free(json);
	irqcheck_observe_done(&t, NULL, NULL, NSEC_PER_SEC);
	json = irqt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"observed\": \"unseen\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"window_s\": 1.000"));
	free(json);
	text = irqt_print(&t, false);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "SEEN"));
	free(text);
	irqcheck_free(&t);

	CU_ASSERT_EQUAL_FATAL(irqt_load("sysroot-rt", &t), 0);
	text = irqt_print(&t, false);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Verdict: all 5 device IRQs are threaded"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "(secondary handler)"));
	CU_ASSERT_PTR_NULL(strstr(text, "boot with threadirqs"));
	free(text);
	json = irqt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"all_threaded\": true"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"name\": \"ehci_hcd:usb1, snd hda intel\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"kind\": \"timer\""));
	free(json);
	irqcheck_free(&t);
}

static CU_TestInfo irqcheck_tests[] = {
	{ "args_ok", test_args_ok },
	{ "args_bad", test_args_bad },
	{ "parse_interrupts", test_parse_interrupts },
	{ "parse_thread", test_parse_thread },
	{ "forced_threading", test_forced_threading },
	{ "load_unthreaded", test_load_unthreaded },
	{ "load_rt", test_load_rt },
	{ "load_threadirqs_and_missing", test_load_threadirqs_and_missing },
	{ "observe", test_observe },
	{ "print_and_json", test_print_and_json },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("irqcheck", NULL, NULL, irqcheck_tests);
