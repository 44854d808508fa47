// SPDX-License-Identifier: GPL-2.0-only
/*
 * metrics: the bucket math (exact from -h, from the estimator's edges
 * otherwise, held to [previous, count]), label values both parsers take,
 * the culprit tally and its cardinality fold, the rendered file, and the
 * atomic replacement that leaves no temporary file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "rtwhy/metrics.h"
#include "analysis/util.h"
#include "unit.h"

/* what a writer wrote to a memory stream; free() it */
static char *metrics_text(void (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	fn(f, arg);
	fclose(f);
	return buf;
}

static void put_seconds(FILE *f, const void *arg)
{
	metrics_put_seconds(f, *(const int64_t *)arg);
}

static void put_label(FILE *f, const void *arg)
{
	metrics_put_label(f, arg);
}

/* @text has @part */
#define HAS(text, part) CU_ASSERT_PTR_NOT_NULL(strstr(text, part))

static void render(FILE *f, const void *arg)
{
	metrics_render(f, arg);
}

static void check_seconds(int64_t ns, const char *want)
{
	char *s = metrics_text(put_seconds, &ns);

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s, want);
	free(s);
}

static void test_seconds(void)
{
	check_seconds(0, "0");
	check_seconds(12345, "0.000012345");
	check_seconds(2500000, "0.0025");
	check_seconds(1000000000, "1");
	check_seconds(-500000000, "-0.5");
	check_seconds(3723000000001LL, "3723.000000001");
}

static void test_bounds(void)
{
	/* 1-2-5 from 1 us to 100 ms, printed as Prometheus' client libraries print le */
	static const char *const le[METRICS_NR_BOUNDS] = {
		"1e-06",  "2e-06", "5e-06", "1e-05", "2e-05", "5e-05", "0.0001", "0.0002",
		"0.0005", "0.001", "0.002", "0.005", "0.01",  "0.02",  "0.05",	 "0.1",
	};
	char buf[32];
	int k;

	for (k = 0; k < METRICS_NR_BOUNDS; k++) {
		snprintf(buf, sizeof(buf), "%g",
			 (double)metrics_bound_ns[k] / (double)NSEC_PER_SEC);
		CU_ASSERT_STRING_EQUAL(buf, le[k]);
	}
}

static void check_label(const char *raw, size_t len, const char *want)
{
	char out[64];

	metrics_label_clean(raw, out, len);
	CU_ASSERT_STRING_EQUAL(out, want);
}

static void test_label_clean(void)
{
	check_label("busyloop", 64, "busyloop");
	check_label("irq/45-eth0", 64, "irq/45-eth0");
	check_label("caf\xc3\xa9", 64, "caf\xc3\xa9"); /* é: valid UTF-8 stays */
	check_label("\xe2\x82\xac\xf0\x9f\x98\x80", 64, "\xe2\x82\xac\xf0\x9f\x98\x80"); /* € 😀 */
	check_label("a\xff"
		    "b",
		    64, "a?b");			     /* no UTF-8 lead byte */
	check_label("\xc0\xaf", 64, "??");	     /* overlong '/' */
	check_label("\xed\xa0\x80", 64, "???");	     /* a UTF-16 surrogate */
	check_label("\xf4\x90\x80\x80", 64, "????"); /* above U+10FFFF */
	check_label("x\xc3", 64, "x?");		     /* cut at the end */
	check_label("a\tb\nc\x7f", 64, "a?b?c?");    /* control characters */
	check_label("abcdef", 4, "abc");	     /* truncated */
	check_label("ab\xc3\xa9", 4, "ab");	     /* never half a character */
}

static void test_label_escape(void)
{
	char *s = metrics_text(put_label, "a\"b\\c");

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s, "\"a\\\"b\\\\c\"");
	free(s);
	s = metrics_text(put_label, "new\nline\xff");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s, "\"new?line?\"");
	free(s);
}

/* ---- the culprit tally ---- */

#define NO_CULPRIT (-1)

