// SPDX-License-Identifier: GPL-2.0-only
/*
 * savetrace - the explained windows into the --save-trace file, text or
 * trace.dat by its name, each event once.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analysis/datwrite.h"
#include "analysis/result.h"
#include "analysis/textwrite.h"
#include "analysis/util.h"
#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/savetrace.h"

#define SAVETRACE_WHAT "--save-trace file"

bool savetrace_is_dat(const char *path)
{
	size_t len = path ? strlen(path) : 0;

	return len > 4 && !strcmp(path + len - 4, ".dat");
}

bool savetrace_is_dir(const char *path)
{
	size_t len = path ? strlen(path) : 0;
	struct stat st;

	return (len && path[len - 1] == '/') || (path && !stat(path, &st) && S_ISDIR(st.st_mode));
}

int savetrace_parse_size(const char *text, uint64_t *bytes)
{
	static const char units[] = "KMGT";
	char num[32];
	const char *u;
	size_t len = text ? strlen(text) : 0;
	uint64_t v, mul = 1;
	int ret;

	if (!len || len >= sizeof(num))
		return -EINVAL;
	memcpy(num, text, len + 1);
	u = strchr(units, num[len - 1] & ~0x20);
	if (num[len - 1] >= 'A' && u) {
		mul = 1ULL << (10 * (u - units + 1));
		num[len - 1] = '\0';
	}
	ret = util_parse_u64(num, UINT64_MAX / mul, &v);
	if (!ret)
		*bytes = v * mul;
	return ret;
}

void savetrace_init(struct savetrace *s, const char *path)
{
	memset(s, 0, sizeof(*s));
	s->path = path;
	s->dir = savetrace_is_dir(path);
	s->dat = s->dir || savetrace_is_dat(path);
}

void savetrace_set_max(struct savetrace *s, uint64_t max_bytes)
{
	s->max_bytes = max_bytes;
}

void savetrace_reopen(struct savetrace *s)
{
	atomic_store(&s->reopen, 1);
}

int savetrace_check(const char *path)
{
	char probe[PATH_MAX];
	int fd, err = 0;

	if (!path || !savetrace_is_dir(path))
		return 0;
	if (mkdir(path, 0755) && errno != EEXIST)
		err = errno;
	if (!err && snprintf(probe, sizeof(probe), "%s/.rtwhy-probe.%d", path, (int)getpid()) >=
			    (int)sizeof(probe))
		err = ENAMETOOLONG;
	if (!err) {
		fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0) {
			err = errno;
		} else {
			close(fd);
			unlink(probe);
		}
	}
	if (err)
		log_err("cannot write %s %s: %s", SAVETRACE_WHAT, path, strerror(err));
	return -err;
}

static int savetrace_fail(struct savetrace *s, int err)
{
	log_err("cannot write %s %s: %s", SAVETRACE_WHAT, s->path, strerror(-err));
	return s->err = err;
}

/* A trace.dat of the traced machine @src. */
static int savetrace_dat_open(struct datwrite **dw, const char *path,
			      const struct savetrace_src *src)
{
	const struct datwrite_info info = {
		.nr_cpus = src->nr_cpus > 0 ? src->nr_cpus : 1,
		.clock = src->clock,
		.release = src->release,
		.machine = src->machine,
		.hostname = src->hostname,
	};

	return datwrite_open(dw, path, &info);
}

static int savetrace_open(struct savetrace *s, const struct savetrace_src *src)
{
	if (s->dat) {
		int ret = savetrace_dat_open(&s->dw, s->path, src);

		return ret ? savetrace_fail(s, ret) : 0;
	}
	s->err = outfile_open(s->path, SAVETRACE_WHAT, &s->text);
	if (!s->err) {
		textwrite_header(s->text, src->nr_cpus,
				 src->clock && src->clock[0] ? src->clock : "local");
		textwrite_kernel(s->text, src->release && src->release[0] ? src->release : NULL,
				 src->version, src->hz, src->main_tid, src->preempt);
	}
	return s->err;
}

/* ---- DIR/: one trace.dat per window, within --save-trace-max ------------------------ */

bool savetrace_entry_name(const char *name, uint64_t *written_us, uint64_t *latency_ns)
{
	unsigned long long sec, usec, lat;
	int end = 0;

	if (sscanf(name, "spike-%llu.%6llu-%lluns.dat%n", &sec, &usec, &lat, &end) != 3 ||
	    (size_t)end != strlen(name))
		return false;
	*written_us = sec * 1000000 + usec;
	*latency_ns = lat;
	return true;
}

