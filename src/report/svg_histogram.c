// SPDX-License-Identifier: GPL-2.0-only
/*
 * report/svg_histogram - the latency histogram of a run as a picture.
 *
 * cyclictest's histogram per thread as steps over a log10 count axis
 * (OSADL's latency plots), min/avg/max as a range row per thread, overflows
 * noted. Only layout here: every number shown comes from the statistics;
 * every element is written with report/svg's primitives.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report/svg.h"
#include "rtwhy/report/svg_histogram.h"
#include "analysis/util.h"

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
	const struct host_machine *host; /* NULL: unknown */
	time_t when;
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
	double step = report_svg_nice_step((double)h->xmax, 12), v;
	int d, k;

	report_svg_rect(h->f, h->x0, h->y0, h->x1 - h->x0, h->y1 - h->y0,
			"fill=\"none\" stroke=\"#333333\"");
	if (step < 1)
		step = 1;
	for (v = 0; v <= (double)h->xmax + 1e-9; v += step) {
		double x = svg_hx(h, v);

		report_svg_line(h->f, x, h->y0, x, h->y1, "stroke=\"#e4e4e4\"");
		report_svg_line(h->f, x, h->y1, x, h->y1 + 5, "stroke=\"#333333\"");
		report_svg_text(h->f, x, h->y1 + 17, "text-anchor=\"middle\"", "%.0f", v);
	}
	report_svg_text(h->f, (h->x0 + h->x1) / 2, h->y1 + 34,
			"text-anchor=\"middle\" font-size=\"13\"", "Latency (%s)", h->unit);
	for (d = 0; d <= h->decades; d++) {
		double y = svg_hy(h, (uint64_t)pow(10, d));

		report_svg_line(h->f, h->x0, y, h->x1, y, "stroke=\"#d8d8d8\"");
		report_svg_line(h->f, h->x0 - 6, y, h->x0, y, "stroke=\"#333333\"");
		if (d <= 6)
			report_svg_text(h->f, h->x0 - 9, y + 4, "text-anchor=\"end\"", "%.0f",
					pow(10, d));
		else
			report_svg_text(h->f, h->x0 - 9, y + 4, "text-anchor=\"end\"", "1e%d", d);
		for (k = 2; k <= 9 && d < h->decades; k++) {
			double ym =
				h->y1 - (log10(k) + d + 0.3) * (h->y1 - h->y0) / (h->decades + 0.3);

			report_svg_line(h->f, h->x0 - 3, ym, h->x0, ym, "stroke=\"#333333\"");
		}
	}
	fprintf(h->f,
		"<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\" "
		"transform=\"rotate(-90 %d %.1f)\">Number of samples (log scale)</text>\n",
		REPORT_SVG_MARGIN + 8, (h->y0 + h->y1) / 2, REPORT_SVG_MARGIN + 8,
		(h->y0 + h->y1) / 2);
}

/* min - avg - max of thread @j as a range row at @y (max past the axis: an arrow). */
static void svg_range(struct svg_hist *h, int j, double y, const char *color)
{
	uint64_t unit_ns = config_unit_ns(h->cfg);
	const struct stats_snapshot snap = h->m->threads[j].snap;
	double xmin, xavg, xmaxp, w;
	long min, avg, max;
	char txt[48];

	report_svg_text(h->f, h->x0 - 9, y + 4, "text-anchor=\"end\"", "T%d", j);
	if (!snap.cycles)
		return;
	min = (long)(snap.min_ns / (int64_t)unit_ns);
	avg = stats_avg_units(&snap);
	max = (long)(snap.max_ns / (int64_t)unit_ns);
	xmin = svg_hx(h, (double)min + 0.5);
	xavg = svg_hx(h, (double)avg + 0.5);
	xmaxp = svg_hx(h, (double)max + 0.5);
	fprintf(h->f, "<g>");
	report_svg_title(h->f, "thread %d: min %ld, avg %ld, max %ld %s", j, min, avg, max,
			 h->unit);
	report_svg_line(h->f, xmin, y, xmaxp, y, "stroke=\"%s\" stroke-width=\"2\"", color);
	report_svg_line(h->f, xmin, y - 5, xmin, y + 5, "stroke=\"%s\" stroke-width=\"2\"", color);
	if (max >= h->xmax)
		fprintf(h->f, "<path d=\"M%.1f %.1f L%.1f %.1f L%.1f %.1f Z\" fill=\"%s\"/>", xmaxp,
			y, xmaxp - 8, y - 5, xmaxp - 8, y + 5, color);
	else
		report_svg_line(h->f, xmaxp, y - 5, xmaxp, y + 5,
				"stroke=\"%s\" stroke-width=\"2\"", color);
	fprintf(h->f,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#ffffff\" stroke=\"%s\" "
		"stroke-width=\"2\"/>\n",
		xavg, y, color);
	snprintf(txt, sizeof(txt), "min %ld", min);
	w = report_svg_text_px(txt, REPORT_SVG_CHAR_PX);
	if (xmin - 6 - w >= h->x0)
		report_svg_text(h->f, xmin - 6, y + 4, "text-anchor=\"end\"", "%s", txt);
	snprintf(txt, sizeof(txt), "max %ld%s", max, max >= h->xmax ? " (off the axis)" : "");
	w = report_svg_text_px(txt, REPORT_SVG_CHAR_PX);
	if (xmaxp + 6 + w <= h->x1)
		report_svg_text(h->f, xmaxp + 6, y + 4, "", "%s", txt);
	else
		report_svg_text(h->f, xmaxp - 12, y - 6, "text-anchor=\"end\"", "%s", txt);
	fputs("</g>\n", h->f);
}

