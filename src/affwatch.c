// SPDX-License-Identifier: GPL-2.0-only
/*
 * affwatch - a measuring thread's affinity changed by another program or its cpuset: said
 * once per change, at the time, with the cpuset where that is why; not fought.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/affwatch.h"
#include "analysis/util.h"
#include "rtwhy/log.h"

int affwatch_init(struct affwatch *w, const char *root, int pid, int nr_threads, uint64_t start_ns)
{
	memset(w, 0, sizeof(*w));
	w->root = root;
	w->pid = pid;
	w->start_ns = w->last_ns = start_ns;
	w->moved = calloc(nr_threads > 0 ? (size_t)nr_threads : 1, sizeof(*w->moved)); /* PINNED */
	if (!w->moved)
		return -ENOMEM;
	w->nr_threads = nr_threads;
	if (host_cgroup_find(root, "cpuset", &w->cpuset))
		w->cpuset.version = 0;
	return 0;
}

void affwatch_free(struct affwatch *w)
{
	free(w->moved);
	w->moved = NULL;
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

int affwatch_poll(struct affwatch *w, const struct measure_summary *s, const cpu_set_t *online,
		  uint64_t now_ns)
{
	int i, nr = 0;

	if (!w->moved || !s || now_ns - w->last_ns < AFFWATCH_PERIOD_NS)
		return 0;
	w->last_ns = now_ns;
	for (i = 0; i < s->nr_threads && i < w->nr_threads; i++) {
		const struct measure_thread_summary *t = &s->threads[i];
		const struct affwatch_change *c;
		char text[512];
		cpu_set_t now;
		int moved;

		if (t->cpu < 0 || t->tid <= 0)
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
