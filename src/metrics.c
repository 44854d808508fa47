// SPDX-License-Identifier: GPL-2.0-only
/*
 * metrics - the --metrics file for node_exporter's textfile collector:
 * rendering (pure) and the atomic replacement of the file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtwhy/log.h"
#include "rtwhy/metrics.h"
#include "analysis/util.h"

#define METRICS_STALE_S 60 /* a temporary file this old, of a dead pid, is a killed run's */

const uint64_t metrics_bound_ns[METRICS_NR_BOUNDS] = {
	1000,	2000,	 5000,	  10000,   20000,    50000,    100000,	 200000,
	500000, 1000000, 2000000, 5000000, 10000000, 20000000, 50000000, 100000000,
};

/* ---- label values ------------------------------------------------------------------ */

/* The length of the valid UTF-8 sequence at @s (RFC 3629: no overlong form, no surrogate), 0 if none. */
static size_t metrics_utf8_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		return (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (s[0] >= 0xe0 && s[0] <= 0xef) {
		if (s[0] == 0xe0)
			lo = 0xa0;
		if (s[0] == 0xed)
			hi = 0x9f;
		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 ? 3 : 0;
	}
	if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		if (s[0] == 0xf0)
			lo = 0x90;
		if (s[0] == 0xf4)
			hi = 0x8f;
		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 && (s[3] & 0xc0) == 0x80
			       ? 4
			       : 0;
	}
	return 0;
}

void metrics_label_clean(const char *in, char *out, size_t len)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t used = 0;

	while (*s) {
		size_t n = metrics_utf8_len(s);

		if (n == 1 && (*s < 0x20 || *s == 0x7f))
			n = 0;
		if (used + (n ? n : 1) >= len)
			break;
		if (n) {
			memcpy(out + used, s, n);
			used += n;
			s += n;
		} else {
			out[used++] = '?';
			s++;
		}
	}
	out[used] = '\0';
}

void metrics_put_label(FILE *f, const char *value)
{
	char clean[256];
	const char *c;

	metrics_label_clean(value, clean, sizeof(clean));
	fputc('"', f);
	for (c = clean; *c; c++) {
		if (*c == '\\' || *c == '"')
			fputc('\\', f);
		fputc(*c, f);
	}
	fputc('"', f);
}

void metrics_put_seconds(FILE *f, int64_t ns)
{
	uint64_t mag = ns < 0 ? -(uint64_t)ns : (uint64_t)ns;
	char frac[16];
	int n;

	n = snprintf(frac, sizeof(frac), "%09llu", (unsigned long long)(mag % NSEC_PER_SEC));
	while (n > 0 && frac[n - 1] == '0')
		frac[--n] = '\0';
	fprintf(f, "%s%llu%s%s", ns < 0 ? "-" : "", (unsigned long long)(mag / NSEC_PER_SEC),
		n ? "." : "", frac);
}

/* ---- the explained spikes ---------------------------------------------------------- */

void metrics_spikes_add(struct metrics_spikes *sp, const struct blame_result *res)
{
	const struct blame_culprit *c;
	const char *name = "";
	char comm[METRICS_LABEL_LEN];
	int i;

	if ((unsigned int)res->verdict < BLAME_NR_VERDICTS)
		sp->by_verdict[res->verdict]++;
	if (res->verdict_culprit < 0 || res->verdict_culprit >= res->nr_culprits)
		return;
	c = &res->culprit[res->verdict_culprit];
	if ((unsigned int)c->kind >= METRICS_NR_KINDS)
		return;
	if (c->kind == BLAME_TASK || c->kind == BLAME_IRQ_THREAD)
		name = c->comm;
	else if (c->kind == BLAME_HARDIRQ || c->kind == BLAME_SOFTIRQ)
		name = c->name;
	/* the series are told apart by what the file shows: the cleaned comm */
	metrics_label_clean(name, comm, sizeof(comm));
	for (i = 0; i < sp->nr_culprits; i++) {
		if (sp->culprit[i].kind == c->kind && !strcmp(sp->culprit[i].comm, comm)) {
			sp->culprit[i].spikes++;
			return;
		}
	}
	if (!strcmp(comm, METRICS_OTHER) || sp->nr_culprits == METRICS_MAX_CULPRITS) {
		sp->folded[c->kind]++;
		return;
	}
	sp->culprit[i].kind = c->kind;
	util_strlcpy(sp->culprit[i].comm, comm, sizeof(sp->culprit[i].comm));
	sp->culprit[i].spikes = 1;
	sp->nr_culprits++;
}

