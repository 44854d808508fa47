// SPDX-License-Identifier: GPL-2.0-only
/*
 * timenow - clock_gettime() as nanoseconds.
 */
#include "rtwhy/timenow.h"
#include "analysis/util.h"

uint64_t timenow_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return util_ts_to_ns(&ts);
}

uint64_t timenow_mono_ns(void)
{
	return timenow_ns(CLOCK_MONOTONIC);
}