/* one explained spike: verdict @v, its culprit of @kind (NO_CULPRIT: none) named @name */
static void spike(struct blame_result *r, enum blame_verdict v, int kind, const char *name)
{
	memset(r, 0, sizeof(*r));
	r->verdict = v;
	r->verdict_culprit = kind == NO_CULPRIT ? -1 : 0;
	r->nr_culprits = 1;
	r->culprit[0].kind = kind == NO_CULPRIT ? BLAME_UNACCOUNTED : (enum blame_kind)kind;
	if (kind == BLAME_TASK || kind == BLAME_IRQ_THREAD)
		util_strlcpy(r->culprit[0].comm, name, sizeof(r->culprit[0].comm));
	else
		util_strlcpy(r->culprit[0].name, name, sizeof(r->culprit[0].name));
}

static void test_spikes_tally(void)
{
	struct metrics_spikes sp = { { 0 } };
	struct blame_result r;

	spike(&r, BLAME_V_TICK_WAIT, BLAME_TASK, "busyloop");
	metrics_spikes_add(&sp, &r);
	metrics_spikes_add(&sp, &r);
	spike(&r, BLAME_V_IRQ, BLAME_HARDIRQ, "ahci");
	metrics_spikes_add(&sp, &r);
	spike(&r, BLAME_V_IDLE_EXIT, BLAME_IDLE, "ignored");
	metrics_spikes_add(&sp, &r);
	spike(&r, BLAME_V_INVISIBLE, NO_CULPRIT, "");
	metrics_spikes_add(&sp, &r);
	CU_ASSERT_EQUAL(sp.by_verdict[BLAME_V_TICK_WAIT], 2);
	CU_ASSERT_EQUAL(sp.by_verdict[BLAME_V_IRQ], 1);
	CU_ASSERT_EQUAL(sp.by_verdict[BLAME_V_IDLE_EXIT], 1);
	CU_ASSERT_EQUAL(sp.by_verdict[BLAME_V_INVISIBLE], 1);
	CU_ASSERT_EQUAL_FATAL(sp.nr_culprits, 3);
	CU_ASSERT_EQUAL(sp.culprit[0].kind, BLAME_TASK);
	CU_ASSERT_STRING_EQUAL(sp.culprit[0].comm, "busyloop");
	CU_ASSERT_EQUAL(sp.culprit[0].spikes, 2);
	CU_ASSERT_STRING_EQUAL(sp.culprit[1].comm, "ahci"); /* a hard IRQ by its name */
	CU_ASSERT_EQUAL(sp.culprit[2].kind, BLAME_IDLE);
	CU_ASSERT_STRING_EQUAL(sp.culprit[2].comm, ""); /* idle has no comm */
}

static void test_spikes_fold(void)
{
	struct metrics_spikes sp = { { 0 } };
	struct blame_result r;
	char comm[32];
	int i;

	/* two comms that print the same are one series: the file never holds a duplicate */
	spike(&r, BLAME_V_TICK_WAIT, BLAME_TASK, "a\xff");
	metrics_spikes_add(&sp, &r);
	spike(&r, BLAME_V_TICK_WAIT, BLAME_TASK, "a\xfe");
	metrics_spikes_add(&sp, &r);
	CU_ASSERT_EQUAL_FATAL(sp.nr_culprits, 1);
	CU_ASSERT_STRING_EQUAL(sp.culprit[0].comm, "a?");
	CU_ASSERT_EQUAL(sp.culprit[0].spikes, 2);
	/* the same comm as another kind is another series */
	spike(&r, BLAME_V_IRQ_THREAD, BLAME_IRQ_THREAD, "a\xff");
	metrics_spikes_add(&sp, &r);
	CU_ASSERT_EQUAL(sp.nr_culprits, 2);
	/* a task really named "other" joins the fold of its kind */
	spike(&r, BLAME_V_TICK_WAIT, BLAME_TASK, METRICS_OTHER);
	metrics_spikes_add(&sp, &r);
	CU_ASSERT_EQUAL(sp.nr_culprits, 2);
	CU_ASSERT_EQUAL(sp.folded[BLAME_TASK], 1);
	/* past the cap, new comms fold; known ones still count in their own series */
	for (i = 0; i < 40; i++) {
		snprintf(comm, sizeof(comm), "worker-%d", i);
		spike(&r, BLAME_V_HIGHER_PRIORITY, BLAME_TASK, comm);
		metrics_spikes_add(&sp, &r);
	}
	CU_ASSERT_EQUAL(sp.nr_culprits, METRICS_MAX_CULPRITS);
	CU_ASSERT_EQUAL(sp.folded[BLAME_TASK], 1 + 40 - (METRICS_MAX_CULPRITS - 2));
	spike(&r, BLAME_V_TICK_WAIT, BLAME_TASK, "a\xff");
	metrics_spikes_add(&sp, &r);
	CU_ASSERT_EQUAL(sp.culprit[0].spikes, 3);
	CU_ASSERT_EQUAL(sp.by_verdict[BLAME_V_HIGHER_PRIORITY], 40);
}

