// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsession - the tracing instance behind -b/--explain (and irqs --observe).
 * Everything under tracefs goes through here; the records read back are
 * handed to decode.c, so no other file needs libtracefs.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <tracefs.h>
#include <unistd.h>

#include "analysis/decode.h"
#include "analysis/marker.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/log.h"
#include "rtwhy/procfs.h"
#include "rtwhy/rbread.h"
#include "rtwhy/tsession.h"
#include "rtwhy/host/ksyms.h"
#include "analysis/util.h"

#define TSESS_TRIGGER_FILTER " if buf ~ \"" MARKER_FREEZE_TRIGGER "*\""

struct tsess {
	struct tracefs_instance *inst;
	char name[32];
	struct tep_handle *tep;
	struct host_ksyms *ksyms; /* the tep's function names */
	struct decode *dec;
	int marker_fd;
	int on_fd;
	enum tsess_capture capture;
	const char *trigger; /* installed on ftrace/print, NULL none */
	bool stack_trigger;  /* a stacktrace trigger on sched_waking (tsess_stack_trigger()) */
	bool own_timers; /* timer:hrtimer_start of this process's threads (tsess_own_timers()) */
	const char *const *events; /* opts->events; NULL: the event table's (event.h) */
	size_t nr_events;
	bool *enabled; /* per event */
	char *cpumask; /* tracing_cpumask as set up (tsess_state() compares), NULL unread */
	char missing[512];
	int nr_cpus;
	struct tracefs_cpu **live;  /* per CPU trace_pipe_raw, non-blocking */
	struct tracefs_cpu **spare; /* SNAPSHOT: per CPU snapshot_raw, during a read only */
	struct rbread *rb;
};

/* The instance's settings rtwhy makes (tsess_create()) and puts back (tsess_restore()). */
static const struct {
	const char *file, *value, *what; /* what: for "cannot set ..." */
} tsess_settings_set[] = {
	{ "trace_clock", "mono", "set trace_clock to mono" },
	{ "current_tracer", "nop", "set current_tracer to nop" },
	{ "options/overwrite", "1", "set overwrite mode" },
	{ "options/markers", "1", "allow trace_marker writes" },
};

/* The pid filters of an instance: with one set, only those tasks' events are recorded. */
static const char *const tsess_pid_filters[] = { "set_event_pid", "set_event_notrace_pid" };

static const char *const tsess_capture_names[] = {
	[TSESS_CAPTURE_NONE] = "none",	       [TSESS_CAPTURE_AUTO] = "auto",
	[TSESS_CAPTURE_STOP] = "stop",	       [TSESS_CAPTURE_LIVE] = "live",
	[TSESS_CAPTURE_SNAPSHOT] = "snapshot",
};

const char *tsess_capture_name(enum tsess_capture c)
{
	if ((size_t)c >= ARRAY_SIZE(tsess_capture_names))
		return "?";
	return tsess_capture_names[c];
}

/* Is @word one of the names on the line after "# Available triggers:" in @text? */
static bool tsess_lists_trigger(const char *text, const char *word)
{
	const char *p = strstr(text, "# Available triggers:"), *end;
	size_t len = strlen(word);

	p = p ? strchr(p, '\n') : NULL;
	if (!p)
		return false;
	end = strchr(++p, '\n'); /* "# traceon traceoff snapshot ..." */
	if (!end)
		end = p + strlen(p);
	while (p < end) {
		size_t n;

		p += strspn(p, "# \t");
		n = strcspn(p, " \t\n");
		if (n == len && !strncmp(p, word, len))
			return true;
		p += n ? n : 1;
	}
	return false;
}

void tsess_probe(const char *dir, struct tsess_features *f)
{
	char path[PATH_MAX], text[1024];
	ssize_t n = -1;
	int fd;

	memset(f, 0, sizeof(*f));
	snprintf(path, sizeof(path), "%s/snapshot", dir);
	f->snapshot = access(path, F_OK) == 0;
	snprintf(path, sizeof(path), "%s/per_cpu/cpu0/snapshot_raw", dir);
	f->snapshot = f->snapshot && access(path, F_OK) == 0;
	snprintf(path, sizeof(path), "%s/events/ftrace/print/trigger", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, text, sizeof(text) - 1);
		close(fd);
	}
	if (n > 0) {
		text[n] = '\0';
		f->snapshot_trigger = tsess_lists_trigger(text, "snapshot");
	}
}

enum tsess_capture tsess_choose_capture(enum tsess_capture wanted, const struct tsess_features *f)
{
	bool snapshot = f->snapshot && f->snapshot_trigger;

