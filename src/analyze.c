// SPDX-License-Identifier: GPL-2.0-only
/*
 * analyze - "rtwhy analyze FILE": the options; the file opened and its
 * first bytes sniffed; its events handed to the engine (stream.c), which
 * explains each spike and hands it back here to be printed like a live
 * run's spike and drawn; then the summary line and --json.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/analyze.h"
#include "rtwhy/cli.h"
#include "analysis/datread.h"
#include "analysis/diag.h"
#include "analysis/stream.h"
#include "rtwhy/json.h"
#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report/json.h"
#include "rtwhy/report/svg_spike.h"
#include "rtwhy/report/text.h"
#include "rtwhy/savetrace.h"
#include "analysis/textread.h" /* textread_parse_ts() for --at */
#include "analysis/util.h"

#define ANALYZE_SNIFF_BYTES 4096

/* ---- options --------------------------------------------------------------------------- */

enum analyze_opt {
	AOPT_PID = 256,
	AOPT_AT,
	AOPT_LATENCY,
	AOPT_CLOCK,
	AOPT_WINDOW_MS,
	AOPT_JSON,
	AOPT_SVG,
	AOPT_SAVE_TRACE,
	AOPT_HELP,
};

static const struct option analyze_long_options[] = {
	{ "pid", required_argument, NULL, AOPT_PID },
	{ "at", required_argument, NULL, AOPT_AT },
	{ "latency", required_argument, NULL, AOPT_LATENCY },
	{ "clock", required_argument, NULL, AOPT_CLOCK },
	{ "window-ms", required_argument, NULL, AOPT_WINDOW_MS },
	{ "json", required_argument, NULL, AOPT_JSON },
	{ "svg", required_argument, NULL, AOPT_SVG },
	{ "save-trace", required_argument, NULL, AOPT_SAVE_TRACE },
	{ "help", no_argument, NULL, AOPT_HELP },
	{ NULL, 0, NULL, 0 },
};

static int analyze_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int analyze_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* "invalid value 'V' for --OPT: expected WHAT", about the current optarg */
static int analyze_bad(char *err, size_t errlen, const char *opt, const char *what)
{
	return analyze_fail(err, errlen, "invalid value '%s' for %s: expected %s", optarg, opt,
			    what);
}

int analyze_parse_args(int argc, char **argv, struct analyze_opts *o, enum analyze_action *action,
		       char *err, size_t errlen)
{
	bool pid = false, at = false, lat = false;
	uint64_t v;
	int c;

	memset(o, 0, sizeof(*o));
	o->window_ns = ANALYZE_DEFAULT_WINDOW_MS * NSEC_PER_MSEC;
	*action = ANALYZE_RUN;
	optind = 0; /* full re-initialisation of getopt, for repeated calls */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", analyze_long_options, NULL)) != -1) {
		const char *opt = argv[optind - 1];

		switch (c) {
		case 'h':
		case AOPT_HELP:
			*action = ANALYZE_HELP;
			return 0;
		case AOPT_PID:
			if (util_parse_int(optarg, 1, 4194304, &o->pid))
				return analyze_bad(err, errlen, "--pid", "a thread id 1-4194304");
			pid = true;
			break;
		case AOPT_AT:
			if (textread_parse_ts(optarg, strlen(optarg), &o->at_ns))
				return analyze_bad(err, errlen, "--at",
						   "seconds in the trace's clock, e.g. 171.377353");
			at = true;
			break;
		case AOPT_LATENCY:
			if (util_parse_u64(optarg, 60000000, &v) || !v)
				return analyze_bad(err, errlen, "--latency",
						   "microseconds 1-60000000");
			o->latency_ns = v * NSEC_PER_USEC;
			lat = true;
			break;
		case AOPT_CLOCK:
			if (!optarg[0] || strlen(optarg) >= 16 || strchr(optarg, ' '))
				return analyze_bad(err, errlen, "--clock",
						   "a trace clock name (mono, local, global...)");
			o->clock = optarg;
			break;
		case AOPT_WINDOW_MS:
			if (util_parse_u64(optarg, 60000, &v) || !v)
				return analyze_bad(err, errlen, "--window-ms",
						   "milliseconds 1-60000");
			o->window_ns = v * NSEC_PER_MSEC;
			break;
		case AOPT_JSON:
			if (!optarg[0])
				return analyze_bad(err, errlen, "--json",
						   "a file name, or - for stdout");
			o->json_path = optarg;
			break;
		case AOPT_SVG:
			if (!optarg[0])
				return analyze_bad(err, errlen, "--svg", "a file name");
			o->svg_path = optarg;
			break;
		case AOPT_SAVE_TRACE:
			if (!optarg[0])
				return analyze_bad(err, errlen, "--save-trace", "a file name");
			o->save_trace = optarg;
			break;
		case ':':
			return analyze_fail(err, errlen, "option %s needs a value", opt);
		default:
			return analyze_fail(err, errlen, "unknown option '%s' (see analyze --help)",
					    opt);
		}
	}
	if (pid || at || lat) {
		if (!(pid && at && lat))
			return analyze_fail(err, errlen,
					    "--pid, --at and --latency name a spike together: "
					    "give all three");
		if (o->latency_ns > o->at_ns)
			return analyze_fail(err, errlen,
					    "--latency is longer than --at: the deadline would "
					    "be before time 0");
		o->manual = true;
	}
	if (optind >= argc)
		return analyze_fail(err, errlen, "no trace file given (see analyze --help)");
	if (optind + 1 < argc)
		return analyze_fail(err, errlen,
				    "unexpected argument '%s': one trace file at a time",
				    argv[optind + 1]);
	o->path = argv[optind];
	if (!o->path[0])
		return analyze_fail(err, errlen, "empty trace file name");
	return 0;
}

