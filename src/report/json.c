// SPDX-License-Identifier: GPL-2.0-only
/*
 * report/json - cyclictest's JSON (rt_write_json + write_stats of rt-tests
 * 2.4, keys and quirks included: "cmdline:" and "rt_test_version:" carry a
 * colon, an empty histogram prints as "{      }") and rtwhy's spikes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report/json.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

static void report_json_time(char *buf, size_t len, time_t t)
{
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, len, "%a, %d %b %Y %T %z", &tm);
}

static void report_json_cmdline(FILE *f, const struct rtw_config *cfg)
{
	char buf[4096];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < cfg->argc && used < sizeof(buf); i++)
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s", i ? " " : "",
					 cfg->argv[i]);
	json_escape(f, buf);
}

static double report_us(uint64_t ns)
{
	return (double)ns / 1000.0;
}

static void report_json_task(struct json *j, const struct cause_task *t)
{
	json_object(j, NULL);
	json_int(j, "pid", t->pid);
	json_string(j, "comm", t->comm);
	json_int(j, "prio", event_user_prio(t->prio));
	json_double(j, "run_us", report_us(t->run_ns), 3);
	json_bool(j, "slept", t->slept);
	if (t->never_sleeps >= 0)
		json_bool(j, "never_sleeps", t->never_sleeps == 1);
	json_bool(j, "from_proc", t->from_host);
	if (t->rt_group != CAUSE_RT_GROUP_UNKNOWN) /* read live: RT group scheduling */
		json_bool(j, "in_rt_group", t->rt_group == CAUSE_RT_GROUP_IN);
	json_end(j);
}

/* A stretch the thread was held: "cpu", "start_ns", "end_ns", "held_us" (of the latency). */
static void report_json_span(struct json *j, int32_t cpu, uint64_t start_ns, uint64_t end_ns,
			     uint64_t held_ns)
{
	json_int(j, "cpu", cpu);
	json_uint(j, "start_ns", (unsigned long long)start_ns);
	json_uint(j, "end_ns", (unsigned long long)end_ns);
	json_double(j, "held_us", report_us(held_ns), 3);
}

/* offcpu.h's "frozen": how, when, who froze and thawed it, the live run's freezer cgroups */
static void report_json_frozen(struct json *j, const struct offcpu_frozen *fz)
{
	const struct offcpu_freezer *g = &fz->group;

	if (fz->how == OFFCPU_FROZEN_NONE)
		return;
	json_object(j, "frozen");
	json_string(j, "mechanism",
		    fz->how == OFFCPU_FROZEN_TRAP     ? "cgroup_v2_trap"
		    : fz->how == OFFCPU_FROZEN_BEFORE ? "before_window"
						      : "freezer");
	report_json_span(j, fz->cpu, fz->start_ns, fz->end_ns, fz->held_ns);
	json_uint(j, "timer_ns", (unsigned long long)fz->timer_ns);
	json_int(j, "freeze_by_pid", fz->freeze_by_pid);
	json_string(j, "freeze_by_comm", fz->freeze_by_comm);
	json_int(j, "thaw_by_pid", fz->thaw_by_pid);
	json_string(j, "thaw_by_comm", fz->thaw_by_comm);
	json_int(j, "thaw_by_cpu", fz->thaw_by_cpu);
	json_int(j, "thawed_with", fz->nr_thawed_with);
	if (g->known) {
		json_object(j, "cgroup");
		json_string(j, "v1_path", g->v1_path);
		json_string(j, "v1_state", g->v1_state);
		json_string(j, "v2_path", g->v2_path);
		json_int(j, "v2_freeze", g->v2_freeze);
		if (g->v2_time_known) {
			json_double(j, "v2_frozen_us", report_us(g->v2_frozen_ns), 3);
			json_double(j, "v2_sample_us", report_us(g->v2_sample_ns), 3);
		}
		json_end(j);
	}
	json_end(j);
}