	switch (wanted) {
	case TSESS_CAPTURE_AUTO:
	case TSESS_CAPTURE_SNAPSHOT:
		return snapshot ? TSESS_CAPTURE_SNAPSHOT : TSESS_CAPTURE_LIVE;
	case TSESS_CAPTURE_STOP:
	case TSESS_CAPTURE_LIVE:
		return wanted;
	default:
		return TSESS_CAPTURE_NONE;
	}
}

static int tsess_split(const char *spec, char *sys, size_t syslen, const char **event)
{
	const char *slash = strchr(spec, '/');

	if (!slash || (size_t)(slash - spec) >= syslen)
		return -EINVAL;
	memcpy(sys, spec, (size_t)(slash - spec));
	sys[slash - spec] = '\0';
	*event = slash + 1;
	return 0;
}

/*
 * Event @i of the session: of opts->events, or the @i-th one the event table enables; @tflags
 * its EVENT_T_* flags (opts->events': EVENT_T_NEEDED).
 */
static int tsess_event(const struct tsess *s, size_t i, char *sys, size_t syslen,
		       const char **event, unsigned int *tflags)
{
	const struct event_type *t;
	size_t n, k;

	*tflags = EVENT_T_ENABLE | EVENT_T_NEEDED;
	if (s->events)
		return tsess_split(s->events[i], sys, syslen, event);
	t = event_types(&n);
	for (k = 0; k < n; k++) {
		if (!(t[k].flags & EVENT_T_ENABLE) || i--)
			continue;
		if (strlen(t[k].system) >= syslen)
			return -EINVAL;
		strcpy(sys, t[k].system);
		*event = t[k].name;
		*tflags = t[k].flags;
		return 0;
	}
	return -EINVAL;
}

static size_t tsess_count_events(const struct tsess *s)
{
	const struct event_type *t;
	size_t n, k, count = 0;

	if (s->events) {
		while (s->events[count])
			count++;
		return count;
	}
	t = event_types(&n);
	for (k = 0; k < n; k++)
		count += (t[k].flags & EVENT_T_ENABLE) != 0;
	return count;
}

/*
 * The tracing directory, if we may use it: 0 or -errno. libtracefs 1.6.4
 * looks for it again on every call while it cannot stat() a file in it (not
 * root) and leaks the copy it had, so it is asked once, and nothing else of
 * it is called when the answer is no (its failing mkdir leaks as well).
 */
static int tsess_dir(const char **dir)
{
	static const char *found;

	if (!found)
		found = tracefs_tracing_dir(); /* also mounts tracefs when needed */
	*dir = found;
	if (!found)
		return errno ? -errno : -ENODEV;
	return access(found, R_OK | W_OK | X_OK) ? -errno : 0;
}

int tsess_remove_stale(void)
{
	const size_t plen = strlen(TSESS_PREFIX);
	int i, removed = 0, ret;
	const char *dir;
	char **list;

	ret = tsess_dir(&dir);
	if (ret)
		return ret;
	/* no regex: libtracefs 1.6.4 leaks the one it compiles */
	list = tracefs_instances(NULL);
	if (!list)
		return errno ? -errno : 0;
	for (i = 0; list[i]; i++) {
		struct tracefs_instance *inst;
		char *end;
		long pid;

		if (strncmp(list[i], TSESS_PREFIX, plen) || !isdigit((unsigned char)list[i][plen]))
			continue;
		pid = strtol(list[i] + plen, &end, 10);
		if (*end || pid <= 0 || pid == getpid() || kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)
			continue;
		inst = tracefs_instance_alloc(NULL, list[i]);
		if (!inst)
			continue;
		if (tracefs_instance_destroy(inst) == 0) {
			log_info("removed tracing instance %s left by a run that is gone (pid %ld)",
				 list[i], pid);
			removed++;
		} else {
			log_warn("cannot remove stale tracing instance %s: %s", list[i],
				 strerror(errno));
		}
		tracefs_instance_free(inst);
	}
	tracefs_list_free(list);
	return removed;
}

