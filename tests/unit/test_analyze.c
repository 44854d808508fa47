// SPDX-License-Identifier: GPL-2.0-only
/*
 * analyze: the subcommand's options, format sniffing, spike markers, and
 * the verdict of every recorded fixture (tests/fixtures/NAME.expect lists
 * the files of a recording and the spikes each must give), then damaged
 * files: refused with an error, never a crash.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/analyze.h"
#include "evgen.h"
#include "unit.h"

static struct analyze_opts opts;
static enum analyze_action act;
static char err[256];

/* parse("--pid", "5", NULL): argv[0] "analyze" is added */
static int parse(const char *first, ...)
{
	static char *argv[32];
	const char *a;
	int argc = 0;
	va_list ap;

	argv[argc++] = (char *)"analyze";
	va_start(ap, first);
	for (a = first; a && argc < 31; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	err[0] = '\0';
	return analyze_parse_args(argc, argv, &opts, &act, err, sizeof(err));
}

static void test_args(void)
{
	{
		CU_ASSERT_EQUAL(parse("trace.dat", NULL), 0);
		CU_ASSERT_EQUAL(act, ANALYZE_RUN);
		CU_ASSERT_STRING_EQUAL(opts.path, "trace.dat");
		CU_ASSERT_EQUAL(opts.window_ns, 200 * NSEC_PER_MSEC);
		CU_ASSERT(!opts.manual);
		CU_ASSERT_PTR_NULL(opts.json_path);
		CU_ASSERT_PTR_NULL(opts.svg_path);
		CU_ASSERT_PTR_NULL(opts.clock);
	}
	{
		CU_ASSERT_EQUAL(parse("--json", "out.json", "--svg=s.svg", "--clock", "mono",
				      "--window-ms=50", "t.txt", NULL),
				0);
		CU_ASSERT_STRING_EQUAL(opts.json_path, "out.json");
		CU_ASSERT_STRING_EQUAL(opts.svg_path, "s.svg");
		CU_ASSERT_STRING_EQUAL(opts.clock, "mono");
		CU_ASSERT_EQUAL(opts.window_ns, 50 * NSEC_PER_MSEC);
		CU_ASSERT_STRING_EQUAL(opts.path, "t.txt");
	}
	{ /* options after the file, and the spike by hand */
		CU_ASSERT_EQUAL(parse("t.txt", "--pid", "2643", "--at=171.377353", "--latency",
				      "3950", NULL),
				0);
		CU_ASSERT(opts.manual);
		CU_ASSERT_EQUAL(opts.pid, 2643);
		CU_ASSERT_EQUAL(opts.at_ns, 171377353000ULL);
		CU_ASSERT_EQUAL(opts.latency_ns, 3950000ULL);
		CU_ASSERT_STRING_EQUAL(opts.path, "t.txt");
	}
	{
		CU_ASSERT_EQUAL(parse("--help", NULL), 0);
		CU_ASSERT_EQUAL(act, ANALYZE_HELP);
	}
	{
		CU_ASSERT_EQUAL(parse("-h", "--pid=x", NULL), 0);
		CU_ASSERT_EQUAL(act, ANALYZE_HELP);
	}
	{
		CU_ASSERT_EQUAL(parse("--", "-odd-name.txt", NULL), 0);
		CU_ASSERT_STRING_EQUAL(opts.path, "-odd-name.txt");
	}
}

static void test_bad_args(void)
{
	static const char *const bad[][4] = {
		{ "--pid", "0", "t", "--pid" },
		{ "--pid", "x", "t", "--pid" },
		{ "--pid", "4194305", "t", "--pid" },
		{ "--at", "1.5s", "t", "--at" },
		{ "--at", "-1", "t", "--at" },
		{ "--at", "1.1234567890", "t", "--at" },
		{ "--latency", "0", "t", "--latency" },
		{ "--latency", "60000001", "t", "--latency" },
		{ "--latency", "1.5", "t", "--latency" },
		{ "--window-ms", "0", "t", "--window-ms" },
		{ "--window-ms", "60001", "t", "--window-ms" },
		{ "--window-ms", "ten", "t", "--window-ms" },
		{ "--clock", "", "t", "--clock" },
		{ "--clock", "a b", "t", "--clock" },
		{ "--clock", "abcdefghijklmnopq", "t", "--clock" },
		{ "--bogus", "t", "t", "--bogus" },
		{ "t", "u", "u", "'u'" },
		{ "--json", "t", NULL, "no trace file" },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CU_ASSERT_EQUAL(parse(bad[i][0], bad[i][1], bad[i][2], NULL), -EINVAL);
		if (!strstr(err, bad[i][3]))
			fprintf(stderr, "case %zu: '%s' does not name %s\n", i, err, bad[i][3]);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i][3]));
	}
	{
		CU_ASSERT_EQUAL(parse("--pid", "5", "--at", "1.0", "t", NULL), -EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "all three"));
	}
	{
		CU_ASSERT_EQUAL(
			parse("--pid", "5", "--at", "0.001", "--latency", "2000", "t", NULL),
			-EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "longer than --at"));
	}
	{
		CU_ASSERT_EQUAL(parse("--json", NULL), -EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs a value"));
	}
	{
		CU_ASSERT_EQUAL(parse("", NULL), -EINVAL);
	}
}

