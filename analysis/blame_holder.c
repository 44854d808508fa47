// SPDX-License-Identifier: GPL-2.0-only
/*
 * blame_holder.c - the higher-priority task the thread waited for anyway, and whether its run
 * absorbed a stall. See include/analysis/blame_holder.h.
 */
#include "analysis/blame_holder.h"

#include <stdlib.h>
#include <string.h>

#define BLAME_HOLDER_MAX_RUNS 64

static int blame_holder_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * blame_holder_runs - How long the holder runs: the median of its other complete runs on its
 * CPU in the window (switch-in to switch-out), when at least BLAME_HOLDER_MIN_RUNS of them and
 * two thirds of them lie within the tolerance of it (a task that runs for a regular time);
 * then whether this run lasted no longer than that.
 */
static void blame_holder_runs(const struct rtw_event *ev, size_t n, struct blame_holder *h)
{
	uint64_t run[BLAME_HOLDER_MAX_RUNS], start = 0, tol;
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
	h->usual_ns = run[nr / 2];
	h->nr_runs = nr;
	tol = h->usual_ns / 10 > BLAME_HOLDER_TOL_NS ? h->usual_ns / 10 : BLAME_HOLDER_TOL_NS;
	for (i = 0; i < nr; i++)
		near += run[i] + tol >= h->usual_ns && run[i] <= h->usual_ns + tol;
	h->absorbs = near >= BLAME_HOLDER_MIN_RUNS && near * 3 >= nr * 2 &&
		     h->end_ns - h->start_ns <= h->usual_ns + tol;
}

/*
 * blame_holder_at - The task switch @ev[@at] switched out, when it is real-time with a
 * priority above @prio (of the task switched in) and had held the CPU since the switch before:
 * the holder, since when and until when, into @h.
 */
static void blame_holder_at(const struct rtw_event *ev, long at, int32_t prio,
			    struct blame_holder *h)
{
	const struct rtw_event *in = &ev[at];
	long i;

	if (in->u.sw.prev_pid <= 0 || !event_prio_is_rt(in->u.sw.prev_prio) ||
	    in->u.sw.prev_prio >= prio)
		return;
	for (i = at - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->cpu != in->cpu || e->kind != RTW_EV_SWITCH)
			continue;
		if (e->u.sw.next_pid == in->u.sw.prev_pid) {
			h->pid = in->u.sw.prev_pid;
			h->cpu = in->cpu;
			h->start_ns = e->ts_ns;
			h->end_ns = in->ts_ns;
		}
		return;
	}
}

void blame_holder_find(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
		       const struct blame_result *res, struct blame_holder *h)
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
	if (h->pid > 0)
		blame_holder_runs(ev, n, h);
}

bool blame_holder_stall(const struct blame_holder *h, const struct tl_segment *s)
{
	return h->absorbs && s->ctx == TL_GAP && !s->resched_gap && s->pid == h->pid &&
	       s->cpu == h->cpu && s->start_ns >= h->start_ns && s->end_ns <= h->end_ns;
}