/* ---- the bucket math ---- */

static const int64_t samples_ns[] = { -5000, 999, 1000, 1500, 4991, 4992, 5000, 9900, 150000000 };

static void thread_of(struct stats_thread *st, int nr_buckets, uint64_t unit,
		      struct measure_thread_summary *ts)
{
	size_t i;

	CU_ASSERT_EQUAL_FATAL(stats_init(st, nr_buckets, unit, false), 0);
	for (i = 0; i < ARRAY_SIZE(samples_ns); i++)
		stats_add(st, samples_ns[i]);
	memset(ts, 0, sizeof(*ts));
	ts->index = 2;
	ts->cpu = 1;
	ts->stats = st;
	stats_read(st, &ts->snap);
}

/* the samples through a thread of @nr_buckets of @unit: @want below each bound, @exact of them */
static void check_buckets(int nr_buckets, uint64_t unit, const uint64_t *want, uint32_t exact)
{
	struct measure_thread_summary ts;
	struct metrics_thread t;
	struct stats_thread st;
	int64_t sum = 0;
	size_t i;
	int k;

	thread_of(&st, nr_buckets, unit, &ts);
	metrics_thread_read(&ts, &t);
	for (i = 0; i < ARRAY_SIZE(samples_ns); i++)
		sum += samples_ns[i] / (int64_t)unit * (int64_t)unit; /* truncated, as cyclictest */
	CU_ASSERT_EQUAL(t.index, 2);
	CU_ASSERT_EQUAL(t.cpu, 1);
	CU_ASSERT_EQUAL(t.count, ARRAY_SIZE(samples_ns));
	CU_ASSERT_EQUAL(t.sum_ns, sum);
	CU_ASSERT_EQUAL(t.max_ns, 150000000);
	CU_ASSERT_EQUAL(t.exact, exact);
	for (k = 0; k < METRICS_NR_BOUNDS; k++)
		CU_ASSERT_EQUAL(t.below[k], want[k]);
	stats_free(&st);
}

/* 1 and 2 us are estimator edges (exact); 5 us counts below 4.992 us, 10 us below 9.984 */
static const uint64_t want_estimated[METRICS_NR_BOUNDS] = { 2, 4, 5, 8, 8, 8, 8, 8,
							    8, 8, 8, 8, 8, 8, 8, 8 };

static void test_buckets_estimator(void)
{
	check_buckets(0, NSEC_PER_USEC, want_estimated, 0);
}

static void test_buckets_histogram(void)
{
	/* -h 10: exact up to 10 us (4.991 and 4.992 us are below 5 us), the estimator above */
	static const uint64_t want[METRICS_NR_BOUNDS] = { 2, 4, 6, 8, 8, 8, 8, 8,
							  8, 8, 8, 8, 8, 8, 8, 8 };

	check_buckets(10, NSEC_PER_USEC, want, 0xf);
	/* -N -h 3000: buckets of 1 ns, exact for 1 and 2 us only */
	check_buckets(3000, 1, want_estimated, 0x3);
}

