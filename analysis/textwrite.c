// SPDX-License-Identifier: GPL-2.0-only
/*
 * textwrite - ftrace text lines with the kernel's print formats of each
 * event, so that any tool that reads a "trace" file reads ours.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/textwrite.h"
#include "analysis/util.h"

void textwrite_header(FILE *out, int nr_cpus, const char *clock)
{
	fprintf(out, "# tracer: nop\n#\n# rtwhy: clock %s\n", clock);
	fprintf(out, "# entries-in-buffer/entries-written: 0/0   #P:%d\n#\n", nr_cpus);
	fprintf(out, "#                                _-----=> irqs-off/BH-disabled\n"
		     "#                               / _----=> need-resched\n"
		     "#                              | / _---=> hardirq/softirq\n"
		     "#                              || / _--=> preempt-depth\n"
		     "#                              ||| / _-=> migrate-disable\n"
		     "#                              |||| /     delay\n"
		     "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		     "#              | |         |   |||||     |         |\n");
}

void textwrite_state(uint32_t state, char *buf)
{
	static const char letters[] = "SDTtXZPI";
	size_t n = 0;
	int i;

	if (state == 0) {
		strcpy(buf, "R");
		return;
	}
	if (state & 0x100) {
		strcpy(buf, "R+");
		return;
	}
	for (i = 0; i < 8; i++) {
		if (!(state & (1u << i)))
			continue;
		if (n)
			buf[n++] = '|';
		buf[n++] = letters[i];
	}
	buf[n] = '\0';
}

void textwrite_kernel(FILE *out, const char *release, const char *version, int hz, int32_t main_tid,
		      int preempt)
{
	if (release && release[0] && !strchr(release, ' '))
		fprintf(out, "# rtwhy: kernel %s %s\n", release, version ? version : "");
	if (hz > 0)
		fprintf(out, "# rtwhy: hz %d\n", hz);
	if (main_tid > 0)
		fprintf(out, "# rtwhy: main thread %d\n", (int)main_tid);
	if (preempt && preempt != UTIL_PREEMPT_NOT)
		fprintf(out, "# rtwhy: preempt %s\n", util_preempt_name(preempt));
}

void textwrite_deadline(FILE *out, int32_t pid, uint64_t runtime_ns, uint64_t deadline_ns,
			uint64_t period_ns)
{
	fprintf(out, "# rtwhy: deadline task %d runtime %llu deadline %llu period %llu\n", (int)pid,
		(unsigned long long)runtime_ns, (unsigned long long)deadline_ns,
		(unsigned long long)period_ns);
}

/* The payload of the events about tasks' priorities and signals, and CPU hotplug's steps. */
static bool textwrite_more(FILE *out, const struct rtw_event *e)
{
	switch (e->kind) {
	case RTW_EV_PI_SETPRIO:
		fprintf(out, "sched_pi_setprio: comm=%s pid=%d oldprio=%d newprio=%d\n",
			e->u.pi.comm, e->u.pi.pid, e->u.pi.oldprio, e->u.pi.newprio);
		break;
	case RTW_EV_SIGNAL:
		fprintf(out,
			"signal_generate: sig=%d errno=0 code=0 comm=%s pid=%d grp=%d res=%d\n",
			e->u.sig.sig, e->u.sig.comm, e->u.sig.pid, e->u.sig.group, e->u.sig.result);
		break;
	case RTW_EV_CPUHP_ENTER: /* the kernel's format (cpuhp_multi_enter's is the same) */
		fprintf(out, "cpuhp_enter: cpu: %04u target: %3d step: %3d (%s)\n",
			(unsigned int)e->u.hp.cpu, e->u.hp.target, e->u.hp.step, e->u.hp.fun);
		break;
	case RTW_EV_CPUHP_EXIT:
		fprintf(out, "cpuhp_exit:  cpu: %04u  state: %3d step: %3d ret: %d\n",
			(unsigned int)e->u.hp.cpu, e->u.hp.target, e->u.hp.step, e->u.hp.ret);
		break;
	case RTW_EV_TIMER_ENTRY: /* the kernel's formats, but for the timer wheel's now */
		fprintf(out, "timer_expire_entry: timer=%016llx function=%s now=0\n",
			(unsigned long long)e->u.cb.id, e->u.cb.function);
		break;
	case RTW_EV_TIMER_EXIT:
		fprintf(out, "timer_expire_exit: timer=%016llx\n", (unsigned long long)e->u.cb.id);
		break;
	case RTW_EV_CSD_ENTRY:
		fprintf(out, "csd_function_entry: func=%s, csd=%016llx\n", e->u.cb.function,
			(unsigned long long)e->u.cb.id);
		break;
	case RTW_EV_CSD_EXIT:
		fprintf(out, "csd_function_exit: func=%s, csd=%016llx\n", e->u.cb.function,
			(unsigned long long)e->u.cb.id);
		break;
	default:
		return false;
	}
	return true;
}

