// SPDX-License-Identifier: GPL-2.0-only
/*
 * config - the defaults of a run (cyclictest 2.4's, plus rtwhy's tracing
 * ones) and the few values derived from them per thread.
 */
#include <string.h>
#include <time.h>

#include "analysis/blame.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/config.h"
#include "analysis/util.h"

void config_init(struct rtw_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->measure.nr_threads = 1;
	cfg->measure.interval_ns = 1000 * NSEC_PER_USEC;
	cfg->measure.distance_ns = 500 * NSEC_PER_USEC;
	cfg->measure.policy = SCHED_OTHER;
	cfg->measure.affinity = CONFIG_AFFINITY_ALL;
	host_machine_cpus(&cfg->measure.cpus);
	cfg->measure.clock = CLOCK_MONOTONIC;
	cfg->measure.sleep = CONFIG_SLEEP_CLOCK_NANOSLEEP;
	cfg->measure.timerslack_ns = -1;
	cfg->measure.spike_nodes = 1024;
	cfg->output.oscope = 1;
	cfg->system.dma_latency = true;
	cfg->trace.buffer_kb = CONFIG_DEFAULT_BUFFER_KB;
}

uint64_t config_thread_interval_ns(const struct rtw_config *cfg, int i)
{
	uint64_t d = cfg->output.histogram ? 0 : cfg->measure.distance_ns;

	return cfg->measure.interval_ns + (uint64_t)i * d;
}

int config_thread_priority(const struct rtw_config *cfg, int i)
{
	int prio = cfg->measure.priority;

	if (cfg->measure.policy != SCHED_FIFO && cfg->measure.policy != SCHED_RR)
		return 0;
	if (cfg->measure.priospread)
		prio -= i;
	return prio < 1 ? 1 : prio;
}

uint64_t config_trace_threshold_ns(const struct rtw_config *cfg)
{
	return cfg->trace.break_ns ? cfg->trace.break_ns : cfg->trace.explain_ns;
}

const char *config_policy_name(int policy)
{
	const char *name = blame_policy_name(policy);

	/* cyclictest calls every policy it has no name for "other" */
	return strcmp(name, "unknown") ? name : "other";
}

uint64_t config_unit_ns(const struct rtw_config *cfg)
{
	return cfg->output.nsecs ? 1 : NSEC_PER_USEC;
}

void config_warn(struct rtw_config *cfg, const char *text)
{
	if (cfg->nr_warnings < CONFIG_MAX_WARNINGS)
		util_strlcpy(cfg->warnings[cfg->nr_warnings++], text, CONFIG_WARNING_LEN);
}
