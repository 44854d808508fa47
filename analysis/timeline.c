// SPDX-License-Identifier: GPL-2.0-only
/*
 * timeline - one pass over the events with a small state machine per CPU:
 * the current task (from sched_switch, or from common_pid when a switch
 * was not seen) and a stack of interrupt contexts (hard IRQ handlers,
 * x86 vectors, hrtimer callbacks, softirqs). The time between two events
 * of a CPU belongs to the top of that CPU's stack, or to its task. The
 * trace flags of every event repair the stack when entries or exits were
 * lost.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pidmap.h"
#include "analysis/tick.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define TL_MAX_DEPTH   8
#define TL_IRQ_UNKNOWN (-2) /* an IRQ already running when the trace begins */
/*
 * Between an interrupt's entry and its traced work (hrtimer callbacks, a handler, a softirq),
 * or between that work's end and the interrupt's exit, the kernel runs a few microseconds of
 * glue (reprogramming the timer, the handler's return): no event for this long there is no
 * handler running but a CPU that did not run this system (the host stopped the vCPU, an SMI).
 */
#define TL_IRQ_GAP_NS (200 * 1000ULL)
#define TL_TICK_KEEP  16 /* a CPU's last ticks kept to find the grid they are due on */

struct tl_frame {
	uint8_t ctx;	  /* TL_HARDIRQ or TL_SOFTIRQ */
	uint8_t source;	  /* RTW_EV_IRQ_ENTRY, VECTOR_ENTRY, HRTIMER_ENTRY, SOFTIRQ_ENTRY */
	uint8_t from_irq; /* a softirq run at a hard IRQ's exit, not in the task's own context */
	uint8_t in_cb;	  /* inside an hrtimer callback of this frame's (entry, no exit yet) */
	uint8_t cb_quick; /* ... one of the kernel's quick ones (event_is_quick_callback) */
	uint8_t csd;	  /* an IPI's: in_cb is a csd function's (csd_function_entry) */
	uint8_t csd_done; /* ... which ran one: its work is traced */
	int32_t irq;
	char name[RTW_NAME_LEN];
};

struct tl_cpu {
	bool seen;
	bool timer_cbs; /* the trace has the timer wheel's callbacks (timer_expire_entry) */
	bool lost;	/* events were lost on this CPU */
	uint64_t last_ns;
	uint64_t busy_ns; /* since when it has run tasks, not idle (0: idle, or unknown) */
	int32_t pid;
	char comm[RTW_COMM_LEN];
	uint8_t resched;
	uint8_t preempt_exit;	/* the last event was a preempting IRQ exit (tl_segment) */
	uint8_t exit_path;	/* still on an IRQ's return path: its exit, then IRQs-off events */
	uint8_t ret_path;	/* ... or the exit of a softirq run at it (tl_segment) */
	uint8_t resched_return; /* the last event was such an exit, TIF_NEED_RESCHED set */
	uint8_t irq_on_return;	/* the interrupt under way came on such a return (tl_event) */
	uint8_t next_resched;	/* TIF_NEED_RESCHED on the event that ends the stretch emitted */
	uint8_t last_flags;	/* of the CPU's previous event */
	uint8_t irq_gap;	/* the stretch being emitted is an interrupt's untraced gap */
	uint8_t tick_gap;	/* ... is a task's silence past a tick that was due */
	uint8_t silent_head;	/* ... is the start of such a silence, up to that tick */
	uint8_t glue_gap; /* ... is kernel glue (a wakeup, softirq to softirq) outside a hard IRQ */
	uint16_t last_kind;
	uint8_t code;	   /* TL_CODE_*: what the interrupt under way found, by its stack record */
	uint8_t in_frames; /* reading a stack record's frames: 1 before the IRQ entry, 2 past it */
	struct tl_frame stack[TL_MAX_DEPTH];
	int depth;
	int nr_ticks;
	uint64_t tick_ts[TL_TICK_KEEP]; /* its last ticks (tick callbacks' entries), a ring */
	struct tl_segment *seg;
	size_t nr, cap;
};

static int tl_emit(struct tl_cpu *c, int cpu, uint64_t start, uint64_t end)
{
	const struct tl_frame *top = c->depth ? &c->stack[c->depth - 1] : NULL;
	struct tl_segment s = { .start_ns = start,
				.end_ns = end,
				.cpu = cpu,
				.pid = c->pid,
				.prio = TL_PRIO_UNKNOWN,
				.irq = -1,
				.resched = c->resched,
				.preempt_exit = c->preempt_exit,
				.resched_return = c->resched_return,
				.end_resched = c->next_resched,
				.code = c->resched_return ? c->code : TL_CODE_UNKNOWN,
				.silent_head = c->silent_head,
				.one_stretch = 1 };

	if (end <= start)
		return 0;
	if (c->tick_gap || c->glue_gap) {
		s.ctx = TL_GAP;
	} else if (top) {
		s.ctx = c->irq_gap ? TL_GAP : top->ctx;
		s.irq = top->irq;
		s.from_irq = top->from_irq;
		if (c->irq_gap && top->ctx == TL_SOFTIRQ)
			timeline_softirq_name(s.name, sizeof(s.name), top->name);
		else
			memcpy(s.name, top->name, sizeof(s.name));
	} else {
		s.ctx = c->pid == 0 ? TL_IDLE : TL_TASK;
	}
	memcpy(s.comm, c->comm, sizeof(s.comm));
	if (c->nr) {
		struct tl_segment *prev = &c->seg[c->nr - 1];

		if (prev->end_ns == start && prev->ctx == s.ctx && prev->pid == s.pid &&
		    prev->irq == s.irq && prev->from_irq == s.from_irq && !prev->preempt_exit &&
		    !s.preempt_exit && !prev->resched_return && !s.resched_return &&
		    prev->silent_head == s.silent_head && !strcmp(prev->name, s.name)) {
			prev->end_ns = end;
			prev->resched |= s.resched;
			prev->one_stretch = 0;
			return 0;
		}
	}
	if (c->nr == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		struct tl_segment *seg = realloc(c->seg, cap * sizeof(*seg));

		if (!seg)
			return -ENOMEM;
		c->seg = seg;
		c->cap = cap;
	}
	c->seg[c->nr++] = s;
	return 0;
}