/* offcpu.h's: "cfs_throttle" (with the live run's cgroup), "stopped", "frozen", in "causes" */
static void report_json_offcpu(struct json *j, const struct blame_result *r)
{
	const struct offcpu_cfs *cfs = &r->cause.cfs;
	const struct offcpu_stop *st = &r->cause.stopped;
	int i;

	if (cfs->seen) {
		json_object(j, "cfs_throttle");
		json_int(j, "cpu", cfs->cpu);
		json_uint(j, "start_ns", (unsigned long long)cfs->start_ns);
		json_double(j, "held_us", report_us(cfs->held_ns), 3);
		json_double(j, "idle_us", report_us(cfs->idle_ns), 3);
		json_double(j, "other_us", report_us(cfs->other_ns), 3);
		json_bool(j, "idle_proof", cfs->idle_proof);
		json_uint(j, "timer_ns", (unsigned long long)cfs->timer_ns);
		json_int(j, "timer_cpu", cfs->timer_cpu);
		json_bool(j, "slack_timer", cfs->slack_timer);
		json_array(j, "held_with");
		for (i = 0; i < cfs->nr_with; i++) {
			json_object(j, NULL);
			json_int(j, "pid", cfs->with[i].pid);
			json_string(j, "comm", cfs->with[i].comm);
			json_end(j);
		}
		json_end(j);
		if (cfs->group.known) {
			json_object(j, "cgroup");
			json_string(j, "path", cfs->group.path);
			json_int(j, "version", cfs->group.version);
			json_int(j, "quota_us", cfs->group.quota_us);
			json_int(j, "period_us", cfs->group.period_us);
			json_string(j, "limit_path", cfs->group.limit_path);
			if (cfs->group.stat_known) {
				json_uint(j, "nr_periods",
					  (unsigned long long)cfs->group.nr_periods);
				json_uint(j, "nr_throttled",
					  (unsigned long long)cfs->group.nr_throttled);
				json_double(j, "throttled_us", report_us(cfs->group.throttled_ns),
					    3);
				json_double(j, "sample_us", report_us(cfs->group.sample_ns), 3);
			}
			json_end(j);
		}
		json_end(j);
	}
	if (st->kind != OFFCPU_STOP_NONE) {
		json_object(j, "stopped");
		json_string(j, "state", st->kind == OFFCPU_STOP_TRACED ? "t" : "T");
		report_json_span(j, st->cpu, st->start_ns, st->end_ns, st->held_ns);
		json_int(j, "stop_signal", st->stop_sig);
		json_int(j, "stop_by_pid", st->stop_by_pid);
		json_string(j, "stop_by_comm", st->stop_by_comm);
		json_int(j, "cont_signal", st->cont_sig);
		json_int(j, "cont_by_pid", st->cont_by_pid);
		json_string(j, "cont_by_comm", st->cont_by_comm);
		json_int(j, "cont_by_cpu", st->cont_by_cpu);
		json_end(j);
	}
	report_json_frozen(j, &r->cause.frozen);
}

/* "stop": the CPU stopper (cause_stop.h), and stop_machine() with what called it */
static void report_json_stop(struct json *j, const struct cause_stop *st)
{
	json_object(j, "stop");
	json_int(j, "pid", st->pid);
	json_string(j, "comm", st->comm);
	if (st->moved_pid > 0) {
		json_int(j, "moved_pid", st->moved_pid);
		json_string(j, "moved_comm", st->moved_comm);
		json_int(j, "moved_from", st->moved_from);
		json_int(j, "moved_to", st->moved_to);
	}
	if (st->by_pid >= 0) {
		json_int(j, "by_pid", st->by_pid);
		json_string(j, "by_comm", st->by_comm);
		json_int(j, "by_cpu", st->by_cpu);
	}
	if (st->by_timer[0])
		json_string(j, "by_timer", st->by_timer);
	if (st->machine) { /* stop_machine(): every CPU's stopper */
		json_object(j, "machine");
		json_int(j, "cpus", st->nr_cpus);
		json_double(j, "us", report_us(st->machine_ns), 3);
		json_double(j, "irqs_off_us", report_us(st->irqs_off_ns), 3);
		if (st->waker_pid > 0) {
			json_int(j, "called_by_pid", st->waker_pid);
			json_string(j, "called_by_comm", st->waker_comm);
		}
		if (st->hotplug_cpu >= 0) {
			json_int(j, "hotplug_cpu", st->hotplug_cpu);
			if (st->hotplug_step[0]) {
				json_string(j, "hotplug_step", st->hotplug_step);
				json_bool(j, "hotplug_down", st->hotplug_down > 0);
			}
		}
		json_end(j);
	}
	json_end(j);
}

