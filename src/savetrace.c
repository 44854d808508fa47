// SPDX-License-Identifier: GPL-2.0-only
/*
 * savetrace - the explained windows into the --save-trace file, text or
 * trace.dat by its name, each event once.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "analysis/datwrite.h"
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

void savetrace_init(struct savetrace *s, const char *path)
{
	memset(s, 0, sizeof(*s));
	s->path = path;
	s->dat = savetrace_is_dat(path);
}

static int savetrace_fail(struct savetrace *s, int err)
{
	log_err("cannot write %s %s: %s", SAVETRACE_WHAT, s->path, strerror(-err));
	return s->err = err;
}

static int savetrace_open(struct savetrace *s, const struct savetrace_src *src)
{
	if (s->dat) {
		const struct datwrite_info info = {
			.nr_cpus = src->nr_cpus > 0 ? src->nr_cpus : 1,
			.clock = src->clock,
			.release = src->release,
			.machine = src->machine,
		};
		int ret = datwrite_open(&s->dw, s->path, &info);

		return ret ? savetrace_fail(s, ret) : 0;
	}
	s->err = outfile_open(s->path, SAVETRACE_WHAT, &s->text);
	if (!s->err) {
		textwrite_header(s->text, src->nr_cpus,
				 src->clock && src->clock[0] ? src->clock : "local");
		textwrite_kernel(s->text, src->release && src->release[0] ? src->release : NULL,
				 src->version, src->hz, src->main_tid);
	}
	return s->err;
}

int savetrace_window(struct savetrace *s, const struct savetrace_src *src,
		     const struct savetrace_window *win)
{
	const struct rtw_event *ev = win->ev;
	size_t i = 0, n = win->n;
	bool goes_on;

	if (!s->path || s->err || !n)
		return s->err;
	if (!s->text && !s->dw && savetrace_open(s, src))
		return s->err;
	/* the window goes on from the last one: its new events only */
	goes_on = s->saved_until_ns && ev[0].ts_ns <= s->saved_until_ns;
	if (goes_on)
		while (i < n && ev[i].ts_ns <= s->saved_until_ns)
			i++;
	if (s->dw) {
		int ret = datwrite_events(s->dw, ev + i, n - i);

		if (ret)
			return savetrace_fail(s, ret);
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
