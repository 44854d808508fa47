// SPDX-License-Identifier: GPL-2.0-only
/*
 * event - trace flag decoding per kernel version, and the names the
 * kernel uses for event kinds, softirqs and tick timers.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/event.h"

enum event_flag_layout event_flag_layout_for(int major, int minor)
{
	/* "tracing: Record task flag NEED_RESCHED_LAZY" (v6.13) reused bit 0x02 */
	if (major > 6 || (major == 6 && minor >= 13))
		return EVENT_FLAGS_6_13;
	return EVENT_FLAGS_PRE_6_13;
}

uint8_t event_flags_from_raw(unsigned int raw, enum event_flag_layout layout)
{
	uint8_t f = 0;

	if (raw & 0x01)
		f |= RTW_F_IRQS_OFF;
	if ((raw & 0x02) && layout == EVENT_FLAGS_6_13)
		f |= RTW_F_NEED_RESCHED_LAZY;
	if (raw & 0x04)
		f |= RTW_F_NEED_RESCHED;
	if (raw & 0x08)
		f |= RTW_F_HARDIRQ;
	if (raw & 0x10)
		f |= RTW_F_SOFTIRQ;
	if (raw & 0x20)
		f |= RTW_F_PREEMPT_RESCHED;
	if (raw & 0x40)
		f |= RTW_F_NMI;
	if (raw & 0x80)
		f |= RTW_F_BH_OFF;
	return f;
}

int event_flags_from_letters(const char *s, int len, uint8_t *flags, uint8_t *preempt)
{
	uint8_t f = 0;

	if (len < 4)
		return -EINVAL;
	switch (s[0]) { /* irqs-off column */
	case 'D':
		f |= RTW_F_IRQS_OFF | RTW_F_BH_OFF;
		break;
	case 'd':
		f |= RTW_F_IRQS_OFF;
		break;
	case 'b':
		f |= RTW_F_BH_OFF;
		break;
	case 'X': /* irqs-off not supported (old kernels) */
	case '.':
		break;
	default:
		return -EINVAL;
	}
	switch (s[1]) { /* need-resched column */
	case 'B':
		f |= RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED;
		break;
	case 'N':
		f |= RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED;
		break;
	case 'L':
		f |= RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED;
		break;
	case 'b':
		f |= RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY;
		break;
	case 'n':
		f |= RTW_F_NEED_RESCHED;
		break;
	case 'l':
		f |= RTW_F_NEED_RESCHED_LAZY;
		break;
	case 'p':
		f |= RTW_F_PREEMPT_RESCHED;
		break;
	case '.':
		break;
	default:
		return -EINVAL;
	}
	switch (s[2]) { /* hardirq/softirq/NMI column */
	case 'Z':
		f |= RTW_F_NMI | RTW_F_HARDIRQ;
		break;
	case 'z':
		f |= RTW_F_NMI;
		break;
	case 'H':
		f |= RTW_F_HARDIRQ | RTW_F_SOFTIRQ;
		break;
	case 'h':
		f |= RTW_F_HARDIRQ;
		break;
	case 's':
		f |= RTW_F_SOFTIRQ;
		break;
	case '.':
		break;
	default:
		return -EINVAL;
	}
	if (s[3] == '.')
		*preempt = 0;
	else if (s[3] >= '0' && s[3] <= '9')
		*preempt = (uint8_t)(s[3] - '0');
	else if (s[3] >= 'a' && s[3] <= 'f')
		*preempt = (uint8_t)(s[3] - 'a' + 10);
	else
		return -EINVAL;
	*flags = f;
	return 0;
}

