// SPDX-License-Identifier: GPL-2.0-only
/*
 * decode - libtraceevent records to struct rtw_event. The first record of
 * each event type resolves its kind and field descriptors into a small
 * per-type table; after that a record is decoded with direct reads at known
 * offsets (plain loads when the byte order is the host's), no name lookups.
 */
#include <errno.h>
#include <event-parse.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/decode.h"
#include "analysis/pidmap.h"
#include "analysis/util.h"

enum decode_field {
	DF_PREV_COMM,
	DF_PREV_PID,
	DF_PREV_PRIO,
	DF_PREV_STATE,
	DF_NEXT_COMM,
	DF_NEXT_PID,
	DF_NEXT_PRIO,
	DF_COMM,
	DF_PID,
	DF_PRIO,
	DF_TARGET_CPU,
	DF_ORIG_CPU,
	DF_DEST_CPU,
	DF_IRQ,
	DF_NAME,
	DF_RET,
	DF_VEC,
	DF_HRTIMER,
	DF_NOW,
	DF_FUNCTION,
	DF_VECTOR,
	DF_DELTA_NS,
	DF_BUF,
	DF_EXPIRES,
	DF_SOFTEXPIRES,
	DF_MODE,
	DF_CLOCKID,
	DF_OLDPRIO,
	DF_NEWPRIO,
	DF_SIZE,
	DF_CALLER,
	DF_SIG,
	DF_GROUP,
	DF_RESULT,
	DF_CPU,
	DF_TARGET,
	DF_IDX,
	DF_FUN,
	DF_STATE,
	DF_TIMER,
	DF_FUNC,
	DF_CSD,
	DF_NR,
};

static const char *const decode_field_names[DF_NR] = {
	[DF_PREV_COMM] = "prev_comm",
	[DF_PREV_PID] = "prev_pid",
	[DF_PREV_PRIO] = "prev_prio",
	[DF_PREV_STATE] = "prev_state",
	[DF_NEXT_COMM] = "next_comm",
	[DF_NEXT_PID] = "next_pid",
	[DF_NEXT_PRIO] = "next_prio",
	[DF_COMM] = "comm",
	[DF_PID] = "pid",
	[DF_PRIO] = "prio",
	[DF_TARGET_CPU] = "target_cpu",
	[DF_ORIG_CPU] = "orig_cpu",
	[DF_DEST_CPU] = "dest_cpu",
	[DF_IRQ] = "irq",
	[DF_NAME] = "name",
	[DF_RET] = "ret",
	[DF_VEC] = "vec",
	[DF_HRTIMER] = "hrtimer",
	[DF_NOW] = "now",
	[DF_FUNCTION] = "function",
	[DF_VECTOR] = "vector",
	[DF_DELTA_NS] = "delta_ns",
	[DF_BUF] = "buf",
	[DF_EXPIRES] = "expires",
	[DF_SOFTEXPIRES] = "softexpires",
	[DF_MODE] = "mode",
	[DF_CLOCKID] = "clockid",
	[DF_OLDPRIO] = "oldprio",
	[DF_NEWPRIO] = "newprio",
	[DF_SIZE] = "size",
	[DF_CALLER] = "caller",
	[DF_SIG] = "sig",
	[DF_GROUP] = "group",
	[DF_RESULT] = "result",
	[DF_CPU] = "cpu",
	[DF_TARGET] = "target",
	[DF_IDX] = "idx",
	[DF_FUN] = "fun",
	[DF_STATE] = "state",
	[DF_TIMER] = "timer",
	[DF_FUNC] = "func",
	[DF_CSD] = "csd",
};

struct decode_type {
	bool resolved;
	uint16_t kind; /* enum rtw_kind, RTW_EV_OTHER = keep common fields only */
	char vector_name[RTW_NAME_LEN];
	struct tep_format_field *field[DF_NR];
};

struct decode_fn_cache {
	unsigned long long addr;
	char name[RTW_NAME_LEN];
};