/* ---- one thread's numbers ---------------------------------------------------------- */

void metrics_thread_read(const struct measure_thread_summary *t, struct metrics_thread *out)
{
	const struct stats_thread *st = t->stats;
	uint64_t unit = st && st->unit_ns ? st->unit_ns : 1;
	uint64_t hist_seen = 0, est_seen = 0, prev = 0;
	unsigned int est_b = 0;
	int hist_b = 0, k;

	memset(out, 0, sizeof(*out));
	out->index = t->index;
	out->cpu = t->cpu;
	out->count = t->snap.cycles;
	out->sum_ns = t->snap.sum_units * (int64_t)unit;
	out->max_ns = t->snap.max_ns;
	if (!st || !st->est)
		return;
	if (st->nr_buckets)
		hist_seen = stats_count_read(&st->hist_below); /* negative: below every bound */
	for (k = 0; k < METRICS_NR_BOUNDS; k++) {
		uint64_t bound = metrics_bound_ns[k], n;

		if (st->nr_buckets && bound % unit == 0 &&
		    bound / unit <= (uint64_t)st->nr_buckets) {
			/* -h: bucket i holds the samples of i units, [i, i + 1) */
			for (; (uint64_t)hist_b < bound / unit; hist_b++)
				hist_seen += stats_count_read(&st->hist[hist_b]);
			n = hist_seen;
			out->exact |= 1u << k;
		} else {
			/* the estimator's buckets wholly below the one that holds the bound */
			for (; est_b < stats_est_bucket(bound); est_b++)
				est_seen += stats_count_read(&st->est[est_b]);
			n = est_seen;
		}
		if (n < prev)
			n = prev;
		if (n > out->count)
			n = out->count;
		out->below[k] = prev = n;
	}
}

/* ---- rendering --------------------------------------------------------------------- */

/*
 * The HELP and TYPE lines of a family. @name is the sample name; an OpenMetrics
 * counter family drops its _total, an OpenMetrics info family its _info. A
 * family whose name ends in _seconds (then) says so in a UNIT line.
 */
static void metrics_family(FILE *f, const struct metrics_input *in, const char *name,
			   const char *type, const char *help)
{
	size_t len = strlen(name);

	if (in->format == METRICS_OPENMETRICS) {
		if (!strcmp(type, "counter") && len > 6 && !strcmp(name + len - 6, "_total"))
			len -= 6;
		else if (!strcmp(type, "info") && len > 5 && !strcmp(name + len - 5, "_info"))
			len -= 5;
	} else if (!strcmp(type, "info")) {
		type = "gauge"; /* Prometheus text 0.0.4 has no info type */
	}
	fprintf(f, "# HELP %.*s %s\n# TYPE %.*s %s\n", (int)len, name, help, (int)len, name, type);
	if (len > 8 && !strncmp(name + len - 8, "_seconds", 8))
		fprintf(f, "# UNIT %.*s seconds\n", (int)len, name);
}

static void metrics_render_threads(FILE *f, const struct metrics_input *in)
{
	int i, k;

	metrics_family(f, in, "rtwhy_latency_seconds", "histogram",
		       "Wake-up latency of each measuring thread (cyclictest's latency): a bucket "
		       "counts the samples below its bound, exactly from -h when it covers the "
		       "bound, else within 1/128 of it.");
	for (i = 0; i < in->nr_threads; i++) {
		const struct metrics_thread *t = &in->threads[i];

		for (k = 0; k < METRICS_NR_BOUNDS; k++)
			fprintf(f,
				"rtwhy_latency_seconds_bucket{thread=\"%d\",cpu=\"%d\",le=\"%g\"} "
				"%llu\n",
				t->index, t->cpu,
				(double)metrics_bound_ns[k] / (double)NSEC_PER_SEC,
				(unsigned long long)t->below[k]);
		fprintf(f,
			"rtwhy_latency_seconds_bucket{thread=\"%d\",cpu=\"%d\",le=\"+Inf\"} %llu\n",
			t->index, t->cpu, (unsigned long long)t->count);
		fprintf(f, "rtwhy_latency_seconds_sum{thread=\"%d\",cpu=\"%d\"} ", t->index,
			t->cpu);
		metrics_put_seconds(f, t->sum_ns);
		fprintf(f, "\nrtwhy_latency_seconds_count{thread=\"%d\",cpu=\"%d\"} %llu\n",
			t->index, t->cpu, (unsigned long long)t->count);
	}
	metrics_family(f, in, "rtwhy_latency_max_seconds", "gauge",
		       "Highest wake-up latency of each measuring thread since the run started.");
	for (i = 0; i < in->nr_threads; i++) {
		fprintf(f, "rtwhy_latency_max_seconds{thread=\"%d\",cpu=\"%d\"} ",
			in->threads[i].index, in->threads[i].cpu);
		metrics_put_seconds(f, in->threads[i].max_ns);
		fputc('\n', f);
	}
}

