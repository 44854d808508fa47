// SPDX-License-Identifier: GPL-2.0-only
/*
 * instwatch - rtwhy's own tracing instance changed by another program: said
 * once per kind, at the time, put back where rtwhy can, and the spikes of the
 * disturbed stretches counted as such.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/instwatch.h"
#include "rtwhy/log.h"

/* what rtwhy puts back (tsess_restore()) */
#define INSTWATCH_RESTORED     (INSTWATCH_OFF | INSTWATCH_EVENTS_OFF | INSTWATCH_SETTINGS)
#define INSTWATCH_SETTINGS_LEN 320 /* the settings changed, in words */

void instwatch_init(struct instwatch *w, struct tsess *ts, enum tsess_capture capture,
		    uint64_t now_ns)
{
	memset(w, 0, sizeof(*w));
	w->start_ns = w->last_ns = now_ns;
	if (!ts || tsess_state(ts, &w->base))
		return;
	w->ts = ts;
	w->watch_on = capture == TSESS_CAPTURE_LIVE;
	w->watch_clear = capture == TSESS_CAPTURE_LIVE;
	atomic_store(&w->passed, w->base.passed);
}

/* Two readings of a setting, both made, that differ. */
static bool instwatch_differs(const char *base, const char *now)
{
	return base[0] && now[0] && strcmp(base, now);
}

/*
 * The settings another program changed, in words ("trace_clock local, was mono; tracing_cpumask
 * 2; a filter on sched:sched_switch"); "" none: the one reading of what changed, for the judge
 * and the notice alike.
 */
static void instwatch_settings_words(const struct instwatch *w, const struct tsess_state *now,
				     char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
#define INSTWATCH_ADD(...)                                                                        \
	do {                                                                                      \
		if (used < len)                                                                   \
			used += (size_t)snprintf(buf + used, len - used, "%s", used ? "; " : ""); \
		if (used < len)                                                                   \
			used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);            \
	} while (0)
	if (instwatch_differs(w->base.clock, now->clock))
		INSTWATCH_ADD("trace_clock %s, was %s", now->clock, w->base.clock);
	if (instwatch_differs(w->base.tracer, now->tracer))
		INSTWATCH_ADD("current_tracer %s, was %s", now->tracer, w->base.tracer);
	if (w->base.overwrite >= 0 && now->overwrite >= 0 && w->base.overwrite != now->overwrite)
		INSTWATCH_ADD("options/overwrite %d, was %d", now->overwrite, w->base.overwrite);
	if (w->base.markers > 0 && now->markers == 0)
		INSTWATCH_ADD("options/markers 0: trace_marker refused rtwhy's spike markers");
	if (now->cpumask_changed)
		INSTWATCH_ADD("tracing_cpumask %s, was %s", now->cpumask, w->base.cpumask);
	if (now->nr_filtered > w->base.nr_filtered)
		INSTWATCH_ADD("a filter on %s%s", now->event_filtered,
			      now->nr_filtered > 1 ? " and more" : "");
	if (now->pid_filter[0] && strcmp(now->pid_filter, w->base.pid_filter))
		INSTWATCH_ADD("%s: the events of other tasks not recorded", now->pid_filter);
	if (now->trigger_gone && !w->base.trigger_gone)
		INSTWATCH_ADD("its freeze trigger on ftrace:print removed");
#undef INSTWATCH_ADD
}

unsigned int instwatch_judge(const struct instwatch *w, const struct tsess_state *now)
{
	unsigned int what = 0;
	char changed[INSTWATCH_SETTINGS_LEN];

	if (!now->exists)
		return INSTWATCH_GONE;
	if (w->watch_on && now->tracing_on == 0)
		what |= INSTWATCH_OFF;
	if (w->watch_clear && now->passed < atomic_load(&w->passed))
		what |= INSTWATCH_CLEARED;
	if (w->base.buffer_kb > 0 && now->buffer_kb > 0 && now->buffer_kb != w->base.buffer_kb)
		what |= INSTWATCH_RESIZED;
	if (now->nr_events_off > w->base.nr_events_off)
		what |= INSTWATCH_EVENTS_OFF;
	instwatch_settings_words(w, now, changed, sizeof(changed));
	if (changed[0])
		what |= INSTWATCH_SETTINGS;
	return what;
}

