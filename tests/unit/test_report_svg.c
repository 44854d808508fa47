// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_svg: pictures from hand-built events and a real blame_explain_trace()
 * result, and from hand-filled histograms. Each file is checked by a small
 * well-formedness checker (tags, attributes, entities, UTF-8) written here,
 * and by xmllint when the machine has it (never required).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/blame.h"
#include "rtwhy/config.h"
#include "rtwhy/measure.h"
#include "rtwhy/report/svg.h"
#include "rtwhy/report/svg_histogram.h"
#include "rtwhy/report/svg_spike.h"
#include "analysis/util.h"
#include "evgen.h"
#include "unit.h"

/* ---- a tiny XML well-formedness checker ------------------------------------------------ */

struct xml_check {
	const char *p, *start;
	char err[160];
};

static bool xml_fail(struct xml_check *x, const char *why)
{
	snprintf(x->err, sizeof(x->err), "%s at offset %ld", why, (long)(x->p - x->start));
	return false;
}

static bool xml_name_char(char c, bool first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':')
		return true;
	return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
}

/* A name; its length, 0 if there is none. */
static size_t xml_name(const char *p)
{
	size_t n = 0;

	while (xml_name_char(p[n], n == 0))
		n++;
	return n;
}

/* An entity or character reference at x->p ('&'); advances past it. */
static bool xml_ref(struct xml_check *x)
{
	static const char *const named[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&apos;" };
	const char *p = x->p + 1;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(named); i++) {
		if (!strncmp(x->p, named[i], strlen(named[i]))) {
			x->p += strlen(named[i]);
			return true;
		}
	}
	if (*p++ != '#')
		return xml_fail(x, "unknown entity");
	if (*p == 'x') {
		for (p++, i = 0; strchr("0123456789abcdefABCDEF", *p) && *p; p++)
			i++;
	} else {
		for (i = 0; *p >= '0' && *p <= '9'; p++)
			i++;
	}
	if (!i || *p != ';')
		return xml_fail(x, "bad character reference");
	x->p = p + 1;
	return true;
}

/* Character data up to the next '<'. */
static bool xml_text(struct xml_check *x)
{
	while (*x->p && *x->p != '<') {
		if (*x->p == '&') {
			if (!xml_ref(x))
				return false;
			continue;
		}
		if (*x->p == '>' && x->p - x->start >= 2 && !strncmp(x->p - 2, "]]", 2))
			return xml_fail(x, "]]> in text");
		x->p++;
	}
	return true;
}

static bool xml_utf8(struct xml_check *x)
{
	const unsigned char *p = (const unsigned char *)x->start;

	while (*p) {
		int len = *p < 0x80		? 1
			  : (*p & 0xe0) == 0xc0 ? 2
			  : (*p & 0xf0) == 0xe0 ? 3
			  : (*p & 0xf8) == 0xf0 ? 4
						: 0;
		int i;

		x->p = (const char *)p;
		if (!len || (*p >= 0xc0 && *p < 0xc2))
			return xml_fail(x, "invalid UTF-8");
		if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
			return xml_fail(x, "control character");
		for (i = 1; i < len; i++)
			if ((p[i] & 0xc0) != 0x80)
				return xml_fail(x, "truncated UTF-8 sequence");
		p += len;
	}
	return true;
}

