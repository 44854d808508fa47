// SPDX-License-Identifier: GPL-2.0-only
/*
 * textread - ftrace text lines to events, by hand and in one pass (no
 * sscanf, no regex: a trace has millions of lines). A line is read from two
 * anchors: the timestamp, which is the first "TS: " whose TS is one, and
 * the event name right after it. What precedes the timestamp is the
 * context, read right to left (flags, CPU, TGID, comm-pid, instance
 * prefix); what follows the name is the payload, in the kernel's print
 * format (key=value), trace-cmd's plugin format or trace-cmd's raw format,
 * read by textpayload.c; textscan.h has the scanners both use.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/marker.h"
#include "analysis/pidmap.h"
#include "analysis/textpayload.h"
#include "analysis/textread.h"
#include "analysis/textscan.h"
#include "analysis/util.h"

#define TR_NAME_SLOTS 256 /* event name -> kind, power of two */
#define TR_NAME_MAX   48
#define TR_READ_SIZE  (1 << 20)

struct tr_name {
	uint8_t len; /* 0: empty slot */
	uint16_t kind;
	bool print; /* trace-cmd's "print": the payload starts with the writer's name */
	char name[TR_NAME_MAX];
	char vector[RTW_NAME_LEN]; /* irq_vectors: the name without _entry/_exit */
};

/*
 * Per CPU: a lost-events line waiting for the CPU's next event, and, for text
 * without a flags column, the interrupt nesting seen from entry/exit events.
 */
struct tr_cpu {
	bool lost_pending;
	uint64_t lost_count;
	uint8_t hardirq; /* open irq_handler / vector / hrtimer entries */
	uint8_t softirq; /* open softirq entries */
};

struct textread {
	textread_fn fn;
	void *arg;
	struct textread_stats st;
	enum event_flag_layout layout; /* for the raw flags of latency-format verbose */
	bool saw_cpus_line;	       /* "cpus=N": trace-cmd report */
	bool saw_tracer_line;	       /* "# tracer:": the kernel's trace file */
	struct event_cols legend;      /* the header's flag columns, in order (n 0: none) */
	struct event_cols building;    /* the legend being read */
	bool in_legend;		       /* the previous line was a legend line */
	bool legend_cpu;	       /* latency format: the legend starts with CPU# */
	bool flavor_set;
	struct pidmap tasks; /* comms learned from switch and wakeup payloads */
	struct tr_name names[TR_NAME_SLOTS];
	struct tr_name scratch; /* a name that did not fit in the cache */
	struct tr_cpu *cpus;
	int nr_cpus;
	bool any_lost;
	uint64_t last_ts_ns;
	bool in_stack;		/* the last event was a stack: " => frame" lines belong to it */
	struct rtw_event stack; /* ... that event */
	int stack_buffer;
	char buffer_name[TEXTREAD_MAX_BUFFERS][32];
};

int textread_parse_ts(const char *s, size_t len, uint64_t *ns)
{
	const char *p = s, *e = s + len, *q;
	uint64_t sec, frac = 0;
	int digits = 0;

	p = textscan_dec(p, e, &sec);
	if (!p || sec > 18000000000ULL)
		return -EINVAL;
	if (p < e && *p == '.') {
		for (q = ++p; p < e && textscan_digit(*p); p++) {
			if (++digits > 9)
				return -EINVAL;
			frac = frac * 10 + (uint64_t)(*p - '0');
		}
		if (p == q)
			return -EINVAL;
		for (; digits < 9; digits++)
			frac *= 10;
	}
	if (p != e)
		return -EINVAL;
	*ns = sec * NSEC_PER_SEC + frac;
	return 0;
}

/* ---- reader state ---------------------------------------------------------------------- */

struct textread *textread_create(textread_fn fn, void *arg)
{
	struct textread *tr = calloc(1, sizeof(*tr));

	if (!tr)
		return NULL;
	if (pidmap_init(&tr->tasks)) {
		free(tr);
		return NULL;
	}
	tr->fn = fn;
	tr->arg = arg;
	tr->layout = EVENT_FLAGS_6_13;
	tr->st.nr_buffers = 1;
	return tr;
}

void textread_destroy(struct textread *tr)
{
	if (!tr)
		return;
	free(tr->cpus);
	pidmap_free(&tr->tasks);
	free(tr);
}

const struct textread_stats *textread_stats(const struct textread *tr)
{
	return &tr->st;
}

