// SPDX-License-Identifier: GPL-2.0-only
/*
 * report/svg_spike - the picture of one explained spike.
 *
 * A lane per CPU over a window from a little before the deadline D to a
 * little after the wake-up W, time in microseconds relative to D. Each lane
 * is a bar of who owned the CPU (timeline segments merged per task,
 * interrupts cut out of a task's run shown as marks in a strip above the
 * bar), vertical lines for D, the timer, the wakeup, need-resched, the
 * switch-in and W, the verdict's culprit outlined, the phases as a band
 * under the axis, the largest culprits and the verdict as the caption.
 *
 * Only layout here: every number shown comes from blame_result or the
 * timeline; every element is written with report/svg's primitives.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report/svg.h"
#include "rtwhy/report/svg_spike.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define SVG_WRAP	       150 /* characters per caption line at 13 px */
#define SVG_MAX_LANES	       8
#define SVG_LABEL_ROWS	       3
#define SVG_MAX_CULPRITS_SHOWN 6
#define SVG_CLOSEUP_MIN_NS     (1000 * NSEC_PER_USEC) /* shorter spikes: no close-ups */

/* spike lanes */
#define SVG_LANE_H  50 /* one CPU: IRQ strip, gap, bar, spacing */
#define SVG_STRIP_H 9
#define SVG_BAR_Y   12 /* bar top within the lane */
#define SVG_BAR_H   26

/* spike colours, by what ran */
#define SVG_C_FAIR	"#5b9bd5"
#define SVG_C_RT	"#ed7d31"
#define SVG_C_IRQTHREAD "#9b59b6"
#define SVG_C_UNKNOWN	"#a5b4c2"
#define SVG_C_IDLE	"#dcdcdc"
#define SVG_C_HARDIRQ	"#d62728"
#define SVG_C_SOFTIRQ	"#e6a800"
#define SVG_C_VICTIM	"#2ca02c"
#define SVG_C_CULPRIT	"#111111"
#define SVG_C_BLANK	"#fafafa" /* the lane where the trace says nothing */
#define SVG_CULPRIT_STYLE \
	"class=\"culprit\" fill=\"none\" stroke=\"" SVG_C_CULPRIT "\" stroke-width=\""

void report_svg_spike_path(const char *path, int index, char *buf, size_t len)
{
	char tag[16];

	if (index <= 1) {
		snprintf(buf, len, "%s", path);
		return;
	}
	snprintf(tag, sizeof(tag), "%d", index);
	report_svg_sibling_path(path, tag, buf, len);
}

/* What owns a bar: the task or state the CPU ran, interrupts folded in. */
enum svg_owner {
	SVG_NONE, /* not in the trace: not drawn */
	SVG_TASK,
	SVG_IDLE,
	SVG_GAP, /* nothing visible */
};

/* the class attribute of a bar, for tests and style sheets */
static const char *const svg_owner_class[] = { "none", "task", "idle", "gap" };

struct svg_bar {
	enum svg_owner owner;
	int32_t pid;
	int32_t prio;
	char comm[RTW_COMM_LEN];
	uint64_t start_ns, end_ns;
	uint64_t irq_ns; /* interrupt time inside the bar */
};

struct svg_spike {
	FILE *f;
	const struct blame_result *r;
	const struct blame_culprit *culprit; /* the verdict's, or NULL */
	uint64_t d_ns;			     /* D: time 0 */
	uint64_t from_ns, to_ns;	     /* the view, absolute */
	double x0, x1;
	/* the lane being drawn */
	int cpu;
	double y;
	bool outline;	    /* second pass: draw only the culprit's outlines */
	bool closeup;	    /* a close-up: no CPU labels, a short axis title */
	struct svg_bar bar; /* the bar being merged */
};

static double svg_x(const struct svg_spike *s, uint64_t ts_ns)
{
	if (ts_ns <= s->from_ns)
		return s->x0;
	if (ts_ns >= s->to_ns)
		return s->x1;
	return s->x0 +
	       (double)(ts_ns - s->from_ns) * (s->x1 - s->x0) / (double)(s->to_ns - s->from_ns);
}

/* Microseconds of @ts_ns relative to D. */
static double svg_rel_us(const struct svg_spike *s, uint64_t ts_ns)
{
	return ((double)ts_ns - (double)s->d_ns) / 1000.0;
}

static const char *svg_task_fill(int32_t prio, const char *comm)
{
	if (event_irq_thread_number(comm) >= 0)
		return SVG_C_IRQTHREAD;
	if (prio == TL_PRIO_UNKNOWN)
		return SVG_C_UNKNOWN;
	return event_prio_is_rt(prio) ? SVG_C_RT : SVG_C_FAIR;
}

static const char *svg_class_name(int32_t prio, const char *comm)
{
	if (event_irq_thread_number(comm) >= 0)
		return "IRQ thread";
	if (prio == TL_PRIO_UNKNOWN)
		return "class unknown";
	if (prio < 0)
		return "deadline";
	return event_prio_is_rt(prio) ? "real-time" : "fair";
}

static bool svg_in_spike(const struct svg_spike *s, uint64_t start_ns, uint64_t end_ns)
{
	return end_ns > s->r->spike.deadline_ns && start_ns < s->r->spike.wake_ns;
}