static void test_buckets_held(void)
{
	struct measure_thread_summary ts;
	struct metrics_thread t;
	struct stats_thread st;
	int k;

	/* a bucket never exceeds the count of the snapshot (samples taken after it) ... */
	thread_of(&st, 10, NSEC_PER_USEC, &ts);
	ts.snap.cycles = 3;
	metrics_thread_read(&ts, &t);
	CU_ASSERT_EQUAL(t.below[0], 2);
	for (k = 1; k < METRICS_NR_BOUNDS; k++)
		CU_ASSERT_EQUAL(t.below[k], 3);
	/* ... nor goes below the one before (the estimator read before the histogram's sample) */
	stats_read(&st, &ts.snap);
	st.est[stats_est_bucket(9900)] = 0;
	metrics_thread_read(&ts, &t);
	CU_ASSERT_EQUAL(t.below[3], 8); /* exact, from -h */
	CU_ASSERT_EQUAL(t.below[4], 8); /* the estimator says 7 */
	stats_free(&st);
}

/* ---- the rendered file ---- */

static char *rendered_as(bool running, bool traced, enum metrics_format format)
{
	static struct metrics_spikes sp;
	struct metrics_thread t[2] = {
		{ .index = 0, .cpu = 3, .count = 10, .sum_ns = 123456, .max_ns = 45000 },
		{ .index = 1, .cpu = 0, .count = 0 },
	};
	struct metrics_input in = {
		.threads = t,
		.nr_threads = 2,
		.spikes = traced ? &sp : NULL,
		.blind_spikes = 4,
		.run = { .threshold_ns = 2500000,
			 .blind_ns = 1500000,
			 .start_time = 1700000000,
			 .running = running,
			 .exit_status = 3 },
		.format = format,
	};
	struct blame_result r;
	int k;

	for (k = 0; k < METRICS_NR_BOUNDS; k++)
		t[0].below[k] = k < 5 ? (uint64_t)k : 10;
	memset(&sp, 0, sizeof(sp));
	spike(&r, BLAME_V_TICK_WAIT, BLAME_TASK, "bad\"comm\\");
	metrics_spikes_add(&sp, &r);
	for (k = 0; k < METRICS_MAX_CULPRITS + 1; k++) {
		char comm[32];

		snprintf(comm, sizeof(comm), "w%d", k);
		spike(&r, BLAME_V_HIGHER_PRIORITY, BLAME_TASK, comm);
		metrics_spikes_add(&sp, &r);
	}
	return metrics_text(render, &in);
}

static char *rendered(bool running, bool traced)
{
	return rendered_as(running, traced, METRICS_PROMETHEUS);
}

/*
 * RTWHY_METRICS_SAMPLES=DIR: the rendered files into DIR, for the parsers
 * of tests/shell/40-metrics-formats.sh (promtool, prometheus_client).
 */
static void save_sample(const char *name, const char *text)
{
	const char *dir = getenv("RTWHY_METRICS_SAMPLES");
	char path[512];
	FILE *f;

	if (!dir || !text)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	CU_ASSERT_EQUAL(fclose(f), 0);
}

static void test_render_openmetrics(void)
{
	char *s = rendered_as(true, true, METRICS_OPENMETRICS), *line;
	char *fin = rendered_as(false, false, METRICS_OPENMETRICS);
	size_t len;
	int nr_types = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fin);
	save_sample("running.om", s);
	save_sample("final.om", fin);
	free(fin);
	fin = rendered(true, true);
	save_sample("running.prom", fin);
	free(fin);
	fin = rendered(false, false);
	save_sample("final.prom", fin);
	free(fin);
	len = strlen(s);
	CU_ASSERT_TRUE(len > 6 && !strcmp(s + len - 6, "# EOF\n"));
	/* counter families without _total, their samples with it */
	HAS(s, "\n# TYPE rtwhy_spikes counter\nrtwhy_spikes_total{verdict=");
	HAS(s, "\n# TYPE rtwhy_culprit_spikes counter\n");
	HAS(s, "\n# TYPE rtwhy_blind_seconds counter\n# UNIT rtwhy_blind_seconds seconds\n"
	       "rtwhy_blind_seconds_total 0.0015\n");
	HAS(s, "# TYPE rtwhy_build info\nrtwhy_build_info{version=");
	HAS(s, "\n# UNIT rtwhy_latency_seconds seconds\n");
	HAS(s, "\n# UNIT rtwhy_start_time_seconds seconds\n");
	HAS(s, "\nrtwhy_latency_seconds_bucket{thread=\"0\",cpu=\"3\",le=\"+Inf\"} 10\n");
	for (line = strtok(s, "\n"); line; line = strtok(NULL, "\n")) {
		char name[96], type[16];

		if (sscanf(line, "# TYPE %95s %15s", name, type) == 2) {
			nr_types++;
			len = strlen(name);
			CU_ASSERT_FALSE(len > 6 && !strcmp(name + len - 6, "_total"));
			CU_ASSERT_FALSE(len > 5 && !strcmp(name + len - 5, "_info"));
		}
	}
	CU_ASSERT_EQUAL(nr_types, 10);
	free(s);
}

