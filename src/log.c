// SPDX-License-Identifier: GPL-2.0-only
/*
 * log - diagnostics on stderr with the program prefix. Setup and teardown
 * code only: never called from a measuring thread's loop.
 */
#include <stdarg.h>
#include <stdio.h>

#include "rtwhy/log.h"

static bool log_quiet;

__attribute__((format(printf, 2, 0))) static void log_vprint(const char *tag, const char *fmt,
							     va_list ap)
{
	char buf[1024];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	fprintf(stderr, "rtwhy: %s%s\n", tag, buf);
}

int log_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprint("", fmt, ap);
	va_end(ap);
	return -1;
}

void log_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprint("warning: ", fmt, ap);
	va_end(ap);
}

void log_info(const char *fmt, ...)
{
	va_list ap;

	if (log_quiet)
		return;
	va_start(ap, fmt);
	log_vprint("", fmt, ap);
	va_end(ap);
}

void log_set_quiet(bool quiet)
{
	log_quiet = quiet;
}

void log_diag(enum diag_level level, const char *msg, void *arg)
{
	(void)arg;
	switch (level) {
	case DIAG_ERR:
		log_err("%s", msg);
		break;
	case DIAG_WARN:
		log_warn("%s", msg);
		break;
	default:
		log_info("%s", msg);
		break;
	}
}