static bool svg_bar_is_culprit(const struct svg_spike *s, const struct svg_bar *b)
{
	const struct blame_culprit *c = s->culprit;

	if (!c || c->cpu != s->cpu || !svg_in_spike(s, b->start_ns, b->end_ns))
		return false;
	switch (c->kind) {
	case BLAME_TASK:
	case BLAME_IRQ_THREAD:
		return b->owner == SVG_TASK && b->pid == c->pid;
	case BLAME_IDLE:
		return b->owner == SVG_IDLE;
	case BLAME_UNACCOUNTED:
		return b->owner == SVG_GAP && (c->pid < 0 || b->pid == c->pid);
	default:
		return false;
	}
}

static bool svg_mark_is_culprit(const struct svg_spike *s, const struct tl_segment *seg, uint64_t a,
				uint64_t b)
{
	const struct blame_culprit *c = s->culprit;

	if (!c || c->cpu != s->cpu || !svg_in_spike(s, a, b) || strcmp(c->name, seg->name))
		return false;
	if (c->kind == BLAME_HARDIRQ)
		return seg->ctx == TL_HARDIRQ && c->irq == (seg->irq >= 0 ? seg->irq : -1);
	if (c->kind == BLAME_SOFTIRQ)
		return seg->ctx == TL_SOFTIRQ;
	return false;
}

static void svg_bar_label(const struct svg_bar *b, char *buf, size_t len)
{
	switch (b->owner) {
	case SVG_TASK:
		snprintf(buf, len, "%s:%d", b->comm[0] ? b->comm : "?", b->pid);
		return;
	case SVG_IDLE:
		snprintf(buf, len, "idle");
		return;
	case SVG_GAP:
		snprintf(buf, len, "nothing visible");
		return;
	case SVG_NONE:
		break;
	}
	buf[0] = '\0';
}

/* "fair, nice 0", "real-time, priority 99", ... for tooltips */
static void svg_prio_words(int32_t prio, const char *comm, char *buf, size_t len)
{
	const char *cls = svg_class_name(prio, comm);

	if (prio == TL_PRIO_UNKNOWN)
		snprintf(buf, len, "%s", cls);
	else if (event_prio_is_rt(prio))
		snprintf(buf, len, "%s, priority %d", cls, event_user_prio(prio));
	else
		snprintf(buf, len, "%s, nice %d", cls, event_user_prio(prio));
}

static void svg_flush_bar(struct svg_spike *s)
{
	struct svg_bar *b = &s->bar;
	double xa, xb, w, y = s->y + SVG_BAR_Y;
	char label[64], words[64];
	const char *fill;

	if (b->owner == SVG_NONE || b->end_ns <= b->start_ns) {
		b->owner = SVG_NONE;
		return;
	}
	xa = svg_x(s, b->start_ns);
	xb = svg_x(s, b->end_ns);
	w = xb - xa < 0.5 ? 0.5 : xb - xa;
	if (s->outline) {
		/* only the part inside the spike is the culprit's */
		xa = svg_x(s, b->start_ns > s->r->spike.deadline_ns ? b->start_ns
								    : s->r->spike.deadline_ns);
		xb = svg_x(s, b->end_ns < s->r->spike.wake_ns ? b->end_ns : s->r->spike.wake_ns);
		w = xb - xa < 0.5 ? 0.5 : xb - xa;
		if (svg_bar_is_culprit(s, b))
			report_svg_rect(s->f, xa, y - 1, w, SVG_BAR_H + 2,
					SVG_CULPRIT_STYLE "2.5\"");
		b->owner = SVG_NONE;
		return;
	}
	svg_bar_label(b, label, sizeof(label));
	switch (b->owner) {
	case SVG_TASK:
		fill = svg_task_fill(b->prio, b->comm);
		svg_prio_words(b->prio, b->comm, words, sizeof(words));
		break;
	case SVG_IDLE:
		fill = SVG_C_IDLE;
		snprintf(words, sizeof(words), "CPU idle");
		break;
	default:
		fill = "url(#rtwhy-hatch)";
		if (b->pid > 0)
			snprintf(words, sizeof(words), "no event while %s:%d was current",
				 b->comm[0] ? b->comm : "?", b->pid);
		else
			snprintf(words, sizeof(words), "no event");
		break;
	}
	fprintf(s->f,
		"<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" "
		"fill=\"%s\">",
		svg_owner_class[b->owner], xa, y, w, SVG_BAR_H, fill);
	report_svg_title(s->f, "%s (%s) on CPU %d: %+.1f to %+.1f us, %.1f us%s", label, words,
			 s->cpu, svg_rel_us(s, b->start_ns), svg_rel_us(s, b->end_ns),
			 (double)(b->end_ns - b->start_ns) / 1000.0,
			 b->irq_ns ? " with interrupts" : "");
	fputs("</rect>\n", s->f);
	if (b->owner == SVG_TASK && b->pid == s->r->spike.tid)
		report_svg_rect(s->f, xa, y + SVG_BAR_H + 1, w, 3, "class=\"victim\" fill=\"%s\"",
				SVG_C_VICTIM);
	if (w >= report_svg_text_px(label, REPORT_SVG_CHAR_PX) + 6)
		report_svg_text(s->f, (xa + xb) / 2, y + SVG_BAR_H / 2.0 + 4,
				"text-anchor=\"middle\"", "%s", label);
	b->owner = SVG_NONE;
}

