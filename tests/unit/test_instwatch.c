// SPDX-License-Identifier: GPL-2.0-only
/* instwatch: what another program did to rtwhy's instance, in words; the disturbed stretches. */
#include <stdint.h>
#include <string.h>

#include "rtwhy/instwatch.h"
#include "unit.h"

static void iw_base(struct instwatch *w)
{
	memset(w, 0, sizeof(*w));
	w->watch_on = w->watch_clear = true;
	w->base.exists = true;
	w->base.tracing_on = 1;
	w->base.buffer_kb = 2048;
	strcpy(w->base.clock, "mono");
	strcpy(w->base.tracer, "nop");
	w->base.overwrite = 1;
	w->base.markers = 1;
	strcpy(w->base.cpumask, "3");
	atomic_store(&w->passed, 1000);
}

static void test_judge(void)
{
	struct instwatch w;
	struct tsess_state now;

	iw_base(&w);
	now = w.base;
	now.passed = 1500;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), 0);
	now.tracing_on = 0;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_OFF);
	w.watch_on = false; /* stop capture turns it off itself: not watched */
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), 0);
	now = w.base;
	now.passed = 10; /* the counts went back: cleared */
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_CLEARED);
	now.passed = 2000;
	now.buffer_kb = 1024;
	now.nr_events_off = 1;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_RESIZED | INSTWATCH_EVENTS_OFF);
	now.exists = false;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_GONE);
	/* the settings: each one changed; one not read is no change */
	w.base.passed = 2000; /* the counts as they were: no clear */
	now = w.base;
	strcpy(now.clock, "local");
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	now.clock[0] = '\0';
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), 0);
	strcpy(now.tracer, "function");
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	now = w.base;
	now.overwrite = 0;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	now.overwrite = -1;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), 0);
	now.cpumask_changed = true;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	now = w.base;
	now.nr_filtered = 1;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	/* trace_marker refused, a pid filter, the freeze trigger gone */
	now = w.base;
	now.markers = 0;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	now.markers = -1;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), 0);
	strcpy(now.pid_filter, "set_event_pid 1");
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	now = w.base;
	now.trigger_gone = true;
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), INSTWATCH_SETTINGS);
	w.base.trigger_gone = true; /* gone before the watch began: not another program's now */
	CU_ASSERT_EQUAL(instwatch_judge(&w, &now), 0);
}

static void test_words(void)
{
	struct instwatch w;
	struct tsess_state now;
	char text[512];

	iw_base(&w);
	now = w.base;
	instwatch_words(&w, INSTWATCH_OFF, &now, 0, 2.5, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "another program wrote 0 to tracing_on"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "at 2.50 s: rtwhy turned it back on and carries on"));
	instwatch_words(&w, INSTWATCH_OFF, &now, -13, 2.5, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "cannot turn it back on (Permission denied): it stops "
					    "explaining and measures on"));
	instwatch_words(&w, INSTWATCH_CLEARED, &now, 0, 3.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "cleared the buffer"));
	now.buffer_kb = 512;
	instwatch_words(&w, INSTWATCH_RESIZED, &now, 0, 3.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "from 2048 KB to 512 KB per CPU"));
	now.nr_events_off = 2;
	strcpy(now.event_off, "sched:sched_switch");
	instwatch_words(&w, INSTWATCH_EVENTS_OFF, &now, 0, 3.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "turned off 2 of the events"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "(sched:sched_switch and more)"));
	now = w.base;
	strcpy(now.clock, "global");
	now.cpumask_changed = true;
	strcpy(now.cpumask, "2");
	now.nr_filtered = 1;
	strcpy(now.event_filtered, "sched:sched_switch");
	instwatch_words(&w, INSTWATCH_SETTINGS, &now, 0, 4.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "changed rtwhy's tracing instance"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text,
				      "at 4.00 s (trace_clock global, was mono; "
				      "tracing_cpumask 2, was 3; a filter on "
				      "sched:sched_switch): rtwhy put it back and carries on"));
	now = w.base;
	now.markers = 0;
	strcpy(now.pid_filter, "set_event_pid 1 and 2 more");
	now.trigger_gone = true;
	instwatch_words(&w, INSTWATCH_SETTINGS, &now, 0, 4.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text,
				      "(options/markers 0: trace_marker refused rtwhy's spike "
				      "markers; set_event_pid 1 and 2 more: the events of "
				      "other tasks not recorded; its freeze trigger on "
				      "ftrace:print removed): rtwhy put it back"));
	instwatch_words(&w, INSTWATCH_SETTINGS, &now, -22, 4.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "cannot put it back (Invalid argument): it stops"));
	instwatch_words(&w, INSTWATCH_GONE, &now, 0, 3.0, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "removed rtwhy's tracing instance"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "stops explaining and measures on"));
}

