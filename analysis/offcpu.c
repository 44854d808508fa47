// SPDX-License-Identifier: GPL-2.0-only
/*
 * offcpu - the thread held off its CPU by CFS bandwidth throttling of its
 * group, stopped (T), traced (t), or frozen by the cgroup freezer: see
 * offcpu.h for the kernel's rules.
 */
#include <signal.h>
#include <string.h>

#include "analysis/offcpu.h"
#include "analysis/repair.h"
#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define OFFCPU_STATE_STOPPED 0x04		 /* "T", __TASK_STOPPED in prev_state */
#define OFFCPU_STATE_TRACED  0x08		 /* "t", __TASK_TRACED */
#define OFFCPU_SIGNAL_NS     (2000 * 1000000ULL) /* a stop signal at most this before the stop */
#define OFFCPU_STATE_SLEEP   0x01		 /* "S": in do_freezer_trap(), clock_nanosleep */
#define OFFCPU_STATE_DISK    0x02		 /* "D": TASK_FROZEN as the tracepoint says it */
#define OFFCPU_TRAP_RUN_NS   (2 * OFFCPU_MIN_NS) /* woken into the v2 trap: asleep again within */
#define OFFCPU_LOOKBACK	     64			 /* events looked back for an open timer callback */
#define OFFCPU_BURST_NS	     (100 * 1000ULL)	 /* a thaw's wakings of the group's tasks: within */
#define OFFCPU_MAX_BURST     16

const char *offcpu_sig_name(int sig)
{
	switch (sig) {
	case SIGSTOP:
		return "SIGSTOP";
	case SIGTSTP:
		return "SIGTSTP";
	case SIGTTIN:
		return "SIGTTIN";
	case SIGTTOU:
		return "SIGTTOU";
	case SIGCONT:
		return "SIGCONT";
	case SIGTRAP:
		return "SIGTRAP";
	case SIGKILL:
		return "SIGKILL";
	default:
		return "signal";
	}
}