static void test_sniff(void)
{
	static const char dat[] = "\027\010\104tracing6\0rest";
	char junk[64];

	CU_ASSERT_EQUAL(analyze_sniff("", 0), ANALYZE_FMT_EMPTY);
	CU_ASSERT_EQUAL(analyze_sniff(dat, sizeof(dat)), ANALYZE_FMT_DAT);
	CU_ASSERT_EQUAL(analyze_sniff("# tracer: nop\n#\n", 16), ANALYZE_FMT_TEXT);
	CU_ASSERT_EQUAL(analyze_sniff("  bash-1 [000] 1.0: x\r\n", 23), ANALYZE_FMT_TEXT);
	CU_ASSERT_EQUAL(analyze_sniff("caf\xc3\xa9\n", 6), ANALYZE_FMT_TEXT); /* UTF-8 comm */
	CU_ASSERT_EQUAL(analyze_sniff("text\0more", 9), ANALYZE_FMT_BINARY);
	memset(junk, 0x01, sizeof(junk));
	CU_ASSERT_EQUAL(analyze_sniff(junk, sizeof(junk)), ANALYZE_FMT_BINARY);
}

/* ---- the recorded fixtures ------------------------------------------------------------- */

static const char *expect_value(const char *line, const char *key, char *buf, size_t len)
{
	size_t klen = strlen(key);
	const char *p = line;

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ') && p[klen] == '=') {
			size_t n = strcspn(p + klen + 1, " \n");

			if (n >= len)
				n = len - 1;
			memcpy(buf, p + klen + 1, n);
			buf[n] = '\0';
			return buf;
		}
		p += klen;
	}
	return NULL;
}

/* "2752.633330" (the trace's seconds), in @buf of 32 bytes; "0" for none */
static const char *fixture_ts(uint64_t ns, char *buf)
{
	if (!ns)
		return "0";
	snprintf(buf, 32, "%llu.%06llu", (unsigned long long)(ns / NSEC_PER_SEC),
		 (unsigned long long)(ns % NSEC_PER_SEC / NSEC_PER_USEC));
	return buf;
}

/* "fairhog:10486", in @buf of 32 bytes */
static const char *fixture_task(const char *comm, int pid, char *buf)
{
	snprintf(buf, 32, "%.16s:%d", comm, pid);
	return buf;
}

/* "30067,30065": the tasks held off with the thread, in @buf of 32 bytes */
static const char *fixture_with(const struct offcpu_cfs *cfs, char *buf)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < cfs->nr_with && used < 32; i++)
		used += (size_t)snprintf(buf + used, 32 - used, "%s%d", i ? "," : "",
					 cfs->with[i].pid);
	return buf;
}

static uint64_t fixture_irq_gap_ns(const struct blame_result *r)
{
	uint64_t ns = 0;
	int i;

	for (i = 0; i < r->nr_culprits; i++)
		if (r->culprit[i].kind == BLAME_UNACCOUNTED && r->culprit[i].name[0] &&
		    !blame_culprit_is_others(&r->culprit[i]))
			ns += r->culprit[i].ns;
	return ns;
}