static void tl_push(struct tl_cpu *c, uint8_t ctx, uint8_t source, int32_t irq, const char *name)
{
	struct tl_frame *f;

	if (c->depth == TL_MAX_DEPTH) /* runaway nesting: lost exits; start over */
		c->depth = 0;
	f = &c->stack[c->depth++];
	f->ctx = ctx;
	f->source = source;
	f->from_irq = 0;
	f->in_cb = 0;
	f->cb_quick = 0;
	f->csd = 0;
	f->csd_done = 0;
	f->irq = irq;
	util_strlcpy(f->name, name, sizeof(f->name));
}

/*
 * Is @f an IPI that runs the functions other CPUs queued for this one (the call_function
 * vectors: __flush_smp_call_function_queue(), each function traced by csd_function_entry/exit
 * on 6.4+)? Elsewhere a csd function runs inside other work (smp_call_function_single() on
 * its own CPU runs it in place), whose untraced rest is that work's.
 */
static bool tl_csd_frame(const struct tl_frame *f)
{
	return f->ctx == TL_HARDIRQ && f->source == RTW_EV_VECTOR_ENTRY &&
	       (!strcmp(f->name, "call_function_single") || !strcmp(f->name, "call_function"));
}

/* Pop the innermost frame opened by @source (and what was left open above it). */
static void tl_pop(struct tl_cpu *c, uint8_t source, int32_t irq)
{
	int i;

	for (i = c->depth - 1; i >= 0; i--) {
		if (c->stack[i].source == source &&
		    (source != RTW_EV_IRQ_ENTRY || c->stack[i].irq == irq ||
		     c->stack[i].irq == TL_IRQ_UNKNOWN)) {
			c->depth = i;
			return;
		}
	}
}

/* The flags say which contexts are active: drop frames whose exit was lost. */
static void tl_repair(struct tl_cpu *c, uint8_t flags)
{
	if (!(flags & (RTW_F_HARDIRQ | RTW_F_NMI))) {
		while (c->depth && c->stack[c->depth - 1].ctx == TL_HARDIRQ)
			c->depth--;
		if (!(flags & RTW_F_SOFTIRQ))
			c->depth = 0;
	}
}

/*
 * A stack record inside an interrupt (the stacktrace trigger on the thread's sched_waking): its
 * frames below the interrupt's entry are the kernel code it interrupted; none, user space.
 */
static void tl_stack(struct tl_cpu *c, const struct rtw_event *e)
{
	if (e->kind == RTW_EV_STACK) {
		c->in_frames = c->depth ? 1 : 0;
		return;
	}
	if (c->in_frames == 1 && event_frame_is_irq_entry(e->u.frame.name)) {
		c->in_frames = 2;
		c->code = TL_CODE_USER;
	} else if (c->in_frames == 2) {
		c->in_frames = 0;
		c->code = TL_CODE_KERNEL;
	}
}