static bool offcpu_is_stop_sig(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/* prev_state of a switch: preempted, still runnable (not a switch the trace missed) */
static bool offcpu_runnable(uint32_t st)
{
	return !(st & RTW_STATE_INFERRED) && (st & 0xff) == 0;
}

static bool offcpu_cfs_timer(const char *fn)
{
	return !strcmp(fn, "sched_cfs_period_timer") || !strcmp(fn, "sched_cfs_slack_timer");
}

/* ---- CFS bandwidth throttling ------------------------------------------------------------ */

struct offcpu_other {
	int32_t pid;
	char comm[RTW_COMM_LEN];
	uint64_t ns;
};

#define OFFCPU_MAX_OTHERS 16
#define OFFCPU_CPUS	  256 /* CPUs whose current task the walk follows */

/* The walk of one runnable stretch of the thread: [from, until) on its run queue's CPU. */
struct offcpu_stretch {
	uint64_t from;
	int32_t cpu;
	uint64_t idle_ns;
	bool idle_events; /* the CPU showed events while idle (it was awake, not stalled) */
	uint64_t other_ns;
	uint64_t rt_ns;	   /* ... of which RT (or DL) tasks: they run before any fair task */
	uint64_t timer_ns; /* a CFS period/slack timer expiry inside it */
	int32_t timer_cpu;
	uint64_t timer_addr;
	bool slack;
	int nr_others;
	struct offcpu_other other[OFFCPU_MAX_OTHERS];
};

static void offcpu_other_add(struct offcpu_stretch *s, int32_t pid, const char *comm, uint64_t ns)
{
	int i;

	for (i = 0; i < s->nr_others && s->other[i].pid != pid; i++)
		;
	if (i == s->nr_others) {
		if (s->nr_others == OFFCPU_MAX_OTHERS)
			return;
		s->nr_others++;
		s->other[i].pid = pid;
		util_strlcpy(s->other[i].comm, comm, RTW_COMM_LEN);
		s->other[i].ns = 0;
	}
	s->other[i].ns += ns;
}

/* Overlap of [a, b) with the latency [deadline, wake). */
static uint64_t offcpu_overlap(const struct blame_result *res, uint64_t a, uint64_t b)
{
	uint64_t lo = a > res->spike.deadline_ns ? a : res->spike.deadline_ns;
	uint64_t hi = b < res->spike.wake_ns ? b : res->spike.wake_ns;

	return hi > lo ? hi - lo : 0;
}

/*
 * Fair tasks switched out runnable on @cpu shortly before or during the stretch and not run
 * again for two ticks or more, until @until (the group's timer): held off like the thread.
 */
static void offcpu_cfs_with(const struct rtw_event *ev, size_t n, int32_t tid, int32_t cpu,
			    uint64_t from, uint64_t until, uint64_t tick, struct offcpu_cfs *cfs)
{
	size_t i, j;

	for (i = 0; i < n && ev[i].ts_ns < until && cfs->nr_with < OFFCPU_MAX_WITH; i++) {
		const struct rtw_event *e = &ev[i];
		bool ran = false;
		int k;

		if (e->kind != RTW_EV_SWITCH || e->cpu != cpu ||
		    e->ts_ns + 10 * OFFCPU_MIN_NS < from || e->ts_ns + 2 * tick > until ||
		    !offcpu_runnable(e->u.sw.prev_state) || e->u.sw.prev_pid == tid ||
		    e->u.sw.prev_pid <= 0 || event_prio_is_rt(e->u.sw.prev_prio))
			continue;
		for (j = i + 1; j < n && ev[j].ts_ns < until && !ran; j++)
			ran = ev[j].kind == RTW_EV_SWITCH &&
			      ev[j].u.sw.next_pid == e->u.sw.prev_pid;
		for (k = 0; k < cfs->nr_with && cfs->with[k].pid != e->u.sw.prev_pid; k++)
			;
		if (ran || k < cfs->nr_with)
			continue;
		cfs->with[cfs->nr_with].pid = e->u.sw.prev_pid;
		util_strlcpy(cfs->with[cfs->nr_with].comm, e->u.sw.prev_comm, RTW_COMM_LEN);
		cfs->nr_with++;
	}
}

/* Was the stretch throttling, and how much of the latency did it hold? */
static void offcpu_cfs_judge(const struct rtw_event *ev, size_t n, const struct offcpu_stretch *s,
			     uint64_t until, struct blame_result *res)
{
	struct offcpu_cfs *cfs = &res->cause.cfs;
	const bool idle = s->idle_ns >= OFFCPU_IDLE_MIN_NS && s->idle_events;
	const uint64_t tick = res->tick_ns ? res->tick_ns : 4 * OFFCPU_MIN_NS;
	uint64_t held = offcpu_overlap(res, s->from, until);
	/* without the idle CPU: the group's timer ended a wait of ticks in which other fair
	 * tasks ran and the thread was never picked (EEVDF picks a woken task within a tick) */
	const bool timer = s->timer_ns && until - s->from >= 2 * tick &&
			   until - s->timer_ns <= 2 * tick + OFFCPU_MIN_NS &&
			   s->rt_ns * 2 < s->other_ns;
	int i, top = -1;

	if (until - s->from < OFFCPU_MIN_NS || !held || (!idle && !timer))
		return;
	if (!cfs->seen || held > cfs->held_ns) {
		cfs->seen = true;
		cfs->cpu = s->cpu;
		cfs->start_ns = s->from;
		cfs->held_ns = held;
		cfs->idle_proof = idle;
		cfs->idle_ns = s->idle_ns;
		cfs->other_ns = s->other_ns;
		cfs->timer_ns = s->timer_ns;
		cfs->timer_cpu = s->timer_cpu;
		cfs->timer_addr = s->timer_addr;
		cfs->slack_timer = s->slack;
		for (i = 0; i < s->nr_others; i++)
			if (top < 0 || s->other[i].ns > s->other[top].ns)
				top = i;
		cfs->top_pid = top >= 0 ? s->other[top].pid : -1;
		cfs->top_ns = top >= 0 ? s->other[top].ns : 0;
		util_strlcpy(cfs->top_comm, top >= 0 ? s->other[top].comm : "", RTW_COMM_LEN);
		cfs->nr_with = 0;
		offcpu_cfs_with(ev, n, res->spike.tid, s->cpu, s->from,
				s->timer_ns ? s->timer_ns : until, tick, cfs);
	}
}

/*
 * Walk the events up to the wake: the thread's run queue CPU, its runnable
 * stretches, and on that CPU what ran while it waited.
 */
static void offcpu_cfs(const struct rtw_event *ev, size_t n, struct blame_result *res)
{
	const int32_t tid = res->spike.tid;
	struct offcpu_stretch s = { 0 };
	int32_t cur[OFFCPU_CPUS], cur_prio[OFFCPU_CPUS];
	char cur_comm[OFFCPU_CPUS][RTW_COMM_LEN];
	uint64_t last_ts = 0;
	bool runnable = false;
	size_t i;

	if (res->victim_prio != TL_PRIO_UNKNOWN && event_prio_is_rt(res->victim_prio))
		return; /* bandwidth control of the fair class only */
	for (i = 0; i < OFFCPU_CPUS; i++) {
		cur[i] = -1;
		cur_prio[i] = TL_PRIO_UNKNOWN;
		cur_comm[i][0] = '\0';
	}
	for (i = 0; i < n && ev[i].ts_ns <= res->spike.wake_ns; i++) {
		const struct rtw_event *e = &ev[i];

		res->cause.cfs.timer_events |= e->kind == RTW_EV_HRTIMER_ENTRY;
		/*
		 * a CPU whose switch is before the window: its events' task is the current one,
		 * since no switch came between (a window that begins with the group throttled
		 * and the CPU idle shows only its interrupts)
		 */
		if (e->cpu >= 0 && e->cpu < OFFCPU_CPUS && cur[e->cpu] < 0 && e->pid >= 0 &&
		    e->kind != RTW_EV_SWITCH) {
			cur[e->cpu] = e->pid;
			util_strlcpy(cur_comm[e->cpu], e->comm, RTW_COMM_LEN);
		}
		/* time on the run queue's CPU since the last of its events */
		if (runnable && e->cpu == s.cpu && s.cpu >= 0 && s.cpu < OFFCPU_CPUS) {
			uint64_t d = e->ts_ns - last_ts;

			if (cur[s.cpu] == 0) {
				s.idle_ns += d;
				if (e->ts_ns >= s.from + OFFCPU_IDLE_MIN_NS &&
				    e->kind != RTW_EV_SWITCH)
					s.idle_events = true;
			} else if (cur[s.cpu] > 0) {
				s.other_ns += d;
				if (cur_prio[s.cpu] != TL_PRIO_UNKNOWN &&
				    event_prio_is_rt(cur_prio[s.cpu]))
					s.rt_ns += d;
				offcpu_other_add(&s, cur[s.cpu], cur_comm[s.cpu], d);
			}
		}
		if (e->cpu == s.cpu || !runnable)
			last_ts = e->ts_ns;
		if (runnable && e->kind == RTW_EV_HRTIMER_ENTRY &&
		    offcpu_cfs_timer(e->u.hrt.function)) {
			s.timer_ns = e->ts_ns;
			s.timer_cpu = e->cpu;
			s.timer_addr = e->u.hrt.timer;
			s.slack = !strcmp(e->u.hrt.function, "sched_cfs_slack_timer");
		}
		switch (e->kind) {
		case RTW_EV_WAKEUP:
		case RTW_EV_WAKING:
			if (e->u.wake.pid == tid) {
				if (!runnable && e->kind == RTW_EV_WAKEUP) {
					memset(&s, 0, sizeof(s));
					s.from = e->ts_ns;
					s.cpu = e->u.wake.target_cpu;
					runnable = true;
					last_ts = e->ts_ns;
				}
			}
			break;
		case RTW_EV_MIGRATE:
			if (e->u.mig.pid == tid && runnable) {
				s.cpu = e->u.mig.dest_cpu;
				last_ts = e->ts_ns;
			}
			break;
		case RTW_EV_SWITCH:
			if (runnable && e->u.sw.next_pid == tid) {
				offcpu_cfs_judge(ev, n, &s, e->ts_ns, res);
				runnable = false;
			}
			if (e->u.sw.prev_pid == tid && offcpu_runnable(e->u.sw.prev_state)) {
				memset(&s, 0, sizeof(s));
				s.from = e->ts_ns;
				s.cpu = e->cpu;
				runnable = true;
				last_ts = e->ts_ns;
			}
			if (e->cpu >= 0 && e->cpu < OFFCPU_CPUS) {
				cur[e->cpu] = e->u.sw.next_pid;
				cur_prio[e->cpu] = e->u.sw.next_prio;
				util_strlcpy(cur_comm[e->cpu], e->u.sw.next_comm, RTW_COMM_LEN);
			}
			break;
		default:
			break;
		}
	}
	if (runnable)
		offcpu_cfs_judge(ev, n, &s, res->spike.wake_ns, res);
}

/* ---- stopped, traced --------------------------------------------------------------------- */

/* The stop signal sent to the thread (or its process) last before @before, -1 none. */
static long offcpu_stop_signal(const struct rtw_event *ev, long before,
			       const struct blame_result *res)
{
	long i;

	for (i = before - 1; i >= 0 && ev[i].ts_ns + OFFCPU_SIGNAL_NS >= ev[before].ts_ns; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_SIGNAL || !offcpu_is_stop_sig(e->u.sig.sig))
			continue;
		if (e->u.sig.pid == res->spike.tid ||
		    (e->u.sig.group && !strcmp(e->u.sig.comm, res->victim_comm)))
			return i;
	}
	return -1;
}

