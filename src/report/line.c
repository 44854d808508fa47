// SPDX-License-Identifier: GPL-2.0-only
/*
 * report/line - one explained spike as one line (--log-spikes).
 */
#include <stdio.h>

#include "rtwhy/report/line.h"

void report_line_spike(const struct blame_result *r, int index, char *buf, size_t len)
{
	const struct blame_spike *sp = &r->spike;
	char who[48], label[128];
	int n;

	if (sp->thread >= 0)
		snprintf(who, sizeof(who), "thread %d (tid %d)", sp->thread, sp->tid);
	else
		snprintf(who, sizeof(who), "tid %d", sp->tid);
	n = snprintf(buf, len, "spike %d: %s on CPU %d woke %.1f us late: %s", index, who,
		     r->run_cpu >= 0 ? r->run_cpu : sp->cpu, (double)r->latency_ns / 1000.0,
		     blame_verdict_name(r->verdict));
	if (n < 0 || (size_t)n >= len || r->verdict_culprit < 0 ||
	    r->verdict_culprit >= r->nr_culprits)
		return;
	blame_culprit_label(&r->culprit[r->verdict_culprit], label, sizeof(label));
	snprintf(buf + n, len - (size_t)n, ": %s %s %.1f us (%.0f%%)",
		 blame_kind_name(r->culprit[r->verdict_culprit].kind), label,
		 (double)r->culprit[r->verdict_culprit].ns / 1000.0,
		 r->latency_ns
			 ? 100.0 * (double)r->culprit[r->verdict_culprit].ns / (double)r->latency_ns
			 : 0.0);
}
