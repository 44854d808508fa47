// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_svg - SVG pictures written with fprintf, no plotting dependency.
 *
 * The spike picture: a lane per CPU over a window from a little before the
 * deadline D to a little after the wake-up W, time in microseconds relative
 * to D. Each lane is a bar of who owned the CPU (timeline segments merged
 * per task, interrupts cut out of a task's run shown as marks in a strip
 * above the bar), vertical lines for D, the timer, the wakeup, need-resched,
 * the switch-in and W, the verdict's culprit outlined, the phases as a band
 * under the axis, the largest culprits and the verdict as the caption.
 *
 * The histogram picture: cyclictest's histogram per thread as steps over a
 * log10 count axis (OSADL's latency plots), min/avg/max as a range row per
 * thread, overflows noted.
 *
 * Only layout here: every number shown comes from blame_result, the
 * timeline or the statistics. All text goes through svg_esc(): comms and
 * IRQ names are arbitrary bytes, the output is always well-formed UTF-8 XML.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/utsname.h>
#include <time.h>

#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report_svg.h"
#include "rtwhy/wrap.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define SVG_W		       1200 /* picture width, px */
#define SVG_MARGIN	       16
#define SVG_PLOT_X0	       118 /* left edge of the lanes / plot */
#define SVG_PLOT_X1	       (SVG_W - 24)
#define SVG_FONT	       "DejaVu Sans, Liberation Sans, Arial, sans-serif"
#define SVG_MONO	       "DejaVu Sans Mono, Liberation Mono, monospace"
#define SVG_CHAR_PX	       6.6 /* average advance of an 11 px sans-serif character */
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

/* ---- text ------------------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at @s, 0 if it is not one. */
static size_t svg_utf8_len(const unsigned char *s)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond Unicode, and U+FFFE/U+FFFF are not XML */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff || cp == 0xfffe || cp == 0xffff)
		return 0;
	return len;
}

/* Write @s as XML character data or attribute value: escaped, valid UTF-8, no controls. */
static void svg_esc(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t len;

		switch (*p) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			if (*p < 0x20) {
				fputc('?', f); /* control characters are not allowed in XML 1.0 */
				break;
			}
			len = svg_utf8_len(p);
			if (!len) {
				fputc('?', f);
				break;
			}
			fwrite(p, 1, len, f);
			p += len;
			continue;
		}
		p++;
	}
}

/* <text x y ATTRS>escaped(printf(fmt...))</text> */
static void svg_text(FILE *f, double x, double y, const char *attrs, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void svg_text(FILE *f, double x, double y, const char *attrs, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, attrs[0] ? " " : "", attrs);
	svg_esc(f, buf);
	fputs("</text>\n", f);
}

/* <title>escaped(printf(fmt...))</title>: the tooltip of the enclosing element */
static void svg_title(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void svg_title(FILE *f, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fputs("<title>", f);
	svg_esc(f, buf);
	fputs("</title>", f);
}

/* <rect x y width height ATTRS/>, the attributes from printf(fmt...) */
static void svg_rect(FILE *f, double x, double y, double w, double h, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void svg_rect(FILE *f, double x, double y, double w, double h, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" ", x, y, w, h);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputs("/>\n", f);
}

/* <line x1 y1 x2 y2 ATTRS/>, the attributes from printf(fmt...) */
static void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" ", x1, y1, x2, y2);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputs("/>\n", f);
}

/* Estimated width in px of @s at the 11 px font (UTF-8 continuation bytes do not count). */
static double svg_text_px(const char *s, double char_px)
{
	double w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w += char_px;
	return w;
}

/*
 * Write @text as lines of at most @width characters, cut at spaces, from
 * (@x, @y) down by @dy; only count them when @f is NULL.
 * Return: the number of lines.
 */
static int svg_wrap(FILE *f, double x, double y, double dy, const char *attrs, const char *text,
		    int width)
{
	const char *line;
	size_t len;
	int nr = 0;

	for (; (len = wrap_line(text, width, true, &line)); text = line + len) {
		if (f)
			svg_text(f, x, y + dy * nr, attrs, "%.*s", (int)len, line);
		nr++;
	}
	return nr;
}

