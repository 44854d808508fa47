// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_svg - placeholder until the renderer lands: says so, writes nothing.
 */
#include <errno.h>
#include <stdio.h>

#include "rtwhy/log.h"
#include "rtwhy/report_svg.h"

void report_svg_spike_path(const char *path, int index, char *buf, size_t len)
{
	snprintf(buf, len, "%s-%d", path, index);
}

int report_svg_spike(const char *path, int index, const struct rtw_event *ev, size_t n,
		     const struct blame_result *r)
{
	(void)index;
	(void)ev;
	(void)n;
	(void)r;
	log_err("cannot write %s: SVG output is not built yet", path);
	return -ENOSYS;
}

int report_svg_histogram(const char *path, const struct rtw_config *cfg, struct measure *m)
{
	(void)cfg;
	(void)m;
	log_err("cannot write %s: SVG output is not built yet", path);
	return -ENOSYS;
}