static int tsess_enable_events(struct tsess *s)
{
	size_t i, used = 0;

	s->nr_events = tsess_count_events(s);
	s->enabled = calloc(s->nr_events ? s->nr_events : 1, sizeof(*s->enabled));
	if (!s->enabled)
		return -ENOMEM;
	for (i = 0; i < s->nr_events; i++) {
		const char *event;
		char sys[64];
		unsigned int tflags;

		if (tsess_event(s, i, sys, sizeof(sys), &event, &tflags))
			continue;
		if (tracefs_event_enable(s->inst, sys, event) == 0) {
			s->enabled[i] = true;
			continue;
		}
		if (errno == EACCES || errno == EPERM)
			return -errno;
		if (tflags & EVENT_T_NEWER) /* a kernel before it: no word */
			continue;
		used += (size_t)snprintf(s->missing + used,
					 used < sizeof(s->missing) ? sizeof(s->missing) - used : 0,
					 "%s%s:%s", used ? ", " : "", sys, event);
		if (used >= sizeof(s->missing))
			used = sizeof(s->missing) - 1;
	}
	return 0;
}

static void tsess_disable_events(struct tsess *s)
{
	size_t i;

	for (i = 0; s->enabled && i < s->nr_events; i++) {
		const char *event;
		char sys[64];
		unsigned int tflags;

		if (!s->enabled[i] || tsess_event(s, i, sys, sizeof(sys), &event, &tflags))
			continue;
		tracefs_event_disable(s->inst, sys, event);
	}
}

static int tsess_fail(struct tsess *s, const char *what, int err)
{
	if (err == EACCES || err == EPERM)
		log_err("cannot %s: %s (must run as root to trace)", what, strerror(err));
	else
		log_err("cannot %s: %s", what, strerror(err));
	tsess_destroy(s);
	return -err;
}

/* ---- capture: the trigger, the per-CPU buffers, reading ------------------------------ */

static int tsess_setup_capture(struct tsess *s, enum tsess_capture wanted)
{
	struct tsess_features f;
	char *dir;

	s->capture = TSESS_CAPTURE_NONE;
	if (wanted == TSESS_CAPTURE_NONE)
		return 0;
	dir = tracefs_instance_get_dir(s->inst);
	if (!dir)
		return -ENOMEM;
	tsess_probe(dir, &f);
	tracefs_put_tracing_file(dir);
	s->capture = tsess_choose_capture(wanted, &f);
	if (wanted == TSESS_CAPTURE_SNAPSHOT && s->capture != TSESS_CAPTURE_SNAPSHOT)
		log_warn("this kernel has no %s: reading the live buffer instead",
			 f.snapshot ? "snapshot trigger"
				    : "trace snapshot (CONFIG_TRACER_SNAPSHOT)");
	if (s->capture == TSESS_CAPTURE_STOP)
		s->trigger = "traceoff" TSESS_TRIGGER_FILTER;
	else if (s->capture == TSESS_CAPTURE_SNAPSHOT)
		s->trigger = "snapshot" TSESS_TRIGGER_FILTER; /* allocates the spare */
	if (s->trigger &&
	    tracefs_event_file_write(s->inst, "ftrace", "print", "trigger", s->trigger) < 0) {
		s->trigger = NULL;
		return errno ? -errno : -EIO;
	}
	return 0;
}

static void tsess_close_spare(struct tsess *s)
{
	int i;

	for (i = 0; s->spare && i < s->nr_cpus; i++) {
		if (s->spare[i]) {
			tracefs_cpu_close(s->spare[i]); /* closes the fd given to alloc_fd */
			s->spare[i] = NULL;
		}
	}
}

static void tsess_close_cpus(struct tsess *s)
{
	int i;

	tsess_close_spare(s);
	for (i = 0; s->live && i < s->nr_cpus; i++)
		if (s->live[i])
			tracefs_cpu_close(s->live[i]);
	free(s->live);
	free(s->spare);
	s->live = s->spare = NULL;
}

static int tsess_decode(void *arg, struct tep_record *rec, int cpu, struct rtw_event *out)
{
	return decode_record(arg, rec, cpu, out);
}

static int tsess_decode_frame(void *arg, struct tep_record *rec, const struct rtw_event *stack,
			      int i, struct rtw_event *out)
{
	return decode_stack_frame(arg, rec, stack, i, out);
}

