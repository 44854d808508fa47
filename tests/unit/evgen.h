/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * evgen - build event sequences by hand for unit tests, one line per event,
 * the way they appear in a trace. Times in microseconds (evgen_us()), so a
 * scenario reads like the trace it imitates.
 *
 *   struct evgen g; evgen_init(&g);
 *   ev_switch(&g, 100, 1, 2638, "bash", 120, 0, 2643, "rtwhy", 120, RTW_F_IRQS_OFF);
 */
#ifndef RTWHY_EVGEN_H
#define RTWHY_EVGEN_H

#include <string.h>

#include "analysis/blame.h"
#include "analysis/event.h"
#include "analysis/util.h"

#define EVGEN_MAX     512
#define EVGEN_BASE_NS (1000ULL * NSEC_PER_SEC) /* timestamps start at 1000 s */

struct evgen {
	struct rtw_event ev[EVGEN_MAX];
	size_t n;
};

static inline uint64_t evgen_us(double us)
{
	return EVGEN_BASE_NS + (uint64_t)(us * 1000.0 + 0.5);
}

static inline void evgen_init(struct evgen *g)
{
	memset(g, 0, sizeof(*g));
}

/* Move the event added last back to its place in time (one added to a built sequence). */
static inline void evgen_settle_last(struct evgen *g)
{
	size_t i = g->n - 1;
	struct rtw_event e = g->ev[i];

	for (; i && g->ev[i - 1].ts_ns > e.ts_ns; i--)
		g->ev[i] = g->ev[i - 1];
	g->ev[i] = e;
}

static inline struct rtw_event *evgen_add(struct evgen *g, double us, int cpu, int pid,
					  const char *comm, int kind, uint8_t flags)
{
	struct rtw_event *e = &g->ev[g->n < EVGEN_MAX - 1 ? g->n++ : g->n];

	memset(e, 0, sizeof(*e));
	e->ts_ns = evgen_us(us);
	e->cpu = cpu;
	e->pid = pid;
	e->kind = (uint16_t)kind;
	e->flags = flags;
	util_strlcpy(e->comm, comm, sizeof(e->comm));
	return e;
}

static inline void ev_switch(struct evgen *g, double us, int cpu, int prev_pid,
			     const char *prev_comm, int prev_prio, uint32_t prev_state,
			     int next_pid, const char *next_comm, int next_prio, uint8_t flags)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, prev_pid, prev_comm, RTW_EV_SWITCH, flags | RTW_F_IRQS_OFF);

	e->u.sw.prev_pid = prev_pid;
	e->u.sw.prev_prio = prev_prio;
	e->u.sw.prev_state = prev_state;
	util_strlcpy(e->u.sw.prev_comm, prev_comm, RTW_COMM_LEN);
	e->u.sw.next_pid = next_pid;
	e->u.sw.next_prio = next_prio;
	util_strlcpy(e->u.sw.next_comm, next_comm, RTW_COMM_LEN);
}

/* sched_waking / sched_wakeup of @pid, emitted by @cur on @cpu */
static inline void ev_wake(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			   int kind, int pid, const char *comm, int prio, int target, uint8_t flags)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm, kind, flags);

	e->u.wake.pid = pid;
	e->u.wake.prio = prio;
	e->u.wake.target_cpu = target;
	util_strlcpy(e->u.wake.comm, comm, RTW_COMM_LEN);
}

static inline void ev_migrate(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			      int pid, const char *comm, int prio, int from, int to)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_MIGRATE, RTW_F_IRQS_OFF);

	e->u.mig.pid = pid;
	e->u.mig.prio = prio;
	e->u.mig.orig_cpu = from;
	e->u.mig.dest_cpu = to;
	util_strlcpy(e->u.mig.comm, comm, RTW_COMM_LEN);
}

static inline void ev_hrtimer(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			      const char *function, bool entry, uint8_t flags)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm,
					entry ? RTW_EV_HRTIMER_ENTRY : RTW_EV_HRTIMER_EXIT,
					flags | RTW_F_IRQS_OFF | RTW_F_HARDIRQ);

	e->u.hrt.timer = 0xffff888000001000ULL;
	if (entry) {
		util_strlcpy(e->u.hrt.function, function, RTW_NAME_LEN);
		e->u.hrt.now_ns = e->ts_ns;
	}
}

