// SPDX-License-Identifier: GPL-2.0-only
/*
 * analyze - "rtwhy analyze FILE". The file's first bytes say what it is;
 * textread or datread then stream its events here, where they fill a
 * bounded window. A spike marker in the stream is explained at once from
 * that window with blame_explain() and printed like a live run's spike;
 * the results are kept for --json. Offline: nothing is read from this
 * machine's /proc about the tasks of the trace.
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
#include "analysis/evbuf.h"
#include "analysis/marker.h"
#include "rtwhy/json.h"
#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report_json.h"
#include "rtwhy/report_svg.h"
#include "rtwhy/report_text.h"
#include "analysis/textread.h"
#include "analysis/util.h"

#define ANALYZE_MAX_EVENTS    262144 /* window cap: about 44 MB of events */
#define ANALYZE_SNIFF_BYTES   4096
#define ANALYZE_MARKER_DUP_NS (1 * NSEC_PER_MSEC) /* same marker from two buffers */
#define ANALYZE_RESTART_NS    (1 * NSEC_PER_MSEC) /* time going back: a new trace */

/* ---- options --------------------------------------------------------------------------- */

enum analyze_opt {
	AOPT_PID = 256,
	AOPT_AT,
	AOPT_LATENCY,
	AOPT_CLOCK,
	AOPT_WINDOW_MS,
	AOPT_JSON,
	AOPT_SVG,
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
	      "\n"
	      "  --pid=TID --at=SECONDS --latency=US\n"
	      "                        explain this spike instead: thread TID ran at SECONDS\n"
	      "                        (the trace's timestamp, e.g. 171.377353), US late\n"
	      "  --clock=NAME          the trace clock of a text file that does not say it\n"
	      "                        (mono: rtwhy FREEZE deadlines are exact)\n"
	      "  --window-ms=MS        events kept before a spike; default 200\n"
	      "  --json=FILE           the explained spikes as JSON (\"-\": stdout)\n"
	      "  --svg=FILE            draw each explained spike\n"
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

/* ---- the streaming engine ----------------------------------------------------------------- */

struct analyze {
	const struct analyze_opts *o;
	FILE *out; /* the text report, NULL for none */
	struct analyze_summary *sum;
	struct textread *tr;
	struct datread *dr;
	struct evbuf win;
	int owner[RTW_EV_NR_KINDS]; /* buffer whose events of a kind are used, -1 none yet */
	uint64_t last_ts_ns;
	unsigned int windows;	      /* saved windows seen (text) */
	struct rtw_event last_marker; /* the previous marker taken */
	bool have_marker;
	bool manual_done;
	bool header_done;
	int max_cpu;
	int err; /* -ENOMEM in the callback */
};

static const char *analyze_clock(const struct analyze *a, int buffer)
{
	if (a->o->clock)
		return a->o->clock;
	if (a->dr)
		return datread_buffer_clock(a->dr, buffer);
	return textread_stats(a->tr)->clock;
}

/* "1116.268022", or with nanoseconds when the trace has them */
static void analyze_ts(uint64_t ns, char *buf, size_t len)
{
	if (ns % NSEC_PER_USEC)
		snprintf(buf, len, "%llu.%09llu", (unsigned long long)(ns / NSEC_PER_SEC),
			 (unsigned long long)(ns % NSEC_PER_SEC));
	else
		snprintf(buf, len, "%llu.%06llu", (unsigned long long)(ns / NSEC_PER_SEC),
			 (unsigned long long)(ns % NSEC_PER_SEC / NSEC_PER_USEC));
}

/* What the file says about itself, into the summary (text: as far as read). */
static void analyze_facts(struct analyze *a)
{
	struct analyze_summary *sum = a->sum;

	util_strlcpy(sum->clock, analyze_clock(a, 0), sizeof(sum->clock));
	sum->nr_cpus = a->max_cpu + 1;
	if (a->dr) {
		const struct datread_info *in = datread_info(a->dr);

		snprintf(sum->format, sizeof(sum->format), "trace.dat v%d", in->file_version);
		util_strlcpy(sum->kernel, in->release, sizeof(sum->kernel));
		if (in->nr_cpus > 0)
			sum->nr_cpus = in->nr_cpus;
		sum->nr_buffers = in->nr_buffers;
		sum->lost = in->lost_records;
		sum->layout_assumed = in->layout_assumed;
	} else {
		const struct textread_stats *st = textread_stats(a->tr);

		util_strlcpy(sum->format, textread_flavor_name(st->flavor), sizeof(sum->format));
		util_strlcpy(sum->kernel, st->kernel, sizeof(sum->kernel));
		if (st->nr_cpus > 0)
			sum->nr_cpus = st->nr_cpus;
		sum->nr_buffers = st->nr_buffers;
		sum->lines = st->lines;
		sum->unparsed_lines = st->unparsed;
		sum->first_unparsed_line = st->first_unparsed_line;
		sum->lost = st->lost_lines;
		sum->cut = st->cut;
		sum->relative_ts = st->relative_ts;
	}
}

/* What the file is, once, before the first spike (text says it in its first lines). */
static void analyze_print_header(struct analyze *a)
{
	const struct analyze_summary *sum = a->sum;

	if (a->header_done || !a->out)
		return;
	a->header_done = true;
	analyze_facts(a);
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
	if (a->tr && textread_stats(a->tr)->flagless)
		fprintf(a->out,
			"#   no flags column (trace-cmd report shows it with -l): interrupt "
			"context inferred from the events, need-resched unknown\n");
	if (strcmp(sum->clock, "mono"))
		fprintf(a->out, "#   the clock is not mono: deadlines are derived from the "
				"markers' latencies\n");
}

static void analyze_keep_result(struct analyze *a, const struct blame_result *res)
{
	struct analyze_summary *sum = a->sum;
	struct blame_result *kept;

	if (sum->nr_spikes == ANALYZE_MAX_KEPT)
		return;
	kept = realloc(sum->spikes, (sum->nr_spikes + 1) * sizeof(*kept));
	if (!kept)
		return;
	sum->spikes = kept;
	sum->spikes[sum->nr_spikes++] = *res;
}

static void analyze_explain(struct analyze *a, const struct blame_spike *sp, const char *what)
{
	struct blame_host host = { .steal_ns = -1 }; /* offline: no /proc of the traced machine */
	struct blame_result res;
	struct blame_trace trace;
	char at[32];
	int ret;

	analyze_ts(sp->wake_ns, at, sizeof(at));
	ret = blame_explain_trace(evbuf_data(&a->win), evbuf_len(&a->win), sp, &host, &res, &trace);
	if (ret) {
		log_err("cannot explain the spike of tid %d at %s: %s", sp->tid, at,
			ret == -ENODATA ? "no event before it" : strerror(-ret));
		a->sum->nr_failed++;
		return;
	}
	a->sum->nr_explained++;
	analyze_print_header(a);
	if (a->out) {
		fprintf(a->out, "#\n# rtwhy: %s\n", what);
		report_text_spike(a->out, &res, a->sum->nr_explained, evbuf_len(&a->win));
	}
	if (a->o->svg_path)
		report_svg_spike(a->o->svg_path, a->sum->nr_explained, &trace, &res);
	blame_trace_free(&trace);
	analyze_keep_result(a, &res);
}

static void analyze_marker(struct analyze *a, const struct rtw_event *ev, int buffer)
{
	const char *clock = analyze_clock(a, buffer);
	uint64_t unit = NSEC_PER_USEC;
	struct marker m;
	struct blame_spike sp;
	char what[RTW_MARKER_LEN + 160], at[32];

	if (!marker_parse(ev->u.marker.text, &m))
		return;
	if (m.kind == MARKER_CYCLICTEST)
		unit = marker_cyclictest_unit_ns(evbuf_data(&a->win), evbuf_len(&a->win), ev,
						 m.latency);
	analyze_ts(ev->ts_ns, at, sizeof(at));
	if (marker_spike(ev, &m, !strcmp(clock, "mono"), unit, &sp)) {
		log_err("cannot explain the marker at %s: its latency is longer than its time", at);
		a->sum->nr_failed++;
		return;
	}
	/* a window saved by rtwhy says since when it was recording, like the live run knew */
	if (m.kind == MARKER_FREEZE && sp.deadline_exact && a->tr)
		sp.trace_start_ns = textread_stats(a->tr)->recording_since_ns;
	snprintf(what, sizeof(what), "marker at %s on CPU %d by %s-%d%s: %s", at, ev->cpu,
		 ev->comm[0] ? ev->comm : "<...>", ev->pid,
		 unit == 1 ? " (cyclictest -N: nanoseconds)" : "", ev->u.marker.text);
	analyze_explain(a, &sp, what);
}

static void analyze_manual(struct analyze *a)
{
	struct blame_spike sp = {
		.thread = -1,
		.tid = a->o->pid,
		.cpu = -1,
		.deadline_ns = a->o->at_ns - a->o->latency_ns,
		.wake_ns = a->o->at_ns,
		.slack_ns = -1,
		.source = "manual",
	};
	char what[96], at[32];

	a->manual_done = true;
	analyze_ts(a->o->at_ns, at, sizeof(at));
	snprintf(what, sizeof(what), "spike given by hand: tid %d ran at %s, %llu us late",
		 a->o->pid, at, (unsigned long long)(a->o->latency_ns / NSEC_PER_USEC));
	analyze_explain(a, &sp, what);
}

/* Several buffers may carry the same events (a tracepoint enabled in two): per kind,
 * the first buffer that gives it is used. Markers come from every buffer, once. */
static bool analyze_take(struct analyze *a, const struct rtw_event *ev, int buffer)
{
	if (ev->kind == RTW_EV_LOST)
		return true;
	if (ev->kind == RTW_EV_MARKER) {
		const struct rtw_event *l = &a->last_marker;

		if (a->have_marker && l->pid == ev->pid &&
		    ev->ts_ns - l->ts_ns < ANALYZE_MARKER_DUP_NS &&
		    !strcmp(l->u.marker.text, ev->u.marker.text))
			return false;
		a->last_marker = *ev;
		a->have_marker = true;
		return true;
	}
	if (a->owner[ev->kind] < 0)
		a->owner[ev->kind] = buffer;
	if (a->owner[ev->kind] == buffer)
		return true;
	a->sum->duplicates++;
	return false;
}

static int analyze_on_event(const struct rtw_event *ev, int buffer, void *arg)
{
	struct analyze *a = arg;

	if (a->tr && textread_stats(a->tr)->windows != a->windows) {
		/* a new saved window: what came before was another recording */
		a->windows = textread_stats(a->tr)->windows;
		evbuf_clear(&a->win);
	}
	if (ev->ts_ns + ANALYZE_RESTART_NS < a->last_ts_ns) { /* time went back: a new trace */
		a->sum->restarts++;
		evbuf_clear(&a->win);
	}
	if (!analyze_take(a, ev, buffer))
		return 0;
	if (a->o->manual && !a->manual_done && ev->ts_ns > a->o->at_ns)
		analyze_manual(a);
	if (evbuf_push(&a->win, ev)) {
		a->err = -ENOMEM;
		return a->err;
	}
	a->sum->events++;
	a->last_ts_ns = ev->ts_ns;
	if (ev->cpu > a->max_cpu)
		a->max_cpu = ev->cpu;
	if (ev->kind == RTW_EV_MARKER && !a->o->manual)
		analyze_marker(a, ev, buffer);
	return 0;
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

static int analyze_read_text(struct analyze *a, int fd)
{
	const struct textread_stats *st;
	int ret;

	a->tr = textread_create(analyze_on_event, a);
	if (!a->tr) {
		log_err("cannot read %s: %s", a->o->path, strerror(ENOMEM));
		return -ENOMEM;
	}
	ret = textread_fd(a->tr, fd);
	if (a->err)
		return a->err;
	if (ret < 0) {
		log_err("cannot read %s: %s", a->o->path, strerror(-ret));
		return ret;
	}
	st = textread_stats(a->tr);
	if (!st->events) {
		log_err("cannot read %s: no ftrace event line in it (%llu line%s)", a->o->path,
			(unsigned long long)st->lines, st->lines == 1 ? "" : "s");
		return -EINVAL;
	}
	if (st->cut)
		log_warn("%s ends in the middle of a line: the file was cut", a->o->path);
	if (st->unparsed)
		log_warn("%llu line%s of %s could not be read (the first is line %llu)",
			 (unsigned long long)st->unparsed, st->unparsed == 1 ? "" : "s", a->o->path,
			 (unsigned long long)st->first_unparsed_line);
	return 0;
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

static int analyze_read_dat(struct analyze *a)
{
	int ret, saved;

	saved = analyze_mute_stdout();
	ret = datread_open(&a->dr, a->o->path);
	analyze_unmute_stdout(saved);
	if (ret)
		return ret;
	if (datread_info(a->dr)->layout_assumed)
		log_warn("%s does not say which kernel wrote it: reading its flags with the "
			 "layout of kernels 6.13 and later",
			 a->o->path);
	datread_read(a->dr, analyze_on_event, a);
	if (a->err)
		return a->err;
	if (!datread_info(a->dr)->events) {
		log_err("cannot read %s: the trace.dat holds no event", a->o->path);
		return -ENODATA;
	}
	return 0;
}

int analyze_file(const struct analyze_opts *o, FILE *out, struct analyze_summary *sum)
{
	struct analyze a = { .o = o, .out = out, .sum = sum, .max_cpu = -1 };
	enum analyze_format fmt = ANALYZE_FMT_EMPTY;
	int k, ret, fd = -1;

	memset(sum, 0, sizeof(*sum));
	for (k = 0; k < RTW_EV_NR_KINDS; k++)
		a.owner[k] = -1;
	evbuf_init(&a.win, o->window_ns, ANALYZE_MAX_EVENTS);
	ret = analyze_open(o->path, &fmt, &fd);
	if (ret)
		goto out;
	sum->dat = fmt == ANALYZE_FMT_DAT;
	ret = sum->dat ? analyze_read_dat(&a) : analyze_read_text(&a, fd);
	if (ret == -ENOMEM && a.err)
		log_err("cannot analyze %s: %s", o->path, strerror(ENOMEM));
	if (ret)
		goto out;
	if (o->manual && !a.manual_done) {
		char at[32], end[32];

		analyze_ts(o->at_ns, at, sizeof(at));
		analyze_ts(a.last_ts_ns, end, sizeof(end));
		if (o->at_ns > a.last_ts_ns) {
			log_err("cannot explain the spike at %s: the trace ends at %s", at, end);
			sum->nr_failed++;
		} else {
			analyze_manual(&a); /* at the very end of the trace */
		}
	}
	analyze_print_header(&a);
	analyze_facts(&a);
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
	textread_destroy(a.tr);
	datread_close(a.dr);
	evbuf_free(&a.win);
	return ret;
}

void analyze_summary_free(struct analyze_summary *sum)
{
	free(sum->spikes);
	sum->spikes = NULL;
	sum->nr_spikes = 0;
}

static int analyze_write_json(const struct analyze_opts *o, const struct analyze_summary *sum)
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
		report_json_spike(&j, &sum->spikes[i]);
	json_end(&j);
	json_finish(&j);
	return outfile_close(f, "--json file", o->json_path);
}

int analyze_main(int argc, char **argv)
{
	struct analyze_summary sum;
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
	if (analyze_file(&o, o.json_path && !strcmp(o.json_path, "-") ? NULL : stdout, &sum))
		return CLI_EXIT_FAILURE;
	if (!sum.nr_explained && !sum.nr_failed)
		log_err("cannot find a spike in %s: no cyclictest \"hit latency threshold\" or "
			"rtwhy FREEZE marker among its %llu events (name one with --pid, --at and "
			"--latency)",
			o.path, (unsigned long long)sum.events);
	else if (sum.nr_explained && !sum.nr_failed)
		code = CLI_EXIT_OK;
	if (o.json_path && analyze_write_json(&o, &sum))
		code = CLI_EXIT_FAILURE;
	analyze_summary_free(&sum);
	return code;
}
