// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/cgroup - a task's cpu and cpuset cgroups, v1 and v2 (see the header).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/host/cgroup.h"
#include "rtwhy/procfs.h"
#include "analysis/util.h"

#define HOST_CGROUP_REL_LEN (2 * HOST_CGROUP_PATH_LEN + 32) /* mount, path and a file */

/* Is @word one of the comma-separated words of @list (a mount's options)? */
static bool host_cgroup_has_opt(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while (p && *p) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len == n && !strncmp(p, word, n))
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

/* /proc/mounts: the v1 mount binding @controller (NULL: none) into @ctl, the first v2 into @v2 */
static int host_cgroup_mounts(const char *root, const char *controller, struct host_cgroup_ctl *ctl,
			      char *v2, size_t len)
{
	char *text, *line, *save;
	ssize_t n = procfs_read_all(root, "/proc/mounts", &text);

	memset(ctl, 0, sizeof(*ctl));
	v2[0] = '\0';
	if (n < 0)
		return (int)n;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char dev[64], dir[HOST_CGROUP_PATH_LEN], type[32], opts[512];

		if (sscanf(line, "%63s %255s %31s %511s", dev, dir, type, opts) != 4)
			continue;
		if (controller && !strcmp(type, "cgroup") &&
		    host_cgroup_has_opt(opts, controller)) {
			ctl->version = 1;
			snprintf(ctl->mount, sizeof(ctl->mount), "%s", dir);
			break;
		}
		if (!strcmp(type, "cgroup2") && !v2[0])
			snprintf(v2, len, "%s", dir);
	}
	free(text);
	return 0;
}

int host_cgroup_find(const char *root, const char *controller, struct host_cgroup_ctl *ctl)
{
	char v2[HOST_CGROUP_PATH_LEN];
	int ret = host_cgroup_mounts(root, controller, ctl, v2, sizeof(v2));

	if (ret)
		return ret;
	if (!ctl->version && v2[0]) {
		char rel[HOST_CGROUP_PATH_LEN + 32], list[512];

		snprintf(rel, sizeof(rel), "%s/cgroup.controllers", v2);
		if (procfs_read(root, rel, list, sizeof(list)) >= 0 &&
		    procfs_has_word(list, controller)) {
			ctl->version = 2;
			snprintf(ctl->mount, sizeof(ctl->mount), "%s", v2);
		}
	}
	return ctl->version ? 0 : -ENOENT;
}

int host_cgroup_of(const char *root, int pid, int tid, const char *controller,
		   const struct host_cgroup_ctl *ctl, char *path, size_t len)
{
	char rel[64], *text, *line, *save;
	ssize_t n;
	int ret = -ENOENT;

	if (pid <= 0)
		snprintf(rel, sizeof(rel), "/proc/self/cgroup");
	else if (tid > 0)
		snprintf(rel, sizeof(rel), "/proc/%d/task/%d/cgroup", pid, tid);
	else
		snprintf(rel, sizeof(rel), "/proc/%d/cgroup", pid);
	n = procfs_read_all(root, rel, &text);
	if (n < 0)
		return (int)n;
	/* "4:cpu,cpuacct:/docker/abc" (v1), "0::/user.slice" (v2) */
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		const bool unified = !strncmp(line, "0::", 3);

		if (!c2)
			continue;
		*c2 = '\0';
		if (ctl->version == 1 ? host_cgroup_has_opt(c1 + 1, controller) : unified) {
			snprintf(path, len, "%s", c2[1] ? c2 + 1 : "/");
			ret = 0;
			break;
		}
	}
	free(text);
	return ret;
}

/* "<mount><path>/<file>" of a group (the root group "/" without a double slash) */
static void host_cgroup_rel(const struct host_cgroup_ctl *ctl, const char *path, const char *file,
			    char *buf, size_t len)
{
	snprintf(buf, len, "%s%s/%s", ctl->mount, strcmp(path, "/") ? path : "", file);
}

