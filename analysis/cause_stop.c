// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause_stop - the CPU stopper (migration/N, the stop class whatever ps says:
 * FIFO 99) and stop_machine(), every CPU's stopper with interrupts off; see
 * cause_stop.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blame_chain.h"
#include "analysis/cause.h"
#include "analysis/cause_stop.h"
#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/util.h"

#define CAUSE_STOP_SILENT_NS (1000 * 1000ULL)

/*
 * Did migration/N, switched in at @in, show nothing at all on its CPU for a millisecond or
 * more, while another CPU went on running something else (no stop_machine(), which stops every
 * CPU)? Stop work takes microseconds and shows its work (a migration, a wakeup): that silence
 * is a stalled CPU (the host did not run the vCPU), not the stopper.
 */
static bool cause_stop_stalled(const struct rtw_event *ev, long in, long is)
{
	int cpu = ev[in].cpu;
	long i, next = -1;
	bool elsewhere = false;

	for (i = in + 1; i <= is && next < 0; i++)
		if (ev[i].cpu == cpu)
			next = i;
	if (next < 0 || ev[next].ts_ns - ev[in].ts_ns < CAUSE_STOP_SILENT_NS)
		return false;
	for (i = in + 1; i < next; i++) {
		if (event_comm_is_stopper(ev[i].comm) ||
		    (ev[i].kind == RTW_EV_SWITCH && event_comm_is_stopper(ev[i].u.sw.next_comm)))
			return false; /* a stopper runs there too: stop_machine() */
		elsewhere = true;
	}
	return elsewhere;
}

void cause_stop_work(const struct rtw_event *ev, long is, struct blame_result *res)
{
	struct cause_stop *st = &res->cause.stop;
	struct blame_culprit *c = NULL;
	long i, in = -1, wake, tmr;
	int k;

	for (k = 0; k < res->nr_culprits && !c; k++)
		if (res->culprit[k].kind == BLAME_TASK && !res->culprit[k].victim &&
		    res->culprit[k].ns && event_comm_is_stopper(res->culprit[k].comm))
			c = &res->culprit[k];
	if (!c || is < 0)
		return;
	c->role = BLAME_ROLE_STOPPER;
	st->seen = true;
	st->pid = c->pid;
	memcpy(st->comm, c->comm, RTW_COMM_LEN);
	st->cpu = c->cpu;
	st->ns = c->ns;
	st->moved_pid = st->by_pid = st->moved_from = st->moved_to = st->by_cpu = -1;
	for (i = is - 1; i >= 0 && in < 0; i--)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].cpu == c->cpu &&
		    ev[i].u.sw.next_pid == c->pid)
			in = i;
	if (in >= 0 && !st->machine && cause_stop_stalled(ev, in, is)) {
		/* no stopper activity seen: the time is the CPU's silence, not stop work */
		c->kind = BLAME_UNACCOUNTED;
		c->role = BLAME_ROLE_NONE;
		memset(st, 0, sizeof(*st));
		return;
	}
	if (in < 0)
		return;
	/* what it moved, in its own context */
	for (i = in + 1; i < is; i++) {
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].cpu == c->cpu &&
		    ev[i].u.sw.prev_pid == c->pid)
			break;
		if (ev[i].kind == RTW_EV_MIGRATE && ev[i].pid == c->pid) {
			st->moved_pid = ev[i].u.mig.pid;
			memcpy(st->moved_comm, ev[i].u.mig.comm, RTW_COMM_LEN);
			st->moved_from = ev[i].u.mig.orig_cpu;
			st->moved_to = ev[i].u.mig.dest_cpu;
			break;
		}
	}
	/* who queued the work: the waker of the stopper */
	wake = cause_waking_of(ev, -1, in, c->pid);
	if (wake >= 0) {
		st->by_pid = ev[wake].pid;
		memcpy(st->by_comm, ev[wake].comm, RTW_COMM_LEN);
		st->by_cpu = ev[wake].cpu;
		st->by_irq = ev[wake].flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ);
		/* queued by a timer: the soft-lockup watchdog's (watchdog_timer_fn) every 4 s */
		tmr = st->by_irq ? blame_chain_timer_of(ev, wake) : -1;
		if (tmr >= 0)
			memcpy(st->by_timer, ev[tmr].u.hrt.function, RTW_NAME_LEN);
	}
}