/* A SIGCONT to the thread (or its process) sent from the context of the waking @w, -1 none. */
static long offcpu_cont_signal(const struct rtw_event *ev, size_t n, long w,
			       const struct blame_result *res)
{
	long s;

	/* prepare_signal() wakes the stopped threads before signal_generate is traced */
	for (s = w + 1; s < (long)n && ev[s].ts_ns <= ev[w].ts_ns + OFFCPU_MIN_NS; s++)
		if (ev[s].kind == RTW_EV_SIGNAL && ev[s].cpu == ev[w].cpu &&
		    ev[s].pid == ev[w].pid && ev[s].u.sig.sig == SIGCONT &&
		    (ev[s].u.sig.pid == res->spike.tid ||
		     (ev[s].u.sig.group && !strcmp(ev[s].u.sig.comm, res->victim_comm))))
			return s;
	return -1;
}

/* The stop ended by the waking @w (the thread switched out stopped at @out, -1 unseen). */
static void offcpu_stop_set(const struct rtw_event *ev, size_t n, long out, long w,
			    struct blame_result *res)
{
	struct offcpu_stop *st = &res->cause.stopped;
	const struct rtw_event *e = &ev[w];
	long s;

	st->kind = out < 0 || (ev[out].u.sw.prev_state & OFFCPU_STATE_STOPPED) ? OFFCPU_STOP_STOPPED
									       : OFFCPU_STOP_TRACED;
	st->cpu = out >= 0 ? ev[out].cpu : res->wake_cpu;
	st->start_ns = out >= 0 ? ev[out].ts_ns : 0; /* 0: before the window */
	st->end_ns = e->ts_ns;
	st->held_ns = offcpu_overlap(res, st->start_ns, st->end_ns);
	st->cont_by_pid = e->pid;
	st->cont_by_cpu = e->cpu;
	util_strlcpy(st->cont_by_comm, e->comm, RTW_COMM_LEN);
	st->cont_sig = offcpu_cont_signal(ev, n, w, res) >= 0 ? SIGCONT : 0;
	s = out >= 0 ? offcpu_stop_signal(ev, out, res) : -1;
	if (s >= 0) {
		st->stop_sig = ev[s].u.sig.sig;
		st->stop_by_pid = ev[s].pid;
		util_strlcpy(st->stop_by_comm, ev[s].comm, RTW_COMM_LEN);
	}
}

