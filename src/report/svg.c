// SPDX-License-Identifier: GPL-2.0-only
/*
 * report/svg - the SVG primitives the pictures are written with (fprintf,
 * no plotting dependency): elements, escaped text, wrapped captions, ticks.
 *
 * All text goes through svg_esc(): comms and IRQ names are arbitrary bytes,
 * the output is always well-formed UTF-8 XML.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rtwhy/report/svg.h"
#include "rtwhy/wrap.h"

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
void report_svg_text(FILE *f, double x, double y, const char *attrs, const char *fmt, ...)
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
void report_svg_title(FILE *f, const char *fmt, ...)
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
void report_svg_rect(FILE *f, double x, double y, double w, double h, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" ", x, y, w, h);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputs("/>\n", f);
}

/* <line x1 y1 x2 y2 ATTRS/>, the attributes from printf(fmt...) */
void report_svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" ", x1, y1, x2, y2);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputs("/>\n", f);
}

/* Estimated width in px of @s at the 11 px font (UTF-8 continuation bytes do not count). */
double report_svg_text_px(const char *s, double char_px)
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
int report_svg_wrap(FILE *f, double x, double y, double dy, const char *attrs, const char *text,
		    int width)
{
	const char *line;
	size_t len;
	int nr = 0;

	for (; (len = wrap_line(text, width, true, &line)); text = line + len) {
		if (f)
			report_svg_text(f, x, y + dy * nr, attrs, "%.*s", (int)len, line);
		nr++;
	}
	return nr;
}

void report_svg_begin(FILE *f, int width, int height, const char *title)
{
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"%s\" font-size=\"11\">\n",
		width, height, width, height, REPORT_SVG_FONT);
	fputs("<title>", f);
	svg_esc(f, title);
	fputs("</title>\n", f);
	report_svg_rect(f, 0, 0, width, height, "fill=\"#ffffff\"");
}

/* A round step (1, 2, 5 x 10^k) for about @nr ticks over @span. */
double report_svg_nice_step(double span, int nr)
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

void report_svg_sibling_path(const char *path, const char *tag, char *buf, size_t len)
{
	size_t n = strlen(path);

	if (n > 4 && !strcasecmp(path + n - 4, ".svg"))
		snprintf(buf, len, "%.*s-%s%s", (int)(n - 4), path, tag, path + n - 4);
	else
		snprintf(buf, len, "%s-%s", path, tag);
}