/* ---- stop_machine(): every CPU's stopper, interrupts off ----------------------------------- */

#define CAUSE_STOP_TOGETHER_NS (200 * NSEC_PER_USEC) /* stoppers woken together: one stop */
#define CAUSE_STOP_HOTPLUG_NS  (50 * NSEC_PER_MSEC)  /* a cpuhp/N thread this close before it */

/* "cpuhp/12" -> 12; -1 for any other comm */
static int cause_stop_cpuhp_cpu(const char *comm)
{
	int cpu = -1;

	if (!strncmp(comm, "cpuhp/", 6) && sscanf(comm + 6, "%d", &cpu) != 1)
		cpu = -1;
	return cpu;
}

/*
 * cause_stop_hotplug - The CPU hotplug around a stopper switched in at @in_ts, from @ev[0 ..
 * @out], into @st: a cpuhp/N thread that ran just before, or the last hotplug step begun just
 * before on any CPU (cpu_down()'s takedown_cpu runs on the control CPU and calls
 * stop_machine(); the target state is below the step's going down, above it coming up).
 * Return: true if that step brings a CPU up and had not ended when the stopper ran.
 */
static bool cause_stop_hotplug(const struct rtw_event *ev, long out, uint64_t in_ts,
			       struct cause_stop *st)
{
	uint64_t hp_ts = 0;
	int hp_step = -1;
	bool done = false;
	long i;

	for (i = 0; i <= out; i++) {
		const struct rtw_event *e = &ev[i];
		int hp = cause_stop_cpuhp_cpu(e->comm);

		if (hp >= 0 && e->ts_ns <= in_ts && e->ts_ns + CAUSE_STOP_HOTPLUG_NS >= in_ts)
			st->hotplug_cpu = hp;
		if (e->kind == RTW_EV_CPUHP_ENTER && e->u.hp.cpu >= 0 && e->ts_ns <= in_ts &&
		    e->ts_ns + CAUSE_STOP_HOTPLUG_NS >= in_ts) {
			st->hotplug_cpu = e->u.hp.cpu;
			st->hotplug_down = e->u.hp.target < e->u.hp.step;
			memcpy(st->hotplug_step, e->u.hp.fun, RTW_NAME_LEN);
			hp_step = e->u.hp.step;
			hp_ts = e->ts_ns;
			done = false;
		}
		/* ... and ended before it (not in progress when the stopper ran) */
		if (e->kind == RTW_EV_CPUHP_EXIT && hp_step >= 0 &&
		    e->u.hp.cpu == st->hotplug_cpu && e->u.hp.step == hp_step &&
		    e->ts_ns >= hp_ts && e->ts_ns <= in_ts)
			done = true;
	}
	return hp_step >= 0 && !done && st->hotplug_down == 0;
}

/*
 * The stopper on the thread's CPU ran over the spike, and the stoppers of other CPUs were
 * woken with it or ran with it: stop_machine() (kernel/stop_machine.c: multi_cpu_stop runs
 * on every CPU and turns interrupts off on all of them until the work is done). CPU hotplug
 * takes a CPU down that way; its cpuhp/N thread runs just before.
 */
