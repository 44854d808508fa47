// SPDX-License-Identifier: GPL-2.0-only
/*
 * gen64 - a many-CPU trace.dat to measure rtwhy analyze on: NR_CPUS CPUs
 * each at RATE events a second for SECONDS, written through the project's
 * own writer (analysis/datwrite.c), with one cyclictest spike on CPU 1.
 *
 * Each CPU repeats a cycle of ten events every 10/RATE s (jittered): the
 * local timer interrupt with its tick hrtimer, a raised and run softirq,
 * one worker waking the other and the switch to it. CPU 1 also holds the
 * spike, in the middle of the trace: cyclictest (SCHED_FIFO 95) arms its
 * timer and sleeps, a FIFO 98 task takes the CPU, the timer fires and
 * wakes cyclictest, which runs only when that task sleeps 500 us later and
 * writes cyclictest's marker ("hit latency threshold (510 > 100)").
 * The same seed gives the same events per CPU whatever NR_CPUS, so the
 * trace cut to 8 CPUs is the first 8 CPUs of the 64.
 *
 *   gen64 FILE.dat NR_CPUS SECONDS [RATE]     (RATE default 75000)
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/datwrite.h"
#include "analysis/util.h"

#define GEN_T0	      (1000 * NSEC_PER_SEC)
#define GEN_SPIKE_CPU 1
#define GEN_CT_PID    9000
#define GEN_HOG_PID   9100
#define GEN_CHUNK     65536

struct gen {
	struct datwrite *w;
	struct rtw_event *buf;
	size_t n;
	int err;
};

static void gen_flush(struct gen *g)
{
	int ret;

	if (!g->n)
		return;
	ret = datwrite_events(g->w, g->buf, g->n);
	if (ret && !g->err)
		g->err = ret;
	g->n = 0;
}

static struct rtw_event *gen_ev(struct gen *g, uint64_t ts, int cpu, int pid, const char *comm,
				int kind, int flags)
{
	struct rtw_event *e;

	if (g->n == GEN_CHUNK)
		gen_flush(g);
	e = &g->buf[g->n++];
	memset(e, 0, sizeof(*e));
	e->ts_ns = ts;
	e->cpu = cpu;
	e->pid = pid;
	e->kind = (uint16_t)kind;
	e->flags = (uint8_t)flags;
	e->preempt = flags & RTW_F_HARDIRQ ? 1 : 0;
	util_strlcpy(e->comm, comm, sizeof(e->comm));
	return e;
}

static void gen_switch(struct gen *g, uint64_t ts, int cpu, int prev, const char *pcomm, int pprio,
		       uint32_t pstate, int next, const char *ncomm, int nprio)
{
	struct rtw_event *e = gen_ev(g, ts, cpu, prev, pcomm, RTW_EV_SWITCH, RTW_F_IRQS_OFF);

	e->preempt = 2;
	e->u.sw.prev_pid = prev;
	e->u.sw.prev_prio = pprio;
	e->u.sw.prev_state = pstate;
	e->u.sw.next_pid = next;
	e->u.sw.next_prio = nprio;
	util_strlcpy(e->u.sw.prev_comm, pcomm, sizeof(e->u.sw.prev_comm));
	util_strlcpy(e->u.sw.next_comm, ncomm, sizeof(e->u.sw.next_comm));
}

static void gen_wake(struct gen *g, uint64_t ts, int cpu, int pid, const char *comm, int flags,
		     int wpid, const char *wcomm, int wprio)
{
	int k;

	for (k = RTW_EV_WAKING; k <= RTW_EV_WAKEUP; k++) {
		struct rtw_event *e = gen_ev(g, ts + (uint64_t)(k - RTW_EV_WAKING) * 1000, cpu, pid,
					     comm, k, flags);

		e->u.wake.pid = wpid;
		e->u.wake.prio = wprio;
		e->u.wake.target_cpu = cpu;
		util_strlcpy(e->u.wake.comm, wcomm, sizeof(e->u.wake.comm));
	}
}

/* The local timer interrupt at @ts with one hrtimer callback @fn (now = @ts). */
static void gen_timer_irq(struct gen *g, uint64_t ts, int cpu, int pid, const char *comm,
			  uint64_t timer, const char *fn)
{
	int hf = RTW_F_HARDIRQ | RTW_F_IRQS_OFF;
	struct rtw_event *e;

	e = gen_ev(g, ts, cpu, pid, comm, RTW_EV_VECTOR_ENTRY, hf);
	e->u.vec.vector = 236;
	util_strlcpy(e->u.vec.name, "local_timer", sizeof(e->u.vec.name));
	e = gen_ev(g, ts + 1000, cpu, pid, comm, RTW_EV_HRTIMER_ENTRY, hf);
	e->u.hrt.timer = timer;
	e->u.hrt.now_ns = ts + 1000;
	util_strlcpy(e->u.hrt.function, fn, sizeof(e->u.hrt.function));
}

