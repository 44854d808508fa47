// SPDX-License-Identifier: GPL-2.0-only
/*
 * blame_holder.c - the higher-priority task the thread waited for anyway, and how much of a
 * stall inside its run is its time. See include/analysis/blame_holder.h.
 */
#include "analysis/blame_holder.h"
#include "analysis/repair.h"

#include <stdlib.h>
#include <string.h>

#define BLAME_HOLDER_MAX_RUNS  64
#define BLAME_HOLDER_MAX_PEERS 4 /* tasks of the gate's priority walked back past */

static int blame_holder_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* How near another run must be to the usual one: a tenth of it, or BLAME_HOLDER_TOL_NS. */
static uint64_t blame_holder_tol(uint64_t usual_ns)
{
	return usual_ns / 10 > BLAME_HOLDER_TOL_NS ? usual_ns / 10 : BLAME_HOLDER_TOL_NS;
}

/*
 * blame_holder_runs - How long the holder runs: the lower quartile of its other complete
 * runs on its CPU in the window (switch-in to switch-out; a stall only lengthens a run), when
 * at least BLAME_HOLDER_MIN_RUNS of them and half of them lie within the tolerance of it (a
 * task that runs for a regular time).
 */
static void blame_holder_runs(const struct rtw_event *ev, size_t n, struct blame_holder *h)
{
	uint64_t run[BLAME_HOLDER_MAX_RUNS], start = 0, tol, f;
	int nr = 0, near = 0, i;
	size_t k;

	for (k = 0; k < n && nr < BLAME_HOLDER_MAX_RUNS; k++) {
		const struct rtw_event *e = &ev[k];

		if (e->cpu != h->cpu || e->kind != RTW_EV_SWITCH)
			continue;
		if (start && e->u.sw.prev_pid == h->pid && start != h->start_ns)
			run[nr++] = e->ts_ns - start;
		start = e->u.sw.next_pid == h->pid ? e->ts_ns : 0;
	}
	if (nr < BLAME_HOLDER_MIN_RUNS)
		return;
	qsort(run, (size_t)nr, sizeof(run[0]), blame_holder_cmp);
	f = run[nr / 4];
	tol = blame_holder_tol(f);
	for (i = 0; i < nr; i++)
		near += run[i] + tol >= f && run[i] <= f + tol;
	if (near >= BLAME_HOLDER_MIN_RUNS && near * 2 >= nr) {
		h->usual_ns = f;
		h->nr_runs = nr;
	}
}

/* The walk of the holder's run: its stalls, and where they stop being its time. */
struct blame_holder_walk {
	const struct blame_holder *h;
	uint64_t gap, keep; /* stall time so far; of it, the holder's (0: only count) */
	uint64_t keep_until;
};

static bool blame_holder_is_gap(const struct blame_holder *h, const struct tl_segment *s)
{
	return s->ctx == TL_GAP && !s->resched_gap && s->pid == h->pid && s->cpu == h->cpu;
}

/* Count the holder's stall time; with keep set, where its first @keep ns are reached. */
static void blame_holder_walk_gap(const struct tl_segment *s, uint64_t at_ns, uint64_t ns,
				  void *arg)
{
	struct blame_holder_walk *w = arg;

	if (!blame_holder_is_gap(w->h, s))
		return;
	if (w->keep && w->gap < w->keep && w->gap + ns >= w->keep)
		w->keep_until = at_ns + (w->keep - w->gap);
	w->gap += ns;
}

/*
 * blame_holder_stalls - The holder's stalls and the part of them that is the stall's
 * (extra_ns: its run beyond its usual length, at most the stalls), taken from the latest:
 * keep_until_ns.
 */
static void blame_holder_stalls(const struct timeline *tl, struct blame_holder *h)
{
	struct blame_holder_walk w = { .h = h };
	uint64_t run = h->end_ns - h->start_ns;

	timeline_walk(tl, h->cpu, h->start_ns, h->end_ns, blame_holder_walk_gap, &w);
	if (h->dl_short) /* its run up to the due tick: the silence past it counted apart */
		h->usual_ns = run > w.gap ? run - w.gap : 1;
	if (run > h->usual_ns + blame_holder_tol(h->usual_ns))
		h->extra_ns = run - h->usual_ns < w.gap ? run - h->usual_ns : w.gap;
	/* what it ran beyond its usual length is all a stall counted apart: its silences before
	 * that, the start of a silence the tick grid gives it included, are its run */
	h->covers = run <= h->usual_ns + blame_holder_tol(h->usual_ns) + h->extra_ns;
	h->keep_until_ns = h->start_ns;
	if (w.gap <= h->extra_ns)
		return;
	w = (struct blame_holder_walk){ .h = h,
					.keep = w.gap - h->extra_ns,
					.keep_until = h->end_ns };
	timeline_walk(tl, h->cpu, h->start_ns, h->end_ns, blame_holder_walk_gap, &w);
	h->keep_until_ns = w.keep_until;
}

/*
 * blame_holder_at - Walking back from the task switch @ev[@at] (to a task of priority
 * @prio), past tasks of @prio itself that ran before it: the first task above @prio, real-time,
 * that had held the CPU since the switch before; into @h.
 */
static void blame_holder_at(const struct rtw_event *ev, long at, int32_t prio,
			    struct blame_holder *h)
{
	int peers = 0;