static void test_stretches(void)
{
	struct instwatch w;
	int i;

	iw_base(&w);
	CU_ASSERT_FALSE(instwatch_disturbed(&w, 0, UINT64_MAX));
	instwatch_note(&w, 1000, 2000);
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 1500, 1600));
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 500, 1000));  /* touches its start */
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 1900, 3000)); /* overlaps its end */
	CU_ASSERT_FALSE(instwatch_disturbed(&w, 2001, 3000));
	CU_ASSERT_FALSE(instwatch_disturbed(&w, 0, 999));
	for (i = 0; i < INSTWATCH_MAX_STRETCHES + 3; i++)
		instwatch_note(&w, 10000 + 100 * (uint64_t)i, 10050 + 100 * (uint64_t)i);
	CU_ASSERT_EQUAL(atomic_load(&w.nr_stretches), INSTWATCH_MAX_STRETCHES);
	/* the last kept one grew to cover the ones past the bound */
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 10000 + 100 * (INSTWATCH_MAX_STRETCHES + 2) + 10,
					   10000 + 100 * (INSTWATCH_MAX_STRETCHES + 2) + 20));
	instwatch_note(&w, 50000, UINT64_MAX);
	atomic_store(&w.gone, true);
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 90000, 90001));
}

/* turned back on: open until events are read again; a clear meanwhile sets the counts back */
static void test_keep(void)
{
	const uint64_t ms = 1000000;
	struct instwatch w;
	struct tsess_state now;

	iw_base(&w);
	now = w.base;
	w.last_ns = 1000 * ms;
	now.passed = 5000;
	instwatch_keep(&w, 0, &now, 1100 * ms); /* nothing changed: no stretch */
	CU_ASSERT_EQUAL(atomic_load(&w.nr_stretches), 0);
	instwatch_keep(&w, INSTWATCH_CLEARED, &now, 1100 * ms); /* a clear: closed at once */
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 1050 * ms, 1050 * ms));
	CU_ASSERT_FALSE(instwatch_disturbed(&w, 1101 * ms, 1200 * ms));
	w.last_ns = 2000 * ms;
	instwatch_keep(&w, INSTWATCH_OFF, &now, 2100 * ms);
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 2500 * ms, 2600 * ms)); /* after the restore */
	now.passed = 10; /* cleared while open: the counts start again from there */
	instwatch_keep(&w, INSTWATCH_CLEARED, &now, 2200 * ms);
	instwatch_keep(&w, 0, &now, 2300 * ms); /* nothing read since */
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 2500 * ms, 2600 * ms));
	now.passed = 11;
	instwatch_keep(&w, 0, &now, 2250 * ms); /* read, but too soon after the restore */
	CU_ASSERT_EQUAL(w.open_stretch, 2);	/* still open */
	instwatch_keep(&w, 0, &now, 2400 * ms); /* read again: closed here */
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 2350 * ms, 2450 * ms));
	CU_ASSERT_FALSE(instwatch_disturbed(&w, 2401 * ms, 2600 * ms));
	CU_ASSERT_EQUAL(w.open_stretch, 0);
	/* not live (stop, snapshot capture): the counts say nothing, closed at once */
	iw_base(&w);
	w.watch_clear = false;
	w.last_ns = 1000 * ms;
	instwatch_keep(&w, INSTWATCH_EVENTS_OFF, &now, 1100 * ms);
	CU_ASSERT_EQUAL(w.open_stretch, 0);
	CU_ASSERT_FALSE(instwatch_disturbed(&w, 1101 * ms, 1200 * ms));
	/* full: the last stretch grows, never shrinks while open */
	iw_base(&w);
	atomic_store(&w.nr_stretches, INSTWATCH_MAX_STRETCHES);
	w.last_ns = 5000 * ms;
	instwatch_keep(&w, INSTWATCH_OFF, &now, 5100 * ms);
	instwatch_keep(&w, INSTWATCH_CLEARED, &now, 5200 * ms);
	CU_ASSERT_TRUE(instwatch_disturbed(&w, 9000 * ms, 9001 * ms));
}

static CU_TestInfo instwatch_tests[] = {
	{ "a stretch turned back on stays open until the trace is read again", test_keep },
	{ "what changed: off, cleared, resized, events off, gone", test_judge },
	{ "each change in words, with what rtwhy does", test_words },
	{ "disturbed stretches, bounded", test_stretches },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("instwatch", NULL, NULL, instwatch_tests);