/* The CPUs the instance has buffers for (per_cpu/cpuN), their trace_pipe_raw, the reader. */
static int tsess_open_cpus(struct tsess *s)
{
	char *dir = tracefs_instance_get_dir(s->inst), path[PATH_MAX];
	int i, page = 0, ret;

	if (!dir)
		return -ENOMEM;
	for (s->nr_cpus = 0; s->nr_cpus < RTW_MAX_CPUS; s->nr_cpus++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d", dir, s->nr_cpus);
		if (access(path, F_OK))
			break;
	}
	tracefs_put_tracing_file(dir);
	if (!s->nr_cpus)
		return -ENOENT;
	s->live = calloc((size_t)s->nr_cpus, sizeof(*s->live));
	s->spare = calloc((size_t)s->nr_cpus, sizeof(*s->spare));
	if (!s->live || !s->spare)
		return -ENOMEM;
	for (i = 0; i < s->nr_cpus; i++) {
		s->live[i] = tracefs_cpu_open(s->inst, i, true);
		if (!s->live[i])
			return errno ? -errno : -EIO;
		if (!page)
			page = tracefs_cpu_read_size(s->live[i]);
	}
	ret = rbread_create(&s->rb, s->nr_cpus, page, tsess_decode, tsess_decode_frame, s->dec);
	return ret;
}

/* rbread's page source: one sub-buffer of a CPU, 0 when it has none now */
static int tsess_page(struct tracefs_cpu *tc, void *page)
{
	int n;

	errno = 0;
	n = tracefs_cpu_read(tc, page, true);
	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK || !errno ? 0 : -errno;
	return n;
}

static int tsess_live_page(void *arg, int cpu, void *page)
{
	struct tsess *s = arg;

	return tsess_page(s->live[cpu], page);
}

static int tsess_spare_page(void *arg, int cpu, void *page)
{
	struct tsess *s = arg;

	return s->spare[cpu] ? tsess_page(s->spare[cpu], page) : 0;
}