/* What cause.h found: "causes" {bandwidth, pi, stop}, and the kernel "stack" of the wakeup. */
static void report_json_causes(struct json *j, const struct blame_result *r)
{
	static const char *const bw_names[] = { "", "rt_throttle", "fair_server",
						"rt_throttle_or_fair_server" };
	static const char *const pi_names[] = { "", "boost", "lock_wait", "inversion" };
	const struct cause_info *ci = &r->cause;
	int i;

	if (ci->bw.kind || ci->pi.kind || ci->stop.seen || ci->stop.machine || ci->cfs.seen ||
	    ci->stopped.kind != OFFCPU_STOP_NONE || ci->frozen.how != OFFCPU_FROZEN_NONE) {
		json_object(j, "causes");
		report_json_offcpu(j, r);
		if (ci->bw.kind && ci->bw.kind < ARRAY_SIZE(bw_names)) {
			json_object(j, "bandwidth");
			json_string(j, "mechanism", bw_names[ci->bw.kind]);
			json_int(j, "cpu", ci->bw.cpu);
			json_uint(j, "start_ns", (unsigned long long)ci->bw.start_ns);
			json_uint(j, "server_timer_ns", (unsigned long long)ci->bw.server_timer_ns);
			json_uint(j, "period_timer_ns", (unsigned long long)ci->bw.period_timer_ns);
			json_int(j, "period_timer_cpu", ci->bw.period_timer_cpu);
			json_double(j, "server_after_us", report_us(ci->bw.server_after_ns), 3);
			json_double(j, "held_us", report_us(ci->bw.held_ns), 3);
			json_double(j, "idle_us", report_us(ci->bw.idle_ns), 3);
			json_double(j, "fair_us", report_us(ci->bw.fair_ns), 3);
			json_double(j, "lower_rt_us", report_us(ci->bw.lower_rt_ns), 3);
			if (ci->bw.fair_pid > 0) { /* the fair task that ran most meanwhile */
				json_int(j, "fair_pid", ci->bw.fair_pid);
				json_string(j, "fair_comm", ci->bw.fair_comm);
				json_double(j, "fair_top_us", report_us(ci->bw.fair_top_ns), 3);
			}
			json_bool(j, "timer_events", ci->bw.timer_events);
			if (ci->bw.group.known) { /* the thread's cpu cgroup, live */
				json_object(j, "cgroup");
				json_string(j, "path", ci->bw.group.path);
				json_int(j, "version", ci->bw.group.version);
				json_int(j, "rt_runtime_us", ci->bw.group.rt_runtime_us);
				json_int(j, "rt_period_us", ci->bw.group.rt_period_us);
				json_string(j, "rt_limit_path", ci->bw.group.rt_limit_path);
				json_end(j);
			}
			json_array(j, "budget_users");
			for (i = 0; i < ci->bw.nr_users; i++)
				report_json_task(j, &ci->bw.user[i]);
			json_end(j);
			json_end(j);
		}
		if (ci->pi.kind && ci->pi.kind < ARRAY_SIZE(pi_names)) {
			json_object(j, "pi");
			json_string(j, "kind", pi_names[ci->pi.kind]);
			json_int(j, "holder_pid", ci->pi.holder_pid);
			json_string(j, "holder_comm", ci->pi.holder_comm);
			json_int(j, "holder_prio", event_user_prio(ci->pi.holder_prio));
			if (ci->pi.boost_prio != TL_PRIO_UNKNOWN)
				json_int(j, "boosted_to", event_user_prio(ci->pi.boost_prio));
			json_int(j, "waiter_pid", ci->pi.waiter_pid);
			json_string(j, "waiter_comm", ci->pi.waiter_comm);
			json_array(j, "chain");
			for (i = 0; i < ci->pi.nr_chain; i++)
				json_int(j, NULL, ci->pi.chain_pid[i]);
			json_end(j);
			if (ci->pi.wait_ns)
				json_double(j, "wait_us", report_us(ci->pi.wait_ns), 3);
			if (ci->pi.mid_pid > 0) {
				json_int(j, "middle_pid", ci->pi.mid_pid);
				json_string(j, "middle_comm", ci->pi.mid_comm);
				json_int(j, "middle_prio", event_user_prio(ci->pi.mid_prio));
			}
			json_bool(j, "pi_events_seen", ci->pi.events_seen);
			json_end(j);
		}
		if (ci->stop.seen || ci->stop.machine)
			report_json_stop(j, &ci->stop);
		json_end(j);
	}
	if (ci->stack.where != CAUSE_STACK_NONE) {
		json_object(j, "stack");
		json_int(j, "pid", ci->stack.pid);
		json_string(j, "comm", ci->stack.comm);
		json_int(j, "cpu", ci->stack.cpu);
		json_uint(j, "ts_ns", (unsigned long long)ci->stack.ts_ns);
		json_string(j, "where", cause_stack_where_name(ci->stack.where));
		json_int(j, "recorded_frames", ci->stack.nr_recorded);
		json_array(j, "frames");
		for (i = 0; i < ci->stack.nr; i++)
			json_string(j, NULL, ci->stack.frame[i]);
		json_end(j);
		json_end(j);
	}
}

