/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * offcpu - the thread kept off the CPU by the kernel for a reason of its
 * own, not by what ran instead:
 *  - CFS bandwidth throttling: its cgroup used its CPU quota (cpu.max,
 *    cpu.cfs_quota_us: docker --cpus, a pod's CPU limit); the kernel takes
 *    the group's fair tasks off the run queue until the group's period timer
 *    (sched_cfs_period_timer, or sched_cfs_slack_timer) gives it quota again.
 *    The trace shows the thread runnable (woken, or switched out preempted)
 *    and not run while its CPU idles with events of its own, or runs other
 *    tasks until that timer fires. A fair task runnable on an idle CPU has
 *    no other cause in the kernel (kernel/sched/fair.c: throttle_cfs_rq(),
 *    and since 6.18 the task-based throttle at return to user).
 *  - stopped, traced: the thread switched out in state T (SIGSTOP,
 *    SIGTSTP, SIGTTIN, SIGTTOU) or t (a ptrace stop), and woken by who
 *    continued it (SIGCONT, PTRACE_CONT); the signal:signal_generate events
 *    name the sender of the stop and of the SIGCONT where they were traced.
 *  - frozen by the cgroup freezer (its deadline inside, woken at the thaw by
 *    the task that thawed the group, from task context):
 *     v1 (freezer.state FROZEN; kernel/cgroup/legacy_freezer.c, and a system
 *     suspend: kernel/freezer.c): a task asleep in a freezable wait, as
 *     clock_nanosleep's, is put in TASK_FROZEN where it sleeps, with no event;
 *     its hrtimer then expires and wakes nothing (ttwu does not match
 *     TASK_FROZEN; 6.7+ keeps the wakeup in saved_state), and __thaw_task()
 *     wakes it. A running task is sent a fake signal and switches out in
 *     __refrigerator(): prev_state D since f718faf3940e (6.13, taken by the
 *     6.1, 6.6 and 6.12 stable kernels), R before (TASK_FROZEN is outside
 *     TASK_REPORT); that alone is said when its thaw woke the group's other
 *     tasks at once (a thaw's burst of wakings), or a live run read a group
 *     that can be frozen.
 *     v2 (cgroup.freeze 1; kernel/cgroup/freezer.c): cgroup_freeze_task()
 *     sets JOBCTL_TRAP_FREEZE and signal_wake_up()s the task (a waking in the
 *     freezer's writer's context, no signal_generate); it runs to get_signal()
 *     and sleeps in do_freezer_trap() (S) until the thaw's wake_up_process().
 *     A freeze longer than the window shows by its thaw alone: the thread
 *     unseen until that burst of wakings after its deadline.
 * Pure: no I/O. What a live run read of the thread's cgroups comes in
 * struct cause_host (offcpu_cgroup, offcpu_freezer); what is found goes into
 * res->cause.cfs, res->cause.stopped and res->cause.frozen. Those types are
 * in result.h.
 */
#ifndef ANALYSIS_OFFCPU_H
#define ANALYSIS_OFFCPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/result.h"

#define OFFCPU_MIN_NS	   (1000 * 1000ULL) /* a shorter stretch is no throttling */
#define OFFCPU_IDLE_MIN_NS (200 * 1000ULL)  /* idle, the thread runnable: not the idle exit */

/**
 * offcpu_find() - Was the thread of @res throttled by CFS bandwidth, stopped, or frozen?
 * @ev: the (repaired) events, time-ordered
 * @n: their number
 * @host: what a live run read (the thread's cgroups), NULL unknown
 * @res: the explanation; receives res->cause.cfs, .stopped and .frozen
 */
void offcpu_find(const struct rtw_event *ev, size_t n, const struct cause_host *host,
		 struct blame_result *res);

/**
 * offcpu_group_freezable() - Can the cgroup at @path (of struct offcpu_freezer) be frozen?
 * @path: the group's path in its hierarchy, "" none known
 *
 * Return: false for "" and for "/" (a hierarchy's root has no freezer), else true.
 */
bool offcpu_group_freezable(const char *path);

/**
 * offcpu_sig_name() - "SIGSTOP", "SIGCONT" ... of a signal number.
 * @sig: the number (x86/arm64 numbering)
 *
 * Return: a static string, "signal" for one not named here.
 */
const char *offcpu_sig_name(int sig);

#endif