/* The window files of DIR/: *out (free() it), -errno when DIR cannot be read. */
static ssize_t savetrace_scan(const char *dir, struct savetrace_entry **out)
{
	struct savetrace_entry *e = NULL, *grown;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		uint64_t us, lat;
		struct stat st;

		if (!savetrace_entry_name(de->d_name, &us, &lat) ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			grown = realloc(e, cap * sizeof(*e));
			if (!grown) {
				free(e);
				closedir(d);
				return -ENOMEM;
			}
			e = grown;
		}
		memset(&e[n], 0, sizeof(e[n]));
		e[n].written_us = us;
		e[n].latency_ns = lat;
		e[n].bytes = (uint64_t)st.st_size;
		util_strlcpy(e[n].name, de->d_name, sizeof(e[n].name));
		n++;
	}
	closedir(d);
	*out = e;
	return (ssize_t)n;
}

static int savetrace_by_latency(const void *a, const void *b)
{
	const struct savetrace_entry *x = a, *y = b;

	if (x->latency_ns != y->latency_ns)
		return x->latency_ns < y->latency_ns ? 1 : -1;
	return x->written_us < y->written_us ? -1 : x->written_us > y->written_us;
}

size_t savetrace_evict(struct savetrace_entry *e, size_t n, uint64_t max_bytes, uint64_t need)
{
	uint64_t total = 0, kept = 0;
	size_t i, nr_gone = 0;

	if (n)
		qsort(e, n, sizeof(*e), savetrace_by_latency); /* largest spike first */
	for (i = 0; i < n; i++) {
		total += e[i].bytes;
		e[i].gone = false;
		e[i].kept = kept + e[i].bytes <= max_bytes / 2;
		if (e[i].kept)
			kept += e[i].bytes;
	}
	/* the others, oldest first */
	while (total + need > max_bytes) {
		size_t victim = n;

		for (i = 0; i < n; i++)
			if (!e[i].gone && !e[i].kept &&
			    (victim == n || e[i].written_us < e[victim].written_us))
				victim = i;
		if (victim == n)
			break;
		e[victim].gone = true;
		total -= e[victim].bytes;
		nr_gone++;
	}
	/* then the kept ones, smallest spike first */
	for (i = n; i-- > 0 && total + need > max_bytes;) {
		if (e[i].gone)
			continue;
		e[i].gone = true;
		total -= e[i].bytes;
		nr_gone++;
	}
	return nr_gone;
}

/* Make room for @need bytes in DIR/ within the bound. */
static int savetrace_make_room(struct savetrace *s, uint64_t need)
{
	struct savetrace_entry *e = NULL;
	char path[PATH_MAX];
	ssize_t n = savetrace_scan(s->path, &e);
	size_t i;

	if (n < 0)
		return (int)n;
	savetrace_evict(e, (size_t)n, s->max_bytes, need);
	for (i = 0; i < (size_t)n; i++) {
		if (!e[i].gone)
			continue;
		snprintf(path, sizeof(path), "%s/%s", s->path, e[i].name);
		if (unlink(path) && errno != ENOENT) {
			int err = -errno;

			free(e);
			return err;
		}
		s->nr_removed++;
	}
	free(e);
	return 0;
}

/* The window as DIR/.spike-...tmp, then (within the bound) renamed to DIR/spike-... */
static int savetrace_dir_window(struct savetrace *s, const struct savetrace_src *src,
				const struct savetrace_window *win)
{
	char name[NAME_MAX + 1], tmp[PATH_MAX], path[PATH_MAX];
	struct datwrite *dw;
	struct timespec now;
	struct stat st;
	int ret;

	if (!s->nr_saved && mkdir(s->path, 0755) && errno != EEXIST)
		return -errno;
	clock_gettime(CLOCK_REALTIME, &now);
	snprintf(name, sizeof(name), "spike-%lld.%06ld-%lluns.dat", (long long)now.tv_sec,
		 now.tv_nsec / 1000, (unsigned long long)win->latency_ns);
	if (snprintf(path, sizeof(path), "%s/%s", s->path, name) >= (int)sizeof(path) ||
	    snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", s->path, name) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	ret = savetrace_dat_open(&dw, tmp, src);
	if (ret)
		return ret;
	ret = datwrite_events(dw, win->ev, win->n);
	if (ret) {
		datwrite_discard(dw);
		return ret;
	}
	ret = datwrite_close(dw);
	if (ret)
		return ret;
	if (stat(tmp, &st))
		ret = -errno;
	else if (s->max_bytes && (uint64_t)st.st_size > s->max_bytes)
		ret = 1; /* larger than the whole bound: not kept */
	else if (s->max_bytes)
		ret = savetrace_make_room(s, (uint64_t)st.st_size);
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret) {
		unlink(tmp);
		if (ret > 0) {
			if (!s->nr_too_large++)
				log_warn("the window of spike %d (%lld bytes) is larger than "
					 "--save-trace-max: not saved (nor later ones that are)",
					 win->index, (long long)st.st_size);
			return 0;
		}
		return ret;
	}
	s->nr_saved++;
	return 0;
}

/*
 * A marker (ftrace print) in the context of @at: its time, CPU and task, so
 * that it tells the reader where a window starts or ends and changes
 * nothing of what ran.
 */