const char *textread_buffer_name(const struct textread *tr, int buffer)
{
	if (buffer <= 0 || buffer >= TEXTREAD_MAX_BUFFERS)
		return "";
	return tr->buffer_name[buffer];
}

const char *textread_flavor_name(enum textread_flavor flavor)
{
	switch (flavor) {
	case TEXTREAD_KERNEL:
		return "kernel trace file";
	case TEXTREAD_KERNEL_LAT:
		return "kernel trace file, latency format";
	case TEXTREAD_TRACE_CMD:
		return "trace-cmd report";
	case TEXTREAD_RTWHY:
		return "rtwhy --save-trace";
	case TEXTREAD_UNKNOWN:
		break;
	}
	return "ftrace text";
}

/* The raw flags' layout (latency-format verbose) from what the text says of its kernel. */
static void tr_update_layout(struct textread *tr)
{
	int major = 0, minor = 0, rt = util_kernel_rt(tr->st.kernel, tr->st.kernel_version);

	if (tr->st.kernel[0] && util_kernel_version(tr->st.kernel, &major, &minor))
		major = minor = 0;
	if (tr->st.rt_layout)
		rt = 1;
	tr->layout = event_flag_layout_detect(major, minor, rt, tr->st.rt_layout);
}

static void tr_unparsed(struct textread *tr)
{
	if (!tr->st.unparsed++)
		tr->st.first_unparsed_line = tr->st.lines;
}

static void tr_learn_comm(struct textread *tr, int32_t pid, const char *comm)
{
	if (pid > 0)
		pidmap_note(&tr->tasks, pid, comm, PIDMAP_PRIO_UNKNOWN);
}

/* The comm of an event's task: what payloads said about @pid, else the line's own. */
static void tr_event_comm(struct textread *tr, struct rtw_event *ev, const char *s, const char *e)
{
	const struct pidmap_task *t;

	if (ev->pid == 0) {
		memcpy(ev->comm, "<idle>", 7);
		return;
	}
	t = ev->pid > 0 ? pidmap_find(&tr->tasks, ev->pid) : NULL;
	if (t && t->comm[0]) {
		memcpy(ev->comm, t->comm, RTW_COMM_LEN);
		return;
	}
	if (e - s == 5 && !memcmp(s, "<...>", 5))
		ev->comm[0] = '\0';
	else
		textscan_copy(ev->comm, RTW_COMM_LEN, s, e);
}

static int tr_buffer_id(struct textread *tr, const char *s, const char *e)
{
	char name[32];
	int i;

	textscan_copy(name, sizeof(name), s, e);
	for (i = 1; i < tr->st.nr_buffers; i++)
		if (!strcmp(tr->buffer_name[i], name))
			return i;
	if (tr->st.nr_buffers == TEXTREAD_MAX_BUFFERS)
		return TEXTREAD_MAX_BUFFERS - 1;
	memcpy(tr->buffer_name[tr->st.nr_buffers], name, sizeof(name));
	return tr->st.nr_buffers++;
}

/* ---- event names ----------------------------------------------------------------------- */

/* The kind of event @n (cached: a trace repeats a few names millions of times). */
static const struct tr_name *tr_kind(struct textread *tr, const char *n, size_t len)
{
	uint32_t h = 2166136261u;
	size_t i, k;

	if (len == 0 || len >= TR_NAME_MAX) {
		tr->scratch.kind = RTW_EV_OTHER;
		return &tr->scratch;
	}
	for (i = 0; i < len; i++)
		h = (h ^ (uint8_t)n[i]) * 16777619u;
	for (k = 0; k < 8; k++) {
		struct tr_name *slot = &tr->names[(h + k) & (TR_NAME_SLOTS - 1)];

		if (slot->len == len && !memcmp(slot->name, n, len))
			return slot;
		if (!slot->len) {
			slot->len = (uint8_t)len;
			memcpy(slot->name, n, len);
			slot->kind = event_kind_of(NULL, n, len, slot->vector);
			slot->print = len == 5 && !memcmp(n, "print", 5);
			return slot;
		}
	}
	tr->scratch.kind = event_kind_of(NULL, n, len, tr->scratch.vector);
	tr->scratch.print = len == 5 && !memcmp(n, "print", 5);
	return &tr->scratch;
}

/* ---- payloads (textpayload.c) ------------------------------------------------------------ */

