// SPDX-License-Identifier: GPL-2.0-only
/*
 * report/text - terminal output. The cyclictest half copies rt-tests 2.4's
 * printf formats exactly; the rtwhy half prints explanation blocks.
 */
#include <stdio.h>
#include <string.h>

#include "rtwhy/report/text.h"
#include "rtwhy/shmstat.h"
#include "rtwhy/wrap.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

static long report_units(const struct rtw_config *cfg, int64_t ns)
{
	return (long)(ns / (int64_t)config_unit_ns(cfg));
}

void report_text_thread_line(FILE *out, const struct rtw_config *cfg,
			     const struct measure_thread_summary *t)
{
	const struct stats_snapshot s = t->snap;
	long min;

	/* cyclictest starts min at 1000000 and prints it before the first sample */
	min = s.cycles ? report_units(cfg, s.min_ns) : 1000000;
	fprintf(out,
		cfg->output.nsecs
			? "T:%2d (%5d) P:%2d I:%ld C:%7lu Min:%7ld Act:%8ld Avg:%8ld Max:%8ld"
			: "T:%2d (%5d) P:%2d I:%ld C:%7lu Min:%7ld Act:%5ld Avg:%5ld Max:%8ld",
		t->index, t->tid, t->priority, (long)(t->interval_ns / NSEC_PER_USEC),
		(unsigned long)s.cycles, min, report_units(cfg, s.act_ns), stats_avg_units(&s),
		report_units(cfg, s.max_ns));
	if (cfg->measure.smi)
		fprintf(out, " SMI:%8ld", (long)t->smi_count);
	fputc('\n', out);
}

void report_text_current_status(FILE *out, const struct rtw_config *cfg,
				const struct measure_summary *m)
{
	int i;

	fputs(SHMSTAT_TITLE, out);
	for (i = 0; i < m->nr_threads; i++)
		report_text_thread_line(out, cfg, &m->threads[i]);
	fputs("#---------------------------\n", out);
}

void report_text_status(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m,
			const char *lavg, bool redraw)
{
	const char *policy = config_policy_name(cfg->measure.policy);
	bool rt = cfg->measure.policy == SCHED_FIFO || cfg->measure.policy == SCHED_RR;
	int i;

	if (redraw)
		fprintf(out, "\033[%dA", m->nr_threads + 2);
	/* cyclictest: "other/other" when the threads are not real-time */
	fprintf(out, "policy: %s%s%s: loadavg: %s          \n\n", policy, rt ? "" : "/",
		rt ? "" : policy, lavg);
	for (i = 0; i < m->nr_threads; i++)
		report_text_thread_line(out, cfg, &m->threads[i]);
	fflush(out);
}

void report_text_verbose(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m,
			 struct report_text_verbose *v)
{
	int i;

	for (i = 0; i < m->nr_threads; i++) {
		const struct measure_thread_summary *t = &m->threads[i];
		const struct stats_thread *st = t->stats;
		struct report_text_verbose *tv = &v[i];
		uint64_t cycles = t->snap.cycles;

		if (!st->values)
			continue;
		/* the ring keeps the last STATS_VALUES_RING samples */
		if (cycles - tv->printed > STATS_VALUES_RING)
			tv->printed = cycles - STATS_VALUES_RING;
		for (; tv->printed < cycles; tv->printed++) {
			int64_t val = st->values[tv->printed & st->values_mask];

			/* cyclictest's -o: the max of every N samples (its max starts at 0) */
			if (val > tv->redmax) {
				tv->redmax = val;
				tv->cycleofmax = tv->printed;
			}
			if (++tv->reduce < cfg->output.oscope)
				continue;
			if (cfg->measure.smi) /* SMIs counted since the previous line */
				fprintf(out, "%8d:%8lu:%8ld%8ld\n", i,
					(unsigned long)tv->cycleofmax, (long)tv->redmax,
					(long)(t->smi_count - tv->smi_printed));
			else
				fprintf(out, "%8d:%8lu:%8ld\n", i, (unsigned long)tv->cycleofmax,
					(long)tv->redmax);
			tv->smi_printed = t->smi_count;
			tv->reduce = 0;
			tv->redmax = 0;
		}
	}
}

