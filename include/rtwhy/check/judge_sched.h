/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check/judge_sched - two checks of check/judge: the scheduler's budgets
 * for real-time and fair tasks. For check_judge_run()'s table only; each
 * fills the result it is given (status, typed fields, sentence, why, hint)
 * from the facts and reads nothing else. Fields are in us (runtime_us,
 * period_us) or ns (the fair server's runtime_ns, period_ns).
 */
#ifndef RTWHY_CHECK_JUDGE_SCHED_H
#define RTWHY_CHECK_JUDGE_SCHED_H

#include "rtwhy/check/gather.h"
#include "rtwhy/check/judge.h"

/**
 * check_judge_sched_rt_throttling() - The check "rt_throttling": the global
 * sched_rt_runtime_us / sched_rt_period_us, the root cpu cgroup's budget and
 * rtwhy's own group's.
 * @f: the gathered facts
 * @r: the result to fill ("value" already null)
 */
void check_judge_sched_rt_throttling(const struct check_gather_facts *f,
				     struct check_judge_result *r);

/**
 * check_judge_sched_fair_server() - The check "fair_server": the fair
 * deadline server of 6.12+ kernels, per CPU.
 * @f: the gathered facts
 * @r: the result to fill ("value" already null)
 */
void check_judge_sched_fair_server(const struct check_gather_facts *f,
				   struct check_judge_result *r);

#endif