/* The payload into @ev; what a switch, wakeup or PI event says of a task's comm is kept. */
static int tr_payload(struct textread *tr, struct rtw_event *ev, const struct tr_name *n,
		      const char *p, const char *e)
{
	int ret = textpayload_parse(ev, n->vector, n->print, p, e);

	if (ret)
		return ret;
	switch (ev->kind) {
	case RTW_EV_SWITCH:
		tr_learn_comm(tr, ev->u.sw.prev_pid, ev->u.sw.prev_comm);
		tr_learn_comm(tr, ev->u.sw.next_pid, ev->u.sw.next_comm);
		break;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		tr_learn_comm(tr, ev->u.wake.pid, ev->u.wake.comm);
		break;
	case RTW_EV_PI_SETPRIO:
		tr_learn_comm(tr, ev->u.pi.pid, ev->u.pi.comm);
		break;
	default:
		break;
	}
	return 0;
}

/* ---- the line's context ------------------------------------------------------------------ */

enum tr_ts_form {
	TR_TS_SEC,	   /* "171.353506:" */
	TR_TS_LAT,	   /* "16260us+:" / "16445us :" (latency-format) */
	TR_TS_LAT_VERBOSE, /* "16.260ms (+0.066ms):" (latency-format + verbose) */
};

/* Is [t, c) (the token before a ':') a timestamp? Fills @ts and where the context ends. */
static bool tr_ts_token(const char *s, const char *t, const char *c, uint64_t *ts,
			enum tr_ts_form *form, const char **ctx_end)
{
	uint64_t v;

	if (t == c) { /* "16445us :": the latency mark is a space */
		if (c - s < 4 || c[-1] != ' ')
			return false;
		c--;
		t = textscan_token_start(s, c);
		if (c - t < 3 || c[-1] != 's' || c[-2] != 'u' ||
		    textscan_dec(t, c - 2, &v) != c - 2)
			return false;
		*ts = v * NSEC_PER_USEC;
		*form = TR_TS_LAT;
		*ctx_end = t;
		return true;
	}
	if (textscan_digit(*t) && !textread_parse_ts(t, (size_t)(c - t), ts)) {
		*form = TR_TS_SEC;
		*ctx_end = t;
		return true;
	}
	if (strchr("+!#$@*", c[-1]) && c - t >= 4 && c[-2] == 's' && c[-3] == 'u' &&
	    textscan_dec(t, c - 3, &v) == c - 3) {
		*ts = v * NSEC_PER_USEC;
		*form = TR_TS_LAT;
		*ctx_end = t;
		return true;
	}
	/* "16.260ms (+0.066ms)" */
	if (c - t >= 6 && t[0] == '(' && t[1] == '+' && c[-1] == ')' && c[-2] == 's') {
		c = textscan_rskip_spaces(s, t);
		t = textscan_token_start(s, c);
		if (c - t < 3 || c[-1] != 's' || c[-2] != 'm')
			return false;
		/* "16.260" read as seconds is 1000 times the ns */
		if (textread_parse_ts(t, (size_t)(c - 2 - t), ts))
			return false;
		*ts /= 1000;
		*form = TR_TS_LAT_VERBOSE;
		*ctx_end = t;
		return true;
	}
	return false;
}

/* "[001]" */
static bool tr_cpu_bracket(const char *t, const char *c, int32_t *cpu)
{
	uint64_t v;

	if (c - t < 3 || *t != '[' || c[-1] != ']' || textscan_dec(t + 1, c - 1, &v) != c - 1 ||
	    v >= RTW_MAX_CPUS)
		return false;
	*cpu = (int32_t)v;
	return true;
}

/* Leading instance prefix "NAME:" (trace-cmd report of several buffers). */
static const char *tr_instance(struct textread *tr, const char *s, const char *e, int *buffer)
{
	const char *t = s;

	while (t < e && *t != ' ')
		t++;
	if (t - s < 2 || t[-1] != ':' || t == e || textscan_skip_spaces(t, e) == e)
		return s;
	*buffer = tr_buffer_id(tr, s, t - 1);
	return textscan_skip_spaces(t, e);
}

/* Context of the verbose latency format: "comm pid cpu flags pc idx [ts]". */
static int tr_context_verbose(struct textread *tr, const char *s, const char *c,
			      struct rtw_event *ev, const char **comm, const char **comm_end)
{
	uint64_t v[5];
	const char *t;
	int i;

