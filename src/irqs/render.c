// SPDX-License-Identifier: GPL-2.0-only
/*
 * irqs/render - the table as aligned text, and as JSON.
 */
#include <string.h>

#include "rtwhy/config.h"
#include "rtwhy/irqs/render.h"
#include "rtwhy/json.h"
#include "analysis/util.h"

#define IRQS_RENDER_CPUS_LEN 64 /* a CPU list as the text shows it */

static void irqs_render_affinity(const struct irqs_gather_irq *q, char *buf, size_t len)
{
	char aff[IRQS_RENDER_CPUS_LEN], eff[IRQS_RENDER_CPUS_LEN];

	if (!q->affinity_known) {
		snprintf(buf, len, "?");
		return;
	}
	util_format_cpulist(&q->affinity, aff, sizeof(aff));
	if (q->effective_known && !CPU_EQUAL(&q->effective, &q->affinity)) {
		util_format_cpulist(&q->effective, eff, sizeof(eff));
		snprintf(buf, len, "%s [%s]", aff, eff);
	} else {
		snprintf(buf, len, "%s", aff);
	}
}

static int irqs_render_width(const char *s, int w)
{
	int n = (int)strlen(s);

	return n > w ? n : w;
}

static void irqs_render_notes(const struct irqs_gather_table *t, FILE *out)
{
	int i;

	if (!t->nr_notes)
		return;
	fprintf(out, "Could not read: ");
	for (i = 0; i < t->nr_notes; i++)
		fprintf(out, "%s%s", i ? "; " : "", t->notes[i]);
	fputc('\n', out);
}

/* Column widths of the IRQ table. */
struct irqs_render_cols {
	int name, count, aff, thr, sched, pid, seen;
};

/* irqs_render_cols - the widths of the IRQ table's columns, from what they will hold. */
static void irqs_render_cols(const struct irqs_gather_table *t, const struct irqs_judge *v,
			     struct irqs_render_cols *w)
{
	char buf[256], aff[2 * IRQS_RENDER_CPUS_LEN + 4], sched[64];
	size_t i;
	int c;

	*w = (struct irqs_render_cols){
		.name = 4, .count = 5, .aff = 8, .thr = 6, .sched = 5, .pid = 3, .seen = 4
	};
	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqs_gather_irq *q = &t->irqs[i];
		const struct irqs_judge_irq *jq = &v->irqs[i];

		w->name = irqs_render_width(q->name, w->name);
		irqs_render_affinity(q, aff, sizeof(aff));
		w->aff = irqs_render_width(aff, w->aff);
		for (c = 0; c < t->nr_cpus; c++) {
			snprintf(buf, sizeof(buf), "%llu", (unsigned long long)q->counts[c]);
			w->count = irqs_render_width(buf, w->count);
		}
		if (jq->thread >= 0) {
			w->thr = irqs_render_width(t->threads[jq->thread].comm, w->thr);
			irqs_judge_sched(&t->threads[jq->thread], sched, sizeof(sched));
			w->sched = irqs_render_width(sched, w->sched);
			snprintf(buf, sizeof(buf), "%d", t->threads[jq->thread].pid);
			w->pid = irqs_render_width(buf, w->pid);
		}
	}
	if (w->name > 28)
		w->name = 28;
}

/* irqs_render_row - the row of IRQ @i, and its secondary handler's under it. */
static void irqs_render_row(const struct irqs_gather_table *t, const struct irqs_judge *v, size_t i,
			    const struct irqs_render_cols *w, FILE *out)
{
	char aff[2 * IRQS_RENDER_CPUS_LEN + 4], sched[64], seen[64], pid[16];
	const struct irqs_gather_irq *q = &t->irqs[i];
	const struct irqs_judge_irq *jq = &v->irqs[i];
	const struct irqs_gather_thread *th = jq->thread >= 0 ? &t->threads[jq->thread] : NULL;
	int c;

	fprintf(out, "%4d  %-*.*s", q->irq, w->name, w->name, q->name[0] ? q->name : "-");
	for (c = 0; c < t->nr_cpus; c++)
		fprintf(out, " %*llu", w->count, (unsigned long long)q->counts[c]);
	irqs_render_affinity(q, aff, sizeof(aff));
	if (th) {
		irqs_judge_sched(th, sched, sizeof(sched));
		snprintf(pid, sizeof(pid), "%d", th->pid);
	} else {
		snprintf(sched, sizeof(sched), "-");
		snprintf(pid, sizeof(pid), "-");
	}
	fprintf(out, "  %-*s  %-*s %*s  %-*s", w->aff, aff, w->thr, th ? th->comm : "-", w->pid,
		pid, w->sched, sched);
	if (t->observed) {
		if (jq->observed == IRQS_JUDGE_OBS_THREAD)
			snprintf(seen, sizeof(seen), "thread %llu",
				 (unsigned long long)q->thread_runs);
		else if (jq->observed == IRQS_JUDGE_OBS_HARDIRQ)
			snprintf(seen, sizeof(seen), "hardirq %llu",
				 (unsigned long long)q->seen_hardirq);
		else
			snprintf(seen, sizeof(seen), "unseen");
		fprintf(out, "  %-*s", w->seen + 9, seen);
	}
	fprintf(out, "  %s\n", jq->verdict);
	if (jq->secondary >= 0) {
		th = &t->threads[jq->secondary];
		irqs_judge_sched(th, sched, sizeof(sched));
		fprintf(out, "%4s  %-*s", "", w->name, "  (secondary handler)");
		for (c = 0; c < t->nr_cpus; c++)
			fprintf(out, " %*s", w->count, "");
		fprintf(out, "  %-*s  %-*s %*d  %s\n", w->aff, "", w->thr, th->comm, w->pid,
			th->pid, sched);
	}
}