void analyze_usage(FILE *out)
{
	fputs("usage: rtwhy analyze [options] FILE\n"
	      "\n"
	      "Explain the latency spikes of a trace recorded elsewhere. FILE is a trace.dat\n"
	      "(trace-cmd extract/record, versions 6 and 7) or ftrace text (the kernel's\n"
	      "trace file, trace-cmd report, rtwhy --save-trace), told apart by content.\n"
	      "Spikes are the markers of cyclictest -b N --tracemark (\"hit latency\n"
	      "threshold\") and rtwhy's FREEZE markers; every one is explained, in order.\n"
	      "A trace of rtla timerlat -a N -t FILE: its last thread sample (where rtla\n"
	      "stopped); add -e sched -e irq -e timer -e irq_vectors to rtla.\n"
	      "\n"
	      "  --pid=TID --at=SECONDS --latency=US\n"
	      "                        explain this spike instead: thread TID ran at SECONDS\n"
	      "                        (the trace's timestamp, e.g. 171.377353), US late\n"
	      "  --clock=NAME          the trace clock of a text file that does not say it\n"
	      "                        (mono: rtwhy FREEZE deadlines are exact)\n"
	      "  --window-ms=MS        events kept before a spike; default 200\n"
	      "  --json=FILE           the explained spikes as JSON (\"-\": stdout)\n"
	      "  --svg=FILE            draw each explained spike\n"
	      "  --save-trace=FILE     write each explained window as text, or as a\n"
	      "                        trace.dat when FILE ends in .dat\n"
	      "  -h, --help\n"
	      "\n"
	      "Exit status: 0 spikes explained, 1 error or no spike found, 2 bad usage.\n",
	      out);
}

/* ---- what a file is --------------------------------------------------------------------- */

enum analyze_format analyze_sniff(const void *head, size_t len)
{
	const unsigned char *p = head;
	size_t i, odd = 0;
	int version;

	if (!len)
		return ANALYZE_FMT_EMPTY;
	if (datread_probe(head, len, &version))
		return ANALYZE_FMT_DAT;
	for (i = 0; i < len; i++) {
		if (p[i] == 0)
			return ANALYZE_FMT_BINARY;
		if (p[i] < 0x20 && p[i] != '\n' && p[i] != '\t' && p[i] != '\r')
			odd++;
	}
	return odd * 100 > len ? ANALYZE_FMT_BINARY : ANALYZE_FMT_TEXT;
}

/* ---- the report: what the engine (stream.h) hands on ---------------------------------- */

struct analyze_report {
	const struct analyze_opts *o;
	FILE *out; /* the text report, NULL for none */
	bool header_done;
	struct savetrace save; /* --save-trace */
};

