// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_blame - the blame engine fed arbitrary event streams (evstream.h):
 * repair, timeline and blame must neither crash nor break their promises
 * whatever the events say. Checked on every input that explains:
 *   - the culprits add up to the latency, and so do the phases, and each
 *     culprit's phases add up to its time;
 *   - the verdict and its culprit index are valid, the texts terminated;
 *   - the text and JSON renderers take the result.
 * The event window (evbuf) is fed the same stream with limits from the
 * header and must keep its bounds and the newest events.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/evbuf.h"
#include "analysis/pidmap.h"
#include "rtwhy/json.h"
#include "rtwhy/report/json.h"
#include "rtwhy/report/text.h"
#include "analysis/timeline.h"
#include "evstream.h"
#include "fuzz.h"

static struct rtw_event fuzz_ev[EVS_MAX_EVENTS];
static FILE *fuzz_null;

/* "live" tasks for blame_host: every pid of the stream, a third gone, a third FIFO */
static void fuzz_live_tasks(const struct rtw_event *ev, size_t n, struct pidmap *live)
{
	const struct pidmap_task *t;
	struct pidmap seen;
	size_t i, pos = 0;

	if (pidmap_init(&seen))
		return;
	for (i = 0; i < n; i++)
		pidmap_learn(&seen, &ev[i]);
	while ((t = pidmap_next(&seen, &pos))) {
		if (t->pid % 3 == 0)
			continue;
		pidmap_note(live, t->pid, t->comm, PIDMAP_PRIO_UNKNOWN);
		pidmap_set_policy(live, t->pid, t->pid % 3 == 1 ? 1 /* SCHED_FIFO */ : 0);
	}
	pidmap_free(&seen);
}

static void fuzz_check_result(const struct blame_result *r)
{
	uint64_t sum = 0, phases = 0;
	int i, p;

	FUZZ_CHECK(r->nr_culprits >= 0 && r->nr_culprits <= BLAME_MAX_CULPRITS);
	FUZZ_CHECK(r->verdict_culprit >= -1 && r->verdict_culprit < r->nr_culprits);
	FUZZ_CHECK((unsigned int)r->verdict < BLAME_NR_VERDICTS);
	FUZZ_CHECK(memchr(r->text, '\0', sizeof(r->text)));
	FUZZ_CHECK(memchr(r->hint, '\0', sizeof(r->hint)));
	FUZZ_CHECK(memchr(r->incomplete_why, '\0', sizeof(r->incomplete_why)));
	for (i = 0; i < r->nr_culprits; i++) {
		const struct blame_culprit *c = &r->culprit[i];
		uint64_t cp = 0;

		FUZZ_CHECK((unsigned int)c->kind <= BLAME_UNACCOUNTED);
		FUZZ_CHECK(memchr(c->comm, '\0', sizeof(c->comm)));
		FUZZ_CHECK(memchr(c->name, '\0', sizeof(c->name)));
		for (p = 0; p < BLAME_NR_PHASES; p++)
			cp += c->phase_ns[p];
		FUZZ_CHECK(cp == c->ns);
		sum += c->ns;
		if (i)
			FUZZ_CHECK(r->culprit[i - 1].ns >= c->ns);
	}
	for (p = 0; p < BLAME_NR_PHASES; p++)
		phases += r->phase_ns[p];
	FUZZ_CHECK(phases == r->latency_ns);
	FUZZ_CHECK(sum == r->latency_ns);
}

static void fuzz_render(const struct blame_result *r, size_t n)
{
	struct json j;
	char label[256];
	int i;

	for (i = 0; i < r->nr_culprits; i++) {
		blame_culprit_label(&r->culprit[i], label, sizeof(label));
		FUZZ_CHECK(memchr(label, '\0', sizeof(label)));
	}
	report_text_spike(fuzz_null, r, 1, n);
	json_start(&j, fuzz_null);
	report_json_spike(&j, r);
	json_finish(&j);
}

struct fuzz_walk {
	uint64_t ns;
	int cpu;
};

static void fuzz_walk_fn(const struct tl_segment *seg, uint64_t at_ns, uint64_t ns, void *arg)
{
	(void)at_ns;
	struct fuzz_walk *w = arg;

	FUZZ_CHECK(ns > 0);
	FUZZ_CHECK(seg->cpu == w->cpu);
	FUZZ_CHECK(seg->ctx <= TL_GAP);
	w->ns += ns;
}

/* The window keeps at most max_events, and always the newest ones in order. */
static void fuzz_evbuf(const struct rtw_event *ev, size_t n, uint8_t how)
{
	static const uint64_t retain[] = { 0, 1, NSEC_PER_MSEC, 20 * NSEC_PER_MSEC };
	static const size_t max[] = { 0, 1, 3, 300 };
	struct evbuf b;
	size_t i;

	evbuf_init(&b, retain[how & 3], max[(how >> 2) & 3]);
	for (i = 0; i < n; i++) {
		if (evbuf_push(&b, &ev[i]))
			break;
		if (b.max_events)
			FUZZ_CHECK(evbuf_len(&b) <= b.max_events);
		FUZZ_CHECK(evbuf_len(&b) >= 1);
		FUZZ_CHECK(!memcmp(&evbuf_data(&b)[evbuf_len(&b) - 1], &ev[i], sizeof(ev[i])));
	}
	if (how & 0x10) {
		evbuf_clear(&b);
		FUZZ_CHECK(evbuf_len(&b) == 0);
	}
	evbuf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct blame_host host = { .steal_ns = -1 };
	struct blame_result res;
	struct pidmap live;
	struct blame_spike sp;
	struct timeline tl;
	bool live_policies;
	size_t n;
	int ret;

	if (!fuzz_null)
		fuzz_null = fopen("/dev/null", "w");
	n = evs_decode(data, size, &sp, &host.steal_ns, &live_policies, fuzz_ev, EVS_MAX_EVENTS);
	if (live_policies && !pidmap_init(&live)) {
		fuzz_live_tasks(fuzz_ev, n, &live);
		host.tasks = &live;
	}

	ret = blame_explain(fuzz_ev, n, &sp, size > 6 && (data[5] & 1) ? NULL : &host, &res);
	if (host.tasks)
		pidmap_free(&live);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ENODATA || ret == -ENOMEM);
	if (ret == 0) {
		FUZZ_CHECK(res.latency_ns == sp.wake_ns - sp.deadline_ns);
		fuzz_check_result(&res);
		fuzz_render(&res, n);
	}
	if (timeline_build(&tl, fuzz_ev, n, sp.wake_ns) == 0) {
		uint64_t from = sp.deadline_ns, to = sp.wake_ns;
		int cpu;

		for (cpu = -1; cpu <= tl.nr_cpus; cpu++) {
			struct fuzz_walk w = { .cpu = cpu };
			uint64_t got = timeline_walk(&tl, cpu, from, to, fuzz_walk_fn, &w);

			FUZZ_CHECK(got == w.ns);
			FUZZ_CHECK(got == (to > from ? to - from : 0));
		}
		timeline_free(&tl);
	}
	fuzz_evbuf(fuzz_ev, n, size > 12 ? data[11] : 0);
	return 0;
}