/* Well-formed: one root element, tags nested and matched, attributes quoted, refs valid. */
static bool xml_well_formed(const char *doc, struct xml_check *x)
{
	const char *stack[64];
	size_t len[64];
	int depth = 0, roots = 0;

	x->start = x->p = doc;
	x->err[0] = '\0';
	if (!xml_utf8(x))
		return false;
	x->p = doc;
	if (!strncmp(x->p, "<?xml", 5)) {
		x->p = strstr(x->p, "?>");
		if (!x->p)
			return xml_fail(x, "unterminated declaration");
		x->p += 2;
	}
	for (;;) {
		const char *text = x->p;

		if (!xml_text(x))
			return false;
		if (!depth)
			for (; text < x->p; text++)
				if (!strchr(" \t\r\n", *text))
					return xml_fail(x, "text outside the root element");
		if (!*x->p)
			break;
		if (!strncmp(x->p, "<!--", 4)) {
			x->p = strstr(x->p + 4, "-->");
			if (!x->p)
				return xml_fail(x, "unterminated comment");
			x->p += 3;
			continue;
		}
		if (x->p[1] == '/') {
			size_t n = xml_name(x->p + 2);

			if (!depth || n != len[depth - 1] || strncmp(x->p + 2, stack[depth - 1], n))
				return xml_fail(x, "mismatched end tag");
			x->p += 2 + n;
			while (*x->p == ' ')
				x->p++;
			if (*x->p != '>')
				return xml_fail(x, "bad end tag");
			x->p++;
			depth--;
			continue;
		}
		{
			size_t n = xml_name(x->p + 1);
			const char *name = x->p + 1;

			if (!n)
				return xml_fail(x, "'<' that starts no tag");
			if (!depth && roots++)
				return xml_fail(x, "a second root element");
			x->p += 1 + n;
			for (;;) { /* attributes */
				size_t an;
				char q;

				while (strchr(" \t\r\n", *x->p) && *x->p)
					x->p++;
				if (*x->p == '>' || !strncmp(x->p, "/>", 2))
					break;
				an = xml_name(x->p);
				if (!an)
					return xml_fail(x, "bad attribute name");
				x->p += an;
				if (*x->p++ != '=')
					return xml_fail(x, "attribute without '='");
				q = *x->p++;
				if (q != '"' && q != '\'')
					return xml_fail(x, "unquoted attribute value");
				while (*x->p && *x->p != q) {
					if (*x->p == '<')
						return xml_fail(x, "'<' in an attribute value");
					if (*x->p == '&') {
						if (!xml_ref(x))
							return false;
						continue;
					}
					x->p++;
				}
				if (*x->p++ != q)
					return xml_fail(x, "unterminated attribute value");
			}
			if (*x->p == '/') {
				x->p += 2;
				continue;
			}
			x->p++;
			if (depth == (int)ARRAY_SIZE(stack))
				return xml_fail(x, "nesting too deep for the checker");
			stack[depth] = name;
			len[depth++] = n;
		}
	}
	if (depth)
		return xml_fail(x, "unclosed element");
	if (!roots)
		return xml_fail(x, "no root element");
	return true;
}

/* ---- helpers ------------------------------------------------------------------------------ */

static char *svg_read(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long len;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)len + 1);
	if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[len] = '\0';
	fclose(f);
	return buf;
}

/* Read @path, check it is well-formed (and with xmllint if installed); NULL on failure. */
static char *svg_load_checked(const char *path)
{
	struct xml_check x;
	char cmd[600];
	char *doc = svg_read(path);

	CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
	if (!xml_well_formed(doc, &x)) {
		fprintf(stderr, "\n%s: not well-formed: %s\n", path, x.err);
		CU_FAIL("not well-formed XML");
	}
	if (!access("/usr/bin/xmllint", X_OK)) {
		snprintf(cmd, sizeof(cmd), "/usr/bin/xmllint --noout '%s'", path);
		CU_ASSERT_EQUAL(system(cmd), 0);
	}
	return doc;
}

static size_t svg_count(const char *doc, const char *needle)
{
	size_t n = 0;

	for (doc = strstr(doc, needle); doc; doc = strstr(doc + 1, needle))
		n++;
	return n;
}

static char svg_dir[64];

static int svg_suite_init(void)
{
	snprintf(svg_dir, sizeof(svg_dir), "/tmp/rtwhy-unit-svg.XXXXXX");
	return mkdtemp(svg_dir) ? 0 : -1;
}

/* RTWHY_UNIT_KEEP=1 keeps the pictures to look at */
/* what the last ev_explain() read: the lanes of its picture */
static struct blame_trace svg_trace;

