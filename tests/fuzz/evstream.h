/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * evstream - a compact byte encoding of a spike and the events around it,
 * so that a fuzzer's mutations land on meaningful fields: every event is
 * EVS_EVENT_BYTES bytes, pids, comms and names come from small tables (a
 * chain "timer fires, thread woken, task switched in" is then a few bytes
 * apart, not a few kilobytes), and every value a real trace can hold, plus
 * the ones it should not (negative or huge CPUs, time going backwards,
 * unknown kinds, names that fill their field), can be expressed.
 *
 * Header (EVS_HEADER_BYTES):
 *   0     pid selector of the late thread (see evs_pid())
 *   1     CPU selector of the spike (see evs_cpu())
 *   2-5   deadline, ns after the first event (LE)
 *   6-9   latency, ns (LE); bit 31 set: wake before deadline
 *   10-11 slack in 100 ns units (LE), 0xffff: unknown (-1)
 *   12    bit 0: deadline exact; bit 1: steal time known; bit 2: live task policies
 *   13-15 steal time, us (LE)
 * Event (EVS_EVENT_BYTES):
 *   0     kind (modulo RTW_EV_NR_KINDS + 1: the last value is an unknown kind)
 *   1     CPU selector
 *   2-4   ts delta from the previous event, ns (LE, 24 bits)
 *   5     bit 7: the delta goes backwards; bits 0-6: preempt depth
 *   6     flags (RTW_F_*)
 *   7     pid selector (common_pid)
 *   8     second pid selector (next_pid, woken, migrated pid)
 *   9     prio (prev_prio / the woken prio), 10 next_prio, both raw 0-255 - 1 (cpuhp:
 *         target, step)
 *   11    prev_state: bits 0-6 TASK_REPORT bits, bit 7 RTW_STATE_PREEMPTED
 *   12    name selector (hrtimer function, IRQ or vector name, marker text)
 *   13    IRQ number / softirq vector / target CPU selector (cpuhp: its CPU)
 *   14    second CPU selector (migration destination), 15 misc (lost count, ret)
 * Bytes after the last whole event are ignored.
 */
#ifndef RTWHY_FUZZ_EVSTREAM_H
#define RTWHY_FUZZ_EVSTREAM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/event.h"
#include "analysis/util.h"

#define EVS_HEADER_BYTES 16
#define EVS_EVENT_BYTES	 16
#define EVS_MAX_EVENTS	 8192
#define EVS_BASE_NS	 (1000ULL * NSEC_PER_SEC)
#define EVS_TID		 5000 /* pid selector 1 */

static const char *const evs_comms[] = {
	"busyloop",   "irq/41-eth0", "ksoftirqd/1", "kworker/1:1",
	"irq/9-acpi", "migration/1", "bash",	    "",
};

static const char *const evs_names[] = {
	"hrtimer_wakeup",
	"tick_nohz_handler",
	"tick_sched_timer",
	"tick_handle_periodic",
	"posix_timer_fn",
	"it_real_fn",
	"virtio1-req.0",
	"eth0",
	"local_timer",
	"reschedule",
	"call_function",
	"irq_work",
	("FREEZE tid=5000 thread=0 cpu=1 prio=0 slack=50000 deadline=1000000000000 "
	 "wake=1000004000000 lat=4000000"),
	"hit latency threshold (4000 > 2500)",
	"",
};