static void tl_apply(struct tl_cpu *c, const struct rtw_event *e)
{
	char name[RTW_NAME_LEN];

	if (e->kind == RTW_EV_STACK || e->kind == RTW_EV_STACK_FRAME) {
		tl_stack(c, e);
		return;
	}
	c->in_frames = 0;
	/*
	 * A new interrupt, or another task: what an earlier stack record found is past, but for
	 * kernel code with need-resched set since: a return to user space would have switched
	 * the task (every model does), so it is in kernel code still.
	 */
	if (e->kind == RTW_EV_SWITCH ||
	    (!c->depth && (e->flags & RTW_F_HARDIRQ) &&
	     !(c->code == TL_CODE_KERNEL && (c->last_flags & e->flags & RTW_F_NEED_RESCHED))))
		c->code = TL_CODE_UNKNOWN;
	switch (e->kind) {
	case RTW_EV_SWITCH:
		c->depth = 0;
		c->pid = e->u.sw.next_pid;
		memcpy(c->comm, e->u.sw.next_comm, sizeof(c->comm));
		c->resched = 0;
		return;
	case RTW_EV_IRQ_ENTRY:
		tl_push(c, TL_HARDIRQ, RTW_EV_IRQ_ENTRY, e->u.irq.irq, e->u.irq.name);
		return;
	case RTW_EV_IRQ_EXIT:
		tl_pop(c, RTW_EV_IRQ_ENTRY, e->u.irq.irq);
		return;
	case RTW_EV_VECTOR_ENTRY:
		tl_push(c, TL_HARDIRQ, RTW_EV_VECTOR_ENTRY, -1, e->u.vec.name);
		return;
	case RTW_EV_VECTOR_EXIT:
		tl_pop(c, RTW_EV_VECTOR_ENTRY, -1);
		return;
	case RTW_EV_HRTIMER_ENTRY:
		/* a callback in hard IRQ context with no vector event around it */
		if ((e->flags & RTW_F_HARDIRQ) &&
		    (!c->depth || c->stack[c->depth - 1].ctx != TL_HARDIRQ)) {
			snprintf(name, sizeof(name), "timer:%s", e->u.hrt.function);
			tl_push(c, TL_HARDIRQ, RTW_EV_HRTIMER_ENTRY, -1, name);
		}
		if (c->depth) {
			c->stack[c->depth - 1].in_cb = 1;
			c->stack[c->depth - 1].cb_quick =
				event_is_quick_callback(e->u.hrt.function);
		}
		return;
	case RTW_EV_HRTIMER_EXIT:
		if (c->depth && c->stack[c->depth - 1].source == RTW_EV_HRTIMER_ENTRY)
			c->depth--;
		else if (c->depth)
			c->stack[c->depth - 1].in_cb = 0;
		return;
	case RTW_EV_TIMER_ENTRY: /* a timer wheel callback: the TIMER softirq runs it */
	case RTW_EV_TIMER_EXIT:
		if (c->depth && c->stack[c->depth - 1].ctx == TL_SOFTIRQ &&
		    c->stack[c->depth - 1].irq == RTW_SOFTIRQ_TIMER) {
			c->stack[c->depth - 1].in_cb = e->kind == RTW_EV_TIMER_ENTRY;
			c->stack[c->depth - 1].cb_quick = e->kind == RTW_EV_TIMER_ENTRY &&
							  event_is_quick_callback(e->u.cb.function);
		}
		return;
	case RTW_EV_CSD_ENTRY:
		if (c->depth && tl_csd_frame(&c->stack[c->depth - 1]) &&
		    !c->stack[c->depth - 1].in_cb) {
			c->stack[c->depth - 1].in_cb = 1;
			c->stack[c->depth - 1].cb_quick = event_is_quick_callback(e->u.cb.function);
			c->stack[c->depth - 1].csd = 1;
		}
		return;
	case RTW_EV_CSD_EXIT:
		if (c->depth && c->stack[c->depth - 1].csd) {
			c->stack[c->depth - 1].in_cb = 0;
			c->stack[c->depth - 1].csd = 0;
			c->stack[c->depth - 1].csd_done = 1;
		}
		return;
	case RTW_EV_SOFTIRQ_ENTRY:
		tl_push(c, TL_SOFTIRQ, RTW_EV_SOFTIRQ_ENTRY, e->u.softirq.vec,
			event_softirq_name(e->u.softirq.vec));
		/*
		 * At a hard IRQ's exit (irq_exit() runs pending softirqs) the event before is
		 * the interrupt's own; in a task's context (local_bh_enable(), ksoftirqd, an
		 * IRQ thread, any thread on PREEMPT_RT) it is not.
		 */
		c->stack[c->depth - 1].from_irq = (c->last_flags & (RTW_F_HARDIRQ | RTW_F_NMI)) ||
						  c->last_kind == RTW_EV_IRQ_EXIT ||
						  c->last_kind == RTW_EV_VECTOR_EXIT;
		return;
	case RTW_EV_SOFTIRQ_EXIT:
		tl_pop(c, RTW_EV_SOFTIRQ_ENTRY, -1);
		return;
	default:
		return;
	}
}

static bool tl_is_work_start(uint16_t kind)
{
	return kind == RTW_EV_HRTIMER_ENTRY || kind == RTW_EV_IRQ_ENTRY ||
	       kind == RTW_EV_SOFTIRQ_ENTRY || kind == RTW_EV_VECTOR_ENTRY ||
	       kind == RTW_EV_TIMER_ENTRY;
}

static bool tl_is_work_end(uint16_t kind)
{
	return kind == RTW_EV_HRTIMER_EXIT || kind == RTW_EV_IRQ_EXIT ||
	       kind == RTW_EV_SOFTIRQ_EXIT || kind == RTW_EV_VECTOR_EXIT ||
	       kind == RTW_EV_TIMER_EXIT;
}

/*
 * Is the stretch from @c's previous event to @e, outside a hard IRQ (in a softirq, a task),
 * kernel glue of microseconds? Inside one try_to_wake_up(), from its sched_waking to the
 * wakee's sched_migrate_task or sched_wakeup, the wakee's pi_lock is held with interrupts
 * off for microseconds: long, the CPU was not running this system (a 6.1-rt lab spike: 5.6
 * ms between ktimers/1's sched_waking of rcu_preempt and its sched_migrate_task). Inside a
 * hard IRQ tl_irq_gap() says it, naming the interrupt.
 */
static bool tl_glue_gap(const struct tl_cpu *c, const struct rtw_event *e)
{
	const struct tl_frame *top = c->depth ? &c->stack[c->depth - 1] : NULL;

	if ((top && top->ctx == TL_HARDIRQ) || e->ts_ns - c->last_ns < TL_IRQ_GAP_NS)
		return false;
	/*
	 * Up to the migrate event only the wakee's pi_lock is held; a wakeup onto another CPU
	 * then takes that CPU's runqueue lock, which it may hold for long (under TCG, a vCPU
	 * stopped with it held): spinning there is this CPU's time, not a gap.
	 */
	if (c->last_kind == RTW_EV_WAKING)
		return e->kind == RTW_EV_MIGRATE ||
		       (e->kind == RTW_EV_WAKEUP && e->u.wake.target_cpu == e->cpu);
	/*
	 * Also between two softirq handlers of one run: a softirq's exit still serving
	 * softirqs (its 's' flag), and the next event too (an interrupt taken there says 'D'),
	 * is handle_softirqs()' loop, microseconds (a 6.1 threadirqs lab spike: 4.1 ms after the
	 * BLOCK softirq's exit in irq/25, then the tick, due 4 ms before, inside softirq).
	 */
	return c->last_kind == RTW_EV_SOFTIRQ_EXIT && (c->last_flags & RTW_F_SOFTIRQ) &&
	       (e->flags & RTW_F_SOFTIRQ);
}

