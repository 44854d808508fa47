/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * config - everything a run is told to do, grouped by concern. Filled by
 * cli_parse(), read-only afterwards (passed as const). Defaults live in
 * config_init() and nowhere else. Times are ns; the _us fields keep the
 * user's own unit where cyclictest prints it back.
 */
#ifndef RTWHY_CONFIG_H
#define RTWHY_CONFIG_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#define CONFIG_MAX_THREADS	 1024
#define CONFIG_HIST_MAX_US	 1000000
#define CONFIG_DEFAULT_BUFFER_KB 2048
#define CONFIG_MAX_WARNINGS	 8 /* lines cyclictest would warn with while parsing */
#define CONFIG_WARNING_LEN	 96

/* How a measuring thread sleeps (cyclictest's modes). */
enum config_sleep {
	CONFIG_SLEEP_CLOCK_NANOSLEEP, /* default: clock_nanosleep() */
	CONFIG_SLEEP_POSIX_TIMER,     /* -x: timer_create() + sigwait() */
	CONFIG_SLEEP_SYS_NANOSLEEP,   /* -s: relative nanosleep() */
};

/* How threads are pinned (cyclictest 2.4 pins even without -a). */
enum config_affinity {
	CONFIG_AFFINITY_ALL,	   /* thread i on the i-th allowed CPU */
	CONFIG_AFFINITY_SPECIFIED, /* -a CPUSET: round robin over the set */
};

struct config_measure {
	int nr_threads;		 /* -t, -S */
	uint64_t interval_ns;	 /* -i: thread 0's interval */
	uint64_t distance_ns;	 /* -d: added per thread (0 with -h) */
	int priority;		 /* -p: 0 = not real-time */
	bool priority_defaulted; /* fifo/rr without -p: nr_threads + 1, said on stderr */
	int policy;		 /* SCHED_OTHER, SCHED_FIFO, ... */
	bool priospread;	 /* --priospread: thread i gets priority - i */
	enum config_affinity affinity;
	cpu_set_t cpus;		 /* CPUs threads are pinned over */
	bool main_affinity;	 /* --mainaffinity or -a given */
	bool main_cpus_given;	 /* --mainaffinity itself: the explaining thread runs there too */
	cpu_set_t main_cpus;	 /* where the main thread runs */
	int clock;		 /* -c: CLOCK_MONOTONIC or CLOCK_REALTIME */
	bool relative;		 /* -r: relative sleeps */
	enum config_sleep sleep; /* -x, -s */
	uint64_t duration_ns;	 /* -D: 0 = until stopped */
	uint64_t loops;		 /* -l: 0 = endless */
	bool aligned;		 /* -A: common start, thread i at i * offset */
	uint64_t aligned_offset_ns;
	bool secaligned; /* --secaligned: start on a full second */
	uint64_t secaligned_offset_ns;
	int64_t timerslack_ns; /* --timerslack: -1 = leave the kernel's */
	uint64_t spike_ns;     /* --spike: record samples above this, 0 = off */
	int spike_nodes;       /* --spike-nodes */
	bool smi;	       /* --smi: count SMIs on each thread's CPU (x86 MSR_SMI_COUNT) */
	bool resolution;       /* -R: measure the clock's resolution before the run */
	bool debug;	       /* --dbg_cyclictest: -R lists every clock reading */
};

struct config_output {
	bool quiet;		 /* -q */
	bool verbose;		 /* -v */
	bool nsecs;		 /* -N: print ns instead of us */
	bool unbuffered;	 /* -u */
	int histogram;		 /* -h/-H: buckets (us, or ns with -N), 0 = off */
	bool histofall;		 /* -H */
	const char *histfile;	 /* --histfile */
	const char *json_path;	 /* --json */
	const char *svg_path;	 /* --svg */
	const char *metrics;	 /* --metrics FILE: node_exporter textfile, rewritten as it runs */
	const char *save_trace;	 /* --save-trace */
	bool refresh_on_max;	 /* -M: redraw the display only when a max changed */
	int oscope;		 /* -o: -v prints the max of every N samples (1 = all) */
	const char *fifo_path;	 /* -F: named pipe handing out the status lines */
	uint64_t max_latency_ns; /* --max-latency: exit status 3 above it, 0 = off */

	/* the service mode (doc/service.md) */
	uint64_t save_trace_max_bytes; /* --save-trace-max: the bound of a DIR/, 0 = none */
	bool metrics_openmetrics;      /* --metrics-format=openmetrics (else Prometheus 0.0.4) */
	bool log_spikes;	       /* --log-spikes: one stderr line per explained spike */
	bool reopen_on_hup;	       /* --reopen-on-hup: SIGHUP reopens the files, no stop */
};

struct config_system {
	bool mlockall;		/* -m */
	bool dma_latency;	/* hold /dev/cpu_dma_latency (not with --default-system/--laptop) */
	bool laptop;		/* --laptop: why dma_latency is off (cyclictest's wording) */
	bool dma_latency_given; /* --latency given explicitly: failure is an error */
	int dma_latency_us;	/* --latency */
};

struct config_trace {
	uint64_t break_ns;	/* -b: freeze, explain, stop; 0 = off */
	uint64_t explain_ns;	/* --explain: freeze, explain, re-arm; 0 = off */
	bool tracemark;		/* --tracemark: accepted for cyclictest compatibility */
	unsigned int buffer_kb; /* --buffer-kb: per CPU */
	bool stack;		/* --stack: the kernel stack at each wakeup of the threads */
};

struct rtw_config {
	struct config_measure measure;
	struct config_output output;
	struct config_system system;
	struct config_trace trace;
	int argc; /* for the JSON "cmdline:" */
	char **argv;
	/* what cyclictest 2.4 warns about and goes on (its words): printed on stderr by the run */
	char warnings[CONFIG_MAX_WARNINGS][CONFIG_WARNING_LEN];
	int nr_warnings;
};

/**
 * config_init() - Fill @cfg with cyclictest 2.4's defaults.
 * @cfg: config to fill
 */
void config_init(struct rtw_config *cfg);

/**
 * config_thread_interval_ns() - Interval of thread @i: i + n*d.
 * @cfg: config
 * @i: thread index
 *
 * Return: the interval in ns.
 */
uint64_t config_thread_interval_ns(const struct rtw_config *cfg, int i);

/**
 * config_thread_priority() - Priority of thread @i (--priospread aware).
 * @cfg: config
 * @i: thread index
 *
 * Return: the real-time priority, 0 for non-RT policies.
 */
int config_thread_priority(const struct rtw_config *cfg, int i);

/**
 * config_trace_threshold_ns() - The latency that freezes the trace.
 * @cfg: config
 *
 * Return: -b or --explain in ns, 0 when nothing is traced.
 */
uint64_t config_trace_threshold_ns(const struct rtw_config *cfg);

/**
 * config_policy_name() - cyclictest's name of a policy ("other", "fifo" ...).
 * @policy: SCHED_* value
 *
 * Return: a static string.
 */
const char *config_policy_name(int policy);

/**
 * config_unit_ns() - ns per printed unit: 1 with -N, 1000 otherwise.
 * @cfg: config
 *
 * Return: 1 or 1000.
 */
uint64_t config_unit_ns(const struct rtw_config *cfg);

/**
 * config_warn() - Keep one warning line for the run to print (dropped past
 * CONFIG_MAX_WARNINGS).
 * @cfg: config
 * @text: the line, no newline
 */
void config_warn(struct rtw_config *cfg, const char *text);

#endif