	c = textscan_rskip_spaces(s, c);
	t = textscan_token_start(s, c);
	if (t == c || *t != '[') /* [hex ts] */
		return -EINVAL;
	for (i = 0; i < 5; i++) { /* idx, pc (hex), flags, cpu, pid (decimal) */
		c = textscan_rskip_spaces(s, t);
		t = textscan_token_start(s, c);
		if (t == c || (i < 2 ? textscan_hex(t, c, &v[i]) : textscan_dec(t, c, &v[i])) != c)
			return -EINVAL;
	}
	if (v[3] >= RTW_MAX_CPUS || v[4] > INT32_MAX)
		return -EINVAL;
	ev->preempt = (uint8_t)(v[1] & 0xf);
	ev->flags = event_flags_from_raw((unsigned int)v[2], tr->layout);
	ev->cpu = (int32_t)v[3];
	ev->pid = (int32_t)v[4];
	(void)tr;
	*comm = textscan_skip_spaces(s, t);
	*comm_end = textscan_rskip_spaces(*comm, t);
	return 0;
}

/* A flags group: by the header's legend when it has as many columns, else by its width. */
static int tr_flags(struct textread *tr, const char *s, int len, struct rtw_event *ev)
{
	struct event_cols cols;

	if (len < 4 || len > EVENT_MAX_COLS)
		return -EINVAL;
	if (tr->legend.n == len)
		cols = tr->legend;
	else
		event_cols_for_width(len, &cols);
	if (event_flags_from_cols(s, len, &cols, &ev->flags, &ev->preempt))
		return -EINVAL;
	if (event_cols_have_lazy(&cols) && !tr->st.rt_layout) {
		tr->st.rt_layout = true; /* the -rt lazy-preempt patch's columns */
		tr_update_layout(tr);
	}
	return 0;
}

/* Flags, CPU, TGID, comm-pid and instance prefix, right to left. */
static int tr_context(struct textread *tr, const char *s, const char *c, enum tr_ts_form form,
		      struct rtw_event *ev, int *buffer, const char **comm, const char **comm_end,
		      bool *flags_column)
{
	const char *t, *d;
	uint64_t cpu;

	*flags_column = true;
	if (form == TR_TS_LAT_VERBOSE)
		return tr_context_verbose(tr, s, c, ev, comm, comm_end);
	c = textscan_rskip_spaces(s, c);
	t = textscan_token_start(s, c);
	if (t == c)
		return -EINVAL;
	if (*t == '[') { /* "[001]", no flags column */
		if (!tr_cpu_bracket(t, c, &ev->cpu))
			return -EINVAL;
		*flags_column = false;
	} else if (textscan_digit(*t)) { /* latency columns: "0d.h1." */
		const char *f = textscan_dec(t, c, &cpu) ? t : NULL;

		while (f && f < c && textscan_digit(*f))
			f++;
		if (!f || cpu >= RTW_MAX_CPUS || tr_flags(tr, f, (int)(c - f), ev))
			return -EINVAL;
		ev->cpu = (int32_t)cpu;
	} else { /* "d.h1." then "[001]" */
		if (tr_flags(tr, t, (int)(c - t), ev))
			return -EINVAL;
		c = textscan_rskip_spaces(s, t);
		t = textscan_token_start(s, c);
		if (!tr_cpu_bracket(t, c, &ev->cpu))
			return -EINVAL;
	}
	c = textscan_rskip_spaces(s, t);
	if (c > s && c[-1] == ')') { /* TGID column: "(   2638)" or "(-------)" */
		const char *o = c - 1;

		while (o > s && *o != '(' && c - o < 16)
			o--;
		if (*o != '(')
			return -EINVAL;
		c = textscan_rskip_spaces(s, o);
	}
	s = textscan_skip_spaces(s, c);
	s = tr_instance(tr, s, c, buffer);
	d = textscan_pid_after(s, c, '-', &ev->pid);
	if (!d)
		return -EINVAL;
	*comm = s;
	*comm_end = d;
	return 0;
}

static void tr_set_flavor(struct textread *tr, enum tr_ts_form form)
{
	if (tr->flavor_set)
		return;
	tr->flavor_set = true;
	if (tr->st.clock[0])
		tr->st.flavor = TEXTREAD_RTWHY;
	else if (form != TR_TS_SEC)
		tr->st.flavor = TEXTREAD_KERNEL_LAT;
	else if (tr->saw_cpus_line || tr->st.nr_buffers > 1)
		tr->st.flavor = TEXTREAD_TRACE_CMD;
	else if (tr->saw_tracer_line)
		tr->st.flavor = TEXTREAD_KERNEL;
	tr->st.relative_ts = form != TR_TS_SEC;
}

/* ---- handing events on -------------------------------------------------------------------- */

