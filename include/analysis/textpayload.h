/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * textpayload - the payload of one ftrace text event line into its struct
 * rtw_event: the kernel's print format (key=value), trace-cmd's plugin
 * format or trace-cmd's raw format, told apart by content. textread reads
 * the rest of the line (timestamp, context, event name) and calls this.
 * Times are ns; no allocation, no state between calls.
 */
#ifndef ANALYSIS_TEXTPAYLOAD_H
#define ANALYSIS_TEXTPAYLOAD_H

#include <stdbool.h>

#include "analysis/event.h"

/**
 * textpayload_parse() - Fill the union of @ev from the payload [@p, @e).
 * @ev: the event, its kind already set; only its union (u) is written
 * @vector: for RTW_EV_VECTOR_*: the vector's name (RTW_NAME_LEN bytes, copied)
 * @print: for RTW_EV_MARKER: the event is trace-cmd's "print" (the text
 *	   follows the writer's name or "buf=")
 * @p: payload start (after the event name and its colon)
 * @e: payload end (not NUL-terminated)
 *
 * Kinds without a payload rtwhy reads (RTW_EV_OTHER, RTW_EV_STACK ...) are
 * left as they are.
 * Return: 0, or -EINVAL when a field the analysis needs cannot be read.
 */
int textpayload_parse(struct rtw_event *ev, const char *vector, bool print, const char *p,
		      const char *e);

#endif