/* "evidence": what the last resort ruled out; the host's steal time measured around it */
static void report_json_evidence(struct json *j, const struct cause_evidence *ev)
{
	int i;

	json_object(j, "evidence");
	json_array(j, "ruled_out");
	for (i = 0; i < CAUSE_NR_RULED_OUT; i++)
		if (ev->ruled_out & (1u << i))
			json_string(j, NULL, cause_ruled_out_name(1u << i));
	json_end(j);
	if (ev->steal_ns >= 0 && ev->steal_span_ns) {
		json_double(j, "steal_us", (double)ev->steal_ns / 1000.0, 0);
		json_bool(j, "steal_of_cpu", ev->steal_per_cpu);
		json_double(j, "steal_over_ms", (double)ev->steal_span_ns / 1e6, 1);
	} else {
		json_null(j, "steal_us");
		json_null(j, "steal_of_cpu");
		json_null(j, "steal_over_ms");
	}
	json_end(j);
}

/* report_json_culprit - one culprit of @r as an object of the array "culprits". */
static void report_json_culprit(struct json *j, const struct blame_result *r,
				const struct blame_culprit *c)
{
	json_object(j, NULL);
	json_string(j, "kind", blame_kind_name(c->kind));
	json_double(j, "us", report_us(c->ns), 3);
	json_double(j, "share", r->latency_ns ? (double)c->ns / (double)r->latency_ns : 0, 4);
	if (c->kind == BLAME_TASK || c->kind == BLAME_IRQ_THREAD ||
	    (c->kind == BLAME_UNACCOUNTED && c->pid > 0)) {
		json_string(j, "comm", c->comm);
		json_int(j, "pid", c->pid);
	}
	if (c->kind == BLAME_TASK || c->kind == BLAME_IRQ_THREAD) {
		json_string(j, "policy", blame_policy_name(c->policy));
		if (c->prio != TL_PRIO_UNKNOWN)
			json_int(j, "prio", event_user_prio(c->prio));
		else
			json_null(j, "prio");
	}
	if (c->kind == BLAME_HARDIRQ || c->kind == BLAME_IRQ_THREAD || c->kind == BLAME_SOFTIRQ) {
		if (c->irq >= 0)
			json_int(j, "irq", c->irq);
		json_string(j, "name", c->kind == BLAME_IRQ_THREAD ? c->comm : c->name);
	}
	if (c->victim)
		json_bool(j, "victim", true);
	json_int(j, "cpu", c->cpu);
	if (c->role)
		json_string(j, "role", blame_role_name(c->role));
	if (c->role == BLAME_ROLE_BOOSTED ||
	    (c->role == BLAME_ROLE_HOLDER && c->boost_prio != TL_PRIO_UNKNOWN))
		json_int(j, "boosted_to", event_user_prio(c->boost_prio));
	if (c->softirq_ns) { /* softirqs it ran in its own context (an IRQ thread's) */
		json_string(j, "softirq", c->softirq);
		json_double(j, "softirq_us", report_us(c->softirq_ns), 3);
	}
	if (c->flags & BLAME_C_SELF)
		json_bool(j,
			  blame_culprit_is_explainer(c) ? "rtwhy_explaining_thread"
							: "rtwhy_main_thread",
			  true);
	if (c->flags & BLAME_C_PINNED)
		json_bool(j, "per_cpu_kthread", true);
	if (c->dl_runtime_ns) {
		json_uint(j, "dl_runtime_us", (unsigned long long)(c->dl_runtime_ns / 1000));
		json_uint(j, "dl_period_us", (unsigned long long)(c->dl_period_ns / 1000));
	}
	json_end(j);
}