struct decode {
	struct tep_handle *tep;
	enum event_flag_layout layout;
	bool lazy_field; /* common_preempt_lazy_count: the -rt lazy-preempt patch */
	bool native;	 /* the records' byte order is the host's: read fields directly */
	struct tep_format_field *common_type;
	struct tep_format_field *common_flags;
	struct tep_format_field *common_pc;
	struct tep_format_field *common_pid;
	struct decode_type *types; /* indexed by event id */
	int nr_types;
	struct pidmap tasks; /* comms learned from switch and wakeup payloads */
	struct decode_fn_cache fn[256];
};

struct decode *decode_create(struct tep_handle *tep, enum event_flag_layout layout)
{
	struct decode *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	if (pidmap_init(&d->tasks)) {
		free(d);
		errno = ENOMEM;
		return NULL;
	}
	d->tep = tep;
	d->layout = layout;
	d->native = tep_is_file_bigendian(tep) == tep_is_local_bigendian(tep);
	return d;
}

void decode_destroy(struct decode *d)
{
	if (!d)
		return;
	free(d->types);
	pidmap_free(&d->tasks);
	free(d);
}

static struct decode_type *decode_type(struct decode *d, int id)
{
	struct decode_type *t;
	struct tep_event *ev;
	int i;

	if (id < 0 || id > 65535)
		return NULL;
	if (id >= d->nr_types) {
		int nr = id + 64;
		struct decode_type *types = realloc(d->types, (size_t)nr * sizeof(*types));

		if (!types)
			return NULL;
		memset(types + d->nr_types, 0, (size_t)(nr - d->nr_types) * sizeof(*types));
		d->types = types;
		d->nr_types = nr;
	}
	t = &d->types[id];
	if (t->resolved)
		return t;
	t->resolved = true;
	ev = tep_find_event(d->tep, id);
	if (!ev) {
		t->kind = RTW_EV_OTHER;
		return t;
	}
	t->kind = event_kind_of(ev->system, ev->name, strlen(ev->name), t->vector_name);
	for (i = 0; i < DF_NR; i++)
		t->field[i] = tep_find_field(ev, decode_field_names[i]);
	if (!d->common_flags) {
		d->common_type = tep_find_common_field(ev, "common_type");
		d->common_flags = tep_find_common_field(ev, "common_flags");
		d->common_pc = tep_find_common_field(ev, "common_preempt_count");
		d->common_pid = tep_find_common_field(ev, "common_pid");
		/* the -rt lazy-preempt patch adds a common field and moves a flag bit */
		d->lazy_field = tep_find_common_field(ev, "common_preempt_lazy_count") != NULL;
		d->layout = event_flag_layout_refine(d->layout, d->lazy_field);
	}
	return t;
}

/* tep_read_number_field() without its calls when no byte swap is needed; never past the record */
static inline int decode_read(const struct decode *d, const struct tep_format_field *field,
			      const struct tep_record *rec, unsigned long long *v)
{
	const unsigned char *p = (const unsigned char *)rec->data + field->offset;
	const void *data = rec->data;

	if (field->offset < 0 || field->offset + field->size > rec->size)
		return -1;
	if (!d->native)
		return tep_read_number_field((struct tep_format_field *)field, data, v);
	switch (field->size) {
	case 1:
		*v = *p;
		return 0;
	case 2: {
		uint16_t x;

		memcpy(&x, p, 2);
		*v = x;
		return 0;
	}
	case 4: {
		uint32_t x;

		memcpy(&x, p, 4);
		*v = x;
		return 0;
	}
	case 8: {
		uint64_t x;

		memcpy(&x, p, 8);
		*v = x;
		return 0;
	}
	default:
		return -1;
	}
}

static long long decode_num(const struct decode *d, const struct decode_type *t,
			    enum decode_field f, const struct tep_record *rec, long long dflt)
{
	struct tep_format_field *field = t->field[f];
	unsigned long long v;

	if (!field || decode_read(d, field, rec, &v))
		return dflt;
	if (field->flags & TEP_FIELD_IS_SIGNED) {
		switch (field->size) {
		case 1:
			return (int8_t)v;
		case 2:
			return (int16_t)v;
		case 4:
			return (int32_t)v;
		default:
			return (long long)v;
		}
	}
	return (long long)v;
}

