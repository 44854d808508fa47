// SPDX-License-Identifier: GPL-2.0-only
/*
 * event - trace flag decoding per kernel version, and the names the
 * kernel uses for event kinds, softirqs and tick timers.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/event.h"
#include "analysis/util.h"

enum event_flag_layout event_flag_layout_for(int major, int minor)
{
	/* "tracing: Record task flag NEED_RESCHED_LAZY" (v6.13) reused bit 0x02 */
	if (major > 6 || (major == 6 && minor >= 13))
		return EVENT_FLAGS_6_13;
	return EVENT_FLAGS_PRE_6_13;
}

static bool event_version_before(int major, int minor, int vmajor, int vminor)
{
	return major < vmajor || (major == vmajor && minor < vminor);
}

enum event_flag_layout event_flag_layout_detect(int major, int minor, int rt, bool lazy_count)
{
	/*
	 * Before 5.17 bit 0x80 is unused on mainline and the -rt lazy bit: both read so.
	 * From 5.17 0x80 is TRACE_FLAG_BH_OFF and the -rt lazy patch shares 0x20.
	 */
	if (major > 0 && event_version_before(major, minor, 5, 17))
		return EVENT_FLAGS_RT_LAZY_OLD;
	if (lazy_count)
		return EVENT_FLAGS_RT_LAZY;
	if (major <= 0)
		return EVENT_FLAGS_6_13;
	if (rt > 0 && !event_version_before(major, minor, 6, 6) &&
	    event_version_before(major, minor, 6, 12))
		return EVENT_FLAGS_RT_AUTO; /* PREEMPT_AUTO replaced the lazy patch */
	if (rt > 0 && !event_version_before(major, minor, 6, 12))
		return EVENT_FLAGS_6_13; /* 6.12-rt carried the 6.13 flag patch */
	return event_flag_layout_for(major, minor);
}

enum event_flag_layout event_flag_layout_refine(enum event_flag_layout layout, bool lazy_count)
{
	if (!lazy_count || layout == EVENT_FLAGS_RT_LAZY_OLD)
		return layout;
	return EVENT_FLAGS_RT_LAZY;
}

/* per layout: the raw bit of NEED_RESCHED, NEED_RESCHED_LAZY, PREEMPT_RESCHED, BH_OFF */
static const struct {
	uint8_t nr, lazy, pr, bh;
} event_flag_bits[] = {
	[EVENT_FLAGS_PRE_6_13] = { 0x04, 0x00, 0x20, 0x80 },
	[EVENT_FLAGS_6_13] = { 0x04, 0x02, 0x20, 0x80 },
	[EVENT_FLAGS_RT_LAZY_OLD] = { 0x04, 0x80, 0x20, 0x00 },
	[EVENT_FLAGS_RT_LAZY] = { 0x04, 0x20, 0x00, 0x80 },
	[EVENT_FLAGS_RT_AUTO] = { 0x02, 0x04, 0x20, 0x80 },
};

uint8_t event_flags_from_raw(unsigned int raw, enum event_flag_layout layout)
{
	unsigned int l =
		(unsigned int)layout < ARRAY_SIZE(event_flag_bits) ? (unsigned int)layout : 0;
	uint8_t f = 0;

	if (raw & 0x01)
		f |= RTW_F_IRQS_OFF;
	if (raw & event_flag_bits[l].nr)
		f |= RTW_F_NEED_RESCHED;
	if (raw & event_flag_bits[l].lazy)
		f |= RTW_F_NEED_RESCHED_LAZY;
	if (raw & event_flag_bits[l].pr)
		f |= RTW_F_PREEMPT_RESCHED;
	if (raw & 0x08)
		f |= RTW_F_HARDIRQ;
	if (raw & 0x10)
		f |= RTW_F_SOFTIRQ;
	if (raw & 0x40)
		f |= RTW_F_NMI;
	if (raw & event_flag_bits[l].bh)
		f |= RTW_F_BH_OFF;
	return f;
}