void report_json_spike(struct json *j, const struct blame_result *r, int index)
{
	const struct blame_spike *sp = &r->spike;
	int i;

	json_object(j, NULL);
	json_int(j, "spike", index);
	if (sp->thread >= 0) /* else a trace that does not say (cyclictest's marker, by hand) */
		json_int(j, "thread", sp->thread);
	else
		json_null(j, "thread");
	json_int(j, "tid", sp->tid);
	if (r->run_cpu >= 0 || sp->cpu >= 0)
		json_int(j, "cpu", r->run_cpu >= 0 ? r->run_cpu : sp->cpu);
	else
		json_null(j, "cpu");
	json_double(j, "latency_us", report_us(r->latency_ns), 3);
	json_uint(j, "deadline_ns", (unsigned long long)sp->deadline_ns);
	json_uint(j, "wake_ns", (unsigned long long)sp->wake_ns);
	json_bool(j, "deadline_exact", sp->deadline_exact);
	json_string(j, "source", sp->source);
	if (sp->timer_only)
		json_bool(j, "timer_only", true);
	json_object(j, "phases");
	json_double(j, "timer_delay_us", report_us(r->phase_ns[BLAME_PHASE_TIMER]), 3);
	json_double(j, "sched_delay_us", report_us(r->phase_ns[BLAME_PHASE_SCHED]), 3);
	json_double(j, "return_us", report_us(r->phase_ns[BLAME_PHASE_RETURN]), 3);
	json_end(j);
	json_array(j, "culprits");
	for (i = 0; i < r->nr_culprits; i++)
		report_json_culprit(j, r, &r->culprit[i]);
	json_end(j);
	report_json_causes(j, r);
	json_object(j, "verdict");
	json_string(j, "kind", blame_verdict_name(r->verdict));
	if (r->verdict_culprit >= 0)
		json_int(j, "culprit", r->verdict_culprit);
	else
		json_null(j, "culprit");
	json_string(j, "text", r->text);
	json_string(j, "hint", r->hint);
	report_json_evidence(j, &r->cause.evidence);
	json_end(j);
	json_object(j, "trace");
	json_bool(j, "complete", r->complete);
	if (!r->complete)
		json_string(j, "why_incomplete", r->incomplete_why);
	json_uint(j, "lost_events", (unsigned long long)r->lost_events);
	json_int(j, "inferred_switches", r->inferred_switches);
	json_uint(j, "window_ns", (unsigned long long)(r->window_end_ns - r->window_start_ns));
	if (r->tick_ns)
		json_uint(j, "tick_ns", (unsigned long long)r->tick_ns);
	if (r->live.freeze_ns)
		json_uint(j, "freeze_ns", (unsigned long long)r->live.freeze_ns);
	if (r->live.explain_ns)
		json_uint(j, "explain_ns", (unsigned long long)r->live.explain_ns);
	json_end(j);
	json_end(j);
}