/* A char[N] field, a __data_loc / __rel_loc string, or the rest of the record. */
static void decode_str(const struct decode *d, const struct decode_type *t, enum decode_field f,
		       const struct tep_record *rec, char *out, size_t len)
{
	struct tep_format_field *field = t->field[f];
	const char *data = rec->data;
	size_t off, n;

	out[0] = '\0';
	if (!field || field->offset < 0 || field->offset > rec->size)
		return;
	if (field->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned long long loc;

		if (decode_read(d, field, rec, &loc))
			return;
		off = loc & 0xffff;
		n = (loc >> 16) & 0xffff;
		if (field->flags & TEP_FIELD_IS_RELATIVE)
			off += (size_t)field->offset + (size_t)field->size;
	} else {
		off = (size_t)field->offset;
		n = field->size ? (size_t)field->size : (size_t)rec->size - off;
	}
	if (off >= (size_t)rec->size)
		return;
	if (off + n > (size_t)rec->size)
		n = (size_t)rec->size - off;
	if (n >= len)
		n = len - 1;
	memcpy(out, data + off, n);
	out[n] = '\0';
	n = strnlen(out, n);
	while (n && (out[n - 1] == '\n' || out[n - 1] == '\0'))
		out[--n] = '\0';
}

static void decode_learn_comm(struct decode *d, int32_t pid, const char *comm)
{
	if (pid > 0)
		pidmap_note(&d->tasks, pid, comm, PIDMAP_PRIO_UNKNOWN);
}

static void decode_comm_of(struct decode *d, int32_t pid, char *out)
{
	const struct pidmap_task *t;
	const char *c;

	if (pid == 0) {
		util_strlcpy(out, "<idle>", RTW_COMM_LEN);
		return;
	}
	t = pid > 0 ? pidmap_find(&d->tasks, pid) : NULL;
	if (t && t->comm[0]) {
		memcpy(out, t->comm, RTW_COMM_LEN);
		return;
	}
	c = tep_data_comm_from_pid(d->tep, pid);
	if (c && strcmp(c, "<...>"))
		util_strlcpy(out, c, RTW_COMM_LEN);
	else
		out[0] = '\0';
}

static void decode_function(struct decode *d, unsigned long long addr, char *out)
{
	struct decode_fn_cache *slot = &d->fn[(addr >> 4) & 255];
	const char *name;

	if (slot->addr == addr && slot->name[0]) {
		memcpy(out, slot->name, RTW_NAME_LEN);
		return;
	}
	name = tep_find_function(d->tep, addr);
	if (name)
		util_strlcpy(out, name, RTW_NAME_LEN);
	else
		snprintf(out, RTW_NAME_LEN, "0x%llx", addr);
	slot->addr = addr;
	memcpy(slot->name, out, RTW_NAME_LEN);
}

static struct decode_type *decode_type_of(struct decode *d, struct tep_record *rec)
{
	unsigned long long v;

	if (d->common_type && !decode_read(d, d->common_type, rec, &v))
		return decode_type(d, (int)v);
	return decode_type(d, tep_data_type(d->tep, rec));
}

/* Where the return addresses of a kernel_stack record start, and their size; -1 if unreadable */
static long decode_stack_at(const struct decode *d, const struct decode_type *t,
			    const struct tep_record *rec, int *word)
{
	const struct tep_format_field *f = t->field[DF_CALLER];

	*word = tep_get_long_size(d->tep);
	if (!f || f->offset < 0 || (*word != 4 && *word != 8))
		return -1;
	return f->offset;
}

/*
 * The frames of a kernel_stack record: `size` entries, however many the
 * format's caller[8] says (it is a flexible array), bounded by the record.
 */
static int32_t decode_stack_size(const struct decode *d, const struct decode_type *t,
				 const struct tep_record *rec)
{
	long long size = decode_num(d, t, DF_SIZE, rec, 0);
	long off;
	int word;

	off = decode_stack_at(d, t, rec, &word);
	if (off < 0 || size <= 0)
		return 0;
	if (size > (rec->size - off) / word)
		size = (rec->size - off) / word;
	return (int32_t)(size > DECODE_MAX_FRAMES ? DECODE_MAX_FRAMES : size);
}