void instwatch_words(const struct instwatch *w, unsigned int what, const struct tsess_state *now,
		     int restore_err, double at_s, char *buf, size_t len)
{
	const char *name = w->ts ? tsess_name(w->ts) : "rtwhy's";
	char done[160], what_changed[INSTWATCH_SETTINGS_LEN];

	if (restore_err)
		snprintf(done, sizeof(done),
			 "rtwhy cannot turn it back on (%s): it stops explaining and measures on",
			 strerror(-restore_err));
	else
		snprintf(done, sizeof(done), "rtwhy turned it back on and carries on");
	switch (what) {
	case INSTWATCH_OFF:
		snprintf(buf, len,
			 "another program wrote 0 to tracing_on of rtwhy's tracing instance %s at "
			 "%.2f s: %s; the spikes of that time are not explained",
			 name, at_s, done);
		break;
	case INSTWATCH_EVENTS_OFF:
		snprintf(buf, len,
			 "another program turned off %d of the events of rtwhy's tracing instance "
			 "%s (%s%s) at %.2f s: %s; the spikes of that time are not explained",
			 now->nr_events_off - w->base.nr_events_off, name, now->event_off,
			 now->nr_events_off > 1 ? " and more" : "", at_s, done);
		break;
	case INSTWATCH_SETTINGS:
		instwatch_settings_words(w, now, what_changed, sizeof(what_changed));
		if (restore_err)
			snprintf(done, sizeof(done),
				 "rtwhy cannot put it back (%s): it stops explaining and measures "
				 "on",
				 strerror(-restore_err));
		else
			snprintf(done, sizeof(done), "rtwhy put it back and carries on");
		snprintf(buf, len,
			 "another program changed rtwhy's tracing instance %s at %.2f s (%s): %s; "
			 "the spikes of that time are not explained",
			 name, at_s, what_changed, done);
		break;
	case INSTWATCH_CLEARED:
		snprintf(buf, len,
			 "another program cleared the buffer of rtwhy's tracing instance %s at "
			 "%.2f s: rtwhy carries on; the spikes whose trace was cleared are not "
			 "explained",
			 name, at_s);
		break;
	case INSTWATCH_RESIZED:
		snprintf(buf, len,
			 "another program resized the buffer of rtwhy's tracing instance %s at "
			 "%.2f s, from %lld KB to %lld KB per CPU: rtwhy carries on with the new "
			 "size; the spikes whose trace the resize dropped are not explained",
			 name, at_s, w->base.buffer_kb, now->buffer_kb);
		break;
	default:
		snprintf(buf, len,
			 "another program removed rtwhy's tracing instance %s at %.2f s: rtwhy "
			 "stops explaining and measures on; the spikes from then on are not "
			 "explained",
			 name, at_s);
		break;
	}
}

void instwatch_note(struct instwatch *w, uint64_t from_ns, uint64_t until_ns)
{
	int n = atomic_load(&w->nr_stretches);
	struct instwatch_stretch *s;

	if (n >= INSTWATCH_MAX_STRETCHES) { /* the last one grows to cover this one */
		s = &w->stretch[INSTWATCH_MAX_STRETCHES - 1];
		if (until_ns > atomic_load(&s->until_ns)) /* never shortened: it may be open */
			atomic_store(&s->until_ns, until_ns);
		return;
	}
	s = &w->stretch[n];
	atomic_store(&s->from_ns, from_ns);
	atomic_store(&s->until_ns, until_ns);
	atomic_store(&w->nr_stretches, n + 1);
}