void report_text_histogram(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m)
{
	int nr = cfg->output.histogram, n = m->nr_threads, i, j;
	bool all = cfg->output.histofall && n > 1;
	unsigned long long alltotal = 0, alloverflows = 0;
	unsigned long maxmax = 0;

	fprintf(out, "# Histogram\n");
	for (i = 0; i < nr; i++) {
		unsigned long long allthreads = 0;

		fprintf(out, "%06d ", i);
		for (j = 0; j < n; j++) {
			unsigned long v = (unsigned long)m->threads[j].stats->hist[i];

			fprintf(out, "%06lu", v);
			if (j < n - 1)
				fputc('\t', out);
			allthreads += v;
		}
		if (all)
			fprintf(out, "\t%06llu", allthreads);
		fputc('\n', out);
		alltotal += allthreads;
	}
	fprintf(out, "# Total:");
	for (j = 0; j < n; j++)
		fprintf(out, " %09llu", (unsigned long long)stats_hist_total(m->threads[j].stats));
	if (all)
		fprintf(out, " %09llu", alltotal);
	fprintf(out, "\n# Min Latencies:");
	for (j = 0; j < n; j++) {
		const struct stats_snapshot s = m->threads[j].snap;

		fprintf(out, " %05lu",
			s.cycles ? (unsigned long)report_units(cfg, s.min_ns) : 1000000UL);
	}
	fprintf(out, "\n# Avg Latencies:");
	for (j = 0; j < n; j++) {
		const struct stats_snapshot s = m->threads[j].snap;

		fprintf(out, " %05lu", (unsigned long)stats_avg_units(&s));
	}
	fprintf(out, "\n# Max Latencies:");
	for (j = 0; j < n; j++) {
		const struct stats_snapshot s = m->threads[j].snap;
		unsigned long max;

		max = (unsigned long)report_units(cfg, s.max_ns);
		fprintf(out, " %05lu", max);
		if (max > maxmax)
			maxmax = max;
	}
	if (all)
		fprintf(out, " %05lu", maxmax);
	fprintf(out, "\n# Histogram Overflows:");
	for (j = 0; j < n; j++) {
		fprintf(out, " %05lu", (unsigned long)m->threads[j].stats->hist_overflow);
		alloverflows += m->threads[j].stats->hist_overflow;
	}
	if (all)
		fprintf(out, " %05llu", alloverflows);
	fprintf(out, "\n# Histogram Overflow at cycle number:\n");
	for (i = 0; i < n; i++) {
		const struct stats_thread *st = m->threads[i].stats;
		uint64_t k;

		fprintf(out, "# Thread %d:", i);
		for (k = 0; k < st->nr_outliers; k++)
			fprintf(out, " %05lu", (unsigned long)st->outliers[k]);
		if (st->nr_outliers < st->hist_overflow)
			fprintf(out, " # %05lu others",
				(unsigned long)(st->hist_overflow - st->nr_outliers));
		fputc('\n', out);
	}
	if (cfg->measure.smi) {
		fprintf(out, "# SMIs:");
		for (i = 0; i < n; i++)
			fprintf(out, " %05lu", (unsigned long)m->threads[i].smi_count);
		fputc('\n', out);
	}
	fputc('\n', out);
}

void report_text_overflow(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m)
{
	uint64_t over = 0;
	int64_t max_ns = INT64_MIN;
	int j;

	for (j = 0; j < m->nr_threads; j++) {
		over += m->threads[j].stats->hist_overflow - m->threads[j].stats->hist_below;
		if (m->threads[j].snap.cycles && m->threads[j].snap.max_ns > max_ns)
			max_ns = m->threads[j].snap.max_ns;
	}
	if (!cfg->output.histogram || !over)
		return;
	fprintf(out,
		"# rtwhy: %llu sample%s above the histogram's range (-%c %d holds 0-%d %s): -%c "
		"%ld "
		"would have held them\n",
		(unsigned long long)over, over == 1 ? "" : "s", cfg->output.histofall ? 'H' : 'h',
		cfg->output.histogram, cfg->output.histogram - 1, cfg->output.nsecs ? "ns" : "us",
		cfg->output.histofall ? 'H' : 'h', report_units(cfg, max_ns) + 1);
}