static int tr_emit(struct textread *tr, const struct rtw_event *ev, int buffer)
{
	tr->st.events++;
	tr->last_ts_ns = ev->ts_ns;
	return tr->fn(ev, buffer, tr->arg);
}

static int tr_emit_lost(struct textread *tr, int cpu, uint64_t ts_ns, int buffer)
{
	struct rtw_event lost;

	memset(&lost, 0, sizeof(lost));
	lost.ts_ns = ts_ns;
	lost.cpu = cpu;
	lost.pid = -1;
	lost.kind = RTW_EV_LOST;
	lost.u.lost.count = tr->cpus[cpu].lost_count;
	tr->cpus[cpu].lost_pending = false;
	tr->cpus[cpu].lost_count = 0;
	return tr_emit(tr, &lost, buffer);
}

static struct tr_cpu *tr_cpu(struct textread *tr, uint64_t cpu)
{
	if (cpu >= RTW_MAX_CPUS)
		return NULL;
	if ((int)cpu >= tr->nr_cpus) {
		int nr = (int)cpu + 1;
		struct tr_cpu *c = realloc(tr->cpus, (size_t)nr * sizeof(*c));

		if (!c)
			return NULL;
		memset(c + tr->nr_cpus, 0, (size_t)(nr - tr->nr_cpus) * sizeof(*c));
		tr->cpus = c;
		tr->nr_cpus = nr;
	}
	return &tr->cpus[cpu];
}

/*
 * No flags column (trace-cmd report without -l, options/irq-info off): the
 * interrupt context, which the timeline needs, follows from the entry and
 * exit events around. Need-resched stays unknown.
 */
static void tr_infer_flags(struct textread *tr, struct rtw_event *ev)
{
	struct tr_cpu *c = tr_cpu(tr, (uint64_t)ev->cpu);

	tr->st.flagless++;
	if (!c)
		return;
	switch (ev->kind) {
	case RTW_EV_IRQ_ENTRY:
	case RTW_EV_VECTOR_ENTRY:
	case RTW_EV_HRTIMER_ENTRY:
		if (c->hardirq < 8)
			c->hardirq++;
		break;
	case RTW_EV_SOFTIRQ_ENTRY:
		if (c->softirq < 8)
			c->softirq++;
		break;
	case RTW_EV_SWITCH: /* no switch in interrupt context: exits were lost */
		c->hardirq = 0;
		c->softirq = 0;
		break;
	default:
		break;
	}
	if (c->hardirq)
		ev->flags |= RTW_F_HARDIRQ | RTW_F_IRQS_OFF;
	if (c->softirq)
		ev->flags |= RTW_F_SOFTIRQ;
	if (ev->kind == RTW_EV_NMI)
		ev->flags |= RTW_F_NMI | RTW_F_IRQS_OFF;
	switch (ev->kind) {
	case RTW_EV_IRQ_EXIT:
	case RTW_EV_VECTOR_EXIT:
	case RTW_EV_HRTIMER_EXIT:
		if (c->hardirq)
			c->hardirq--;
		break;
	case RTW_EV_SOFTIRQ_EXIT:
		if (c->softirq)
			c->softirq--;
		break;
	default:
		break;
	}
}

/* A lost-events line: remember it until the CPU's next event, whose time it takes. */
static void tr_note_lost(struct textread *tr, uint64_t cpu, uint64_t count)
{
	struct tr_cpu *c = tr_cpu(tr, cpu);

	if (!c)
		return;
	c->lost_pending = true;
	c->lost_count += count;
	c->hardirq = 0; /* what was open is unknown now */
	c->softirq = 0;
	tr->any_lost = true;
	tr->st.lost_lines++;
	tr->st.lost_events += count;
}

/* ---- lines that are not events -------------------------------------------------------------- */

/*
 * A line of the header's column legend: "#  || / _---=> preempt-depth". The
 * legend's lines name the flag columns in order; a new header (after events,
 * a second trace) starts a new legend.
 */