static void gen_timer_irq_end(struct gen *g, uint64_t ts, int cpu, int pid, const char *comm,
			      uint64_t timer)
{
	int hf = RTW_F_HARDIRQ | RTW_F_IRQS_OFF;
	struct rtw_event *e;

	e = gen_ev(g, ts, cpu, pid, comm, RTW_EV_HRTIMER_EXIT, hf);
	e->u.hrt.timer = timer;
	e = gen_ev(g, ts + 1000, cpu, pid, comm, RTW_EV_VECTOR_EXIT, hf);
	e->u.vec.vector = 236;
	util_strlcpy(e->u.vec.name, "local_timer", sizeof(e->u.vec.name));
}

/* per CPU: its two workers and the one running */
struct gen_cpu {
	uint64_t rnd;
	uint64_t next_ns;
	int cur; /* 0 or 1 */
};

static uint64_t gen_rand(struct gen_cpu *c)
{
	c->rnd ^= c->rnd << 13;
	c->rnd ^= c->rnd >> 7;
	c->rnd ^= c->rnd << 17;
	return c->rnd;
}

static void gen_worker(int cpu, int which, int *pid, char *comm)
{
	*pid = 10000 + cpu * 4 + which;
	snprintf(comm, RTW_COMM_LEN, "worker%d.%d", cpu & 0xfff, which & 1);
}

/* One background cycle of ten events on @cpu from @t. */
static void gen_cycle(struct gen *g, struct gen_cpu *c, int cpu, uint64_t t)
{
	char comm[RTW_COMM_LEN], ncomm[RTW_COMM_LEN];
	int pid, npid;
	struct rtw_event *e;

	gen_worker(cpu, c->cur, &pid, comm);
	gen_worker(cpu, !c->cur, &npid, ncomm);
	gen_timer_irq(g, t, cpu, pid, comm, 0xffff888000100000ULL + (uint64_t)cpu * 64,
		      "tick_nohz_handler");
	e = gen_ev(g, t + 2000, cpu, pid, comm, RTW_EV_SOFTIRQ_RAISE,
		   RTW_F_HARDIRQ | RTW_F_IRQS_OFF);
	e->u.softirq.vec = 1;
	gen_timer_irq_end(g, t + 3000, cpu, pid, comm, 0xffff888000100000ULL + (uint64_t)cpu * 64);
	e = gen_ev(g, t + 5000, cpu, pid, comm, RTW_EV_SOFTIRQ_ENTRY, RTW_F_SOFTIRQ);
	e->u.softirq.vec = 1;
	e = gen_ev(g, t + 8000, cpu, pid, comm, RTW_EV_SOFTIRQ_EXIT, RTW_F_SOFTIRQ);
	e->u.softirq.vec = 1;
	gen_wake(g, t + 10000 + gen_rand(c) % 20000, cpu, pid, comm, 0, npid, ncomm, 120);
	gen_switch(g, t + 40000, cpu, pid, comm, 120, 1, npid, ncomm, 120);
	c->cur = !c->cur;
}