/*
 * Is the stretch from @c's previous event to @e inside a hard IRQ (an x86 vector or a
 * device IRQ's handler) or the HRTIMER softirq, outside the traced work it ran (before the
 * first, after the last of its hrtimer callbacks, nested handlers, softirqs) or between the
 * traced steps of a quick callback (event_is_quick_callback()), and long?
 * Then it is a gap: that glue takes microseconds. A stretch inside a handler's own
 * entry/exit or another callback, or in an interrupt whose work is not traced at all, stays
 * the handler's time.
 */
static bool tl_irq_gap(const struct tl_cpu *c, const struct rtw_event *e)
{
	const struct tl_frame *top = c->depth ? &c->stack[c->depth - 1] : NULL;

	if (!top || e->ts_ns - c->last_ns < TL_IRQ_GAP_NS)
		return false;
	/*
	 * The HRTIMER softirq (hrtimer_run_softirq()) reads the clock and runs the expired soft
	 * callbacks, each traced: from its entry, or a callback's (or a nested interrupt's) end,
	 * to the next event is that loop's glue. A context switch out of it (PREEMPT_RT runs it
	 * in a task) is traced too. Other softirqs (but TIMER, below) run untraced handlers: their
	 * time stays theirs.
	 */
	if (top->ctx == TL_SOFTIRQ && top->irq == RTW_SOFTIRQ_HRTIMER)
		return top->in_cb ? top->cb_quick
				  : c->last_kind == RTW_EV_SOFTIRQ_ENTRY ||
					    tl_is_work_end(c->last_kind);
	/*
	 * The TIMER softirq (run_timer_softirq()) is the same loop over the timer wheel's
	 * expired timers, each callback traced (timer_expire_entry/exit) where the trace has
	 * them: outside a callback, the wheel's glue. A callback keeps its time, but for the
	 * quick ones (a 6.12 lab spike: 1.2 ms in process_timeout with no sched_waking).
	 */
	if (top->ctx == TL_SOFTIRQ)
		return top->irq == RTW_SOFTIRQ_TIMER && c->timer_cbs &&
		       (top->in_cb ? top->cb_quick
				   : c->last_kind == RTW_EV_SOFTIRQ_ENTRY ||
					     tl_is_work_end(c->last_kind));
	if (top->ctx != TL_HARDIRQ)
		return false;
	/* sched_waking to its sched_wakeup is one try_to_wake_up() with interrupts off */
	if (c->last_kind == RTW_EV_WAKING && e->kind == RTW_EV_WAKEUP)
		return true;
	/*
	 * Inside an hrtimer callback: the callback's time, unless it is one of the kernel's
	 * quick ones, whose steps are all traced (a 6.1 lab spike: 6 ms of nothing in
	 * tick_sched_timer after it raised the SCHED softirq, the other vCPU silent too).
	 */
	if (top->in_cb) /* a frame pushed for a callback (no vector around it) is in it too */
		return top->cb_quick;
	/*
	 * the work ended (a nested frame closed, back in this interrupt; an IPI's function
	 * returned: what follows is the next one's or the IPI's return) ...
	 */
	if (tl_is_work_end(c->last_kind) || (c->last_kind == RTW_EV_CSD_EXIT && top->csd_done))
		return true;
	/* ... or had not begun: from the interrupt's own entry to its first traced work */
	return c->last_kind == top->source &&
	       (tl_is_work_start(e->kind) || (e->kind == RTW_EV_CSD_ENTRY && tl_csd_frame(top)));
}

void timeline_softirq_name(char *buf, size_t len, const char *vec)
{
	snprintf(buf, len, "softirq:%.23s", vec);
}

/* tl_tick_seen - A tick of @c's at @ts_ns: kept in its ring of last ticks. */
static void tl_tick_seen(struct tl_cpu *c, uint64_t ts_ns)
{
	c->tick_ts[c->nr_ticks++ % TL_TICK_KEEP] = ts_ns;
}

/*
 * tl_tick_due - The tick @c had due at @start_ns or after, from its last ticks; 0 if they
 * show no grid. The tick timer expires on a grid (tick_sched_timer forwards by the period)
 * and its interrupt comes late, never early; a stalled CPU takes some ticks milliseconds
 * late. The grid is the phase (a tick's, modulo the period) that the most ticks come within
 * an eighth of a period after, at least half of them; of equal ones the earliest. A tick due
 * before @start_ns and not taken since, the one before it taken, on a CPU that ran tasks
 * then, is still due: its time, before @start_ns, is returned. (A CPU that was idle then may
 * have stopped its tick, leaving idle restarts it on the next grid point; nohz_full stops
 * it on a busy CPU.)
 */
static uint64_t tl_tick_due(const struct tl_cpu *c, uint64_t start_ns, uint64_t tick_ns)
{
	int n = c->nr_ticks < TL_TICK_KEEP ? c->nr_ticks : TL_TICK_KEEP, i, j, best = 0;
	uint64_t tol = tick_ns / 8, ref = 0, grid = 0, late = 0, due;

	for (i = 0; i < n; i++)
		if (c->tick_ts[i] > ref && c->tick_ts[i] <= start_ns)
			ref = c->tick_ts[i];
	if (!ref)
		return 0;
	for (i = 0; i < n; i++) {
		uint64_t pi = (ref - c->tick_ts[i]) % tick_ns, sum = 0;
		int hits = 0;

		if (c->tick_ts[i] > start_ns)
			continue;
		for (j = 0; j < n; j++) {
			/* how late tick j is on the grid through tick i */
			uint64_t d = (pi + tick_ns - (ref - c->tick_ts[j]) % tick_ns) % tick_ns;

			if (c->tick_ts[j] > start_ns || d > tol)
				continue;
			hits++;
			sum += d;
		}
		if (hits > best || (hits == best && sum > late)) {
			best = hits;
			late = sum;
			grid = c->tick_ts[i];
		}
	}
	if (best * 2 < n || best < 2)
		return 0;
	due = grid + (start_ns - grid) / tick_ns * tick_ns;
	/* pending: the tick before it taken (the tick ran; nohz_full stops it), it not yet */
	if (ref >= due || ref + tick_ns < due || !c->busy_ns || c->busy_ns > due)
		due += tick_ns;
	return due;
}