unsigned int event_flags_to_raw(uint8_t flags, enum event_flag_layout layout)
{
	unsigned int l =
		(unsigned int)layout < ARRAY_SIZE(event_flag_bits) ? (unsigned int)layout : 0;
	unsigned int raw = 0;

	if (flags & RTW_F_IRQS_OFF)
		raw |= 0x01;
	if (flags & RTW_F_NEED_RESCHED)
		raw |= event_flag_bits[l].nr;
	if (flags & RTW_F_NEED_RESCHED_LAZY)
		raw |= event_flag_bits[l].lazy;
	if (flags & RTW_F_PREEMPT_RESCHED)
		raw |= event_flag_bits[l].pr;
	if (flags & RTW_F_HARDIRQ)
		raw |= 0x08;
	if (flags & RTW_F_SOFTIRQ)
		raw |= 0x10;
	if (flags & RTW_F_NMI)
		raw |= 0x40;
	if (flags & RTW_F_BH_OFF)
		raw |= event_flag_bits[l].bh;
	return raw;
}

/* ---- the text's flag columns ------------------------------------------------------------ */

int event_col_of_legend(const char *name, size_t len)
{
	static const struct {
		const char *name;
		int col;
	} legend[] = {
		{ "irqs-off/BH-disabled", EVENT_COL_IRQS },
		{ "irqs-off", EVENT_COL_IRQS },
		{ "need-resched", EVENT_COL_RESCHED },
		{ "need-resched-lazy", EVENT_COL_LAZY },
		{ "need-resched_lazy", EVENT_COL_LAZY },
		{ "hardirq/softirq", EVENT_COL_IRQCTX },
		{ "preempt-depth", EVENT_COL_PREEMPT },
		{ "preempt-lazy-depth", EVENT_COL_LAZY_DEPTH },
		{ "migrate-disable", EVENT_COL_MIGRATE },
		{ "CPU#", -1 },
	};
	size_t i;

	while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
		len--;
	for (i = 0; i < ARRAY_SIZE(legend); i++)
		if (strlen(legend[i].name) == len && !memcmp(legend[i].name, name, len))
			return legend[i].col;
	return EVENT_COL_SKIP;
}

void event_cols_for_width(int width, struct event_cols *c)
{
	static const uint8_t four[] = { EVENT_COL_IRQS, EVENT_COL_RESCHED, EVENT_COL_IRQCTX,
					EVENT_COL_PREEMPT };
	static const uint8_t seven[] = { EVENT_COL_IRQS,   EVENT_COL_RESCHED, EVENT_COL_LAZY,
					 EVENT_COL_IRQCTX, EVENT_COL_PREEMPT, EVENT_COL_LAZY_DEPTH,
					 EVENT_COL_MIGRATE };
	int i;

	memset(c, 0, sizeof(*c));
	if (width < 0)
		width = 0;
	if (width > EVENT_MAX_COLS)
		width = EVENT_MAX_COLS;
	c->n = (uint8_t)width;
	if (width >= 7) {
		memcpy(c->col, seven, sizeof(seven));
	} else {
		for (i = 0; i < width && i < 4; i++)
			c->col[i] = four[i];
		if (width >= 5)
			c->col[4] = EVENT_COL_MIGRATE;
	}
}

bool event_cols_have_lazy(const struct event_cols *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (c->col[i] == EVENT_COL_LAZY)
			return true;
	return false;
}