static bool tr_legend(struct textread *tr, const char *s, const char *e)
{
	const char *arrow = memmem(s, (size_t)(e - s), "=> ", 3), *d;
	int col;

	if (!arrow || arrow - s < 3 || arrow[-1] != '-')
		return false;
	for (d = arrow - 1; d > s && *d == '-'; d--)
		;
	if (*d != '_')
		return false;
	if (!tr->in_legend) {
		memset(&tr->building, 0, sizeof(tr->building));
		tr->legend_cpu = false;
	}
	tr->in_legend = true;
	col = event_col_of_legend(arrow + 3, (size_t)(e - arrow - 3));
	if (col < 0) {
		tr->legend_cpu = true;
		return true;
	}
	if (tr->building.n < EVENT_MAX_COLS)
		tr->building.col[tr->building.n++] = (uint8_t)col;
	/*
	 * The legend alone does not make the -rt lazy layout: the osnoise and timerlat
	 * tracers of 6.12-rt print the old patch's seven-column legend over the five
	 * columns their lines have (rtla timerlat -t). The lines decide (tr_flags()).
	 */
	if (tr->building.n >= 4)
		tr->legend = tr->building;
	return true;
}

/* "PID runtime NS deadline NS period NS" of "# rtwhy: deadline task" (textwrite_deadline()) */
static void tr_deadline(struct textread *tr, const char *p, const char *e)
{
	struct textread_dl d = { 0 };
	uint64_t pid;
	int i;

	p = textscan_dec(p, e, &pid);
	if (!p || !pid || pid > INT32_MAX || !textscan_is(p, e, " runtime ") ||
	    !(p = textscan_dec(p + 9, e, &d.runtime_ns)) || !textscan_is(p, e, " deadline ") ||
	    !(p = textscan_dec(p + 10, e, &d.deadline_ns)) || !textscan_is(p, e, " period ") ||
	    !textscan_dec(p + 8, e, &d.period_ns))
		return;
	d.pid = (int32_t)pid;
	for (i = 0; i < tr->st.nr_dl && tr->st.dl[i].pid != d.pid; i++)
		;
	if (i < TEXTREAD_MAX_DL)
		tr->st.dl[i] = d;
	if (i == tr->st.nr_dl && i < TEXTREAD_MAX_DL)
		tr->st.nr_dl++;
}
static void tr_comment(struct textread *tr, const char *s, const char *e)
{
	const char *p;
	uint64_t v;

	if (textscan_is(s, e, "#####")) { /* "##### CPU 1 buffer started ####" */
		p = textscan_skip_spaces(s + 5, e);
		if (textscan_is(p, e, "CPU ") && (p = textscan_dec(p + 4, e, &v)) &&
		    textscan_is(p, e, " buffer started"))
			tr_note_lost(tr, v, 0);
		return;
	}
	if (textscan_is(s, e, "# rtwhy: clock ")) {
		textscan_copy(tr->st.clock, sizeof(tr->st.clock), s + 15, e);
		return;
	}
	if (textscan_is(s, e, "# rtwhy: spike ")) {
		tr->st.windows++;
		tr->st.recording_since_ns = 0;
		p = memmem(s, (size_t)(e - s), "recording since ", 16);
		if (p && textread_parse_ts(p + 16, (size_t)(e - p - 16), &v) == 0)
			tr->st.recording_since_ns = v;
		return;
	}
	if (textscan_is(s, e, "# tracer:")) {
		tr->saw_tracer_line = true;
		return;
	}
	if (tr_legend(tr, s, e))
		return;
	tr->in_legend = false;
	if (textscan_is(s, e, "# rtwhy: kernel ")) { /* "# rtwhy: kernel RELEASE VERSION" */
		p = s + 16;
		while (p < e && *p != ' ')
			p++;
		textscan_copy(tr->st.kernel, sizeof(tr->st.kernel), s + 16, p);
		if (p < e)
			textscan_copy(tr->st.kernel_version, sizeof(tr->st.kernel_version),
				      textscan_skip_spaces(p, e), e);
		tr_update_layout(tr);
		return;
	}
	if (textscan_is(s, e, "# rtwhy: main thread ")) {
		if (textscan_dec(s + 21, e, &v) && v > 0 && v <= INT32_MAX)
			tr->st.main_tid = (int32_t)v;
		return;
	}
	if (textscan_is(s, e, "# rtwhy: deadline task ")) {
		tr_deadline(tr, s + 23, e);
		return;
	}
	if (textscan_is(s, e, "# rtwhy: preempt ")) {
		char word[16];

		textscan_copy(word, sizeof(word), s + 17, e);
		tr->st.preempt = util_preempt_parse(word);
		return;
	}
	if (textscan_is(s, e, "# rtwhy: hz ")) {
		if (textscan_dec(s + 12, e, &v) && v > 0 && v <= 100000)
			tr->st.hz = (int)v;
		return;
	}
	p = memmem(s, (size_t)(e - s), "#P:", 3);
	if (p && textscan_dec(p + 3, e, &v) && v < RTW_MAX_CPUS) {
		tr->st.nr_cpus = (int)v;
		return;
	}
	p = memmem(s, (size_t)(e - s), " latency trace v", 16);
	if (p && (p = memmem(p, (size_t)(e - p), " on ", 4))) {
		int major, minor;

		textscan_copy(tr->st.kernel, sizeof(tr->st.kernel), p + 4, e);
		if (!util_kernel_version(tr->st.kernel, &major, &minor))
			tr_update_layout(tr);
	}
}