static int svg_suite_cleanup(void)
{
	char cmd[128];

	blame_trace_free(&svg_trace);
	if (getenv("RTWHY_UNIT_KEEP")) {
		fprintf(stderr, "\nreport_svg: pictures kept in %s\n", svg_dir);
		return 0;
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", svg_dir);
	return system(cmd) ? -1 : 0;
}

static void svg_tmp(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", svg_dir, name);
}

/* ---- the events of a tick-wait spike -------------------------------------------------------- */

#define D_US	 2000.0		 /* the deadline */
#define W_US	 (D_US + 3015.0) /* the wake-up */
#define BUSY_PID 2638
#define TID	 2642

/*
 * CPU 0: the busy loop "a<b>&c" (fair) keeps the CPU after the timer wakes
 * the thread; the next tick sets need-resched and the thread runs 3 ms late.
 * CPU 1: an IRQ thread, its hard IRQ and a softirq, and a task whose comm is
 * not valid UTF-8.
 */
static void ev_tick_wait(struct evgen *g)
{
	const char *busy = "a<b>&c", *bad = "w\xffx\x01", *irqt = "irq/41-eth0";

	evgen_init(g);
	ev_switch(g, 0, 0, TID, "rtwhy", 120, 1, BUSY_PID, busy, 120, 0);
	ev_switch(g, 100, 1, 500, bad, 120, 1, 300, irqt, 49, 0);
	ev_tick(g, 1000, 0, BUSY_PID, busy, 0);
	ev_hrtimer(g, D_US + 5, 0, BUSY_PID, busy, "hrtimer_wakeup", true, 0);
	ev_wake(g, D_US + 6, 0, BUSY_PID, busy, RTW_EV_WAKING, TID, "rtwhy", 120, 0,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(g, D_US + 7, 0, BUSY_PID, busy, RTW_EV_WAKEUP, TID, "rtwhy", 120, 0,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_hrtimer(g, D_US + 8, 0, BUSY_PID, busy, NULL, false, 0);
	ev_irq(g, D_US + 500, 1, 300, irqt, 41, "eth0", true);
	ev_irq(g, D_US + 520, 1, 300, irqt, 41, NULL, false);
	ev_softirq(g, D_US + 520.5, 1, 300, irqt, 3, true);
	ev_softirq(g, D_US + 600, 1, 300, irqt, 3, false);
	ev_switch(g, D_US + 1000, 1, 300, irqt, 49, 1, 500, bad, 120, 0);
	ev_tick(g, D_US + 3000, 0, BUSY_PID, busy, RTW_F_NEED_RESCHED);
	ev_switch(g, D_US + 3010, 0, BUSY_PID, busy, 120, RTW_STATE_PREEMPTED, TID, "rtwhy", 120,
		  0);
	ev_marker(g, W_US + 20, 0, TID, "rtwhy", "FREEZE"); /* ends the window */
}

static void ev_explain(const struct evgen *g, struct blame_result *r)
{
	struct blame_spike sp = { .thread = 0,
				  .tid = TID,
				  .cpu = 0,
				  .deadline_ns = evgen_us(D_US),
				  .wake_ns = evgen_us(W_US),
				  .threshold_ns = 1000000,
				  .slack_ns = -1,
				  .deadline_exact = true,
				  .source = "rtwhy" };

	blame_trace_free(&svg_trace);
	CU_ASSERT_EQUAL_FATAL(blame_explain_trace(g->ev, g->n, &sp, NULL, r, &svg_trace), 0);
}

/* ---- tests ---------------------------------------------------------------------------------- */

static void test_spike_path(void)
{
	char buf[64];

	report_svg_spike_path("out.svg", 1, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "out.svg");
	report_svg_spike_path("out.svg", 2, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "out-2.svg");
	report_svg_spike_path("/tmp/x.y/Out.SVG", 12, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "/tmp/x.y/Out-12.SVG");
	report_svg_spike_path("spikes", 3, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "spikes-3");
	report_svg_spike_path(".svg", 2, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, ".svg-2");
}

static void test_spike_picture(void)
{
	static struct evgen v;
	struct blame_result r;
	char path[128], *doc;

	ev_tick_wait(&v);
	ev_explain(&v, &r);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_TRUE_FATAL(r.verdict_culprit >= 0);
	CU_ASSERT_EQUAL(r.culprit[r.verdict_culprit].pid, BUSY_PID);
	svg_tmp(path, sizeof(path), "spike.svg");
	CU_ASSERT_EQUAL_FATAL(report_svg_spike(path, 1, &svg_trace, &r), 0);
	doc = svg_load_checked(path);
	/* the lanes, the culprit's bar labelled comm:pid, escaped */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">CPU 0</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">CPU 1</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">a&lt;b&gt;&amp;c:2638</text>"));
	CU_ASSERT_PTR_NULL(strstr(doc, "a<b>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">irq/41-eth0:300</text>"));
	/* the invalid UTF-8 and the control character of "w\xffx\x01" were replaced */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "w?x?:500"));
	/* verdict kind and text (wrapped, so its first words), culprit table, hint */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "Verdict (tick_wait):"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(doc, ">a&lt;b&gt;&amp;c (pid 2638, other nice 0) kept CPU 0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">Run the measuring thread"));
	/* the culprit outlined; interrupts as marks; the late thread underlined */
	CU_ASSERT_TRUE(svg_count(doc, "class=\"culprit\"") >= 1);
	CU_ASSERT_TRUE(svg_count(doc, "class=\"hardirq\"") >= 3);
	CU_ASSERT_EQUAL(svg_count(doc, "class=\"softirq\""), 1);
	CU_ASSERT_TRUE(svg_count(doc, "class=\"victim\"") >= 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "IRQ 41 eth0 on CPU 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "softirq NET_RX on CPU 1"));
	/* deadline, timer, wakeup, switch-in and W marked; the phases */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">D</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">timer +5.0</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">woken +6.0</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">switch-in +3010.0</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">W +3015.0</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "scheduling delay 3005.0 us"));
	/* 3 ms: close-ups of both ends, where the need-resched of the tick shows */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(doc, ">close-up: the timer fires and wakes the thread</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">close-up: the switch to the thread and its return<"));
	CU_ASSERT_EQUAL(svg_count(doc, ">need-resched +3003.0</text>"), 2);
	free(doc);
}

static void test_spike_numbered_files(void)
{
	static struct evgen v;
	struct blame_result r;
	char path[128], second[160], *doc;

	ev_tick_wait(&v);
	ev_explain(&v, &r);
	svg_tmp(path, sizeof(path), "many.svg");
	CU_ASSERT_EQUAL(report_svg_spike(path, 2, &svg_trace, &r), 0);
	report_svg_spike_path(path, 2, second, sizeof(second));
	CU_ASSERT_EQUAL(access(path, F_OK), -1);
	doc = svg_load_checked(second);
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "Spike 2:"));
	free(doc);
}

/* The verdict text comes from blame, but a comm in it is the user's: escape it there too. */
static void test_spike_escapes_verdict(void)
{
	static struct evgen v;
	struct blame_result r;
	char path[128], *doc;

	ev_tick_wait(&v);
	ev_explain(&v, &r);
	snprintf(r.text, sizeof(r.text), "quote \" apostrophe ' <script>&amp; %s", "\xe2\x82\xac");
	snprintf(r.hint, sizeof(r.hint), "%s", "x]]>y");
	svg_tmp(path, sizeof(path), "escape.svg");
	CU_ASSERT_EQUAL_FATAL(report_svg_spike(path, 1, &svg_trace, &r), 0);
	doc = svg_load_checked(path);
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "quote &quot; apostrophe &apos; &lt;script&gt;&amp;amp; "
					   "\xe2\x82\xac"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "x]]&gt;y"));
	free(doc);
}