static void test_format_names(void)
{
	enum metrics_format f = METRICS_OPENMETRICS;

	CU_ASSERT_EQUAL(metrics_format_parse("prometheus", &f), 0);
	CU_ASSERT_EQUAL(f, METRICS_PROMETHEUS);
	CU_ASSERT_EQUAL(metrics_format_parse("openmetrics", &f), 0);
	CU_ASSERT_EQUAL(f, METRICS_OPENMETRICS);
	CU_ASSERT_EQUAL(metrics_format_parse("OpenMetrics", &f), -EINVAL);
}

static void test_render(void)
{
	char *s = rendered(true, true), *line;
	size_t len;
	int nr_types = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	len = strlen(s);
	CU_ASSERT_TRUE(len > 6 && !strcmp(s + len - 6, "# EOF\n"));
	HAS(s, "\nrtwhy_running 1\n");
	CU_ASSERT_PTR_NULL(strstr(s, "rtwhy_exit_status")); /* only once the run has ended */
	HAS(s, "\nrtwhy_start_time_seconds 1700000000\n");
	HAS(s, "\nrtwhy_latency_seconds_bucket{thread=\"0\",cpu=\"3\",le=\"1e-06\"} 0\n");
	HAS(s, "\nrtwhy_latency_seconds_bucket{thread=\"0\",cpu=\"3\",le=\"5e-05\"} 10\n");
	HAS(s, "\nrtwhy_latency_seconds_bucket{thread=\"0\",cpu=\"3\",le=\"+Inf\"} 10\n");
	HAS(s, "\nrtwhy_latency_seconds_sum{thread=\"0\",cpu=\"3\"} 0.000123456\n");
	HAS(s, "\nrtwhy_latency_seconds_count{thread=\"1\",cpu=\"0\"} 0\n");
	HAS(s, "\nrtwhy_latency_max_seconds{thread=\"0\",cpu=\"3\"} 0.000045\n");
	HAS(s, "\nrtwhy_trace_threshold_seconds 0.0025\n");
	HAS(s, "\nrtwhy_spikes_total{verdict=\"tick_wait\"} 1\n");
	HAS(s, "\nrtwhy_spikes_total{verdict=\"higher_priority\"} 17\n");
	HAS(s, "\nrtwhy_spikes_total{verdict=\"incomplete\"} 0\n");
	HAS(s, "\nrtwhy_culprit_spikes_total{kind=\"task\",comm=\"bad\\\"comm\\\\\"} 1\n");
	HAS(s, "\nrtwhy_culprit_spikes_total{kind=\"task\",comm=\"other\"} 2\n");
	HAS(s, "\nrtwhy_blind_spikes_total 4\n");
	HAS(s, "\nrtwhy_blind_seconds_total 0.0015\n");
	HAS(s, "\n# UNIT rtwhy_latency_seconds seconds\n");
	/* counters end in _total in the TYPE line too; no sample has a timestamp */
	for (line = strtok(s, "\n"); line; line = strtok(NULL, "\n")) {
		char name[96], type[16];

		if (sscanf(line, "# TYPE %95s %15s", name, type) == 2) {
			nr_types++;
			len = strlen(name);
			CU_ASSERT_EQUAL(!strcmp(type, "counter"),
					len > 6 && !strcmp(name + len - 6, "_total"));
		} else if (line[0] != '#') {
			const char *c = strrchr(line, '}');
			int spaces = 0;

			for (c = c ? c : line; *c; c++)
				spaces += *c == ' ';
			CU_ASSERT_EQUAL(spaces, 1);
		}
	}
	CU_ASSERT_EQUAL(nr_types, 10);
	free(s);
}