static inline uint32_t evs_le(const uint8_t *p, int bytes)
{
	uint32_t v = 0;
	int i;

	for (i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* 0-7: that CPU; above: the values a decoder should never hand on, and some it may */
static inline int32_t evs_cpu(uint8_t b)
{
	static const int32_t odd[] = { -1, 63, 64, 4095, 4096, 100000, INT32_MAX, INT32_MIN };

	if (b < 0xf8)
		return b & 7;
	return odd[b - 0xf8];
}

/* 0: idle, 1: the late thread, 0xff: -1, 0xfe: INT32_MAX, else 100 + b */
static inline int32_t evs_pid(uint8_t b)
{
	if (b == 0)
		return 0;
	if (b == 1)
		return EVS_TID;
	if (b == 0xff)
		return -1;
	if (b == 0xfe)
		return INT32_MAX;
	return 100 + b;
}

static inline void evs_comm(int32_t pid, int cpu, char *comm)
{
	if (pid == 0)
		snprintf(comm, RTW_COMM_LEN, "swapper/%d", cpu & 7);
	else if (pid == EVS_TID)
		util_strlcpy(comm, "rtwhy", RTW_COMM_LEN);
	else if (pid < 0)
		comm[0] = '\0';
	else
		util_strlcpy(comm, evs_comms[(uint32_t)pid % ARRAY_SIZE(evs_comms)], RTW_COMM_LEN);
}

/* A name that fills its field when the selector is past the table. */
static inline void evs_name(uint8_t b, char *dst, size_t len)
{
	if (b < ARRAY_SIZE(evs_names)) {
		util_strlcpy(dst, evs_names[b], len);
	} else {
		memset(dst, 'A' + b % 26, len - 1);
		dst[len - 1] = '\0';
	}
}

static inline void evs_decode_event(const uint8_t *p, uint64_t *ts, struct rtw_event *e)
{
	uint32_t delta = evs_le(p + 2, 3);
	int32_t pid2 = evs_pid(p[8]);

	memset(e, 0, sizeof(*e));
	e->kind = (uint16_t)(p[0] % (RTW_EV_NR_KINDS + 1));
	e->cpu = evs_cpu(p[1]);
	if (p[5] & 0x80)
		*ts = *ts > delta ? *ts - delta : 0;
	else
		*ts += delta;
	e->ts_ns = *ts;
	e->preempt = p[5] & 0x7f;
	e->flags = p[6];
	e->pid = evs_pid(p[7]);
	evs_comm(e->pid, e->cpu, e->comm);
	switch (e->kind) {
	case RTW_EV_SWITCH:
		e->u.sw.prev_pid = e->pid;
		e->u.sw.prev_prio = (int32_t)p[9] - 1;
		e->u.sw.prev_state = (p[11] & 0x7f) | (p[11] & 0x80 ? RTW_STATE_PREEMPTED : 0);
		memcpy(e->u.sw.prev_comm, e->comm, RTW_COMM_LEN);
		e->u.sw.next_pid = pid2;
		e->u.sw.next_prio = (int32_t)p[10] - 1;
		evs_comm(pid2, e->cpu, e->u.sw.next_comm);
		break;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		e->u.wake.pid = pid2;
		e->u.wake.prio = (int32_t)p[9] - 1;
		e->u.wake.target_cpu = evs_cpu(p[13]);
		evs_comm(pid2, e->cpu, e->u.wake.comm);
		break;
	case RTW_EV_MIGRATE:
		e->u.mig.pid = pid2;
		e->u.mig.prio = (int32_t)p[9] - 1;
		e->u.mig.orig_cpu = evs_cpu(p[13]);
		e->u.mig.dest_cpu = evs_cpu(p[14]);
		evs_comm(pid2, e->cpu, e->u.mig.comm);
		break;
	case RTW_EV_IRQ_ENTRY:
	case RTW_EV_IRQ_EXIT:
		e->u.irq.irq = (int32_t)(int8_t)p[13];
		e->u.irq.ret = p[15];
		evs_name(p[12], e->u.irq.name, RTW_NAME_LEN);
		break;
	case RTW_EV_SOFTIRQ_ENTRY:
	case RTW_EV_SOFTIRQ_EXIT:
	case RTW_EV_SOFTIRQ_RAISE:
		e->u.softirq.vec = (int32_t)(int8_t)p[13];
		break;
	case RTW_EV_HRTIMER_ENTRY:
	case RTW_EV_HRTIMER_EXIT:
		e->u.hrt.timer = 0xffff888000000000ULL + p[13];
		e->u.hrt.now_ns = *ts;
		evs_name(p[12], e->u.hrt.function, RTW_NAME_LEN);
		break;
	case RTW_EV_TIMER_ENTRY:
	case RTW_EV_TIMER_EXIT:
	case RTW_EV_CSD_ENTRY:
	case RTW_EV_CSD_EXIT:
		e->u.cb.id = 0xffff888000000000ULL + p[13];
		evs_name(p[12], e->u.cb.function, RTW_NAME_LEN);
		break;
	case RTW_EV_VECTOR_ENTRY:
	case RTW_EV_VECTOR_EXIT:
	case RTW_EV_NMI:
		e->u.vec.vector = p[13];
		e->u.vec.delta_ns = (uint64_t)p[15] * 1000;
		evs_name(p[12], e->u.vec.name, RTW_NAME_LEN);
		break;
	case RTW_EV_MARKER:
		evs_name(p[12], e->u.marker.text, RTW_MARKER_LEN);
		break;
	case RTW_EV_CPUHP_ENTER:
	case RTW_EV_CPUHP_EXIT:
		e->u.hp.cpu = evs_cpu(p[13]);
		e->u.hp.target = (int32_t)p[9] - 1;
		e->u.hp.step = (int32_t)p[10] - 1;
		e->u.hp.ret = (int32_t)(int8_t)p[15];
		if (e->kind == RTW_EV_CPUHP_ENTER)
			evs_name(p[12], e->u.hp.fun, RTW_NAME_LEN);
		break;
	case RTW_EV_LOST:
		e->u.lost.count = p[15];
		break;
	default:
		break;
	}
}

/* Decode @size bytes into @sp and up to @max events of @ev; returns the number of events. */
static inline size_t evs_decode(const uint8_t *data, size_t size, struct blame_spike *sp,
				int64_t *steal_ns, bool *live_policies, struct rtw_event *ev,
				size_t max)
{
	uint64_t ts = EVS_BASE_NS;
	uint32_t lat;
	uint16_t slack;
	size_t n = 0;

	memset(sp, 0, sizeof(*sp));
	*steal_ns = -1;
	*live_policies = false;
	if (size < EVS_HEADER_BYTES)
		return 0;
	sp->thread = 0;
	sp->tid = evs_pid(data[0]);
	sp->cpu = evs_cpu(data[1]);
	sp->deadline_ns = EVS_BASE_NS + evs_le(data + 2, 4);
	lat = evs_le(data + 6, 4);
	if (lat & 0x80000000u)
		sp->wake_ns = sp->deadline_ns - (lat & 0x7fffffffu);
	else
		sp->wake_ns = sp->deadline_ns + lat;
	slack = (uint16_t)evs_le(data + 10, 2);
	sp->slack_ns = slack == 0xffff ? -1 : (int64_t)slack * 100;
	sp->deadline_exact = data[12] & 1;
	if (data[12] & 2)
		*steal_ns = (int64_t)evs_le(data + 13, 3) * 1000;
	*live_policies = data[12] & 4;
	util_strlcpy(sp->source, "fuzz", sizeof(sp->source));
	data += EVS_HEADER_BYTES;
	size -= EVS_HEADER_BYTES;
	while (size >= EVS_EVENT_BYTES && n < max) {
		evs_decode_event(data, &ts, &ev[n++]);
		data += EVS_EVENT_BYTES;
		size -= EVS_EVENT_BYTES;
	}
	return n;
}

/* ---- encoding (the seed maker): lossy where the tables are ----------------------------- */

struct evs_pids {
	int32_t pid[256]; /* by selector; 0 unused */
};

static inline void evs_put(uint8_t *p, uint32_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++, v >>= 8)
		p[i] = (uint8_t)v;
}
static inline uint8_t evs_cpu_sel(int32_t cpu)
{
	static const int32_t odd[] = { -1, 63, 64, 4095, 4096, 100000, INT32_MAX, INT32_MIN };
	size_t i;

	if (cpu >= 0 && cpu < 8)
		return (uint8_t)cpu;
	for (i = 0; i < ARRAY_SIZE(odd); i++)
		if (odd[i] == cpu)
			return (uint8_t)(0xf8 + i);
	return 0xf8;
}

/* The selector of @pid: one whose table comm is @comm when there is one, so comms survive. */
static inline uint8_t evs_pid_sel(struct evs_pids *m, int32_t pid, const char *comm, int32_t tid)
{
	int sel, any = 0;

	if (pid == 0)
		return 0;
	if (pid == tid)
		return 1;
	if (pid < 0)
		return 0xff;
	for (sel = 2; sel < 0xfe; sel++)
		if (m->pid[sel] == pid)
			return (uint8_t)sel;
	for (sel = 2; sel < 0xfe; sel++) {
		if (m->pid[sel])
			continue;
		if (!any)
			any = sel;
		if (comm && !strcmp(comm, evs_comms[(uint32_t)(100 + sel) % ARRAY_SIZE(evs_comms)]))
			break;
	}
	if (sel == 0xfe)
		sel = any ? any : 0xfd;
	m->pid[sel] = pid;
	return (uint8_t)sel;
}

static inline uint8_t evs_name_sel(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(evs_names); i++)
		if (!strcmp(name, evs_names[i]) ||
		    (!strncmp(name, "FREEZE ", 7) && !strncmp(evs_names[i], "FREEZE ", 7)) ||
		    (strstr(name, "hit latency threshold") && strstr(evs_names[i], "hit latency")))
			return (uint8_t)i;
	return ARRAY_SIZE(evs_names) - 1; /* "" */
}

