// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause_stack - the kernel stack a stacktrace trigger on the thread's
 * sched_waking recorded, cut below the interrupt entry; see cause_stack.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/cause_stack.h"
#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/util.h"

#define CAUSE_STACK_AFTER_NS (2000 * 1000ULL) /* a stack record follows its waking */

static bool cause_stack_idle(const char *fn)
{
	static const char *const idle[] = {
		"default_idle",	 "pv_native_safe_halt", "native_safe_halt", "do_idle",
		"cpuidle_enter", "cpu_idle_poll",	"arch_cpu_idle",    "intel_idle",
		"acpi_idle",	 "mwait_idle",		"cpu_startup_entry"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(idle); i++)
		if (!strncmp(fn, idle[i], strlen(idle[i])))
			return true;
	return false;
}

/* The stack the trigger on the thread's sched_waking recorded right after it, if any. */
void cause_stack_find(const struct rtw_event *ev, size_t n, long is, struct cause_stack *st)
{
	long wake, h = -1, i;
	int entry = -1, k, nr = 0;
	char frames[CAUSE_MAX_FRAMES * 4][CAUSE_FRAME_LEN];
	int32_t tid;

	if (is < 0)
		return;
	tid = ev[is].u.sw.next_pid;
	wake = cause_waking_of(ev, -1, is, tid);
	if (wake < 0)
		return;
	for (i = wake + 1; i < (long)n && ev[i].ts_ns <= ev[wake].ts_ns + CAUSE_STACK_AFTER_NS;
	     i++) {
		if (ev[i].cpu != ev[wake].cpu)
			continue;
		if (ev[i].kind == RTW_EV_STACK) {
			h = i;
			break;
		}
		if (ev[i].kind == RTW_EV_SWITCH || ev[i].kind == RTW_EV_WAKING)
			break; /* the trigger writes its record within the waking's interrupt */
	}
	if (h < 0)
		return;
	for (i = h + 1; i < (long)n && nr < (int)ARRAY_SIZE(frames); i++) {
		if (ev[i].cpu != ev[h].cpu)
			continue;
		if (ev[i].kind != RTW_EV_STACK_FRAME)
			break;
		util_strlcpy(frames[nr++], ev[i].u.frame.name, CAUSE_FRAME_LEN);
	}
	st->pid = ev[h].pid;
	memcpy(st->comm, ev[h].comm, RTW_COMM_LEN);
	st->cpu = ev[h].cpu;
	st->ts_ns = ev[h].ts_ns;
	st->nr_recorded = nr;
	for (k = 0; k < nr && entry < 0; k++)
		if (event_frame_is_irq_entry(frames[k]))
			entry = k;
	for (k = entry + 1; k < nr && st->nr < CAUSE_MAX_FRAMES; k++)
		memcpy(st->frame[st->nr++], frames[k], CAUSE_FRAME_LEN);
	if (entry < 0)
		st->where = nr ? CAUSE_STACK_UNKNOWN : CAUSE_STACK_NONE;
	else if (!st->nr)
		st->where = CAUSE_STACK_USER;
	else if (st->pid == 0 || cause_stack_idle(st->frame[0]))
		st->where = CAUSE_STACK_IDLE;
	else
		st->where = CAUSE_STACK_KERNEL;
}