/* rtwhy's "percentiles" of a thread, and where they come from (stats.h) */
static void report_json_percentiles(FILE *f, const struct stats_thread *st)
{
	static const char *const from[] = { "null", "\"histogram\"", "\"estimator\"",
					    "\"histogram+estimator\"" };
	unsigned int seen = 0; /* 1: an exact value, 2: an estimated one */
	int k;

	fprintf(f, "      \"percentiles\": {");
	for (k = 0; k < STATS_NR_PCT; k++) {
		struct stats_percentile p;

		if (stats_percentile(st, stats_pct_ppm[k], &p)) {
			fprintf(f, "%s\"%s\": null", k ? ", " : "", stats_pct_name[k]);
			continue;
		}
		fprintf(f, "%s\"%s\": %lld", k ? ", " : "", stats_pct_name[k], (long long)p.units);
		seen |= p.exact ? 1u : 2u;
	}
	fprintf(f, "},\n      \"percentiles_from\": %s,\n", from[seen]);
}

static void report_json_thread(FILE *f, const struct rtw_config *cfg,
			       const struct measure_thread_summary *t, int node, bool last)
{
	uint64_t unit = config_unit_ns(cfg);
	const struct stats_snapshot s = t->snap;
	bool first = true;
	int b;

	fprintf(f, "    \"%d\": {\n", t->index);
	fprintf(f, "      \"histogram\": {");
	for (b = 0; b < t->stats->nr_buckets; b++) {
		if (!t->stats->hist[b])
			continue;
		fprintf(f, "%s\n        \"%d\": %llu", first ? "" : ",", b,
			(unsigned long long)t->stats->hist[b]);
		first = false;
	}
	fprintf(f, first ? "      },\n" : "\n      },\n");
	fprintf(f, "      \"cycles\": %llu,\n", (unsigned long long)s.cycles);
	fprintf(f, "      \"min\": %lld,\n", (long long)(s.min_ns / (int64_t)unit));
	fprintf(f, "      \"max\": %lld,\n", (long long)(s.max_ns / (int64_t)unit));
	if (s.cycles)
		fprintf(f, "      \"avg\": %.2f,\n", (double)s.sum_units / (double)s.cycles);
	else
		fprintf(f, "      \"avg\": null,\n");
	report_json_percentiles(f, t->stats);
	fprintf(f, "      \"cpu\": %d,\n", t->cpu);
	fprintf(f, "      \"node\": %d\n", node);
	fprintf(f, "    }%s\n", last ? "" : ",");
}

/* "cpu_hotplug": each CPU that went offline or came back during the run, in order */
static void report_json_hotplug(FILE *f, const struct hotplug *h)
{
	int i, k;

	if (!h)
		return;
	fprintf(f, "  \"cpu_hotplug\": [");
	for (i = 0; i < h->nr_changes; i++) {
		const struct hotplug_change *c = &h->change[i];

		fprintf(f, "%s\n    {\"at_s\": %.3f, \"cpu\": %d, \"online\": %s, \"threads\": [",
			i ? "," : "",
			c->at_ns > h->start_ns ? (double)(c->at_ns - h->start_ns) / 1e9 : 0.0,
			c->cpu, c->online ? "true" : "false");
		for (k = 0; k < c->nr_threads && k < HOTPLUG_MAX_LISTED; k++)
			fprintf(f, "%s%d", k ? ", " : "", c->thread[k]);
		fprintf(f, "], \"repinned\": %d, \"repin_error\": ", c->nr_repinned);
		if (c->repin_err)
			fprintf(f, "\"%s\"}", strerror(-c->repin_err));
		else
			fprintf(f, "null}");
	}
	fprintf(f, "%s],\n", h->nr_changes ? "\n  " : "");
}