/* No event at all: still a picture that says so. */
static void test_spike_without_events(void)
{
	struct blame_result r;
	char path[128], *doc;

	memset(&r, 0, sizeof(r));
	r.spike.tid = 7;
	r.spike.thread = -1;
	r.spike.deadline_ns = evgen_us(D_US);
	r.spike.wake_ns = evgen_us(W_US);
	r.latency_ns = r.spike.wake_ns - r.spike.deadline_ns;
	r.timer_cpu = r.wake_cpu = r.run_cpu = -1;
	r.spike.cpu = -1;
	r.verdict = BLAME_V_INCOMPLETE;
	r.verdict_culprit = -1;
	snprintf(r.text, sizeof(r.text), "nothing");
	svg_tmp(path, sizeof(path), "empty.svg");
	CU_ASSERT_EQUAL_FATAL(report_svg_spike(path, 1, NULL, &r), 0);
	doc = svg_load_checked(path);
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "no event in the window"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "INCOMPLETE"));
	free(doc);
}

static void test_spike_cannot_write(void)
{
	static struct evgen v;
	struct blame_result r;

	ev_tick_wait(&v);
	ev_explain(&v, &r);
	CU_ASSERT_EQUAL(report_svg_spike("/nonexistent-rtwhy-dir/s.svg", 1, &svg_trace, &r),
			-ENOENT);
}

/* ---- the histogram ------------------------------------------------------------------------ */

static char hist_a0[] = "rtwhy", hist_a1[] = "-t", hist_a2[] = "2", hist_a3[] = "-h",
	    hist_a4[] = "100", hist_a5[] = "--svg=<x>&.svg";