/* What the file is, once, before the first spike (text says it in its first lines). */
static void analyze_print_header(struct analyze_report *a, const struct stream_summary *sum)
{
	if (a->header_done || !a->out)
		return;
	a->header_done = true;
	fprintf(a->out, "# rtwhy analyze: %s\n#   %s", a->o->path, sum->format);
	if (sum->nr_buffers > 1)
		fprintf(a->out, " (%d buffers)", sum->nr_buffers);
	if (sum->kernel[0])
		fprintf(a->out, ", kernel %s", sum->kernel);
	fprintf(a->out, ", %d CPU%s, clock %s\n", sum->nr_cpus, sum->nr_cpus == 1 ? "" : "s",
		sum->clock[0] ? sum->clock : "unknown");
	if (sum->relative_ts)
		fprintf(a->out, "#   latency format: times are microseconds since the buffer was "
				"reset\n");
	if (sum->flagless)
		fprintf(a->out,
			"#   no flags column (trace-cmd report shows it with -l): interrupt "
			"context inferred from the events, need-resched unknown\n");
	if (strcmp(sum->clock, "mono"))
		fprintf(a->out,
			"#   clock %s: deadlines from the threads' own hrtimer_start, else from "
			"the markers' latencies\n",
			sum->clock[0] ? "not mono" : "unknown");
}

/* An explained spike: printed like a live run's, and drawn. */
static void analyze_on_spike(const struct stream_spike *sp, void *arg)
{
	struct analyze_report *a = arg;

	analyze_print_header(a, sp->sum);
	if (a->out) {
		fprintf(a->out, "#\n# rtwhy: %s\n", sp->what);
		report_text_spike(a->out, sp->res, sp->index, sp->nr_events);
	}
	if (a->o->svg_path)
		report_svg_spike(a->o->svg_path, sp->index, sp->trace, sp->res);
	if (a->o->save_trace) {
		const struct savetrace_src src = {
			.nr_cpus = sp->sum->nr_cpus,
			.clock = sp->sum->clock,
			.release = sp->sum->kernel,
		};
		const struct savetrace_window win = {
			.ev = sp->ev,
			.n = sp->nr_events,
			.index = sp->index,
			.tid = sp->res->spike.tid,
			.latency_ns = sp->res->latency_ns,
			.since_ns = sp->res->spike.trace_start_ns,
		};

		savetrace_window(&a->save, &src, &win);
	}
}

/* ---- reading the file -------------------------------------------------------------------- */

/* What the file is; for text, the open file to read it from (pread left the offset at 0). */
static int analyze_open(const char *path, enum analyze_format *fmt, int *fd)
{
	char head[ANALYZE_SNIFF_BYTES];
	ssize_t n;
	int ret;

	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0) {
		ret = -errno;
		log_err("cannot read %s: %s", path, strerror(errno));
		return ret;
	}
	n = pread(*fd, head, sizeof(head), 0);
	if (n < 0) {
		ret = -errno;
		log_err("cannot read %s: %s", path, strerror(errno));
	} else {
		*fmt = analyze_sniff(head, (size_t)n);
		ret = *fmt == ANALYZE_FMT_EMPTY	   ? -ENODATA
		      : *fmt == ANALYZE_FMT_BINARY ? -EINVAL
						   : 0;
		if (ret)
			log_err("cannot read %s: %s", path,
				ret == -ENODATA ? "the file is empty"
						: "neither a trace.dat nor ftrace text");
	}
	if (ret || *fmt == ANALYZE_FMT_DAT) { /* libtracecmd opens it itself */
		close(*fd);
		*fd = -1;
	}
	return ret;
}

/*
 * libtracecmd 1.3.1 printf()s "File possibly truncated..." when it opens a
 * truncated trace.dat (datread.h): keep it off stdout, where the report (or
 * --json -) goes. Returns the saved stdout, -1 if it could not be saved.
 */
static int analyze_mute_stdout(void)
{
	int saved, null;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		saved = -1;
	}
	if (null >= 0)
		close(null);
	return saved;
}

static void analyze_unmute_stdout(int saved)
{
	if (saved < 0)
		return;
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
}

/* A trace.dat, opened with stdout pointed away (see analyze_mute_stdout()). */
static int analyze_open_dat(const char *path, struct datread **dr)
{
	int ret, saved;

	saved = analyze_mute_stdout();
	ret = datread_open(dr, path);
	analyze_unmute_stdout(saved);
	return ret;
}