static void test_render_final_untraced(void)
{
	char *s = rendered(false, false);

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	HAS(s, "\nrtwhy_running 0\n");
	HAS(s, "\n# TYPE rtwhy_exit_status gauge\nrtwhy_exit_status 3\n");
	CU_ASSERT_PTR_NULL(strstr(s, "rtwhy_spikes_total"));
	CU_ASSERT_PTR_NULL(strstr(s, "rtwhy_blind"));
	CU_ASSERT_PTR_NULL(strstr(s, "rtwhy_trace_threshold"));
	HAS(s, "\n# EOF\n");
	free(s);
}

/* ---- the file ---- */

static char dir[32];

static int names_in_dir(char *out, size_t len)
{
	struct dirent *de;
	size_t used = 0;
	int n = 0;
	DIR *d = opendir(dir);

	out[0] = '\0';
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		used += (size_t)snprintf(out + used, len - used, "%s%s", n++ ? " " : "",
					 de->d_name);
		if (used >= len)
			break;
	}
	closedir(d);
	return n;
}

static void test_file(void)
{
	struct metrics_run run = { .threshold_ns = 0, .start_time = 1, .running = true };
	struct metrics_file mf = { 0 };
	struct measure_thread_summary ts;
	struct measure_summary s = { .nr_threads = 1, .threads = &ts };
	struct stats_thread st;
	char path[64], names[256], text[8192];
	FILE *f;
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(strcpy(dir, "/tmp/rtwhy-unit.XXXXXX")));
	snprintf(path, sizeof(path), "%s/rtwhy.prom", dir);
	thread_of(&st, 0, NSEC_PER_USEC, &ts);
	CU_ASSERT_EQUAL(metrics_file_check(path), 0);
	CU_ASSERT_EQUAL(names_in_dir(names, sizeof(names)), 0); /* the probe is gone */
	metrics_file_init(&mf, path, METRICS_PROMETHEUS);
	CU_ASSERT_EQUAL(metrics_file_write(&mf, &s, &run, 1000), 0); /* the first call writes */
	CU_ASSERT_EQUAL(names_in_dir(names, sizeof(names)), 1);
	CU_ASSERT_STRING_EQUAL(names, "rtwhy.prom");
	unlink(path);
	CU_ASSERT_EQUAL(metrics_file_write(&mf, &s, &run, 1000 + METRICS_PERIOD_NS - 1), 0);
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0); /* not due yet */
	CU_ASSERT_EQUAL(metrics_file_write(&mf, &s, &run, 1000 + METRICS_PERIOD_NS), 0);
	CU_ASSERT_EQUAL(access(path, F_OK), 0);
	run.running = false;
	run.exit_status = 0;
	CU_ASSERT_EQUAL(metrics_file_write(&mf, &s, &run, 1000 + METRICS_PERIOD_NS + 1), 0);
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	HAS(text, "\nrtwhy_exit_status 0\n");
	HAS(text, "\nrtwhy_latency_seconds_count{thread=\"2\",cpu=\"1\"} 9\n");
	CU_ASSERT_TRUE(n > 6 && !strcmp(text + n - 6, "# EOF\n"));
	CU_ASSERT_EQUAL(names_in_dir(names, sizeof(names)), 1);
	/* FILE is a directory: the rename fails, said, and the temporary file is removed */
	unlink(path);
	CU_ASSERT_EQUAL_FATAL(mkdir(path, 0755), 0);
	snprintf(names, sizeof(names), "%s/x", path);
	close(open(names, O_WRONLY | O_CREAT, 0644)); /* not empty */
	CU_ASSERT_EQUAL(metrics_file_check(path), -EISDIR);
	CU_ASSERT_TRUE(metrics_file_write(&mf, &s, &run, 0) < 0);
	CU_ASSERT_EQUAL(names_in_dir(names, sizeof(names)), 1); /* only the directory */
	snprintf(names, sizeof(names), "%s/x", path);
	unlink(names);
	rmdir(path);
	metrics_file_free(&mf);
	stats_free(&st);
	/* a directory that is not there */
	snprintf(path, sizeof(path), "%s/none/rtwhy.prom", dir);
	CU_ASSERT_EQUAL(metrics_file_check(path), -ENOENT);
	CU_ASSERT_EQUAL(metrics_file_check(NULL), 0);
	rmdir(dir);
}