void event_flags_to_letters(uint8_t f, uint8_t preempt, char *buf)
{
	bool nr = f & RTW_F_NEED_RESCHED, lazy = f & RTW_F_NEED_RESCHED_LAZY;
	bool pr = f & RTW_F_PREEMPT_RESCHED;

	buf[0] = (f & RTW_F_IRQS_OFF) ? ((f & RTW_F_BH_OFF) ? 'D' : 'd')
				      : ((f & RTW_F_BH_OFF) ? 'b' : '.');
	if (nr && lazy && pr)
		buf[1] = 'B';
	else if (nr && pr)
		buf[1] = 'N';
	else if (lazy && pr)
		buf[1] = 'L';
	else if (nr && lazy)
		buf[1] = 'b';
	else if (nr)
		buf[1] = 'n';
	else if (lazy)
		buf[1] = 'l';
	else if (pr)
		buf[1] = 'p';
	else
		buf[1] = '.';
	if (f & RTW_F_NMI)
		buf[2] = (f & RTW_F_HARDIRQ) ? 'Z' : 'z';
	else if (f & RTW_F_HARDIRQ)
		buf[2] = (f & RTW_F_SOFTIRQ) ? 'H' : 'h';
	else
		buf[2] = (f & RTW_F_SOFTIRQ) ? 's' : '.';
	preempt &= 0xf;
	buf[3] = preempt ? (char)(preempt < 10 ? '0' + preempt : 'a' + preempt - 10) : '.';
	buf[4] = '.';
	buf[5] = '\0';
}

const char *event_kind_name(int kind)
{
	static const char *const names[RTW_EV_NR_KINDS] = {
		[RTW_EV_OTHER] = "other",
		[RTW_EV_SWITCH] = "sched_switch",
		[RTW_EV_WAKING] = "sched_waking",
		[RTW_EV_WAKEUP] = "sched_wakeup",
		[RTW_EV_MIGRATE] = "sched_migrate_task",
		[RTW_EV_IRQ_ENTRY] = "irq_handler_entry",
		[RTW_EV_IRQ_EXIT] = "irq_handler_exit",
		[RTW_EV_SOFTIRQ_ENTRY] = "softirq_entry",
		[RTW_EV_SOFTIRQ_EXIT] = "softirq_exit",
		[RTW_EV_SOFTIRQ_RAISE] = "softirq_raise",
		[RTW_EV_HRTIMER_ENTRY] = "hrtimer_expire_entry",
		[RTW_EV_HRTIMER_EXIT] = "hrtimer_expire_exit",
		[RTW_EV_VECTOR_ENTRY] = "vector_entry",
		[RTW_EV_VECTOR_EXIT] = "vector_exit",
		[RTW_EV_NMI] = "nmi_handler",
		[RTW_EV_IPI] = "ipi_send_cpu",
		[RTW_EV_MARKER] = "print",
		[RTW_EV_LOST] = "lost",
	};

	if (kind < 0 || kind >= RTW_EV_NR_KINDS || !names[kind])
		return "?";
	return names[kind];
}

const char *event_softirq_name(int vec)
{
	static const char *const names[] = { "HI",	 "TIMER",   "NET_TX", "NET_RX",	 "BLOCK",
					     "IRQ_POLL", "TASKLET", "SCHED",  "HRTIMER", "RCU" };

	if (vec < 0 || vec >= (int)(sizeof(names) / sizeof(names[0])))
		return "?";
	return names[vec];
}

bool event_is_tick_function(const char *function)
{
	return !strcmp(function, "tick_nohz_handler") || !strcmp(function, "tick_sched_timer") ||
	       !strcmp(function, "tick_handle_periodic");
}

int event_irq_thread_number(const char *comm)
{
	char *end;
	long irq;

	if (strncmp(comm, "irq/", 4) != 0)
		return -1;
	irq = strtol(comm + 4, &end, 10);
	if (end == comm + 4 || *end != '-' || irq < 0 || irq > 1 << 20)
		return -1;
	return (int)irq;
}

int event_user_prio(int prio)
{
	if (prio < 0)
		return 0;
	if (prio < 100)
		return 99 - prio;
	return prio - 120;
}
