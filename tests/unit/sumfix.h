/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sumfix - a measure_summary for the report tests: threads laid out as a
 * config would have them, with statistics the test fills itself (nothing
 * measures). sumfix_summary() publishes them as measure_summary() does.
 */
#ifndef RTWHY_TEST_SUMFIX_H
#define RTWHY_TEST_SUMFIX_H

#include <string.h>

#include "rtwhy/config.h"
#include "rtwhy/measure.h"
#include "rtwhy/stats.h"

#define SUMFIX_MAX 4

struct sumfix {
	struct measure_summary s;
	struct measure_thread_summary t[SUMFIX_MAX];
	struct stats_thread st[SUMFIX_MAX];
};

/* @nr threads of @cfg (tid 0, not pinned); 0 or -ENOMEM */
static inline int sumfix_init(struct sumfix *f, const struct rtw_config *cfg, int nr)
{
	int i, ret;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < nr && i < SUMFIX_MAX; i++) {
		ret = stats_init(&f->st[i], cfg->output.histogram, config_unit_ns(cfg),
				 cfg->output.verbose);
		if (ret)
			return ret;
		f->t[i].index = i;
		f->t[i].cpu = -1;
		f->t[i].policy = cfg->measure.policy;
		f->t[i].priority = config_thread_priority(cfg, i);
		f->t[i].interval_ns = config_thread_interval_ns(cfg, i);
		f->t[i].stats = &f->st[i];
	}
	f->s.nr_threads = i;
	f->s.threads = f->t;
	return 0;
}

static inline const struct measure_summary *sumfix_summary(struct sumfix *f)
{
	int i;

	for (i = 0; i < f->s.nr_threads; i++)
		stats_read(&f->st[i], &f->t[i].snap);
	return &f->s;
}

static inline const struct measure_thread_summary *sumfix_thread(struct sumfix *f, int i)
{
	sumfix_summary(f);
	return &f->t[i];
}

static inline void sumfix_free(struct sumfix *f)
{
	int i;

	for (i = 0; i < SUMFIX_MAX; i++)
		stats_free(&f->st[i]);
}

#endif