static void svg_begin(FILE *f, int width, int height, const char *title)
{
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"%s\" font-size=\"11\">\n",
		width, height, width, height, SVG_FONT);
	fputs("<title>", f);
	svg_esc(f, title);
	fputs("</title>\n", f);
	svg_rect(f, 0, 0, width, height, "fill=\"#ffffff\"");
}

/* A round step (1, 2, 5 x 10^k) for about @nr ticks over @span. */
static double svg_nice_step(double span, int nr)
{
	double raw = span / nr, mag, frac;

	if (raw <= 0)
		return 1;
	mag = pow(10, floor(log10(raw)));
	frac = raw / mag;
	if (frac <= 1)
		return mag;
	if (frac <= 2)
		return 2 * mag;
	if (frac <= 5)
		return 5 * mag;
	return 10 * mag;
}

/* ---- the spike picture ----------------------------------------------------------------- */

void report_svg_sibling_path(const char *path, const char *tag, char *buf, size_t len)
{
	size_t n = strlen(path);

	if (n > 4 && !strcasecmp(path + n - 4, ".svg"))
		snprintf(buf, len, "%.*s-%s%s", (int)(n - 4), path, tag, path + n - 4);
	else
		snprintf(buf, len, "%s-%s", path, tag);
}

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
			svg_rect(s->f, xa, y - 1, w, SVG_BAR_H + 2, SVG_CULPRIT_STYLE "2.5\"");
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
	svg_title(s->f, "%s (%s) on CPU %d: %+.1f to %+.1f us, %.1f us%s", label, words, s->cpu,
		  svg_rel_us(s, b->start_ns), svg_rel_us(s, b->end_ns),
		  (double)(b->end_ns - b->start_ns) / 1000.0, b->irq_ns ? " with interrupts" : "");
	fputs("</rect>\n", s->f);
	if (b->owner == SVG_TASK && b->pid == s->r->spike.tid)
		svg_rect(s->f, xa, y + SVG_BAR_H + 1, w, 3, "class=\"victim\" fill=\"%s\"",
			 SVG_C_VICTIM);
	if (w >= svg_text_px(label, SVG_CHAR_PX) + 6)
		svg_text(s->f, (xa + xb) / 2, y + SVG_BAR_H / 2.0 + 4, "text-anchor=\"middle\"",
			 "%s", label);
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
			svg_rect(s->f, xa - 1.5, s->y - 1.5, w + 3, SVG_STRIP_H + 3,
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
	svg_title(s->f, "%s on CPU %d: %+.1f to %+.1f us, %.1f us", what, s->cpu, svg_rel_us(s, a),
		  svg_rel_us(s, b), (double)(b - a) / 1000.0);
	fputs("</rect>\n", s->f);
}