void cause_stop_machine(const struct rtw_event *ev, long is, struct blame_result *res)
{
	struct cause_stop *st = &res->cause.stop;
	const uint64_t D = res->spike.deadline_ns;
	uint64_t in_ts, out_ts, last, mask = 0, woken = 0;
	long i, in = -1, out = -1, wake;
	bool coming_up;
	int32_t pid;
	int cpu = res->run_cpu;

	st->hotplug_cpu = st->waker_pid = -1;
	st->hotplug_down = -1;
	for (i = is - 1; i >= 0 && in < 0 && ev[i].ts_ns + CAUSE_STOP_HOTPLUG_NS >= D; i--)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].cpu == cpu &&
		    event_comm_is_stopper(ev[i].u.sw.next_comm))
			in = i;
	if (in < 0)
		return;
	pid = ev[in].u.sw.next_pid;
	for (i = in + 1; i <= is && out < 0; i++)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].cpu == cpu && ev[i].u.sw.prev_pid == pid)
			out = i;
	if (out < 0)
		return;
	in_ts = ev[in].ts_ns;
	out_ts = ev[out].ts_ns;
	if (out_ts <= D)
		return;
	/* its longest stretch without an event on the CPU: interrupts off */
	for (i = in + 1, last = in_ts; i <= out; i++) {
		if (ev[i].cpu != cpu)
			continue;
		if (ev[i].ts_ns - last > st->irqs_off_ns)
			st->irqs_off_ns = ev[i].ts_ns - last;
		last = ev[i].ts_ns;
	}
	mask |= 1ULL << (cpu & 63);
	wake = cause_waking_of(ev, -1, in, pid);
	if (wake >= 0) {
		st->waker_pid = ev[wake].pid;
		memcpy(st->waker_comm, ev[wake].comm, RTW_COMM_LEN);
	}
	coming_up = cause_stop_hotplug(ev, out, in_ts, st);
	for (i = 0; i <= out; i++) {
		const struct rtw_event *e = &ev[i];

		/* another CPU's stopper woken by the same waker at the same time */
		if (wake >= 0 && e->kind == RTW_EV_WAKING && e->pid == ev[wake].pid &&
		    event_comm_is_stopper(e->u.wake.comm) && e->u.wake.target_cpu >= 0 &&
		    e->ts_ns + CAUSE_STOP_TOGETHER_NS >= ev[wake].ts_ns &&
		    e->ts_ns <= ev[wake].ts_ns + CAUSE_STOP_TOGETHER_NS)
			woken |= 1ULL << (e->u.wake.target_cpu & 63);
		/* ... or switched in on another CPU while it ran */
		if (e->kind == RTW_EV_SWITCH && e->cpu != cpu &&
		    event_comm_is_stopper(e->u.sw.next_comm) &&
		    e->ts_ns + CAUSE_STOP_TOGETHER_NS >= in_ts && e->ts_ns <= out_ts)
			mask |= 1ULL << (e->cpu & 63);
	}
	/*
	 * A CPU coming up, its hotplug step still under way, runs stop_machine() itself before
	 * it is active (stop_machine_from_inactive_cpu(): x86's cache and MTRR setup): it wakes
	 * the active CPUs' stoppers with no event of its own, and is one more participant.
	 */
	if (coming_up && wake < 0 && st->hotplug_cpu != cpu)
		woken |= 1ULL << (st->hotplug_cpu & 63);
	/*
	 * The stoppers of several CPUs woken at once by one caller: stop_machine() (or
	 * stop_two_cpus()), both multi_cpu_stop; until every CPU's stopper has come, each spins
	 * with interrupts on (a host slow to run the other vCPU shows it), then runs with them
	 * off. Stoppers that merely ran at the same time (two affinity moves, each one stopper)
	 * are one only when this one ran mostly with interrupts off.
	 */
	st->nr_cpus = __builtin_popcountll(mask | woken);
	if (st->nr_cpus < 2 || (__builtin_popcountll((mask & 1ULL << (cpu & 63)) | woken) < 2 &&
				st->irqs_off_ns * 2 < out_ts - in_ts))
		return;
	st->machine = true;
	st->machine_ns = out_ts - (in_ts > D ? in_ts : D);
	if (!st->seen) {
		st->pid = pid;
		memcpy(st->comm, ev[in].u.sw.next_comm, RTW_COMM_LEN);
		st->cpu = cpu;
	}
}