static int event_hex_or_dot(char ch)
{
	if (ch == '.')
		return 0;
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

static int event_col_irqs(char ch, uint8_t *f)
{
	switch (ch) {
	case 'D':
		*f |= RTW_F_IRQS_OFF | RTW_F_BH_OFF;
		return 0;
	case 'd':
		*f |= RTW_F_IRQS_OFF;
		return 0;
	case 'b':
		*f |= RTW_F_BH_OFF;
		return 0;
	case 'X': /* irqs-off not supported (old kernels) */
	case '.':
		return 0;
	default:
		return -EINVAL;
	}
}

static int event_col_resched(char ch, uint8_t *f)
{
	switch (ch) {
	case 'B':
		*f |= RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED;
		return 0;
	case 'N':
		*f |= RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED;
		return 0;
	case 'L':
		*f |= RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED;
		return 0;
	case 'b':
		*f |= RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY;
		return 0;
	case 'n':
		*f |= RTW_F_NEED_RESCHED;
		return 0;
	case 'l':
		*f |= RTW_F_NEED_RESCHED_LAZY;
		return 0;
	case 'p':
		*f |= RTW_F_PREEMPT_RESCHED;
		return 0;
	case '.':
		return 0;
	default:
		return -EINVAL;
	}
}

static int event_col_irqctx(char ch, uint8_t *f)
{
	switch (ch) {
	case 'Z':
		*f |= RTW_F_NMI | RTW_F_HARDIRQ;
		return 0;
	case 'z':
		*f |= RTW_F_NMI;
		return 0;
	case 'H':
		*f |= RTW_F_HARDIRQ | RTW_F_SOFTIRQ;
		return 0;
	case 'h':
		*f |= RTW_F_HARDIRQ;
		return 0;
	case 's':
		*f |= RTW_F_SOFTIRQ;
		return 0;
	case '.':
		return 0;
	default:
		return -EINVAL;
	}
}

int event_flags_from_cols(const char *s, int len, const struct event_cols *c, uint8_t *flags,
			  uint8_t *preempt)
{
	uint8_t f = 0, pc = 0;
	bool irqs = false, resched = false, ctx = false, depth = false;
	int i, v;

	if (len != c->n || len < 4)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		switch (c->col[i]) {
		case EVENT_COL_IRQS:
			if (event_col_irqs(s[i], &f))
				return -EINVAL;
			irqs = true;
			break;
		case EVENT_COL_RESCHED:
			if (event_col_resched(s[i], &f))
				return -EINVAL;
			resched = true;
			break;
		case EVENT_COL_LAZY: /* the -rt lazy patch: 'L' is TIF_NEED_RESCHED_LAZY alone */
			if (s[i] == 'L')
				f |= RTW_F_NEED_RESCHED_LAZY;
			else if (s[i] != '.')
				return -EINVAL;
			break;
		case EVENT_COL_IRQCTX:
			if (event_col_irqctx(s[i], &f))
				return -EINVAL;
			ctx = true;
			break;
		case EVENT_COL_PREEMPT:
			v = event_hex_or_dot(s[i]);
			if (v < 0)
				return -EINVAL;
			pc = (uint8_t)v;
			depth = true;
			break;
		case EVENT_COL_LAZY_DEPTH:
		case EVENT_COL_MIGRATE:
			if (event_hex_or_dot(s[i]) < 0)
				return -EINVAL;
			break;
		default:
			if (s[i] == ' ')
				return -EINVAL;
			break;
		}
	}
	if (!irqs || !resched || !ctx || !depth)
		return -EINVAL;
	*flags = f;
	*preempt = pc;
	return 0;
}