/* "CPU:1 [LOST 12 EVENTS]", trace-cmd's "CPU:1 [12 EVENTS DROPPED]", "CPU 0 is empty", "cpus=2". */
static bool tr_cpu_line(struct textread *tr, const char *s, const char *e)
{
	const char *p;
	uint64_t cpu = 0, n = 0; /* = 0: gcc cannot see textscan_dec() set it */

	if (textscan_is(s, e, "cpus=")) {
		if (textscan_dec(s + 5, e, &cpu) != e || cpu >= RTW_MAX_CPUS)
			return false;
		tr->st.nr_cpus = (int)cpu;
		tr->saw_cpus_line = true;
		return true;
	}
	if (textscan_is(s, e, "CPU ") && (p = textscan_dec(s + 4, e, &cpu)) &&
	    textscan_is(p, e, " is empty"))
		return true;
	if (!textscan_is(s, e, "CPU:") || !(p = textscan_dec(s + 4, e, &cpu)) ||
	    !textscan_is(p, e, " ["))
		return false;
	p += 2;
	if (textscan_is(p, e, "LOST ")) {
		p = textscan_dec(p + 5, e, &n);
		if (!p || !textscan_is(p, e, " EVENTS]"))
			return false;
	} else if (!textscan_is(p, e, "EVENTS DROPPED]")) {
		p = textscan_dec(p, e, &n);
		if (!p || !textscan_is(p, e, " EVENTS DROPPED]"))
			return false;
	}
	tr_note_lost(tr, cpu, n);
	return true;
}

/* ---- one line ------------------------------------------------------------------------------ */

static int tr_event_line(struct textread *tr, const char *s, const char *e)
{
	const char *c = s, *ctx_end = NULL, *p, *n, *comm = NULL, *comm_end = NULL;
	const struct tr_name *name;
	enum tr_ts_form form = TR_TS_SEC;
	struct rtw_event ev;
	int buffer = 0, ret;
	bool flags_column;
	uint64_t ts = 0;

	/* the timestamp: the first "TOKEN: " (or ":" at the end) whose token is one */
	for (;; c++) {
		c = memchr(c, ':', (size_t)(e - c));
		if (!c)
			return -EINVAL;
		if (c + 1 < e && c[1] != ' ')
			continue;
		if (c > s && tr_ts_token(s, textscan_token_start(s, c), c, &ts, &form, &ctx_end))
			break;
	}
	memset(&ev, 0, sizeof(ev));
	ev.ts_ns = ts;
	if (tr_context(tr, s, ctx_end, form, &ev, &buffer, &comm, &comm_end, &flags_column))
		return -EINVAL;
	tr_set_flavor(tr, form);

	/* the event name, after trace-cmd's optional "(+delta)" */
	p = textscan_skip_spaces(c + 1, e);
	if (p < e && *p == '(' && p + 1 < e && p[1] == '+') {
		while (p < e && *p != ' ')
			p++;
		p = textscan_skip_spaces(p, e);
	}
	for (n = p; p < e && textscan_ident(*p); p++)
		;
	if (p == n && textscan_is(p, e, "<stack trace>")) { /* the kernel's stacktrace record */
		ev.kind = RTW_EV_STACK;
	} else if (p < e && *p == ':' && p > n) {
		name = tr_kind(tr, n, (size_t)(p - n));
		ev.kind = name->kind;
		p = textscan_skip_spaces(p + 1, e);
		if (tr_payload(tr, &ev, name, p, e)) {
			/* a known event we cannot read: keep only what the context says */
			tr_unparsed(tr);
			memset(&ev.u, 0, sizeof(ev.u));
			ev.kind = RTW_EV_OTHER;
		}
	} else if (p == n && marker_is_timerlat(p, (size_t)(e - p))) {
		/* the timerlat tracer's sample (rtla timerlat -t): a marker of its thread */
		ev.kind = RTW_EV_MARKER;
		textscan_copy(ev.u.marker.text, RTW_MARKER_LEN, p, e);
	} else {
		ev.kind = RTW_EV_OTHER; /* function tracer lines and the like */
	}
	/* after the payload: a sched_switch names its own task better than a cut column */
	tr_event_comm(tr, &ev, comm, comm_end);
	if (!flags_column)
		tr_infer_flags(tr, &ev);
	if (tr->any_lost && ev.cpu < tr->nr_cpus && tr->cpus[ev.cpu].lost_pending) {
		ret = tr_emit_lost(tr, ev.cpu, ev.ts_ns, buffer);
		if (ret)
			return ret;
	}
	tr->in_stack = ev.kind == RTW_EV_STACK;
	if (tr->in_stack) {
		tr->stack = ev;
		tr->stack_buffer = buffer;
	}
	return tr_emit(tr, &ev, buffer);
}

