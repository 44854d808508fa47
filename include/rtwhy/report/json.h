/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report/json - the --json file: cyclictest 2.4's keys and layout (so that
 * existing parsers read it), plus rtwhy's "spikes", each with its phases,
 * culprits, verdict and trace coverage (keys listed in README.md).
 * Renders only: the machine's facts ("sysinfo", each thread's "node") come
 * in struct report_json_run, gathered by the run (host/machine).
 */
#ifndef RTWHY_REPORT_JSON_H
#define RTWHY_REPORT_JSON_H

#include <stddef.h>
#include <time.h>

#include "analysis/blame.h"
#include "rtwhy/config.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/hotplug.h"
#include "rtwhy/affwatch.h"
#include "rtwhy/instwatch.h"
#include "rtwhy/json.h"
#include "rtwhy/measure.h"
#include "rtwhy/spikekeep.h"

/* What the run adds to the file beyond the threads' statistics, all gathered by the run. */
struct report_json_run {
	const struct host_machine *host; /* "sysinfo"; NULL: every field "" and 0 */
	const int *node; /* per thread of the summary: host_machine_cpu_node(); NULL: 0 */
	time_t start_time;
	time_t end_time;
	int return_code;
	struct spikekeep *kept; /* "spikes", written in the order of wakeups; NULL: none */
	unsigned long long blind_spikes;
	unsigned long long blind_ns;
	struct {		     /* "not_explained": spikes counted and not explained, by why */
		uint64_t queue_full; /* dropped as the smallest waiting */
		uint64_t overwritten;	/* the kernel overwrote the window before it was read */
		uint64_t recording_off; /* the trace was stopped */
		uint64_t failed;	/* the trace could not be read or explained */
		int thread_max;		/* threads whose largest spike was not explained */
	} unexplained;
	const struct hotplug *hotplug;	   /* "cpu_hotplug": CPUs that went or came; NULL: none */
	const struct affwatch *affwatch;   /* "affinity_changes": threads moved; NULL: none */
	const struct instwatch *instwatch; /* "trace_disturbed", "spikes_trace_disturbed" */
};

/**
 * report_json_write() - Write the --json file of a measuring run.
 * @path: file, "-" for stdout
 * @cfg: config
 * @m: measurement, threads stopped (each thread's "percentiles" as stats_percentile() says)
 * @run: run facts and explained spikes
 *
 * Return: 0, or -errno with the message printed.
 */
int report_json_write(const char *path, const struct rtw_config *cfg,
		      const struct measure_summary *m, const struct report_json_run *run);

/**
 * report_json_spike() - One element of "spikes".
 * @j: writer, inside an array
 * @r: the explained spike
 */
void report_json_spike(struct json *j, const struct blame_result *r, int index);

#endif