/* @ns in whole microseconds, or null when negative (unknown) */
static void report_json_us_or_null(FILE *f, int64_t ns)
{
	if (ns < 0)
		fprintf(f, "null");
	else
		fprintf(f, "%lld", (long long)(ns / 1000));
}

/* "affinity_changes": each measuring thread moved off its CPU, or pinned to it again; then
 * "sched_changes" */
static void report_json_affwatch(FILE *f, const struct affwatch *w)
{
	int i;

	if (!w)
		return;
	fprintf(f, "  \"affinity_changes\": [");
	for (i = 0; i < w->nr_changes; i++) {
		const struct affwatch_change *c = &w->change[i];

		fprintf(f,
			"%s\n    {\"at_s\": %.3f, \"thread\": %d, \"tid\": %d, \"cpu\": %d, "
			"\"back\": %s, \"cpus\": ",
			i ? "," : "",
			c->at_ns > w->start_ns ? (double)(c->at_ns - w->start_ns) / 1e9 : 0.0,
			c->thread, c->tid, c->cpu, c->back ? "true" : "false");
		if (c->back)
			fprintf(f, "null");
		else
			json_escape(f, c->cpus);
		fprintf(f, ", \"cpuset\": ");
		if (c->cpuset[0])
			json_escape(f, c->cpuset);
		else
			fprintf(f, "null");
		fputc('}', f);
	}
	fprintf(f, "%s],\n", w->nr_changes ? "\n  " : "");
	/* "sched_changes": each measuring thread whose policy, priority or nice changed, or came back */
	fprintf(f, "  \"sched_changes\": [");
	for (i = 0; i < w->nr_sched; i++) {
		const struct affwatch_sched_change *c = &w->sched[i];

		fprintf(f,
			"%s\n    {\"at_s\": %.3f, \"thread\": %d, \"tid\": %d, \"back\": %s, "
			"\"policy\": \"%s\", \"priority\": %d, \"nice\": %d, \"now_policy\": "
			"\"%s\", "
			"\"now_priority\": %d, \"now_nice\": %d, \"slack_us\": ",
			i ? "," : "",
			c->at_ns > w->start_ns ? (double)(c->at_ns - w->start_ns) / 1e9 : 0.0,
			c->thread, c->tid, c->back ? "true" : "false",
			blame_policy_name(c->set.policy), c->set.priority, c->set.nice,
			blame_policy_name(c->now.policy), c->now.priority, c->now.nice);
		report_json_us_or_null(f, c->set.slack_ns);
		fprintf(f, ", \"now_slack_us\": ");
		report_json_us_or_null(f, c->now.slack_ns);
		fputc('}', f);
	}
	fprintf(f, "%s],\n", w->nr_sched ? "\n  " : "");
}

/* "trace_disturbed": what another program did to rtwhy's instance, as said at the time */
static void report_json_instwatch(FILE *f, const struct instwatch *w)
{
	static const char *const what[] = { "tracing_off", "cleared",  "resized",
					    "events_off",  "settings", "removed" };
	int i, b;

	if (!w)
		return;
	fprintf(f, "  \"spikes_trace_disturbed\": %llu,\n  \"trace_disturbed\": [",
		atomic_load(&w->nr_spikes));
	for (i = 0; i < w->nr_notices; i++) {
		const struct instwatch_notice *n = &w->notice[i];

		for (b = 0; b < (int)ARRAY_SIZE(what) - 1 && !(n->what & (1u << b)); b++)
			;
		fprintf(f, "%s\n    {\"at_s\": %.3f, \"what\": \"%s\", \"text\": ", i ? "," : "",
			n->at_ns > w->start_ns ? (double)(n->at_ns - w->start_ns) / 1e9 : 0.0,
			what[b]);
		json_escape(f, n->text);
		fputc('}', f);
	}
	fprintf(f, "%s],\n", w->nr_notices ? "\n  " : "");
}