static int check_hint(const char *file, int index, const char *line, const char *key,
		      const char *hint, bool has)
{
	char want[160], *f, *save;
	int bad = 0;

	if (!expect_value(line, key, want, sizeof(want)))
		return 0;
	for (f = strtok_r(want, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		if (!strstr(hint, f) != has)
			continue;
		fprintf(stderr, "%s spike %d: the hint %s \"%s\": %s\n", file, index,
			has ? "lacks" : "has", f, hint);
		bad++;
	}
	return bad;
}

/* "none", "freezer", "trap", "before": enum offcpu_frozen_how in an .expect */
static const char *fixture_frozen_how(int how)
{
	static const char *const names[] = { "none", "freezer", "trap", "before" };

	return how >= 0 && how < (int)(sizeof(names) / sizeof(names[0])) ? names[how] : "?";
}

/* Is every key=value of an expect "spike" line true of @r? */
static int check_spike(const char *file, int index, const char *line, const struct blame_result *r)
{
	const struct blame_culprit *c =
		r->verdict_culprit >= 0 ? &r->culprit[r->verdict_culprit] : NULL;
	char want[160], got[64];
	int bad = 0;

#define EXPECT(key, fmt, val)                                                                     \
	do {                                                                                      \
		if (!expect_value(line, key, want, sizeof(want)))                                 \
			break;                                                                    \
		snprintf(got, sizeof(got), fmt, val);                                             \
		if (strcmp(want, got)) {                                                          \
			fprintf(stderr, "%s spike %d: %s is %s, expected %s\n", file, index, key, \
				got, want);                                                       \
			bad++;                                                                    \
		}                                                                                 \
	} while (0)
	EXPECT("tid", "%d", r->spike.tid);
	EXPECT("cpu", "%d", r->run_cpu >= 0 ? r->run_cpu : r->spike.cpu);
	EXPECT("verdict", "%s", blame_verdict_name(r->verdict));
	EXPECT("exact", "%d", r->spike.deadline_exact);
	EXPECT("kind", "%s", c ? blame_kind_name(c->kind) : "none");
	EXPECT("comm", "%s", c ? c->comm : "none");
	EXPECT("name", "%s", c ? c->name : "none");
	EXPECT("policy", "%s", c ? blame_policy_name(c->policy) : "none");
	EXPECT("prio", "%d", c ? event_user_prio(c->prio) : -1);
	/* the causes (tests/fixtures/causes/): what the kernel's mechanism was */
	EXPECT("lat_us", "%llu", (unsigned long long)((r->latency_ns + 500) / 1000));
	EXPECT("period_timer", "%s", fixture_ts(r->cause.bw.period_timer_ns, got + 32));
	EXPECT("server_start", "%s", fixture_ts(r->cause.bw.server_timer_ns, got + 32));
	/* RT group scheduling: the other group's RT task below the thread that ran meanwhile */
	EXPECT("lower_rt", "%s",
	       r->cause.bw.lower_rt_ns
		       ? fixture_task(r->cause.bw.fair_comm, r->cause.bw.fair_pid, got + 32)
		       : "none");
	EXPECT("server_after_us", "%llu",
	       (unsigned long long)((r->cause.bw.server_after_ns + 500) / 1000));
	EXPECT("boosted_to", "%d", event_user_prio(r->cause.pi.boost_prio));
	EXPECT("boosted_by", "%d", r->cause.pi.waiter_pid);
	EXPECT("holder", "%d", r->cause.pi.holder_pid);
	EXPECT("holder_prio", "%d", event_user_prio(r->cause.pi.holder_prio));
	EXPECT("moved", "%s",
	       fixture_task(r->cause.stop.moved_comm, r->cause.stop.moved_pid, got + 32));
	EXPECT("by", "%s", fixture_task(r->cause.stop.by_comm, r->cause.stop.by_pid, got + 32));
	EXPECT("by_timer", "%s", r->cause.stop.by_timer[0] ? r->cause.stop.by_timer : "none");
	EXPECT("hotplug_cpu", "%d", r->cause.stop.hotplug_cpu);
	EXPECT("hotplug_step", "%s",
	       r->cause.stop.hotplug_step[0] ? r->cause.stop.hotplug_step : "none");
	/* CFS bandwidth throttling, a stopped thread (offcpu.h) */
	EXPECT("cfs_timer", "%s", fixture_ts(r->cause.cfs.timer_ns, got + 32));
	EXPECT("cfs_idle", "%d", r->cause.cfs.idle_proof);
	EXPECT("cfs_with", "%s", fixture_with(&r->cause.cfs, got + 32));
	EXPECT("stop_by", "%s",
	       fixture_task(r->cause.stopped.stop_by_comm, r->cause.stopped.stop_by_pid, got + 32));
	EXPECT("cont_by", "%s",
	       fixture_task(r->cause.stopped.cont_by_comm, r->cause.stopped.cont_by_pid, got + 32));
	EXPECT("stop_sig", "%d", r->cause.stopped.stop_sig);
	EXPECT("cont_sig", "%d", r->cause.stopped.cont_sig);
	/* frozen: how (freezer, trap, before), who thawed it, the other tasks it woke at once */
	EXPECT("frozen", "%s", fixture_frozen_how(r->cause.frozen.how));
	EXPECT("thaw_by", "%s",
	       fixture_task(r->cause.frozen.thaw_by_comm, r->cause.frozen.thaw_by_pid, got + 32));
	EXPECT("freeze_by", "%s",
	       fixture_task(r->cause.frozen.freeze_by_comm, r->cause.frozen.freeze_by_pid,
			    got + 32));
	EXPECT("thawed_with", "%d", r->cause.frozen.nr_thawed_with);
	EXPECT("complete", "%d", r->complete);
	/* the kernels' fixtures (tests/fixtures/kernels/): deadline, softirq run in a thread */
	EXPECT("deadline", "%s", fixture_ts(r->spike.deadline_ns, got + 32));
	EXPECT("softirq", "%s", c && c->softirq[0] ? c->softirq : "none");
	EXPECT("self", "%d", c && (c->flags & BLAME_C_SELF) ? 1 : 0);
	EXPECT("pinned", "%d", c && (c->flags & BLAME_C_PINNED) ? 1 : 0);
	/* the gaps inside hard IRQs (timeline.c): unaccounted time named by its interrupt */
	EXPECT("irq_gap_us", "%llu", (unsigned long long)((fixture_irq_gap_ns(r) + 500) / 1000));
	/* a stall inside a holder's run that its run absorbed (blame_holder.h) */
	EXPECT("stall_us", "%llu", (unsigned long long)((c ? c->stall_ns + 500 : 0) / 1000));
	/* need-resched honoured by a schedule() that kept the task on (a heavier fair task) */
	EXPECT("kept", "%d", r->resched_kept);
	/* what ended the culprit's hold: a tick (through a task it woke; its bit untraced) */
	EXPECT("by_tick", "%d", r->resched_by_tick);
	EXPECT("via", "%s",
	       r->resched_via.pid ? fixture_task(r->resched_via.comm, r->resched_via.pid, got + 32)
				  : "none");
	EXPECT("untraced", "%d", r->resched_untraced);
	/* a spike that ends at its timer's expiry (rtla's IRQ sample): its timer delay */
	EXPECT("timer_only", "%d", r->spike.timer_only);
	EXPECT("timer_us", "%llu",
	       (unsigned long long)((r->phase_ns[BLAME_PHASE_TIMER] + 500) / 1000));
	/* the timer slack the thread armed its timer with, and its own where that differs */
	EXPECT("slack_us", "%lld", (long long)(r->slack_ns / 1000));
	EXPECT("slack_said_us", "%lld",
	       r->slack_said_ns >= 0 ? (long long)(r->slack_said_ns / 1000) : -1LL);
#undef EXPECT
	/* hint_lacks=w1,w2 / hint_has=w1,w2: words the hint must not have ("threadirqs" on a
	 * kernel with it, "taskset" for a per-CPU kthread) or must have ("--mainaffinity") */
	bad += check_hint(file, index, line, "hint_lacks", r->hint, false);
	bad += check_hint(file, index, line, "hint_has", r->hint, true);
	/* stack=f1,f2: each among the frames below the interrupt entry */
	if (expect_value(line, "stack", want, sizeof(want))) {
		char *f, *save;

		for (f = strtok_r(want, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
			int i;

			for (i = 0; i < r->cause.stack.nr && strcmp(r->cause.stack.frame[i], f);
			     i++)
				;
			if (i == r->cause.stack.nr) {
				fprintf(stderr,
					"%s spike %d: frame %s not in the stack (%d frames)\n",
					file, index, f, r->cause.stack.nr);
				bad++;
			}
		}
	}
	return bad;
}

static int check_file(const char *dir, const char *file, char spikes[][256], int nr)
{
	struct analyze_opts o = { .window_ns = ANALYZE_DEFAULT_WINDOW_MS * NSEC_PER_MSEC };
	struct stream_summary sum;
	char path[512];
	int i, bad = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	o.path = path;
	if (analyze_file(&o, NULL, &sum)) {
		fprintf(stderr, "%s: cannot be analyzed\n", file);
		stream_summary_free(&sum);
		return 1;
	}
	if (sum.nr_explained != nr || sum.nr_failed || sum.unparsed_lines) {
		fprintf(stderr,
			"%s: %d spikes explained (%d expected), %d failed, %llu lines unread\n",
			file, sum.nr_explained, nr, sum.nr_failed,
			(unsigned long long)sum.unparsed_lines);
		bad++;
	}
	for (i = 0; i < nr && i < (int)sum.nr_spikes; i++) {
		bad += check_spike(file, i + 1, spikes[i], &sum.spikes[i]);
		/* complete=0: a window that lacks events and whose verdict stands all the same */
		if (!sum.spikes[i].complete && !strstr(spikes[i], " complete=0")) {
			fprintf(stderr, "%s spike %d: trace incomplete\n", file, i + 1);
			bad++;
		}
	}
	stream_summary_free(&sum);
	return bad;
}

/* Every NAME.expect of @dir; at least @min_expect of them and @min_files traces. */
static void check_fixture_dir(const char *dir, int min_expect, int min_files)
{
	int nr_expect = 0, nr_files = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	while ((de = readdir(d))) {
		char path[512], line[256], files[256] = "", spikes[8][256], *f, *save;
		size_t len = strlen(de->d_name);
		int nr = 0;
		FILE *in;

		if (len < 8 || strcmp(de->d_name + len - 7, ".expect"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		in = fopen(path, "r");
		CU_ASSERT_PTR_NOT_NULL_FATAL(in);
		while (fgets(line, sizeof(line), in)) {
			line[strcspn(line, "\n")] = '\0';
			if (!strncmp(line, "files ", 6))
				snprintf(files, sizeof(files), "%s", line + 6);
			else if (!strncmp(line, "spike ", 6) && nr < 8)
				snprintf(spikes[nr++], sizeof(spikes[0]), "%s", line + 6);
		}
		fclose(in);
		nr_expect++;
		CU_ASSERT(files[0] && nr > 0);
		for (f = strtok_r(files, " ", &save); f; f = strtok_r(NULL, " ", &save)) {
			nr_files++;
			CU_ASSERT_EQUAL(check_file(dir, f, spikes, nr), 0);
		}
	}
	closedir(d);
	CU_ASSERT(nr_expect >= min_expect);
	CU_ASSERT(nr_files >= min_files);
}

static void test_fixtures(void)
{
	check_fixture_dir(unit_fixtures(), 10, 16);
}

/* Real traces of Debian's 6.1 PREEMPT_RT, threadirqs and plain kernels (tests/kernels/) */
static void test_kernel_fixtures(void)
{
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/kernels", unit_fixtures());
	check_fixture_dir(dir, 6, 7);
}

/* RT throttling, the fair server, DL, PI, the stopper, a stack (tests/fixtures/causes/RULES.md) */
static void test_cause_fixtures(void)
{
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/causes", unit_fixtures());
	check_fixture_dir(dir, 10, 10);
}

/* ---- damaged input ----------------------------------------------------------------------- */

static int analyze_bytes(const void *bytes, size_t n, struct stream_summary *sum)
{
	struct analyze_opts o = { .window_ns = 200 * NSEC_PER_MSEC };
	char path[UNIT_TMP_LEN];
	int ret;

	if (unit_tmpfile(bytes, n, path))
		return -EIO;
	o.path = path;
	ret = analyze_file(&o, NULL, sum);
	unlink(path);
	return ret;
}

/* The first @len bytes of a fixture. */
static int analyze_cut(const char *name, long len, struct stream_summary *sum)
{
	char path[512], *buf;
	long n;
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", unit_fixtures(), name);
	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	buf = malloc((size_t)len);
	n = (long)fread(buf, 1, (size_t)len, f);
	fclose(f);
	ret = analyze_bytes(buf, (size_t)n, sum);
	free(buf);
	return ret;
}

static void test_damaged(void)
{
	struct stream_summary sum;
	char junk[4096];
	size_t i;

	CU_ASSERT_EQUAL(analyze_bytes("", 0, &sum), -ENODATA);
	stream_summary_free(&sum);
	for (i = 0; i < sizeof(junk); i++)
		junk[i] = (char)(i * 7919 % 251);
	CU_ASSERT_EQUAL(analyze_bytes(junk, sizeof(junk), &sum), -EINVAL);
	stream_summary_free(&sum);
	/* text, but no event line */
	CU_ASSERT_EQUAL(analyze_bytes("hello\nworld\n", 12, &sum), -EINVAL);
	stream_summary_free(&sum);
	/* events but no spike marker: read, nothing explained */
	CU_ASSERT_EQUAL(analyze_bytes("  a-1 [000] ..... 1.000001: x: y\n", 33, &sum), 0);
	CU_ASSERT_EQUAL(sum.nr_explained, 0);
	CU_ASSERT_EQUAL(sum.events, 1);
	stream_summary_free(&sum);
	/* a text cut in the middle of a line, before its marker */
	CU_ASSERT_EQUAL(analyze_cut("busy-tick.trace.txt", 100001, &sum), 0);
	CU_ASSERT(sum.cut);
	CU_ASSERT_EQUAL(sum.nr_explained, 0);
	CU_ASSERT_EQUAL(sum.unparsed_lines, 1);
	stream_summary_free(&sum);
	/* trace.dat files cut anywhere */
	CU_ASSERT_EQUAL(analyze_cut("busy-tick.dat", 10, &sum), -EINVAL);
	stream_summary_free(&sum);
	CU_ASSERT_EQUAL(analyze_cut("busy-tick.dat", 5000, &sum), -EINVAL);
	stream_summary_free(&sum);
	CU_ASSERT_EQUAL(analyze_cut("busy-tick.dat", 170000, &sum), -EINVAL);
	stream_summary_free(&sum);
	/* a manual spike in a file with a cyclictest marker: only the manual one */
	{
		struct analyze_opts o = { .window_ns = 200 * NSEC_PER_MSEC,
					  .manual = true,
					  .pid = 4277,
					  .at_ns = 2772696041000ULL,
					  .latency_ns = 2282000 };
		char path[512];

		snprintf(path, sizeof(path), "%s/rt-hog.trace.txt", unit_fixtures());
		o.path = path;
		CU_ASSERT_EQUAL(analyze_file(&o, NULL, &sum), 0);
		CU_ASSERT_EQUAL_FATAL(sum.nr_explained, 1);
		CU_ASSERT_STRING_EQUAL(sum.spikes[0].spike.source, "manual");
		CU_ASSERT_EQUAL(sum.spikes[0].verdict, BLAME_V_HIGHER_PRIORITY);
		stream_summary_free(&sum);
		/* after the end of the trace */
		o.at_ns += 10 * NSEC_PER_SEC;
		CU_ASSERT_EQUAL(analyze_file(&o, NULL, &sum), 0);
		CU_ASSERT_EQUAL(sum.nr_explained, 0);
		CU_ASSERT_EQUAL(sum.nr_failed, 1);
		stream_summary_free(&sum);
	}
}

/* A lost-events line on the spike's CPU during the spike: the window is incomplete. */
static void test_lost_in_window(void)
{
	struct stream_summary sum;
	char path[512], line[1024];
	size_t len = 0, cap = 1 << 20;
	char *text = malloc(cap);
	FILE *f;

	snprintf(path, sizeof(path), "%s/rt-hog.trace.txt", unit_fixtures());
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	while (fgets(line, sizeof(line), f) && len + sizeof(line) + 64 < cap) {
		/* events lost on CPU 1 just before cyclictest got it back from spinner */
		if (strstr(line, "[001]") && strstr(line, " 2772.696014: "))
			len += (size_t)sprintf(text + len, "CPU:1 [LOST 3 EVENTS]\n");
		len += (size_t)sprintf(text + len, "%s", line);
	}
	fclose(f);
	CU_ASSERT_EQUAL(analyze_bytes(text, len, &sum), 0);
	CU_ASSERT_EQUAL_FATAL(sum.nr_explained, 1);
	CU_ASSERT(!sum.spikes[0].complete);
	CU_ASSERT(sum.spikes[0].lost_events >= 3);
	CU_ASSERT_EQUAL(sum.spikes[0].verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT(sum.lost > 0);
	stream_summary_free(&sum);
	free(text);
}

static CU_TestInfo analyze_tests[] = {
	{ "options", test_args },
	{ "bad options", test_bad_args },
	{ "format sniffing", test_sniff },
	{ "recorded fixtures give their verdicts", test_fixtures },
	{ "the causes' fixtures give theirs", test_cause_fixtures },
	{ "the kernel lab's fixtures give theirs", test_kernel_fixtures },
	{ "damaged files", test_damaged },
	{ "lost events during the spike", test_lost_in_window },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("analyze", NULL, NULL, analyze_tests);