int event_flags_from_letters(const char *s, int len, uint8_t *flags, uint8_t *preempt)
{
	struct event_cols c;

	if (len < 4 || len > EVENT_MAX_COLS)
		return -EINVAL;
	event_cols_for_width(len, &c);
	return event_flags_from_cols(s, len, &c, flags, preempt);
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

/* What live tracing enables comes first, in the order it is enabled. */
static const struct event_type event_table[] = {
	{ "sched", "sched_switch", NULL, RTW_EV_SWITCH, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "sched", "sched_waking", NULL, RTW_EV_WAKING, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "sched", "sched_wakeup", NULL, RTW_EV_WAKEUP, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "sched", "sched_migrate_task", NULL, RTW_EV_MIGRATE, EVENT_T_ENABLE },
	{ "sched", "sched_wakeup_new", NULL, RTW_EV_WAKEUP, 0 },
	/* priority inheritance boosts and deboosts: rare, cheap, and the only trace of a lock */
	{ "sched", "sched_pi_setprio", NULL, RTW_EV_PI_SETPRIO, EVENT_T_ENABLE },
	/* who stopped a thread (SIGSTOP ...) and who continued it (SIGCONT): rare, cheap */
	{ "signal", "signal_generate", NULL, RTW_EV_SIGNAL, EVENT_T_ENABLE },
	/* CPU hotplug's steps (what stopped the machine, which CPU went away): rare, cheap */
	{ "cpuhp", "cpuhp_enter", NULL, RTW_EV_CPUHP_ENTER, EVENT_T_ENABLE },
	{ "cpuhp", "cpuhp_multi_enter", NULL, RTW_EV_CPUHP_ENTER, EVENT_T_ENABLE },
	{ "cpuhp", "cpuhp_exit", NULL, RTW_EV_CPUHP_EXIT, EVENT_T_ENABLE },
	{ "irq", "irq_handler_entry", NULL, RTW_EV_IRQ_ENTRY, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "irq", "irq_handler_exit", NULL, RTW_EV_IRQ_EXIT, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "irq", "softirq_entry", NULL, RTW_EV_SOFTIRQ_ENTRY, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "irq", "softirq_exit", NULL, RTW_EV_SOFTIRQ_EXIT, EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "irq", "softirq_raise", NULL, RTW_EV_SOFTIRQ_RAISE, 0 },
	{ "timer", "hrtimer_expire_entry", NULL, RTW_EV_HRTIMER_ENTRY,
	  EVENT_T_ENABLE | EVENT_T_NEEDED },
	{ "timer", "hrtimer_expire_exit", NULL, RTW_EV_HRTIMER_EXIT,
	  EVENT_T_ENABLE | EVENT_T_NEEDED },
	/*
	 * The callbacks of the timer wheel (TIMER softirq) and of IPIs (csd, 6.4+): what is
	 * left of those is glue of microseconds, so a long silence there is a gap, not theirs
	 */
	{ "timer", "timer_expire_entry", NULL, RTW_EV_TIMER_ENTRY, EVENT_T_ENABLE },
	{ "timer", "timer_expire_exit", NULL, RTW_EV_TIMER_EXIT, EVENT_T_ENABLE },
	{ "csd", "csd_function_entry", NULL, RTW_EV_CSD_ENTRY, EVENT_T_ENABLE | EVENT_T_NEWER },
	{ "csd", "csd_function_exit", NULL, RTW_EV_CSD_EXIT, EVENT_T_ENABLE | EVENT_T_NEWER },
	/* read when a recording has them (trace-cmd -e timer): the thread's own deadline */
	{ "timer", "hrtimer_start", NULL, RTW_EV_HRTIMER_START, 0 },
	{ "timer", "hrtimer_init", NULL, RTW_EV_HRTIMER_INIT, 0 },
	{ "timer", "hrtimer_setup", NULL, RTW_EV_HRTIMER_INIT, 0 },
	/* x86 (arch/x86/include/asm/trace/irq_vectors.h): text has no system name, so only
	 * these count there (a bare "*_entry", like kvm_entry, is not a vector) */
	{ "irq_vectors", "local_timer_entry", NULL, RTW_EV_VECTOR_ENTRY, EVENT_T_ENABLE },
	{ "irq_vectors", "local_timer_exit", NULL, RTW_EV_VECTOR_EXIT, EVENT_T_ENABLE },
	{ "irq_vectors", "reschedule_entry", NULL, RTW_EV_VECTOR_ENTRY, EVENT_T_ENABLE },
	{ "irq_vectors", "reschedule_exit", NULL, RTW_EV_VECTOR_EXIT, EVENT_T_ENABLE },
	{ "irq_vectors", "call_function_entry", NULL, RTW_EV_VECTOR_ENTRY, EVENT_T_ENABLE },
	{ "irq_vectors", "call_function_exit", NULL, RTW_EV_VECTOR_EXIT, EVENT_T_ENABLE },
	{ "irq_vectors", "call_function_single_entry", NULL, RTW_EV_VECTOR_ENTRY, EVENT_T_ENABLE },
	{ "irq_vectors", "call_function_single_exit", NULL, RTW_EV_VECTOR_EXIT, EVENT_T_ENABLE },
	{ "irq_vectors", "irq_work_entry", NULL, RTW_EV_VECTOR_ENTRY, EVENT_T_ENABLE },
	{ "irq_vectors", "irq_work_exit", NULL, RTW_EV_VECTOR_EXIT, EVENT_T_ENABLE },
	{ "irq_vectors", "spurious_apic_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "spurious_apic_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "error_apic_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "error_apic_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "x86_platform_ipi_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "x86_platform_ipi_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "reboot_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "reboot_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "threshold_apic_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "threshold_apic_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "deferred_error_apic_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "deferred_error_apic_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "thermal_apic_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "thermal_apic_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "irq_vectors", "posted_msi_notification_entry", NULL, RTW_EV_VECTOR_ENTRY, 0 },
	{ "irq_vectors", "posted_msi_notification_exit", NULL, RTW_EV_VECTOR_EXIT, 0 },
	{ "nmi", "nmi_handler", NULL, RTW_EV_NMI, EVENT_T_ENABLE },
	{ "ipi", "ipi_send_cpu", NULL, RTW_EV_IPI, 0 },
	{ "ipi", "ipi_send_cpumask", NULL, RTW_EV_IPI, 0 },
	/* trace_marker writes: always recorded; the kernel's text names them by their writer */
	{ "ftrace", "print", "tracing_mark_write", RTW_EV_MARKER, EVENT_T_NEEDED },
	/* a stacktrace trigger's record (tsession.c sets it on the thread's sched_waking) */
	{ "ftrace", "kernel_stack", NULL, RTW_EV_STACK, 0 },
};

const struct event_type *event_types(size_t *n)
{
	*n = ARRAY_SIZE(event_table);
	return event_table;
}

size_t event_systems(const char **out, size_t max)
{
	size_t i, k, n = 0;

	for (i = 0; i < ARRAY_SIZE(event_table) && n < max; i++) {
		for (k = 0; k < n && strcmp(out[k], event_table[i].system); k++)
			;
		if (k == n)
			out[n++] = event_table[i].system;
	}
	return n;
}

static bool event_name_is(const char *s, const char *name, size_t len)
{
	return s && strlen(s) == len && !memcmp(s, name, len);
}

/* "local_timer" of "local_timer_entry", cut to fit */
static void event_vector_name(const char *name, size_t base, char *vector)
{
	if (base >= RTW_NAME_LEN)
		base = RTW_NAME_LEN - 1;
	memcpy(vector, name, base);
	vector[base] = '\0';
}

uint16_t event_kind_of(const char *system, const char *name, size_t len, char *vector)
{
	const struct event_type *t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(event_table); i++) {
		t = &event_table[i];
		if (system ? strcmp(system, t->system) || !event_name_is(t->name, name, len)
			   : !event_name_is(t->name, name, len) &&
				     !event_name_is(t->alias, name, len))
			continue;
		if (t->kind == RTW_EV_VECTOR_ENTRY || t->kind == RTW_EV_VECTOR_EXIT)
			event_vector_name(name, len - (t->kind == RTW_EV_VECTOR_ENTRY ? 6 : 5),
					  vector);
		return t->kind;
	}
	if (!system || strcmp(system, "irq_vectors") || (len >= 7 && !memcmp(name, "vector_", 7)))
		return RTW_EV_OTHER;
	if (len > 6 && !memcmp(name + len - 6, "_entry", 6)) {
		event_vector_name(name, len - 6, vector);
		return RTW_EV_VECTOR_ENTRY;
	}
	if (len > 5 && !memcmp(name + len - 5, "_exit", 5)) {
		event_vector_name(name, len - 5, vector);
		return RTW_EV_VECTOR_EXIT;
	}
	return RTW_EV_OTHER;
}