static void remove_dir(void)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			unlinkat(dirfd(d), de->d_name, 0);
	if (d)
		closedir(d);
	rmdir(dir);
}

static void touch(const char *name, bool old)
{
	struct timespec t[2] = { { .tv_sec = time(NULL) - 3600 }, { .tv_sec = time(NULL) - 3600 } };
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	close(open(path, O_WRONLY | O_CREAT, 0644));
	if (old)
		utimensat(AT_FDCWD, path, t, 0);
}

static void test_stale(void)
{
	char path[64], name[64], names[512];
	pid_t dead = fork();

	if (dead == 0)
		_exit(0);
	CU_ASSERT_TRUE_FATAL(dead > 0);
	waitpid(dead, NULL, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(strcpy(dir, "/tmp/rtwhy-unit.XXXXXX")));
	snprintf(path, sizeof(path), "%s/m.prom", dir);
	snprintf(name, sizeof(name), "m.prom.tmp.%d", (int)dead);
	touch(name, true); /* a killed run's: removed */
	snprintf(name, sizeof(name), "n.prom.tmp.%d", (int)dead);
	touch(name, true); /* another file's */
	snprintf(name, sizeof(name), "m.prom.tmp.%d", (int)getppid());
	touch(name, true); /* a live process's */
	touch("m.prom.tmp.x", true);
	CU_ASSERT_EQUAL(metrics_file_check(path), 0);
	CU_ASSERT_EQUAL(names_in_dir(names, sizeof(names)), 3);
	snprintf(name, sizeof(name), "m.prom.tmp.%d", (int)dead);
	CU_ASSERT_PTR_NULL(strstr(names, name));
	/* a dead pid's, written a moment ago (a pid of another namespace?): kept */
	touch(name, false);
	CU_ASSERT_EQUAL(metrics_file_check(path), 0);
	CU_ASSERT_EQUAL(names_in_dir(names, sizeof(names)), 4);
	remove_dir();
}

/* the option: a file name, never stdout (the file is renamed into place) */
static void test_option(void)
{
	static char a0[] = "rtwhy", good[] = "--metrics=/var/lib/node/rtwhy.prom",
		    dash[] = "--metrics=-", empty[] = "--metrics=";
	char *argv[3] = { a0, good, NULL };
	static struct rtw_config cfg;
	enum cli_action action;
	char err[256];

	CU_ASSERT_EQUAL(cli_parse(2, argv, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(cfg.output.metrics, "/var/lib/node/rtwhy.prom");
	argv[1] = dash;
	CU_ASSERT_EQUAL(cli_parse(2, argv, &cfg, &action, err, sizeof(err)), -EINVAL);
	HAS(err, "--metrics");
	argv[1] = empty;
	CU_ASSERT_EQUAL(cli_parse(2, argv, &cfg, &action, err, sizeof(err)), -EINVAL);
	argv[1] = a0;
	CU_ASSERT_EQUAL(cli_parse(1, argv, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NULL(cfg.output.metrics);
}

static CU_TestInfo metrics_tests[] = {
	{ "the option", test_option },
	{ "seconds printed exactly", test_seconds },
	{ "bucket bounds and their le", test_bounds },
	{ "label values: valid UTF-8, no control characters", test_label_clean },
	{ "label values: quote and backslash escaped", test_label_escape },
	{ "spikes by verdict and culprit", test_spikes_tally },
	{ "culprits: one series per printed comm, the rest in other", test_spikes_fold },
	{ "buckets from the estimator", test_buckets_estimator },
	{ "buckets from -h where it covers them", test_buckets_histogram },
	{ "buckets held to [previous, count]", test_buckets_held },
	{ "the file while running", test_render },
	{ "the final file, no tracing", test_render_final_untraced },
	{ "OpenMetrics, strict", test_render_openmetrics },
	{ "format names", test_format_names },
	{ "the file replaced atomically, no temporary left", test_file },
	{ "temporary files of killed runs removed", test_stale },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("metrics", NULL, NULL, metrics_tests);
