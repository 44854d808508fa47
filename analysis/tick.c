// SPDX-License-Identifier: GPL-2.0-only
/*
 * tick - the scheduler tick's period as a trace shows it, and how late a tick may come.
 */
#include <stdlib.h>

#include "analysis/tick.h"
#include "analysis/util.h"

uint64_t tick_slack_ns(uint64_t tick_ns)
{
	return tick_ns / 4 > 200000 ? tick_ns / 4 : 200000;
}

#define TICK_FIT_MAX 64 /* ticks of a CPU a period is fitted to, the last ones */
#define TICK_FIT_MIN 4	/* fewer fit some period whatever they are (two always do) */

/* CONFIG_HZ values of the architectures Linux runs on, slowest tick first */
static const unsigned int tick_hz[] = { 100, 200, 250, 300, 500, 1000 };

/*
 * Ticks fire on a grid (tick_sched_timer forwards by TICK_NSEC) and come late,
 * never early: the right period puts most of a CPU's ticks near one phase. Of
 * the usual periods the slowest that does (a faster one divides it) is the tick.
 */
static uint64_t tick_fit(const uint64_t *t, size_t n)
{
	size_t h, r, i;

	if (n < TICK_FIT_MIN)
		return 0;
	for (h = 0; h < ARRAY_SIZE(tick_hz); h++) {
		uint64_t p = util_hz_tick_ns(tick_hz[h]), tol = p / 8 > 100000 ? p / 8 : 100000;
		size_t best = 0;

		for (r = 0; r < n && best * 10 < n * 6; r++) {
			size_t hits = 0;

			for (i = 0; i < n; i++) {
				uint64_t d = (t[i] > t[r] ? t[i] - t[r] : t[r] - t[i]) % p;

				hits += d <= tol || p - d <= tol;
			}
			if (hits > best)
				best = hits;
		}
		if (best * 10 >= n * 6)
			return p;
	}
	return 0;
}

/* The smallest step between a CPU's consecutive tick expiries armed (exact: the grid). */
static uint64_t tick_from_starts(const struct rtw_event *ev, size_t n, int cpu, uint64_t before_ns,
				 int nr_cpus)
{
	uint64_t *last = calloc((size_t)nr_cpus, sizeof(*last)), best = 0;
	size_t i;

	if (!last)
		return 0;
	for (i = 0; i < n; i++) {
		const struct rtw_event *e = &ev[i];
		uint64_t x = e->u.hrt.expires_ns;

		if (e->kind != RTW_EV_HRTIMER_START || e->cpu < 0 || e->cpu >= nr_cpus ||
		    (cpu >= 0 && e->cpu != cpu) || (before_ns && e->ts_ns > before_ns) ||
		    !event_is_tick_function(e->u.hrt.function))
			continue;
		if (last[e->cpu] && x > last[e->cpu] && x - last[e->cpu] >= 500000 &&
		    (!best || x - last[e->cpu] < best))
			best = x - last[e->cpu];
		last[e->cpu] = x;
	}
	free(last);
	return best;
}

/* The fitted tick of @cpu from its last tick expiries before @before_ns (0: all). */
static uint64_t tick_of_cpu(const struct rtw_event *ev, size_t n, int cpu, uint64_t before_ns)
{
	uint64_t t[TICK_FIT_MAX];
	size_t i, k = 0;

	for (i = n; i-- > 0 && k < TICK_FIT_MAX;) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_HRTIMER_ENTRY || e->cpu != cpu ||
		    (before_ns && e->ts_ns > before_ns) ||
		    !event_is_tick_function(e->u.hrt.function))
			continue;
		t[k++] = e->ts_ns;
	}
	return tick_fit(t, k);
}

uint64_t tick_period_ns(const struct rtw_event *ev, size_t n, int cpu, uint64_t before_ns)
{
	uint64_t p, votes[ARRAY_SIZE(tick_hz)] = { 0 };
	int nr_cpus = 0, c;
	size_t i, best;

	for (i = 0; i < n; i++)
		if (ev[i].cpu >= nr_cpus && ev[i].cpu < RTW_MAX_CPUS)
			nr_cpus = ev[i].cpu + 1;
	if (!nr_cpus)
		return 0;
	p = tick_from_starts(ev, n, cpu, before_ns, nr_cpus);
	if (!p && cpu >= 0)
		p = tick_from_starts(ev, n, -1, before_ns, nr_cpus);
	if (p)
		return p;
	if (cpu >= 0 && cpu < nr_cpus && (p = tick_of_cpu(ev, n, cpu, before_ns)))
		return p;
	/* each CPU on its own (their ticks' phases differ), the period most of them fit */
	for (c = 0; c < nr_cpus; c++) {
		p = tick_of_cpu(ev, n, c, before_ns);
		for (i = 0; p && i < ARRAY_SIZE(tick_hz); i++)
			votes[i] += p == util_hz_tick_ns(tick_hz[i]);
	}
	for (i = 1, best = 0; i < ARRAY_SIZE(tick_hz); i++)
		if (votes[i] > votes[best])
			best = i;
	return votes[best] ? util_hz_tick_ns(tick_hz[best]) : 0;
}

uint64_t tick_estimate_ns(const struct rtw_event *ev, size_t n)
{
	return tick_period_ns(ev, n, -1, 0);
}
