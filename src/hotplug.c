// SPDX-License-Identifier: GPL-2.0-only
/*
 * hotplug - CPUs that go offline or come back while rtwhy measures: said at
 * the time, the threads pinned there named, and pinned again when it is back.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "analysis/util.h"
#include "rtwhy/hotplug.h"
#include "rtwhy/log.h"
#include "rtwhy/procfs.h"

#define HOTPLUG_ONLINE "/sys/devices/system/cpu/online"

int hotplug_read_online(const char *root, cpu_set_t *set)
{
	char buf[1024];
	ssize_t n = procfs_read(root, HOTPLUG_ONLINE, buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	buf[strcspn(buf, "\n")] = '\0';
	return util_parse_cpulist(buf, set);
}

void hotplug_init(struct hotplug *h, const char *root, uint64_t start_ns)
{
	memset(h, 0, sizeof(*h));
	h->root = root;
	h->start_ns = h->last_ns = start_ns;
	h->known = !hotplug_read_online(root, &h->online);
}

static void hotplug_record(struct hotplug *h, int cpu, bool online, const struct measure_summary *s,
			   uint64_t now_ns)
{
	struct hotplug_change *c;
	int i;

	if (h->nr_changes >= HOTPLUG_MAX_CHANGES) {
		h->nr_not_kept++;
		return;
	}
	c = &h->change[h->nr_changes++];
	memset(c, 0, sizeof(*c));
	c->at_ns = now_ns;
	c->cpu = cpu;
	c->online = online;
	for (i = 0; s && i < s->nr_threads; i++) {
		if (s->threads[i].cpu != cpu)
			continue;
		if (c->nr_threads < HOTPLUG_MAX_LISTED) {
			c->thread[c->nr_threads] = s->threads[i].index;
			c->tid[c->nr_threads] = s->threads[i].tid;
		}
		c->nr_threads++;
	}
}

int hotplug_diff(struct hotplug *h, const cpu_set_t *now, const struct measure_summary *s,
		 uint64_t now_ns)
{
	int cpu, nr = 0;

	if (!h->known) {
		h->online = *now;
		h->known = true;
		return 0;
	}
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		bool was = CPU_ISSET(cpu, &h->online), is = CPU_ISSET(cpu, now);

		if (was == is)
			continue;
		hotplug_record(h, cpu, is, s, now_ns);
		nr++;
	}
	h->online = *now;
	return nr;
}

/* "thread 1 (tid 812)" / "threads 0 (tid 811), 2 (tid 813)" */
static size_t hotplug_threads(const struct hotplug_change *c, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "thread%s", c->nr_threads > 1 ? "s" : "");
	int i;

	for (i = 0; i < c->nr_threads && i < HOTPLUG_MAX_LISTED && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s %d (tid %d)", i ? "," : "",
					 c->thread[i], c->tid[i]);
	if (c->nr_threads > HOTPLUG_MAX_LISTED && used < len)
		used += (size_t)snprintf(buf + used, len - used, " and %d more",
					 c->nr_threads - HOTPLUG_MAX_LISTED);
	return used < len ? used : len - 1;
}

void hotplug_describe(const struct hotplug *h, const struct hotplug_change *c, char *buf,
		      size_t len)
{
	double at = c->at_ns > h->start_ns ? (double)(c->at_ns - h->start_ns) / 1e9 : 0.0;
	char who[512];

	hotplug_threads(c, who, sizeof(who));
	if (!c->online && c->nr_threads)
		snprintf(buf, len,
			 "CPU %d went offline at %.2f s: %s, pinned to it, lost %s CPU; the kernel "
			 "runs %s on another CPU until CPU %d is back",
			 c->cpu, at, who, c->nr_threads > 1 ? "their" : "its",
			 c->nr_threads > 1 ? "them" : "it", c->cpu);
	else if (!c->online)
		snprintf(buf, len,
			 "CPU %d went offline at %.2f s (no measuring thread was pinned to it)",
			 c->cpu, at);
	else if (c->nr_threads && c->repin_err)
		snprintf(buf, len,
			 "CPU %d is online again at %.2f s: %s not pinned to it again: %s", c->cpu,
			 at, who, strerror(-c->repin_err));
	else if (c->nr_threads)
		snprintf(buf, len, "CPU %d is online again at %.2f s: %s pinned to it again",
			 c->cpu, at, who);
	else
		snprintf(buf, len, "CPU %d is online again at %.2f s", c->cpu, at);
}

bool hotplug_repin(struct hotplug_change *c, const struct measure_summary *s, uint64_t now_ns)
{
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	CPU_SET(c->cpu, &set);
	c->nr_repinned = 0;
	c->repin_err = 0;
	for (i = 0; i < s->nr_threads; i++) {
		if (s->threads[i].cpu != c->cpu || s->threads[i].tid <= 0)
			continue;
		if (sched_setaffinity(s->threads[i].tid, sizeof(set), &set)) {
			if (!c->repin_err)
				c->repin_err = -errno;
		} else {
			c->nr_repinned++;
		}
	}
	return c->repin_err != -EINVAL || now_ns - c->at_ns >= HOTPLUG_ACTIVE_WAIT_NS;
}

/* a change for @c's CPU after @c: a CPU that went again is not waited for */
static bool hotplug_superseded(const struct hotplug *h, const struct hotplug_change *c)
{
	const struct hotplug_change *n;

	for (n = c + 1; n < h->change + h->nr_changes; n++)
		if (n->cpu == c->cpu)
			return true;
	return false;
}

/* hotplug_say - @c on stderr, once */
static void hotplug_say(const struct hotplug *h, struct hotplug_change *c)
{
	char text[768];

	c->settled = true;
	hotplug_describe(h, c, text, sizeof(text));
	log_warn("%s", text);
}

int hotplug_poll(struct hotplug *h, const struct measure_summary *s, uint64_t now_ns)
{
	int nr = 0, i;
	cpu_set_t now;

	if (!h->known)
		return 0;
	if (now_ns - h->last_ns >= HOTPLUG_PERIOD_NS) {
		h->last_ns = now_ns;
		if (!hotplug_read_online(h->root, &now))
			nr = hotplug_diff(h, &now, s, now_ns);
	}
	for (i = 0; i < h->nr_changes; i++) {
		struct hotplug_change *c = &h->change[i];

		if (c->settled)
			continue;
		if (c->online && c->nr_threads && !hotplug_repin(c, s, now_ns) &&
		    !hotplug_superseded(h, c))
			continue;
		hotplug_say(h, c);
	}
	return nr;
}

void hotplug_flush(struct hotplug *h)
{
	int i;

	for (i = 0; i < h->nr_changes; i++)
		if (!h->change[i].settled)
			hotplug_say(h, &h->change[i]);
}
