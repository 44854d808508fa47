// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli: every option of the measuring command, its default, its meaning,
 * and every kind of bad input (exit status 2 comes from a -EINVAL here).
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "rtwhy/host/machine.h"
#include "rtwhy/cli.h"
#include "analysis/util.h"
#include "unit.h"

static struct rtw_config cfg;
static enum cli_action action;
static char err[256];

/* parse("-t", "2", NULL): argv[0] is added */
static int parse(const char *first, ...)
{
	static char *argv[32];
	const char *a;
	va_list ap;
	int argc = 0;

	argv[argc++] = (char *)"rtwhy";
	va_start(ap, first);
	for (a = first; a && argc < 31; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	return cli_parse(argc, argv, &cfg, &action, err, sizeof(err));
}

static int nr_cpus(void)
{
	cpu_set_t set;

	return host_machine_cpus(&set);
}

static void test_defaults(void)
{
	CU_ASSERT_EQUAL(parse(NULL), 0);
	CU_ASSERT_EQUAL(action, CLI_RUN);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 1);
	CU_ASSERT_EQUAL(cfg.measure.interval_ns, 1000000);
	CU_ASSERT_EQUAL(cfg.measure.distance_ns, 500000);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(cfg.measure.priority, 0);
	CU_ASSERT_EQUAL(cfg.measure.clock, CLOCK_MONOTONIC);
	CU_ASSERT_EQUAL(cfg.measure.sleep, CONFIG_SLEEP_CLOCK_NANOSLEEP);
	CU_ASSERT_EQUAL(cfg.measure.affinity, CONFIG_AFFINITY_ALL);
	CU_ASSERT_EQUAL(cfg.measure.duration_ns, 0);
	CU_ASSERT_EQUAL(cfg.measure.loops, 0);
	CU_ASSERT_EQUAL(cfg.measure.timerslack_ns, -1);
	CU_ASSERT_TRUE(cfg.system.dma_latency);
	CU_ASSERT_EQUAL(cfg.system.dma_latency_us, 0);
	CU_ASSERT_FALSE(cfg.system.mlockall);
	CU_ASSERT_EQUAL(cfg.output.histogram, 0);
	CU_ASSERT_EQUAL(cfg.trace.break_ns, 0);
	CU_ASSERT_EQUAL(cfg.trace.explain_ns, 0);
	CU_ASSERT_EQUAL(cfg.trace.buffer_kb, CONFIG_DEFAULT_BUFFER_KB);
	CU_ASSERT_EQUAL(config_trace_threshold_ns(&cfg), 0);
}

static void test_the_seed_command_line(void)
{
	/* cyclictest's atoi() made this CLOCK_MONOTONIC; the name means what it says here */
	CU_ASSERT_EQUAL(parse("-t", "5", "-i", "5000", "-d", "5000", "-c", "CLOCK_REALTIME", NULL),
			0);
	CU_ASSERT_EQUAL(cfg.measure.clock, CLOCK_REALTIME);
	CU_ASSERT_EQUAL(parse("-c", "clock_monotonic", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.clock, CLOCK_MONOTONIC);
	CU_ASSERT_EQUAL(parse("-c", "CLOCK_BOOTTIME", NULL), -EINVAL);
	CU_ASSERT_EQUAL(
		parse("-t", "5", "-i", "5000", "-d", "5000", "-c", "1", "-D", "1m", "-q", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 5);
	CU_ASSERT_EQUAL(cfg.measure.clock, CLOCK_REALTIME);
	CU_ASSERT_EQUAL(cfg.measure.duration_ns, 60 * NSEC_PER_SEC);
	CU_ASSERT_TRUE(cfg.output.quiet);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 0), 5000000);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 4), 25000000);
}