static inline uint8_t evs_prio_sel(int32_t prio)
{
	return (uint8_t)(prio < -1 ? 0 : (prio > 254 ? 255 : prio + 1));
}

/* Encode @sp and @ev into @out (EVS_HEADER_BYTES + n * EVS_EVENT_BYTES bytes). */
static inline size_t evs_encode(const struct blame_spike *sp, const struct rtw_event *ev, size_t n,
				uint8_t *out)
{
	struct evs_pids pids = { { 0 } };
	uint64_t base = n ? ev[0].ts_ns : sp->deadline_ns, ts = EVS_BASE_NS;
	uint8_t *p = out;
	size_t i;

	/* rebased: the first event at EVS_BASE_NS, the deadline relative to it */
	memset(p, 0, EVS_HEADER_BYTES);
	p[0] = 1;
	p[1] = evs_cpu_sel(sp->cpu);
	evs_put(p + 2, (uint32_t)(sp->deadline_ns > base ? sp->deadline_ns - base : 0), 4);
	evs_put(p + 6, (uint32_t)((sp->wake_ns - sp->deadline_ns) & 0x7fffffff), 4);
	evs_put(p + 10, sp->slack_ns < 0 ? 0xffff : (uint32_t)(sp->slack_ns / 100), 2);
	p[12] = sp->deadline_exact ? 1 : 0;
	p += EVS_HEADER_BYTES;
	for (i = 0; i < n; i++, p += EVS_EVENT_BYTES) {
		const struct rtw_event *e = &ev[i];
		uint64_t want = EVS_BASE_NS + (e->ts_ns - base);
		uint64_t delta = want >= ts ? want - ts : ts - want;

		memset(p, 0, EVS_EVENT_BYTES);
		p[0] = (uint8_t)(e->kind > RTW_EV_NR_KINDS ? RTW_EV_NR_KINDS : e->kind);
		p[1] = evs_cpu_sel(e->cpu);
		if (delta > 0xffffff)
			delta = 0xffffff;
		evs_put(p + 2, (uint32_t)delta, 3);
		p[5] = (uint8_t)((want < ts ? 0x80 : 0) | (e->preempt & 0x7f));
		ts = want >= ts ? ts + delta : ts - delta;
		p[6] = e->flags;
		p[7] = evs_pid_sel(&pids, e->pid, e->comm, sp->tid);
		switch (e->kind) {
		case RTW_EV_SWITCH:
			p[7] = evs_pid_sel(&pids, e->u.sw.prev_pid, e->u.sw.prev_comm, sp->tid);
			p[8] = evs_pid_sel(&pids, e->u.sw.next_pid, e->u.sw.next_comm, sp->tid);
			p[9] = evs_prio_sel(e->u.sw.prev_prio);
			p[10] = evs_prio_sel(e->u.sw.next_prio);
			p[11] = (uint8_t)((e->u.sw.prev_state & 0x7f) |
					  (e->u.sw.prev_state & RTW_STATE_PREEMPTED ? 0x80 : 0));
			break;
		case RTW_EV_WAKING:
		case RTW_EV_WAKEUP:
			p[8] = evs_pid_sel(&pids, e->u.wake.pid, e->u.wake.comm, sp->tid);
			p[9] = evs_prio_sel(e->u.wake.prio);
			p[13] = evs_cpu_sel(e->u.wake.target_cpu);
			break;
		case RTW_EV_MIGRATE:
			p[8] = evs_pid_sel(&pids, e->u.mig.pid, e->u.mig.comm, sp->tid);
			p[9] = evs_prio_sel(e->u.mig.prio);
			p[13] = evs_cpu_sel(e->u.mig.orig_cpu);
			p[14] = evs_cpu_sel(e->u.mig.dest_cpu);
			break;
		case RTW_EV_IRQ_ENTRY:
		case RTW_EV_IRQ_EXIT:
			p[12] = evs_name_sel(e->u.irq.name);
			p[13] = (uint8_t)e->u.irq.irq;
			p[15] = (uint8_t)e->u.irq.ret;
			break;
		case RTW_EV_SOFTIRQ_ENTRY:
		case RTW_EV_SOFTIRQ_EXIT:
		case RTW_EV_SOFTIRQ_RAISE:
			p[13] = (uint8_t)e->u.softirq.vec;
			break;
		case RTW_EV_HRTIMER_ENTRY:
		case RTW_EV_HRTIMER_EXIT:
			p[12] = evs_name_sel(e->u.hrt.function);
			p[13] = (uint8_t)e->u.hrt.timer;
			break;
		case RTW_EV_TIMER_ENTRY:
		case RTW_EV_TIMER_EXIT:
		case RTW_EV_CSD_ENTRY:
		case RTW_EV_CSD_EXIT:
			p[12] = evs_name_sel(e->u.cb.function);
			p[13] = (uint8_t)e->u.cb.id;
			break;
		case RTW_EV_VECTOR_ENTRY:
		case RTW_EV_VECTOR_EXIT:
		case RTW_EV_NMI:
			p[12] = evs_name_sel(e->u.vec.name);
			p[13] = (uint8_t)e->u.vec.vector;
			p[15] = (uint8_t)(e->u.vec.delta_ns / 1000);
			break;
		case RTW_EV_MARKER:
			p[12] = evs_name_sel(e->u.marker.text);
			break;
		case RTW_EV_LOST:
			p[15] = (uint8_t)(e->u.lost.count > 255 ? 255 : e->u.lost.count);
			break;
		default:
			break;
		}
	}
	return (size_t)(p - out);
}

#endif