static void svg_mark(struct svg_spike *s, const struct tl_segment *seg, uint64_t a, uint64_t b)
{
	double xa = svg_x(s, a), w = svg_x(s, b) - xa;
	bool hard = seg->ctx == TL_HARDIRQ;
	char what[64];

	if (w < 1.5) { /* keep a short interrupt visible */
		xa -= (1.5 - w) / 2;
		w = 1.5;
	}
	if (s->outline) {
		if (svg_mark_is_culprit(s, seg, a, b))
			report_svg_rect(s->f, xa - 1.5, s->y - 1.5, w + 3, SVG_STRIP_H + 3,
					SVG_CULPRIT_STYLE "2\"");
		return;
	}
	if (!hard)
		snprintf(what, sizeof(what), "softirq %s", seg->name);
	else if (seg->irq >= 0)
		snprintf(what, sizeof(what), "IRQ %d %s", seg->irq, seg->name);
	else
		snprintf(what, sizeof(what), "hard IRQ %s", seg->name[0] ? seg->name : "?");
	fprintf(s->f,
		"<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" "
		"fill=\"%s\">",
		hard ? "hardirq" : "softirq", xa, s->y, w, SVG_STRIP_H,
		hard ? SVG_C_HARDIRQ : SVG_C_SOFTIRQ);
	report_svg_title(s->f, "%s on CPU %d: %+.1f to %+.1f us, %.1f us", what, s->cpu,
			 svg_rel_us(s, a), svg_rel_us(s, b), (double)(b - a) / 1000.0);
	fputs("</rect>\n", s->f);
}

/* timeline_walk() callback: one piece of the lane's time. */
static void svg_piece(const struct tl_segment *seg, uint64_t at_ns, uint64_t ns, void *arg)
{
	struct svg_spike *s = arg;
	uint64_t a = at_ns, b = at_ns + ns;
	bool irq = seg->ctx == TL_HARDIRQ || seg->ctx == TL_SOFTIRQ;
	enum svg_owner owner;

	if (b <= a)
		return;
	switch (seg->ctx) {
	case TL_IDLE:
		owner = SVG_IDLE;
		break;
	case TL_GAP:
		owner = seg->pid < 0 ? SVG_NONE : SVG_GAP;
		break;
	default: /* a task, or an interrupt of the task (or idle) it interrupted */
		owner = seg->pid == 0 ? SVG_IDLE : (seg->pid > 0 ? SVG_TASK : SVG_NONE);
		break;
	}
	if (irq)
		svg_mark(s, seg, a, b);
	if (s->bar.owner != owner || s->bar.pid != seg->pid || s->bar.end_ns != a) {
		svg_flush_bar(s);
		memset(&s->bar, 0, sizeof(s->bar));
		s->bar.owner = owner;
		s->bar.pid = seg->pid;
		s->bar.prio = seg->prio;
		memcpy(s->bar.comm, seg->comm, sizeof(s->bar.comm));
		s->bar.start_ns = a;
	}
	s->bar.end_ns = b;
	if (irq)
		s->bar.irq_ns += b - a;
}

/* Phase boundaries from the phase durations: T (timer), S (switch-in). */
static uint64_t svg_phase_end(const struct blame_result *r, int phase)
{
	uint64_t t = r->spike.deadline_ns;
	int i;

	for (i = 0; i <= phase; i++)
		t += r->phase_ns[i];
	return t;
}

/* Outline the part of a lane where a culprit with no bar of its own lies. */
static void svg_region(struct svg_spike *s, uint64_t a, uint64_t b)
{
	double xa = svg_x(s, a), xb = svg_x(s, b);

	if (b <= a)
		return;
	report_svg_rect(s->f, xa, s->y + SVG_BAR_Y - 2, xb - xa < 1 ? 1 : xb - xa, SVG_BAR_H + 4,
			SVG_CULPRIT_STYLE "2.5\" stroke-dasharray=\"5,3\"");
}

static void svg_lane_roles(const struct blame_result *r, int cpu, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	if (cpu == r->timer_cpu)
		n += (size_t)snprintf(buf + n, len - n, "timer");
	if (cpu == r->wake_cpu && n < len)
		n += (size_t)snprintf(buf + n, len - n, "%swoken", n ? ", " : "");
	if (cpu == r->run_cpu && n < len)
		snprintf(buf + n, len - n, "%sran", n ? ", " : "");
}