int report_json_write(const char *path, const struct rtw_config *cfg,
		      const struct measure_summary *m, const struct report_json_run *run)
{
	static const struct host_machine unknown;
	const struct host_machine *host = run->host ? run->host : &unknown;
	const struct utsname *u = &host->uts;
	FILE *f = stdout;
	char start[64], end[64];
	struct json j;
	size_t i;
	int ret = strcmp(path, "-") ? outfile_open(path, "--json file", &f) : 0;

	if (ret)
		return ret;
	report_json_time(start, sizeof(start), run->start_time);
	report_json_time(end, sizeof(end), run->end_time);
	fprintf(f, "{\n  \"file_version\": 1,\n  \"cmdline:\": ");
	report_json_cmdline(f, cfg);
	fprintf(f, ",\n  \"rt_test_version:\": \"2.40\",\n");
	fprintf(f, "  \"start_time\": \"%s\",\n  \"end_time\": \"%s\",\n", start, end);
	fprintf(f, "  \"return_code\": %d,\n", run->return_code);
	fprintf(f, "  \"sysinfo\": {\n");
	fprintf(f, "    \"sysname\": \"%s\",\n    \"nodename\": \"%s\",\n", u->sysname,
		u->nodename);
	fprintf(f, "    \"release\": \"%s\",\n    \"version\": \"%s\",\n", u->release, u->version);
	fprintf(f, "    \"machine\": \"%s\",\n    \"realtime\": %d\n  },\n", u->machine,
		host->realtime);
	fprintf(f, "  \"num_threads\": %d,\n", m->nr_threads);
	fprintf(f, "  \"resolution_in_ns\": %d,\n", cfg->output.nsecs ? 1 : 0);
	fprintf(f, "  \"thread\": {\n");
	for (i = 0; i < (size_t)m->nr_threads; i++)
		report_json_thread(f, cfg, &m->threads[i], run->node ? run->node[i] : 0,
				   i + 1 == (size_t)m->nr_threads);
	fprintf(f, "  },\n");
	fprintf(f, "  \"rtwhy_version\": \"%s\",\n", RTWHY_VERSION);
	fprintf(f, "  \"blind_spikes\": %llu,\n", run->blind_spikes);
	fprintf(f, "  \"blind_us\": %.3f,\n", (double)run->blind_ns / 1000.0);
	fprintf(f,
		"  \"not_explained\": {\"queue_full\": %llu, \"window_overwritten\": %llu, "
		"\"recording_off\": %llu, \"failed\": %llu, \"thread_max\": %d},\n",
		(unsigned long long)run->unexplained.queue_full,
		(unsigned long long)run->unexplained.overwritten,
		(unsigned long long)run->unexplained.recording_off,
		(unsigned long long)run->unexplained.failed, run->unexplained.thread_max);
	fprintf(f, "  \"spikes_not_kept\": %zu,\n", run->kept ? run->kept->nr_dropped : 0);
	report_json_hotplug(f, run->hotplug);
	report_json_affwatch(f, run->affwatch);
	report_json_instwatch(f, run->instwatch);
	/* the rest through the writer, one level in */
	j.out = f;
	j.depth = 1;
	j.has_items[0] = false;
	j.closer[0] = '}';
	fprintf(f, "  \"spikes\": [");
	j.depth = 2;
	j.has_items[1] = run->kept && run->kept->nr;
	j.closer[1] = ']';
	if (run->kept)
		spikekeep_write(f, run->kept);
	json_end(&j);
	fprintf(f, "\n}\n");
	return outfile_close(f, "--json file", path);
}