/* SNAPSHOT: per_cpu/cpuN/snapshot_raw, opened for one read of the spare */
static int tsess_open_spare(struct tsess *s)
{
	char file[64];
	int i, fd;

	for (i = 0; i < s->nr_cpus; i++) {
		snprintf(file, sizeof(file), "per_cpu/cpu%d/snapshot_raw", i);
		fd = tracefs_instance_file_open(s->inst, file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		s->spare[i] = tracefs_cpu_alloc_fd(fd, tracefs_cpu_read_size(s->live[i]), true);
		if (!s->spare[i]) {
			close(fd);
			return -ENOMEM;
		}
	}
	return 0;
}

long tsess_read_window(struct tsess *s, uint64_t from_ns, uint64_t until_ns,
		       int (*fn)(const struct rtw_event *ev, void *arg), void *arg)
{
	long n;

	if (s->capture == TSESS_CAPTURE_SNAPSHOT) {
		rbread_forget(s->rb); /* a new source: nothing of the last one goes with it */
		n = tsess_open_spare(s);
		if (!n)
			n = rbread_read(s->rb, tsess_spare_page, s, from_ns, UINT64_MAX, fn, arg);
		tsess_close_spare(s);
	} else {
		n = rbread_read(s->rb, tsess_live_page, s, from_ns, until_ns, fn, arg);
	}
	if (n < 0)
		log_err("cannot read the trace buffer of %s: %s", s->name, strerror((int)-n));
	return n;
}

long tsess_read(struct tsess *s, int (*fn)(const struct rtw_event *ev, void *arg), void *arg)
{
	return tsess_read_window(s, 0, UINT64_MAX, fn, arg);
}

uint64_t tsess_skipped_until(const struct tsess *s)
{
	return rbread_stats(s->rb)->skipped_until_ns;
}

int tsess_swap(struct tsess *s)
{
	if (s->capture != TSESS_CAPTURE_SNAPSHOT)
		return -EINVAL;
	if (tracefs_instance_file_write(s->inst, "snapshot", "1") < 0)
		return errno ? -errno : -EIO;
	return 0;
}

enum tsess_capture tsess_capture(const struct tsess *s)
{
	return s->capture;
}

/* libtraceevent asks the name of a function at *@addrp: host/ksyms has it */
static char *tsess_function(void *priv, unsigned long long *addrp, char **modp)
{
	uint64_t start;
	const char *name = host_ksyms_find(priv, *addrp, &start);

	*modp = NULL;
	if (name)
		*addrp = start;
	return (char *)name;
}

/*
 * What tracefs_local_events_system() gives (the header page, the formats of @systems, the
 * long size, the saved comms), but the function names from host/ksyms (see there: 8 MB
 * less) instead of every kernel symbol registered into the handle. Return: 0 or -errno.
 */
static int tsess_formats(struct tsess *s, const char *const *systems)
{
	char *text, **events;
	int size, i, j;

	/* no /proc/kallsyms (a container): names print as addresses, as libtracefs left them */
	if (host_ksyms_load(&s->ksyms, ""))
		s->ksyms = NULL;
	s->tep = tep_alloc();
	if (!s->tep)
		return -ENOMEM;
	errno = 0;
	text = tracefs_instance_file_read(NULL, "events/header_page", &size);
	if (!text)
		return errno ? -errno : -EIO;
	tep_parse_header_page(s->tep, text, (unsigned long)size, sizeof(long));
	free(text);
	for (i = 0; systems[i]; i++) {
		events = tracefs_system_events(NULL, systems[i]);
		/* an event whose format does not parse is left out, as libtracefs does */
		for (j = 0; events && events[j]; j++) {
			text = tracefs_event_file_read(NULL, systems[i], events[j], "format",
						       &size);
			if (text)
				tep_parse_event(s->tep, text, (unsigned long)size, systems[i]);
			free(text);
		}
		tracefs_list_free(events);
	}
	tep_set_cpus(s->tep, host_machine_nr_cpus());
	tep_set_long_size(s->tep, tep_get_header_page_size(s->tep));
	tracefs_load_cmdlines(NULL, s->tep);
	if (tep_set_function_resolver(s->tep, tsess_function, s->ksyms))
		return -ENOMEM;
	return 0;
}

int tsess_create(struct tsess **out, const struct tsess_opts *opts)
{
	enum event_flag_layout layout = EVENT_FLAGS_6_13;
	const char *systems[16];
	char buf[32], path[PATH_MAX];
	const char *dir;
	struct tsess *s;
	int major, minor, ret;
	size_t i;

	*out = NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->marker_fd = -1;
	s->on_fd = -1;
	s->events = opts->events;
	snprintf(s->name, sizeof(s->name), TSESS_PREFIX "%d", (int)getpid());

	ret = tsess_dir(&dir);
	if (ret && !dir)
		return tsess_fail(s, "find or mount tracefs", -ret);
	if (!ret) {
		snprintf(path, sizeof(path), "%s/instances", dir);
		ret = access(path, W_OK) ? -errno : 0;
	}
	if (ret)
		return tsess_fail(s, "create tracing instance", -ret);
	errno = 0;
	s->inst = tracefs_instance_create(s->name);
	if (!s->inst)
		return tsess_fail(s, "create tracing instance", errno ? errno : EIO);
	if (!tracefs_instance_is_new(s->inst)) {
		/* ours by name, from a previous life of this pid: start clean */
		tracefs_instance_destroy(s->inst);
		tracefs_instance_free(s->inst);
		s->inst = tracefs_instance_create(s->name);
		if (!s->inst)
			return tsess_fail(s, "create tracing instance", errno ? errno : EIO);
	}
	if (tracefs_instance_file_write(s->inst, "tracing_on", "0") < 0)
		return tsess_fail(s, "stop the new tracing instance", errno);
	for (i = 0; i < ARRAY_SIZE(tsess_settings_set); i++)
		if (tracefs_instance_file_write(s->inst, tsess_settings_set[i].file,
						tsess_settings_set[i].value) < 0)
			return tsess_fail(s, tsess_settings_set[i].what, errno);
	if (opts->buffer_kb && tracefs_instance_set_buffer_size(s->inst, opts->buffer_kb, -1) < 0)
		return tsess_fail(s, "set the trace buffer size", errno);
	ret = tsess_enable_events(s);
	if (ret)
		return tsess_fail(s, "enable trace events", -ret);
	s->cpumask = tracefs_instance_file_read(s->inst, "tracing_cpumask", NULL);
	if (s->missing[0])
		log_warn("events not available on this kernel, the analysis is weaker: %s",
			 s->missing);
	ret = tsess_setup_capture(s, opts->capture);
	if (ret)
		return tsess_fail(s, "install the freeze trigger on ftrace/print", -ret);
	s->marker_fd = tracefs_instance_file_open(s->inst, "trace_marker", O_WRONLY | O_CLOEXEC);
	if (s->marker_fd < 0)
		return tsess_fail(s, "open trace_marker", errno);
	s->on_fd = tracefs_instance_file_open(s->inst, "tracing_on", O_RDWR | O_CLOEXEC);
	if (s->on_fd < 0)
		return tsess_fail(s, "open tracing_on", errno);

	systems[event_systems(systems, ARRAY_SIZE(systems) - 1)] = NULL;
	ret = tsess_formats(s, systems); /* the formats the decoder reads */
	if (ret)
		return tsess_fail(s, "parse the event formats", -ret);
	if (!host_machine_kernel_version(&major, &minor))
		layout = event_flag_layout_for(major, minor);
	s->dec = decode_create(s->tep, layout);
	if (!s->dec)
		return tsess_fail(s, "create the event decoder", ENOMEM);
	ret = tsess_open_cpus(s);
	if (ret)
		return tsess_fail(s, "open the per-CPU trace buffers", -ret);

	/* a fresh buffer, then record */
	tracefs_instance_file_clear(s->inst, "trace");
	if (write(s->on_fd, "1", 1) != 1)
		return tsess_fail(s, "start tracing", errno);
	if (pread(s->on_fd, buf, 1, 0) != 1 || buf[0] != '1')
		return tsess_fail(s, "start tracing", EIO);
	*out = s;
	return 0;
}

int tsess_stack_trigger(struct tsess *s)
{
	char filter[96], comm[17] = "";

	if (prctl(PR_GET_NAME, comm, 0, 0, 0))
		return -errno;
	/*
	 * By name, every thread of this process but the calling (main) one, set before the
	 * measuring threads exist: their tids come too late for their first wakeups, and a
	 * trigger cannot be replaced without a gap (the removal waits for an RCU grace
	 * period, long on a CPU held by a non-preemptible section: what --stack is for).
	 */
	snprintf(filter, sizeof(filter), "stacktrace if comm == \"%s\" && pid != %d", comm,
		 (int)getpid());
	if (tracefs_event_file_write(s->inst, "sched", "sched_waking", "trigger", filter) < 0) {
		int err = errno ? errno : EIO;

		log_err("cannot install the stacktrace trigger on sched/sched_waking: %s",
			strerror(err));
		return -err;
	}
	s->stack_trigger = true;
	return 0;
}

int tsess_own_timers(struct tsess *s)
{
	char filter[64], comm[17] = "";

	if (prctl(PR_GET_NAME, comm, 0, 0, 0))
		return -errno;
	/* "comm" in a filter of an event without such a field: the current task's */
	snprintf(filter, sizeof(filter), "comm == \"%s\"", comm);
	if (tracefs_event_file_write(s->inst, "timer", "hrtimer_start", "filter", filter) < 0 ||
	    tracefs_event_enable(s->inst, "timer", "hrtimer_start")) {
		int err = errno ? errno : EIO;

		tracefs_event_file_write(s->inst, "timer", "hrtimer_start", "filter", "0");
		return -err;
	}
	s->own_timers = true;
	return 0;
}

int tsess_marker_fd(const struct tsess *s)
{
	return s->marker_fd;
}

const char *tsess_name(const struct tsess *s)
{
	return s->name;
}

int tsess_stop(struct tsess *s)
{
	if (write(s->on_fd, "0", 1) != 1)
		return -errno;
	return 0;
}

int tsess_rearm(struct tsess *s)
{
	if (tracefs_instance_file_clear(s->inst, "trace") < 0)
		return -errno;
	rbread_forget(s->rb); /* what it kept is older than the clear */
	if (write(s->on_fd, "1", 1) != 1)
		return -errno;
	return 0;
}

/* ---- the instance changed from outside (instwatch.c polls it) ----------------------------- */

/*
 * Is @sys:@event off in @s's instance? Its own "enable" file, read: tracefs_event_is_enabled()
 * lists every event system of the machine for one event (measured: 25000 allocations a second
 * at 10 polls a second, the heap of a long run scattered by them). Unreadable: not said off.
 */
static bool tsess_event_off(struct tsess *s, const char *sys, const char *event)
{
	char *text = tracefs_event_file_read(s->inst, sys, event, "enable", NULL);
	bool off = text && text[0] == '0';

	free(text);
	return off;
}

/* Has another program set a filter on @sys:@event in @s's instance? rtwhy sets none. */
static bool tsess_event_filtered(struct tsess *s, const char *sys, const char *event)
{
	char *text = tracefs_event_file_read(s->inst, sys, event, "filter", NULL);
	bool filtered = text && strncmp(text, "none", 4);

	free(text);
	return filtered;
}

/* @file of @s's instance into @buf: its first line, or the word in [brackets] (trace_clock). */
static void tsess_setting(struct tsess *s, const char *file, char *buf, size_t len)
{
	char *text = tracefs_instance_file_read(s->inst, file, NULL), *p, *e;

	buf[0] = '\0';
	if (!text)
		return;
	p = strchr(text, '[');
	e = p ? strchr(++p, ']') : NULL;
	if (!e) {
		p = text;
		e = p + strcspn(p, "\n");
	}
	snprintf(buf, len, "%.*s", (int)(e - p), p);
	free(text);
}

/* @file, a pid filter of @s's instance, into @buf when it has pids ("set_event_pid 12 and 1
 * more"). */
static void tsess_pid_filter(struct tsess *s, const char *file, char *buf, size_t len)
{
	char *text = tracefs_instance_file_read(s->inst, file, NULL);
	const char *p;
	int pids = 0;

	for (p = text; p && *p; p += strcspn(p, "\n"), p += *p == '\n')
		pids += isdigit((unsigned char)*p) != 0;
	if (pids == 1)
		snprintf(buf, len, "%s %.*s", file, (int)strcspn(text, "\n"), text);
	else if (pids)
		snprintf(buf, len, "%s %.*s and %d more", file, (int)strcspn(text, "\n"), text,
			 pids - 1);
	free(text);
}

/* Is the freeze trigger rtwhy installed still on ftrace/print ("snapshot:unlimited if ...")? */
static bool tsess_trigger_there(struct tsess *s)
{
	char *text = tracefs_event_file_read(s->inst, "ftrace", "print", "trigger", NULL);
	size_t n = strcspn(s->trigger, " ");
	const char *p;
	bool there = false;

	for (p = text; p && *p; p += strcspn(p, "\n"), p += *p == '\n')
		if (*p != '#' && !strncmp(p, s->trigger, n) && (p[n] == ':' || p[n] == ' '))
			there = true;
	free(text);
	return there || !text; /* unreadable: not known to be gone */
}

/* The settings of @st: what tracing rtwhy set up relies on, another program may change. */
static void tsess_settings(struct tsess *s, struct tsess_state *st)
{
	char *text, val[8];
	size_t i;

	tsess_setting(s, "trace_clock", st->clock, sizeof(st->clock));
	tsess_setting(s, "current_tracer", st->tracer, sizeof(st->tracer));
	tsess_setting(s, "options/overwrite", val, sizeof(val));
	st->overwrite = val[0] ? atoi(val) != 0 : -1;
	tsess_setting(s, "options/markers", val, sizeof(val));
	st->markers = val[0] ? atoi(val) != 0 : -1;
	for (i = 0; i < ARRAY_SIZE(tsess_pid_filters) && !st->pid_filter[0]; i++)
		tsess_pid_filter(s, tsess_pid_filters[i], st->pid_filter, sizeof(st->pid_filter));
	st->trigger_gone = s->trigger && !tsess_trigger_there(s);
	text = tracefs_instance_file_read(s->inst, "tracing_cpumask", NULL);
	if (text) {
		st->cpumask_changed = s->cpumask && strcmp(text, s->cpumask);
		snprintf(st->cpumask, sizeof(st->cpumask), "%.*s", (int)strcspn(text, "\n"), text);
	}
	free(text);
	for (i = 0; s->enabled && i < s->nr_events; i++) {
		const char *event;
		unsigned int tflags;
		char sys[64];

		if (!s->enabled[i] || tsess_event(s, i, sys, sizeof(sys), &event, &tflags) ||
		    !(tflags & EVENT_T_NEEDED))
			continue;
		if (tsess_event_filtered(s, sys, event) && !st->nr_filtered++)
			snprintf(st->event_filtered, sizeof(st->event_filtered), "%.40s:%.80s", sys,
				 event);
	}
}

int tsess_state(struct tsess *s, struct tsess_state *st)
{
	char *text, file[64], val[32];
	long long v;
	size_t i;
	int cpu;

	memset(st, 0, sizeof(*st));
	st->tracing_on = -1;
	st->buffer_kb = -1;
	st->exists = tracefs_file_exists(s->inst, "tracing_on");
	if (!st->exists)
		return -ENOENT;
	text = tracefs_instance_file_read(s->inst, "tracing_on", NULL);
	if (text)
		st->tracing_on = atoi(text) ? 1 : 0;
	free(text);
	text = tracefs_instance_file_read(s->inst, "per_cpu/cpu0/buffer_size_kb", NULL);
	if (text)
		st->buffer_kb = atoll(text);
	free(text);
	for (i = 0; s->enabled && i < s->nr_events; i++) {
		const char *event;
		char sys[64];
		unsigned int tflags;

		if (!s->enabled[i] || tsess_event(s, i, sys, sizeof(sys), &event, &tflags))
			continue;
		if (!tsess_event_off(s, sys, event))
			continue;
		if (!st->nr_events_off++)
			snprintf(st->event_off, sizeof(st->event_off), "%.40s:%.80s", sys, event);
	}
	tsess_settings(s, st);
	for (cpu = 0; cpu < s->nr_cpus; cpu++) {
		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
		text = tracefs_instance_file_read(s->inst, file, NULL);
		if (!text)
			continue;
		if (!procfs_field(text, "read events", val, sizeof(val)) &&
		    sscanf(val, "%lld", &v) == 1 && v > 0)
			st->passed += (unsigned long long)v;
		if (!procfs_field(text, "overrun", val, sizeof(val)) &&
		    sscanf(val, "%lld", &v) == 1 && v > 0)
			st->passed += (unsigned long long)v;
		free(text);
	}
	return 0;
}

/* Put back the settings of tsess_settings() another program changed; @ret, or the first -errno. */
static int tsess_restore_settings(struct tsess *s, int ret)
{
	struct tsess_state now;
	char val[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tsess_settings_set); i++) {
		const char *file = tsess_settings_set[i].file, *value = tsess_settings_set[i].value;

		tsess_setting(s, file, val, sizeof(val));
		/* only where it differs: a trace_clock write clears the buffer */
		if (val[0] && strcmp(val, value) &&
		    tracefs_instance_file_write(s->inst, file, value) < 0 && !ret)
			ret = -errno;
	}
	memset(&now, 0, sizeof(now));
	tsess_settings(s, &now);
	for (i = 0; now.pid_filter[0] && i < ARRAY_SIZE(tsess_pid_filters); i++)
		if (tracefs_instance_file_clear(s->inst, tsess_pid_filters[i]) < 0 && !ret)
			ret = -errno;
	if (now.trigger_gone &&
	    tracefs_event_file_write(s->inst, "ftrace", "print", "trigger", s->trigger) < 0 && !ret)
		ret = -errno;
	if (now.cpumask_changed &&
	    tracefs_instance_file_write(s->inst, "tracing_cpumask", s->cpumask) < 0 && !ret)
		ret = -errno;
	for (i = 0; now.nr_filtered && s->enabled && i < s->nr_events; i++) {
		const char *event;
		unsigned int tflags;
		char sys[64];

		if (!s->enabled[i] || tsess_event(s, i, sys, sizeof(sys), &event, &tflags) ||
		    !(tflags & EVENT_T_NEEDED))
			continue;
		if (tsess_event_filtered(s, sys, event) &&
		    tracefs_event_file_write(s->inst, sys, event, "filter", "0") < 0 && !ret)
			ret = -errno;
	}
	return ret;
}