const char *event_kind_name(int kind)
{
	size_t i;

	if (kind == RTW_EV_OTHER)
		return "other";
	if (kind == RTW_EV_LOST)
		return "lost";
	if (kind == RTW_EV_STACK_FRAME)
		return "stack_frame";
	for (i = 0; i < ARRAY_SIZE(event_table); i++)
		if (event_table[i].kind == kind)
			return event_table[i].name;
	return "?";
}

const char *event_softirq_name(int vec)
{
	static const char *const names[RTW_NR_SOFTIRQS] = { "HI",      "TIMER", "NET_TX",
							    "NET_RX",  "BLOCK", "IRQ_POLL",
							    "TASKLET", "SCHED", "HRTIMER",
							    "RCU" };

	if (vec < 0 || vec >= RTW_NR_SOFTIRQS)
		return "?";
	return names[vec];
}

bool event_is_tick_function(const char *function)
{
	return !strcmp(function, "tick_nohz_handler") || !strcmp(function, "tick_sched_timer") ||
	       !strcmp(function, "tick_handle_periodic");
}

bool event_is_quick_callback(const char *function)
{
	static const char *const quick[] = {
		"hrtimer_wakeup", "process_timeout",	   "sched_ttwu_pending",
		"nohz_csd_func",  "delayed_work_timer_fn", "kthread_delayed_work_timer_fn",
		"it_real_fn",	  "posix_timer_fn",	   "timerfd_tmrproc",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(quick); i++)
		if (!strcmp(function, quick[i]))
			return true;
	return event_is_tick_function(function);
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

bool event_comm_is_percpu_kthread(const char *comm, char *base, size_t len)
{
	static const char *const bound[] = { "ksoftirqd", "ktimers",	 "rcuc",	"rcub",
					     "migration", "cpuhp",	 "idle_inject", "irq_work",
					     "watchdog",  "posixcputmr", "kworker" };
	const char *slash = strchr(comm, '/'), *p;
	size_t i, n;

	if (!slash || slash[1] < '0' || slash[1] > '9')
		return false; /* "kworker/u8:1" is unbound */
	n = (size_t)(slash - comm);
	for (i = 0; i < ARRAY_SIZE(bound); i++) {
		if (strlen(bound[i]) != n || memcmp(comm, bound[i], n))
			continue;
		for (p = slash + 1; *p >= '0' && *p <= '9'; p++)
			;
		/* "ksoftirqd/1"; a worker is "kworker/1:2", "kworker/1:2H", "kworker/1:0-events" */
		if (strcmp(bound[i], "kworker") ? *p != '\0' : *p != ':')
			return false;
		if (base && len)
			util_strlcpy(base, bound[i], len);
		return true;
	}
	return false;
}

bool event_comm_is_kthread(const char *comm)
{
	return event_irq_thread_number(comm) >= 0 || event_comm_is_percpu_kthread(comm, NULL, 0) ||
	       !strncmp(comm, "kworker/", 8);
}

bool event_comm_is_stopper(const char *comm)
{
	const char *p;

	if (strncmp(comm, "migration/", 10))
		return false;
	for (p = comm + 10; *p >= '0' && *p <= '9'; p++)
		;
	return p > comm + 10 && !*p;
}

int event_user_prio(int prio)
{
	if (prio < 0)
		return 0;
	if (prio < 100)
		return 99 - prio;
	return prio - 120;
}

bool event_frame_is_irq_entry(const char *fn)
{
	static const char *const prefix[] = {
		"asm_sysvec_",	    "asm_exc_",	     "asm_common_interrupt",
		"el1h_64_irq",	    "el1h_64_error", "el0t_64_irq",
		"el1_irq",	    "el0_irq",	     "apic_timer_interrupt",
		"common_interrupt", "ret_from_intr"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefix); i++)
		if (!strncmp(fn, prefix[i], strlen(prefix[i])))
			return true;
	return false;
}

bool event_comm_is_softirq_thread(const char *comm)
{
	char base[RTW_COMM_LEN];

	return event_comm_is_percpu_kthread(comm, base, sizeof(base)) &&
	       (!strcmp(base, "ksoftirqd") || !strcmp(base, "ktimers"));
}
