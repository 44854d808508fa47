// SPDX-License-Identifier: GPL-2.0-only
/* timerlat - the spike of a timerlat trace and its threads: see timerlat.h. */
#include <stdlib.h>

#include "analysis/marker.h"
#include "analysis/timerlat.h"

const struct rtw_event *timerlat_stop(const struct rtw_event *ev, size_t n, int max_cpu)
{
	const struct rtw_event *stop = NULL;
	uint8_t *next_stack, *sampled_after;
	uint64_t last_ns = 0;
	struct marker m;
	size_t i = n;

	if (max_cpu < 0)
		return NULL;
	next_stack = calloc((size_t)max_cpu + 1, 2);
	if (!next_stack)
		return NULL;
	sampled_after = next_stack + max_cpu + 1;
	while (i--) {
		const struct rtw_event *e = &ev[i];

		if (e->cpu < 0 || e->cpu > max_cpu || e->kind == RTW_EV_STACK_FRAME)
			continue;
		if (e->kind == RTW_EV_MARKER && marker_parse(e->u.marker.text, &m) &&
		    m.kind == MARKER_TIMERLAT) {
			if (!last_ns)
				last_ns = e->ts_ns;
			if (next_stack[e->cpu] && !sampled_after[e->cpu] &&
			    last_ns - e->ts_ns <= TIMERLAT_RACE_NS)
				stop = e;
			sampled_after[e->cpu] = 1;
		}
		next_stack[e->cpu] = e->kind == RTW_EV_STACK;
	}
	free(next_stack);
	return stop;
}

int32_t timerlat_thread(const struct rtw_event *ev, size_t n, int32_t cpu)
{
	struct marker m;
	size_t i = n;

	while (i--)
		if (ev[i].kind == RTW_EV_MARKER && ev[i].cpu == cpu &&
		    marker_parse(ev[i].u.marker.text, &m) && m.kind == MARKER_TIMERLAT &&
		    m.context == MARKER_TIMERLAT_THREAD)
			return ev[i].pid;
	return -1;
}
