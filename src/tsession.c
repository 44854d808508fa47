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
#include "rtwhy/log.h"
#include "rtwhy/tsession.h"
#include "analysis/util.h"

#define TSESS_FREEZE_TRIGGER "traceoff if buf ~ \"" MARKER_FREEZE_GLOB "\""

struct tsess {
	struct tracefs_instance *inst;
	char name[32];
	struct tep_handle *tep;
	struct decode *dec;
	int marker_fd;
	int on_fd;
	bool trigger;
	bool stack_trigger; /* a stacktrace trigger on sched_waking (tsess_stack_trigger()) */
	const char *const *events; /* opts->events; NULL: the event table's (event.h) */
	size_t nr_events;
	bool *enabled; /* per event */
	char missing[512];
};

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

/* Event @i of the session: of opts->events, or the @i-th one the event table enables. */
static int tsess_event(const struct tsess *s, size_t i, char *sys, size_t syslen,
		       const char **event)
{
	const struct event_type *t;
	size_t n, k;

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

		if (tsess_event(s, i, sys, sizeof(sys), &event))
			continue;
		if (tracefs_event_enable(s->inst, sys, event) == 0) {
			s->enabled[i] = true;
			continue;
		}
		if (errno == EACCES || errno == EPERM)
			return -errno;
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

		if (!s->enabled[i] || tsess_event(s, i, sys, sizeof(sys), &event))
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

int tsess_create(struct tsess **out, const struct tsess_opts *opts)
{
	enum event_flag_layout layout = EVENT_FLAGS_6_13;
	const char *systems[16];
	char buf[32], path[PATH_MAX];
	const char *dir;
	struct tsess *s;
	int major, minor, ret;

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
	if (tracefs_instance_file_write(s->inst, "trace_clock", "mono") < 0)
		return tsess_fail(s, "set trace_clock to mono", errno);
	if (tracefs_instance_file_write(s->inst, "options/overwrite", "1") < 0)
		return tsess_fail(s, "set overwrite mode", errno);
	if (opts->buffer_kb && tracefs_instance_set_buffer_size(s->inst, opts->buffer_kb, -1) < 0)
		return tsess_fail(s, "set the trace buffer size", errno);
	ret = tsess_enable_events(s);
	if (ret)
		return tsess_fail(s, "enable trace events", -ret);
	if (s->missing[0])
		log_warn("events not available on this kernel, the analysis is weaker: %s",
			 s->missing);
	if (opts->freeze_trigger) {
		if (tracefs_event_file_write(s->inst, "ftrace", "print", "trigger",
					     TSESS_FREEZE_TRIGGER) < 0)
			return tsess_fail(s, "install the freeze trigger on ftrace/print", errno);
		s->trigger = true;
	}
	s->marker_fd = tracefs_instance_file_open(s->inst, "trace_marker", O_WRONLY | O_CLOEXEC);
	if (s->marker_fd < 0)
		return tsess_fail(s, "open trace_marker", errno);
	s->on_fd = tracefs_instance_file_open(s->inst, "tracing_on", O_RDWR | O_CLOEXEC);
	if (s->on_fd < 0)
		return tsess_fail(s, "open tracing_on", errno);

	systems[event_systems(systems, ARRAY_SIZE(systems) - 1)] = NULL;
	s->tep = tracefs_local_events_system(NULL, systems); /* the formats the decoder reads */
	if (!s->tep)
		return tsess_fail(s, "parse the event formats", errno ? errno : EIO);
	if (!util_kernel_version(NULL, &major, &minor))
		layout = event_flag_layout_for(major, minor);
	s->dec = decode_create(s->tep, layout);
	if (!s->dec)
		return tsess_fail(s, "create the event decoder", ENOMEM);

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

struct tsess_reader {
	struct tsess *s;
	int (*fn)(const struct rtw_event *ev, void *arg);
	void *arg;
	long count;
	int stop;
};

static int tsess_read_one(struct tep_event *event, struct tep_record *rec, int cpu, void *ctx)
{
	struct tsess_reader *r = ctx;
	struct rtw_event ev;

	(void)event;
	if (r->stop)
		return 1;
	if (decode_lost(rec, cpu, &ev)) {
		r->count++;
		r->stop = r->fn(&ev, r->arg);
		if (r->stop)
			return 1;
	}
	if (!decode_record(r->s->dec, rec, cpu, &ev))
		return 0;
	r->count++;
	r->stop = r->fn(&ev, r->arg);
	if (!r->stop && ev.kind == RTW_EV_STACK) {
		struct rtw_event frame;
		int i;

		for (i = 0; !r->stop && i < ev.u.stack.nr; i++) {
			if (!decode_stack_frame(r->s->dec, rec, &ev, i, &frame))
				break;
			r->count++;
			r->stop = r->fn(&frame, r->arg);
		}
	}
	return r->stop ? 1 : 0;
}

long tsess_read(struct tsess *s, int (*fn)(const struct rtw_event *ev, void *arg), void *arg)
{
	struct tsess_reader r = { .s = s, .fn = fn, .arg = arg };

	if (tracefs_iterate_raw_events(s->tep, s->inst, NULL, 0, tsess_read_one, &r) < 0 &&
	    !r.stop) {
		int err = errno ? errno : EIO;

		log_err("cannot read the trace buffer of %s: %s", s->name, strerror(err));
		return -err;
	}
	return r.count;
}

int tsess_rearm(struct tsess *s)
{
	if (tracefs_instance_file_clear(s->inst, "trace") < 0)
		return -errno;
	if (write(s->on_fd, "1", 1) != 1)
		return -errno;
	return 0;
}

void tsess_destroy(struct tsess *s)
{
	if (!s)
		return;
	if (s->inst) {
		if (s->on_fd >= 0 && write(s->on_fd, "0", 1) != 1)
			log_warn("cannot stop tracing in %s: %s", s->name, strerror(errno));
		if (s->trigger)
			tracefs_event_file_write(s->inst, "ftrace", "print", "trigger",
						 "!" TSESS_FREEZE_TRIGGER);
		if (s->stack_trigger)
			tracefs_event_file_write(s->inst, "sched", "sched_waking", "trigger",
						 "!stacktrace");
		tsess_disable_events(s);
	}
	if (s->marker_fd >= 0)
		close(s->marker_fd);
	if (s->on_fd >= 0)
		close(s->on_fd);
	if (s->inst) {
		if (tracefs_instance_destroy(s->inst))
			log_warn("cannot remove tracing instance %s: %s", s->name, strerror(errno));
		tracefs_instance_free(s->inst);
	}
	decode_destroy(s->dec);
	if (s->tep)
		tep_free(s->tep);
	free(s->enabled);
	free(s);
}
