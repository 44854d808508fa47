/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report/svg - what the SVG pictures of rtwhy are written with, no plotting
 * dependency: the page (width, fonts, margins, plot edges), the elements
 * (text, rect, line, the <title> tooltip), wrapped captions, round tick
 * steps, and the names of the files next to the --svg argument. The
 * pictures themselves are report/svg_spike's and report/svg_histogram's.
 *
 * Every text (comms and IRQ names are arbitrary bytes) is written escaped,
 * valid UTF-8 without control characters: the file is always well-formed
 * XML. Coordinates are px, written with one or two decimals.
 */
#ifndef RTWHY_REPORT_SVG_H
#define RTWHY_REPORT_SVG_H

#include <stddef.h>
#include <stdio.h>

#define REPORT_SVG_W	   1200 /* picture width, px */
#define REPORT_SVG_MARGIN  16
#define REPORT_SVG_PLOT_X0 118 /* left edge of the lanes / plot */
#define REPORT_SVG_PLOT_X1 (REPORT_SVG_W - 24)
#define REPORT_SVG_FONT	   "DejaVu Sans, Liberation Sans, Arial, sans-serif"
#define REPORT_SVG_MONO	   "DejaVu Sans Mono, Liberation Mono, monospace"
#define REPORT_SVG_CHAR_PX 6.6 /* average advance of an 11 px sans-serif character */

/**
 * report_svg_begin() - The XML declaration, the <svg> element (11 px sans-serif),
 * its <title> and a white background. The caller ends it with "</svg>".
 * @f: stream
 * @width: px
 * @height: px
 * @title: the document's title (escaped here)
 */
void report_svg_begin(FILE *f, int width, int height, const char *title);

/**
 * report_svg_text() - <text x y ATTRS>escaped(printf(fmt...))</text>, at most
 * 1023 bytes of text.
 * @f: stream
 * @x: px
 * @y: px (baseline)
 * @attrs: further attributes, written as they are ("" none)
 * @fmt: printf format of the text
 */
void report_svg_text(FILE *f, double x, double y, const char *attrs, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/**
 * report_svg_title() - <title>escaped(printf(fmt...))</title>: the tooltip of the
 * enclosing element, at most 511 bytes.
 * @f: stream
 * @fmt: printf format of the text
 */
void report_svg_title(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * report_svg_rect() - <rect x y width height ATTRS/>.
 * @f: stream
 * @x: px
 * @y: px
 * @w: px
 * @h: px
 * @fmt: printf format of the attributes (not escaped: the caller's own words)
 */
void report_svg_rect(FILE *f, double x, double y, double w, double h, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/**
 * report_svg_line() - <line x1 y1 x2 y2 ATTRS/>.
 * @f: stream
 * @x1: px
 * @y1: px
 * @x2: px
 * @y2: px
 * @fmt: printf format of the attributes (not escaped: the caller's own words)
 */
void report_svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/**
 * report_svg_text_px() - Estimated width of @s (UTF-8 continuation bytes do not count).
 * @s: text
 * @char_px: advance of one character, px
 *
 * Return: px.
 */
double report_svg_text_px(const char *s, double char_px);

/**
 * report_svg_wrap() - Write @text as <text> lines of at most @width characters,
 * cut at spaces (wrap_line()), from (@x, @y) down by @dy.
 * @f: stream, NULL to count the lines only
 * @x: px
 * @y: px, the first baseline
 * @dy: px between baselines
 * @attrs: as report_svg_text()'s
 * @text: the words
 * @width: characters per line
 *
 * Return: the number of lines.
 */
int report_svg_wrap(FILE *f, double x, double y, double dy, const char *attrs, const char *text,
		    int width);

/**
 * report_svg_nice_step() - A round step (1, 2, 5 x 10^k) for about @nr ticks over @span.
 * @span: the axis' extent, any unit
 * @nr: ticks wanted
 *
 * Return: the step, in @span's unit (1 when @span is not positive).
 */
double report_svg_nice_step(double span, int nr);

/**
 * report_svg_sibling_path() - "NAME-TAG.svg" next to @path ("FILE-TAG" if @path
 * does not end in .svg); the histogram of a run with spikes goes to TAG "hist".
 * @path: the --svg argument
 * @tag: what distinguishes the file
 * @buf: output
 * @len: size of @buf
 */
void report_svg_sibling_path(const char *path, const char *tag, char *buf, size_t len);

#endif
