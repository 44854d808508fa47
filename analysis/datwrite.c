// SPDX-License-Identifier: GPL-2.0-only
/*
 * datwrite - rtw_events re-encoded as the kernel's records (its format
 * files, 6.18), packed into ring-buffer pages as the kernel packs them,
 * and handed with a staged tracing directory (header files, formats,
 * kallsyms, saved_cmdlines) to libtracecmd, which writes the trace.dat.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/datwrite.h"
#include "analysis/pidmap.h"
#include "analysis/tracecmd_private.h"
#include "analysis/util.h"

#define DW_PAGE_SIZE	    4096
#define DW_PAGE_HEADER	    16 /* u64 timestamp, long commit */
#define DW_PAGE_DATA	    (DW_PAGE_SIZE - DW_PAGE_HEADER)
#define DW_MISSED_EVENTS    (1ULL << 31) /* the commit word's flags (kbuffer) */
#define DW_MISSED_STORED    (1ULL << 30) /* ... the count follows the data */
#define DW_TYPE_TIME_EXTEND 30
#define DW_MAX_SMALL	    (28 * 4) /* the longest payload a record header's type_len holds */
#define DW_DELTA_BITS	    27
#define DW_MAX_RECORD	    (16 + 8 * 128 + 16)
#define DW_SYM_BASE	    0xffffffffc8000000ULL /* the addresses given to the names */
#define DW_SYM_STEP	    0x100
#define DW_MAX_SYMS	    65536
#define DW_MAX_VECTORS	    32
#define DW_VECTOR_ID	    200 /* vector i: entry DW_VECTOR_ID + 2i, exit + 1 */
#define DW_ID_BASE	    10

/* The events written: the kernel's fields after the common ones, and its print format. */
enum dw_type {
	DW_SWITCH,
	DW_WAKING,
	DW_WAKEUP,
	DW_MIGRATE,
	DW_PI,
	DW_HP_ENTER,
	DW_HP_EXIT,
	DW_IRQ_ENTRY,
	DW_IRQ_EXIT,
	DW_SOFTIRQ_ENTRY,
	DW_SOFTIRQ_EXIT,
	DW_SOFTIRQ_RAISE,
	DW_HRT_ENTRY,
	DW_HRT_EXIT,
	DW_HRT_START,
	DW_NMI,
	DW_IPI,
	DW_PRINT,
	DW_STACK,
	DW_TIMER_ENTRY,
	DW_TIMER_EXIT,
	DW_CSD_ENTRY,
	DW_CSD_EXIT,
	DW_NR_TYPES,
};

#define DW_F(decl, off, size, sign) \
	"\tfield:" decl ";\toffset:" #off ";\tsize:" #size ";\tsigned:" #sign ";\n"
#define DW_WAKE_FIELDS                  \
	DW_F("char comm[16]", 8, 16, 0) \
	DW_F("pid_t pid", 24, 4, 1) DW_F("int prio", 28, 4, 1) DW_F("int target_cpu", 32, 4, 1)
#define DW_WAKE_PRINT                                                                  \
	"\"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, REC->pid, REC->prio, " \
	"REC->target_cpu"
#define DW_SOFTIRQ_PRINT                                                                          \
	"\"vec=%u [action=%s]\", REC->vec, __print_symbolic(REC->vec, { 0, \"HI\" }, { 1, "       \
	"\"TIMER\" }, { 2, \"NET_TX\" }, { 3, \"NET_RX\" }, { 4, \"BLOCK\" }, { 5, \"IRQ_POLL\" " \
	"}, { 6, \"TASKLET\" }, { 7, \"SCHED\" }, { 8, \"HRTIMER\" }, { 9, \"RCU\" })"
#define DW_STATES                                                                           \
	"(((0x00000000 | 0x00000001 | 0x00000002 | 0x00000004 | 0x00000008 | 0x00000010 | " \
	"0x00000020 | 0x00000040) + 1) << 1)"

