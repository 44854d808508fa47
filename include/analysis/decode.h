/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * decode - the only user of libtraceevent field access: a raw ring-buffer
 * record (live instance or trace.dat) becomes a struct rtw_event. Field
 * lookups happen once per event type; a record costs a handful of reads.
 */
#ifndef ANALYSIS_DECODE_H
#define ANALYSIS_DECODE_H

#include <stdbool.h>

#include "analysis/event.h"

struct tep_handle;
struct tep_record;
struct decode;

/**
 * decode_create() - A decoder for the event formats of @tep.
 * @tep: parsed event formats (and kallsyms for hrtimer function names);
 *       must outlive the decoder
 * @layout: common_flags layout of the kernel that wrote the records, as its
 *          version tells; the event formats refine it (the -rt lazy-preempt
 *          patch's common_preempt_lazy_count field: event_flag_layout_refine())
 *
 * Return: the decoder, or NULL with errno set.
 */
struct decode *decode_create(struct tep_handle *tep, enum event_flag_layout layout);

/**
 * decode_destroy() - Free a decoder.
 * @d: decoder, may be NULL
 */
void decode_destroy(struct decode *d);

/**
 * decode_record() - Decode @rec into @out.
 * @d: decoder
 * @rec: the record
 * @cpu: the CPU whose buffer held it
 * @out: result
 *
 * A kernel_stack record gives an RTW_EV_STACK whose frames
 * decode_stack_frame() reads; hand those on right after it.
 * Return: 1 if @out holds an event, 0 if the record is of no interest.
 */
int decode_record(struct decode *d, struct tep_record *rec, int cpu, struct rtw_event *out);

/* frames of one kernel_stack record handed on at most */
#define DECODE_MAX_FRAMES 128

/**
 * decode_stack_frame() - Frame @i of a kernel_stack record.
 * @d: decoder
 * @rec: the record decode_record() made @stack of
 * @stack: its RTW_EV_STACK event (u.stack.nr frames)
 * @i: 0 .. nr - 1, innermost first
 * @out: result: an RTW_EV_STACK_FRAME with @stack's cpu, pid and time, the
 *       function resolved through the tep's kallsyms ("0x..." if unknown)
 *
 * Return: 1 if @out holds the frame, 0 otherwise.
 */
int decode_stack_frame(struct decode *d, struct tep_record *rec, const struct rtw_event *stack,
		       int i, struct rtw_event *out);

/**
 * decode_layout() - The common_flags layout the records are read with.
 * @d: decoder
 *
 * Return: the layout (refined once the first record was decoded).
 */
enum event_flag_layout decode_layout(const struct decode *d);

/**
 * decode_rt_fields() - Did the event formats carry the -rt lazy-preempt
 * patch's common_preempt_lazy_count (a PREEMPT_RT kernel)?
 * @d: decoder
 *
 * Return: true if so (known once the first record was decoded).
 */
bool decode_rt_fields(const struct decode *d);

/**
 * decode_kind() - What decode_record() would make of @rec, without decoding it.
 * @d: decoder
 * @rec: the record
 *
 * Reads the record's type only (for readers that decode later, a window at a time).
 * Return: its enum rtw_event_kind, or -1 if decode_record() would return 0.
 */
int decode_kind(struct decode *d, struct tep_record *rec);

/**
 * decode_task_pid() - The task a wakeup wakes or a switch switches in, its fields only.
 * @d: decoder
 * @rec: a record decode_kind() says is RTW_EV_WAKING, RTW_EV_WAKEUP or RTW_EV_SWITCH
 * @target_cpu: result: the run queue a wakeup puts it on; -1 if the record has none, and
 *              for a switch
 *
 * Return: its pid (a switch: the next task's), -1 if the record has none.
 */
int32_t decode_task_pid(struct decode *d, struct tep_record *rec, int32_t *target_cpu);

/**
 * decode_lost() - The RTW_EV_LOST event announced by @rec, if any.
 * @rec: the record (its missed_events)
 * @cpu: the CPU whose buffer held it
 * @out: result
 *
 * Return: 1 if events were lost before @rec, 0 otherwise.
 */
int decode_lost(const struct tep_record *rec, int cpu, struct rtw_event *out);

#endif