static void svg_hist_legend(struct svg_hist *h, int k, double y, const char *color)
{
	const struct measure_thread_summary *t = k < h->m->nr_threads ? &h->m->threads[k] : NULL;
	struct stats_snapshot snap;
	uint64_t total = 0, over = 0;
	char cpu[16], prio[16] = "";
	int j;

	report_svg_line(h->f, REPORT_SVG_MARGIN, y - 4, REPORT_SVG_MARGIN + 22, y - 4,
			"stroke=\"%s\" stroke-width=\"3\"", color);
	if (!t) {
		for (j = 0; j < h->m->nr_threads; j++) {
			total += stats_hist_total(h->m->threads[j].stats);
			over += h->m->threads[j].stats->hist_overflow;
		}
		report_svg_text(h->f, REPORT_SVG_MARGIN + 30, y, "",
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
	report_svg_text(
		h->f, REPORT_SVG_MARGIN + 30, y, "",
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
	static const struct host_machine unknown;
	const struct utsname *u = h->host ? &h->host->uts : &unknown.uts;
	char cmd[1024], when[64];
	size_t len = 0;
	struct tm tm;
	int i;

	cmd[0] = '\0';
	for (i = 0; i < cfg->argc && len < sizeof(cmd); i++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, "%s%s", i ? " " : "",
					cfg->argv[i]);
	if (localtime_r(&h->when, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S %z", &tm);
	else
		snprintf(when, sizeof(when), "?");
	report_svg_text(h->f, REPORT_SVG_MARGIN, 26, "font-size=\"17\" font-weight=\"bold\"",
			"Latency histogram of %s (Linux %s %s)", u->nodename, u->release,
			u->machine);
	report_svg_text(h->f, REPORT_SVG_MARGIN, 46,
			"font-family=\"" REPORT_SVG_MONO "\" font-size=\"12\"", "$ %s", cmd);
	report_svg_text(h->f, REPORT_SVG_MARGIN, 64, "fill=\"#444444\"",
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
		step = report_svg_nice_step((double)(last + 1) * 1.05, 10);
		h->xmax = (long)(ceil((double)(last + 1) * 1.05 / step) * step);
		if (h->xmax > h->nb)
			h->xmax = h->nb;
	}
	if (h->xmax < 1)
		h->xmax = 1;
	h->decades = maxc ? (int)floor(log10((double)maxc)) + 1 : 1;
	h->x0 = REPORT_SVG_PLOT_X0 - 20;
	h->x1 = REPORT_SVG_PLOT_X1;
	h->y0 = SVG_H_PLOT_Y0;
	h->y1 = SVG_H_PLOT_Y0 + SVG_H_PLOT_H;

	shown = m->nr_threads < SVG_H_MAX_ROWS ? m->nr_threads : SVG_H_MAX_ROWS;
	rows = shown + (all ? 1 : 0) + (m->nr_threads > shown ? 1 : 0);
	height = (int)(h->y1 + 50 + 18 * shown + 16 + 18 * rows + (over ? 18 : 0) + 24);
	snprintf(title, sizeof(title), "rtwhy latency histogram, %d thread%s", m->nr_threads,
		 m->nr_threads == 1 ? "" : "s");
	report_svg_begin(h->f, REPORT_SVG_W, height, title);
	svg_hist_header(h);
	report_svg_text(h->f, h->x1, h->y0 - 8, "text-anchor=\"end\" fill=\"#444444\"",
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
		report_svg_text(h->f, REPORT_SVG_MARGIN + 30, y, "fill=\"#444444\"",
				"... and %d more threads (drawn, not listed)",
				m->nr_threads - shown);
		y += 18;
	}
	if (all) {
		svg_hist_legend(h, m->nr_threads, y, "#000000");
		y += 18;
	}
	if (over)
		report_svg_text(
			h->f, REPORT_SVG_MARGIN, y + 4, "fill=\"#b00000\"",
			"%llu sample%s at or above %d %s overflowed the histogram: not in the "
			"steps, counted above and in the max marks",
			(unsigned long long)over, over == 1 ? "" : "s", h->nb, h->unit);
	fputs("</svg>\n", h->f);
}

int report_svg_histogram(const char *path, const struct rtw_config *cfg,
			 const struct measure_summary *m, const struct host_machine *host,
			 time_t when)
{
	struct svg_hist h = { .cfg = cfg,
			      .m = m,
			      .host = host,
			      .when = when,
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