	while (at >= 0) {
		const struct rtw_event *in = &ev[at];
		long i;

		if (in->u.sw.prev_pid <= 0 || !event_prio_is_rt(in->u.sw.prev_prio) ||
		    in->u.sw.prev_prio > prio)
			return;
		for (i = at - 1; i >= 0; i--)
			if (ev[i].cpu == in->cpu && ev[i].kind == RTW_EV_SWITCH)
				break;
		if (i < 0 || ev[i].u.sw.next_pid != in->u.sw.prev_pid)
			return;
		if (in->u.sw.prev_prio < prio) {
			h->pid = in->u.sw.prev_pid;
			h->prio = in->u.sw.prev_prio;
			h->end_runnable = repair_switched_out_runnable(in);
			h->cpu = in->cpu;
			h->start_ns = ev[i].ts_ns;
			h->end_ns = in->ts_ns;
			return;
		}
		if (++peers > BLAME_HOLDER_MAX_PEERS)
			return;
		at = i;
	}
}

/*
 * The tick grid of @cpu: the phase (0..@tick_ns) most of its tick callbacks in @ev fall just
 * after (ticks come late, never early); -1 without ticks.
 */
static int64_t blame_holder_tick_phase(const struct rtw_event *ev, size_t n, int cpu,
				       uint64_t tick_ns)
{
	uint64_t ph[BLAME_HOLDER_MAX_RUNS], tol = tick_ns / 8;
	int nr = 0, best = -1, best_hits = 0, i, k;
	size_t j;

	for (j = 0; j < n && nr < BLAME_HOLDER_MAX_RUNS; j++)
		if (ev[j].cpu == cpu && ev[j].kind == RTW_EV_HRTIMER_ENTRY &&
		    event_is_tick_function(ev[j].u.hrt.function))
			ph[nr++] = ev[j].ts_ns % tick_ns;
	for (i = 0; i < nr; i++) {
		int hits = 0;

		for (k = 0; k < nr; k++)
			hits += (ph[k] + tick_ns - ph[i]) % tick_ns <= tol;
		if (hits > best_hits) {
			best_hits = hits;
			best = i;
		}
	}
	return best < 0 ? -1 : (int64_t)ph[best];
}

/*
 * A DL holder's runtime, when its run reached it: the kernel throttles it once the runtime is
 * used (CBS), in the task clock, which leaves stolen time out; and notices that at the tick
 * (the hrtick for DL is off by default), so its run ends at the first tick of its CPU's grid
 * after the runtime: that is how long it runs. No grid in the window: its runtime alone.
 */
static void blame_holder_dl(const struct rtw_event *ev, size_t n, const struct blame_result *res,
			    const struct cause_host *host, struct blame_holder *h)
{
	uint64_t tick = res->tick_ns, rt = 0, end;
	int64_t phase;
	size_t k;

	if (h->usual_ns || h->prio >= 0 || !host)
		return;
	for (k = 0; k < host->nr_dl_tasks; k++)
		if (host->dl_tasks[k].pid == h->pid)
			rt = host->dl_tasks[k].runtime_ns;
	if (!rt)
		return;
	if (h->end_ns - h->start_ns + blame_holder_tol(rt) < rt) {
		/*
		 * Shorter, and switched out runnable: throttled at a tick with less than its
		 * runtime left (an overrun in its last period is taken off the next), somewhere
		 * before the tick due last in its run: how long it runs is up to there, and a
		 * silence past that due tick is the tick's lateness (blame_holder_stalls()).
		 */
		if (h->end_runnable)
			h->dl_short = true;
		return;
	}
	h->usual_ns = rt;
	h->nr_runs = 0;
	phase = tick ? blame_holder_tick_phase(ev, n, h->cpu, tick) : -1;
	if (phase < 0)
		return;
	end = h->start_ns + rt;
	end += ((uint64_t)phase + tick - end % tick) % tick;
	h->usual_ns = end - h->start_ns;
}

void blame_holder_find(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
		       const struct timeline *tl, const struct blame_result *res,
		       const struct cause_host *host, struct blame_holder *h)
{
	const struct rtw_event *x;
	long i;

	memset(h, 0, sizeof(*h));
	if (ch->switch_in < 0 || res->victim_prio == TL_PRIO_UNKNOWN)
		return;
	/* the timer thread's switch-in before it ran the timer, after it was woken */
	x = res->timer_thread_pid && ch->timer >= 0 ? &ev[ch->timer] : NULL;
	for (i = ch->timer - 1; x && i >= 0 && ev[i].ts_ns >= res->timer_thread_ns; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->cpu != x->cpu || e->kind != RTW_EV_SWITCH)
			continue;
		if (e->u.sw.next_pid == res->timer_thread_pid)
			blame_holder_at(ev, i, e->u.sw.next_prio, h);
		break;
	}
	if (h->pid <= 0 && res->timer_cpu == res->run_cpu)
		blame_holder_at(ev, ch->switch_in, res->victim_prio, h);
	if (h->pid <= 0)
		return;
	blame_holder_runs(ev, n, h);
	blame_holder_dl(ev, n, res, host, h);
	if (h->usual_ns || h->dl_short)
		blame_holder_stalls(tl, h);
}

uint64_t blame_holder_stall(const struct blame_holder *h, const struct tl_segment *s,
			    uint64_t at_ns, uint64_t ns)
{
	uint64_t end = at_ns + ns;

	if (!h->usual_ns || !blame_holder_is_gap(h, s) || at_ns < h->start_ns || end > h->end_ns ||
	    at_ns >= h->keep_until_ns)
		return 0;
	return (end < h->keep_until_ns ? end : h->keep_until_ns) - at_ns;
}