static void svg_lane(struct svg_spike *s, const struct timeline *tl, int cpu, double y)
{
	const struct blame_culprit *c = s->culprit;
	char roles[48];

	s->cpu = cpu;
	s->y = y;
	svg_lane_roles(s->r, cpu, roles, sizeof(roles));
	if (s->closeup && s->x0 > REPORT_SVG_PLOT_X0)
		goto bar; /* the left close-up has the labels */
	fprintf(s->f, "<g>");
	report_svg_title(s->f, "CPU %d%s%s", cpu, roles[0] ? ": " : "", roles);
	report_svg_text(s->f, REPORT_SVG_MARGIN, y + SVG_BAR_Y + 12,
			"font-size=\"13\" font-weight=\"bold\"", "CPU %d", cpu);
	if (roles[0])
		report_svg_text(s->f, REPORT_SVG_MARGIN, y + SVG_BAR_Y + 25, "fill=\"#555555\"",
				"%s", roles);
	fputs("</g>\n", s->f);
bar:
	report_svg_rect(s->f, s->x0, y + SVG_BAR_Y, s->x1 - s->x0, SVG_BAR_H,
			"fill=\"" SVG_C_BLANK "\" stroke=\"#cccccc\" stroke-width=\"0.5\"");
	s->outline = false;
	memset(&s->bar, 0, sizeof(s->bar));
	timeline_walk(tl, cpu, s->from_ns, s->to_ns, svg_piece, s);
	svg_flush_bar(s);
	/* the culprit, outlined over everything */
	s->outline = true;
	memset(&s->bar, 0, sizeof(s->bar));
	timeline_walk(tl, cpu, s->from_ns, s->to_ns, svg_piece, s);
	svg_flush_bar(s);
	if (c && c->cpu == cpu && c->kind == BLAME_TIMER_SLACK)
		svg_region(s, s->d_ns, s->d_ns + c->ns);
	if (c && c->cpu == cpu && c->kind == BLAME_UNACCOUNTED && c->phase_ns[BLAME_PHASE_TIMER])
		svg_region(s,
			   svg_phase_end(s->r, BLAME_PHASE_TIMER) - c->phase_ns[BLAME_PHASE_TIMER],
			   svg_phase_end(s->r, BLAME_PHASE_TIMER));
}

/* The CPUs to draw: those of the chain and the culprit first, then others with events. */
static int svg_pick_lanes(const struct svg_spike *s, const struct timeline *tl, int *cpus)
{
	const struct blame_result *r = s->r;
	int must[5] = { r->timer_cpu, r->wake_cpu, r->run_cpu, r->spike.cpu,
			s->culprit ? s->culprit->cpu : -1 };
	int nr = 0, i, k, cpu;

	for (i = 0; i < 5 + tl->nr_cpus && nr < SVG_MAX_LANES; i++) {
		if (i < 5) {
			cpu = must[i];
		} else {
			const struct tl_segment *first, *last;

			cpu = i - 5;
			if (!tl->cpu_count[cpu])
				continue;
			first = &tl->seg[tl->cpu_first[cpu]];
			last = first + tl->cpu_count[cpu] - 1;
			if (first->start_ns >= s->to_ns || last->end_ns <= s->from_ns)
				continue;
		}
		if (cpu < 0)
			continue;
		for (k = 0; k < nr && cpus[k] != cpu; k++)
			;
		if (k == nr)
			cpus[nr++] = cpu;
	}
	for (i = 1; i < nr; i++) /* insertion sort: a handful of CPUs */
		for (k = i; k > 0 && cpus[k - 1] > cpus[k]; k--) {
			cpu = cpus[k];
			cpus[k] = cpus[k - 1];
			cpus[k - 1] = cpu;
		}
	return nr;
}

struct svg_marker {
	uint64_t ts_ns;
	const char *name;
	const char *color;
	const char *dash; /* stroke-dasharray */
	int cpu;
	const char *what; /* tooltip */
};

static void svg_markers(struct svg_spike *s, double top, double bottom)
{
	const struct blame_result *r = s->r;
	const struct svg_marker all[] = {
		{ r->spike.deadline_ns, "D", "#000000", "none", r->spike.cpu, "the deadline D" },
		{ r->timer_ns, "timer", "#b22222", "4,3", r->timer_cpu,
		  "the thread's timer fired" },
		{ r->waking_ns, "woken", "#7b3fa0", "4,3", r->wake_cpu, "the thread was woken" },
		{ r->resched_ns, "need-resched", "#666666", "2,3", r->run_cpu,
		  "need-resched was set on the run queue" },
		{ r->switch_ns, "switch-in", "#1a7f37", "4,3", r->run_cpu,
		  "the thread was switched in" },
		{ r->spike.wake_ns, "W", SVG_C_VICTIM, "none", r->run_cpu,
		  "the thread woke in user space (W)" },
	};
	double row_end[SVG_LABEL_ROWS];
	size_t i;
	int row;

	for (row = 0; row < SVG_LABEL_ROWS; row++)
		row_end[row] = -1e9;
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		const struct svg_marker *mk = &all[i];
		double x, w, lx;
		char label[64];
		bool right;
		int best = 0;

		if (!mk->ts_ns || mk->ts_ns < s->from_ns || mk->ts_ns > s->to_ns)
			continue;
		if (i == 0)
			snprintf(label, sizeof(label), "D");
		else
			snprintf(label, sizeof(label), "%s %+.1f", mk->name,
				 svg_rel_us(s, mk->ts_ns));
		x = svg_x(s, mk->ts_ns);
		w = report_svg_text_px(label, REPORT_SVG_CHAR_PX);
		right = x + 3 + w > s->x1;
		lx = right ? x - 3 - w : x + 3;
		for (row = 0; row < SVG_LABEL_ROWS; row++) {
			if (lx >= row_end[row] + 4)
				break;
			if (row_end[row] < row_end[best])
				best = row;
		}
		if (row == SVG_LABEL_ROWS)
			row = best;
		row_end[row] = lx + w;
		fprintf(s->f, "<g>");
		report_svg_title(s->f, "%s: %+.1f us on CPU %d", mk->what, svg_rel_us(s, mk->ts_ns),
				 mk->cpu);
		report_svg_line(s->f, x, top - row * 13.0 - 9, x, bottom,
				"stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"%s\"",
				mk->color, mk->dash);
		fprintf(s->f, "\n");
		report_svg_text(s->f, right ? x - 3 : x + 3, top - row * 13.0 - 1,
				right ? "text-anchor=\"end\" font-weight=\"bold\" fill=\"#222222\""
				      : "font-weight=\"bold\" fill=\"#222222\"",
				"%s", label);
		fputs("</g>\n", s->f);
	}
}

