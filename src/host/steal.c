// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/steal - /proc/stat's steal column, and its samples over a run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/host/steal.h"
#include "rtwhy/procfs.h"
#include "analysis/util.h"

int host_steal_read(const char *root, int cpu, struct host_steal_stat *out)
{
	unsigned long long v[8] = { 0 };
	char key[32], *text = NULL, *line;
	size_t klen;
	ssize_t n;
	int ret = -ENOENT;

	n = procfs_read_all(root, "/proc/stat", &text);
	if (n < 0)
		return (int)n;
	klen = (size_t)(cpu < 0 ? snprintf(key, sizeof(key), "cpu ")
				: snprintf(key, sizeof(key), "cpu%d ", cpu));
	for (line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		if (strncmp(line, key, klen))
			continue;
		if (sscanf(line + klen, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
			   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) != 8) {
			ret = -EINVAL;
			break;
		}
		out->steal_ticks = v[7];
		out->total_ticks = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
		ret = 0;
		break;
	}
	free(text);
	return ret;
}

/* host_steal_read_all - the machine's steal ("cpu " line) and each CPU's ("cpuN") at once */
static uint64_t host_steal_read_all(uint64_t *per_cpu)
{
	unsigned long long v[8];
	char *text = NULL, *line, *save = NULL;
	uint64_t all = 0;
	int cpu;

	memset(per_cpu, 0, sizeof(uint64_t) * HOST_STEAL_CPUS);
	if (procfs_read_all("", "/proc/stat", &text) <= 0) {
		free(text);
		return 0;
	}
	for (line = strtok_r(text, "\n", &save); line && !strncmp(line, "cpu", 3);
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
			   &v[3], &v[4], &v[5], &v[6], &v[7]) == 8)
			all = v[7];
		else if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0],
				&v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) == 9 &&
			 cpu >= 0 && cpu < HOST_STEAL_CPUS)
			per_cpu[cpu] = v[7];
	}
	free(text);
	return all;
}

void host_steal_sample(struct host_steal *st, uint64_t now_ns)
{
	unsigned int i = st->next++ % HOST_STEAL_SAMPLES;

	st->ts_ns[i] = now_ns;
	st->steal_ticks[i] = host_steal_read_all(st->cpu_ticks[i]);
	st->last_ns = now_ns;
}

int64_t host_steal_since_cpu(struct host_steal *st, uint64_t from_ns, uint64_t now_ns, int cpu,
			     bool *per_cpu, uint64_t *span_ns)
{
	uint64_t best_ts = 0, tick_ns, then, last;
	long hz = sysconf(_SC_CLK_TCK);
	unsigned int i, best = 0, cur;

	*per_cpu = false;
	*span_ns = 0;
	for (i = 0; i < HOST_STEAL_SAMPLES && i < st->next; i++) {
		if (st->ts_ns[i] <= from_ns && st->ts_ns[i] > best_ts) {
			best_ts = st->ts_ns[i];
			best = i;
		}
	}
	if (!best_ts || hz <= 0)
		return -1;
	host_steal_sample(st, now_ns);
	cur = (st->next - 1) % HOST_STEAL_SAMPLES;
	tick_ns = NSEC_PER_SEC / (uint64_t)hz;
	*span_ns = now_ns - best_ts;
	if (cpu >= 0 && cpu < HOST_STEAL_CPUS && st->cpu_ticks[cur][cpu]) {
		*per_cpu = true;
		then = st->cpu_ticks[best][cpu];
		last = st->cpu_ticks[cur][cpu];
	} else {
		then = st->steal_ticks[best];
		last = st->steal_ticks[cur];
	}
	return last >= then ? (int64_t)((last - then) * tick_ns) : -1;
}

int64_t host_steal_since(struct host_steal *st, uint64_t from_ns, uint64_t now_ns)
{
	uint64_t span;
	bool per_cpu;

	return host_steal_since_cpu(st, from_ns, now_ns, -1, &per_cpu, &span);
}