static char *hist_argv[] = { hist_a0, hist_a1, hist_a2, hist_a3, hist_a4, hist_a5, NULL };

struct hist_fixture {
	struct rtw_config cfg;
	struct measure_summary m;
	struct measure_thread_summary t[2];
	struct stats_thread st[2];
};

/* @nr threads with 100 buckets; with @samples, a peak at 8-11 units, a tail and 2 overflows. */
static void hist_fill(struct hist_fixture *fx, int nr, bool samples, bool nsecs)
{
	uint64_t unit = nsecs ? 1 : 1000;
	int i, k;

	memset(fx, 0, sizeof(*fx));
	config_init(&fx->cfg);
	fx->cfg.output.histogram = 100;
	fx->cfg.output.histofall = true;
	fx->cfg.output.nsecs = nsecs;
	fx->cfg.argc = 6;
	fx->cfg.argv = hist_argv;
	fx->m.nr_threads = nr;
	fx->m.threads = fx->t;
	for (i = 0; i < nr; i++) {
		fx->t[i].index = i;
		fx->t[i].cpu = samples ? i : -1;
		fx->t[i].tid = samples ? 4000 + i : 0;
		fx->t[i].interval_ns = 1000000;
		fx->t[i].stats = &fx->st[i];
		CU_ASSERT_EQUAL_FATAL(stats_init(&fx->st[i], 100, unit, false), 0);
		for (k = 0; samples && k < 5000; k++)
			stats_add(&fx->st[i], (int64_t)((8 + i + k % 3) * unit));
		for (k = 0; samples && k < 40; k++)
			stats_add(&fx->st[i], (int64_t)((30 + k) * unit));
	}
	if (samples) {
		stats_add(&fx->st[0], 250 * (int64_t)unit); /* overflows */
		stats_add(&fx->st[0], 4003 * (int64_t)unit);
	}
	for (i = 0; i < nr; i++)
		stats_read(&fx->st[i], &fx->t[i].snap);
}

/* Draw @fx into @name, check and return the document, free @fx. */
static char *hist_render(struct hist_fixture *fx, const char *name)
{
	char path[128];
	int i, ret;

	svg_tmp(path, sizeof(path), name);
	ret = report_svg_histogram(path, &fx->cfg, &fx->m, NULL, time(NULL));
	for (i = 0; i < fx->m.nr_threads; i++)
		stats_free(&fx->st[i]);
	CU_ASSERT_EQUAL_FATAL(ret, 0);
	return svg_load_checked(path);
}

static void test_histogram_picture(void)
{
	struct hist_fixture fx;
	char *doc;

	hist_fill(&fx, 2, true, false);
	doc = hist_render(&fx, "hist.svg");
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "Latency (us)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "Number of samples (log scale)"));
	/* the command line, escaped */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "$ rtwhy -t 2 -h 100 --svg=&lt;x&gt;&amp;.svg"));
	/* two threads and the sum over all (-H): three step series */
	CU_ASSERT_EQUAL(svg_count(doc, "<path fill=\"none\""), 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "T0 (tid 4000) CPU 0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "T1 (tid 4001) CPU 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "all threads: 10080 samples in the histogram, 2 above"));
	/* min / avg / max, the max past the axis, the overflow noted */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "min 8, avg 10, max 4003 us, 2 above 100 us"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "max 4003 (off the axis)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "thread 1: min 9, avg 10, max 69 us"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "2 samples at or above 100 us overflowed"));
	/* log decades up to the largest bucket (1667 samples: 10^4) */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">10000</text>"));
	CU_ASSERT_PTR_NULL(strstr(doc, ">100000</text>"));
	free(doc);
}

static void test_histogram_nsecs(void)
{
	struct hist_fixture fx;
	char *doc;

	hist_fill(&fx, 2, true, true);
	doc = hist_render(&fx, "hist-ns.svg");
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "Latency (ns)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "max 4003 ns"));
	free(doc);
}

static void test_histogram_empty(void)
{
	struct hist_fixture fx;
	char *doc;

	hist_fill(&fx, 1, false, false);
	doc = hist_render(&fx, "hist-empty.svg");
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "T0 (tid 0) CPU any"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ": 0 samples"));
	/* one thread: no sum series even with -H */
	CU_ASSERT_EQUAL(svg_count(doc, "<path fill=\"none\""), 1);
	free(doc);
}

