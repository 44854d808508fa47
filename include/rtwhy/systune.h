/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * systune - the host knobs a run changes, saved and restored: the
 * /dev/cpu_dma_latency PM QoS request (held open for the whole run, as
 * cyclictest does) and mlockall. Restoring is idempotent and safe on every
 * exit path.
 */
#ifndef RTWHY_SYSTUNE_H
#define RTWHY_SYSTUNE_H

#include <stdbool.h>

#include "rtwhy/config.h"

struct systune {
	int dma_fd;	  /* open /dev/cpu_dma_latency, -1 = none */
	int dma_value_us; /* what we wrote */
	int dma_error;	  /* -errno when the request could not be made */
	bool locked;	  /* mlockall() done */
};

/**
 * systune_init() - Mark @st as holding nothing.
 * @st: state
 */
void systune_init(struct systune *st);

/**
 * systune_apply() - Make the PM QoS request and lock memory as @cfg says.
 * @st: state, from systune_init()
 * @cfg: the system part of the config
 *
 * A default PM QoS request that fails (not root) is not an error: it is
 * recorded in @st->dma_error for the caller to print. An explicit --latency
 * or -m that fails is.
 * Return: 0, or -errno with the message printed.
 */
int systune_apply(struct systune *st, const struct config_system *cfg);

/**
 * systune_restore() - Drop the PM QoS request and unlock memory.
 * @st: state; safe to call twice
 */
void systune_restore(struct systune *st);

/**
 * systune_check_rt() - Can this process run threads at @policy/@prio?
 * @policy: SCHED_* policy
 * @prio: real-time priority (0 for non-RT)
 *
 * Tries it on a short-lived thread, so nothing of this process changes.
 * Return: 0, or -errno (-EPERM without the privilege).
 */
int systune_check_rt(int policy, int prio);

#endif