/* irqs_render_vectors - the per-CPU vectors that fired, and how many did not. */
static void irqs_render_vectors(const struct irqs_gather_table *t, const struct irqs_render_cols *w,
				FILE *out)
{
	size_t i, zero = 0;
	int c;

	fprintf(out, "\nPer-CPU vectors (always hard IRQ context, never threads):\n");
	for (i = 0; i < t->nr_vecs; i++) {
		const struct irqs_gather_vector *vec = &t->vecs[i];

		if (!vec->total) {
			zero++;
			continue;
		}
		fprintf(out, "%4s  %-*s", vec->name, w->name, "");
		for (c = 0; c < t->nr_cpus; c++) {
			if (c < vec->nr_counts)
				fprintf(out, " %*llu", w->count,
					(unsigned long long)vec->counts[c]);
			else
				fprintf(out, " %*s", w->count, "");
		}
		fprintf(out, "  %s", vec->desc);
		if (t->observed)
			fprintf(out, " (+%llu while observed)", (unsigned long long)vec->fired);
		fputc('\n', out);
	}
	if (zero)
		fprintf(out, "  (%zu more with a count of 0)\n", zero);
}

void irqs_render_text(const struct irqs_gather_table *t, const struct irqs_judge *v, FILE *out)
{
	struct irqs_render_cols w;
	char buf[256];
	size_t i;
	int c;

	fprintf(out, "IRQs on %d CPU%s; forced threading: %s (%s)\n", t->nr_cpus,
		t->nr_cpus == 1 ? "" : "s", t->forced ? "yes" : "no", t->forced_by);
	if (t->observed)
		fprintf(out,
			"observed %.1f s (%llu ms of it not recording, while reading): %llu "
			"events%s%s\n",
			t->observed_ns / 1e9, (unsigned long long)(t->blind_ns / NSEC_PER_MSEC),
			(unsigned long long)t->nr_events,
			t->lost_events ? ", some LOST: counts are partial" : "",
			t->signal ? ", cut short by a signal" : "");
	irqs_render_cols(t, v, &w);
	fprintf(out, "\n%4s  %-*s", "IRQ", w.name, "NAME");
	for (c = 0; c < t->nr_cpus; c++) {
		snprintf(buf, sizeof(buf), "CPU%d", t->cpus[c]);
		fprintf(out, " %*s", w.count, buf);
	}
	fprintf(out, "  %-*s  %-*s %*s  %-*s", w.aff, "AFFINITY", w.thr, "THREAD", w.pid, "PID",
		w.sched, "SCHED");
	if (t->observed)
		fprintf(out, "  %-*s", w.seen + 9, "SEEN");
	fprintf(out, "  VERDICT\n");
	for (i = 0; i < t->nr_irqs; i++)
		irqs_render_row(t, v, i, &w, out);
	fprintf(out, "AFFINITY: CPUs allowed [effective]; THREAD: the irq/N-name kernel thread\n");

	irqs_render_vectors(t, &w, out);

	fprintf(out, "\nVerdict: %s.\n", v->verdict);
	if (v->nr_remedies)
		fprintf(out, "Remedies:\n");
	for (c = 0; c < v->nr_remedies; c++)
		fprintf(out, "  * %s\n", v->remedies[c]);
	irqs_render_notes(t, out);
}

/* ---- JSON --------------------------------------------------------------------------- */

static void irqs_render_json_thread(struct json *j, const char *key,
				    const struct irqs_gather_table *t, int idx)
{
	const struct irqs_gather_thread *th;

	if (idx < 0) {
		json_null(j, key);
		return;
	}
	th = &t->threads[idx];
	json_object(j, key);
	json_int(j, "pid", th->pid);
	json_string(j, "comm", th->comm);
	json_string(j, "policy", config_policy_name(th->policy));
	json_int(j, "prio", th->prio);
	json_cpus(j, "cpus", th->cpus_known ? &th->cpus : NULL);
	json_end(j);
}

