// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli - the measuring command's options: cyclictest 2.4's names, meanings
 * and defaults, plus rtwhy's tracing and output options. Strict: a value
 * that is not what the option takes is an error with one clear line, never
 * a silent default. Pure: no system state is changed here.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "rtwhy/host/machine.h"
#include "rtwhy/cli.h"
#include "rtwhy/cpulist.h"
#include "rtwhy/metrics.h"
#include "rtwhy/savetrace.h"
#include "analysis/util.h"

enum cli_long_only {
	OPT_HELP = 256,
	OPT_VERSION,
	OPT_DEFAULT_SYSTEM,
	OPT_LAPTOP,
	OPT_LATENCY,
	OPT_MAINAFFINITY,
	OPT_POLICY,
	OPT_PRIOSPREAD,
	OPT_SECALIGNED,
	OPT_HISTFILE,
	OPT_JSON,
	OPT_SPIKE,
	OPT_SPIKE_NODES,
	OPT_TRACEMARK,
	OPT_TIMERSLACK,
	OPT_EXPLAIN,
	OPT_SAVE_TRACE,
	OPT_BUFFER_KB,
	OPT_SVG,
	OPT_SMI,
	OPT_DBG_CYCLICTEST,
	OPT_MAX_LATENCY,
	OPT_METRICS,
	OPT_STACK,
	OPT_METRICS_FORMAT,
	OPT_SAVE_TRACE_MAX,
	OPT_LOG_SPIKES,
	OPT_REOPEN_ON_HUP,
};