static void metrics_render_culprit(FILE *f, enum blame_kind kind, const char *comm, uint64_t n)
{
	fprintf(f, "rtwhy_culprit_spikes_total{kind=\"%s\",comm=", blame_kind_name(kind));
	metrics_put_label(f, comm);
	fprintf(f, "} %llu\n", (unsigned long long)n);
}

static void metrics_render_spikes(FILE *f, const struct metrics_input *in)
{
	const struct metrics_spikes *sp = in->spikes;
	int i;

	metrics_family(f, in, "rtwhy_trace_threshold_seconds", "gauge",
		       "Latency above which a spike freezes the trace and is explained (--explain, "
		       "-b).");
	fputs("rtwhy_trace_threshold_seconds ", f);
	metrics_put_seconds(f, (int64_t)in->run.threshold_ns);
	fputc('\n', f);
	metrics_family(f, in, "rtwhy_spikes_total", "counter", "Spikes explained, by verdict.");
	for (i = 0; i < BLAME_NR_VERDICTS; i++)
		fprintf(f, "rtwhy_spikes_total{verdict=\"%s\"} %llu\n",
			blame_verdict_name((enum blame_verdict)i),
			(unsigned long long)sp->by_verdict[i]);
	metrics_family(f, in, "rtwhy_culprit_spikes_total", "counter",
		       "Spikes explained, by the kind and comm (an IRQ's name) of the verdict's "
		       "culprit; past 16 series, comm=\"other\".");
	for (i = 0; i < sp->nr_culprits; i++)
		metrics_render_culprit(f, sp->culprit[i].kind, sp->culprit[i].comm,
				       sp->culprit[i].spikes);
	for (i = 0; i < METRICS_NR_KINDS; i++)
		if (sp->folded[i])
			metrics_render_culprit(f, (enum blame_kind)i, METRICS_OTHER, sp->folded[i]);
	metrics_family(f, in, "rtwhy_blind_spikes_total", "counter",
		       "Spikes while the trace was frozen for an explanation: counted, not "
		       "explained.");
	fprintf(f, "rtwhy_blind_spikes_total %llu\n", (unsigned long long)in->blind_spikes);
	metrics_family(f, in, "rtwhy_blind_seconds_total", "counter",
		       "Time the trace was frozen while explaining (blind time).");
	fputs("rtwhy_blind_seconds_total ", f);
	metrics_put_seconds(f, (int64_t)in->run.blind_ns);
	fputc('\n', f);
}

void metrics_render(FILE *f, const struct metrics_input *in)
{
	metrics_family(f, in, "rtwhy_build_info", "info",
		       "The rtwhy that writes this file; always 1.");
	fprintf(f, "rtwhy_build_info{version=\"%s\"} 1\n", RTWHY_VERSION);
	metrics_family(f, in, "rtwhy_running", "gauge",
		       "1 while the run measures; 0 once it has ended, the file then holds its "
		       "final values.");
	fprintf(f, "rtwhy_running %d\n", in->run.running ? 1 : 0);
	metrics_family(f, in, "rtwhy_start_time_seconds", "gauge",
		       "When the run started, in seconds since the epoch.");
	fprintf(f, "rtwhy_start_time_seconds %lld\n", (long long)in->run.start_time);
	if (!in->run.running) {
		metrics_family(f, in, "rtwhy_exit_status", "gauge",
			       "Exit status of the ended run: 0 ran, 1 error, 3 above "
			       "--max-latency.");
		fprintf(f, "rtwhy_exit_status %d\n", in->run.exit_status);
	}
	metrics_render_threads(f, in);
	if (in->spikes)
		metrics_render_spikes(f, in);
	fputs("# EOF\n", f);
}

/* ---- the file ---------------------------------------------------------------------- */

