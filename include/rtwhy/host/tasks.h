/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/tasks - live tasks as /proc shows them, under a root ("" for this
 * system): a task's comm, policy and whether it is bound to its CPU; its
 * run time and voluntary switches; the runnable RT tasks of a CPU, sampled
 * twice to tell whether they sleep. And sched_getattr()/sched_setattr()
 * with the one definition of the kernel's struct sched_attr (as rtla's
 * utils.h has it): those are system calls, on this system only.
 */
#ifndef RTWHY_HOST_TASKS_H
#define RTWHY_HOST_TASKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "analysis/event.h"

/* struct sched_attr as the kernel's ABI has it (SCHED_ATTR_SIZE_VER0: 48 bytes) */
struct host_sched_attr {
	uint32_t size; /* sizeof(struct host_sched_attr) */
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime; /* SCHED_DEADLINE, ns */
	uint64_t sched_deadline;
	uint64_t sched_period;
};

/* A task as /proc/PID/stat shows it now. */
struct host_task {
	int32_t pid;
	char comm[RTW_COMM_LEN];
	char state;	 /* 'R', 'S', ... */
	int cpu;	 /* the CPU it last ran on */
	int32_t rt_prio; /* 1-99, 0 not RT */
	int policy;	 /* SCHED_OTHER, SCHED_FIFO, ... */
	bool pinned;	 /* a kernel thread bound to its CPU (PF_NO_SETAFFINITY) */
};

/* What a task used: its run time and voluntary switches, and its state. */
struct host_task_usage {
	uint64_t run_ns;     /* /proc/.../schedstat: time on a CPU */
	long long voluntary; /* voluntary_ctxt_switches */
	char state;	     /* 'R', 'S', ..., '?' unknown */
};

/* A runnable RT task of a CPU, and whether it slept between two reads. */
struct host_rt_task {
	struct host_task task;
	uint64_t run_ns;     /* run time gained over @sample_ns (0: not sampled) */
	uint64_t sample_ns;  /* between the two reads, 0: read once */
	int8_t never_sleeps; /* 1: runnable at both reads, no voluntary switch; 0; -1 unknown */
};

/**
 * host_tasks_getattr() - sched_getattr() of a task.
 * @pid: the task (tid), 0 the calling thread
 * @a: result
 *
 * Return: 0, or -errno.
 */
int host_tasks_getattr(pid_t pid, struct host_sched_attr *a);

/**
 * host_tasks_setattr() - sched_setattr() of a task.
 * @pid: the task (tid), 0 the calling thread
 * @a: the attributes; @a->size is set here
 *
 * Return: 0, or -errno.
 */
int host_tasks_setattr(pid_t pid, struct host_sched_attr *a);

/**
 * host_tasks_timer_slack() - A task's timer slack, as /proc/TID/timerslack_ns has it (another
 * program may write it there; reading another task's needs CAP_SYS_NICE).
 * @root: directory prefix, "" for the running system
 * @tid: the task
 * @ns: result
 *
 * Return: 0, or -errno (-EPERM: not allowed; -ENOENT: gone, or a kernel before 4.6).
 */
int host_tasks_timer_slack(const char *root, int32_t tid, int64_t *ns);

/**
 * host_tasks_stat_field() - A field of a /proc/.../stat line, numbered as in proc(5).
 * @stat: the line
 * @field: 3 = state, 9 = flags, 39 = processor, 40 = rt_priority, 41 = policy
 *
 * Return: the number, -1 when absent or not a number.
 */
long long host_tasks_stat_field(const char *stat, int field);

/**
 * host_tasks_read() - A task as /proc/PID/stat shows it.
 * @root: directory prefix, "" for the running system
 * @pid: the task
 * @t: result
 *
 * Return: 0, or -errno (-ENOENT: gone).
 */
int host_tasks_read(const char *root, int32_t pid, struct host_task *t);

/**
 * host_tasks_usage() - Run time, voluntary switches and state of a task.
 * @root: directory prefix
 * @pid: its process
 * @tid: the task
 * @u: result
 *
 * Return: 0, or -errno (-ENOENT: gone, or no schedstat).
 */
int host_tasks_usage(const char *root, int32_t pid, int32_t tid, struct host_task_usage *u);

/**
 * host_tasks_runnable_rt() - The runnable RT tasks on a CPU now, and whether they sleep.
 * @root: directory prefix
 * @cpu: the CPU
 * @skip_pid: a process left out (rtwhy itself), 0 none
 * @sample_ns: read again this long later (sleeping in between), 0 read once
 * @rt: result
 * @max: room in @rt
 *
 * Read twice, one still runnable with no voluntary switch in between did not
 * sleep (running, or throttled). What a trace window may not show of who
 * used a CPU's RT budget.
 * Return: how many.
 */
size_t host_tasks_runnable_rt(const char *root, int cpu, int32_t skip_pid, uint64_t sample_ns,
			      struct host_rt_task *rt, size_t max);

#endif
