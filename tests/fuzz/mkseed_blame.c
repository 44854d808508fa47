// SPDX-License-Identifier: GPL-2.0-only
/*
 * mkseed_blame - the seed corpus of fuzz_blame: one stream per verdict the
 * engine knows, built the way tests/unit/test_blame.c builds them (evgen.h),
 * encoded with evstream.h. Every seed is checked to decode back to a spike
 * the engine explains with the intended verdict, so a change of the format
 * cannot leave the fuzzer with seeds that mean nothing. The same scenarios
 * are also written as rtwhy --save-trace text, with their FREEZE marker,
 * for the text reader's fuzzer.
 *
 *   mkseed_blame DIR [TEXTDIR]    writes DIR/NN-name.evs [and TEXTDIR/NN-name.txt]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/textwrite.h"
#include "../unit/evgen.h"
#include "evstream.h"

#define TID   EVS_TID
#define CUR_S 1

static struct evgen g;
static uint8_t buf[EVS_HEADER_BYTES + EVGEN_MAX * EVS_EVENT_BYTES];
static struct rtw_event back[EVS_MAX_EVENTS];

static void timer_wakes(double t_us, int cpu, int cur, const char *comm, int prio, uint8_t wflags)
{
	ev_timer_wakes(&g, t_us, cpu, cur, comm, TID, prio, wflags);
}

static void tick_wait(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, CUR_S, 2639, "busyloop", 120, 0);
	ev_tick(&g, 2000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 6000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 10000, 1, 2639, "busyloop", 0);
	timer_wakes(10050, 1, 2639, "busyloop", 120, 0);
	ev_tick(&g, 14000, 1, 2639, "busyloop", RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_switch(&g, 14010, 1, 2639, "busyloop", 120, 0, TID, "rtwhy", 120, 0);
}

static void higher_priority(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, CUR_S, 7000, "spinner", 19, 0);
	timer_wakes(10000, 1, 7000, "spinner", 49, 0);
	ev_switch(&g, 13000, 1, 7000, "spinner", 19, CUR_S, TID, "rtwhy", 49, 0);
}

static void hard_irq(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, CUR_S, 2000, "bash", 120, 0);
	timer_wakes(10000, 1, 2000, "bash", 49, RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_irq(&g, 10004, 1, 2000, "bash", 36, "virtio1-req.0", true);
	ev_irq(&g, 11500, 1, 2000, "bash", 36, NULL, false);
	ev_switch(&g, 11510, 1, 2000, "bash", 120, 0, TID, "rtwhy", 49, 0);
}

static void softirq(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, CUR_S, 2000, "python3", 120, 0);
	timer_wakes(10000, 1, 2000, "python3", 49, RTW_F_NEED_RESCHED);
	ev_softirq(&g, 10004, 1, 2000, "python3", 3, true);
	ev_irq(&g, 10500, 1, 2000, "python3", 41, "eth0", true);
	ev_irq(&g, 10600, 1, 2000, "python3", 41, NULL, false);
	ev_softirq(&g, 11200, 1, 2000, "python3", 3, false);
	ev_switch(&g, 11205, 1, 2000, "python3", 120, 0, TID, "rtwhy", 49, 0);
}

static void irq_thread(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 59, CUR_S, 2000, "bash", 120, 0);
	timer_wakes(10000, 1, 2000, "bash", 59, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10004, 1, 2000, "bash", 120, 0, 300, "irq/41-eth0", 49, 0);
	ev_switch(&g, 11000, 1, 300, "irq/41-eth0", 49, CUR_S, TID, "rtwhy", 59, 0);
}

static void idle_exit(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, CUR_S, 0, "swapper/1", 120, 0);
	timer_wakes(10150, 1, 0, "<idle>", 49, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10155, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 49, 0);
}

static void migration(void)
{
	ev_switch(&g, 100, 0, TID, "rtwhy", 120, CUR_S, 7100, "hog", 120, 0);
	ev_switch(&g, 200, 1, 7200, "other", 120, CUR_S, 0, "swapper/1", 120, 0);
	ev_vector(&g, 10049.5, 0, 7100, "hog", "local_timer", true);
	ev_hrtimer(&g, 10050, 0, 7100, "hog", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 10051, 0, 7100, "hog", RTW_EV_WAKING, TID, "rtwhy", 120, 0, RTW_F_HARDIRQ);
	ev_wake(&g, 10052, 0, 7100, "hog", RTW_EV_WAKEUP, TID, "rtwhy", 120, 0, RTW_F_HARDIRQ);
	ev_hrtimer(&g, 10053, 0, 7100, "hog", NULL, false, 0);
	ev_vector(&g, 10054, 0, 7100, "hog", "local_timer", false);
	ev_migrate(&g, 13000, 1, 0, "<idle>", TID, "rtwhy", 120, 0, 1);
	ev_switch(&g, 13010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 120, 0);
}

static void lost(void)
{
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, CUR_S, 2639, "busyloop", 120, 0);
	ev_tick(&g, 10000, 1, 2639, "busyloop", 0);
	timer_wakes(10050, 1, 2639, "busyloop", 120, 0);
	ev_lost(&g, 12000, 1, 42);
	ev_tick(&g, 14000, 1, 2639, "busyloop", RTW_F_NEED_RESCHED);
	ev_switch(&g, 14010, 1, 2639, "busyloop", 120, 0, TID, "rtwhy", 120, 0);
}

static const struct seed {
	const char *name;
	void (*build)(void);
	double deadline_us, wake_us;
	int64_t slack_ns;
	enum blame_verdict verdict;
} seeds[] = {
	{ "tick-wait", tick_wait, 10000, 14020, 50000, BLAME_V_TICK_WAIT },
	{ "higher-priority", higher_priority, 10000, 13005, 0, BLAME_V_HIGHER_PRIORITY },
	{ "hard-irq", hard_irq, 10000, 11515, 0, BLAME_V_IRQ },
	{ "softirq", softirq, 10000, 11210, 0, BLAME_V_SOFTIRQ },
	{ "irq-thread", irq_thread, 10000, 11003, 0, BLAME_V_IRQ_THREAD },
	{ "idle-exit", idle_exit, 10000, 10160, 0, BLAME_V_IDLE_EXIT },
	{ "migration", migration, 10000, 13015, 50000, BLAME_V_MIGRATION },
	{ "lost-events", lost, 10000, 14020, 50000, BLAME_V_INCOMPLETE },
};

/* The scenario as a --save-trace file, with the FREEZE line a live run writes. */
static int write_text(const char *path, const struct blame_spike *sp)
{
	struct rtw_event freeze;
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		return -errno;
	memset(&freeze, 0, sizeof(freeze));
	freeze.kind = RTW_EV_MARKER;
	freeze.ts_ns = sp->wake_ns + 20000;
	freeze.cpu = sp->cpu;
	freeze.pid = sp->tid;
	util_strlcpy(freeze.comm, "rtwhy", sizeof(freeze.comm));
	snprintf(freeze.u.marker.text, sizeof(freeze.u.marker.text),
		 "FREEZE tid=%d thread=0 cpu=%d prio=0 slack=%lld deadline=%llu wake=%llu lat=%llu",
		 sp->tid, sp->cpu, (long long)sp->slack_ns, (unsigned long long)sp->deadline_ns,
		 (unsigned long long)sp->wake_ns,
		 (unsigned long long)(sp->wake_ns - sp->deadline_ns));
	textwrite_header(f, 2, "mono");
	fprintf(f, "# rtwhy: spike 1: tid %d latency %llu ns\n", sp->tid,
		(unsigned long long)(sp->wake_ns - sp->deadline_ns));
	for (i = 0; i < g.n; i++)
		textwrite_event(f, &g.ev[i]);
	textwrite_event(f, &freeze);
	return fclose(f) ? -errno : 0;
}