/* @cur arms an hrtimer (hrtimer_start): expiry range [@soft_us, @soft_us + @slack_us], @mode */
static inline void ev_hrtimer_start(struct evgen *g, double us, int cpu, int cur,
				    const char *cur_comm, double soft_us, double slack_us,
				    uint32_t mode)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_HRTIMER_START, RTW_F_IRQS_OFF);

	e->u.hrt.timer = 0xffffc90000401000ULL;
	util_strlcpy(e->u.hrt.function, "hrtimer_wakeup", RTW_NAME_LEN);
	e->u.hrt.softexpires_ns = EVGEN_BASE_NS + (uint64_t)(soft_us * 1000);
	e->u.hrt.expires_ns = e->u.hrt.softexpires_ns + (uint64_t)(slack_us * 1000);
	e->u.hrt.mode = mode;
	e->u.hrt.clockid = -1;
}

/* a soft hrtimer callback (the HRTIMER softirq: PREEMPT_RT's default, HRTIMER_MODE_SOFT) */
static inline void ev_hrtimer_soft(struct evgen *g, double us, int cpu, int cur,
				   const char *cur_comm, const char *function, bool entry)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm,
			  entry ? RTW_EV_HRTIMER_ENTRY : RTW_EV_HRTIMER_EXIT, RTW_F_SOFTIRQ);

	e->u.hrt.timer = 0xffff888000002000ULL;
	if (entry) {
		util_strlcpy(e->u.hrt.function, function, RTW_NAME_LEN);
		e->u.hrt.now_ns = e->ts_ns;
	}
}

/* a timer wheel callback (the TIMER softirq) */
static inline void ev_timer_cb(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			       const char *function, bool entry)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm, entry ? RTW_EV_TIMER_ENTRY : RTW_EV_TIMER_EXIT,
			  RTW_F_SOFTIRQ);

	e->u.cb.id = 0xffff888000003000ULL;
	if (entry)
		util_strlcpy(e->u.cb.function, function, RTW_NAME_LEN);
}

/* a function an IPI runs (csd_function_entry/exit), in hard IRQ context */
static inline void ev_csd(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			  const char *function, bool entry)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm, entry ? RTW_EV_CSD_ENTRY : RTW_EV_CSD_EXIT,
			  RTW_F_IRQS_OFF | RTW_F_HARDIRQ);

	e->u.cb.id = 0xffff888000004000ULL;
	util_strlcpy(e->u.cb.function, function, RTW_NAME_LEN);
}

static inline void ev_irq(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			  int irq, const char *name, bool entry)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm, entry ? RTW_EV_IRQ_ENTRY : RTW_EV_IRQ_EXIT,
			  RTW_F_IRQS_OFF | RTW_F_HARDIRQ);

	e->u.irq.irq = irq;
	e->u.irq.ret = 1;
	if (entry)
		util_strlcpy(e->u.irq.name, name, RTW_NAME_LEN);
}

static inline void ev_softirq(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			      int vec, bool entry)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm,
			  entry ? RTW_EV_SOFTIRQ_ENTRY : RTW_EV_SOFTIRQ_EXIT, RTW_F_SOFTIRQ);

	e->u.softirq.vec = vec;
}

static inline void ev_vector(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			     const char *name, bool entry)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm,
					entry ? RTW_EV_VECTOR_ENTRY : RTW_EV_VECTOR_EXIT,
					RTW_F_IRQS_OFF | RTW_F_HARDIRQ);

	e->u.vec.vector = 236;
	util_strlcpy(e->u.vec.name, name, RTW_NAME_LEN);
}

static inline void ev_lost(struct evgen *g, double us, int cpu, uint64_t count)
{
	struct rtw_event *e = evgen_add(g, us, cpu, -1, "", RTW_EV_LOST, 0);

	e->u.lost.count = count;
}

static inline void ev_marker(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			     const char *text)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_MARKER, 0);

	util_strlcpy(e->u.marker.text, text, RTW_MARKER_LEN);
}