/* CPU 1 from @ts - 1.2 ms to @ts + 1 ms: the spike (see the top). */
static void gen_spike(struct gen *g, struct gen_cpu *c, int cpu, uint64_t ts)
{
	char comm[RTW_COMM_LEN];
	const uint64_t us = NSEC_PER_USEC, ct_timer = 0xffffc90000a3be58ULL;
	int pid;
	struct rtw_event *e;

	gen_worker(cpu, c->cur, &pid, comm);
	gen_wake(g, ts - 1150 * us, cpu, pid, comm, RTW_F_HARDIRQ, GEN_CT_PID, "cyclictest", 4);
	gen_switch(g, ts - 1100 * us, cpu, pid, comm, 120, RTW_STATE_PREEMPTED, GEN_CT_PID,
		   "cyclictest", 4);
	e = gen_ev(g, ts - 1050 * us, cpu, GEN_CT_PID, "cyclictest", RTW_EV_HRTIMER_START, 0);
	e->u.hrt.timer = ct_timer;
	e->u.hrt.expires_ns = ts;
	e->u.hrt.softexpires_ns = ts;
	e->u.hrt.mode = 0; /* absolute */
	util_strlcpy(e->u.hrt.function, "hrtimer_wakeup", sizeof(e->u.hrt.function));
	gen_switch(g, ts - 1040 * us, cpu, GEN_CT_PID, "cyclictest", 4, 1, pid, comm, 120);
	gen_wake(g, ts - 300 * us, cpu, pid, comm, 0, GEN_HOG_PID, "rthog", 1);
	gen_switch(g, ts - 290 * us, cpu, pid, comm, 120, RTW_STATE_PREEMPTED, GEN_HOG_PID, "rthog",
		   1);
	gen_timer_irq(g, ts, cpu, GEN_HOG_PID, "rthog", ct_timer, "hrtimer_wakeup");
	gen_wake(g, ts + 2 * us, cpu, GEN_HOG_PID, "rthog", RTW_F_HARDIRQ | RTW_F_IRQS_OFF,
		 GEN_CT_PID, "cyclictest", 4);
	gen_timer_irq_end(g, ts + 4 * us, cpu, GEN_HOG_PID, "rthog", ct_timer);
	gen_switch(g, ts + 500 * us, cpu, GEN_HOG_PID, "rthog", 1, 1, GEN_CT_PID, "cyclictest", 4);
	e = gen_ev(g, ts + 510 * us, cpu, GEN_CT_PID, "cyclictest", RTW_EV_MARKER, 0);
	util_strlcpy(e->u.marker.text, "hit latency threshold (510 > 100)",
		     sizeof(e->u.marker.text));
	gen_switch(g, ts + 520 * us, cpu, GEN_CT_PID, "cyclictest", 4, 1, pid, comm, 120);
}

int main(int argc, char **argv)
{
	struct datwrite_info info = { .clock = "mono", .release = "6.18.44", .machine = "x86_64" };
	struct gen g = { 0 };
	struct gen_cpu *cpus;
	uint64_t end, period, spike, t, slice;
	double secs;
	long rate;
	bool spiked = false;
	int nr, i, ret;

	if (argc < 4) {
		fprintf(stderr, "usage: gen64 FILE.dat NR_CPUS SECONDS [RATE]\n");
		return 2;
	}
	nr = atoi(argv[2]);
	secs = atof(argv[3]);
	rate = argc > 4 ? atol(argv[4]) : 75000;
	if (nr < 2 || nr > 1024 || secs <= 0 || rate < 1000) {
		fprintf(stderr, "gen64: 2..1024 CPUs, SECONDS > 0, RATE >= 1000\n");
		return 2;
	}
	info.nr_cpus = nr;
	period = (uint64_t)(10.0 * NSEC_PER_SEC / (double)rate);
	end = GEN_T0 + (uint64_t)(secs * NSEC_PER_SEC);
	spike = GEN_T0 + (end - GEN_T0) / 2;
	cpus = calloc((size_t)nr, sizeof(*cpus));
	g.buf = calloc(GEN_CHUNK, sizeof(*g.buf));
	if (!cpus || !g.buf)
		return 1;
	ret = datwrite_open(&g.w, argv[1], &info);
	if (ret) {
		fprintf(stderr, "gen64: cannot open %s: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	for (i = 0; i < nr; i++) {
		cpus[i].rnd = 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1);
		cpus[i].next_ns = GEN_T0 + (uint64_t)i * 1000;
	}
	/* a millisecond at a time, every CPU: per CPU in time order */
	for (slice = GEN_T0; slice < end && !g.err; slice += NSEC_PER_MSEC) {
		for (i = 0; i < nr; i++) {
			struct gen_cpu *c = &cpus[i];

			while (c->next_ns < slice + NSEC_PER_MSEC && c->next_ns < end) {
				t = c->next_ns;
				c->next_ns += period - period / 8 + gen_rand(c) % (period / 4);
				if (i == GEN_SPIKE_CPU &&
				    t + period > spike - 1200 * NSEC_PER_USEC &&
				    t < spike + NSEC_PER_MSEC) {
					if (!spiked)
						gen_spike(&g, c, i, spike);
					spiked = true;
					continue;
				}
				gen_cycle(&g, c, i, t);
			}
		}
	}
	gen_flush(&g);
	if (g.err) {
		fprintf(stderr, "gen64: cannot write %s: %s\n", argv[1], strerror(-g.err));
		datwrite_discard(g.w);
		return 1;
	}
	printf("%llu\n", (unsigned long long)datwrite_nr_events(g.w));
	ret = datwrite_close(g.w);
	if (ret) {
		fprintf(stderr, "gen64: cannot write %s: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	free(cpus);
	free(g.buf);
	return 0;
}
