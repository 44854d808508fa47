/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run - the lifecycle of a measuring run, in order: check outputs and
 * privileges, tracing session, host knobs, threads; then the main loop
 * (display, spikes: read, explain, report, re-arm); then stop, print,
 * write files, and undo everything, on every path (end, error, SIGINT,
 * SIGTERM, SIGHUP).
 */
#ifndef RTWHY_RUN_H
#define RTWHY_RUN_H

#include "rtwhy/config.h"

/**
 * run_measure() - Run the measuring command described by @cfg.
 * @cfg: parsed configuration
 *
 * Return: the exit status (CLI_EXIT_*).
 */
int run_measure(const struct rtw_config *cfg);

#endif