static void test_histogram_cannot_write(void)
{
	struct hist_fixture fx;

	hist_fill(&fx, 2, true, false);
	CU_ASSERT_EQUAL(
		report_svg_histogram("/nonexistent-rtwhy-dir/h.svg", &fx.cfg, &fx.m, NULL, 0),
		-ENOENT);
	stats_free(&fx.st[0]);
	stats_free(&fx.st[1]);
}

/* The checker itself must catch what it is for. */
static void test_checker_rejects(void)
{
	static const char *const bad[] = {
		"<a><b></a></b>", "<a>x & y</a>",   "<a x=1/>",	    "<a>1 < 2</a>", "<a/><b/>",
		"<a>\xff</a>",	  "<a>&bogus;</a>", "<a x=\"<\"/>", "<a>",	    "text<a/>",
	};
	struct xml_check x;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		CU_ASSERT_FALSE(xml_well_formed(bad[i], &x));
	CU_ASSERT_TRUE(xml_well_formed("<?xml version=\"1.0\"?>\n<a x='1' y=\"&amp;&#38;&#x26;\">"
				       "<!-- c --><b/>t&lt;</a>\n",
				       &x));
}

/* report/svg's primitives: escaped text in well-formed elements, wrapped lines, ticks, paths. */
static void test_primitives(void)
{
	char path[128], buf[64], *doc;
	FILE *f;

	svg_tmp(path, sizeof(path), "primitives.svg");
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	report_svg_begin(f, 100, 50, "a<b & \"c\"");
	report_svg_rect(f, 1, 2, 3, 4, "class=\"%s\"", "task");
	fputs("<g>", f);
	report_svg_title(f,
			 "pid %d: \x01"
			 "bad\xff\xc3\xa9",
			 7);
	fputs("</g>\n", f);
	report_svg_line(f, 0, 0, 10.5, 10, "stroke=\"#000\"");
	report_svg_text(f, 5, 6, "", "%s", "x'y>z");
	CU_ASSERT_EQUAL(report_svg_wrap(f, 0, 20, 10, "font-size=\"9\"", "aaa bbb ccc", 7), 2);
	fputs("</svg>\n", f);
	fclose(f);
	doc = svg_load_checked(path);
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "<title>a&lt;b &amp; &quot;c&quot;</title>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "<rect x=\"1.00\" y=\"2.00\" width=\"3.00\" "
					   "height=\"4.00\" class=\"task\"/>"));
	/* a control character and a byte that is no UTF-8 become '?', valid UTF-8 stays */
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "<title>pid 7: ?bad?\xc3\xa9</title>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, "x2=\"10.50\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">x&apos;y&gt;z</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, ">aaa bbb</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(doc, " y=\"30.0\" font-size=\"9\">ccc</text>"));
	free(doc);
	unlink(path);
	CU_ASSERT_EQUAL(report_svg_wrap(NULL, 0, 0, 0, "", "aaa bbb ccc", 3), 3);
	CU_ASSERT_DOUBLE_EQUAL(report_svg_text_px("ab\xc3\xa9", 6.6), 3 * 6.6, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(report_svg_nice_step(1000, 5), 200, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(report_svg_nice_step(7, 10), 1, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(report_svg_nice_step(30, 10), 5, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(report_svg_nice_step(0, 5), 1, 1e-9);
	report_svg_sibling_path("run.svg", "hist", buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "run-hist.svg");
	report_svg_sibling_path("run", "hist", buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "run-hist");
}

static CU_TestInfo report_svg_tests[] = {
	{ "primitives", test_primitives },
	{ "spike_path", test_spike_path },
	{ "spike_picture", test_spike_picture },
	{ "spike_numbered_files", test_spike_numbered_files },
	{ "spike_escapes_verdict", test_spike_escapes_verdict },
	{ "spike_without_events", test_spike_without_events },
	{ "spike_cannot_write", test_spike_cannot_write },
	{ "histogram_picture", test_histogram_picture },
	{ "histogram_nsecs", test_histogram_nsecs },
	{ "histogram_empty", test_histogram_empty },
	{ "histogram_cannot_write", test_histogram_cannot_write },
	{ "checker_rejects", test_checker_rejects },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("report_svg", svg_suite_init, svg_suite_cleanup, report_svg_tests);