/* timeline_walk() callback: one piece of the lane's time. */
static void svg_piece(const struct tl_segment *seg, uint64_t ns, void *arg)
{
	struct svg_spike *s = arg;
	uint64_t a = seg->start_ns > s->from_ns ? seg->start_ns : s->from_ns;
	uint64_t b = seg->end_ns < s->to_ns ? seg->end_ns : s->to_ns;
	bool irq = seg->ctx == TL_HARDIRQ || seg->ctx == TL_SOFTIRQ;
	enum svg_owner owner;

	(void)ns;
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
	svg_rect(s->f, xa, s->y + SVG_BAR_Y - 2, xb - xa < 1 ? 1 : xb - xa, SVG_BAR_H + 4,
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
	if (s->closeup && s->x0 > SVG_PLOT_X0)
		goto bar; /* the left close-up has the labels */
	fprintf(s->f, "<g>");
	svg_title(s->f, "CPU %d%s%s", cpu, roles[0] ? ": " : "", roles);
	svg_text(s->f, SVG_MARGIN, y + SVG_BAR_Y + 12, "font-size=\"13\" font-weight=\"bold\"",
		 "CPU %d", cpu);
	if (roles[0])
		svg_text(s->f, SVG_MARGIN, y + SVG_BAR_Y + 25, "fill=\"#555555\"", "%s", roles);
	fputs("</g>\n", s->f);
bar:
	svg_rect(s->f, s->x0, y + SVG_BAR_Y, s->x1 - s->x0, SVG_BAR_H,
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
		w = svg_text_px(label, SVG_CHAR_PX);
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
		svg_title(s->f, "%s: %+.1f us on CPU %d", mk->what, svg_rel_us(s, mk->ts_ns),
			  mk->cpu);
		svg_line(s->f, x, top - row * 13.0 - 9, x, bottom,
			 "stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"%s\"", mk->color,
			 mk->dash);
		fprintf(s->f, "\n");
		svg_text(s->f, right ? x - 3 : x + 3, top - row * 13.0 - 1,
			 right ? "text-anchor=\"end\" font-weight=\"bold\" fill=\"#222222\""
			       : "font-weight=\"bold\" fill=\"#222222\"",
			 "%s", label);
		fputs("</g>\n", s->f);
	}
}

static void svg_axis(struct svg_spike *s, double y)
{
	double from_us = svg_rel_us(s, s->from_ns), to_us = svg_rel_us(s, s->to_ns);
	double step = svg_nice_step(to_us - from_us, (int)((s->x1 - s->x0) / 100)), v;

	svg_line(s->f, s->x0, y, s->x1, y, "stroke=\"#333333\"");
	for (v = ceil(from_us / step) * step; v <= to_us + 1e-9; v += step) {
		double x = s->x0 + (v - from_us) * (s->x1 - s->x0) / (to_us - from_us);
		double shown = fabs(v) < step / 1e6 ? 0 : v;

		svg_line(s->f, x, y, x, y + 5, "stroke=\"#333333\"");
		if (step >= 1)
			svg_text(s->f, x, y + 16, "text-anchor=\"middle\"",
				 shown > 0 ? "+%.0f" : "%.0f", shown);
		else
			svg_text(s->f, x, y + 16, "text-anchor=\"middle\"",
				 shown > 0 ? "+%.1f" : "%.1f", shown);
	}
	if (s->closeup)
		svg_text(s->f, (s->x0 + s->x1) / 2, y + 31,
			 "text-anchor=\"middle\" fill=\"#333333\"", "microseconds from D");
	else
		svg_text(s->f, (s->x0 + s->x1) / 2, y + 31,
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
	double mid = (SVG_PLOT_X0 + SVG_PLOT_X1) / 2.0, top = y + 22 + SVG_LABEL_ROWS * 13;
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
	svg_text(main->f, z[0].x0, y + 12, "font-weight=\"bold\"",
		 "close-up: the timer fires and wakes the thread");
	svg_text(main->f, z[1].x0, y + 12, "font-weight=\"bold\"",
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
			svg_title(s->f, "%s: %.1f us", names[p], us);
			fputs("</rect>\n", s->f);
			snprintf(full, sizeof(full), "%s %.1f us", names[p], us);
			snprintf(shorter, sizeof(shorter), "%.1f", us);
			if (xb - xa >= svg_text_px(full, SVG_CHAR_PX) + 6)
				svg_text(s->f, (xa + xb) / 2, y + 12, "text-anchor=\"middle\"",
					 "%s", full);
			else if (xb - xa >= svg_text_px(shorter, SVG_CHAR_PX) + 4)
				svg_text(s->f, (xa + xb) / 2, y + 12, "text-anchor=\"middle\"",
					 "%s", shorter);
		}
		a = b;
	}
	svg_text(s->f, s->x0, y + 31, "fill=\"#333333\"",
		 "phases: timer delay %.1f us | scheduling delay %.1f us | return to user %.1f us",
		 (double)r->phase_ns[BLAME_PHASE_TIMER] / 1000.0,
		 (double)r->phase_ns[BLAME_PHASE_SCHED] / 1000.0,
		 (double)r->phase_ns[BLAME_PHASE_RETURN] / 1000.0);
	svg_text(s->f, SVG_MARGIN, y + 12, "font-weight=\"bold\"", "phases");
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
	double x = SVG_MARGIN;
	size_t i;
	int rows = 1;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		double w = 20 + svg_text_px(items[i].text, SVG_CHAR_PX) + 14;

		if (x + w > SVG_W - SVG_MARGIN) {
			x = SVG_MARGIN;
			y += 17;
			rows++;
		}
		if (f) {
			const char *c = items[i].color;

			switch (items[i].kind) {
			case SW_FILL:
				svg_rect(f, x, y - 9, 16, 11, "fill=\"%s\"", c);
				break;
			case SW_HATCH:
				svg_rect(f, x, y - 9, 16, 11,
					 "fill=\"url(#rtwhy-hatch)\" "
					 "stroke=\"#999999\" stroke-width=\"0.5\"");
				break;
			case SW_MARK:
				svg_rect(f, x + 5, y - 9, 5, 11, "fill=\"%s\"", c);
				break;
			case SW_OUTLINE:
				svg_rect(f, x, y - 9, 16, 11,
					 "fill=\"#ffffff\" stroke=\"%s\" "
					 "stroke-width=\"2.5\"",
					 c);
				break;
			case SW_UNDERLINE:
				svg_rect(f, x, y - 9, 16, 8, "fill=\"%s\"", SVG_C_UNKNOWN);
				svg_rect(f, x, y, 16, 3, "fill=\"%s\"", c);
				break;
			case SW_BLANK:
				svg_rect(f, x, y - 9, 16, 11,
					 "fill=\"%s\" stroke=\"#cccccc\" "
					 "stroke-width=\"0.5\"",
					 c);
				break;
			}
			svg_text(f, x + 20, y, "", "%s", items[i].text);
		}
		x += w;
	}
	return rows;
}