static void test_threads(void)
{
	CU_ASSERT_EQUAL(parse("-t", "3", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 3);
	CU_ASSERT_EQUAL(parse("-t3", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 3);
	CU_ASSERT_EQUAL(parse("--threads=4", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 4);
	CU_ASSERT_EQUAL(parse("-t", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, nr_cpus());
	CU_ASSERT_EQUAL(parse("-t", "-q", NULL), 0); /* -q is not -t's value */
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, nr_cpus());
	CU_ASSERT_TRUE(cfg.output.quiet);
	CU_ASSERT_EQUAL(parse("-t", "0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-t", "1025", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "-t"));
	CU_ASSERT_EQUAL(parse("-t", "2x", NULL), -EINVAL);
}

static void test_priority_and_policy(void)
{
	CU_ASSERT_EQUAL(parse("-p", "99", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(cfg.measure.priority, 99);
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 3), 99);
	CU_ASSERT_EQUAL(parse("-p", "0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-p", "100", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-p", "-1", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-p", "abc", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "'abc'"));
	CU_ASSERT_EQUAL(parse("--policy=rr", "-p", "10", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_RR);
	CU_ASSERT_EQUAL(parse("--policy=batch", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_BATCH);
	CU_ASSERT_EQUAL(parse("--policy=idle", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_IDLE);
	CU_ASSERT_EQUAL(parse("--policy=normal", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_OTHER);
	CU_ASSERT_EQUAL(parse("--policy=OTHER", NULL), 0);
	CU_ASSERT_EQUAL(parse("--policy=deadline", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--policy=batch", "-p", "5", NULL), -EINVAL);
	/* cyclictest: fifo without -p defaults to nthreads + 1 */
	CU_ASSERT_EQUAL(parse("--policy=fifo", "-t", "2", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.priority, 3);
	CU_ASSERT_TRUE(cfg.measure.priority_defaulted);
	CU_ASSERT_EQUAL(parse("-p", "80", "--priospread", "-t", "3", NULL), 0);
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 0), 80);
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 2), 78);
	/* cyclictest: --priospread alone defaults the priority, then makes it FIFO, and says so */
	CU_ASSERT_EQUAL(parse("--priospread", "-t", "2", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(cfg.measure.priority, 3);
	CU_ASSERT_TRUE(cfg.measure.priority_defaulted);
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 1), 2);
	CU_ASSERT_EQUAL(cfg.nr_warnings, 1);
	CU_ASSERT_STRING_EQUAL(cfg.warnings[0],
			       "policy and priority don't match: setting policy to SCHED_FIFO");
	CU_ASSERT_EQUAL(parse("--priospread", "--policy=fifo", NULL), 0);
	CU_ASSERT_EQUAL(cfg.nr_warnings, 0);
	CU_ASSERT_EQUAL(parse("--priospread", "--policy=batch", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "conflicting"));
}

static void test_intervals(void)
{
	CU_ASSERT_EQUAL(parse("-i", "200", "-d", "0", "-t", "2", NULL), 0);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 1), 200000);
	CU_ASSERT_EQUAL(parse("-i", "0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-i", "", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-i", "99999999999999999999999", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "out of range"));
	CU_ASSERT_EQUAL(parse("-d", "-5", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--interval=1000", "--distance=100", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.distance_ns, 100000);
}

static void test_duration_and_loops(void)
{
	CU_ASSERT_EQUAL(parse("-D", "15", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.duration_ns, 15 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(parse("-D", "2h", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.duration_ns, 7200 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(parse("--duration=1d", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.duration_ns, 86400 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(parse("-D", "5x", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-D", "-1", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-l", "1000", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.loops, 1000);
	CU_ASSERT_EQUAL(parse("-l", "many", NULL), -EINVAL);
}

static void test_affinity(void)
{
	CU_ASSERT_EQUAL(parse("-a", "0", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.affinity, CONFIG_AFFINITY_SPECIFIED);
	CU_ASSERT_TRUE(CPU_ISSET(0, &cfg.measure.cpus));
	CU_ASSERT_EQUAL(CPU_COUNT(&cfg.measure.cpus), 1);
	CU_ASSERT_TRUE(cfg.measure.main_affinity);
	CU_ASSERT_FALSE(cfg.measure.main_cpus_given); /* -a's: not the explaining thread's */
	CU_ASSERT_EQUAL(parse("-a", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.affinity, CONFIG_AFFINITY_ALL);
	/* libnuma's reason, in rtwhy's line */
	CU_ASSERT_EQUAL(parse("-a", "1000", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err,
				      "invalid value '1000' for -a: cpu argument 1000 is out of "
				      "range (usable: "));
	CU_ASSERT_EQUAL(parse("-a", "100000", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "out of range"));
	CU_ASSERT_EQUAL(parse("-ax", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "unparseable cpu description"));
	CU_ASSERT_EQUAL(parse("-a", "x", NULL), -EINVAL); /* not a list: a stray word */
	CU_ASSERT_EQUAL(parse("-a", "0-", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--mainaffinity=0", NULL), 0);
	CU_ASSERT_TRUE(cfg.measure.main_affinity);
	CU_ASSERT_TRUE(cfg.measure.main_cpus_given);
	CU_ASSERT_EQUAL(parse("-a", "1", "--mainaffinity=0", NULL), 0);
	CU_ASSERT_TRUE(cfg.measure.main_cpus_given);
	CU_ASSERT_TRUE(CPU_ISSET(0, &cfg.measure.main_cpus));
	CU_ASSERT_EQUAL(parse("--mainaffinity=99999", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-a", "0", "-t", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 1); /* -t alone: one per CPU of -a */
}

/* cyclictest.8's libnuma syntax: "!N" all but N, "+N" relative, "all" */
static void test_affinity_libnuma(void)
{
	cpu_set_t online;
	int n = host_machine_cpus(&online);
	char none[300];

	CU_ASSERT_EQUAL(parse("-a", "all", NULL), 0);
	CU_ASSERT_TRUE(CPU_EQUAL(&cfg.measure.cpus, &online));
	CU_ASSERT_EQUAL(parse("-a", "all", "-t", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, n);
	CU_ASSERT_EQUAL(parse("-a", "+0", NULL), 0);
	CU_ASSERT_EQUAL(CPU_COUNT(&cfg.measure.cpus), 1);
	CU_ASSERT_EQUAL(parse("-a+0", NULL), 0);
	CU_ASSERT_EQUAL(parse("--affinity=all", NULL), 0);
	if (n > 1) {
		CU_ASSERT_EQUAL(parse("-a", "!0", NULL), 0);
		CU_ASSERT_FALSE(CPU_ISSET(0, &cfg.measure.cpus));
		CU_ASSERT_EQUAL(CPU_COUNT(&cfg.measure.cpus), n - 1);
		CU_ASSERT_EQUAL(parse("-a!0", "-t", NULL), 0);
		CU_ASSERT_EQUAL(cfg.measure.nr_threads, n - 1);
	}
	/* a list that leaves nothing */
	none[0] = '!';
	util_format_cpulist(&online, none + 1, sizeof(none) - 1);
	CU_ASSERT_EQUAL(parse("-a", none, NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no CPU left"));
	CU_ASSERT_EQUAL(parse("--mainaffinity=all", NULL), 0);
	CU_ASSERT_TRUE(CPU_EQUAL(&cfg.measure.main_cpus, &online));
}

/* rteval 3.x's argument vector: values glued to their option, with a blank; an empty word */
static void test_rteval_argv(void)
{
	CU_ASSERT_EQUAL(parse("", "-qmu", "-h 3500", "-p95", "-t2", "-a0-1", "--default-system",
			      "-t2", "-b 150", "--tracemark", NULL),
			0);
	CU_ASSERT_EQUAL(cfg.output.histogram, 3500);
	CU_ASSERT_TRUE(cfg.output.quiet && cfg.system.mlockall && cfg.output.unbuffered);
	CU_ASSERT_EQUAL(cfg.measure.priority, 95);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, 2);
	CU_ASSERT_EQUAL(cfg.trace.break_ns, 150000);
	CU_ASSERT_FALSE(cfg.system.dma_latency);
	CU_ASSERT_FALSE(cfg.system.laptop);
	CU_ASSERT_EQUAL(parse("-i100", "-qmu", "-h 3500", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.interval_ns, 100000);
	/* atoi()'s leading blanks, for every number */
	CU_ASSERT_EQUAL(parse("-i", " 200", "-l", "\t5", "-d", " 10", "-D", " 2", "--latency= 3",
			      "--spike= 9", "-o", " 2", "-v", "--max-latency= 7", NULL),
			0);
	CU_ASSERT_EQUAL(cfg.measure.interval_ns, 200000);
	CU_ASSERT_EQUAL(cfg.measure.loops, 5);
	CU_ASSERT_EQUAL(cfg.measure.distance_ns, 10000);
	CU_ASSERT_EQUAL(cfg.measure.duration_ns, 2 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(cfg.system.dma_latency_us, 3);
	CU_ASSERT_EQUAL(cfg.measure.spike_ns, 9000);
	CU_ASSERT_EQUAL(cfg.output.oscope, 2);
	CU_ASSERT_EQUAL(cfg.output.max_latency_ns, 7000);
	/* but not what atoi() would read as 0 or stop early on */
	CU_ASSERT_EQUAL(parse("-h 35x", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-h", " ", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-p 9 9", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-a 0", NULL), 0);
	CU_ASSERT_EQUAL(CPU_COUNT(&cfg.measure.cpus), 1);
	/* an empty word anywhere is skipped, a stray one is not */
	CU_ASSERT_EQUAL(parse("-q", "", "", "-l", "1", "", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.loops, 1);
	CU_ASSERT_EQUAL(parse("", "stray", NULL), -EINVAL);
}

static void test_smp(void)
{
	CU_ASSERT_EQUAL(parse("-S", "-p", "90", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, nr_cpus());
	/* cyclictest: -t and -a ignored with a warning (either order here) */
	CU_ASSERT_EQUAL(parse("-S", "-t", "3", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, nr_cpus());
	CU_ASSERT_EQUAL(cfg.nr_warnings, 1);
	CU_ASSERT_STRING_EQUAL(cfg.warnings[0], "WARN: -t ignored due to smp mode");
	CU_ASSERT_EQUAL(parse("-a", "0", "-t", "3", "-S", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.nr_threads, nr_cpus());
	CU_ASSERT_EQUAL(cfg.measure.affinity, CONFIG_AFFINITY_ALL);
	CU_ASSERT_EQUAL(CPU_COUNT(&cfg.measure.cpus), nr_cpus());
	CU_ASSERT_FALSE(cfg.measure.main_affinity);
	CU_ASSERT_EQUAL(cfg.nr_warnings, 2);
	CU_ASSERT_STRING_EQUAL(cfg.warnings[1], "WARN: -a ignored due to smp mode");
}

static void test_modes(void)
{
	CU_ASSERT_EQUAL(parse("-x", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.sleep, CONFIG_SLEEP_POSIX_TIMER);
	CU_ASSERT_EQUAL(parse("-s", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.sleep, CONFIG_SLEEP_SYS_NANOSLEEP);
	/* cyclictest: -s wins, with its three lines */
	CU_ASSERT_EQUAL(parse("-x", "-s", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.sleep, CONFIG_SLEEP_SYS_NANOSLEEP);
	CU_ASSERT_EQUAL(cfg.nr_warnings, 3);
	CU_ASSERT_STRING_EQUAL(cfg.warnings[2], "WARN: Using clock_nanosleep");
	CU_ASSERT_EQUAL(parse("-r", NULL), 0);
	CU_ASSERT_TRUE(cfg.measure.relative);
	CU_ASSERT_EQUAL(parse("-n", NULL), 0); /* accepted, ignored */
	CU_ASSERT_EQUAL(cfg.measure.sleep, CONFIG_SLEEP_CLOCK_NANOSLEEP);
	CU_ASSERT_EQUAL(parse("-c", "2", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-A", "100", "-t", "2", NULL), 0);
	CU_ASSERT_TRUE(cfg.measure.aligned);
	CU_ASSERT_EQUAL(cfg.measure.aligned_offset_ns, 100000);
	CU_ASSERT_EQUAL(parse("--secaligned", NULL), 0);
	CU_ASSERT_TRUE(cfg.measure.secaligned);
	CU_ASSERT_EQUAL(parse("--secaligned=250", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.secaligned_offset_ns, 250000);
	CU_ASSERT_EQUAL(parse("-A", "--secaligned", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-m", NULL), 0);
	CU_ASSERT_TRUE(cfg.system.mlockall);
}

static void test_system_knobs(void)
{
	CU_ASSERT_EQUAL(parse("--latency=10", NULL), 0);
	CU_ASSERT_EQUAL(cfg.system.dma_latency_us, 10);
	CU_ASSERT_TRUE(cfg.system.dma_latency_given);
	CU_ASSERT_EQUAL(parse("--latency=-3", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--default-system", NULL), 0);
	CU_ASSERT_FALSE(cfg.system.dma_latency);
	CU_ASSERT_EQUAL(parse("--laptop", NULL), 0);
	CU_ASSERT_FALSE(cfg.system.dma_latency);
	CU_ASSERT_EQUAL(parse("--laptop", "--latency=0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--timerslack=1", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.timerslack_ns, 1);
	CU_ASSERT_EQUAL(parse("--timerslack=0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--timerslack=x", NULL), -EINVAL);
}

static void test_output(void)
{
	CU_ASSERT_EQUAL(parse("-h", "100", NULL), 0);
	CU_ASSERT_EQUAL(cfg.output.histogram, 100);
	CU_ASSERT_FALSE(cfg.output.histofall);
	/* the histogram gives every thread the same interval */
	CU_ASSERT_EQUAL(parse("-h", "100", "-t", "2", NULL), 0);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 1), config_thread_interval_ns(&cfg, 0));
	CU_ASSERT_EQUAL(parse("-H", "50", NULL), 0);
	CU_ASSERT_TRUE(cfg.output.histofall);
	CU_ASSERT_EQUAL(parse("-h", "0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-h", "1000001", NULL), -EINVAL);
	/* cyclictest: the distance is ignored with a histogram, and it says so */
	CU_ASSERT_EQUAL(parse("-h", "10", "-d", "100", "-t", "2", NULL), 0);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 1), config_thread_interval_ns(&cfg, 0));
	CU_ASSERT_STRING_EQUAL(cfg.warnings[0],
			       "WARN: distance is ignored and set to 0, if histogram enabled");
	CU_ASSERT_EQUAL(parse("--histfile=/tmp/x", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-h", "10", "--histfile=/tmp/x", NULL), 0);
	CU_ASSERT_STRING_EQUAL(cfg.output.histfile, "/tmp/x");
	CU_ASSERT_EQUAL(parse("--json=/tmp/r.json", NULL), 0);
	CU_ASSERT_STRING_EQUAL(cfg.output.json_path, "/tmp/r.json");
	CU_ASSERT_EQUAL(parse("--json=", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--json", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs a value"));
	CU_ASSERT_EQUAL(parse("-q", "-v", "-N", "-u", "-M", NULL), 0);
	CU_ASSERT_TRUE(cfg.output.quiet && cfg.output.verbose && cfg.output.nsecs &&
		       cfg.output.unbuffered && cfg.output.refresh_on_max);
	CU_ASSERT_EQUAL(config_unit_ns(&cfg), 1);
	CU_ASSERT_EQUAL(parse("--spike=100", NULL), 0);
	CU_ASSERT_EQUAL(cfg.measure.spike_ns, 100000);
	CU_ASSERT_EQUAL(parse("--spike=0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--svg=/tmp/a.svg", NULL), 0);
	CU_ASSERT_STRING_EQUAL(cfg.output.svg_path, "/tmp/a.svg");
}

/* the options the README once said were unsupported, and the CI gate */
static void test_more_cyclictest_options(void)
{
	CU_ASSERT_EQUAL(parse(NULL), 0);
	CU_ASSERT_EQUAL(cfg.output.oscope, 1);
	CU_ASSERT_PTR_NULL(cfg.output.fifo_path);
	CU_ASSERT_FALSE(cfg.measure.smi || cfg.measure.resolution || cfg.measure.debug);
	CU_ASSERT_EQUAL(cfg.output.max_latency_ns, 0);
	CU_ASSERT_EQUAL(parse("-F", "/tmp/f", "-R", "--smi", "--dbg_cyclictest", NULL), 0);
	CU_ASSERT_STRING_EQUAL(cfg.output.fifo_path, "/tmp/f");
	CU_ASSERT_TRUE(cfg.measure.smi && cfg.measure.resolution && cfg.measure.debug);
	CU_ASSERT_EQUAL(parse("--fifo=/tmp/g", "--resolution", NULL), 0);
	CU_ASSERT_STRING_EQUAL(cfg.output.fifo_path, "/tmp/g");
	CU_ASSERT_EQUAL(parse("-F", "", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-v", "-o", "10", NULL), 0);
	CU_ASSERT_EQUAL(cfg.output.oscope, 10);
	CU_ASSERT_EQUAL(parse("--oscope=10", NULL), -EINVAL); /* cyclictest: only with -v */
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs -v"));
	CU_ASSERT_EQUAL(parse("-o", "1", NULL), 0);
	CU_ASSERT_EQUAL(parse("-v", "-o", "0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--max-latency=250", NULL), 0);
	CU_ASSERT_EQUAL(cfg.output.max_latency_ns, 250000);
	CU_ASSERT_EQUAL(parse("--max-latency=0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--max-latency", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--laptop", NULL), 0);
	CU_ASSERT_TRUE(cfg.system.laptop);
}

static void test_tracing(void)
{
	CU_ASSERT_EQUAL(parse("-b", "2500", NULL), 0);
	CU_ASSERT_EQUAL(cfg.trace.break_ns, 2500000);
	CU_ASSERT_EQUAL(config_trace_threshold_ns(&cfg), 2500000);
	CU_ASSERT_EQUAL(parse("--breaktrace=100", "--tracemark", NULL), 0);
	CU_ASSERT_TRUE(cfg.trace.tracemark);
	CU_ASSERT_EQUAL(parse("--explain=300", NULL), 0);
	CU_ASSERT_EQUAL(config_trace_threshold_ns(&cfg), 300000);
	CU_ASSERT_EQUAL(parse("-b", "100", "--explain=300", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-b", "0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("-b", "x", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--buffer-kb=4096", "-b", "10", NULL), 0);
	CU_ASSERT_EQUAL(cfg.trace.buffer_kb, 4096);
	CU_ASSERT_EQUAL(parse("--buffer-kb=1", NULL), -EINVAL);
	CU_ASSERT_EQUAL(parse("--save-trace=/tmp/t.txt", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs -b or --explain"));
	CU_ASSERT_EQUAL(parse("--save-trace=/tmp/t.txt", "-b", "10", NULL), 0);
}

static void test_unknown_and_help(void)
{
	CU_ASSERT_EQUAL(parse("--bogus", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--bogus"));
	CU_ASSERT_EQUAL(parse("-Z", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "-Z"));
	CU_ASSERT_EQUAL(parse("-p", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs a value"));
	CU_ASSERT_EQUAL(parse("stray", NULL), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "stray"));
	CU_ASSERT_EQUAL(parse("--help", NULL), 0);
	CU_ASSERT_EQUAL(action, CLI_HELP);
	CU_ASSERT_EQUAL(parse("--version", NULL), 0);
	CU_ASSERT_EQUAL(action, CLI_VERSION);
}

static void test_commands(void)
{
	char *a[] = { (char *)"rtwhy", (char *)"analyze", NULL };
	char *i[] = { (char *)"rtwhy", (char *)"irqs", NULL };
	char *c[] = { (char *)"rtwhy", (char *)"check", NULL };
	char *m[] = { (char *)"rtwhy", (char *)"-q", NULL };

	CU_ASSERT_EQUAL(cli_command(2, a), CLI_CMD_ANALYZE);
	CU_ASSERT_EQUAL(cli_command(2, i), CLI_CMD_IRQS);
	CU_ASSERT_EQUAL(cli_command(2, c), CLI_CMD_CHECK);
	CU_ASSERT_EQUAL(cli_command(2, m), CLI_CMD_MEASURE);
	CU_ASSERT_EQUAL(cli_command(1, m), CLI_CMD_MEASURE);
}

static CU_TestInfo cli_tests[] = {
	{ "defaults are cyclictest's", test_defaults },
	{ "the seed's command line", test_the_seed_command_line },
	{ "-t", test_threads },
	{ "-p, --policy, --priospread", test_priority_and_policy },
	{ "-i, -d", test_intervals },
	{ "-D, -l", test_duration_and_loops },
	{ "-a, --mainaffinity", test_affinity },
	{ "-a: libnuma's !N, +N, all", test_affinity_libnuma },
	{ "rteval's argument vector", test_rteval_argv },
	{ "-S", test_smp },
	{ "-x, -s, -r, -n, -c, -A, --secaligned, -m", test_modes },
	{ "--latency, --default-system, --timerslack", test_system_knobs },
	{ "-h, -H, --histfile, --json, -q, -v, -N, --spike, --svg", test_output },
	{ "-b, --explain, --buffer-kb, --save-trace", test_tracing },
	{ "-F, -o, -R, --smi, --dbg_cyclictest, --max-latency", test_more_cyclictest_options },
	{ "unknown options, stray words, --help", test_unknown_and_help },
	{ "subcommands", test_commands },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("cli", NULL, NULL, cli_tests);