bool instwatch_disturbed(const struct instwatch *w, uint64_t from_ns, uint64_t until_ns)
{
	int i, n = atomic_load(&w->nr_stretches);

	if (atomic_load(&w->gone))
		return true;
	for (i = 0; i < n; i++) {
		const struct instwatch_stretch *s = &w->stretch[i];

		if (atomic_load(&s->from_ns) <= until_ns && from_ns <= atomic_load(&s->until_ns))
			return true;
	}
	return false;
}

unsigned int instwatch_changed_now(struct instwatch *w)
{
	struct tsess_state now;

	if (!w->ts || atomic_load(&w->gone))
		return w->ts ? INSTWATCH_GONE : 0;
	tsess_state(w->ts, &now);
	return instwatch_judge(w, &now);
}

static void instwatch_say(struct instwatch *w, unsigned int what, const struct tsess_state *now,
			  int restore_err, uint64_t now_ns)
{
	double at = now_ns > w->start_ns ? (double)(now_ns - w->start_ns) / 1e9 : 0.0;
	struct instwatch_notice *n;
	char text[sizeof(n->text)];

	if (w->said & what)
		return;
	w->said |= what;
	instwatch_words(w, what, now, restore_err, at, text, sizeof(text));
	log_warn("%s", text);
	if (w->nr_notices >= INSTWATCH_MAX_NOTICES)
		return;
	n = &w->notice[w->nr_notices++];
	n->at_ns = now_ns;
	n->what = what;
	memcpy(n->text, text, sizeof(text));
}

void instwatch_keep(struct instwatch *w, unsigned int what, const struct tsess_state *now,
		    uint64_t now_ns)
{
	bool reopen;

	if (!what) {
		if (w->open_stretch && now->passed > w->restored_passed &&
		    now_ns - w->opened_ns >= INSTWATCH_SETTLE_NS) { /* read again: whole */
			atomic_store(&w->stretch[w->open_stretch - 1].until_ns, now_ns);
			w->open_stretch = 0;
		}
		return;
	}
	/* turned back on (live capture, the only one whose counts say the trace is read) */
	reopen = (what & INSTWATCH_RESTORED) && w->watch_clear;
	instwatch_note(w, w->last_ns, reopen ? UINT64_MAX : now_ns);
	if (reopen) {
		w->open_stretch = atomic_load(&w->nr_stretches);
		w->opened_ns = now_ns;
	}
	if (w->open_stretch)
		w->restored_passed = now->passed; /* and a clear sets the counts back */
}

unsigned int instwatch_poll(struct instwatch *w, uint64_t now_ns)
{
	struct tsess_state now, after;
	unsigned int what, bit;
	int err = 0;

	if (!w->ts || atomic_load(&w->gone) || now_ns - w->last_ns < INSTWATCH_PERIOD_NS)
		return 0;
	tsess_state(w->ts, &now);
	what = instwatch_judge(w, &now);
	if (what & INSTWATCH_GONE) {
		instwatch_note(w, w->last_ns, UINT64_MAX);
		atomic_store(&w->gone, true);
		instwatch_say(w, INSTWATCH_GONE, &now, 0, now_ns);
		return what;
	}
	/* the stretch first: the explaining thread asks before the words are out */
	instwatch_keep(w, what, &now, now_ns);
	if (what) {
		if (what & INSTWATCH_RESTORED)
			err = tsess_restore(w->ts);
		if (!err && w->open_stretch && !tsess_state(w->ts, &after))
			w->restored_passed = after.passed; /* what was read before the restore */
		if (err) {
			atomic_store(&w->gone, true);
			instwatch_note(w, now_ns, UINT64_MAX);
		}
		for (bit = INSTWATCH_OFF; bit < INSTWATCH_GONE; bit <<= 1)
			if (what & bit)
				instwatch_say(w, bit, &now, err, now_ns);
		if (what & INSTWATCH_RESIZED)
			w->base.buffer_kb = now.buffer_kb; /* its size from now on */
	}
	atomic_store(&w->passed, now.passed);
	w->last_ns = now_ns;
	return what;
}