/*
 * tl_emit_stretch - Emit @c's stretch from its last event to the next one. In a task or a
 * softirq, a ticking CPU takes the tick due after @start (or due before it and not yet
 * taken): a silence that runs past it (and its slack) had no tick in it although one was
 * due, so the CPU was not running this system or had interrupts off; the task (softirq)
 * keeps the time up to the due tick, the rest is a gap.
 */
static int tl_emit_stretch(struct tl_cpu *c, int cpu, uint64_t start, uint64_t end,
			   uint64_t tick_ns)
{
	uint64_t due;
	int ret;

	/* a softirq runs with interrupts on (in a task on PREEMPT_RT): its due tick comes too */
	if ((c->depth && c->stack[c->depth - 1].ctx != TL_SOFTIRQ) || c->pid == 0 || !tick_ns ||
	    c->irq_gap || c->glue_gap || end - start <= tick_slack_ns(tick_ns))
		return tl_emit(c, cpu, start, end);
	due = tl_tick_due(c, start, tick_ns);
	if (!due || end <= due + tick_slack_ns(tick_ns))
		return tl_emit(c, cpu, start, end);
	if (due > start) {
		c->silent_head = 1;
		ret = tl_emit(c, cpu, start, due);
		c->silent_head = 0;
		if (ret)
			return ret;
	} else { /* a tick pending at the start: all of it is the gap */
		due = start;
	}
	c->tick_gap = 1;
	ret = tl_emit(c, cpu, due, end);
	c->tick_gap = 0;
	return ret;
}

/* Split task runs of a ticking CPU that are longer than a tick: the rest was invisible. */
static int tl_cut_gaps(struct tl_cpu *c, uint64_t tick_ns)
{
	uint64_t limit = tick_ns + tick_slack_ns(tick_ns);
	size_t i;

	if (!tick_ns || c->nr_ticks < 2)
		return 0;
	for (i = 0; i < c->nr; i++) {
		struct tl_segment *s = &c->seg[i];
		struct tl_segment gap;

		if (s->ctx != TL_TASK || s->end_ns - s->start_ns <= limit)
			continue;
		gap = *s;
		gap.ctx = TL_GAP;
		gap.start_ns = s->start_ns + tick_ns;
		s->end_ns = gap.start_ns;
		/* one silent stretch: its first tick is the task's only by inference */
		s->silent_head |= s->one_stretch;
		if (c->nr == c->cap) {
			size_t cap = c->cap * 2;
			struct tl_segment *seg = realloc(c->seg, cap * sizeof(*seg));

			if (!seg)
				return -ENOMEM;
			c->seg = seg;
			c->cap = cap;
			s = &c->seg[i];
		}
		memmove(&c->seg[i + 2], &c->seg[i + 1], (c->nr - i - 1) * sizeof(*c->seg));
		c->seg[i + 1] = gap;
		c->nr++;
		i++;
	}
	return 0;
}

/*
 * Would the interrupt's return that began @s (need-resched set, no preempt count) have
 * switched its task? On every kernel when it returned to user space; into kernel code only on
 * a kernel that preempts it (full, lazy, rt): preempt=none and voluntary run kernel code on
 * to its next preemption point or its return to user space (a page allocation loop, a
 * syscall of milliseconds). Where no stack record says which, a kernel thread was in kernel
 * code; a user task is taken as in user space, where a busy loop spends its time.
 */
static bool tl_return_switches(const struct tl_segment *s, int preempt)
{
	if (s->code == TL_CODE_USER || util_preempt_kernel_code(preempt))
		return true;
	return s->code != TL_CODE_KERNEL && !event_comm_is_kthread(s->comm);
}

/* a softirq thread's own softirq ends: it switches there (event_comm_is_softirq_thread()) */
static bool tl_softirq_thread_exit(const struct tl_cpu *c, const struct rtw_event *e)
{
	return e->kind == RTW_EV_SOFTIRQ_EXIT && c->depth == 1 && c->stack[0].ctx == TL_SOFTIRQ &&
	       !c->stack[0].from_irq && event_comm_is_softirq_thread(c->comm);
}

/*
 * tl_resched_stalls - A task's silence from an interrupt's return with TIF_NEED_RESCHED set
 * (tl_segment.resched_return) to the next interrupt, right after whose exit the task is
 * switched out (its return path only, at most TL_IRQ_GAP_NS, between them), is no run of
 * the task's: a gap. Every kernel switches a task that returns to user space with
 * need-resched set at that return, and a preemptible one also in kernel code with no
 * preempt count: the first return would have switched it. Kernel code that cannot be
 * preempted may run on silently, but then its end, where it switches, falls anywhere, not
 * at the next interrupt's exit; the switch there is the CPU going on where the first return
 * had stopped (the host did not run the vCPU), or interrupts that were off until then.
 * So only where the first return would have switched (tl_return_switches()). A silence that
 * ends with the task's switch-out itself is the return's own switch, late: a gap where that
 * return switches whatever the code (a preemptible kernel, or user space by a stack record).
 */