int decode_stack_frame(struct decode *d, struct tep_record *rec, const struct rtw_event *stack,
		       int i, struct rtw_event *out)
{
	unsigned long long addr;
	struct decode_type *t;
	const char *name;
	long off;
	int word;

	if (stack->kind != RTW_EV_STACK || i < 0 || i >= stack->u.stack.nr)
		return 0;
	t = decode_type_of(d, rec);
	if (!t || t->kind != RTW_EV_STACK)
		return 0;
	off = decode_stack_at(d, t, rec, &word);
	if (off < 0 || off + (long)(i + 1) * word > rec->size)
		return 0;
	addr = tep_read_number(d->tep, (const char *)rec->data + off + (long)i * word, word);
	/* older kernels end the array with ULONG_MAX (or 0) rather than by its size */
	if (!addr || addr == (word == 8 ? ~0ULL : 0xffffffffULL))
		return 0;
	*out = *stack;
	out->kind = RTW_EV_STACK_FRAME;
	memset(&out->u, 0, sizeof(out->u));
	out->u.frame.index = i;
	name = tep_find_function(d->tep, addr);
	if (name)
		util_strlcpy(out->u.frame.name, name, RTW_FRAME_LEN);
	else
		snprintf(out->u.frame.name, RTW_FRAME_LEN, "0x%llx", addr);
	return 1;
}

int decode_kind(struct decode *d, struct tep_record *rec)
{
	struct decode_type *t = decode_type_of(d, rec);

	return t ? (int)t->kind : -1;
}

/* decode_task_fields - the fields of an event about tasks (switch, wakeup, migrate, PI, signal)
 * and CPUs (hotplug). */
static void decode_task_fields(struct decode *d, struct decode_type *t, struct tep_record *rec,
			       struct rtw_event *out)
{
	switch (t->kind) {
	case RTW_EV_SWITCH:
		decode_str(d, t, DF_PREV_COMM, rec, out->u.sw.prev_comm, RTW_COMM_LEN);
		decode_str(d, t, DF_NEXT_COMM, rec, out->u.sw.next_comm, RTW_COMM_LEN);
		out->u.sw.prev_pid = (int32_t)decode_num(d, t, DF_PREV_PID, rec, -1);
		out->u.sw.prev_prio = (int32_t)decode_num(d, t, DF_PREV_PRIO, rec, 120);
		out->u.sw.prev_state = (uint32_t)decode_num(d, t, DF_PREV_STATE, rec, 0);
		out->u.sw.next_pid = (int32_t)decode_num(d, t, DF_NEXT_PID, rec, -1);
		out->u.sw.next_prio = (int32_t)decode_num(d, t, DF_NEXT_PRIO, rec, 120);
		decode_learn_comm(d, out->u.sw.prev_pid, out->u.sw.prev_comm);
		decode_learn_comm(d, out->u.sw.next_pid, out->u.sw.next_comm);
		break;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		decode_str(d, t, DF_COMM, rec, out->u.wake.comm, RTW_COMM_LEN);
		out->u.wake.pid = (int32_t)decode_num(d, t, DF_PID, rec, -1);
		out->u.wake.prio = (int32_t)decode_num(d, t, DF_PRIO, rec, 120);
		out->u.wake.target_cpu = (int32_t)decode_num(d, t, DF_TARGET_CPU, rec, -1);
		decode_learn_comm(d, out->u.wake.pid, out->u.wake.comm);
		break;
	case RTW_EV_MIGRATE:
		decode_str(d, t, DF_COMM, rec, out->u.mig.comm, RTW_COMM_LEN);
		out->u.mig.pid = (int32_t)decode_num(d, t, DF_PID, rec, -1);
		out->u.mig.prio = (int32_t)decode_num(d, t, DF_PRIO, rec, 120);
		out->u.mig.orig_cpu = (int32_t)decode_num(d, t, DF_ORIG_CPU, rec, -1);
		out->u.mig.dest_cpu = (int32_t)decode_num(d, t, DF_DEST_CPU, rec, -1);
		break;
	case RTW_EV_PI_SETPRIO:
		decode_str(d, t, DF_COMM, rec, out->u.pi.comm, RTW_COMM_LEN);
		out->u.pi.pid = (int32_t)decode_num(d, t, DF_PID, rec, -1);
		out->u.pi.oldprio = (int32_t)decode_num(d, t, DF_OLDPRIO, rec, 120);
		out->u.pi.newprio = (int32_t)decode_num(d, t, DF_NEWPRIO, rec, 120);
		decode_learn_comm(d, out->u.pi.pid, out->u.pi.comm);
		break;
	case RTW_EV_SIGNAL:
		decode_str(d, t, DF_COMM, rec, out->u.sig.comm, RTW_COMM_LEN);
		out->u.sig.sig = (int32_t)decode_num(d, t, DF_SIG, rec, 0);
		out->u.sig.pid = (int32_t)decode_num(d, t, DF_PID, rec, -1);
		out->u.sig.group = (int32_t)decode_num(d, t, DF_GROUP, rec, 0);
		out->u.sig.result = (int32_t)decode_num(d, t, DF_RESULT, rec, 0);
		break;
	case RTW_EV_CPUHP_ENTER:
		out->u.hp.cpu = (int32_t)decode_num(d, t, DF_CPU, rec, -1);
		out->u.hp.target = (int32_t)decode_num(d, t, DF_TARGET, rec, -1);
		out->u.hp.step = (int32_t)decode_num(d, t, DF_IDX, rec, -1);
		decode_function(d, (unsigned long long)decode_num(d, t, DF_FUN, rec, 0),
				out->u.hp.fun);
		break;
	case RTW_EV_CPUHP_EXIT:
		out->u.hp.cpu = (int32_t)decode_num(d, t, DF_CPU, rec, -1);
		out->u.hp.target = (int32_t)decode_num(d, t, DF_STATE, rec, -1);
		out->u.hp.step = (int32_t)decode_num(d, t, DF_IDX, rec, -1);
		out->u.hp.ret = (int32_t)decode_num(d, t, DF_RET, rec, 0);
		break;
	default:
		break;
	}
}