/*
 * The thread switched out in state T or t and woken later: stopped until then. A stop that
 * began before the window shows by its end: a waking of the thread in the context of a
 * SIGCONT to it (only a stopped task is woken by SIGCONT).
 */
static void offcpu_stopped(const struct rtw_event *ev, size_t n, struct blame_result *res)
{
	struct offcpu_stop *st = &res->cause.stopped;
	const int32_t tid = res->spike.tid;
	bool seen_before = false; /* the thread ran or was switched out in the window */
	long out = -1, i;

	st->stop_by_pid = st->cont_by_pid = st->cont_by_cpu = -1;
	for (i = 0; i < (long)n && ev[i].ts_ns <= res->spike.wake_ns; i++) {
		const struct rtw_event *e = &ev[i];

		st->signal_events |= e->kind == RTW_EV_SIGNAL;
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == tid &&
		    !(e->u.sw.prev_state & RTW_STATE_INFERRED) &&
		    (e->u.sw.prev_state & (OFFCPU_STATE_STOPPED | OFFCPU_STATE_TRACED))) {
			out = i;
			continue;
		}
		if (e->kind == RTW_EV_SWITCH &&
		    (e->u.sw.prev_pid == tid || e->u.sw.next_pid == tid))
			seen_before = true;
		if (e->kind != RTW_EV_WAKING || e->u.wake.pid != tid)
			continue;
		if (out >= 0 || (!seen_before && offcpu_cont_signal(ev, n, i, res) >= 0))
			offcpu_stop_set(ev, n, out, i, res);
		out = -1;
		seen_before = true;
	}
}