static void tl_resched_stalls(struct tl_cpu *c, int preempt)
{
	size_t i, k;

	for (i = 0; i < c->nr; i++) {
		struct tl_segment *s = &c->seg[i];
		uint64_t ret_ns = 0;
		bool irq = false;

		if (s->ctx != TL_TASK || !s->resched_return ||
		    s->end_ns - s->start_ns < TL_IRQ_GAP_NS || !tl_return_switches(s, preempt))
			continue;
		/*
		 * switched out at the end of the silence itself: where that return switches
		 * whatever code the task was in (a preemptible kernel: irqentry_exit() calls
		 * preempt_schedule_irq(); user space, as a stack record in the interrupt shows),
		 * the switch was due microseconds after it, not a silence later (a 6.12
		 * preempt=full lab spike: 4 ms from the tick's exit, need-resched set, to the
		 * busy loop's switch-out, no event between)
		 */
		k = i + 1;
		if (k < c->nr && c->seg[k].start_ns == s->end_ns && c->seg[k].pid != s->pid &&
		    (c->seg[k].ctx == TL_TASK || c->seg[k].ctx == TL_IDLE) &&
		    (util_preempt_kernel_code(preempt) || s->code == TL_CODE_USER)) {
			s->ctx = TL_GAP;
			s->resched_gap = 2;
			continue;
		}
		for (k = i + 1; k < c->nr; k++) {
			const struct tl_segment *t = &c->seg[k];

			if (t->ctx == TL_HARDIRQ || (t->ctx == TL_SOFTIRQ && t->from_irq)) {
				/* no schedule() in the silence: need-resched still set at its end */
				if (!irq && !c->seg[k - 1].end_resched)
					break;
				irq = true;
				continue;
			}
			if (t->ctx == TL_GAP && t->pid == s->pid)
				continue;
			/*
			 * back on the task after the interrupt: its return path, not a run; a
			 * softirq thread's own softirqs then too (tl_softirq_thread_exit(), event.h)
			 */
			if (irq && t->pid == s->pid &&
			    ((t->ctx == TL_TASK && t->resched_return) ||
			     (t->ctx == TL_SOFTIRQ && event_comm_is_softirq_thread(s->comm))) &&
			    (ret_ns += t->end_ns - t->start_ns) <= TL_IRQ_GAP_NS)
				continue;
			break;
		}
		if (irq && k < c->nr && c->seg[k].pid != s->pid &&
		    (c->seg[k].ctx == TL_TASK || c->seg[k].ctx == TL_IDLE)) {
			s->ctx = TL_GAP;
			s->resched_gap = 1;
		}
	}
}

int timeline_build(struct timeline *tl, const struct rtw_event *ev, size_t n, uint64_t end_ns)
{
	return timeline_build_from(tl, ev, n, 0, end_ns, 0, UTIL_PREEMPT_UNKNOWN);
}

/* tl_first - a CPU's first event (or first after lost ones): who ran, which interrupt is open. */
static int tl_first(struct tl_cpu *c, const struct rtw_event *e, uint64_t start_ns)
{
	c->seen = true;
	c->last_ns = e->ts_ns;
	c->pid = e->kind == RTW_EV_SWITCH ? e->u.sw.prev_pid : e->pid;
	memcpy(c->comm, e->kind == RTW_EV_SWITCH ? e->u.sw.prev_comm : e->comm, sizeof(c->comm));
	c->busy_ns = c->pid ? e->ts_ns : 0;
	/* recording ran since @start_ns and nothing was lost: the task the first
	 * event shows was there all along (an interrupt it is in began later) */
	if (start_ns && start_ns < e->ts_ns && !c->lost && tl_emit(c, e->cpu, start_ns, e->ts_ns))
		return -ENOMEM;
	/* the first event is inside an interrupt it did not open: open it */
	if ((e->flags & RTW_F_SOFTIRQ) && e->kind != RTW_EV_SOFTIRQ_ENTRY)
		tl_push(c, TL_SOFTIRQ, RTW_EV_SOFTIRQ_ENTRY, -1, "softirq");
	if ((e->flags & RTW_F_HARDIRQ) && e->kind != RTW_EV_IRQ_ENTRY &&
	    e->kind != RTW_EV_VECTOR_ENTRY && e->kind != RTW_EV_HRTIMER_ENTRY)
		tl_push(c, TL_HARDIRQ, RTW_EV_IRQ_ENTRY, TL_IRQ_UNKNOWN, "irq");
	return 0;
}

/*
 * Is @c back in a task's own context: no frame open, or a softirq run in the task's context
 * (local_bh_enable(), an IRQ thread, ksoftirqd; every softirq on PREEMPT_RT), which PREEMPT_RT
 * runs preemptible (a local lock, no preempt count), not one run at a hard IRQ's exit?
 */
static bool tl_task_context(const struct tl_cpu *c)
{
	const struct tl_frame *top = c->depth ? &c->stack[c->depth - 1] : NULL;

	return !top || (top->ctx == TL_SOFTIRQ && !top->from_irq);
}

/*
 * tl_on_return - Is @c still on an interrupt's return path after @e: @exit, an exit that
 * returns to @ctx (no preempt count), or, when @was, an IRQs-off event there before a switch.
 */
static uint8_t tl_on_return(uint8_t was, const struct rtw_event *e, bool exit, bool ctx)
{
	if (exit && ctx)
		return !e->preempt;
	return was && ctx && e->kind != RTW_EV_SWITCH && (e->flags & RTW_F_IRQS_OFF);
}