static void irqs_render_json_counts(struct json *j, const uint64_t *counts, int n)
{
	int c;

	json_array(j, "counts");
	for (c = 0; c < n; c++)
		json_uint(j, NULL, counts[c]);
	json_end(j);
}

/* A count of the observation window: null when there was none. */
static void irqs_render_json_seen(struct json *j, const char *key,
				  const struct irqs_gather_table *t, uint64_t n)
{
	if (t->observed)
		json_uint(j, key, n);
	else
		json_null(j, key);
}

static void irqs_render_json_irq(struct json *j, const struct irqs_gather_table *t,
				 const struct irqs_gather_irq *q, const struct irqs_judge_irq *jq)
{
	json_object(j, NULL);
	json_int(j, "irq", q->irq);
	json_string_or_null(j, "name", q->name);
	json_string_or_null(j, "chip", q->chip);
	json_string(j, "kind", irqs_judge_kind_name(jq->kind));
	irqs_render_json_counts(j, q->counts, t->nr_cpus);
	json_uint(j, "total", q->total);
	json_cpus(j, "affinity", q->affinity_known ? &q->affinity : NULL);
	json_cpus(j, "effective_affinity", q->effective_known ? &q->effective : NULL);
	json_bool(j, "threaded", jq->threaded);
	json_int(j, "actions", q->nr_actions);
	json_int(j, "threaded_actions", jq->nr_threaded);
	irqs_render_json_thread(j, "thread", t, jq->thread);
	irqs_render_json_thread(j, "secondary_thread", t, jq->secondary);
	json_string_or_null(j, "observed", irqs_judge_observed_name(jq->observed));
	json_cpus(j, "hardirq_cpus", t->observed ? &q->hard_cpus : NULL);
	irqs_render_json_seen(j, "seen_hardirq", t, q->seen_hardirq);
	irqs_render_json_seen(j, "seen_task", t, q->seen_task);
	irqs_render_json_seen(j, "thread_runs", t, q->thread_runs);
	irqs_render_json_seen(j, "fired", t, q->fired);
	json_string(j, "verdict", jq->verdict);
	json_end(j);
}

int irqs_render_json(const struct irqs_gather_table *t, const struct irqs_judge *v, FILE *out)
{
	struct json j;
	size_t i;
	int c;

	json_start(&j, out);
	json_string(&j, "rtwhy_version", RTWHY_VERSION);
	json_bool(&j, "forced_threading", t->forced);
	json_string(&j, "forced_by", t->forced_by);
	json_array(&j, "cpus");
	for (c = 0; c < t->nr_cpus; c++)
		json_int(&j, NULL, t->cpus[c]);
	json_end(&j);
	json_uint(&j, "device_irqs", v->nr_device);
	json_uint(&j, "unthreaded", v->nr_unthreaded);
	json_bool(&j, "all_threaded", v->nr_unthreaded == 0);
	if (t->observed) {
		json_object(&j, "observe");
		json_double(&j, "window_s", t->observed_ns / 1e9, 3);
		json_uint(&j, "blind_ms", t->blind_ns / NSEC_PER_MSEC);
		json_uint(&j, "events", t->nr_events);
		json_uint(&j, "lost_events", t->lost_events);
		if (t->signal)
			json_int(&j, "signal", t->signal);
		else
			json_null(&j, "signal");
		json_end(&j);
	} else {
		json_null(&j, "observe");
	}
	json_array(&j, "irqs");
	for (i = 0; i < t->nr_irqs; i++)
		irqs_render_json_irq(&j, t, &t->irqs[i], &v->irqs[i]);
	json_end(&j);
	json_array(&j, "vectors");
	for (i = 0; i < t->nr_vecs; i++) {
		json_object(&j, NULL);
		json_string(&j, "name", t->vecs[i].name);
		json_string_or_null(&j, "description", t->vecs[i].desc);
		irqs_render_json_counts(&j, t->vecs[i].counts, t->vecs[i].nr_counts);
		json_uint(&j, "total", t->vecs[i].total);
		irqs_render_json_seen(&j, "fired", t, t->vecs[i].fired);
		json_end(&j);
	}
	json_end(&j);
	json_string(&j, "verdict", v->verdict);
	json_array(&j, "remedies");
	for (c = 0; c < v->nr_remedies; c++)
		json_string(&j, NULL, v->remedies[c]);
	json_end(&j);
	json_array(&j, "unreadable");
	for (c = 0; c < t->nr_notes; c++)
		json_string(&j, NULL, t->notes[c]);
	json_end(&j);
	return json_finish(&j);
}