/* ---- frozen: the cgroup freezer ---------------------------------------------------------- */

/* Is @e in task context (not an interrupt, not a timer callback run by a thread)? */
static bool offcpu_task_context(const struct rtw_event *ev, long i)
{
	const struct rtw_event *e = &ev[i];
	long j;

	if (e->pid <= 0 || (e->flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ | RTW_F_NMI)))
		return false;
	/* PREEMPT_RT runs soft hrtimers (a fair task's sleep) in ktimers/N: task context */
	for (j = i - 1; j >= 0 && j >= i - OFFCPU_LOOKBACK; j--) {
		if (ev[j].cpu != e->cpu)
			continue;
		if (ev[j].kind == RTW_EV_HRTIMER_ENTRY)
			return false;
		if (ev[j].kind == RTW_EV_HRTIMER_EXIT || ev[j].kind == RTW_EV_SWITCH)
			break;
	}
	return true;
}

/* A signal from the context of the waking @w to the thread or its process, near it? */
static bool offcpu_signal_near(const struct rtw_event *ev, size_t n, long w,
			       const struct blame_result *res)
{
	long i;

	for (i = w - 1; i >= 0 && ev[i].ts_ns + OFFCPU_MIN_NS >= ev[w].ts_ns; i--)
		if (ev[i].kind == RTW_EV_SIGNAL && ev[i].pid == ev[w].pid &&
		    (ev[i].u.sig.pid == res->spike.tid ||
		     (ev[i].u.sig.group && !strcmp(ev[i].u.sig.comm, res->victim_comm))))
			return true;
	return offcpu_cont_signal(ev, n, w, res) >= 0;
}

/*
 * An hrtimer_wakeup expiry on @cpu in [lo, hi] that woke no task before its exit: the sleeper
 * it was armed for was there (switched out asleep) and took no wakeup. Its index, -1 none.
 */
static long offcpu_dead_timer(const struct rtw_event *ev, long from, long to, int32_t cpu,
			      uint64_t lo, uint64_t hi)
{
	long i, j;

	for (i = from; i < to; i++) {
		const struct rtw_event *e = &ev[i];
		bool woke = false, ended = false;

		if (e->kind != RTW_EV_HRTIMER_ENTRY || e->cpu != cpu || e->ts_ns < lo ||
		    e->ts_ns > hi || strcmp(e->u.hrt.function, "hrtimer_wakeup"))
			continue;
		for (j = i + 1; j < to && !ended; j++) {
			if (ev[j].cpu != cpu)
				continue;
			woke |= ev[j].kind == RTW_EV_WAKING || ev[j].kind == RTW_EV_WAKEUP;
			ended = ev[j].kind == RTW_EV_HRTIMER_EXIT &&
				ev[j].u.hrt.timer == e->u.hrt.timer;
		}
		if (ended && !woke)
			return i;
	}
	return -1;
}

/*
 * Other tasks the waker of @w woke in the same run on its CPU, within OFFCPU_BURST_NS: the
 * freezer's thaw (and v2's freeze) wakes every task of the group at once, a lock's release
 * its waiter.
 */