/* tl_event - one event of a CPU: the segment it ends, the state it leaves (@tick_ns: 0 unknown). */
static int tl_event(struct tl_cpu *c, const struct rtw_event *e, uint64_t start_ns,
		    uint64_t tick_ns)
{
	/* the exit of a softirq that irq_exit() ran: still that interrupt's return */
	const bool soft_ret =
		(e->kind == RTW_EV_SOFTIRQ_EXIT && c->depth &&
		 c->stack[c->depth - 1].ctx == TL_SOFTIRQ && c->stack[c->depth - 1].from_irq) ||
		tl_softirq_thread_exit(c, e);
	bool idle, hard_exit;

	if (!c->seen && tl_first(c, e, start_ns))
		return -ENOMEM;
	c->glue_gap = e->ts_ns > c->last_ns && tl_glue_gap(c, e);
	c->irq_gap = !c->glue_gap && e->ts_ns > c->last_ns && tl_irq_gap(c, e);
	c->next_resched = !!(e->flags & RTW_F_NEED_RESCHED);
	if (e->ts_ns > c->last_ns && tl_emit_stretch(c, e->cpu, c->last_ns, e->ts_ns, tick_ns))
		return -ENOMEM;
	c->irq_gap = 0;
	c->glue_gap = 0;
	if (e->ts_ns > c->last_ns)
		c->last_ns = e->ts_ns;
	c->resched = e->flags & RTW_F_ANY_RESCHED;
	if (e->kind != RTW_EV_IRQ_EXIT && e->kind != RTW_EV_VECTOR_EXIT &&
	    e->kind != RTW_EV_SOFTIRQ_EXIT && e->kind != RTW_EV_HRTIMER_EXIT)
		tl_repair(c, e->flags);
	idle = c->pid == 0;
	/* a switch we did not see: trust common_pid of a task-context event */
	if (e->kind != RTW_EV_SWITCH && !c->depth && e->pid != c->pid &&
	    !(e->flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ | RTW_F_NMI))) {
		c->pid = e->pid;
		memcpy(c->comm, e->comm, sizeof(c->comm));
	}
	if (e->kind == RTW_EV_HRTIMER_ENTRY && event_is_tick_function(e->u.hrt.function))
		tl_tick_seen(c, e->ts_ns);
	if (!c->depth && (e->kind == RTW_EV_IRQ_ENTRY || e->kind == RTW_EV_VECTOR_ENTRY))
		c->irq_on_return = c->resched_return;
	tl_apply(c, e);
	if (!c->pid)
		c->busy_ns = 0;
	else if (idle)
		c->busy_ns = e->ts_ns;
	/*
	 * back in task context from an interrupt, need-resched set, preemption on. The
	 * events with interrupts still off right after that exit are its return path too
	 * (irq_exit()'s own wakeups: ktimers/N, ksoftirqd/N): a need-resched one of them
	 * sets is taken at the same return (irqentry_exit()).
	 */
	hard_exit = e->kind == RTW_EV_IRQ_EXIT || e->kind == RTW_EV_VECTOR_EXIT;
	c->exit_path = tl_on_return(c->exit_path, e, hard_exit, tl_task_context(c));
	c->preempt_exit = c->exit_path && (e->flags & RTW_F_NEED_RESCHED);
	c->ret_path = tl_on_return(c->ret_path, e, hard_exit || soft_ret, !c->depth);
	/*
	 * An interrupt that came inside that return's own schedule() (preempt_schedule_irq()
	 * and schedule() raise the count to 1 with interrupts on): its exit, preempt count 1,
	 * is the same return, which goes on to switch.
	 */
	if (hard_exit && !c->depth && c->irq_on_return && e->preempt == 1)
		c->ret_path = 1;
	c->resched_return = c->ret_path && (e->flags & RTW_F_NEED_RESCHED);
	c->last_flags = e->flags;
	c->last_kind = e->kind;
	return 0;
}

/*
 * tl_collect - the CPUs' segments into @tl, CPU after CPU, with their tasks' prio and comm. The
 * first CPU's array becomes @tl's (grown to @total), the others are appended and freed one by one:
 * at most one CPU's array is held twice.
 */
static int tl_collect(struct timeline *tl, struct tl_cpu *cpus, int nr_cpus,
		      const struct pidmap *tasks, size_t total)
{
	size_t i, k;

	tl->nr_cpus = nr_cpus;
	tl->cpu_first = calloc((size_t)nr_cpus, sizeof(*tl->cpu_first));
	tl->cpu_count = calloc((size_t)nr_cpus, sizeof(*tl->cpu_count));
	tl->cpu_start_ns = calloc((size_t)nr_cpus, sizeof(*tl->cpu_start_ns));
	if (!tl->cpu_first || !tl->cpu_count || !tl->cpu_start_ns)
		return -ENOMEM;
	for (i = 0; i < (size_t)nr_cpus && !cpus[i].nr; i++)
		;
	if (i < (size_t)nr_cpus) { /* it has segments: total > 0 */
		tl->seg = realloc(cpus[i].seg, total * sizeof(*tl->seg));
		if (tl->seg)
			cpus[i].seg = NULL;
	} else {
		tl->seg = malloc(sizeof(*tl->seg));
	}
	if (!tl->seg)
		return -ENOMEM;
	for (i = 0; i < (size_t)nr_cpus; i++) {
		struct tl_cpu *c = &cpus[i];

		tl->cpu_first[i] = tl->nr_seg;
		tl->cpu_count[i] = c->nr;
		if (c->seg && c->nr) /* NULL: the first CPU's, already in place */
			memcpy(&tl->seg[tl->nr_seg], c->seg, c->nr * sizeof(*c->seg));
		tl->cpu_start_ns[i] = c->nr ? tl->seg[tl->nr_seg].start_ns : 0;
		free(c->seg);
		c->seg = NULL;
		tl->nr_seg += c->nr;
	}
	for (k = 0; k < tl->nr_seg; k++) {
		struct tl_segment *s = &tl->seg[k];
		const struct pidmap_task *task = pidmap_find(tasks, s->pid);

		if (task) {
			s->prio = task->prio == PIDMAP_PRIO_UNKNOWN ? TL_PRIO_UNKNOWN : task->prio;
			if (task->comm[0])
				memcpy(s->comm, task->comm, sizeof(s->comm));
		}
	}
	tl->cap = total;
	return 0;
}