static void svg_axis(struct svg_spike *s, double y)
{
	double from_us = svg_rel_us(s, s->from_ns), to_us = svg_rel_us(s, s->to_ns);
	double step = report_svg_nice_step(to_us - from_us, (int)((s->x1 - s->x0) / 100)), v;

	report_svg_line(s->f, s->x0, y, s->x1, y, "stroke=\"#333333\"");
	for (v = ceil(from_us / step) * step; v <= to_us + 1e-9; v += step) {
		double x = s->x0 + (v - from_us) * (s->x1 - s->x0) / (to_us - from_us);
		double shown = fabs(v) < step / 1e6 ? 0 : v;

		report_svg_line(s->f, x, y, x, y + 5, "stroke=\"#333333\"");
		if (step >= 1)
			report_svg_text(s->f, x, y + 16, "text-anchor=\"middle\"",
					shown > 0 ? "+%.0f" : "%.0f", shown);
		else
			report_svg_text(s->f, x, y + 16, "text-anchor=\"middle\"",
					shown > 0 ? "+%.1f" : "%.1f", shown);
	}
	if (s->closeup)
		report_svg_text(s->f, (s->x0 + s->x1) / 2, y + 31,
				"text-anchor=\"middle\" fill=\"#333333\"", "microseconds from D");
	else
		report_svg_text(s->f, (s->x0 + s->x1) / 2, y + 31,
				"text-anchor=\"middle\" fill=\"#333333\"",
				"microseconds from the deadline D (0) to the wake-up W (+%.1f)",
				(double)s->r->latency_ns / 1000.0);
}

/* @ts_ns - @d_ns, or 0: traces with relative timestamps start near 0 */
static uint64_t svg_before(uint64_t ts_ns, uint64_t d_ns)
{
	return ts_ns > d_ns ? ts_ns - d_ns : 0;
}

/* Height of the close-ups under the main view; 0 when the main view shows the chain well. */
static int svg_closeups_height(const struct blame_result *r, int nr_lanes)
{
	if (r->latency_ns < SVG_CLOSEUP_MIN_NS || !nr_lanes)
		return 0;
	return 22 + SVG_LABEL_ROWS * 13 + nr_lanes * SVG_LANE_H + 48;
}

/*
 * A long spike squeezes the chain of events into a few pixels at each end:
 * draw the same lanes again around the timer and the wake-up (left) and
 * around need-resched, the switch-in and W (right).
 */
static void svg_closeups(const struct svg_spike *main, const struct timeline *tl, const int *cpus,
			 int nr, double y)
{
	const struct blame_result *r = main->r;
	uint64_t t = svg_phase_end(r, BLAME_PHASE_TIMER), s = svg_phase_end(r, BLAME_PHASE_SCHED);
	uint64_t us = NSEC_PER_USEC, first = s;
	double mid = (REPORT_SVG_PLOT_X0 + REPORT_SVG_PLOT_X1) / 2.0,
	       top = y + 22 + SVG_LABEL_ROWS * 13;
	struct svg_spike z[2];
	int k, i;

	if (!svg_closeups_height(r, nr))
		return;
	if (r->waking_ns > t && r->waking_ns < s)
		t = r->waking_ns;
	if (r->resched_ns && r->resched_ns < s && s - r->resched_ns < 200 * us)
		first = r->resched_ns;
	z[0] = z[1] = *main;
	z[0].closeup = z[1].closeup = true;
	z[0].from_ns = t - main->d_ns <= 100 * us ? svg_before(main->d_ns, 10 * us)
						  : svg_before(t, 50 * us);
	z[0].to_ns = t + 30 * us;
	z[0].x1 = mid - 16;
	z[1].from_ns = svg_before(first, 20 * us);
	z[1].to_ns = r->spike.wake_ns + 20 * us;
	z[1].x0 = mid + 16;
	report_svg_text(main->f, z[0].x0, y + 12, "font-weight=\"bold\"",
			"close-up: the timer fires and wakes the thread");
	report_svg_text(main->f, z[1].x0, y + 12, "font-weight=\"bold\"",
			"close-up: the switch to the thread and its return");
	for (k = 0; k < 2; k++) {
		for (i = 0; i < nr; i++)
			svg_lane(&z[k], tl, cpus[i], top + i * SVG_LANE_H);
		svg_markers(&z[k], top, top + nr * SVG_LANE_H);
		svg_axis(&z[k], top + nr * SVG_LANE_H + 2);
	}
}