static const struct dw_format {
	const char *system;
	const char *name;
	const char *fields;
	const char *print;
} dw_formats[DW_NR_TYPES] = {
	[DW_SWITCH] = { "sched", "sched_switch",
			DW_F("char prev_comm[16]", 8, 16, 0) DW_F("pid_t prev_pid", 24, 4, 1)
				DW_F("int prev_prio", 28, 4, 1) DW_F("long prev_state", 32, 8, 1)
					DW_F("char next_comm[16]", 40, 16, 0)
						DW_F("pid_t next_pid", 56, 4, 1)
							DW_F("int next_prio", 60, 4, 1),
			"\"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s "
			"next_pid=%d next_prio=%d\", REC->prev_comm, REC->prev_pid, "
			"REC->prev_prio, "
			"(REC->prev_state & (" DW_STATES " - 1)) ? __print_flags(REC->prev_state & "
			"(" DW_STATES
			" - 1), \"|\", { 0x00000001, \"S\" }, { 0x00000002, \"D\" }, { "
			"0x00000004, \"T\" }, { 0x00000008, \"t\" }, { 0x00000010, \"X\" }, { "
			"0x00000020, \"Z\" }, { 0x00000040, \"P\" }, { 0x00000080, \"I\" }) : "
			"\"R\", "
			"REC->prev_state & " DW_STATES " ? \"+\" : \"\", REC->next_comm, "
			"REC->next_pid, REC->next_prio" },
	[DW_WAKING] = { "sched", "sched_waking", DW_WAKE_FIELDS, DW_WAKE_PRINT },
	[DW_WAKEUP] = { "sched", "sched_wakeup", DW_WAKE_FIELDS, DW_WAKE_PRINT },
	[DW_MIGRATE] = { "sched", "sched_migrate_task",
			 DW_F("__data_loc char[] comm", 8, 4, 0) DW_F("pid_t pid", 12, 4, 1)
				 DW_F("int prio", 16, 4, 1) DW_F("int orig_cpu", 20, 4, 1)
					 DW_F("int dest_cpu", 24, 4, 1),
			 "\"comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\", __get_str(comm), "
			 "REC->pid, REC->prio, REC->orig_cpu, REC->dest_cpu" },
	[DW_PI] = { "sched", "sched_pi_setprio",
		    DW_F("__data_loc char[] comm", 8, 4, 0) DW_F("pid_t pid", 12, 4, 1)
			    DW_F("int oldprio", 16, 4, 1) DW_F("int newprio", 20, 4, 1),
		    "\"comm=%s pid=%d oldprio=%d newprio=%d\", __get_str(comm), REC->pid, "
		    "REC->oldprio, REC->newprio" },
	[DW_HP_ENTER] = { "cpuhp", "cpuhp_enter",
			  DW_F("unsigned int cpu", 8, 4, 0) DW_F("int target", 12, 4, 1)
				  DW_F("int idx", 16, 4, 1) DW_F("void * fun", 24, 8, 0),
			  "\"cpu: %04u target: %3d step: %3d (%ps)\", REC->cpu, REC->target, "
			  "REC->idx, REC->fun" },
	[DW_HP_EXIT] = { "cpuhp", "cpuhp_exit",
			 DW_F("unsigned int cpu", 8, 4, 0) DW_F("int state", 12, 4, 1)
				 DW_F("int idx", 16, 4, 1) DW_F("int ret", 20, 4, 1),
			 "\" cpu: %04u  state: %3d step: %3d ret: %d\", REC->cpu, REC->state, "
			 "REC->idx, REC->ret" },
	[DW_IRQ_ENTRY] = { "irq", "irq_handler_entry",
			   DW_F("int irq", 8, 4, 1) DW_F("__data_loc char[] name", 12, 4, 0),
			   "\"irq=%d name=%s\", REC->irq, __get_str(name)" },
	[DW_IRQ_EXIT] = { "irq", "irq_handler_exit",
			  DW_F("int irq", 8, 4, 1) DW_F("int ret", 12, 4, 1),
			  "\"irq=%d ret=%s\", REC->irq, REC->ret ? \"handled\" : \"unhandled\"" },
	[DW_SOFTIRQ_ENTRY] = { "irq", "softirq_entry", DW_F("unsigned int vec", 8, 4, 0),
			       DW_SOFTIRQ_PRINT },
	[DW_SOFTIRQ_EXIT] = { "irq", "softirq_exit", DW_F("unsigned int vec", 8, 4, 0),
			      DW_SOFTIRQ_PRINT },
	[DW_SOFTIRQ_RAISE] = { "irq", "softirq_raise", DW_F("unsigned int vec", 8, 4, 0),
			       DW_SOFTIRQ_PRINT },
	[DW_HRT_ENTRY] = { "timer", "hrtimer_expire_entry",
			   DW_F("void * hrtimer", 8, 8, 0) DW_F("s64 now", 16, 8, 1)
				   DW_F("void * function", 24, 8, 0),
			   "\"hrtimer=%p function=%ps now=%llu\", REC->hrtimer, REC->function, "
			   "(unsigned long long) REC->now" },
	[DW_HRT_EXIT] = { "timer", "hrtimer_expire_exit", DW_F("void * hrtimer", 8, 8, 0),
			  "\"hrtimer=%p\", REC->hrtimer" },
	/* the kernel prints the mode with __print_symbolic(); its number here ("mode=9") */
	[DW_HRT_START] = { "timer", "hrtimer_start",
			   DW_F("void * hrtimer", 8, 8, 0) DW_F("void * function", 16, 8, 0)
				   DW_F("s64 expires", 24, 8, 1) DW_F("s64 softexpires", 32, 8, 1)
					   DW_F("enum hrtimer_mode mode", 40, 4, 0),
			   "\"hrtimer=%p function=%ps expires=%llu softexpires=%llu mode=%u\", "
			   "REC->hrtimer, REC->function, (unsigned long long) REC->expires, "
			   "(unsigned long long) REC->softexpires, REC->mode" },
	[DW_NMI] = { "nmi", "nmi_handler",
		     DW_F("void * handler", 8, 8, 0) DW_F("s64 delta_ns", 16, 8, 1)
			     DW_F("int handled", 24, 4, 1),
		     "\"%ps() delta_ns: %lld handled: %d\", REC->handler, REC->delta_ns, "
		     "REC->handled" },
	[DW_IPI] = { "ipi", "ipi_send_cpu",
		     DW_F("unsigned int cpu", 8, 4, 0) DW_F("void * callsite", 16, 8, 0)
			     DW_F("void * callback", 24, 8, 0),
		     "\"cpu=%u callsite=%pS callback=%pS\", REC->cpu, REC->callsite, "
		     "REC->callback" },
	[DW_PRINT] = { "ftrace", "print",
		       DW_F("unsigned long ip", 8, 8, 0) DW_F("char buf[]", 16, 0, 0),
		       "\"%ps: %s\", (void *)REC->ip, REC->buf" },
	[DW_STACK] = { "ftrace", "kernel_stack",
		       DW_F("int size", 8, 4, 1) DW_F("unsigned long caller[8]", 16, 64, 0),
		       "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> "
		       "%ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void "
		       "*)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void "
		       "*)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void "
		       "*)REC->caller[7]" },
	[DW_TIMER_ENTRY] = { "timer", "timer_expire_entry",
			     DW_F("void * timer", 8, 8, 0) DW_F("unsigned long now", 16, 8, 0)
				     DW_F("void * function", 24, 8, 0)
					     DW_F("unsigned long baseclk", 32, 8, 0),
			     "\"timer=%p function=%ps now=%lu baseclk=%lu\", REC->timer, "
			     "REC->function, REC->now, REC->baseclk" },
	[DW_TIMER_EXIT] = { "timer", "timer_expire_exit", DW_F("void * timer", 8, 8, 0),
			    "\"timer=%p\", REC->timer" },
	[DW_CSD_ENTRY] = { "csd", "csd_function_entry",
			   DW_F("void * func", 8, 8, 0) DW_F("void * csd", 16, 8, 0),
			   "\"func=%ps, csd=%p\", REC->func, REC->csd" },
	[DW_CSD_EXIT] = { "csd", "csd_function_exit",
			  DW_F("void * func", 8, 8, 0) DW_F("void * csd", 16, 8, 0),
			  "\"func=%ps, csd=%p\", REC->func, REC->csd" },
};