/* One group's own limit: 0 with quota_us -1 when it sets none. */
static int host_cgroup_own_quota(const char *root, const struct host_cgroup_ctl *ctl,
				 const char *path, int64_t *quota_us, int64_t *period_us)
{
	char rel[HOST_CGROUP_REL_LEN], buf[64];
	long long v;
	int ret;

	*quota_us = -1;
	*period_us = 0;
	if (ctl->version == 2) {
		char q[32];
		long long p;

		host_cgroup_rel(ctl, path, "cpu.max", rel, sizeof(rel));
		ret = (int)procfs_read(root, rel, buf, sizeof(buf));
		if (ret < 0)
			return ret;
		if (sscanf(buf, "%31s %lld", q, &p) != 2)
			return -EINVAL;
		*period_us = p;
		if (strcmp(q, "max"))
			*quota_us = strtoll(q, NULL, 10);
		return 0;
	}
	host_cgroup_rel(ctl, path, "cpu.cfs_quota_us", rel, sizeof(rel));
	ret = procfs_read_long(root, rel, &v);
	if (ret)
		return ret;
	*quota_us = v < 0 ? -1 : v;
	host_cgroup_rel(ctl, path, "cpu.cfs_period_us", rel, sizeof(rel));
	ret = procfs_read_long(root, rel, &v);
	if (ret)
		return ret;
	*period_us = v;
	return 0;
}

/* @cur ("/a/b") to its parent ("/a", then "/"): false when it is the root already */
static bool host_cgroup_parent(char *cur)
{
	char *slash;

	if (!strcmp(cur, "/"))
		return false;
	slash = strrchr(cur, '/');
	if (!slash)
		return false;
	if (slash == cur)
		cur[1] = '\0';
	else
		*slash = '\0';
	return true;
}

int host_cgroup_quota(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
		      struct host_cgroup_quota *q)
{
	char cur[HOST_CGROUP_PATH_LEN];
	bool first = true;
	int ret = 0;

	q->quota_us = -1;
	q->period_us = 0;
	q->limit_path[0] = '\0';
	snprintf(cur, sizeof(cur), "%s", path[0] ? path : "/");
	do {
		int64_t quota, period;
		int r = host_cgroup_own_quota(root, ctl, cur, &quota, &period);

		if (r && first)
			ret = r;
		/* the tightest: the smallest share of a CPU (quota / period) */
		if (!r && util_share_tighter(quota, period, q->quota_us, q->period_us)) {
			q->quota_us = quota;
			q->period_us = period;
			snprintf(q->limit_path, sizeof(q->limit_path), "%s", cur);
		}
		first = false;
	} while (host_cgroup_parent(cur));
	return ret;
}

/* One group's own RT budget: host_cgroup_rt_runtime()'s runtime and its cpu.rt_period_us. */
static int host_cgroup_own_rt(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
			      int64_t *runtime_us, int64_t *period_us)
{
	char rel[HOST_CGROUP_REL_LEN];
	long long v;
	int ret = host_cgroup_rt_runtime(root, ctl, path, runtime_us);

	if (ret)
		return ret;
	host_cgroup_rel(ctl, path, "cpu.rt_period_us", rel, sizeof(rel));
	ret = procfs_read_long(root, rel, &v);
	if (!ret)
		*period_us = v;
	return ret;
}

int host_cgroup_rt_budget(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
			  struct host_cgroup_rt *b)
{
	char cur[HOST_CGROUP_PATH_LEN];
	int ret = -ENOENT;

	b->runtime_us = -1;
	b->period_us = 0;
	b->limit_path[0] = '\0';
	if (ctl->version != 1)
		return -ENOENT;
	snprintf(cur, sizeof(cur), "%s", path[0] ? path : "/");
	/* the root group's budget is the system's (sched_rt_runtime_us): not a group's */
	while (strcmp(cur, "/")) {
		int64_t runtime, period;

		if (!host_cgroup_own_rt(root, ctl, cur, &runtime, &period)) {
			ret = 0;
			if (util_share_tighter(runtime, period, b->runtime_us, b->period_us)) {
				b->runtime_us = runtime;
				b->period_us = period;
				snprintf(b->limit_path, sizeof(b->limit_path), "%s", cur);
			}
		}
		if (!host_cgroup_parent(cur))
			break;
	}
	return ret;
}

int host_cgroup_stat(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
		     struct host_cgroup_stat *st)
{
	char rel[HOST_CGROUP_REL_LEN], buf[1024], *line, *save;
	bool seen = false;
	ssize_t n;