void textwrite_event(FILE *out, const struct rtw_event *e)
{
	char flags[8], state[16];
	const char *comm = e->pid == 0 ? "<idle>" : (e->comm[0] ? e->comm : "<...>");

	if (e->kind == RTW_EV_OTHER)
		return;
	if (e->kind == RTW_EV_STACK_FRAME) { /* the kernel's frame line: no context of its own */
		fprintf(out, " => %s\n", e->u.frame.name);
		return;
	}
	if (e->kind == RTW_EV_LOST) {
		fprintf(out, "CPU:%d [LOST %llu EVENTS]\n", e->cpu,
			(unsigned long long)e->u.lost.count);
		return;
	}
	event_flags_to_letters(e->flags, e->preempt, flags);
	fprintf(out, "%16s-%-7d [%03d] %s %5llu.%09llu: ", comm, e->pid, e->cpu, flags,
		(unsigned long long)(e->ts_ns / 1000000000ULL),
		(unsigned long long)(e->ts_ns % 1000000000ULL));
	if (textwrite_more(out, e))
		return;
	switch (e->kind) {
	case RTW_EV_SWITCH:
		textwrite_state(e->u.sw.prev_state, state);
		fprintf(out,
			"sched_switch: prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> "
			"next_comm=%s next_pid=%d next_prio=%d\n",
			e->u.sw.prev_comm, e->u.sw.prev_pid, e->u.sw.prev_prio, state,
			e->u.sw.next_comm, e->u.sw.next_pid, e->u.sw.next_prio);
		break;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		fprintf(out, "%s: comm=%s pid=%d prio=%d target_cpu=%03d\n",
			e->kind == RTW_EV_WAKING ? "sched_waking" : "sched_wakeup", e->u.wake.comm,
			e->u.wake.pid, e->u.wake.prio, e->u.wake.target_cpu);
		break;
	case RTW_EV_MIGRATE:
		fprintf(out, "sched_migrate_task: comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\n",
			e->u.mig.comm, e->u.mig.pid, e->u.mig.prio, e->u.mig.orig_cpu,
			e->u.mig.dest_cpu);
		break;
	case RTW_EV_IRQ_ENTRY:
		fprintf(out, "irq_handler_entry: irq=%d name=%s\n", e->u.irq.irq, e->u.irq.name);
		break;
	case RTW_EV_IRQ_EXIT:
		fprintf(out, "irq_handler_exit: irq=%d ret=%s\n", e->u.irq.irq,
			e->u.irq.ret ? "handled" : "unhandled");
		break;
	case RTW_EV_SOFTIRQ_ENTRY:
	case RTW_EV_SOFTIRQ_EXIT:
	case RTW_EV_SOFTIRQ_RAISE:
		fprintf(out, "%s: vec=%d [action=%s]\n", event_kind_name(e->kind), e->u.softirq.vec,
			event_softirq_name(e->u.softirq.vec));
		break;
	case RTW_EV_HRTIMER_ENTRY:
		fprintf(out, "hrtimer_expire_entry: hrtimer=%016llx function=%s now=%llu\n",
			(unsigned long long)e->u.hrt.timer, e->u.hrt.function,
			(unsigned long long)e->u.hrt.now_ns);
		break;
	case RTW_EV_HRTIMER_EXIT:
		fprintf(out, "hrtimer_expire_exit: hrtimer=%016llx\n",
			(unsigned long long)e->u.hrt.timer);
		break;
	case RTW_EV_HRTIMER_START: /* the kernel's words for the mode ("ABS|PINNED|HARD") */
		fprintf(out,
			"hrtimer_start: hrtimer=%016llx function=%s expires=%llu softexpires=%llu "
			"mode=%s%s%s%s\n",
			(unsigned long long)e->u.hrt.timer, e->u.hrt.function,
			(unsigned long long)e->u.hrt.expires_ns,
			(unsigned long long)e->u.hrt.softexpires_ns,
			e->u.hrt.mode & RTW_HRTIMER_REL ? "REL" : "ABS",
			e->u.hrt.mode & RTW_HRTIMER_PINNED ? "|PINNED" : "",
			e->u.hrt.mode & RTW_HRTIMER_SOFT ? "|SOFT" : "",
			e->u.hrt.mode & RTW_HRTIMER_HARD ? "|HARD" : "");
		break;
	case RTW_EV_VECTOR_ENTRY:
	case RTW_EV_VECTOR_EXIT:
		fprintf(out, "%s_%s: vector=%d\n", e->u.vec.name,
			e->kind == RTW_EV_VECTOR_ENTRY ? "entry" : "exit", e->u.vec.vector);
		break;
	case RTW_EV_NMI:
		fprintf(out, "nmi_handler: %s() delta_ns: %llu handled: 1\n", e->u.vec.name,
			(unsigned long long)e->u.vec.delta_ns);
		break;
	case RTW_EV_IPI:
		fprintf(out, "ipi_send_cpu: cpu=%d\n", e->u.vec.vector);
		break;
	case RTW_EV_MARKER:
		fprintf(out, "tracing_mark_write: %s\n", e->u.marker.text);
		break;
	case RTW_EV_STACK:
		fprintf(out, "<stack trace>\n");
		break;
	default:
		fprintf(out, "%s:\n", event_kind_name(e->kind));
		break;
	}
}