static int offcpu_burst(const struct rtw_event *ev, size_t n, long w)
{
	const struct rtw_event *e = &ev[w];
	int32_t seen[OFFCPU_MAX_BURST];
	int nr = 0, k;
	long i, dir;

	for (dir = -1; dir <= 1; dir += 2) {
		for (i = w + dir; i >= 0 && i < (long)n; i += dir) {
			const struct rtw_event *x = &ev[i];

			if (x->cpu != e->cpu)
				continue;
			if (x->kind == RTW_EV_SWITCH || x->pid != e->pid ||
			    (x->ts_ns > e->ts_ns ? x->ts_ns - e->ts_ns : e->ts_ns - x->ts_ns) >
				    OFFCPU_BURST_NS)
				break;
			if (x->kind != RTW_EV_WAKING || x->u.wake.pid == e->u.wake.pid)
				continue;
			for (k = 0; k < nr && seen[k] != x->u.wake.pid; k++)
				;
			if (k == nr && nr < OFFCPU_MAX_BURST)
				seen[nr++] = x->u.wake.pid;
		}
	}
	return nr;
}

bool offcpu_group_freezable(const char *path)
{
	return path[0] && strcmp(path, "/");
}

/* Does the live run know a group that can be frozen (not a hierarchy's root)? */
static bool offcpu_freezable(const struct offcpu_freezer *fr)
{
	return fr && fr->known &&
	       (offcpu_group_freezable(fr->v1_path) || offcpu_group_freezable(fr->v2_path));
}

/*
 * The thread switched out at @out (asleep, or in TASK_FROZEN), its deadline inside, woken from
 * task context at @w: frozen? The waking @trap (-1 none) before @out put it to sleep again.
 */
static void offcpu_frozen_judge(const struct rtw_event *ev, size_t n, long out, long w, long trap,
				const struct offcpu_freezer *fr, struct blame_result *res)
{
	struct offcpu_frozen *fz = &res->cause.frozen;
	const struct rtw_event *o = &ev[out], *e = &ev[w];
	const uint32_t st = o->u.sw.prev_state & 0xff;
	const uint64_t dl = res->spike.deadline_ns;
	const int burst = offcpu_burst(ev, n, w);
	uint8_t how = OFFCPU_FROZEN_NONE;
	uint64_t held = offcpu_overlap(res, o->ts_ns, e->ts_ns);
	long t = -1;

	if (st & (OFFCPU_STATE_STOPPED | OFFCPU_STATE_TRACED))
		return;
	if (st == OFFCPU_STATE_SLEEP || st == OFFCPU_STATE_DISK)
		t = offcpu_dead_timer(ev, out + 1, w, o->cpu,
				      dl > OFFCPU_MIN_NS ? dl - OFFCPU_MIN_NS : 0,
				      dl + res->latency_ns / 2);
	if (t >= 0)
		how = OFFCPU_FROZEN_FREEZER;
	else if (st == OFFCPU_STATE_SLEEP && trap >= 0 && trap < out &&
		 o->ts_ns <= ev[trap].ts_ns + OFFCPU_TRAP_RUN_NS)
		how = OFFCPU_FROZEN_TRAP;
	else if ((st == OFFCPU_STATE_DISK || !(o->u.sw.prev_state & RTW_STATE_PREEMPTED)) &&
		 (offcpu_freezable(fr) || burst) && e->ts_ns >= o->ts_ns + OFFCPU_MIN_NS)
		/*
		 * Frozen running, and the thaw or the group says frozen. S is cgroup v2's trap
		 * (do_freezer_trap() sleeps TASK_INTERRUPTIBLE; a task that was running when
		 * the freeze came enters it unwoken), unless the live run knows only a v1 group
		 * to freeze; the v1 freezer's refrigerator is D or R.
		 */
		how = st == OFFCPU_STATE_SLEEP &&
				      !(fr && fr->known && !offcpu_group_freezable(fr->v2_path))
			      ? OFFCPU_FROZEN_TRAP
			      : OFFCPU_FROZEN_FREEZER;
	if (how == OFFCPU_FROZEN_NONE || !held || (fz->how && held <= fz->held_ns))
		return;
	fz->how = how;
	fz->cpu = o->cpu;
	fz->timer_ns = t >= 0 ? ev[t].ts_ns : 0;
	fz->start_ns = t >= 0 ? ev[t].ts_ns : o->ts_ns;
	fz->end_ns = e->ts_ns;
	fz->held_ns = held;
	fz->out_state = o->u.sw.prev_state;
	trap = how == OFFCPU_FROZEN_TRAP && trap >= 0 && trap < out ? trap : -1;
	fz->freeze_by_pid = trap >= 0 ? ev[trap].pid : -1;
	util_strlcpy(fz->freeze_by_comm, trap >= 0 ? ev[trap].comm : "", RTW_COMM_LEN);
	fz->nr_thawed_with = burst;
	fz->thaw_by_pid = e->pid;
	fz->thaw_by_cpu = e->cpu;
	util_strlcpy(fz->thaw_by_comm, e->comm, RTW_COMM_LEN);
}