	memset(st, 0, sizeof(*st));
	host_cgroup_rel(ctl, path, "cpu.stat", rel, sizeof(rel));
	n = procfs_read(root, rel, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	/* "nr_throttled 30" lines (procfs_field() reads "key: value") */
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char key[32];
		unsigned long long v;

		if (sscanf(line, "%31s %llu", key, &v) != 2)
			continue;
		if (!strcmp(key, "nr_periods")) {
			st->nr_periods = v;
		} else if (!strcmp(key, "nr_throttled")) {
			st->nr_throttled = v;
			seen = true;
		} else if (!strcmp(key, "throttled_time")) {
			st->throttled_ns = v;
		} else if (!strcmp(key, "throttled_usec")) {
			st->throttled_ns = v * 1000;
		}
	}
	return seen ? 0 : -ENOENT;
}

int host_cgroup_rt_runtime(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
			   int64_t *rt_runtime_us)
{
	char rel[HOST_CGROUP_REL_LEN];
	long long v;
	int ret;

	if (ctl->version != 1)
		return -ENOENT;
	host_cgroup_rel(ctl, path, "cpu.rt_runtime_us", rel, sizeof(rel));
	ret = procfs_read_long(root, rel, &v);
	if (!ret)
		*rt_runtime_us = v;
	return ret;
}

int host_cgroup_cpus(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
		     char *buf, size_t len)
{
	char rel[HOST_CGROUP_REL_LEN];
	ssize_t n;

	host_cgroup_rel(ctl, path,
			ctl->version == 2 ? "cpuset.cpus.effective" : "cpuset.effective_cpus", rel,
			sizeof(rel));
	n = procfs_read(root, rel, buf, len);
	if (n == -ENOENT && ctl->version == 1) { /* older kernels: cpuset.cpus only */
		host_cgroup_rel(ctl, path, "cpuset.cpus", rel, sizeof(rel));
		n = procfs_read(root, rel, buf, len);
	}
	return n < 0 ? (int)n : 0;
}

void host_cgroup_explain(struct host_cgroup_watch *w, const char *root, int pid, int tid,
			 uint64_t now_ns, struct offcpu_cgroup *out)
{
	struct host_cgroup_quota q;
	struct host_cgroup_stat st;
	struct host_cgroup_rt rt;

	memset(out, 0, sizeof(*out));
	if (!w->tried) {
		w->tried = true;
		host_cgroup_find(root, "cpu", &w->ctl);
	}
	if (!w->ctl.version)
		return;
	/* a spike explained after its thread ended: the process's group */
	if (host_cgroup_of(root, pid, tid, "cpu", &w->ctl, out->path, sizeof(out->path)) &&
	    host_cgroup_of(root, pid, 0, "cpu", &w->ctl, out->path, sizeof(out->path)))
		return;
	out->known = true;
	out->version = w->ctl.version;
	out->quota_us = -1;
	if (!host_cgroup_quota(root, &w->ctl, out->path, &q)) {
		out->quota_us = q.quota_us;
		out->period_us = q.period_us;
		snprintf(out->limit_path, sizeof(out->limit_path), "%s", q.limit_path);
	}
	out->rt_runtime_us = -1;
	if (!host_cgroup_rt_budget(root, &w->ctl, out->path, &rt)) {
		out->rt_runtime_us = rt.runtime_us;
		out->rt_period_us = rt.period_us;
		snprintf(out->rt_limit_path, sizeof(out->rt_limit_path), "%s", rt.limit_path);
	}
	if (host_cgroup_stat(root, &w->ctl, out->path, &st)) {
		w->sampled = false;
		return;
	}
	if (w->sampled && !strcmp(w->last_path, out->path) && now_ns > w->last_ns &&
	    st.nr_periods >= w->last.nr_periods) {
		out->stat_known = true;
		out->nr_periods = st.nr_periods - w->last.nr_periods;
		out->nr_throttled = st.nr_throttled - w->last.nr_throttled;
		out->throttled_ns = st.throttled_ns - w->last.throttled_ns;
		out->sample_ns = now_ns - w->last_ns;
	}
	w->sampled = true;
	w->last = st;
	w->last_ns = now_ns;
	snprintf(w->last_path, sizeof(w->last_path), "%s", out->path);
}

int host_cgroup_within(const char *root, const struct host_cgroup_ctl *ctl, int pid,
		       const char *group)
{
	char path[HOST_CGROUP_PATH_LEN];
	size_t n = strlen(group);
	int ret = host_cgroup_of(root, pid, 0, "cpu", ctl, path, sizeof(path));

	if (ret)
		return ret;
	if (!strcmp(group, "/"))
		return 1;
	return !strncmp(path, group, n) && (path[n] == '\0' || path[n] == '/');
}