static int savetrace_marker(struct savetrace *s, const struct rtw_event *at, const char *what,
			    int index)
{
	struct rtw_event m;

	memset(&m, 0, sizeof(m));
	m.ts_ns = at->ts_ns;
	m.cpu = at->cpu;
	m.pid = at->pid;
	m.flags = at->flags;
	m.preempt = at->preempt;
	util_strlcpy(m.comm, at->comm, sizeof(m.comm));
	m.kind = RTW_EV_MARKER;
	snprintf(m.u.marker.text, sizeof(m.u.marker.text), "rtwhy: window of spike %d %s", index,
		 what);
	return datwrite_events(s->dw, &m, 1);
}

/* The end of the last window written, before a gap (or the end of the file). */
static int savetrace_gap_end(struct savetrace *s)
{
	if (!s->open_window)
		return 0;
	s->open_window = false;
	return savetrace_marker(s, &s->last_ev, "ends: nothing saved until the next one",
				s->last_index);
}

/* SIGHUP's reopen, in the thread that writes: the file at the path starts again. */
static int savetrace_reopen_now(struct savetrace *s)
{
	int ret = 0;

	if (!atomic_exchange(&s->reopen, 0) || s->dir)
		return 0;
	if (s->text || s->dw)
		ret = savetrace_close(s);
	s->err = 0;
	s->saved_until_ns = 0;
	return ret;
}

int savetrace_window(struct savetrace *s, const struct savetrace_src *src,
		     const struct savetrace_window *win)
{
	const struct rtw_event *ev = win->ev;
	size_t i = 0, k, n = win->n;
	bool goes_on;

	savetrace_reopen_now(s);
	if (!s->path || s->err || !n)
		return s->err;
	if (s->dir) {
		int ret = savetrace_dir_window(s, src, win);

		return ret ? savetrace_fail(s, ret) : 0;
	}
	if (!s->text && !s->dw && savetrace_open(s, src))
		return s->err;
	/* the window goes on from the last one: its new events only */
	goes_on = s->saved_until_ns && ev[0].ts_ns <= s->saved_until_ns;
	if (goes_on)
		while (i < n && ev[i].ts_ns <= s->saved_until_ns)
			i++;
	if (s->dw) {
		int ret = 0;

		if (!goes_on && i < n) {
			ret = savetrace_gap_end(s);
			if (!ret)
				ret = savetrace_marker(s, &ev[i],
						       "starts: nothing saved since the last one",
						       win->index);
		}
		if (!ret && i < n)
			ret = datwrite_events(s->dw, ev + i, n - i);
		if (ret)
			return savetrace_fail(s, ret);
		if (i < n) {
			s->last_ev = ev[n - 1];
			s->last_index = win->index;
			s->open_window = true;
		}
	} else {
		if (goes_on)
			fprintf(s->text,
				"# rtwhy: and spike %d: tid %d latency %llu ns, same window\n",
				win->index, win->tid, (unsigned long long)win->latency_ns);
		else if (win->since_ns)
			fprintf(s->text,
				"# rtwhy: spike %d: tid %d latency %llu ns, recording since "
				"%llu.%09llu\n",
				win->index, win->tid, (unsigned long long)win->latency_ns,
				(unsigned long long)(win->since_ns / NSEC_PER_SEC),
				(unsigned long long)(win->since_ns % NSEC_PER_SEC));
		else
			fprintf(s->text, "# rtwhy: spike %d: tid %d latency %llu ns\n", win->index,
				win->tid, (unsigned long long)win->latency_ns);
		for (k = 0; k < win->nr_dl; k++)
			textwrite_deadline(s->text, win->dl[k].pid, win->dl[k].runtime_ns,
					   win->dl[k].deadline_ns, win->dl[k].period_ns);
		for (; i < n; i++)
			textwrite_event(s->text, &ev[i]);
		if (fflush(s->text) || ferror(s->text)) {
			s->err = outfile_close(s->text, SAVETRACE_WHAT, s->path);
			s->text = NULL;
			if (!s->err)
				s->err = -EIO;
			return s->err;
		}
	}
	if (ev[n - 1].ts_ns > s->saved_until_ns)
		s->saved_until_ns = ev[n - 1].ts_ns;
	return 0;
}

int savetrace_close(struct savetrace *s)
{
	int ret = s->err;

	if (s->text) {
		int r = outfile_close(s->text, SAVETRACE_WHAT, s->path);

		s->text = NULL;
		if (!ret)
			ret = r;
	}
	if (s->dw && !s->err) {
		int r = savetrace_gap_end(s);

		if (r)
			ret = savetrace_fail(s, r);
	}
	if (s->dw) {
		int r = s->err ? (datwrite_discard(s->dw), 0) : datwrite_close(s->dw);

		s->dw = NULL;
		if (r && !ret)
			ret = savetrace_fail(s, r);
	}
	return ret;
}

void savetrace_discard(struct savetrace *s)
{
	if (s->text)
		fclose(s->text);
	s->text = NULL;
	datwrite_discard(s->dw);
	s->dw = NULL;
}