/* sched_pi_setprio in @cur's context (the waiter): @pid goes from @oldprio to @newprio */
static inline void ev_pi(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			 int pid, const char *comm, int oldprio, int newprio)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_PI_SETPRIO, RTW_F_IRQS_OFF);

	e->u.pi.pid = pid;
	e->u.pi.oldprio = oldprio;
	e->u.pi.newprio = newprio;
	util_strlcpy(e->u.pi.comm, comm, RTW_COMM_LEN);
}

/* a stacktrace trigger's record in @cur's context, its frames (innermost first) after it */
static inline void ev_stack(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			    const char *const *frames, int n)
{
	struct rtw_event *e =
		evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_STACK, RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	int i;

	e->u.stack.nr = n;
	for (i = 0; i < n; i++) {
		e = evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_STACK_FRAME,
			      RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
		e->u.frame.index = i;
		util_strlcpy(e->u.frame.name, frames[i], RTW_FRAME_LEN);
	}
}

/* the hrtimer of @tid fires at @t_us on @cpu while @cur runs; @wflags on its sched_wakeup */
static inline void ev_timer_wakes(struct evgen *g, double t_us, int cpu, int cur,
				  const char *cur_comm, int tid, int prio, uint8_t wflags)
{
	ev_vector(g, t_us - 0.5, cpu, cur, cur_comm, "local_timer", true);
	ev_hrtimer(g, t_us, cpu, cur, cur_comm, "hrtimer_wakeup", true, 0);
	ev_wake(g, t_us + 0.5, cpu, cur, cur_comm, RTW_EV_WAKING, tid, "rtwhy", prio, cpu,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(g, t_us + 2, cpu, cur, cur_comm, RTW_EV_WAKEUP, tid, "rtwhy", prio, cpu,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ | wflags);
	ev_hrtimer(g, t_us + 2.5, cpu, cur, cur_comm, NULL, false, wflags);
	ev_vector(g, t_us + 3, cpu, cur, cur_comm, "local_timer", false);
	g->ev[g->n - 1].flags |= wflags; /* need-resched stays set to the interrupt's exit */
}

/* a scheduler tick on @cpu: local timer vector around tick_nohz_handler */
static inline void ev_tick(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			   uint8_t exit_flags)
{
	ev_vector(g, us, cpu, cur, cur_comm, "local_timer", true);
	ev_hrtimer(g, us + 0.5, cpu, cur, cur_comm, "tick_nohz_handler", true, 0);
	ev_hrtimer(g, us + 3, cpu, cur, cur_comm, NULL, false, exit_flags);
	ev_vector(g, us + 3.5, cpu, cur, cur_comm, "local_timer", false);
	g->ev[g->n - 1].flags |= exit_flags; /* a need-resched the tick set shows on its exit */
}

/* a local timer interrupt on @cpu at @us around one hrtimer callback, @function, @cb_us long */
static inline void ev_timer_callback(struct evgen *g, double us, int cpu, int cur,
				     const char *cur_comm, const char *function, double cb_us)
{
	ev_vector(g, us, cpu, cur, cur_comm, "local_timer", true);
	ev_hrtimer(g, us + 1, cpu, cur, cur_comm, function, true, 0);
	ev_hrtimer(g, us + 1 + cb_us, cpu, cur, cur_comm, NULL, false, 0);
	ev_vector(g, us + 2 + cb_us, cpu, cur, cur_comm, "local_timer", false);
}

/* signal_generate: @cur on @cpu sends @sig to @pid (@group: to its process) */
static inline void ev_signal(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			     int sig, int pid, const char *comm, int group)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm, RTW_EV_SIGNAL, RTW_F_IRQS_OFF);

	e->u.sig.sig = sig;
	e->u.sig.pid = pid;
	e->u.sig.group = group;
	util_strlcpy(e->u.sig.comm, comm, RTW_COMM_LEN);
}

/* cpuhp_enter (@fun set) or cpuhp_exit (@fun NULL: @target is the state reached) of @hcpu */
static inline void ev_cpuhp(struct evgen *g, double us, int cpu, int cur, const char *cur_comm,
			    int hcpu, int target, int step, const char *fun, int ret)
{
	struct rtw_event *e = evgen_add(g, us, cpu, cur, cur_comm,
					fun ? RTW_EV_CPUHP_ENTER : RTW_EV_CPUHP_EXIT, 0);

	e->u.hp.cpu = hcpu;
	e->u.hp.target = target;
	e->u.hp.step = step;
	e->u.hp.ret = fun ? 0 : ret;
	if (fun)
		util_strlcpy(e->u.hp.fun, fun, RTW_NAME_LEN);
}