static void svg_phases(struct svg_spike *s, double y)
{
	static const char *const names[BLAME_NR_PHASES] = { "timer delay", "scheduling delay",
							    "return to user" };
	static const char *const fills[BLAME_NR_PHASES] = { "#fbe3cf", "#dbe8f6", "#dcefd8" };
	const struct blame_result *r = s->r;
	uint64_t a = r->spike.deadline_ns;
	int p;

	for (p = 0; p < BLAME_NR_PHASES; p++) {
		uint64_t b = a + r->phase_ns[p];
		double xa = svg_x(s, a), xb = svg_x(s, b);
		char full[64], shorter[32];
		double us = (double)r->phase_ns[p] / 1000.0;

		if (b > a) {
			fprintf(s->f,
				"<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"16\" "
				"fill=\"%s\" "
				"stroke=\"#999999\" stroke-width=\"0.5\">",
				xa, y, xb - xa, fills[p]);
			report_svg_title(s->f, "%s: %.1f us", names[p], us);
			fputs("</rect>\n", s->f);
			snprintf(full, sizeof(full), "%s %.1f us", names[p], us);
			snprintf(shorter, sizeof(shorter), "%.1f", us);
			if (xb - xa >= report_svg_text_px(full, REPORT_SVG_CHAR_PX) + 6)
				report_svg_text(s->f, (xa + xb) / 2, y + 12,
						"text-anchor=\"middle\"", "%s", full);
			else if (xb - xa >= report_svg_text_px(shorter, REPORT_SVG_CHAR_PX) + 4)
				report_svg_text(s->f, (xa + xb) / 2, y + 12,
						"text-anchor=\"middle\"", "%s", shorter);
		}
		a = b;
	}
	report_svg_text(
		s->f, s->x0, y + 31, "fill=\"#333333\"",
		"phases: timer delay %.1f us | scheduling delay %.1f us | return to user %.1f us",
		(double)r->phase_ns[BLAME_PHASE_TIMER] / 1000.0,
		(double)r->phase_ns[BLAME_PHASE_SCHED] / 1000.0,
		(double)r->phase_ns[BLAME_PHASE_RETURN] / 1000.0);
	report_svg_text(s->f, REPORT_SVG_MARGIN, y + 12, "font-weight=\"bold\"", "phases");
}

enum svg_swatch { SW_FILL, SW_HATCH, SW_MARK, SW_OUTLINE, SW_UNDERLINE, SW_BLANK };

/* Lay the legend out from @y; draw it if @f. Return: the number of rows. */
static int svg_legend(FILE *f, double y)
{
	static const struct {
		enum svg_swatch kind;
		const char *color;
		const char *text;
	} items[] = {
		{ SW_FILL, SVG_C_FAIR, "fair task (SCHED_OTHER/BATCH/IDLE)" },
		{ SW_FILL, SVG_C_RT, "real-time task (FIFO/RR/DL)" },
		{ SW_FILL, SVG_C_IRQTHREAD, "IRQ thread (irq/N-name)" },
		{ SW_FILL, SVG_C_UNKNOWN, "task, class not seen" },
		{ SW_FILL, SVG_C_IDLE, "idle" },
		{ SW_HATCH, "", "nothing visible (IRQs off, SMI, hypervisor)" },
		{ SW_MARK, SVG_C_HARDIRQ, "hard IRQ" },
		{ SW_MARK, SVG_C_SOFTIRQ, "softirq" },
		{ SW_OUTLINE, SVG_C_CULPRIT, "the verdict's culprit" },
		{ SW_UNDERLINE, SVG_C_VICTIM, "the late thread" },
		{ SW_BLANK, SVG_C_BLANK, "not in the trace (before it, after the freeze)" },
	};
	double x = REPORT_SVG_MARGIN;
	size_t i;
	int rows = 1;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		double w = 20 + report_svg_text_px(items[i].text, REPORT_SVG_CHAR_PX) + 14;

		if (x + w > REPORT_SVG_W - REPORT_SVG_MARGIN) {
			x = REPORT_SVG_MARGIN;
			y += 17;
			rows++;
		}
		if (f) {
			const char *c = items[i].color;

			switch (items[i].kind) {
			case SW_FILL:
				report_svg_rect(f, x, y - 9, 16, 11, "fill=\"%s\"", c);
				break;
			case SW_HATCH:
				report_svg_rect(f, x, y - 9, 16, 11,
						"fill=\"url(#rtwhy-hatch)\" "
						"stroke=\"#999999\" stroke-width=\"0.5\"");
				break;
			case SW_MARK:
				report_svg_rect(f, x + 5, y - 9, 5, 11, "fill=\"%s\"", c);
				break;
			case SW_OUTLINE:
				report_svg_rect(f, x, y - 9, 16, 11,
						"fill=\"#ffffff\" stroke=\"%s\" "
						"stroke-width=\"2.5\"",
						c);
				break;
			case SW_UNDERLINE:
				report_svg_rect(f, x, y - 9, 16, 8, "fill=\"%s\"", SVG_C_UNKNOWN);
				report_svg_rect(f, x, y, 16, 3, "fill=\"%s\"", c);
				break;
			case SW_BLANK:
				report_svg_rect(f, x, y - 9, 16, 11,
						"fill=\"%s\" stroke=\"#cccccc\" "
						"stroke-width=\"0.5\"",
						c);
				break;
			}
			report_svg_text(f, x + 20, y, "", "%s", items[i].text);
		}
		x += w;
	}
	return rows;
}