static const struct option cli_long_options[] = {
	{ "affinity", optional_argument, NULL, 'a' },
	{ "aligned", optional_argument, NULL, 'A' },
	{ "breaktrace", required_argument, NULL, 'b' },
	{ "buffer-kb", required_argument, NULL, OPT_BUFFER_KB },
	{ "clock", required_argument, NULL, 'c' },
	{ "default-system", no_argument, NULL, OPT_DEFAULT_SYSTEM },
	{ "distance", required_argument, NULL, 'd' },
	{ "duration", required_argument, NULL, 'D' },
	{ "dbg_cyclictest", no_argument, NULL, OPT_DBG_CYCLICTEST },
	{ "explain", required_argument, NULL, OPT_EXPLAIN },
	{ "fifo", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "histfile", required_argument, NULL, OPT_HISTFILE },
	{ "histofall", required_argument, NULL, 'H' },
	{ "histogram", required_argument, NULL, 'h' },
	{ "interval", required_argument, NULL, 'i' },
	{ "json", required_argument, NULL, OPT_JSON },
	{ "laptop", no_argument, NULL, OPT_LAPTOP },
	{ "latency", required_argument, NULL, OPT_LATENCY },
	{ "loops", required_argument, NULL, 'l' },
	{ "mainaffinity", required_argument, NULL, OPT_MAINAFFINITY },
	{ "max-latency", required_argument, NULL, OPT_MAX_LATENCY },
	{ "metrics", required_argument, NULL, OPT_METRICS },
	{ "metrics-format", required_argument, NULL, OPT_METRICS_FORMAT },
	{ "log-spikes", no_argument, NULL, OPT_LOG_SPIKES },
	{ "reopen-on-hup", no_argument, NULL, OPT_REOPEN_ON_HUP },
	{ "mlockall", no_argument, NULL, 'm' },
	{ "nanosleep", no_argument, NULL, 'n' },
	{ "nsecs", no_argument, NULL, 'N' },
	{ "oscope", required_argument, NULL, 'o' },
	{ "policy", required_argument, NULL, OPT_POLICY },
	{ "posix_timers", no_argument, NULL, 'x' },
	{ "priority", required_argument, NULL, 'p' },
	{ "priospread", no_argument, NULL, OPT_PRIOSPREAD },
	{ "quiet", no_argument, NULL, 'q' },
	{ "refresh_on_max", no_argument, NULL, 'M' },
	{ "relative", no_argument, NULL, 'r' },
	{ "resolution", no_argument, NULL, 'R' },
	{ "save-trace", required_argument, NULL, OPT_SAVE_TRACE },
	{ "save-trace-max", required_argument, NULL, OPT_SAVE_TRACE_MAX },
	{ "secaligned", optional_argument, NULL, OPT_SECALIGNED },
	{ "smi", no_argument, NULL, OPT_SMI },
	{ "smp", no_argument, NULL, 'S' },
	{ "spike", required_argument, NULL, OPT_SPIKE },
	{ "spike-nodes", required_argument, NULL, OPT_SPIKE_NODES },
	{ "stack", no_argument, NULL, OPT_STACK },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "system", no_argument, NULL, 's' },
	{ "threads", optional_argument, NULL, 't' },
	{ "timerslack", required_argument, NULL, OPT_TIMERSLACK },
	{ "tracemark", no_argument, NULL, OPT_TRACEMARK },
	{ "unbuffered", no_argument, NULL, 'u' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

/* '+': stop at the first non-option, so "-t 2" can take its number. */
static const char cli_short_options[] = "+a::A::b:c:d:D:F:h:H:i:l:mMnNo:p:qrRsSt::uvx";

enum cli_command cli_command(int argc, char **argv)
{
	if (argc < 2)
		return CLI_CMD_MEASURE;
	if (!strcmp(argv[1], "analyze") || !strcmp(argv[1], "analyse"))
		return CLI_CMD_ANALYZE;
	if (!strcmp(argv[1], "irqs"))
		return CLI_CMD_IRQS;
	if (!strcmp(argv[1], "check"))
		return CLI_CMD_CHECK;
	return CLI_CMD_MEASURE;
}

struct cli_state {
	char *err;
	size_t errlen;
	const char *opt; /* the option being parsed, as the user wrote it */
	bool threads_given;
	bool affinity_given;
	bool histogram_given;
	bool distance_given;
	bool priority_given;
	int given_policy; /* --policy as written, -1 if not given */
	bool smp;
	bool x_given;
	bool s_given;
	bool oscope_given;
};

static int cli_fail(struct cli_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int cli_fail(struct cli_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->err, st->errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int cli_bad_value(struct cli_state *st, const char *val, int ret, const char *expect)
{
	return cli_fail(st, "invalid value '%s' for %s: %s%s", val ? val : "", st->opt,
			ret == -ERANGE ? "out of range, expected " : "expected ", expect);
}

/* A number of microseconds (1..max) converted to ns. */
static int cli_us(struct cli_state *st, const char *val, uint64_t min, uint64_t max, uint64_t *ns)
{
	char expect[64];
	uint64_t v;
	int ret;

	snprintf(expect, sizeof(expect), "microseconds %llu-%llu", (unsigned long long)min,
		 (unsigned long long)max);
	ret = util_parse_u64(val, max, &v);
	if (!ret && v < min)
		ret = -ERANGE;
	if (ret)
		return cli_bad_value(st, val, ret, expect);
	*ns = v * NSEC_PER_USEC;
	return 0;
}

static int cli_int(struct cli_state *st, const char *val, int min, int max, int *out)
{
	char expect[64];
	int ret;

	snprintf(expect, sizeof(expect), "a number %d-%d", min, max);
	ret = util_parse_int(val, min, max, out);
	return ret ? cli_bad_value(st, val, ret, expect) : 0;
}

/* libnuma's CPU list syntax, as cyclictest reads it; its complaint in our words */
static int cli_cpus(struct cli_state *st, const char *val, cpu_set_t *set)
{
	char online_str[256], why[160];
	cpu_set_t online, extra;
	int ret, cpu;

	host_machine_cpus(&online);
	util_format_cpulist(&online, online_str, sizeof(online_str));
	ret = cpulist_parse(val, set, why, sizeof(why));
	if (ret)
		return cli_fail(st, "invalid value '%s' for %s: %s (usable: %s)", val, st->opt, why,
				online_str);
	CPU_XOR(&extra, set, &online);
	CPU_AND(&extra, &extra, set);
	if (CPU_COUNT(&extra) == 0)
		return 0;
	for (cpu = 0; !CPU_ISSET(cpu, &extra); cpu++)
		;
	return cli_fail(st,
			"invalid value '%s' for %s: CPU %d does not exist or is not usable "
			"(usable: %s)",
			val, st->opt, cpu, online_str);
}

static int cli_policy(struct cli_state *st, const char *val, int *policy)
{
	static const struct {
		const char *name;
		int policy;
	} names[] = {
		{ "other", SCHED_OTHER }, { "normal", SCHED_OTHER }, { "batch", SCHED_BATCH },
		{ "idle", SCHED_IDLE },	  { "fifo", SCHED_FIFO },    { "rr", SCHED_RR },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!strcasecmp(val, names[i].name)) {
			*policy = names[i].policy;
			return 0;
		}
	}
	return cli_bad_value(st, val, -EINVAL, "other, normal, batch, idle, fifo or rr");
}

/*
 * cyclictest reads its numbers with atoi(), which skips leading blanks:
 * rteval passes "-h 3500" as one word, so -h gets " 3500". So do we; what
 * follows the number must still be nothing.
 */
static const char *cli_value(const char *val)
{
	while (val && isspace((unsigned char)*val))
		val++;
	return val;
}

/*
 * cyclictest's optional-argument options also take the value as the next
 * word: a number, and for -a also a list starting with '!', '+' or 'a' ("all").
 */
static const char *cli_optional_arg(int argc, char **argv, bool cpus)
{
	const char *next;

	if (optarg)
		return cli_value(optarg);
	if (optind >= argc)
		return NULL;
	next = cli_value(argv[optind]);
	if (!isdigit((unsigned char)next[0]) &&
	    !(cpus && (next[0] == '!' || next[0] == '+' || next[0] == 'a')))
		return NULL;
	optind++;
	return next;
}

static void cli_option_name(struct cli_state *st, int c, int long_index, char *buf, size_t len)
{
	if (long_index >= 0)
		snprintf(buf, len, "--%s", cli_long_options[long_index].name);
	else
		snprintf(buf, len, "-%c", c);
	st->opt = buf;
}

/* What a group's option parser returns for an option of another group (they return 0 or -errno). */
#define CLI_NOT_MINE 1

/* cli_one_threads - an option of the threads: how many, their priority, CPUs, intervals. */
static int cli_one_threads(struct cli_state *st, struct rtw_config *cfg, int c, int argc,
			   char **argv)
{
	struct config_measure *m = &cfg->measure;
	const char *val = cli_value(optarg); /* numbers and lists; file names use optarg */
	const char *arg;
	uint64_t v;
	int ret;

	switch (c) {
	case 'a':
		arg = cli_optional_arg(argc, argv, true);
		st->affinity_given = true;
		if (!arg) {
			m->affinity = CONFIG_AFFINITY_ALL;
			return 0;
		}
		ret = cli_cpus(st, arg, &m->cpus);
		if (ret)
			return ret;
		m->affinity = CONFIG_AFFINITY_SPECIFIED;
		m->main_affinity = true;
		m->main_cpus = m->cpus;
		return 0;
	case 'd':
		st->distance_given = true;
		ret = util_parse_u64(val, 1000000000, &v);
		if (ret)
			return cli_bad_value(st, val, ret, "microseconds 0-1000000000");
		m->distance_ns = v * NSEC_PER_USEC;
		return 0;
	case 'i':
		return cli_us(st, val, 1, 1000000000, &m->interval_ns);
	case OPT_MAINAFFINITY:
		m->main_affinity = true;
		m->main_cpus_given = true;
		return cli_cpus(st, val, &m->main_cpus);
	case 'p':
		st->priority_given = true;
		ret = cli_int(st, val, 1, 99, &m->priority);
		if (!ret && m->policy != SCHED_FIFO && m->policy != SCHED_RR)
			m->policy = SCHED_FIFO;
		return ret;
	case OPT_POLICY:
		ret = cli_policy(st, val, &m->policy);
		st->given_policy = m->policy;
		if (!ret && st->priority_given && m->policy != SCHED_FIFO && m->policy != SCHED_RR)
			m->policy = SCHED_FIFO; /* caught as a conflict at the end */
		return ret;
	case OPT_PRIOSPREAD:
		m->priospread = true;
		return 0;
	case 'S':
		st->smp = true;
		return 0;
	case 't':
		arg = cli_optional_arg(argc, argv, false);
		st->threads_given = true;
		if (!arg) {
			m->nr_threads = -1; /* one per CPU, resolved at the end */
			return 0;
		}
		return cli_int(st, arg, 1, CONFIG_MAX_THREADS, &m->nr_threads);
	default:
		return CLI_NOT_MINE;
	}
}

/* cli_one_timing - an option of how the threads sleep and measure, and for how long. */
static int cli_one_timing(struct cli_state *st, struct rtw_config *cfg, int c, int argc,
			  char **argv)
{
	struct config_measure *m = &cfg->measure;
	const char *val = cli_value(optarg); /* numbers and lists; file names use optarg */
	const char *arg;
	uint64_t v;
	int ret, n;

	switch (c) {
	case 'A':
		arg = cli_optional_arg(argc, argv, false);
		m->aligned = true;
		if (!arg)
			return 0;
		return cli_us(st, arg, 0, 1000000000, &m->aligned_offset_ns);
	case OPT_SECALIGNED:
		arg = cli_optional_arg(argc, argv, false);
		m->secaligned = true;
		if (!arg)
			return 0;
		return cli_us(st, arg, 0, 999999, &m->secaligned_offset_ns);
	case 'c':
		/* cyclictest's atoi() reads "CLOCK_REALTIME" as 0; say what it means instead */
		if (!strcasecmp(val, "CLOCK_MONOTONIC") || !strcasecmp(val, "monotonic")) {
			m->clock = CLOCK_MONOTONIC;
			return 0;
		}
		if (!strcasecmp(val, "CLOCK_REALTIME") || !strcasecmp(val, "realtime")) {
			m->clock = CLOCK_REALTIME;
			return 0;
		}
		ret = util_parse_int(val, 0, 1, &n);
		if (ret)
			return cli_bad_value(st, val, ret,
					     "0 (CLOCK_MONOTONIC) or 1 (CLOCK_REALTIME)");
		m->clock = n ? CLOCK_REALTIME : CLOCK_MONOTONIC;
		return 0;
	case 'D':
		ret = util_parse_duration_ns(val, &m->duration_ns);
		if (ret)
			return cli_bad_value(st, val, ret, "a duration like 30, 30s, 5m, 2h or 1d");
		return 0;
	case 'l':
		ret = util_parse_u64(val, UINT64_MAX, &m->loops);
		return ret ? cli_bad_value(st, val, ret, "a number of cycles") : 0;
	case 'n': /* clock_nanosleep is the default already */
		return 0;
	case 'r':
		m->relative = true;
		return 0;
	case 'R':
		m->resolution = true;
		return 0;
	case OPT_DBG_CYCLICTEST:
		m->debug = true;
		return 0;
	case OPT_SMI:
		m->smi = true;
		return 0;
	case 's':
		st->s_given = true;
		m->sleep = CONFIG_SLEEP_SYS_NANOSLEEP;
		return 0;
	case OPT_SPIKE:
		ret = util_parse_u64(val, 1000000000, &v);
		if (ret || v == 0)
			return cli_bad_value(st, val, ret ? ret : -ERANGE,
					     "microseconds 1-1000000000");
		m->spike_ns = v * NSEC_PER_USEC;
		return 0;
	case OPT_SPIKE_NODES:
		return cli_int(st, val, 1, 1000000, &m->spike_nodes);
	case OPT_TIMERSLACK: {
		uint64_t ns;

		ret = util_parse_u64(val, 1000000000, &ns);
		if (ret || ns == 0)
			return cli_bad_value(st, val, ret ? ret : -ERANGE,
					     "nanoseconds 1-1000000000 (the kernel treats 0 as "
					     "'default')");
		m->timerslack_ns = (int64_t)ns;
		return 0;
	}
	case 'x':
		st->x_given = true;
		m->sleep = CONFIG_SLEEP_POSIX_TIMER;
		return 0;
	default:
		return CLI_NOT_MINE;
	}
}

/* cli_one_output - an option of what is printed or written, and where. */
static int cli_one_output(struct cli_state *st, struct rtw_config *cfg, int c)
{
	struct config_output *o = &cfg->output;
	const char *val = cli_value(optarg); /* numbers and lists; file names use optarg */
	int ret;

	switch (c) {
	case OPT_MAX_LATENCY:
		return cli_us(st, val, 1, 1000000000, &o->max_latency_ns);
	case 'h':
	case 'H':
		st->histogram_given = true;
		o->histofall = c == 'H';
		return cli_int(st, val, 1, CONFIG_HIST_MAX_US, &o->histogram);
	case OPT_HISTFILE:
		o->histfile = optarg;
		return 0;
	case 'F':
		if (!*optarg)
			return cli_bad_value(st, optarg, -EINVAL, "a file name");
		o->fifo_path = optarg;
		return 0;
	case OPT_JSON:
		if (!*optarg)
			return cli_bad_value(st, optarg, -EINVAL, "a file name");
		o->json_path = optarg;
		return 0;
	case OPT_SVG:
		if (!*optarg)
			return cli_bad_value(st, optarg, -EINVAL, "a file name");
		o->svg_path = optarg;
		return 0;
	case OPT_METRICS: /* renamed into place: a file, never stdout */
		if (!*optarg || !strcmp(optarg, "-"))
			return cli_bad_value(st, optarg, -EINVAL, "a file name (not -)");
		o->metrics = optarg;
		return 0;
	case OPT_METRICS_FORMAT: {
		enum metrics_format format;

		if (metrics_format_parse(val, &format))
			return cli_bad_value(st, val, -EINVAL, "prometheus or openmetrics");
		o->metrics_openmetrics = format == METRICS_OPENMETRICS;
		return 0;
	}
	case OPT_SAVE_TRACE_MAX:
		ret = savetrace_parse_size(val, &o->save_trace_max_bytes);
		if (!ret && !o->save_trace_max_bytes)
			ret = -ERANGE;
		return ret ? cli_bad_value(st, val, ret, "a size like 500M, 2G or 65536") : 0;
	case OPT_LOG_SPIKES:
		o->log_spikes = true;
		return 0;
	case OPT_REOPEN_ON_HUP:
		o->reopen_on_hup = true;
		return 0;
	case OPT_SAVE_TRACE:
		if (!*optarg)
			return cli_bad_value(st, optarg, -EINVAL, "a file name");
		o->save_trace = optarg;
		return 0;
	case 'M':
		o->refresh_on_max = true;
		return 0;
	case 'N':
		o->nsecs = true;
		return 0;
	case 'o':
		st->oscope_given = true;
		return cli_int(st, val, 1, 1000000000, &o->oscope);
	case 'q':
		o->quiet = true;
		return 0;
	case 'u':
		o->unbuffered = true;
		return 0;
	case 'v':
		o->verbose = true;
		return 0;
	default:
		return CLI_NOT_MINE;
	}
}

/* cli_one_trace - an option of tracing, of the system's knobs, --help or --version. */
static int cli_one_trace(struct cli_state *st, struct rtw_config *cfg, int c,
			 enum cli_action *action)
{
	const char *val = cli_value(optarg); /* numbers and lists; file names use optarg */
	int ret, n;

	switch (c) {
	case 'b':
		return cli_us(st, val, 1, 1000000000, &cfg->trace.break_ns);
	case OPT_EXPLAIN:
		return cli_us(st, val, 1, 1000000000, &cfg->trace.explain_ns);
	case OPT_TRACEMARK:
		cfg->trace.tracemark = true;
		return 0;
	case OPT_STACK:
		cfg->trace.stack = true;
		return 0;
	case OPT_BUFFER_KB:
		ret = cli_int(st, val, 64, 1 << 20, &n);
		cfg->trace.buffer_kb = (unsigned int)n;
		return ret;
	case OPT_DEFAULT_SYSTEM:
	case OPT_LAPTOP:
		cfg->system.dma_latency = false;
		cfg->system.laptop = c == OPT_LAPTOP;
		return 0;
	case OPT_LATENCY:
		cfg->system.dma_latency_given = true;
		return cli_int(st, val, 0, 2000000000, &cfg->system.dma_latency_us);
	case 'm':
		cfg->system.mlockall = true;
		return 0;
	case OPT_HELP:
		*action = CLI_HELP;
		return 0;
	case OPT_VERSION:
		*action = CLI_VERSION;
		return 0;
	default:
		return CLI_NOT_MINE;
	}
}

/* cli_one - one option into @cfg, by the group's parser it belongs to. */
static int cli_one(struct cli_state *st, struct rtw_config *cfg, int c, int argc, char **argv,
		   enum cli_action *action)
{
	int ret = cli_one_threads(st, cfg, c, argc, argv);

	if (ret == CLI_NOT_MINE)
		ret = cli_one_timing(st, cfg, c, argc, argv);
	if (ret == CLI_NOT_MINE)
		ret = cli_one_output(st, cfg, c);
	if (ret == CLI_NOT_MINE)
		ret = cli_one_trace(st, cfg, c, action);
	return ret == CLI_NOT_MINE ? -EINVAL : ret;
}

/* getopt said '?': an unknown option, or one that lacks its value. */
static int cli_getopt_error(struct cli_state *st, const char *word)
{
	const char *eq = word[0] == '-' && word[1] == '-' ? strchr(word, '=') : NULL;
	size_t i;

	/* "--quiet=1": getopt says '?' as for a missing value */
	for (i = 0; eq && cli_long_options[i].name; i++)
		if (cli_long_options[i].has_arg == no_argument &&
		    strlen(cli_long_options[i].name) == (size_t)(eq - word - 2) &&
		    !strncmp(cli_long_options[i].name, word + 2, (size_t)(eq - word - 2)))
			return cli_fail(st, "option --%s takes no value (see --help)",
					cli_long_options[i].name);
	if (optopt >= 256) {
		for (i = 0; cli_long_options[i].name; i++)
			if (cli_long_options[i].val == optopt)
				return cli_fail(st, "option --%s needs a value (see --help)",
						cli_long_options[i].name);
	}
	if (optopt > 0 && optopt < 256 && optopt != ':' && strchr(cli_short_options + 1, optopt)) {
		if (word[0] == '-' && word[1] == '-')
			return cli_fail(st, "option %s needs a value (see --help)", word);
		return cli_fail(st, "option -%c needs a value (see --help)", optopt);
	}
	if (optopt > 0 && optopt < 256)
		return cli_fail(st, "unknown option -%c (see --help)", optopt);
	return cli_fail(st, "unknown option '%s' (see --help)", word);
}

/* Checks that need all options: conflicts and values derived from others. */
static int cli_finish(struct cli_state *st, struct rtw_config *cfg)
{
	struct config_measure *m = &cfg->measure;
	cpu_set_t online;
	int nr_online = host_machine_cpus(&online);

	/* cyclictest's warnings, in its words, and what it then does */
	if (st->smp && st->threads_given)
		config_warn(cfg, "WARN: -t ignored due to smp mode");
	if (st->smp && st->affinity_given)
		config_warn(cfg, "WARN: -a ignored due to smp mode");
	if (st->smp) {
		m->nr_threads = nr_online;
		m->affinity = CONFIG_AFFINITY_ALL;
		m->main_affinity = false;
		m->main_cpus_given = false;
		host_machine_cpus(&m->cpus);
	}
	if (m->nr_threads < 0)
		m->nr_threads =
			m->affinity == CONFIG_AFFINITY_SPECIFIED ? CPU_COUNT(&m->cpus) : nr_online;
	if (st->x_given && st->s_given) {
		config_warn(cfg, "WARN: The system option requires clock_nanosleep");
		config_warn(cfg, "WARN: and is not compatible with posix_timers");
		config_warn(cfg, "WARN: Using clock_nanosleep");
		m->sleep = CONFIG_SLEEP_SYS_NANOSLEEP;
	}
	if (m->aligned && m->secaligned)
		return cli_fail(st, "conflicting options: -A/--aligned and --secaligned");
	if (cfg->trace.break_ns && cfg->trace.explain_ns)
		return cli_fail(st, "conflicting options: -b stops at the first spike, --explain "
				    "goes on; choose one");
	if (st->histogram_given && st->distance_given)
		config_warn(cfg, "WARN: distance is ignored and set to 0, if histogram enabled");
	if (st->oscope_given && cfg->output.oscope > 1 && !cfg->output.verbose)
		return cli_fail(st, "-o/--oscope thins the -v samples: it needs -v");
	if (cfg->output.histfile && !cfg->output.histogram)
		return cli_fail(st, "--histfile needs -h or -H");
	if (cfg->output.save_trace && !config_trace_threshold_ns(cfg))
		return cli_fail(st, "--save-trace needs -b or --explain (nothing is traced "
				    "without them)");
	if (cfg->output.save_trace_max_bytes && !savetrace_is_dir(cfg->output.save_trace))
		return cli_fail(st, "--save-trace-max bounds a directory: it needs "
				    "--save-trace=DIR/");
	if (cfg->output.log_spikes && !config_trace_threshold_ns(cfg))
		return cli_fail(st, "--log-spikes needs -b or --explain (no spike is explained "
				    "without them)");
	if (cfg->trace.stack && !config_trace_threshold_ns(cfg))
		return cli_fail(st,
				"--stack needs -b or --explain (nothing is traced without them)");
	if (cfg->system.dma_latency_given && !cfg->system.dma_latency)
		return cli_fail(st, "conflicting options: --latency and --default-system/--laptop");
	if (m->priospread && !m->priority && st->given_policy >= 0 &&
	    st->given_policy != SCHED_FIFO && st->given_policy != SCHED_RR)
		return cli_fail(
			st,
			"conflicting options: --priospread spreads real-time priorities but "
			"--policy %s is not real-time",
			config_policy_name(st->given_policy));
	if (m->priospread && !m->priority && m->policy != SCHED_FIFO && m->policy != SCHED_RR) {
		/* cyclictest: a default priority, then FIFO for it (said in this order) */
		config_warn(cfg, "policy and priority don't match: setting policy to SCHED_FIFO");
		m->policy = SCHED_FIFO;
	}
	if ((m->policy == SCHED_FIFO || m->policy == SCHED_RR) && !m->priority) {
		/* cyclictest's rule, said the same way */
		m->priority = m->nr_threads + 1 > 99 ? 99 : m->nr_threads + 1;
		m->priority_defaulted = true;
	}
	if (st->priority_given && st->given_policy >= 0 && st->given_policy != SCHED_FIFO &&
	    st->given_policy != SCHED_RR)
		return cli_fail(st,
				"conflicting options: -p sets a real-time priority but "
				"--policy %s is not real-time",
				config_policy_name(st->given_policy));
	return 0;
}

int cli_parse(int argc, char **argv, struct rtw_config *cfg, enum cli_action *action, char *err,
	      size_t errlen)
{
	struct cli_state st = { .err = err, .errlen = errlen, .given_policy = -1 };
	char optname[64];
	int c, ret;

	config_init(cfg);
	cfg->argc = argc;
	cfg->argv = argv;
	*action = CLI_RUN;
	err[0] = '\0';
	optind = 0; /* full re-initialisation of getopt, for repeated calls */
	opterr = 0;
	for (;;) {
		int long_index = -1;

		c = getopt_long(argc, argv, cli_short_options, cli_long_options, &long_index);
		/* an empty word (rteval's "" when no interval is set): cyclictest ignores it */
		if (c == -1 && optind < argc && !argv[optind][0]) {
			optind++;
			continue;
		}
		if (c == -1)
			break;
		if (c == '?' || c == ':')
			return cli_getopt_error(&st, argv[optind - 1]);
		cli_option_name(&st, c, long_index, optname, sizeof(optname));
		ret = cli_one(&st, cfg, c, argc, argv, action);
		if (ret)
			return ret;
		if (*action != CLI_RUN)
			return 0;
	}
	if (optind < argc)
		return cli_fail(&st, "unexpected argument '%s' (see --help)", argv[optind]);
	return cli_finish(&st, cfg);
}

void cli_usage(FILE *out)
{
	fputs("rtwhy - a cyclictest that tells you why\n"
	      "\n"
	      "usage: rtwhy [options]            measure wakeup latency (cyclictest options)\n"
	      "       rtwhy analyze FILE [opts]  explain spikes in a recorded trace\n"
	      "       rtwhy irqs [opts]          are IRQ handlers threaded?\n"
	      "       rtwhy check [opts]         real-time readiness of this system\n"
	      "\n"
	      "Measurement (same meaning as cyclictest 2.4):\n"
	      "  -t, --threads[=N]      N threads (no N: one per CPU); default 1\n"
	      "  -i, --interval=US      base interval of thread 0; default 1000\n"
	      "  -d, --distance=US      interval added per thread; default 500\n"
	      "  -p, --priority=PRIO    SCHED_FIFO priority 1-99 (default: SCHED_OTHER)\n"
	      "      --policy=NAME      other, normal, batch, idle, fifo, rr\n"
	      "      --priospread       thread i gets priority PRIO-i\n"
	      "  -a, --affinity[=CPUS]  pin threads round robin over CPUS (default: all CPUs);\n"
	      "                         libnuma lists: 0-3,5  !0  +0  all\n"
	      "      --mainaffinity=CPUS  run the main thread on CPUS\n"
	      "  -c, --clock=CLOCK      0 or CLOCK_MONOTONIC (default), 1 or CLOCK_REALTIME\n"
	      "  -D, --duration=TIME    run for TIME (s, m, h, d suffixes); default endless\n"
	      "  -l, --loops=N          stop after N cycles per thread\n"
	      "  -x, --posix_timers     POSIX interval timers instead of clock_nanosleep\n"
	      "  -s, --system           relative nanosleep()\n"
	      "  -r, --relative         relative sleeps instead of absolute\n"
	      "  -S, --smp              one thread per CPU, same priority\n"
	      "  -A, --aligned[=US]     common start, thread i offset by i*US\n"
	      "      --secaligned[=US]  start on a full second (+US)\n"
	      "  -m, --mlockall         lock current and future memory\n"
	      "      --latency=US       value written to /dev/cpu_dma_latency; default 0\n"
	      "      --default-system   do not touch /dev/cpu_dma_latency (also --laptop)\n"
	      "      --timerslack=NS    timer slack of the measuring threads\n"
	      "      --spike=US         list every sample above US at the end\n"
	      "      --spike-nodes=N    keep at most N of them; default 1024\n"
	      "  -n, --nanosleep        accepted and ignored (clock_nanosleep is the default)\n"
	      "  -R, --resolution       measure the clock's resolution first (stderr)\n"
	      "      --dbg_cyclictest   with -R, list every clock reading\n"
	      "      --smi              count SMIs per thread's CPU (Intel MSR_SMI_COUNT, root)\n"
	      "\n"
	      "Tracing (root):\n"
	      "  -b, --breaktrace=US    freeze the trace at the first latency above US,\n"
	      "                         explain it and stop\n"
	      "      --explain=US       explain every latency above US and go on\n"
	      "      --buffer-kb=KB     trace buffer per CPU; default 2048\n"
	      "      --save-trace=FILE  write each explained window as text, for rtwhy analyze;\n"
	      "                         FILE.dat: a trace.dat (trace-cmd report reads it);\n"
	      "                         DIR/: one trace.dat per spike in the directory DIR\n"
	      "      --save-trace-max=SIZE  DIR/ holds at most SIZE (K, M, G): the oldest\n"
	      "                         windows go first, the largest spikes stay longest\n"
	      "      --stack            record the kernel stack at each wakeup (costs 1-3 us "
	      "each)\n"
	      "      --tracemark        accepted for cyclictest compatibility\n"
	      "\n"
	      "Output:\n"
	      "  -q, --quiet            print only the summary (and percentiles) at the end\n"
	      "  -v, --verbose          print every sample (thread:cycle:latency)\n"
	      "  -o, --oscope=N         with -v, print the max of every N samples\n"
	      "  -N, --nsecs            print nanoseconds instead of microseconds\n"
	      "  -h, --histogram=N      histogram of N buckets of 1 us (ns with -N) at the end\n"
	      "  -H, --histofall=N      same, plus a column over all threads\n"
	      "      --histfile=FILE    write the histogram to FILE\n"
	      "      --json=FILE        cyclictest's JSON + the explained spikes (- = stdout)\n"
	      "      --svg=FILE         draw each explained spike: FILE, then NAME-2.svg, ...;\n"
	      "                         the -h/-H histogram: FILE, or NAME-hist.svg\n"
	      "      --metrics=FILE     Prometheus text for node_exporter's textfile collector\n"
	      "                         (*.prom), rewritten every 5 s and at the end\n"
	      "      --metrics-format=F prometheus (text 0.0.4, default) or openmetrics\n"
	      "      --log-spikes       each explained spike as one line on stderr (the journal)\n"
	      "                         instead of its block on stdout\n"
	      "      --reopen-on-hup    SIGHUP reopens --save-trace and rewrites --metrics\n"
	      "                         (logrotate, systemctl reload) instead of stopping\n"
	      "  -u, --unbuffered       unbuffered stdout\n"
	      "  -M, --refresh_on_max   redraw the display only when a max changed\n"
	      "  -F, --fifo=PATH        named pipe: each reader gets the status lines\n"
	      "      --max-latency=US   exit status 3 if any thread's max is above US\n"
	      "      --help, --version\n"
	      "\n"
	      "Status file: /dev/shm/cyclictest<pid>, written on SIGUSR2 "
	      "(get_cyclictest_snapshot).\n"
	      "Exit status: 0 ran, 1 error, 2 bad usage, 3 above --max-latency. See man rtwhy.\n",
	      out);
}