static const char dw_header_page[] = "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
				     "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
				     "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
				     "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";

static const char dw_header_event[] = "# compressed entry header\n"
				      "\ttype_len    :    5 bits\n"
				      "\ttime_delta  :   27 bits\n"
				      "\tarray       :   32 bits\n"
				      "\n"
				      "\tpadding     : type == 29\n"
				      "\ttime_extend : type == 30\n"
				      "\ttime_stamp : type == 31\n"
				      "\tdata max type_len  == 28\n";

struct dw_cpu {
	FILE *f; /* its pages, in the staging directory */
	unsigned char page[DW_PAGE_SIZE];
	size_t len; /* data bytes in @page */
	uint64_t page_ts;
	uint64_t last_ts;
	bool open;	    /* @page has a record */
	bool missed;	    /* the next page starts after lost events */
	uint64_t nr_missed; /* ... this many (0: unknown) */
	/* its stats section (trace-cmd report --stat) */
	uint64_t nr_records;
	uint64_t nr_lost; /* the lost events the input counted */
	uint64_t first_ts;
};

struct dw_sym {
	char name[RTW_FRAME_LEN];
};

struct datwrite {
	char *path;
	char dir[64]; /* the staging directory */
	struct datwrite_info info;
	char clock[16];
	char release[64];
	char machine[32];
	char hostname[65];
	enum event_flag_layout layout;
	struct dw_cpu *cpu; /* [info.nr_cpus] */
	bool used[DW_NR_TYPES];
	char vector[DW_MAX_VECTORS][RTW_NAME_LEN];
	int nr_vectors;
	struct dw_sym *sym;
	size_t nr_sym, cap_sym;
	struct pidmap tasks;
	uint64_t nr_events;
	int err;
};

/* ---- the staging directory ------------------------------------------------------------ */

static int dw_write_file(const struct datwrite *w, const char *rel, const char *text, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/%s", w->dir, rel);
	f = fopen(path, "we");
	if (!f)
		return -errno;
	if (len && fwrite(text, 1, len, f) != len)
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret ? ret : 0;
}

static int dw_mkdir(const struct datwrite *w, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", w->dir, rel);
	return mkdir(path, 0700) && errno != EEXIST ? -errno : 0;
}

/* events/SYSTEM/NAME/format, as the kernel's */
static int dw_write_format(const struct datwrite *w, const char *system, const char *name, int id,
			   const char *fields, const char *print)
{
	char rel[160], *text = NULL;
	int ret, len;

	snprintf(rel, sizeof(rel), "events/%s", system);
	ret = dw_mkdir(w, rel);
	snprintf(rel, sizeof(rel), "events/%s/%s", system, name);
	if (!ret)
		ret = dw_mkdir(w, rel);
	if (ret)
		return ret;
	len = asprintf(
		&text,
		"name: %s\nID: %d\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
		"%s\nprint fmt: %s\n",
		name, id, fields, print);
	if (len < 0)
		return -ENOMEM;
	snprintf(rel, sizeof(rel), "events/%s/%s/format", system, name);
	ret = dw_write_file(w, rel, text, (size_t)len);
	free(text);
	return ret;
}