static void svg_culprits(struct svg_spike *s, double y, int nr)
{
	const struct blame_result *r = s->r;
	int i;

	report_svg_text(s->f, REPORT_SVG_MARGIN, y, "font-weight=\"bold\"",
			"culprits (what occupied the CPUs that mattered, largest first):");
	for (i = 0; i < nr; i++) {
		const struct blame_culprit *c = &r->culprit[i];
		const char *weight = i == r->verdict_culprit ? "font-weight=\"bold\"" : "";
		double yy = y + 15.0 * (i + 1);
		char label[128];

		blame_culprit_label(c, label, sizeof(label));
		if (i == r->verdict_culprit)
			report_svg_text(s->f, REPORT_SVG_MARGIN, yy, weight, "verdict:");
		report_svg_text(s->f, REPORT_SVG_MARGIN + 120, yy,
				i == r->verdict_culprit ? "text-anchor=\"end\" font-weight=\"bold\""
							: "text-anchor=\"end\"",
				"%.1f us", (double)c->ns / 1000.0);
		report_svg_text(s->f, REPORT_SVG_MARGIN + 170, yy,
				i == r->verdict_culprit ? "text-anchor=\"end\" font-weight=\"bold\""
							: "text-anchor=\"end\"",
				"%.1f%%",
				r->latency_ns ? 100.0 * (double)c->ns / (double)r->latency_ns
					      : 0.0);
		report_svg_text(s->f, REPORT_SVG_MARGIN + 184, yy, weight, "%s",
				blame_kind_name(c->kind));
		report_svg_text(s->f, REPORT_SVG_MARGIN + 270, yy, weight, "%s on CPU %d%s", label,
				c->cpu,
				c->victim ? " (the thread itself, returning to user space)" : "");
	}
	if (r->nr_culprits > nr)
		report_svg_text(s->f, REPORT_SVG_MARGIN, y + 15.0 * (nr + 1), "fill=\"#555555\"",
				"  ... %d more", r->nr_culprits - nr);
}

/* The kernel stack of what the timer interrupted (--stack): lines drawn, 0 when there is none. */
static int svg_stack(const struct svg_spike *s, double y)
{
	const struct cause_stack *st = &s->r->cause.stack;
	char frames[1200];

	if (st->where == CAUSE_STACK_NONE)
		return 0;
	cause_stack_words(st, 12, frames, sizeof(frames));
	if (!s->f)
		return 1 + report_svg_wrap(NULL, 0, 0, 0, "", frames[0] ? frames : "-", SVG_WRAP);
	report_svg_text(
		s->f, REPORT_SVG_MARGIN, y, "font-weight=\"bold\" class=\"stack\"",
		"kernel stack of %s (pid %d) on CPU %d when the timer woke the thread (%s%s):",
		st->pid ? st->comm : "idle", st->pid, st->cpu, cause_stack_where_name(st->where),
		st->where == CAUSE_STACK_KERNEL ? ", innermost first, below the IRQ entry" : "");
	return 1 + report_svg_wrap(s->f, REPORT_SVG_MARGIN + 12, y + 15, 15,
				   "font-family=\"" REPORT_SVG_MONO "\" class=\"stack\"",
				   frames[0] ? frames : "-", SVG_WRAP);
}

static void svg_spike_header(struct svg_spike *s, int index, size_t n)
{
	const struct blame_result *r = s->r;
	const struct blame_spike *sp = &r->spike;
	char who[48], thr[48] = "";

	if (sp->thread >= 0)
		snprintf(who, sizeof(who), "thread %d (tid %d)", sp->thread, sp->tid);
	else
		snprintf(who, sizeof(who), "tid %d", sp->tid);
	if (sp->threshold_ns)
		snprintf(thr, sizeof(thr), " (threshold %.0f us)",
			 (double)sp->threshold_ns / 1000.0);
	report_svg_text(s->f, REPORT_SVG_MARGIN, 24, "font-size=\"16\" font-weight=\"bold\"",
			"Spike %d: %s%s%s on CPU %d woke %.1f us late%s", index, who,
			r->victim_comm[0] ? " " : "", r->victim_comm,
			r->run_cpu >= 0 ? r->run_cpu : sp->cpu, (double)r->latency_ns / 1000.0,
			thr);
	report_svg_text(
		s->f, REPORT_SVG_MARGIN, 42, r->complete ? "fill=\"#444444\"" : "fill=\"#b00000\"",
		"trace %s%s%s, %zu events over %.1f ms, %llu lost; deadline %s; rtwhy %s",
		r->complete ? "complete" : "INCOMPLETE", r->complete ? "" : ": ",
		r->complete ? "" : r->incomplete_why, n,
		(double)(r->window_end_ns - r->window_start_ns) / 1e6,
		(unsigned long long)r->lost_events,
		sp->deadline_exact ? "exact (clock mono)" : "derived from the marker's latency",
		RTWHY_VERSION);
}

static void svg_defs(FILE *f)
{
	fputs("<defs><pattern id=\"rtwhy-hatch\" width=\"6\" height=\"6\" "
	      "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	      "<rect width=\"6\" height=\"6\" fill=\"#ffffff\"/>"
	      "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#888888\" stroke-width=\"2.5\"/>"
	      "</pattern></defs>\n",
	      f);
}