/* decode_irq_fields - the fields of the other events: interrupts, timers, markers, stacks. */
static void decode_irq_fields(struct decode *d, struct decode_type *t, struct tep_record *rec,
			      struct rtw_event *out)
{
	switch (t->kind) {
	case RTW_EV_IRQ_ENTRY:
		out->u.irq.irq = (int32_t)decode_num(d, t, DF_IRQ, rec, -1);
		decode_str(d, t, DF_NAME, rec, out->u.irq.name, RTW_NAME_LEN);
		break;
	case RTW_EV_IRQ_EXIT:
		out->u.irq.irq = (int32_t)decode_num(d, t, DF_IRQ, rec, -1);
		out->u.irq.ret = (int32_t)decode_num(d, t, DF_RET, rec, 0);
		break;
	case RTW_EV_SOFTIRQ_ENTRY:
	case RTW_EV_SOFTIRQ_EXIT:
	case RTW_EV_SOFTIRQ_RAISE:
		out->u.softirq.vec = (int32_t)decode_num(d, t, DF_VEC, rec, -1);
		break;
	case RTW_EV_HRTIMER_ENTRY:
		out->u.hrt.now_ns = (uint64_t)decode_num(d, t, DF_NOW, rec, 0);
		decode_function(d, (unsigned long long)decode_num(d, t, DF_FUNCTION, rec, 0),
				out->u.hrt.function);
		__attribute__((fallthrough));
	case RTW_EV_HRTIMER_EXIT:
		out->u.hrt.timer = (uint64_t)decode_num(d, t, DF_HRTIMER, rec, 0);
		break;
	case RTW_EV_TIMER_ENTRY: /* timer=, function= (the exit has no function) */
	case RTW_EV_TIMER_EXIT:
	case RTW_EV_CSD_ENTRY: /* csd=, func= (both) */
	case RTW_EV_CSD_EXIT: {
		bool timer = t->kind == RTW_EV_TIMER_ENTRY || t->kind == RTW_EV_TIMER_EXIT;

		if (t->kind != RTW_EV_TIMER_EXIT)
			decode_function(d,
					(unsigned long long)decode_num(
						d, t, timer ? DF_FUNCTION : DF_FUNC, rec, 0),
					out->u.cb.function);
		out->u.cb.id = (uint64_t)decode_num(d, t, timer ? DF_TIMER : DF_CSD, rec, 0);
		break;
	}
	case RTW_EV_HRTIMER_START:
		decode_function(d, (unsigned long long)decode_num(d, t, DF_FUNCTION, rec, 0),
				out->u.hrt.function);
		out->u.hrt.timer = (uint64_t)decode_num(d, t, DF_HRTIMER, rec, 0);
		out->u.hrt.expires_ns = (uint64_t)decode_num(d, t, DF_EXPIRES, rec, 0);
		out->u.hrt.softexpires_ns = (uint64_t)decode_num(d, t, DF_SOFTEXPIRES, rec,
								 (long long)out->u.hrt.expires_ns);
		out->u.hrt.mode = (uint32_t)decode_num(d, t, DF_MODE, rec, 0);
		out->u.hrt.clockid = -1;
		break;
	case RTW_EV_HRTIMER_INIT:
		out->u.hrt.timer = (uint64_t)decode_num(d, t, DF_HRTIMER, rec, 0);
		out->u.hrt.clockid = (int32_t)decode_num(d, t, DF_CLOCKID, rec, -1);
		out->u.hrt.mode = (uint32_t)decode_num(d, t, DF_MODE, rec, 0);
		break;
	case RTW_EV_VECTOR_ENTRY:
	case RTW_EV_VECTOR_EXIT:
		out->u.vec.vector = (int32_t)decode_num(d, t, DF_VECTOR, rec, -1);
		memcpy(out->u.vec.name, t->vector_name, RTW_NAME_LEN);
		break;
	case RTW_EV_NMI:
		out->u.vec.delta_ns = (uint64_t)decode_num(d, t, DF_DELTA_NS, rec, 0);
		util_strlcpy(out->u.vec.name, "nmi", RTW_NAME_LEN);
		break;
	case RTW_EV_IPI:
		out->u.vec.vector = (int32_t)decode_num(d, t, DF_VECTOR, rec, -1);
		break;
	case RTW_EV_MARKER:
		decode_str(d, t, DF_BUF, rec, out->u.marker.text, RTW_MARKER_LEN);
		break;
	case RTW_EV_STACK:
		out->u.stack.nr = decode_stack_size(d, t, rec);
		break;
	default:
		break;
	}
}