int host_cgroup_unified(const char *root, struct host_cgroup_ctl *ctl)
{
	char v2[HOST_CGROUP_PATH_LEN];
	int ret = host_cgroup_mounts(root, NULL, ctl, v2, sizeof(v2));

	if (ret)
		return ret;
	if (!v2[0])
		return -ENOENT;
	ctl->version = 2;
	snprintf(ctl->mount, sizeof(ctl->mount), "%s", v2);
	return 0;
}

/* "frozen_usec 123" of a v2 group's cgroup.stat.local (6.17+): 0, -ENOENT without it */
static int host_cgroup_frozen_usec(const char *root, const struct host_cgroup_ctl *ctl,
				   const char *path, uint64_t *usec)
{
	char rel[HOST_CGROUP_REL_LEN], buf[256];
	const char *p;
	ssize_t n;

	host_cgroup_rel(ctl, path, "cgroup.stat.local", rel, sizeof(rel));
	n = procfs_read(root, rel, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	p = strstr(buf, "frozen_usec ");
	if (!p)
		return -ENOENT;
	*usec = strtoull(p + strlen("frozen_usec "), NULL, 10);
	return 0;
}

/* The v2 group's cgroup.freeze and its frozen time since the watch's previous sample. */
static void host_cgroup_freezer_v2(struct host_cgroup_freezer_watch *w, const char *root,
				   uint64_t now_ns, struct offcpu_freezer *out)
{
	char rel[HOST_CGROUP_REL_LEN];
	uint64_t usec = 0;
	long long v;

	host_cgroup_rel(&w->v2, out->v2_path, "cgroup.freeze", rel, sizeof(rel));
	if (!procfs_read_long(root, rel, &v))
		out->v2_freeze = (int8_t)v;
	if (host_cgroup_frozen_usec(root, &w->v2, out->v2_path, &usec)) {
		w->sampled = false;
		return;
	}
	if (w->sampled && !strcmp(w->last_path, out->v2_path) && now_ns > w->last_ns &&
	    usec >= w->last_usec) {
		out->v2_time_known = true;
		out->v2_frozen_ns = (usec - w->last_usec) * 1000;
		out->v2_sample_ns = now_ns - w->last_ns;
	}
	w->sampled = true;
	w->last_usec = usec;
	w->last_ns = now_ns;
	snprintf(w->last_path, sizeof(w->last_path), "%s", out->v2_path);
}

void host_cgroup_freezer_explain(struct host_cgroup_freezer_watch *w, const char *root, int pid,
				 int tid, uint64_t now_ns, struct offcpu_freezer *out)
{
	char rel[HOST_CGROUP_REL_LEN];

	memset(out, 0, sizeof(*out));
	out->v2_freeze = -1;
	if (!w->tried) {
		w->tried = true;
		host_cgroup_find(root, "freezer", &w->v1);
		if (w->v1.version != 1)
			memset(&w->v1, 0, sizeof(w->v1));
		host_cgroup_unified(root, &w->v2);
	}
	/* a spike explained after its thread ended: the process's groups */
	if (w->v1.version && (!host_cgroup_of(root, pid, tid, "freezer", &w->v1, out->v1_path,
					      sizeof(out->v1_path)) ||
			      !host_cgroup_of(root, pid, 0, "freezer", &w->v1, out->v1_path,
					      sizeof(out->v1_path)))) {
		out->known = true;
		snprintf(out->v1_mount, sizeof(out->v1_mount), "%.63s", w->v1.mount);
		host_cgroup_rel(&w->v1, out->v1_path, "freezer.state", rel, sizeof(rel));
		if (procfs_read(root, rel, out->v1_state, sizeof(out->v1_state)) < 0)
			out->v1_state[0] = '\0';
	}
	if (w->v2.version &&
	    (!host_cgroup_of(root, pid, tid, "", &w->v2, out->v2_path, sizeof(out->v2_path)) ||
	     !host_cgroup_of(root, pid, 0, "", &w->v2, out->v2_path, sizeof(out->v2_path)))) {
		out->known = true;
		snprintf(out->v2_mount, sizeof(out->v2_mount), "%.63s", w->v2.mount);
		host_cgroup_freezer_v2(w, root, now_ns, out);
	}
}