static int dw_stage(struct datwrite *w)
{
	char name[RTW_NAME_LEN + 8], *buf = NULL;
	size_t len = 0, i, pos = 0;
	const struct pidmap_task *t;
	FILE *f;
	int k, ret;

	ret = dw_mkdir(w, "events");
	if (!ret)
		ret = dw_write_file(w, "events/header_page", dw_header_page,
				    sizeof(dw_header_page) - 1);
	if (!ret)
		ret = dw_write_file(w, "events/header_event", dw_header_event,
				    sizeof(dw_header_event) - 1);
	/* ftrace/print and kernel_stack always: trace-cmd reads the ftrace events apart */
	w->used[DW_PRINT] = w->used[DW_STACK] = true;
	for (k = 0; !ret && k < DW_NR_TYPES; k++)
		if (w->used[k])
			ret = dw_write_format(w, dw_formats[k].system, dw_formats[k].name,
					      DW_ID_BASE + k, dw_formats[k].fields,
					      dw_formats[k].print);
	for (k = 0; !ret && k < 2 * w->nr_vectors; k++) {
		snprintf(name, sizeof(name), "%s_%s", w->vector[k / 2], k % 2 ? "exit" : "entry");
		ret = dw_write_format(w, "irq_vectors", name, DW_VECTOR_ID + k,
				      DW_F("int vector", 8, 4, 1), "\"vector=%d\", REC->vector");
	}
	if (ret)
		return ret;
	/* kallsyms: the names the events hold, each at its address */
	f = open_memstream(&buf, &len);
	if (!f)
		return -ENOMEM;
	for (i = 0; i < w->nr_sym; i++)
		fprintf(f, "%016llx T %s\n", (unsigned long long)(DW_SYM_BASE + DW_SYM_STEP * i),
			w->sym[i].name);
	fclose(f);
	ret = dw_write_file(w, "kallsyms", buf, len);
	free(buf);
	if (ret)
		return ret;
	/* saved_cmdlines: the task names */
	buf = NULL;
	f = open_memstream(&buf, &len);
	if (!f)
		return -ENOMEM;
	while ((t = pidmap_next(&w->tasks, &pos)))
		if (t->pid > 0 && t->comm[0])
			fprintf(f, "%d %s\n", t->pid, t->comm);
	fclose(f);
	ret = dw_write_file(w, "saved_cmdlines", buf, len);
	free(buf);
	if (!ret)
		ret = dw_write_file(w, "trace_clock", w->clock, strlen(w->clock));
	return ret;
}

static int dw_remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