static int svg_spike_write(FILE *f, int index, const struct blame_trace *trace,
			   const struct blame_result *r)
{
	struct svg_spike s = { .f = f, .r = r, .x0 = REPORT_SVG_PLOT_X0, .x1 = REPORT_SVG_PLOT_X1 };
	uint64_t lat = r->latency_ns, pre, post;
	int cpus[SVG_MAX_LANES], nr_lanes, nr_culprits, legend_rows, verdict_lines, hint_lines;
	int height, i, stack_lines;
	double y, lanes_top;
	static const struct timeline no_events;
	const struct timeline *tl = trace ? &trace->tl : &no_events;
	size_t n = trace ? trace->nr_read : 0;
	char title[160], head[64];

	s.d_ns = r->spike.deadline_ns;
	s.culprit = r->verdict_culprit >= 0 && r->verdict_culprit < r->nr_culprits
			    ? &r->culprit[r->verdict_culprit]
			    : NULL;
	/* from a little before D to a little after W */
	pre = lat / 10 > 200 * NSEC_PER_USEC ? lat / 10 : 200 * NSEC_PER_USEC;
	post = lat / 20 > 50 * NSEC_PER_USEC ? lat / 20 : 50 * NSEC_PER_USEC;
	s.from_ns = svg_before(s.d_ns, pre);
	s.to_ns = r->spike.wake_ns + post;

	/* the lanes show what the explanation saw: its timeline, untraced switches put back */
	nr_lanes = svg_pick_lanes(&s, tl, cpus);
	nr_culprits =
		r->nr_culprits < SVG_MAX_CULPRITS_SHOWN ? r->nr_culprits : SVG_MAX_CULPRITS_SHOWN;
	snprintf(head, sizeof(head), "Verdict (%s): ", blame_verdict_name(r->verdict));
	legend_rows = svg_legend(NULL, 0);
	verdict_lines = report_svg_wrap(NULL, 0, 0, 0, "", r->text, SVG_WRAP);
	hint_lines = report_svg_wrap(NULL, 0, 0, 0, "", r->hint, SVG_WRAP);
	{
		struct svg_spike probe = s;

		probe.f = NULL;
		stack_lines = svg_stack(&probe, 0);
	}

	lanes_top = 58 + SVG_LABEL_ROWS * 13;
	y = lanes_top + nr_lanes * SVG_LANE_H;
	height = (int)(y + 40 + 44 + svg_closeups_height(r, nr_lanes) + legend_rows * 17 + 12 +
		       15 * (nr_culprits + 2) + 14 + 15 * stack_lines + 18 * (verdict_lines + 1) +
		       18 * hint_lines + 20);

	snprintf(title, sizeof(title), "rtwhy spike %d: tid %d woke %.1f us late, %s", index,
		 r->spike.tid, (double)lat / 1000.0, blame_verdict_name(r->verdict));
	report_svg_begin(f, REPORT_SVG_W, height, title);
	svg_defs(f);
	svg_spike_header(&s, index, n);
	for (i = 0; i < nr_lanes; i++)
		svg_lane(&s, tl, cpus[i], lanes_top + i * SVG_LANE_H);
	if (!nr_lanes)
		report_svg_text(f, s.x0, lanes_top + 20, "fill=\"#b00000\"",
				"no event in the window");
	svg_markers(&s, lanes_top, y);
	svg_axis(&s, y + 2);
	y += 44;
	svg_phases(&s, y);
	y += 52;
	svg_closeups(&s, tl, cpus, nr_lanes, y);
	y += svg_closeups_height(r, nr_lanes);
	svg_legend(f, y);
	y += legend_rows * 17 + 12;
	svg_culprits(&s, y, nr_culprits);
	y += 15 * (nr_culprits + 2) + 14;
	y += 15 * svg_stack(&s, y);
	report_svg_text(f, REPORT_SVG_MARGIN, y, "font-size=\"13\" font-weight=\"bold\"", "%s",
			head);
	report_svg_wrap(f, REPORT_SVG_MARGIN, y + 18, 18, "font-size=\"13\"", r->text, SVG_WRAP);
	y += 18 * (verdict_lines + 1);
	report_svg_text(f, REPORT_SVG_MARGIN, y, "font-size=\"13\" font-weight=\"bold\"", "Hint:");
	report_svg_wrap(f, REPORT_SVG_MARGIN + 38, y, 18, "font-size=\"13\"", r->hint,
			SVG_WRAP - 6);
	fputs("</svg>\n", f);
	return 0;
}

int report_svg_spike(const char *path, int index, const struct blame_trace *trace,
		     const struct blame_result *r)
{
	char file[4096];
	FILE *f;
	int ret = 0;

	report_svg_spike_path(path, index, file, sizeof(file));
	ret = outfile_open(file, "--svg file", &f);
	if (ret)
		return ret;
	ret = svg_spike_write(f, index, trace, r);
	if (ret) {
		log_err("cannot write --svg file %s: %s", file, strerror(-ret));
		outfile_discard(f, file);
		return ret;
	}
	return outfile_close(f, "--svg file", file);
}