int main(int argc, char **argv)
{
	size_t i;
	int bad = 0;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: mkseed_blame DIR [TEXTDIR]\n");
		return 2;
	}
	for (i = 0; i < ARRAY_SIZE(seeds); i++) {
		const struct seed *s = &seeds[i];
		struct blame_spike sp = { .tid = TID,
					  .cpu = 1,
					  .deadline_ns = evgen_us(s->deadline_us),
					  .wake_ns = evgen_us(s->wake_us),
					  .slack_ns = s->slack_ns,
					  .deadline_exact = true };
		struct blame_spike sp2;
		struct blame_result res;
		char path[4096];
		int64_t steal;
		bool live;
		size_t len, n;
		FILE *f;

		evgen_init(&g);
		s->build();
		len = evs_encode(&sp, g.ev, g.n, buf);
		n = evs_decode(buf, len, &sp2, &steal, &live, back, EVS_MAX_EVENTS);
		if (n != g.n || blame_explain(back, n, &sp2, NULL, &res) ||
		    res.verdict != s->verdict) {
			fprintf(stderr,
				"mkseed_blame: seed %s does not decode to verdict %s (got %s)\n",
				s->name, blame_verdict_name(s->verdict),
				blame_verdict_name(res.verdict));
			bad++;
			continue;
		}
		snprintf(path, sizeof(path), "%s/%02zu-%s.evs", argv[1], i, s->name);
		f = fopen(path, "wb");
		if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
			fprintf(stderr, "mkseed_blame: cannot write %s: %s\n", path,
				strerror(errno));
			return 1;
		}
		if (argc == 3) {
			snprintf(path, sizeof(path), "%s/%02zu-%s.txt", argv[2], i, s->name);
			if (write_text(path, &sp)) {
				fprintf(stderr, "mkseed_blame: cannot write %s\n", path);
				return 1;
			}
		}
	}
	return bad ? 1 : 0;
}