/* One event of each kind, as a round trip through a format writes them (13 us, 2 CPUs). */
static inline void evgen_each_kind(struct evgen *g)
{
	static const char *const frames[] = { "hrtimer_interrupt", "ring_buffer_resize" };

	evgen_init(g);
	ev_switch(g, 1, 1, 2639, "bash", 120, 1, 2643, "cyclictest", 120, 0);
	ev_switch(g, 2, 0, 2643, "cyclictest", 49, RTW_STATE_PREEMPTED, 0, "swapper/0", 120,
		  RTW_F_NEED_RESCHED);
	ev_wake(g, 3, 0, 0, "<idle>", RTW_EV_WAKING, 2642, "cyclictest", 120, 0,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(g, 3.25, 0, 0, "<idle>", RTW_EV_WAKEUP, 2642, "cyclictest", 120, 1,
		RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED);
	ev_migrate(g, 4, 1, 2639, "bash", 15, "rcu_preempt", 120, 1, 0);
	ev_irq(g, 5, 1, 2639, "bash", 36, "virtio1-req.0", true);
	g->ev[g->n - 1].u.irq.ret = 0; /* an entry has no return value */
	ev_irq(g, 6, 1, 2639, "bash", 36, NULL, false);
	ev_softirq(g, 7, 1, 2639, "bash", 3, true);
	ev_softirq(g, 8, 1, 2639, "bash", 3, false);
	ev_hrtimer_start(g, 8.5, 0, 2643, "cyclictest", 1000, 50, RTW_HRTIMER_PINNED);
	ev_hrtimer(g, 9, 0, 0, "<idle>", "hrtimer_wakeup", true, 0);
	ev_hrtimer(g, 10, 0, 0, "<idle>", NULL, false, 0);
	ev_vector(g, 11, 1, 2639, "bash", "reschedule", true);
	ev_vector(g, 12, 1, 2639, "bash", "reschedule", false);
	ev_cpuhp(g, 12.25, 0, 58, "kworker/0:1", 1, 0, 125, "takedown_cpu", 0);
	ev_cpuhp(g, 12.375, 0, 58, "kworker/0:1", 1, 124, 125, NULL, -16);
	ev_timer_cb(g, 12.4, 0, 0, "<idle>", "process_timeout", true);
	ev_timer_cb(g, 12.41, 0, 0, "<idle>", NULL, false);
	ev_csd(g, 12.42, 1, 2639, "bash", "do_sync_core", true);
	ev_csd(g, 12.43, 1, 2639, "bash", "do_sync_core", false);
	ev_pi(g, 12.5, 1, 4920, "pilock", 4919, "pilock", 89, 9);
	ev_stack(g, 12.75, 1, 6206, "sh", frames, 2);
	ev_lost(g, 13, 1, 99);
	ev_marker(g, 13, 1, 2639, "bash",
		  "FREEZE tid=2643 thread=1 cpu=1 prio=0 slack=50000 "
		  "deadline=1000000000 wake=1000012000 lat=12000");
	g->ev[g->n - 1].preempt = 1;
}

/*
 * evgen_explain - blame_explain() of @g's events for thread 0 (@tid) on CPU @cpu: deadline
 * @d_us (exact, no slack), woken at @w_us; @host may be NULL. Into @res.
 */
static inline int evgen_explain(const struct evgen *g, int tid, int cpu, double d_us, double w_us,
				const struct blame_host *host, struct blame_result *res)
{
	struct blame_spike sp = { .thread = 0,
				  .tid = tid,
				  .cpu = cpu,
				  .deadline_ns = evgen_us(d_us),
				  .wake_ns = evgen_us(w_us),
				  .slack_ns = 0,
				  .deadline_exact = true,
				  .source = "test" };

	return blame_explain(g->ev, g->n, &sp, host, res);
}

#endif