/* the staging directory: our own files only (FTW_PHYS: no link followed) */
static void dw_remove_stage(struct datwrite *w)
{
	nftw(w->dir, dw_remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

/* ---- the pages ------------------------------------------------------------------------ */

static void dw_put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void dw_put64(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static int dw_flush_page(struct datwrite *w, struct dw_cpu *c)
{
	uint64_t commit = c->len;

	if (!c->open)
		return 0;
	if (c->missed) {
		commit |= DW_MISSED_EVENTS;
		if (c->nr_missed) {
			commit |= DW_MISSED_STORED;
			dw_put64(c->page + DW_PAGE_HEADER + c->len, c->nr_missed);
		}
	}
	dw_put64(c->page, c->page_ts);
	dw_put64(c->page + 8, commit);
	c->open = false;
	c->missed = false;
	c->nr_missed = 0;
	if (fwrite(c->page, DW_PAGE_SIZE, 1, c->f) != 1)
		return w->err = -(errno ? errno : EIO);
	return 0;
}

static int dw_cpu_file(struct datwrite *w, int cpu)
{
	struct dw_cpu *c = &w->cpu[cpu];
	char path[PATH_MAX];

	if (c->f)
		return 0;
	snprintf(path, sizeof(path), "%s/cpu%d", w->dir, cpu);
	c->f = fopen(path, "we");
	return c->f ? 0 : (w->err = -errno);
}

/* One record of @size payload bytes at @ts on @cpu: its header, a time extend if needed. */
static int dw_record(struct datwrite *w, int cpu, uint64_t ts, const unsigned char *data,
		     size_t size)
{
	struct dw_cpu *c = &w->cpu[cpu];
	size_t padded = (size + 3) & ~(size_t)3;
	size_t need = 4 + padded + (padded > DW_MAX_SMALL ? 4 : 0);
	uint64_t delta = c->open && ts > c->last_ts ? ts - c->last_ts : 0;
	size_t room;
	unsigned char *p;

	if (dw_cpu_file(w, cpu))
		return w->err;
	if (delta >> DW_DELTA_BITS)
		need += 8;
	room = DW_PAGE_DATA - (c->missed && c->nr_missed ? 8 : 0);
	if (c->open && c->len + need > room) {
		if (dw_flush_page(w, c))
			return w->err;
	}
	if (!c->open) {
		memset(c->page, 0, sizeof(c->page));
		c->open = true;
		c->len = 0;
		c->page_ts = ts;
		c->last_ts = ts;
		delta = 0;
		need = 4 + padded + (padded > DW_MAX_SMALL ? 4 : 0);
	}
	p = c->page + DW_PAGE_HEADER + c->len;
	if (delta >> DW_DELTA_BITS) { /* a time extend: the delta's high bits in its array */
		dw_put32(p, DW_TYPE_TIME_EXTEND | (uint32_t)(delta & ((1u << DW_DELTA_BITS) - 1))
							  << 5);
		dw_put32(p + 4, (uint32_t)(delta >> DW_DELTA_BITS));
		p += 8;
		c->len += 8;
		delta = 0;
	}
	if (padded > DW_MAX_SMALL) { /* type_len 0: the length (+4) in array[0] */
		dw_put32(p, (uint32_t)delta << 5);
		dw_put32(p + 4, (uint32_t)padded + 4);
		p += 8;
		c->len += 8;
	} else {
		dw_put32(p, (uint32_t)(padded / 4) | (uint32_t)delta << 5);
		p += 4;
		c->len += 4;
	}
	memcpy(p, data, size);
	memset(p + size, 0, padded - size);
	c->len += padded;
	c->last_ts = ts;
	if (!c->nr_records++)
		c->first_ts = ts;
	w->nr_events++;
	return 0;
}

/* ---- the records ---------------------------------------------------------------------- */

static uint64_t dw_symbol(struct datwrite *w, const char *name)
{
	size_t i;

	if (!name[0])
		return 0;
	if (!strncmp(name, "0x", 2)) /* unknown to the source too: its address */
		return strtoull(name, NULL, 16);
	for (i = 0; i < w->nr_sym; i++)
		if (!strcmp(w->sym[i].name, name))
			return DW_SYM_BASE + DW_SYM_STEP * i;
	if (w->nr_sym == DW_MAX_SYMS)
		return 0;
	if (w->nr_sym == w->cap_sym) {
		size_t cap = w->cap_sym ? w->cap_sym * 2 : 64;
		struct dw_sym *s = realloc(w->sym, cap * sizeof(*s));

		if (!s)
			return 0;
		w->sym = s;
		w->cap_sym = cap;
	}
	util_strlcpy(w->sym[w->nr_sym].name, name, RTW_FRAME_LEN);
	return DW_SYM_BASE + DW_SYM_STEP * w->nr_sym++;
}

static int dw_vector_id(struct datwrite *w, const char *name, bool exit)
{
	int i;

	for (i = 0; i < w->nr_vectors; i++)
		if (!strcmp(w->vector[i], name))
			return DW_VECTOR_ID + 2 * i + exit;
	if (w->nr_vectors == DW_MAX_VECTORS)
		return -1;
	util_strlcpy(w->vector[w->nr_vectors], name, RTW_NAME_LEN);
	return DW_VECTOR_ID + 2 * w->nr_vectors++ + exit;
}

/* A __data_loc string at the end of the record: the loc word at @field. */
static size_t dw_dyn_str(unsigned char *p, size_t field, size_t end, const char *s)
{
	size_t len = strlen(s) + 1;

	dw_put32(p + field, (uint32_t)(len << 16 | end));
	memcpy(p + end, s, len);
	return end + len;
}

static void dw_comm(unsigned char *p, const char *comm)
{
	memset(p, 0, RTW_COMM_LEN);
	memcpy(p, comm, strnlen(comm, RTW_COMM_LEN - 1));
}

/* dw_fill_task - the payload of a scheduler event into @p: its size, 0 for another kind. */
static size_t dw_fill_task(const struct rtw_event *e, unsigned char *p, int *type)
{
	switch (e->kind) {
	case RTW_EV_SWITCH:
		*type = DW_SWITCH;
		dw_comm(p + 8, e->u.sw.prev_comm);
		dw_put32(p + 24, (uint32_t)e->u.sw.prev_pid);
		dw_put32(p + 28, (uint32_t)e->u.sw.prev_prio);
		dw_put64(p + 32, e->u.sw.prev_state);
		dw_comm(p + 40, e->u.sw.next_comm);
		dw_put32(p + 56, (uint32_t)e->u.sw.next_pid);
		dw_put32(p + 60, (uint32_t)e->u.sw.next_prio);
		return 64;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		*type = e->kind == RTW_EV_WAKING ? DW_WAKING : DW_WAKEUP;
		dw_comm(p + 8, e->u.wake.comm);
		dw_put32(p + 24, (uint32_t)e->u.wake.pid);
		dw_put32(p + 28, (uint32_t)e->u.wake.prio);
		dw_put32(p + 32, (uint32_t)e->u.wake.target_cpu);
		return 36;
	case RTW_EV_MIGRATE:
		*type = DW_MIGRATE;
		dw_put32(p + 12, (uint32_t)e->u.mig.pid);
		dw_put32(p + 16, (uint32_t)e->u.mig.prio);
		dw_put32(p + 20, (uint32_t)e->u.mig.orig_cpu);
		dw_put32(p + 24, (uint32_t)e->u.mig.dest_cpu);
		return dw_dyn_str(p, 8, 28, e->u.mig.comm);
	case RTW_EV_PI_SETPRIO:
		*type = DW_PI;
		dw_put32(p + 12, (uint32_t)e->u.pi.pid);
		dw_put32(p + 16, (uint32_t)e->u.pi.oldprio);
		dw_put32(p + 20, (uint32_t)e->u.pi.newprio);
		return dw_dyn_str(p, 8, 24, e->u.pi.comm);
	default:
		return 0;
	}
}

/* dw_fill_cpuhp - the payload of a CPU hotplug step into @p: its size, 0 for another kind. */
static size_t dw_fill_cpuhp(struct datwrite *w, const struct rtw_event *e, unsigned char *p,
			    int *type)
{
	switch (e->kind) {
	case RTW_EV_CPUHP_ENTER:
		*type = DW_HP_ENTER;
		dw_put32(p + 8, (uint32_t)e->u.hp.cpu);
		dw_put32(p + 12, (uint32_t)e->u.hp.target);
		dw_put32(p + 16, (uint32_t)e->u.hp.step);
		dw_put64(p + 24, dw_symbol(w, e->u.hp.fun));
		return 32;
	case RTW_EV_CPUHP_EXIT:
		*type = DW_HP_EXIT;
		dw_put32(p + 8, (uint32_t)e->u.hp.cpu);
		dw_put32(p + 12, (uint32_t)e->u.hp.target);
		dw_put32(p + 16, (uint32_t)e->u.hp.step);
		dw_put32(p + 20, (uint32_t)e->u.hp.ret);
		return 24;
	default:
		return 0;
	}
}

/* dw_fill_irq - the payload of an interrupt event into @p: its size, 0 for another kind. */
static size_t dw_fill_irq(struct datwrite *w, const struct rtw_event *e, unsigned char *p,
			  int *type)
{
	switch (e->kind) {
	case RTW_EV_IRQ_ENTRY:
		*type = DW_IRQ_ENTRY;
		dw_put32(p + 8, (uint32_t)e->u.irq.irq);
		return dw_dyn_str(p, 12, 16, e->u.irq.name);
	case RTW_EV_IRQ_EXIT:
		*type = DW_IRQ_EXIT;
		dw_put32(p + 8, (uint32_t)e->u.irq.irq);
		dw_put32(p + 12, (uint32_t)e->u.irq.ret);
		return 16;
	case RTW_EV_SOFTIRQ_ENTRY:
	case RTW_EV_SOFTIRQ_EXIT:
	case RTW_EV_SOFTIRQ_RAISE:
		*type = e->kind == RTW_EV_SOFTIRQ_ENTRY	 ? DW_SOFTIRQ_ENTRY
			: e->kind == RTW_EV_SOFTIRQ_EXIT ? DW_SOFTIRQ_EXIT
							 : DW_SOFTIRQ_RAISE;
		dw_put32(p + 8, (uint32_t)e->u.softirq.vec);
		return 12;
	case RTW_EV_HRTIMER_ENTRY:
		*type = DW_HRT_ENTRY;
		dw_put64(p + 8, e->u.hrt.timer);
		dw_put64(p + 16, e->u.hrt.now_ns);
		dw_put64(p + 24, dw_symbol(w, e->u.hrt.function));
		return 32;
	case RTW_EV_HRTIMER_EXIT:
		*type = DW_HRT_EXIT;
		dw_put64(p + 8, e->u.hrt.timer);
		return 16;
	case RTW_EV_HRTIMER_START:
		*type = DW_HRT_START;
		dw_put64(p + 8, e->u.hrt.timer);
		dw_put64(p + 16, dw_symbol(w, e->u.hrt.function));
		dw_put64(p + 24, e->u.hrt.expires_ns);
		dw_put64(p + 32, e->u.hrt.softexpires_ns);
		dw_put32(p + 40, e->u.hrt.mode);
		return 44;
	case RTW_EV_TIMER_ENTRY:
	case RTW_EV_TIMER_EXIT:
		*type = e->kind == RTW_EV_TIMER_ENTRY ? DW_TIMER_ENTRY : DW_TIMER_EXIT;
		dw_put64(p + 8, e->u.cb.id);
		if (e->kind == RTW_EV_TIMER_EXIT)
			return 16;
		dw_put64(p + 24, dw_symbol(w, e->u.cb.function));
		return 40;
	case RTW_EV_CSD_ENTRY:
	case RTW_EV_CSD_EXIT:
		*type = e->kind == RTW_EV_CSD_ENTRY ? DW_CSD_ENTRY : DW_CSD_EXIT;
		dw_put64(p + 8, dw_symbol(w, e->u.cb.function));
		dw_put64(p + 16, e->u.cb.id);
		return 24;
	case RTW_EV_NMI:
		*type = DW_NMI;
		dw_put64(p + 16, e->u.vec.delta_ns);
		dw_put32(p + 24, 1);
		return 28;
	case RTW_EV_IPI:
		*type = DW_IPI;
		dw_put32(p + 8, (uint32_t)e->u.vec.vector);
		return 32;
	default:
		return 0;
	}
}

/* The record of @e (and of the frames after it); how many events it took, 0 to skip one. */
static size_t dw_encode(struct datwrite *w, const struct rtw_event *e, size_t left)
{
	unsigned char p[DW_MAX_RECORD];
	size_t size, used = 1, i;
	int id = -1, type = -1;

	memset(p, 0, sizeof(p));
	size = dw_fill_task(e, p, &type);
	if (!size)
		size = dw_fill_irq(w, e, p, &type);
	if (!size)
		size = dw_fill_cpuhp(w, e, p, &type);
	if (!size) {
		switch (e->kind) {
		case RTW_EV_VECTOR_ENTRY:
		case RTW_EV_VECTOR_EXIT:
			id = dw_vector_id(w, e->u.vec.name[0] ? e->u.vec.name : "vector",
					  e->kind == RTW_EV_VECTOR_EXIT);
			if (id < 0)
				return 1;
			dw_put32(p + 8, (uint32_t)e->u.vec.vector);
			size = 12;
			break;
		case RTW_EV_MARKER: {
			size_t len = strnlen(e->u.marker.text, RTW_MARKER_LEN);

			type = DW_PRINT;
			dw_put64(p + 8, dw_symbol(w, "tracing_mark_write"));
			memcpy(p + 16, e->u.marker.text, len);
			p[16 + len] = '\n'; /* as the kernel stores a trace_marker write */
			size = 16 + len + 2;
			break;
		}
		case RTW_EV_STACK: {
			size_t nr = 0;

			type = DW_STACK;
			for (i = 1; i < left && nr < 128; i++) {
				const struct rtw_event *f = &e[i];

				if (f->kind != RTW_EV_STACK_FRAME || f->cpu != e->cpu)
					break;
				dw_put64(p + 16 + 8 * nr++, dw_symbol(w, f->u.frame.name));
			}
			used = i;
			dw_put32(p + 8, (uint32_t)nr);
			/* caller[8] at least, as the format says */
			size = 16 + 8 * (nr < 8 ? 8 : nr);
			break;
		}
		default: /* OTHER: which event it was is not known; a frame without its stack */
			return 1;
		}
	}
	if (type >= 0) {
		id = DW_ID_BASE + type;
		w->used[type] = true;
	}
	p[0] = (unsigned char)(id & 0xff);
	p[1] = (unsigned char)(id >> 8);
	p[2] = (unsigned char)event_flags_to_raw(e->flags, w->layout);
	p[3] = e->preempt;
	dw_put32(p + 4, (uint32_t)e->pid);
	pidmap_learn(&w->tasks, e);
	if (dw_record(w, e->cpu, e->ts_ns, p, size))
		return 0;
	return used;
}

int datwrite_events(struct datwrite *w, const struct rtw_event *ev, size_t n)
{
	size_t i = 0;

	while (i < n && !w->err) {
		const struct rtw_event *e = &ev[i];
		size_t used;

		if (e->cpu < 0 || e->cpu >= w->info.nr_cpus) {
			i++;
			continue;
		}
		if (e->kind == RTW_EV_LOST) { /* the next page of the CPU says it */
			struct dw_cpu *c = &w->cpu[e->cpu];

			if (c->open && dw_flush_page(w, c))
				break;
			c->missed = true;
			c->nr_missed += e->u.lost.count;
			c->nr_lost += e->u.lost.count;
			i++;
			continue;
		}
		used = dw_encode(w, e, n - i);
		if (!used)
			break;
		i += used;
	}
	return w->err;
}

/* ---- the file ------------------------------------------------------------------------- */

int datwrite_open(struct datwrite **out, const char *path, const struct datwrite_info *info)
{
	const char *tmp = getenv("TMPDIR");
	struct datwrite *w;
	int major, minor;

	*out = NULL;
	if (info->nr_cpus < 1 || info->nr_cpus > RTW_MAX_CPUS)
		return -EINVAL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;
	w->info = *info;
	w->path = strdup(path);
	w->cpu = calloc((size_t)info->nr_cpus, sizeof(*w->cpu));
	if (!w->path || !w->cpu || pidmap_init(&w->tasks)) {
		free(w->path);
		free(w->cpu);
		free(w);
		return -ENOMEM;
	}
	util_strlcpy(w->clock, info->clock && info->clock[0] ? info->clock : "local",
		     sizeof(w->clock));
	util_strlcpy(w->release, info->release ? info->release : "", sizeof(w->release));
	util_strlcpy(w->machine, info->machine && info->machine[0] ? info->machine : "unknown",
		     sizeof(w->machine));
	util_strlcpy(w->hostname, info->hostname && info->hostname[0] ? info->hostname : "unknown",
		     sizeof(w->hostname));
	w->layout = EVENT_FLAGS_6_13; /* what a reader assumes of a file without uname */
	if (w->release[0] && !util_kernel_version(w->release, &major, &minor))
		w->layout = event_flag_layout_for(major, minor);
	snprintf(w->dir, sizeof(w->dir), "%s/rtwhy-dat-XXXXXX",
		 tmp && tmp[0] && strlen(tmp) < 40 ? tmp : "/tmp");
	if (!mkdtemp(w->dir)) {
		int ret = -errno;

		w->dir[0] = '\0';
		datwrite_discard(w);
		return ret;
	}
	*out = w;
	return 0;
}

/* ts as the kernel's stats file shows it: seconds.microseconds */
static void dw_stat_ts(char *buf, size_t len, uint64_t ts)
{
	snprintf(buf, len, "%llu.%06llu", (unsigned long long)(ts / NSEC_PER_SEC),
		 (unsigned long long)(ts % NSEC_PER_SEC / NSEC_PER_USEC));
}

/*
 * One CPU's stats, as trace-cmd record writes them (its instance's
 * per_cpu/cpuN/stats after a "CPU: N" line, read once the buffer is
 * emptied: entries and bytes 0), from what was written: the records (read
 * events), the events the input said were lost (overrun), the first and
 * last record's time. A reader's `trace-cmd report --stat` lists them.
 */
static int dw_cpu_stat(struct datwrite *w, struct tracecmd_output *h, int cpu)
{
	const struct dw_cpu *c = &w->cpu[cpu];
	char stat[512], first[32], last[32];
	int n;

	dw_stat_ts(first, sizeof(first), c->nr_records ? c->first_ts : 0);
	dw_stat_ts(last, sizeof(last), c->nr_records ? c->last_ts : 0);
	n = snprintf(stat, sizeof(stat),
		     "CPU: %d\nentries: 0\noverrun: %llu\ncommit overrun: 0\nbytes: 0\n"
		     "oldest event ts: %s\nnow ts: %s\ndropped events: 0\nread events: %llu\n",
		     cpu, (unsigned long long)c->nr_lost, first, last,
		     (unsigned long long)c->nr_records);
	if (!tracecmd_add_option(h, TRACECMD_PRIV_OPTION_CPUSTAT, n + 1, stat))
		return -ENOMEM;
	return 0;
}

/* libtracecmd's errno after a failed write is its own (EINVAL on a full disk): ask the file */
static int dw_real_errno(const char *path, int ret)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return ret;
	ret = -util_write_errno(fd, -ret);
	close(fd);
	return ret;
}

static int dw_write(struct datwrite *w)
{
	char kallsyms[PATH_MAX], clock[24], uname[200];
	char **files;
	struct tracecmd_output *h;
	int i, ret = 0;

	files = calloc((size_t)w->info.nr_cpus, sizeof(*files));
	if (!files)
		return -ENOMEM;
	for (i = 0; !ret && i < w->info.nr_cpus; i++) {
		struct dw_cpu *c = &w->cpu[i];

		ret = dw_cpu_file(w, i);
		if (!ret && c->open)
			ret = dw_flush_page(w, c);
		if (!ret && fflush(c->f))
			ret = -errno;
		if (!ret && asprintf(&files[i], "%s/cpu%d", w->dir, i) < 0) {
			files[i] = NULL;
			ret = -ENOMEM;
		}
	}
	if (!ret)
		ret = dw_stage(w);
	if (ret)
		goto out;
	snprintf(kallsyms, sizeof(kallsyms), "%s/kallsyms", w->dir);
	snprintf(clock, sizeof(clock), "[%s]", w->clock);
	/* libtracecmd says what fails through its log (off: we say it), and its progress on stderr
	 * unless quiet; writing kallsyms it sets kptr_restrict to 0 for a moment and back */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	errno = 0;
	h = tracecmd_output_create(w->path);
	if (!h) {
		ret = -(errno ? errno : EIO);
		goto out;
	}
	tracecmd_set_quiet(h, true);
	if (tracecmd_output_set_trace_dir(h, w->dir) || tracecmd_output_set_kallsyms(h, kallsyms))
		ret = -ENOMEM;
	tracecmd_set_out_clock(h, w->clock);
	if (!ret && tracecmd_output_write_headers(h, NULL))
		ret = -(errno ? errno : EIO);
	if (!ret &&
	    !tracecmd_add_option(h, TRACECMD_PRIV_OPTION_TRACECLOCK, (int)strlen(clock) + 1, clock))
		ret = -ENOMEM;
	if (!ret && w->release[0]) {
		snprintf(uname, sizeof(uname), "Linux %s %s %s", w->hostname, w->release,
			 w->machine);
		if (!tracecmd_add_option(h, TRACECMD_PRIV_OPTION_UNAME, (int)strlen(uname) + 1,
					 uname))
			ret = -ENOMEM;
	}
	for (i = 0; !ret && i < w->info.nr_cpus; i++)
		ret = dw_cpu_stat(w, h, i);
	if (!ret && tracecmd_write_cmdlines(h))
		ret = -(errno ? errno : EIO);
	if (!ret && tracecmd_append_cpu_data(h, w->info.nr_cpus, files))
		ret = -(errno ? errno : EIO);
	tracecmd_output_close(h);
	if (ret && ret != -ENOMEM)
		ret = dw_real_errno(w->path, ret);
out:
	for (i = 0; i < w->info.nr_cpus; i++)
		free(files[i]);
	free(files);
	return ret;
}

int datwrite_close(struct datwrite *w)
{
	int ret = w->err ? w->err : dw_write(w);

	if (ret)
		unlink(w->path);
	datwrite_discard(w);
	return ret;
}

void datwrite_discard(struct datwrite *w)
{
	int i;

	if (!w)
		return;
	for (i = 0; i < w->info.nr_cpus; i++)
		if (w->cpu[i].f)
			fclose(w->cpu[i].f);
	if (w->dir[0])
		dw_remove_stage(w);
	pidmap_free(&w->tasks);
	free(w->sym);
	free(w->cpu);
	free(w->path);
	free(w);
}

uint64_t datwrite_nr_events(const struct datwrite *w)
{
	return w->nr_events;
}