int tsess_restore(struct tsess *s)
{
	int ret = 0;
	size_t i;

	for (i = 0; s->enabled && i < s->nr_events; i++) {
		const char *event;
		char sys[64];
		unsigned int tflags;

		if (!s->enabled[i] || tsess_event(s, i, sys, sizeof(sys), &event, &tflags))
			continue;
		if (tsess_event_off(s, sys, event) && tracefs_event_enable(s->inst, sys, event) &&
		    !ret)
			ret = -errno;
	}
	ret = tsess_restore_settings(s, ret);
	if (write(s->on_fd, "1", 1) != 1 && !ret)
		ret = -errno;
	return ret;
}

void tsess_destroy(struct tsess *s)
{
	if (!s)
		return;
	if (s->inst) {
		if (s->on_fd >= 0 && write(s->on_fd, "0", 1) != 1)
			log_warn("cannot stop tracing in %s: %s", s->name, strerror(errno));
		if (s->trigger) {
			char remove[128];

			snprintf(remove, sizeof(remove), "!%s", s->trigger);
			tracefs_event_file_write(s->inst, "ftrace", "print", "trigger", remove);
		}
		if (s->stack_trigger)
			tracefs_event_file_write(s->inst, "sched", "sched_waking", "trigger",
						 "!stacktrace");
		if (s->own_timers)
			tracefs_event_disable(s->inst, "timer", "hrtimer_start");
		tsess_disable_events(s);
	}
	tsess_close_cpus(s);
	if (s->marker_fd >= 0)
		close(s->marker_fd);
	if (s->on_fd >= 0)
		close(s->on_fd);
	if (s->inst) {
		if (tracefs_instance_destroy(s->inst))
			log_warn("cannot remove tracing instance %s: %s", s->name, strerror(errno));
		tracefs_instance_free(s->inst);
	}
	rbread_destroy(s->rb);
	decode_destroy(s->dec);
	if (s->tep)
		tep_free(s->tep);
	host_ksyms_free(s->ksyms);
	free(s->enabled);
	free(s->cpumask);
	free(s);
}