static int metrics_tmp_path(const char *path, char *tmp, size_t len)
{
	int n = snprintf(tmp, len, "%s.tmp.%d", path, (int)getpid());

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* FILE.tmp.PID of a dead PID, untouched for a minute: a run killed in the middle of a write */
static void metrics_remove_stale(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t blen = strlen(base);
	char dir[PATH_MAX];
	struct dirent *de;
	DIR *d;

	if (slash)
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	else
		util_strlcpy(dir, ".", sizeof(dir));
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		const char *p = de->d_name;
		struct stat st;
		char *end;
		long pid;

		if (strncmp(p, base, blen) || strncmp(p + blen, ".tmp.", 5))
			continue;
		p += blen + 5;
		if (*p < '0' || *p > '9')
			continue;
		pid = strtol(p, &end, 10);
		if (*end || pid <= 0 || pid == (long)getpid() || pid > INT_MAX ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode) || st.st_mtime > time(NULL) - METRICS_STALE_S)
			continue;
		unlinkat(dirfd(d), de->d_name, 0);
	}
	closedir(d);
}

int metrics_file_check(const char *path)
{
	char tmp[PATH_MAX];
	struct stat st;
	int fd, err;

	if (!path)
		return 0;
	err = -metrics_tmp_path(path, tmp, sizeof(tmp));
	if (!err && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		err = EISDIR;
	if (!err) {
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0) {
			err = errno;
		} else {
			close(fd);
			unlink(tmp);
		}
	}
	if (err) {
		log_err("cannot write --metrics file %s: %s", path, strerror(err));
		return -err;
	}
	metrics_remove_stale(path);
	return 0;
}

void metrics_file_init(struct metrics_file *mf, const char *path, enum metrics_format format)
{
	mf->path = path;
	mf->format = format;
}

int metrics_format_parse(const char *name, enum metrics_format *format)
{
	if (!strcmp(name, "prometheus"))
		*format = METRICS_PROMETHEUS;
	else if (!strcmp(name, "openmetrics"))
		*format = METRICS_OPENMETRICS;
	else
		return -EINVAL;
	return 0;
}

/*
 * Render into FILE.tmp.PID, rename it over FILE; no temporary file is left. The rename alone
 * keeps a reader from a half-written file; the final write (@durable) is also flushed to disk
 * first. Not the periodic ones: they come from the run's main loop, which an fsync behind the
 * run's own --save-trace writes held for seconds (26-service: SIGHUP's rewrite 2 s late), and
 * the next one replaces them anyway.
 */
static int metrics_replace(const char *path, const struct metrics_input *in, bool durable)
{
	char tmp[PATH_MAX];
	int fd, err = -metrics_tmp_path(path, tmp, sizeof(tmp));
	FILE *f;

	if (err)
		return -err;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		err = errno;
		close(fd);
		unlink(tmp);
		return -err;
	}
	metrics_render(f, in);
	errno = 0;
	if (fflush(f) || ferror(f))
		err = errno ? errno : util_write_errno(fd, EIO);
	else if (durable && fsync(fd))
		err = errno;
	if (fclose(f) && !err)
		err = errno ? errno : EIO;
	if (!err && rename(tmp, path))
		err = errno;
	if (err)
		unlink(tmp);
	return -err;
}

int metrics_file_write(struct metrics_file *mf, const struct measure_summary *s,
		       const struct metrics_run *run, uint64_t now_ns)
{
	struct metrics_input in = {
		.nr_threads = s->nr_threads,
		.spikes = run->threshold_ns ? &mf->spikes : NULL,
		.blind_spikes = s->blind_spikes,
		.run = *run,
		.format = mf->format,
	};
	int i, ret;

	if (!mf->path || (run->running && now_ns < mf->due_ns))
		return 0;
	mf->due_ns = now_ns + METRICS_PERIOD_NS;
	if (!mf->threads && s->nr_threads) {
		mf->threads = calloc((size_t)s->nr_threads, sizeof(*mf->threads));
		mf->nr_threads = mf->threads ? s->nr_threads : 0;
	}
	if (mf->nr_threads == s->nr_threads) {
		for (i = 0; i < s->nr_threads; i++)
			metrics_thread_read(&s->threads[i], &mf->threads[i]);
		in.threads = mf->threads;
		ret = metrics_replace(mf->path, &in, !run->running);
	} else {
		ret = -ENOMEM;
	}
	if (ret && (ret != mf->err || !run->running))
		log_err("cannot write --metrics file %s: %s", mf->path, strerror(-ret));
	mf->err = ret;
	return ret;
}

void metrics_file_free(struct metrics_file *mf)
{
	free(mf->threads);
	mf->threads = NULL;
	mf->nr_threads = 0;
}