/*
 * " => try_to_wake_up", trace-cmd's "=> try_to_wake_up (ffffffff8a1d2e40)", with
 * sym-offset "=> try_to_wake_up+0x1ba/0x5f0": a frame of the stack before it.
 */
static int tr_frame_line(struct textread *tr, const char *s, const char *e)
{
	struct rtw_event ev = tr->stack;
	const char *f = s + 3, *end;

	f = textscan_skip_spaces(f, e);
	for (end = f; end < e && *end != ' ' && *end != '+'; end++)
		;
	if (end == f)
		return -EINVAL;
	ev.kind = RTW_EV_STACK_FRAME;
	memset(&ev.u, 0, sizeof(ev.u));
	ev.u.frame.index = tr->stack.u.stack.nr++;
	textscan_copy(ev.u.frame.name, RTW_FRAME_LEN, f, end);
	return tr_emit(tr, &ev, tr->stack_buffer);
}

int textread_line(struct textread *tr, const char *line, size_t len)
{
	const char *s = line, *e = line + len;
	int ret;

	tr->st.lines++;
	if (e > s && e[-1] == '\r')
		e--;
	s = textscan_skip_spaces(s, e);
	if (s == e)
		return 0;
	if (*s == '#') {
		tr_comment(tr, s, e);
		return 0;
	}
	if ((*s == 'C' || *s == 'c') && tr_cpu_line(tr, s, e))
		return 0;
	if (textscan_is(s, e, "version = ")) /* trace-cmd report's first line, older versions */
		return 0;
	tr->in_legend = false;
	if (tr->in_stack && textscan_is(s, e, "=> ")) {
		ret = tr_frame_line(tr, s, e);
		if (ret == -EINVAL) {
			tr_unparsed(tr);
			return 0;
		}
		return ret;
	}
	tr->in_stack = false;
	ret = tr_event_line(tr, line, e);
	if (ret == -EINVAL) {
		tr_unparsed(tr);
		return 0;
	}
	return ret;
}

int textread_finish(struct textread *tr)
{
	int cpu, ret;

	if (!tr->any_lost)
		return 0;
	for (cpu = 0; cpu < tr->nr_cpus; cpu++) {
		if (!tr->cpus[cpu].lost_pending)
			continue;
		ret = tr_emit_lost(tr, cpu, tr->last_ts_ns, 0);
		if (ret)
			return ret;
	}
	tr->any_lost = false;
	return 0;
}

int textread_fd(struct textread *tr, int fd)
{
	char *buf = malloc(TR_READ_SIZE);
	size_t have = 0;
	bool skipping = false; /* inside a line longer than the buffer */
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	for (;;) {
		ssize_t n = read(fd, buf + have, TR_READ_SIZE - have);
		char *p, *end, *nl;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			goto out;
		}
		if (n == 0)
			break;
		p = buf;
		end = buf + have + n;
		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			if (skipping) {
				skipping = false;
			} else {
				ret = textread_line(tr, p, (size_t)(nl - p));
				if (ret)
					goto out;
			}
			p = nl + 1;
		}
		have = (size_t)(end - p);
		if (have == TR_READ_SIZE) { /* no newline in a whole buffer: not a trace line */
			if (!skipping) {
				tr->st.lines++;
				tr_unparsed(tr);
			}
			skipping = true;
			have = 0;
		} else if (have) {
			memmove(buf, p, have);
		}
	}
	if (have && !skipping) { /* the file ends in the middle of a line */
		tr->st.lines++;
		tr->st.cut = true;
		tr_unparsed(tr);
	}
	ret = textread_finish(tr);
out:
	free(buf);
	return ret;
}