/*
 * The thread asleep over its deadline and woken from task context (the thaw), frozen by the
 * freezer (its timer woke nothing) or trapped by cgroup v2's (woken without a signal by the
 * freeze, asleep again at once).
 */
/*
 * The thread unseen in the window, its deadline before it, woken at @w from task context
 * without a signal by a task that woke others at once (a thaw): frozen since before the window.
 */
static void offcpu_frozen_before(const struct rtw_event *ev, size_t n, long w,
				 struct blame_result *res)
{
	struct offcpu_frozen *fz = &res->cause.frozen;
	const struct rtw_event *e = &ev[w];
	const int burst = offcpu_burst(ev, n, w);

	if (ev[0].ts_ns <= res->spike.deadline_ns || !burst || offcpu_signal_near(ev, n, w, res) ||
	    fz->how)
		return;
	fz->how = OFFCPU_FROZEN_BEFORE;
	fz->cpu = e->u.wake.target_cpu;
	fz->start_ns = 0;
	fz->end_ns = e->ts_ns;
	fz->held_ns = offcpu_overlap(res, 0, e->ts_ns);
	fz->nr_thawed_with = burst;
	fz->thaw_by_pid = e->pid;
	fz->thaw_by_cpu = e->cpu;
	util_strlcpy(fz->thaw_by_comm, e->comm, RTW_COMM_LEN);
}

static void offcpu_frozen(const struct rtw_event *ev, size_t n, const struct offcpu_freezer *fr,
			  struct blame_result *res)
{
	const int32_t tid = res->spike.tid;
	long out = -1, trap = -1, i;
	bool seen = false; /* the thread switched or woken in the window */

	res->cause.frozen.freeze_by_pid = res->cause.frozen.thaw_by_pid = -1;
	res->cause.frozen.thaw_by_cpu = res->cause.frozen.cpu = -1;
	for (i = 0; i < (long)n && ev[i].ts_ns <= res->spike.wake_ns; i++) {
		const struct rtw_event *e = &ev[i];
		bool task;

		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == tid) {
			out = (e->u.sw.prev_state & RTW_STATE_INFERRED) ? -1 : i;
			seen = true;
			continue;
		}
		seen |= e->kind == RTW_EV_SWITCH && e->u.sw.next_pid == tid &&
			!(e->u.sw.prev_state & RTW_STATE_INFERRED);
		if (e->kind != RTW_EV_WAKING || e->u.wake.pid != tid)
			continue;
		task = e->pid != tid && offcpu_task_context(ev, i);
		/* frozen before its deadline, or after its timer woke it (it ran, then froze) */
		if (out >= 0 && task && e->ts_ns >= res->spike.deadline_ns)
			offcpu_frozen_judge(ev, n, out, i, trap, fr, res);
		else if (!seen && task)
			offcpu_frozen_before(ev, n, i, res);
		trap = task && !offcpu_signal_near(ev, n, i, res) ? i : -1;
		out = -1;
		seen = true;
	}
}

void offcpu_find(const struct rtw_event *ev, size_t n, const struct cause_host *host,
		 struct blame_result *res)
{
	const struct offcpu_freezer *fr = host ? &host->freezer : NULL;

	memset(&res->cause.cfs, 0, sizeof(res->cause.cfs));
	memset(&res->cause.stopped, 0, sizeof(res->cause.stopped));
	memset(&res->cause.frozen, 0, sizeof(res->cause.frozen));
	res->cause.cfs.top_pid = res->cause.cfs.timer_cpu = res->cause.cfs.cpu = -1;
	offcpu_stopped(ev, n, res);
	if (res->cause.stopped.kind == OFFCPU_STOP_NONE)
		offcpu_frozen(ev, n, fr, res);
	if (res->cause.stopped.kind == OFFCPU_STOP_NONE && !res->cause.frozen.how)
		offcpu_cfs(ev, n, res);
	if (host && host->cgroup.known)
		res->cause.cfs.group = host->cgroup;
	if (fr && fr->known)
		res->cause.frozen.group = *fr;
}
