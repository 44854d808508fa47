// SPDX-License-Identifier: GPL-2.0-only
/*
 * affwatch - a measuring thread's affinity changed by another program or its cpuset, or its
 * scheduling policy or priority: said once per change, at the time, with the cpuset where that
 * is why; not fought.
 */
#include <ctype.h>
#include <signal.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/affwatch.h"
#include "rtwhy/host/tasks.h"
#include "analysis/result.h"
#include "analysis/util.h"
#include "rtwhy/log.h"

int affwatch_init(struct affwatch *w, const char *root, int pid, int nr_threads, uint64_t start_ns)
{
	memset(w, 0, sizeof(*w));
	w->root = root;
	w->pid = pid;
	w->start_ns = w->last_ns = start_ns;
	w->moved = calloc(nr_threads > 0 ? (size_t)nr_threads : 1, sizeof(*w->moved)); /* PINNED */
	w->resched = calloc(nr_threads > 0 ? (size_t)nr_threads : 1, sizeof(*w->resched));
	if (!w->moved || !w->resched) {
		affwatch_free(w);
		return -ENOMEM;
	}
	w->nr_threads = nr_threads;
	if (host_cgroup_find(root, "cpuset", &w->cpuset))
		w->cpuset.version = 0;
	return 0;
}

void affwatch_free(struct affwatch *w)
{
	free(w->moved);
	free(w->resched);
	w->moved = NULL;
	w->resched = NULL;
	w->nr_threads = 0;
}

int affwatch_judge(int cpu, const cpu_set_t *now, const cpu_set_t *online)
{
	if (cpu < 0 || cpu >= CPU_SETSIZE || (online && !CPU_ISSET(cpu, online)))
		return -1;
	return CPU_COUNT(now) != 1 || !CPU_ISSET(cpu, now);
}

struct affwatch_change *affwatch_record(struct affwatch *w, const struct measure_thread_summary *t,
					bool back, const cpu_set_t *now, uint64_t now_ns)
{
	struct affwatch_change *c;
	char path[HOST_CGROUP_PATH_LEN], cpus[AFFWATCH_CPUS_LEN];
	cpu_set_t set;

	if (w->nr_changes >= AFFWATCH_MAX_CHANGES) {
		w->nr_not_kept++;
		return NULL;
	}
	c = &w->change[w->nr_changes++];
	memset(c, 0, sizeof(*c));
	c->at_ns = now_ns;
	c->thread = t->index;
	c->tid = t->tid;
	c->cpu = t->cpu;
	c->back = back;
	if (back)
		return c;
	util_format_cpulist(now, c->cpus, sizeof(c->cpus));
	/* its cpuset, when the group's CPUs leave the pinned one out: that is why */
	if (w->cpuset.version &&
	    !host_cgroup_of(w->root, w->pid, t->tid, "cpuset", &w->cpuset, path, sizeof(path)) &&
	    !host_cgroup_cpus(w->root, &w->cpuset, path, cpus, sizeof(cpus)) &&
	    !util_parse_cpulist(cpus, &set) && !CPU_ISSET(t->cpu, &set)) {
		snprintf(c->cpuset, sizeof(c->cpuset), "%s", path);
		snprintf(c->cpuset_cpus, sizeof(c->cpuset_cpus), "%s", cpus);
	}
	return c;
}

void affwatch_describe(const struct affwatch *w, const struct affwatch_change *c, char *buf,
		       size_t len)
{
	double at = c->at_ns > w->start_ns ? (double)(c->at_ns - w->start_ns) / 1e9 : 0.0;
	const char *cpus = strpbrk(c->cpus, "-,") ? "CPUs" : "CPU"; /* "CPU 0", "CPUs 0-3" */

	if (c->back) {
		snprintf(buf, len, "thread %d (tid %d) is pinned to CPU %d again at %.2f s",
			 c->thread, c->tid, c->cpu, at);
		return;
	}
	if (c->cpuset[0])
		snprintf(buf, len,
			 "thread %d (tid %d), pinned to CPU %d, may now run on %s %s only: at "
			 "%.2f s its cpuset cgroup %s, whose CPUs are %s, took CPU %d from it (not "
			 "rtwhy); rtwhy measures it where the kernel runs it and explains its "
			 "spikes there",
			 c->thread, c->tid, c->cpu, cpus, c->cpus, at, c->cpuset, c->cpuset_cpus,
			 c->cpu);
	else
		snprintf(
			buf, len,
			"thread %d (tid %d), pinned to CPU %d, may now run on %s %s: another "
			"program changed its affinity at %.2f s (sched_setaffinity(), taskset -p); "
			"rtwhy does not pin it back: it measures it where the kernel runs it and "
			"explains its spikes there",
			c->thread, c->tid, c->cpu, cpus, c->cpus, at);
}