int analyze_file(const struct analyze_opts *o, FILE *out, struct stream_summary *sum)
{
	struct analyze_report rep = { .o = o, .out = out };
	const struct stream_opts so = { .name = o->path,
					.clock = o->clock,
					.window_ns = o->window_ns,
					.manual = o->manual,
					.pid = o->pid,
					.at_ns = o->at_ns,
					.latency_ns = o->latency_ns,
					.on_spike = analyze_on_spike,
					.arg = &rep };
	enum analyze_format fmt = ANALYZE_FMT_EMPTY;
	struct datread *dr = NULL;
	int ret, fd = -1;

	memset(sum, 0, sizeof(*sum));
	savetrace_init(&rep.save, o->save_trace);
	ret = analyze_open(o->path, &fmt, &fd);
	if (ret)
		goto out;
	if (fmt == ANALYZE_FMT_DAT) {
		ret = analyze_open_dat(o->path, &dr);
		if (!ret)
			ret = stream_dat(&so, dr, sum);
	} else {
		ret = stream_text(&so, fd, sum);
	}
	if (ret)
		goto out;
	analyze_print_header(&rep, sum);
	if (out) {
		fprintf(out, "#\n# rtwhy: %d spike%s explained from %llu events", sum->nr_explained,
			sum->nr_explained == 1 ? "" : "s", (unsigned long long)sum->events);
		if (sum->nr_failed)
			fprintf(out, ", %d not explained", sum->nr_failed);
		if (sum->unparsed_lines)
			fprintf(out, ", %llu lines not read",
				(unsigned long long)sum->unparsed_lines);
		if (sum->duplicates)
			fprintf(out, ", %llu events repeated in a second buffer read once",
				(unsigned long long)sum->duplicates);
		fputc('\n', out);
		fflush(out);
	}
out:
	if (fd >= 0)
		close(fd);
	datread_close(dr);
	if (!ret && o->save_trace && !sum->nr_explained && out)
		fprintf(out, "# rtwhy: no spike explained: no trace saved to %s\n", o->save_trace);
	if (savetrace_close(&rep.save) && !ret)
		ret = -EIO;
	return ret;
}

static int analyze_write_json(const struct analyze_opts *o, const struct stream_summary *sum)
{
	FILE *f = stdout;
	struct json j;
	size_t i;
	int ret = strcmp(o->json_path, "-") ? outfile_open(o->json_path, "--json file", &f) : 0;

	if (ret)
		return ret;
	json_start(&j, f);
	json_string(&j, "rtwhy_version", RTWHY_VERSION);
	json_string(&j, "file", o->path);
	json_string(&j, "format", sum->dat ? "trace.dat" : "text");
	json_string(&j, "format_detail", sum->format);
	if (sum->clock[0])
		json_string(&j, "clock", sum->clock);
	else
		json_null(&j, "clock");
	if (sum->kernel[0])
		json_string(&j, "kernel", sum->kernel);
	else
		json_null(&j, "kernel");
	json_int(&j, "cpus", sum->nr_cpus);
	json_int(&j, "buffers", sum->nr_buffers);
	json_uint(&j, "events", (unsigned long long)sum->events);
	json_uint(&j, "unparsed_lines", (unsigned long long)sum->unparsed_lines);
	json_uint(&j, "lost_marks", (unsigned long long)sum->lost);
	json_bool(&j, "cut", sum->cut);
	json_uint(&j, "window_ms", (unsigned long long)(o->window_ns / NSEC_PER_MSEC));
	json_int(&j, "spikes_not_explained", sum->nr_failed);
	json_array(&j, "spikes");
	for (i = 0; i < sum->nr_spikes; i++)
		report_json_spike(&j, &sum->spikes[i], i + 1); /* kept in the order explained */
	json_end(&j);
	json_finish(&j);
	return outfile_close(f, "--json file", o->json_path);
}

int analyze_main(int argc, char **argv)
{
	struct stream_summary sum;
	enum analyze_action action;
	struct analyze_opts o;
	char err[256];
	int code = CLI_EXIT_FAILURE;

	diag_set_sink(log_diag, NULL);
	if (analyze_parse_args(argc, argv, &o, &action, err, sizeof(err))) {
		log_err("%s", err);
		return CLI_EXIT_USAGE;
	}
	if (action == ANALYZE_HELP) {
		analyze_usage(stdout);
		return CLI_EXIT_OK;
	}
	/* --json -: the JSON alone on stdout */
	memset(&sum, 0, sizeof(sum)); /* freed on every path, also when the file was not read */
	if (analyze_file(&o, o.json_path && !strcmp(o.json_path, "-") ? NULL : stdout, &sum)) {
		stream_summary_free(&sum);
		return CLI_EXIT_FAILURE;
	}
	if (!sum.nr_explained && !sum.nr_failed)
		log_err("cannot find a spike in %s: no cyclictest \"hit latency threshold\", "
			"rtwhy FREEZE marker or timerlat thread sample among its %llu events (name "
			"one with --pid, --at and --latency)",
			o.path, (unsigned long long)sum.events);
	else if (sum.nr_explained && !sum.nr_failed)
		code = CLI_EXIT_OK;
	if (o.json_path && analyze_write_json(&o, &sum))
		code = CLI_EXIT_FAILURE;
	stream_summary_free(&sum);
	return code;
}