void report_text_percentiles(FILE *out, const struct rtw_config *cfg,
			     const struct measure_summary *m)
{
	int i, k;

	for (i = 0; i < m->nr_threads; i++) {
		fprintf(out, "# T:%2d percentiles (%s):", i, cfg->output.nsecs ? "ns" : "us");
		for (k = 0; k < STATS_NR_PCT; k++) {
			struct stats_percentile p;

			if (stats_percentile(m->threads[i].stats, stats_pct_ppm[k], &p))
				fprintf(out, " %s -", stats_pct_name[k]);
			else
				fprintf(out, " %s %s%lld", stats_pct_name[k], p.exact ? "" : "~",
					(long long)p.units);
		}
		fputc('\n', out);
	}
}

void report_text_break(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m)
{
	int i;

	fprintf(out, "# Thread Ids:");
	for (i = 0; i < m->nr_threads; i++)
		fprintf(out, " %05d", m->threads[i].tid);
	fputc('\n', out);
	if (!m->break_tid)
		return;
	fprintf(out, "# Break thread: %d\n", m->break_tid);
	fprintf(out, "# Break value: %llu\n",
		(unsigned long long)report_units(cfg, m->break_latency_ns));
}

void report_text_samples(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m)
{
	uint64_t n = m->nr_samples, i;

	if (!n)
		return;
	fputc('\n', out);
	for (i = 0; i < n && i < (uint64_t)m->nr_sample_slots; i++)
		fprintf(out, "T:%2d Spike:%8ld: TS: %12ld\n", m->samples[i].thread,
			report_units(cfg, m->samples[i].latency_ns),
			(long)(m->samples[i].ts_ns / NSEC_PER_USEC));
	fprintf(out, "spikes = %llu\n\n", (unsigned long long)n);
}

void report_text_wrap(FILE *out, const char *first, const char *text, int indent)
{
	const int width = 100;
	const char *line;
	size_t len;

	len = wrap_line(text, width - fprintf(out, "# %s", first), false, &line);
	while (len) {
		fwrite(line, 1, len, out);
		len = wrap_line(line + len, width - 2 - indent, false, &line);
		if (len)
			fprintf(out, "\n# %*s", indent, "");
	}
	fputc('\n', out);
}

static double report_us(uint64_t ns)
{
	return (double)ns / 1000.0;
}

/* us from @from_ns to @ns, signed: an event may come before a deadline derived too late */
static double report_offset_us(uint64_t ns, uint64_t from_ns)
{
	return ns >= from_ns ? (double)(ns - from_ns) / 1000.0 : -(double)(from_ns - ns) / 1000.0;
}

/* " (used the RT budget)" ... of a culprit named through a kernel mechanism */
static void report_text_role(const struct blame_culprit *c, char *buf, size_t len)
{
	switch (c->role) {
	case BLAME_ROLE_RT_BUDGET:
		snprintf(buf, len, " (used the RT budget)");
		break;
	case BLAME_ROLE_STARVER:
		snprintf(buf, len, " (starved the fair tasks)");
		break;
	case BLAME_ROLE_BOOSTED:
		snprintf(buf, len, " (boosted to %d)", event_user_prio(c->boost_prio));
		break;
	case BLAME_ROLE_HOLDER:
		snprintf(buf, len, " (held the lock)");
		break;
	case BLAME_ROLE_MIDDLE:
		snprintf(buf, len, " (ran while the holder could not)");
		break;
	case BLAME_ROLE_STOPPER:
		snprintf(buf, len, " (CPU stopper)");
		break;
	default:
		buf[0] = '\0';
	}
}