int timeline_build_from(struct timeline *tl, const struct rtw_event *ev, size_t n,
			uint64_t start_ns, uint64_t end_ns, uint64_t tick_ns, int preempt)
{
	struct pidmap tasks;
	struct tl_cpu *cpus;
	int nr_cpus = 0, ret = -ENOMEM;
	size_t i, total = 0;
	bool timer_cbs = false;

	memset(tl, 0, sizeof(*tl));
	if (!n)
		return -ENODATA;
	for (i = 0; i < n; i++) {
		if (ev[i].cpu >= nr_cpus && ev[i].cpu < RTW_MAX_CPUS)
			nr_cpus = ev[i].cpu + 1;
		timer_cbs |= ev[i].kind == RTW_EV_TIMER_ENTRY || ev[i].kind == RTW_EV_TIMER_EXIT;
	}
	if (!nr_cpus)
		return -ENODATA;
	if (!end_ns || end_ns < ev[n - 1].ts_ns)
		end_ns = ev[n - 1].ts_ns;
	cpus = calloc((size_t)nr_cpus, sizeof(*cpus));
	if (!cpus)
		return -ENOMEM;
	if (pidmap_init(&tasks)) {
		free(cpus);
		return -ENOMEM;
	}
	for (i = 0; i < (size_t)nr_cpus; i++)
		cpus[i].timer_cbs = timer_cbs;
	tl->tick_ns = tick_ns ? tick_ns : tick_estimate_ns(ev, n);
	tl->start_ns = ev[0].ts_ns;
	tl->end_ns = end_ns;

	for (i = 0; i < n; i++) {
		const struct rtw_event *e = &ev[i];
		struct tl_cpu *c;

		if (e->cpu < 0 || e->cpu >= nr_cpus)
			continue;
		c = &cpus[e->cpu];
		pidmap_learn(&tasks, e);
		if (e->kind == RTW_EV_LOST) {
			c->lost = true;
			/* what ran before is unknown: restart this CPU's state */
			c->seen = false;
			c->depth = 0;
			continue;
		}
		if (tl_event(c, e, start_ns, tl->tick_ns))
			goto out;
	}
	for (i = 0; i < (size_t)nr_cpus; i++) {
		struct tl_cpu *c = &cpus[i];

		if (c->seen && tl_emit_stretch(c, (int)i, c->last_ns, end_ns, tl->tick_ns))
			goto out;
		if (tl_cut_gaps(c, tl->tick_ns))
			goto out;
		tl_resched_stalls(c, preempt);
		total += c->nr;
	}

	if (tl_collect(tl, cpus, nr_cpus, &tasks, total))
		goto out;
	ret = 0;
out:
	for (i = 0; i < (size_t)nr_cpus; i++)
		free(cpus[i].seg);
	free(cpus);
	pidmap_free(&tasks);
	if (ret)
		timeline_free(tl);
	return ret;
}

void timeline_free(struct timeline *tl)
{
	free(tl->seg);
	free(tl->cpu_first);
	free(tl->cpu_count);
	free(tl->cpu_start_ns);
	memset(tl, 0, sizeof(*tl));
}

uint64_t timeline_walk(const struct timeline *tl, int cpu, uint64_t from_ns, uint64_t to_ns,
		       void (*fn)(const struct tl_segment *seg, uint64_t at_ns, uint64_t ns,
				  void *arg),
		       void *arg)
{
	struct tl_segment unknown = {
		.cpu = cpu, .ctx = TL_GAP, .pid = -1, .irq = -1, .prio = TL_PRIO_UNKNOWN
	};
	const struct tl_segment *seg;
	size_t lo, hi, count;
	uint64_t total = 0, at = from_ns;

	if (to_ns <= from_ns)
		return 0;
	if (cpu < 0 || cpu >= tl->nr_cpus || !tl->cpu_count[cpu]) {
		unknown.start_ns = from_ns;
		unknown.end_ns = to_ns;
		fn(&unknown, from_ns, to_ns - from_ns, arg);
		return to_ns - from_ns;
	}
	seg = tl->seg + tl->cpu_first[cpu];
	count = tl->cpu_count[cpu];
	/* first segment ending after from_ns */
	lo = 0;
	hi = count;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (seg[mid].end_ns <= from_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < count && at < to_ns; lo++) {
		const struct tl_segment *s = &seg[lo];
		uint64_t a = s->start_ns > at ? s->start_ns : at;
		uint64_t b = s->end_ns < to_ns ? s->end_ns : to_ns;

		if (s->start_ns > at) { /* a hole: before the first event, or after a loss */
			uint64_t hole_end = s->start_ns < to_ns ? s->start_ns : to_ns;

			unknown.start_ns = at;
			unknown.end_ns = hole_end;
			fn(&unknown, at, hole_end - at, arg);
			total += hole_end - at;
			at = hole_end;
		}
		if (b > a) {
			fn(s, a, b - a, arg);
			total += b - a;
			at = b;
		}
	}
	if (at < to_ns) {
		unknown.start_ns = at;
		unknown.end_ns = to_ns;
		fn(&unknown, at, to_ns - at, arg);
		total += to_ns - at;
	}
	return total;
}