static void svg_culprits(struct svg_spike *s, double y, int nr)
{
	const struct blame_result *r = s->r;
	int i;

	svg_text(s->f, SVG_MARGIN, y, "font-weight=\"bold\"",
		 "culprits (what occupied the CPUs that mattered, largest first):");
	for (i = 0; i < nr; i++) {
		const struct blame_culprit *c = &r->culprit[i];
		const char *weight = i == r->verdict_culprit ? "font-weight=\"bold\"" : "";
		double yy = y + 15.0 * (i + 1);
		char label[128];

		blame_culprit_label(c, label, sizeof(label));
		if (i == r->verdict_culprit)
			svg_text(s->f, SVG_MARGIN, yy, weight, "verdict:");
		svg_text(s->f, SVG_MARGIN + 120, yy,
			 i == r->verdict_culprit ? "text-anchor=\"end\" font-weight=\"bold\""
						 : "text-anchor=\"end\"",
			 "%.1f us", (double)c->ns / 1000.0);
		svg_text(s->f, SVG_MARGIN + 170, yy,
			 i == r->verdict_culprit ? "text-anchor=\"end\" font-weight=\"bold\""
						 : "text-anchor=\"end\"",
			 "%.1f%%",
			 r->latency_ns ? 100.0 * (double)c->ns / (double)r->latency_ns : 0.0);
		svg_text(s->f, SVG_MARGIN + 184, yy, weight, "%s", blame_kind_name(c->kind));
		svg_text(s->f, SVG_MARGIN + 270, yy, weight, "%s on CPU %d%s", label, c->cpu,
			 c->victim ? " (the thread itself, returning to user space)" : "");
	}
	if (r->nr_culprits > nr)
		svg_text(s->f, SVG_MARGIN, y + 15.0 * (nr + 1), "fill=\"#555555\"", "  ... %d more",
			 r->nr_culprits - nr);
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
		return 1 + svg_wrap(NULL, 0, 0, 0, "", frames[0] ? frames : "-", SVG_WRAP);
	svg_text(s->f, SVG_MARGIN, y, "font-weight=\"bold\" class=\"stack\"",
		 "kernel stack of %s (pid %d) on CPU %d when the timer woke the thread (%s%s):",
		 st->pid ? st->comm : "idle", st->pid, st->cpu, cause_stack_where_name(st->where),
		 st->where == CAUSE_STACK_KERNEL ? ", innermost first, below the IRQ entry" : "");
	return 1 + svg_wrap(s->f, SVG_MARGIN + 12, y + 15, 15,
			    "font-family=\"" SVG_MONO "\" class=\"stack\"",
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
	svg_text(s->f, SVG_MARGIN, 24, "font-size=\"16\" font-weight=\"bold\"",
		 "Spike %d: %s%s%s on CPU %d woke %.1f us late%s", index, who,
		 r->victim_comm[0] ? " " : "", r->victim_comm,
		 r->run_cpu >= 0 ? r->run_cpu : sp->cpu, (double)r->latency_ns / 1000.0, thr);
	svg_text(s->f, SVG_MARGIN, 42, r->complete ? "fill=\"#444444\"" : "fill=\"#b00000\"",
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
	struct svg_spike s = { .f = f, .r = r, .x0 = SVG_PLOT_X0, .x1 = SVG_PLOT_X1 };
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
	verdict_lines = svg_wrap(NULL, 0, 0, 0, "", r->text, SVG_WRAP);
	hint_lines = svg_wrap(NULL, 0, 0, 0, "", r->hint, SVG_WRAP);
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
	svg_begin(f, SVG_W, height, title);
	svg_defs(f);
	svg_spike_header(&s, index, n);
	for (i = 0; i < nr_lanes; i++)
		svg_lane(&s, tl, cpus[i], lanes_top + i * SVG_LANE_H);
	if (!nr_lanes)
		svg_text(f, s.x0, lanes_top + 20, "fill=\"#b00000\"", "no event in the window");
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
	svg_text(f, SVG_MARGIN, y, "font-size=\"13\" font-weight=\"bold\"", "%s", head);
	svg_wrap(f, SVG_MARGIN, y + 18, 18, "font-size=\"13\"", r->text, SVG_WRAP);
	y += 18 * (verdict_lines + 1);
	svg_text(f, SVG_MARGIN, y, "font-size=\"13\" font-weight=\"bold\"", "Hint:");
	svg_wrap(f, SVG_MARGIN + 38, y, 18, "font-size=\"13\"", r->hint, SVG_WRAP - 6);
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

/* ---- the histogram picture ------------------------------------------------------------- */

static const char *const svg_palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
	"#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f",
};

#define SVG_H_PLOT_Y0  110 /* top of the plot */
#define SVG_H_PLOT_H   400
#define SVG_H_MAX_ROWS 16 /* threads given a range row and a legend line */

struct svg_hist {
	FILE *f;
	const struct rtw_config *cfg;
	const struct measure_summary *m;
	const char *unit;
	int nb;	       /* buckets */
	long xmax;     /* x axis: 0..xmax units */
	int decades;   /* y axis: 10^-0.3 .. 10^decades */
	uint64_t *sum; /* -H: the buckets summed over all threads, else NULL */
	double x0, x1, y0, y1;
};

static double svg_hx(const struct svg_hist *h, double units)
{
	if (units <= 0)
		return h->x0;
	if (units >= (double)h->xmax)
		return h->x1;
	return h->x0 + units * (h->x1 - h->x0) / (double)h->xmax;
}

static double svg_hy(const struct svg_hist *h, uint64_t count)
{
	double v = count ? log10((double)count) : -0.3;

	return h->y1 - (v + 0.3) * (h->y1 - h->y0) / (h->decades + 0.3);
}

/* Count of bucket @b of series @k (threads, then the sum over all of them). */
static uint64_t svg_bucket(const struct svg_hist *h, int k, long b)
{
	if (b < 0 || b >= h->nb)
		return 0;
	if (k < h->m->nr_threads)
		return h->m->threads[k].stats->hist ? h->m->threads[k].stats->hist[b] : 0;
	return h->sum ? h->sum[b] : 0;
}

/* One series as steps; more buckets than pixels are drawn as the largest per column. */
static void svg_series(struct svg_hist *h, int k, const char *color, double width)
{
	double pw = h->x1 - h->x0, floor_y = svg_hy(h, 0), cur = floor_y;
	long cols = h->xmax < (long)pw ? h->xmax : (long)pw, c;

	fprintf(h->f,
		"<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
		"stroke-linejoin=\"round\" d=\"M%.1f %.1f",
		color, width, h->x0, floor_y);
	for (c = 0; c < cols; c++) {
		long b0 = c * h->xmax / cols, b1 = (c + 1) * h->xmax / cols, b;
		double x = h->x0 + (double)c * pw / (double)cols, y;
		uint64_t v = 0;

		if (b1 <= b0)
			b1 = b0 + 1;
		for (b = b0; b < b1; b++) {
			uint64_t cnt = svg_bucket(h, k, b);

			if (cnt > v)
				v = cnt;
		}
		y = svg_hy(h, v);
		if (fabs(y - cur) > 0.05) {
			fprintf(h->f, " L%.1f %.1f L%.1f %.1f", x, cur, x, y);
			cur = y;
		}
	}
	fprintf(h->f, " L%.1f %.1f\"/>\n", h->x1, cur);
}

static void svg_hist_axes(struct svg_hist *h)
{
	double step = svg_nice_step((double)h->xmax, 12), v;
	int d, k;

	svg_rect(h->f, h->x0, h->y0, h->x1 - h->x0, h->y1 - h->y0,
		 "fill=\"none\" stroke=\"#333333\"");
	if (step < 1)
		step = 1;
	for (v = 0; v <= (double)h->xmax + 1e-9; v += step) {
		double x = svg_hx(h, v);

		svg_line(h->f, x, h->y0, x, h->y1, "stroke=\"#e4e4e4\"");
		svg_line(h->f, x, h->y1, x, h->y1 + 5, "stroke=\"#333333\"");
		svg_text(h->f, x, h->y1 + 17, "text-anchor=\"middle\"", "%.0f", v);
	}
	svg_text(h->f, (h->x0 + h->x1) / 2, h->y1 + 34, "text-anchor=\"middle\" font-size=\"13\"",
		 "Latency (%s)", h->unit);
	for (d = 0; d <= h->decades; d++) {
		double y = svg_hy(h, (uint64_t)pow(10, d));

		svg_line(h->f, h->x0, y, h->x1, y, "stroke=\"#d8d8d8\"");
		svg_line(h->f, h->x0 - 6, y, h->x0, y, "stroke=\"#333333\"");
		if (d <= 6)
			svg_text(h->f, h->x0 - 9, y + 4, "text-anchor=\"end\"", "%.0f", pow(10, d));
		else
			svg_text(h->f, h->x0 - 9, y + 4, "text-anchor=\"end\"", "1e%d", d);
		for (k = 2; k <= 9 && d < h->decades; k++) {
			double ym =
				h->y1 - (log10(k) + d + 0.3) * (h->y1 - h->y0) / (h->decades + 0.3);

			svg_line(h->f, h->x0 - 3, ym, h->x0, ym, "stroke=\"#333333\"");
		}
	}
	fprintf(h->f,
		"<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\" "
		"transform=\"rotate(-90 %d %.1f)\">Number of samples (log scale)</text>\n",
		SVG_MARGIN + 8, (h->y0 + h->y1) / 2, SVG_MARGIN + 8, (h->y0 + h->y1) / 2);
}

/* min - avg - max of thread @j as a range row at @y (max past the axis: an arrow). */
static void svg_range(struct svg_hist *h, int j, double y, const char *color)
{
	uint64_t unit_ns = config_unit_ns(h->cfg);
	const struct stats_snapshot snap = h->m->threads[j].snap;
	double xmin, xavg, xmaxp, w;
	long min, avg, max;
	char txt[48];

	svg_text(h->f, h->x0 - 9, y + 4, "text-anchor=\"end\"", "T%d", j);
	if (!snap.cycles)
		return;
	min = (long)(snap.min_ns / (int64_t)unit_ns);
	avg = stats_avg_units(&snap);
	max = (long)(snap.max_ns / (int64_t)unit_ns);
	xmin = svg_hx(h, (double)min + 0.5);
	xavg = svg_hx(h, (double)avg + 0.5);
	xmaxp = svg_hx(h, (double)max + 0.5);
	fprintf(h->f, "<g>");
	svg_title(h->f, "thread %d: min %ld, avg %ld, max %ld %s", j, min, avg, max, h->unit);
	svg_line(h->f, xmin, y, xmaxp, y, "stroke=\"%s\" stroke-width=\"2\"", color);
	svg_line(h->f, xmin, y - 5, xmin, y + 5, "stroke=\"%s\" stroke-width=\"2\"", color);
	if (max >= h->xmax)
		fprintf(h->f, "<path d=\"M%.1f %.1f L%.1f %.1f L%.1f %.1f Z\" fill=\"%s\"/>", xmaxp,
			y, xmaxp - 8, y - 5, xmaxp - 8, y + 5, color);
	else
		svg_line(h->f, xmaxp, y - 5, xmaxp, y + 5, "stroke=\"%s\" stroke-width=\"2\"",
			 color);
	fprintf(h->f,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#ffffff\" stroke=\"%s\" "
		"stroke-width=\"2\"/>\n",
		xavg, y, color);
	snprintf(txt, sizeof(txt), "min %ld", min);
	w = svg_text_px(txt, SVG_CHAR_PX);
	if (xmin - 6 - w >= h->x0)
		svg_text(h->f, xmin - 6, y + 4, "text-anchor=\"end\"", "%s", txt);
	snprintf(txt, sizeof(txt), "max %ld%s", max, max >= h->xmax ? " (off the axis)" : "");
	w = svg_text_px(txt, SVG_CHAR_PX);
	if (xmaxp + 6 + w <= h->x1)
		svg_text(h->f, xmaxp + 6, y + 4, "", "%s", txt);
	else
		svg_text(h->f, xmaxp - 12, y - 6, "text-anchor=\"end\"", "%s", txt);
	fputs("</g>\n", h->f);
}

static void svg_hist_legend(struct svg_hist *h, int k, double y, const char *color)
{
	const struct measure_thread_summary *t = k < h->m->nr_threads ? &h->m->threads[k] : NULL;
	struct stats_snapshot snap;
	uint64_t total = 0, over = 0;
	char cpu[16], prio[16] = "";
	int j;

	svg_line(h->f, SVG_MARGIN, y - 4, SVG_MARGIN + 22, y - 4,
		 "stroke=\"%s\" stroke-width=\"3\"", color);
	if (!t) {
		for (j = 0; j < h->m->nr_threads; j++) {
			total += stats_hist_total(h->m->threads[j].stats);
			over += h->m->threads[j].stats->hist_overflow;
		}
		svg_text(h->f, SVG_MARGIN + 30, y, "",
			 "all threads: %llu samples in the histogram, "
			 "%llu above it",
			 (unsigned long long)total, (unsigned long long)over);
		return;
	}
	snap = t->snap;
	if (t->priority)
		snprintf(prio, sizeof(prio), " %d", t->priority);
	if (t->cpu >= 0)
		snprintf(cpu, sizeof(cpu), "%d", t->cpu);
	else
		snprintf(cpu, sizeof(cpu), "any");
	svg_text(h->f, SVG_MARGIN + 30, y, "",
		 "T%d (tid %d) CPU %s, %s%s, interval %llu us: %llu samples, min %ld, avg %ld, "
		 "max %ld %s, %llu above %d %s",
		 k, t->tid, cpu, config_policy_name(t->policy), prio,
		 (unsigned long long)(t->interval_ns / NSEC_PER_USEC),
		 (unsigned long long)snap.cycles,
		 snap.cycles ? (long)(snap.min_ns / (int64_t)config_unit_ns(h->cfg)) : 0L,
		 stats_avg_units(&snap), (long)(snap.max_ns / (int64_t)config_unit_ns(h->cfg)),
		 h->unit, (unsigned long long)t->stats->hist_overflow, h->nb, h->unit);
}

static void svg_hist_header(struct svg_hist *h)
{
	const struct rtw_config *cfg = h->cfg;
	char cmd[1024], when[64];
	struct utsname u;
	size_t len = 0;
	time_t now = time(NULL);
	struct tm tm;
	int i;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	cmd[0] = '\0';
	for (i = 0; i < cfg->argc && len < sizeof(cmd); i++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, "%s%s", i ? " " : "",
					cfg->argv[i]);
	if (localtime_r(&now, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S %z", &tm);
	else
		snprintf(when, sizeof(when), "?");
	svg_text(h->f, SVG_MARGIN, 26, "font-size=\"17\" font-weight=\"bold\"",
		 "Latency histogram of %s (Linux %s %s)", u.nodename, u.release, u.machine);
	svg_text(h->f, SVG_MARGIN, 46, "font-family=\"" SVG_MONO "\" font-size=\"12\"", "$ %s",
		 cmd);
	svg_text(h->f, SVG_MARGIN, 64, "fill=\"#444444\"",
		 "%d thread%s, %d buckets of 1 %s, %s; rtwhy %s", h->m->nr_threads,
		 h->m->nr_threads == 1 ? "" : "s", h->nb, h->unit, when, RTWHY_VERSION);
}

static void svg_hist_write(struct svg_hist *h)
{
	const struct rtw_config *cfg = h->cfg;
	const struct measure_summary *m = h->m;
	bool all = cfg->output.histofall && m->nr_threads > 1;
	int nr_series = m->nr_threads + (all ? 1 : 0), shown, rows, height, k;
	uint64_t maxc = 0, over = 0;
	long last = -1, b;
	double y, step;
	char title[128];

	for (k = 0; k < nr_series; k++)
		for (b = 0; b < h->nb; b++) {
			uint64_t c = svg_bucket(h, k, b);

			if (c > maxc)
				maxc = c;
			if (c && b > last)
				last = b;
		}
	for (k = 0; k < m->nr_threads; k++)
		over += m->threads[k].stats->hist_overflow;
	/* the x axis ends a little after the last sample drawn, on a round number */
	if (last < 0) {
		h->xmax = h->nb < 100 ? h->nb : 100;
	} else {
		step = svg_nice_step((double)(last + 1) * 1.05, 10);
		h->xmax = (long)(ceil((double)(last + 1) * 1.05 / step) * step);
		if (h->xmax > h->nb)
			h->xmax = h->nb;
	}
	if (h->xmax < 1)
		h->xmax = 1;
	h->decades = maxc ? (int)floor(log10((double)maxc)) + 1 : 1;
	h->x0 = SVG_PLOT_X0 - 20;
	h->x1 = SVG_PLOT_X1;
	h->y0 = SVG_H_PLOT_Y0;
	h->y1 = SVG_H_PLOT_Y0 + SVG_H_PLOT_H;

	shown = m->nr_threads < SVG_H_MAX_ROWS ? m->nr_threads : SVG_H_MAX_ROWS;
	rows = shown + (all ? 1 : 0) + (m->nr_threads > shown ? 1 : 0);
	height = (int)(h->y1 + 50 + 18 * shown + 16 + 18 * rows + (over ? 18 : 0) + 24);
	snprintf(title, sizeof(title), "rtwhy latency histogram, %d thread%s", m->nr_threads,
		 m->nr_threads == 1 ? "" : "s");
	svg_begin(h->f, SVG_W, height, title);
	svg_hist_header(h);
	svg_text(h->f, h->x1, h->y0 - 8, "text-anchor=\"end\" fill=\"#444444\"",
		 "steps: samples per %s bucket; below: min, avg (circle) and max per thread",
		 h->unit);
	svg_hist_axes(h);
	if (all)
		svg_series(h, m->nr_threads, "#000000", 1.2);
	for (k = m->nr_threads - 1; k >= 0; k--)
		svg_series(h, k, svg_palette[k % ARRAY_SIZE(svg_palette)], 1.6);
	y = h->y1 + 56;
	for (k = 0; k < shown; k++)
		svg_range(h, k, y + 18.0 * k, svg_palette[k % ARRAY_SIZE(svg_palette)]);
	y += 18.0 * shown + 16;
	for (k = 0; k < shown; k++, y += 18)
		svg_hist_legend(h, k, y, svg_palette[k % ARRAY_SIZE(svg_palette)]);
	if (m->nr_threads > shown) {
		svg_text(h->f, SVG_MARGIN + 30, y, "fill=\"#444444\"",
			 "... and %d more threads (drawn, not listed)", m->nr_threads - shown);
		y += 18;
	}
	if (all) {
		svg_hist_legend(h, m->nr_threads, y, "#000000");
		y += 18;
	}
	if (over)
		svg_text(h->f, SVG_MARGIN, y + 4, "fill=\"#b00000\"",
			 "%llu sample%s at or above %d %s overflowed the histogram: not in the "
			 "steps, counted above and in the max marks",
			 (unsigned long long)over, over == 1 ? "" : "s", h->nb, h->unit);
	fputs("</svg>\n", h->f);
}

int report_svg_histogram(const char *path, const struct rtw_config *cfg,
			 const struct measure_summary *m)
{
	struct svg_hist h = { .cfg = cfg,
			      .m = m,
			      .unit = cfg->output.nsecs ? "ns" : "us",
			      .nb = cfg->output.histogram };
	int ret = 0, j;
	long b;

	if (cfg->output.histofall && m->nr_threads > 1 && h.nb > 0) {
		h.sum = calloc((size_t)h.nb, sizeof(*h.sum));
		if (!h.sum) {
			log_err("cannot write --svg file %s: %s", path, strerror(ENOMEM));
			return -ENOMEM;
		}
		for (j = 0; j < m->nr_threads; j++)
			for (b = 0; m->threads[j].stats->hist && b < h.nb; b++)
				h.sum[b] += m->threads[j].stats->hist[b];
	}
	ret = outfile_open(path, "--svg file", &h.f);
	if (!ret) {
		svg_hist_write(&h);
		ret = outfile_close(h.f, "--svg file", path);
	}
	free(h.sum);
	return ret;
}