/* The kernel stack of what the timer interrupted when it woke the thread (--stack). */
static void report_text_stack(FILE *out, const struct blame_result *r)
{
	const struct cause_stack *st = &r->cause.stack;
	char first[160], frames[1200];

	if (st->where == CAUSE_STACK_NONE)
		return;
	snprintf(first, sizeof(first),
		 "  stack: %s (pid %d) on CPU %d at the wakeup, %s: ", st->pid ? st->comm : "idle",
		 st->pid, st->cpu,
		 st->where == CAUSE_STACK_KERNEL ? "in the kernel"
		 : st->where == CAUSE_STACK_USER ? "in user space (nothing below the IRQ entry)"
		 : st->where == CAUSE_STACK_IDLE ? "in the idle loop"
						 : "no IRQ entry among the frames");
	cause_stack_words(st, CAUSE_MAX_FRAMES, frames, sizeof(frames));
	report_text_wrap(out, first, frames[0] ? frames : "-", 11);
}

void report_text_spike(FILE *out, const struct blame_result *r, int index, size_t nr_events)
{
	const struct blame_spike *sp = &r->spike;
	char label[128], who[32];
	int i;

	if (sp->thread >= 0)
		snprintf(who, sizeof(who), "thread %d (tid %d)", sp->thread, sp->tid);
	else if (sp->tid < 0)
		snprintf(who, sizeof(who), "its thread (tid unknown)");
	else
		snprintf(who, sizeof(who), "tid %d", sp->tid);
	fprintf(out, "#\n# Spike %d: %s on CPU %d %s %.1f us late", index, who,
		r->run_cpu >= 0 ? r->run_cpu : sp->cpu,
		sp->timer_only ? "not woken yet: its timer's interrupt came" : "woke",
		report_us(r->latency_ns));
	if (sp->threshold_ns)
		fprintf(out, " (threshold %.0f us)", report_us(sp->threshold_ns));
	fputc('\n', out);
	fprintf(out, "#   trace: %s", r->complete ? "complete" : "INCOMPLETE");
	if (nr_events)
		fprintf(out, ", %zu events", nr_events);
	fprintf(out, " over %.1f ms, %llu lost",
		(double)(r->window_end_ns - r->window_start_ns) / 1e6,
		(unsigned long long)r->lost_events);
	if (r->inferred_switches)
		fprintf(out, ", %d untraced switch%s inferred", r->inferred_switches,
			r->inferred_switches == 1 ? "" : "es");
	fprintf(out, "\n#   deadline: %s\n", blame_deadline_words(sp));
	fprintf(out,
		"#   phases: timer delay %.1f us | scheduling delay %.1f us | return to user "
		"%.1f us\n",
		report_us(r->phase_ns[BLAME_PHASE_TIMER]),
		report_us(r->phase_ns[BLAME_PHASE_SCHED]),
		report_us(r->phase_ns[BLAME_PHASE_RETURN]));
	if (r->timer_function[0] || r->waking_ns) {
		char chain[400];
		size_t n = 0;

		chain[0] = '\0';
		if (r->timer_function[0])
			n += (size_t)snprintf(chain + n, sizeof(chain) - n,
					      "timer %s on CPU %d at %+.1f us,", r->timer_function,
					      r->timer_cpu,
					      report_offset_us(r->timer_ns, sp->deadline_ns));
		if (r->timer_thread_ns && n < sizeof(chain))
			n += (size_t)snprintf(
				chain + n, sizeof(chain) - n,
				" run by thread %d (woken at %+.1f us),", r->timer_thread_pid,
				report_offset_us(r->timer_thread_ns, sp->deadline_ns));
		if (r->waking_ns && n < sizeof(chain))
			n += (size_t)snprintf(chain + n, sizeof(chain) - n,
					      " woken onto CPU %d %s,", r->wake_cpu,
					      r->resched_at_wakeup ? "(need-resched set)"
					      : r->lazy_at_wakeup  ? "(lazy need-resched)"
								   : "(no need-resched)");
		if (r->switch_ns && n < sizeof(chain))
			snprintf(chain + n, sizeof(chain) - n, " switched in on CPU %d at %+.1f us",
				 r->run_cpu, report_offset_us(r->switch_ns, sp->deadline_ns));
		else if (sp->timer_only && n < sizeof(chain))
			snprintf(chain + n, sizeof(chain) - n, " the spike ends there");
		report_text_wrap(out, "  chain: ", chain[0] == ' ' ? chain + 1 : chain, 11);
	}
	fprintf(out, "#   culprits:     us  share  kind        what\n");
	for (i = 0; i < r->nr_culprits; i++) {
		const struct blame_culprit *c = &r->culprit[i];
		char role[48];

		blame_culprit_label(c, label, sizeof(label));
		report_text_role(c, role, sizeof(role));
		fprintf(out, "#   %12.1f %5.1f%%  %-11s %s, CPU %d%s%s\n", report_us(c->ns),
			r->latency_ns ? 100.0 * (double)c->ns / (double)r->latency_ns : 0.0,
			blame_kind_name(c->kind), label, c->cpu,
			c->victim ? " (return to user)" : "", role);
	}
	report_text_stack(out, r);
	snprintf(label, sizeof(label), "verdict (%s): ", blame_verdict_name(r->verdict));
	report_text_wrap(out, label, r->text, 4);
	report_text_wrap(out, "hint: ", r->hint, 4);
}

