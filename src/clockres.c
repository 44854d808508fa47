// SPDX-License-Identifier: GPL-2.0-only
/*
 * clockres - cyclictest 2.4's check_clock_resolution block of main(), the same
 * steps and messages.
 */
#include <errno.h>
#include <stdlib.h>

#include "rtwhy/clockres.h"
#include "analysis/util.h"

int clockres_calls(uint64_t ns_per_1000)
{
	uint64_t call_ns, times;

	if (ns_per_1000 == 0)
		return 1000; /* cyclictest: "no clock rollover occurred", the default */
	call_ns = ns_per_1000 / 1000;
	if (call_ns == 0)
		return CLOCKRES_MAX_CALLS;
	times = NSEC_PER_SEC / call_ns / 1000; /* calls per ms */
	if (times < 1000)
		times = 1000;
	if (times > CLOCKRES_MAX_CALLS)
		times = CLOCKRES_MAX_CALLS;
	return (int)times;
}

int clockres_measure(clockid_t clock, FILE *dbg, struct clockres *out)
{
	struct timespec res, prev, now, *t;
	int k;

	out->reported_ns = UINT64_MAX;
	out->measured_ns = UINT64_MAX;
	if (!clock_getres(clock, &res))
		out->reported_ns = util_ts_to_ns(&res);
	clock_gettime(clock, &prev);
	for (k = 0; k < 1000; k++)
		clock_gettime(clock, &now);
	out->calls = clockres_calls(util_ts_to_ns(&now) - util_ts_to_ns(&prev));
	t = calloc((size_t)out->calls, sizeof(*t));
	if (!t)
		return -ENOMEM;
	for (k = 0; k < out->calls; k++)
		clock_gettime(clock, &t[k]);
	if (dbg) {
		fprintf(dbg, "INFO: For %d consecutive calls to clock_gettime():\n", out->calls);
		fprintf(dbg, "INFO: time, delta time (nsec)\n");
	}
	for (k = 1; k < out->calls; k++) {
		uint64_t diff = util_ts_to_ns(&t[k]) - util_ts_to_ns(&t[k - 1]);

		if (diff && diff < out->measured_ns)
			out->measured_ns = diff;
		if (dbg)
			fprintf(dbg, "INFO: %ld.%06ld  %5llu\n", (long)t[k].tv_sec,
				(long)t[k].tv_nsec, (unsigned long long)diff);
	}
	free(t);
	return 0;
}

void clockres_report(FILE *out, const struct clockres *r, bool verbose)
{
	if (!verbose && !(r->measured_ns && r->measured_ns > r->reported_ns))
		return;
	fprintf(out, "WARN: reported clock resolution: %llu nsec\n",
		(unsigned long long)r->reported_ns);
	fprintf(out, "WARN: measured clock resolution approximately: %llu nsec\n",
		(unsigned long long)r->measured_ns);
}