/* SCHED_OTHER and SCHED_BATCH: the nice value sets their weight */
static bool affwatch_sched_fair(int policy)
{
	return policy == SCHED_OTHER || policy == SCHED_BATCH;
}

bool affwatch_sched_judge(const struct affwatch_sched *set, const struct affwatch_sched *now)
{
	int policy = now->policy & ~SCHED_RESET_ON_FORK;

	if (policy != set->policy)
		return true;
	if (blame_policy_is_rt(policy))
		return now->priority != set->priority;
	if (affwatch_sched_fair(policy) && now->nice != set->nice)
		return true;
	return policy != SCHED_DEADLINE && set->slack_ns >= 0 && now->slack_ns >= 0 &&
	       now->slack_ns != set->slack_ns;
}

/* "SCHED_FIFO 99", "SCHED_OTHER nice 0", "SCHED_IDLE" */
static void affwatch_sched_name(const struct affwatch_sched *s, char *buf, size_t len)
{
	char name[16];
	size_t i;

	util_strlcpy(name, blame_policy_name(s->policy), sizeof(name));
	for (i = 0; name[i]; i++)
		name[i] = (char)toupper((unsigned char)name[i]);
	if (blame_policy_is_rt(s->policy))
		snprintf(buf, len, "SCHED_%s %d", name, s->priority);
	else if (affwatch_sched_fair(s->policy))
		snprintf(buf, len, "SCHED_%s nice %d", name, s->nice);
	else
		snprintf(buf, len, "SCHED_%s", name);
}

void affwatch_sched_describe(const struct affwatch *w, const struct affwatch_sched_change *c,
			     char *buf, size_t len)
{
	double at = c->at_ns > w->start_ns ? (double)(c->at_ns - w->start_ns) / 1e9 : 0.0;
	char set[32], now[32];
	bool same;

	affwatch_sched_name(&c->set, set, sizeof(set));
	if (c->back && !blame_policy_is_rt(c->set.policy) && c->set.slack_ns >= 0 &&
	    c->now.slack_ns >= 0) {
		snprintf(buf, len,
			 "thread %d (tid %d) runs as %s with a timer slack of %lld us again "
			 "at %.2f s",
			 c->thread, c->tid, set,
			 (long long)(c->set.slack_ns / (int64_t)NSEC_PER_USEC), at);
		return;
	}
	if (c->back) {
		snprintf(buf, len, "thread %d (tid %d) runs as %s again at %.2f s", c->thread,
			 c->tid, set, at);
		return;
	}
	affwatch_sched_name(&c->now, now, sizeof(now));
	same = c->now.policy == c->set.policy && !blame_policy_is_rt(c->now.policy);
	if (same && affwatch_sched_fair(c->now.policy) && c->now.nice != c->set.nice)
		snprintf(buf, len,
			 "thread %d (tid %d), %s when rtwhy started it, runs as %s now: another "
			 "program changed its nice value at %.2f s (setpriority(), renice); rtwhy "
			 "does not set it back: its spikes from then are those of %s, a %s share "
			 "of a CPU it shares with other fair tasks",
			 c->thread, c->tid, set, now, at, now,
			 c->now.nice > c->set.nice ? "smaller" : "larger");
	else if (same) /* its timer slack */
		snprintf(buf, len,
			 "thread %d (tid %d), timer slack %lld us when rtwhy started it, has %lld "
			 "us now: another program changed it at %.2f s (/proc/%d/timerslack_ns); "
			 "rtwhy does not set it back: its timers may fire up to %lld us after its "
			 "deadlines from then (timer_slack)",
			 c->thread, c->tid, (long long)(c->set.slack_ns / (int64_t)NSEC_PER_USEC),
			 (long long)(c->now.slack_ns / (int64_t)NSEC_PER_USEC), at, c->tid,
			 (long long)(c->now.slack_ns / (int64_t)NSEC_PER_USEC));
	else
		snprintf(buf, len,
			 "thread %d (tid %d), set to %s by rtwhy, runs as %s now: another program "
			 "changed its scheduling at %.2f s (sched_setscheduler(), chrt -p); rtwhy "
			 "does not set it back: its spikes from then are those of %s",
			 c->thread, c->tid, set, now, at, now);
}