void report_text_tally_add(struct report_text_tally *t, const struct blame_result *r)
{
	struct report_text_tally_row *row;
	const struct blame_culprit *c;
	char label[sizeof(row->label)];
	size_t k;

	t->nr++;
	t->counts[r->verdict]++;
	if (r->verdict_culprit < 0)
		return;
	c = &r->culprit[r->verdict_culprit];
	/* by what it is, not by pid: a restarted task is the same culprit */
	if (c->kind == BLAME_TASK || c->kind == BLAME_IRQ_THREAD)
		snprintf(label, sizeof(label), "%s %s", blame_kind_name(c->kind), c->comm);
	else
		blame_culprit_label(c, label, sizeof(label));
	for (k = 0; k < t->nr_rows; k++)
		if (t->rows[k].verdict == r->verdict && !strcmp(t->rows[k].label, label))
			break;
	if (k == t->nr_rows) {
		if (t->nr_rows == ARRAY_SIZE(t->rows))
			return;
		row = &t->rows[t->nr_rows++];
		util_strlcpy(row->label, label, sizeof(row->label));
		row->verdict = r->verdict;
		row->count = 0;
		row->ns = 0;
	}
	t->rows[k].count++;
	t->rows[k].ns += c->ns;
}

void report_text_tally(FILE *out, const struct report_text_tally *t)
{
	struct report_text_tally_row rows[ARRAY_SIZE(t->rows)];
	size_t nr_rows = t->nr_rows, i, k;
	bool first = true;

	if (!t->nr)
		return;
	memcpy(rows, t->rows, nr_rows * sizeof(rows[0]));
	fprintf(out, "# rtwhy: verdicts:");
	for (i = 0; i < BLAME_NR_VERDICTS; i++) {
		if (!t->counts[i])
			continue;
		fprintf(out, "%s %s %d", first ? "" : ",",
			blame_verdict_name((enum blame_verdict)i), t->counts[i]);
		first = false;
	}
	fputc('\n', out);
	/* the most frequent culprits, with their total time */
	for (i = 0; i < nr_rows; i++) {
		for (k = i + 1; k < nr_rows; k++) {
			if (rows[k].count > rows[i].count) {
				struct report_text_tally_row tmp = rows[i];

				rows[i] = rows[k];
				rows[k] = tmp;
			}
		}
	}
	for (i = 0; i < nr_rows && i < 5; i++)
		fprintf(out, "#   %4d x %-16s %s (%.1f us in all)\n", rows[i].count,
			blame_verdict_name(rows[i].verdict), rows[i].label,
			(double)rows[i].ns / 1000.0);
}
