// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause_find - the mechanisms behind an explained spike, each finder in
 * turn (see cause_find.h). Each reads the window once and may move time
 * between culprits; cause_find() re-sorts them at the end.
 */
#include <string.h>

#include "analysis/cause.h"
#include "analysis/cause_bw.h"
#include "analysis/cause_find.h"
#include "analysis/cause_pi.h"
#include "analysis/cause_stack.h"
#include "analysis/cause_stop.h"
#include "analysis/event.h"
#include "analysis/offcpu.h"
#include "analysis/result.h"
#include "analysis/timeline.h"

/* The index of the sched_switch that ran the thread, -1 when it is not in the trace. */
static long cause_find_switch_in(const struct rtw_event *ev, size_t n,
				 const struct blame_result *res)
{
	long i;

	if (!res->switch_ns)
		return -1;
	for (i = (long)n - 1; i >= 0; i--) {
		if (ev[i].ts_ns > res->switch_ns)
			continue;
		if (ev[i].ts_ns < res->switch_ns)
			break;
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.next_pid == res->spike.tid)
			return i;
	}
	return -1;
}

static void cause_find_dl_params(const struct blame_host *host, struct blame_result *res)
{
	size_t k;
	int i;

	for (i = 0; host && i < res->nr_culprits; i++) {
		struct blame_culprit *c = &res->culprit[i];

		if (c->kind != BLAME_TASK || c->prio >= 0 || c->prio == TL_PRIO_UNKNOWN)
			continue;
		for (k = 0; k < host->cause.nr_dl_tasks; k++) {
			if (host->cause.dl_tasks[k].pid == c->pid) {
				c->dl_runtime_ns = host->cause.dl_tasks[k].runtime_ns;
				c->dl_period_ns = host->cause.dl_tasks[k].period_ns;
			}
		}
	}
}

void cause_find(const struct rtw_event *ev, size_t n, const struct timeline *tl,
		const struct blame_host *host, struct blame_result *res)
{
	long is = cause_find_switch_in(ev, n, res);
	size_t i;

	memset(&res->cause, 0, sizeof(res->cause));
	res->cause.pi.mid_pid = res->cause.pi.holder_pid = res->cause.pi.waiter_pid = -1;
	res->cause.pi.boost_prio = TL_PRIO_UNKNOWN;
	res->cause.bw.fair_pid = res->cause.bw.period_timer_cpu = -1;
	for (i = 0; i < n && !res->cause.pi.events_seen; i++)
		res->cause.pi.events_seen = ev[i].kind == RTW_EV_PI_SETPRIO;
	cause_stack_find(ev, n, is, &res->cause.stack);
	if (is >= 0) {
		cause_pi_lock_wait(ev, n, is, tl, res);
		if (res->cause.pi.kind == CAUSE_PI_NONE)
			cause_bw_find(ev, is, tl, host, res);
		cause_settle(res);
		cause_pi_boost(ev, n, is, res);
		/* stop_machine() first: its stopper's silence is interrupts off, not a stall */
		cause_stop_machine(ev, is, res);
		cause_stop_work(ev, is, res);
	}
	cause_find_dl_params(host, res);
	offcpu_find(ev, n, host ? &host->cause : NULL, res);
	cause_settle(res);
}