/* Thread @i's scheduling, read now: said when it left rtwhy's setting or came back to it. */
static int affwatch_sched_poll(struct affwatch *w, const struct measure_thread_summary *t, int i,
			       uint64_t now_ns)
{
	const struct affwatch_sched set = { t->policy, t->priority, t->nice, t->slack_ns };
	struct affwatch_sched now = { .slack_ns = -1 };
	struct affwatch_sched_change *c;
	struct host_sched_attr a;
	char text[512];
	bool changed;

	if (host_tasks_getattr(t->tid, &a))
		return 0; /* the thread ended */
	now.policy = (int)a.sched_policy;
	now.priority = (int)a.sched_priority;
	now.nice = a.sched_nice;
	if (!blame_policy_is_rt(now.policy) && !w->no_slack) {
		int ret = host_tasks_timer_slack(w->root, t->tid, &now.slack_ns);

		if (ret)
			now.slack_ns = -1;
		/* not allowed (CAP_SYS_NICE), or a kernel before 4.6: not asked again */
		if (ret == -EPERM || ret == -EACCES || (ret == -ENOENT && !kill(t->tid, 0)))
			w->no_slack = true;
	}
	changed = affwatch_sched_judge(&set, &now);
	if (changed == w->resched[i])
		return 0;
	w->resched[i] = changed;
	if (w->nr_sched >= AFFWATCH_MAX_CHANGES) {
		w->nr_sched_not_kept++;
		return 1;
	}
	c = &w->sched[w->nr_sched++];
	*c = (struct affwatch_sched_change){ .at_ns = now_ns,
					     .thread = t->index,
					     .tid = t->tid,
					     .set = set,
					     .now = now,
					     .back = !changed };
	affwatch_sched_describe(w, c, text, sizeof(text));
	log_warn("%s", text);
	return 1;
}

int affwatch_poll(struct affwatch *w, const struct measure_summary *s, const cpu_set_t *online,
		  uint64_t now_ns)
{
	int i, nr = 0;

	if (!w->moved || !w->resched || !s || now_ns - w->last_ns < AFFWATCH_PERIOD_NS)
		return 0;
	w->last_ns = now_ns;
	for (i = 0; i < s->nr_threads && i < w->nr_threads; i++) {
		const struct measure_thread_summary *t = &s->threads[i];
		const struct affwatch_change *c;
		char text[512];
		cpu_set_t now;
		int moved;

		if (t->tid <= 0 || t->left)
			continue; /* not started, or leaving the RT class itself as it ends */
		if (s->running)
			nr += affwatch_sched_poll(w, t, i, now_ns);
		if (t->cpu < 0)
			continue;
		CPU_ZERO(&now);
		if (sched_getaffinity(t->tid, sizeof(now), &now))
			continue; /* the thread ended */
		moved = affwatch_judge(t->cpu, &now, online);
		/*
		 * its CPU went offline: hotplug's to say, and to pin it back (which a CPU online
		 * but not yet active refuses for a while) until it is pinned to it alone again
		 */
		if (moved < 0 || (w->moved[i] == AFFWATCH_HOTPLUG && moved)) {
			w->moved[i] = AFFWATCH_HOTPLUG;
			continue;
		}
		if (w->moved[i] == AFFWATCH_HOTPLUG) { /* pinned again: hotplug said it */
			w->moved[i] = AFFWATCH_PINNED;
			continue;
		}
		if (moved == (w->moved[i] == AFFWATCH_MOVED))
			continue;
		w->moved[i] = moved ? AFFWATCH_MOVED : AFFWATCH_PINNED;
		nr++;
		c = affwatch_record(w, t, !moved, &now, now_ns);
		if (!c)
			continue;
		affwatch_describe(w, c, text, sizeof(text));
		log_warn("%s", text);
	}
	return nr;
}