int decode_record(struct decode *d, struct tep_record *rec, int cpu, struct rtw_event *out)
{
	struct decode_type *t = decode_type_of(d, rec);
	unsigned long long v;

	if (!t)
		return 0;
	memset(out, 0, sizeof(*out));
	out->ts_ns = rec->ts;
	out->cpu = cpu;
	out->kind = t->kind;
	if (d->common_flags && !decode_read(d, d->common_flags, rec, &v))
		out->flags = event_flags_from_raw((unsigned int)v, d->layout);
	if (d->common_pc && !decode_read(d, d->common_pc, rec, &v))
		out->preempt = (uint8_t)(v & 0xf);
	if (d->common_pid && !decode_read(d, d->common_pid, rec, &v))
		out->pid = (int32_t)v;

	decode_task_fields(d, t, rec, out);
	decode_irq_fields(d, t, rec, out);
	decode_comm_of(d, out->pid, out->comm);
	return 1;
}

int32_t decode_task_pid(struct decode *d, struct tep_record *rec, int32_t *target_cpu)
{
	struct decode_type *t = decode_type_of(d, rec);

	*target_cpu = -1;
	if (!t)
		return -1;
	if (t->kind == RTW_EV_SWITCH)
		return (int32_t)decode_num(d, t, DF_NEXT_PID, rec, -1);
	*target_cpu = (int32_t)decode_num(d, t, DF_TARGET_CPU, rec, -1);
	return (int32_t)decode_num(d, t, DF_PID, rec, -1);
}

enum event_flag_layout decode_layout(const struct decode *d)
{
	return d->layout;
}

bool decode_rt_fields(const struct decode *d)
{
	return d->lazy_field;
}

int decode_lost(const struct tep_record *rec, int cpu, struct rtw_event *out)
{
	if (!rec->missed_events)
		return 0;
	memset(out, 0, sizeof(*out));
	out->ts_ns = rec->ts;
	out->cpu = cpu;
	out->pid = -1;
	out->kind = RTW_EV_LOST;
	out->u.lost.count = rec->missed_events > 0 ? (uint64_t)rec->missed_events : 0;
	return 1;
}
