// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_textread - the text trace reader and everything behind it fed
 * arbitrary bytes as a trace file:
 *   1. textread line by line: every event it hands on is well formed (a
 *      known kind, terminated strings), its counters agree with what it
 *      handed on, and a marker's text goes through marker_parse();
 *   2. the same bytes as a file through analyze_file(): sniffing, the text
 *      reader, the markers, the window, blame and the text report must end
 *      with 0 or -errno, never a crash or a hang. (Bytes that sniff as a
 *      trace.dat are fuzz_datread's.)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rtwhy/analyze.h"
#include "rtwhy/log.h"
#include "analysis/marker.h"
#include "analysis/textread.h"
#include "analysis/util.h"
#include "fuzz.h"

static FILE *fuzz_null;
static int fuzz_fd = -1;
static char fuzz_path[64];

#ifndef FUZZ_DATREAD
struct fuzz_count {
	uint64_t events;
	int stop_after;
};

static int fuzz_event(const struct rtw_event *ev, int buffer, void *arg)
{
	struct fuzz_count *c = arg;
	struct marker m;

	FUZZ_CHECK(ev->kind < RTW_EV_NR_KINDS);
	FUZZ_CHECK(buffer >= 0 && buffer < TEXTREAD_MAX_BUFFERS);
	FUZZ_CHECK(memchr(ev->comm, '\0', sizeof(ev->comm)));
	switch (ev->kind) {
	case RTW_EV_SWITCH:
		FUZZ_CHECK(memchr(ev->u.sw.prev_comm, '\0', RTW_COMM_LEN));
		FUZZ_CHECK(memchr(ev->u.sw.next_comm, '\0', RTW_COMM_LEN));
		break;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		FUZZ_CHECK(memchr(ev->u.wake.comm, '\0', RTW_COMM_LEN));
		break;
	case RTW_EV_IRQ_ENTRY:
		FUZZ_CHECK(memchr(ev->u.irq.name, '\0', RTW_NAME_LEN));
		break;
	case RTW_EV_HRTIMER_ENTRY:
		FUZZ_CHECK(memchr(ev->u.hrt.function, '\0', RTW_NAME_LEN));
		break;
	case RTW_EV_MARKER:
		FUZZ_CHECK(memchr(ev->u.marker.text, '\0', RTW_MARKER_LEN));
		if (marker_parse(ev->u.marker.text, &m)) {
			struct blame_spike sp;

			FUZZ_CHECK(m.kind == MARKER_CYCLICTEST || m.kind == MARKER_FREEZE);
			if (marker_spike(ev, &m, true, 1000, &sp) == 0)
				FUZZ_CHECK(sp.wake_ns >= sp.deadline_ns);
		}
		break;
	default:
		break;
	}
	c->events++;
	return c->stop_after && c->events >= (uint64_t)c->stop_after ? 7 : 0;
}

static void fuzz_lines(const uint8_t *data, size_t size)
{
	struct fuzz_count c = { .stop_after = size && data[0] == '#' ? 3 : 0 };
	struct textread *tr = textread_create(fuzz_event, &c);
	const struct textread_stats *st;
	const char *p = (const char *)data, *end = p + size;
	uint64_t lines = 0;
	int ret = 0;

	FUZZ_CHECK(tr);
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		ret = textread_line(tr, p, len);
		lines++;
		p += len + (nl ? 1 : 0);
	}
	if (!ret)
		ret = textread_finish(tr);
	FUZZ_CHECK(ret == 0 || ret == 7);
	st = textread_stats(tr);
	if (!ret) {
		FUZZ_CHECK(st->lines == lines);
		FUZZ_CHECK(st->events == c.events);
	}
	FUZZ_CHECK(st->unparsed <= st->lines);
	FUZZ_CHECK(memchr(st->clock, '\0', sizeof(st->clock)));
	FUZZ_CHECK(memchr(st->kernel, '\0', sizeof(st->kernel)));
	FUZZ_CHECK(st->nr_buffers >= 0 && st->nr_buffers <= TEXTREAD_MAX_BUFFERS + 1);
	textread_flavor_name(st->flavor);
	textread_destroy(tr);
}
#endif

static void fuzz_file(const uint8_t *data, size_t size, bool dat)
{
	struct analyze_opts o = { .path = fuzz_path,
				  .window_ns = ANALYZE_DEFAULT_WINDOW_MS * NSEC_PER_MSEC };
	struct stream_summary sum;
	int ret;

	if (analyze_sniff(data, size < 4096 ? size : 4096) == ANALYZE_FMT_DAT && !dat)
		return;
	if (ftruncate(fuzz_fd, 0) || pwrite(fuzz_fd, data, size, 0) != (ssize_t)size)
		return;
	if (size > 1 && data[size - 1] == '!') /* sometimes with the spike named by hand */
		o = (struct analyze_opts){ .path = fuzz_path,
					   .window_ns = NSEC_PER_MSEC,
					   .manual = true,
					   .pid = 2642,
					   .at_ns = 171357896000ULL,
					   .latency_ns = 3900000 };
	memset(&sum, 0, sizeof(sum));
	ret = analyze_file(&o, fuzz_null, &sum);
	FUZZ_CHECK(ret <= 0);
	FUZZ_CHECK(sum.nr_spikes <= STREAM_MAX_KEPT);
	FUZZ_CHECK(sum.nr_spikes <= (size_t)(sum.nr_explained > 0 ? sum.nr_explained : 0));
	stream_summary_free(&sum);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_null = fopen("/dev/null", "w");
	fuzz_fd = memfd_create("fuzz-trace", MFD_CLOEXEC);
	if (!fuzz_null || fuzz_fd < 0)
		abort();
	snprintf(fuzz_path, sizeof(fuzz_path), "/proc/self/fd/%d", fuzz_fd);
	log_set_quiet(true);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#ifdef FUZZ_DATREAD
	fuzz_file(data, size, true);
#else
	fuzz_lines(data, size);
	fuzz_file(data, size, false);
#endif
	return 0;
}
