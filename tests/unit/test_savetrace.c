// SPDX-License-Identifier: GPL-2.0-only
/*
 * savetrace: --save-trace-max's size, DIR/'s file names and eviction policy,
 * a run that writes past the bound (within it, the largest spikes kept),
 * the reopen of SIGHUP.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtwhy/savetrace.h"
#include "analysis/datread.h"
#include "evgen.h"
#include "unit.h"

static void test_size(void)
{
	uint64_t b = 0;

	CU_ASSERT_EQUAL(savetrace_parse_size("65536", &b), 0);
	CU_ASSERT_EQUAL(b, 65536);
	CU_ASSERT_EQUAL(savetrace_parse_size("500M", &b), 0);
	CU_ASSERT_EQUAL(b, 500ULL << 20);
	CU_ASSERT_EQUAL(savetrace_parse_size("2g", &b), 0);
	CU_ASSERT_EQUAL(b, 2ULL << 30);
	CU_ASSERT_EQUAL(savetrace_parse_size("1K", &b), 0);
	CU_ASSERT_EQUAL(b, 1024);
	CU_ASSERT_EQUAL(savetrace_parse_size("3T", &b), 0);
	CU_ASSERT_EQUAL(b, 3ULL << 40);
	CU_ASSERT_EQUAL(savetrace_parse_size("", &b), -EINVAL);
	CU_ASSERT_EQUAL(savetrace_parse_size("M", &b), -EINVAL);
	CU_ASSERT_EQUAL(savetrace_parse_size("1.5G", &b), -EINVAL);
	CU_ASSERT_EQUAL(savetrace_parse_size("10X", &b), -EINVAL);
	CU_ASSERT_EQUAL(savetrace_parse_size("-1", &b), -EINVAL);
	CU_ASSERT_EQUAL(savetrace_parse_size("99999999999T", &b), -ERANGE);
}

static void test_names(void)
{
	uint64_t us, lat;

	CU_ASSERT_TRUE(savetrace_entry_name("spike-1764651480.012345-152340ns.dat", &us, &lat));
	CU_ASSERT_EQUAL(us, 1764651480012345ULL);
	CU_ASSERT_EQUAL(lat, 152340);
	CU_ASSERT_FALSE(
		savetrace_entry_name(".spike-1764651480.012345-152340ns.dat.tmp", &us, &lat));
	CU_ASSERT_FALSE(savetrace_entry_name("spike-1764651480.012345-152340ns.dat~", &us, &lat));
	CU_ASSERT_FALSE(savetrace_entry_name("notes.txt", &us, &lat));
	CU_ASSERT_TRUE(savetrace_is_dir("traces/"));
	CU_ASSERT_TRUE(savetrace_is_dir("/tmp"));
	CU_ASSERT_FALSE(savetrace_is_dir("trace.dat"));
	CU_ASSERT_FALSE(savetrace_is_dir(NULL));
}

/* e[i]: written at i, latency lat[i], 10 bytes each */
static void entries(struct savetrace_entry *e, const uint64_t *lat, size_t n)
{
	size_t i;

	memset(e, 0, n * sizeof(*e));
	for (i = 0; i < n; i++) {
		e[i].written_us = i;
		e[i].latency_ns = lat[i];
		e[i].bytes = 10;
		snprintf(e[i].name, sizeof(e[i].name), "w%zu", i);
	}
}

static bool gone(const struct savetrace_entry *e, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(e[i].name, name))
			return e[i].gone;
	return false;
}

static void test_evict(void)
{
	/* 6 files of 10 bytes, bound 60: the largest spikes in half of it are w1, w4, w5 */
	static const uint64_t lat[] = { 100, 900, 200, 300, 800, 700 };
	struct savetrace_entry e[6];

	entries(e, lat, 6);
	CU_ASSERT_EQUAL(savetrace_evict(e, 6, 60, 0), 0); /* it fits */
	entries(e, lat, 6);
	CU_ASSERT_EQUAL(savetrace_evict(e, 6, 60, 10), 1);
	CU_ASSERT_TRUE(gone(e, 6, "w0")); /* the oldest */
	entries(e, lat, 6);
	CU_ASSERT_EQUAL(savetrace_evict(e, 6, 60, 30), 3);
	CU_ASSERT_TRUE(gone(e, 6, "w0") && gone(e, 6, "w2") && gone(e, 6, "w3"));
	CU_ASSERT_FALSE(gone(e, 6, "w1") || gone(e, 6, "w4") || gone(e, 6, "w5"));
	/* more than the others: then the kept ones, smallest spike first */
	entries(e, lat, 6);
	CU_ASSERT_EQUAL(savetrace_evict(e, 6, 60, 50), 5);
	CU_ASSERT_FALSE(gone(e, 6, "w1"));
	entries(e, lat, 6);
	CU_ASSERT_EQUAL(savetrace_evict(e, 6, 60, 60), 6);
}

static void dir_name(char *path, size_t len)
{
	snprintf(path, len, "/tmp/rtwhy-test-savetrace-%d/", (int)getpid());
}

/* The window files of @dir: their count, total size, and the largest latency missing. */
static int dir_files(const char *dir, uint64_t *bytes, uint64_t *lats, int max)
{
	char path[512];
	struct dirent *de;
	int n = 0;
	DIR *d = opendir(dir);

	*bytes = 0;
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		uint64_t us, lat;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s%s", dir, de->d_name);
		CU_ASSERT_TRUE(savetrace_entry_name(de->d_name, &us, &lat)); /* nothing else */
		if (stat(path, &st))
			continue;
		*bytes += (uint64_t)st.st_size;
		if (n < max)
			lats[n] = lat;
		n++;
	}
	closedir(d);
	return n;
}

static bool has_lat(const uint64_t *lats, int n, uint64_t lat)
{
	int i;

	for (i = 0; i < n; i++)
		if (lats[i] == lat)
			return true;
	return false;
}

static void rm_dir(const char *dir)
{
	char path[512];
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			snprintf(path, sizeof(path), "%s%s", dir, de->d_name);
			unlink(path);
		}
	closedir(d);
	rmdir(dir);
}

/* 40 windows into DIR/ bounded to about 8 of them: within it, the 3 largest spikes kept */
static void test_dir_bound(void)
{
	const struct savetrace_src src = {
		.nr_cpus = 2, .clock = "mono", .release = "6.18.44", .hostname = "rt-box-7"
	};
	struct savetrace_window win = { .tid = 100 };
	uint64_t bytes, lats[64], one = 0;
	struct savetrace s;
	struct evgen g;
	char dir[128];
	int i, n;

	dir_name(dir, sizeof(dir));
	rm_dir(dir);
	CU_ASSERT_EQUAL_FATAL(savetrace_check(dir), 0); /* makes DIR */
	evgen_init(&g);
	ev_switch(&g, 10, 0, 0, "swapper/0", 120, 0, 100, "cyclic", 19, 0);
	ev_wake(&g, 20, 1, 0, "swapper/1", RTW_EV_WAKING, 101, "cyclic", 19, 1, 0);
	ev_switch(&g, 30, 1, 0, "swapper/1", 120, 0, 101, "cyclic", 19, 0);
	win.ev = g.ev;
	win.n = g.n;
	/* the size of one window */
	savetrace_init(&s, dir);
	win.index = 1;
	win.latency_ns = 1;
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	CU_ASSERT_EQUAL(dir_files(dir, &one, lats, 64), 1);
	CU_ASSERT_TRUE_FATAL(one > 0);
	CU_ASSERT_EQUAL(savetrace_close(&s), 0);
	rm_dir(dir);
	CU_ASSERT_EQUAL_FATAL(savetrace_check(dir), 0);

	savetrace_init(&s, dir);
	CU_ASSERT_TRUE(s.dir && s.dat);
	savetrace_set_max(&s, 8 * one + one / 2);
	for (i = 1; i <= 40; i++) {
		/* spikes 7, 20 and 33 are the largest */
		win.index = i;
		win.latency_ns = i == 7	   ? 9000000
				 : i == 20 ? 8000000
				 : i == 33 ? 7000000
					   : 50000 + i;
		CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
		n = dir_files(dir, &bytes, lats, 64);
		CU_ASSERT_TRUE(bytes <= s.max_bytes); /* after every window */
	}
	CU_ASSERT_EQUAL(savetrace_close(&s), 0);
	n = dir_files(dir, &bytes, lats, 64);
	CU_ASSERT_EQUAL(n, 8);
	CU_ASSERT_TRUE(bytes <= 8 * one + one / 2);
	CU_ASSERT_EQUAL(s.nr_saved, 40);
	CU_ASSERT_EQUAL(s.nr_removed, 32);
	CU_ASSERT_TRUE(has_lat(lats, n, 9000000) && has_lat(lats, n, 8000000) &&
		       has_lat(lats, n, 7000000));
	/* the others are the newest */
	CU_ASSERT_TRUE(has_lat(lats, n, 50040) && has_lat(lats, n, 50036));
	CU_ASSERT_FALSE(has_lat(lats, n, 50035));
	/* a bound below one window: not saved, no error */
	savetrace_init(&s, dir);
	savetrace_set_max(&s, one - 1);
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	CU_ASSERT_EQUAL(s.nr_too_large, 1);
	CU_ASSERT_EQUAL(dir_files(dir, &bytes, lats, 64), 8); /* nothing removed for it */
	CU_ASSERT_EQUAL(savetrace_close(&s), 0);
	rm_dir(dir);
}

/* SIGHUP: the file moved away (logrotate), the next window starts a new one at the path */
static void test_reopen(void)
{
	struct savetrace_src src = { .nr_cpus = 2, .clock = "mono" };
	struct savetrace_window win = { .tid = 100, .latency_ns = 5000 };
	char path[128], moved[140], buf[4096];
	struct savetrace s;
	struct evgen g;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/tmp/rtwhy-test-reopen-%d.txt", (int)getpid());
	snprintf(moved, sizeof(moved), "%s.1", path);
	evgen_init(&g);
	ev_switch(&g, 10, 0, 0, "swapper/0", 120, 0, 100, "cyclic", 19, 0);
	ev_switch(&g, 40, 0, 100, "cyclic", 19, 1, 0, "swapper/0", 120, 0);
	savetrace_init(&s, path);
	win.ev = g.ev;
	win.n = 1;
	win.index = 1;
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	CU_ASSERT_EQUAL_FATAL(rename(path, moved), 0);
	savetrace_reopen(&s);
	win.ev = g.ev + 1;
	win.index = 2;
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	CU_ASSERT_EQUAL(savetrace_close(&s), 0);
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# rtwhy: spike 2:"));
	CU_ASSERT_PTR_NULL(strstr(buf, "# rtwhy: spike 1:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# tracer: nop")); /* a whole file: its header */
	f = fopen(moved, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# rtwhy: spike 1:"));
	CU_ASSERT_PTR_NULL(strstr(buf, "# rtwhy: spike 2:"));
	unlink(path);
	unlink(moved);
}

struct markers {
	char text[8][RTW_MARKER_LEN];
	uint64_t ts[8];
	int n;
	uint64_t nr_events;
};

static int on_event(const struct rtw_event *ev, int buffer, void *arg)
{
	struct markers *m = arg;

	(void)buffer;
	m->nr_events++;
	if (ev->kind == RTW_EV_MARKER && m->n < 8) {
		util_strlcpy(m->text[m->n], ev->u.marker.text, RTW_MARKER_LEN);
		m->ts[m->n++] = ev->ts_ns;
	}
	return 0;
}

/* memmem() of the whole file */
static bool file_has(const char *path, const char *what)
{
	static char buf[1 << 20];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	return memmem(buf, n, what, strlen(what)) != NULL;
}

/* A trace.dat of three windows, the last going on from the second: its host name, its CPU
 * stats, a marker at each gap's two sides (none inside the overlap), every event kept */
static void test_dat_gaps(void)
{
	const struct savetrace_src src = { .nr_cpus = 2,
					   .clock = "mono",
					   .release = "6.18.44",
					   .machine = "x86_64",
					   .hostname = "rt-box-7" };
	struct savetrace_window win = { .tid = 100, .latency_ns = 5000 };
	struct markers m = { .n = 0 };
	struct datread *dr;
	struct savetrace s;
	struct evgen g;
	char path[128];

	snprintf(path, sizeof(path), "/tmp/rtwhy-test-gaps-%d.dat", (int)getpid());
	evgen_init(&g);
	ev_switch(&g, 10, 0, 0, "swapper/0", 120, 0, 100, "cyclic", 19, 0);
	ev_switch(&g, 40, 0, 100, "cyclic", 19, 1, 0, "swapper/0", 120, 0);
	ev_switch(&g, 900000, 1, 0, "swapper/1", 120, 0, 200, "hog", 120, 0);
	ev_switch(&g, 900050, 1, 200, "hog", 120, 0, 100, "cyclic", 19, 0);
	ev_switch(&g, 900080, 1, 100, "cyclic", 19, 1, 200, "hog", 120, 0);
	savetrace_init(&s, path);
	win.ev = g.ev;
	win.n = 2;
	win.index = 1;
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	win.ev = g.ev + 2;
	win.n = 2;
	win.index = 2;
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	win.ev = g.ev + 3; /* goes on: its one new event only, no marker */
	win.n = 2;
	win.index = 3;
	CU_ASSERT_EQUAL(savetrace_window(&s, &src, &win), 0);
	CU_ASSERT_EQUAL_FATAL(savetrace_close(&s), 0);

	CU_ASSERT_TRUE(file_has(path, "Linux rt-box-7 6.18.44 x86_64"));
	CU_ASSERT_TRUE(file_has(path, "CPU: 1\nentries: 0\noverrun: 0\n"));
	CU_ASSERT_TRUE(file_has(path, "read events: 4\n")); /* CPU 1: 3 switches and a marker */
	CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
	datread_read(dr, on_event, &m);
	datread_close(dr);
	CU_ASSERT_EQUAL(m.nr_events, 5 + 4);
	CU_ASSERT_EQUAL_FATAL(m.n, 4);
	CU_ASSERT_STRING_EQUAL(m.text[0],
			       "rtwhy: window of spike 1 starts: nothing saved since the last one");
	CU_ASSERT_EQUAL(m.ts[0], evgen_us(10));
	CU_ASSERT_STRING_EQUAL(m.text[1],
			       "rtwhy: window of spike 1 ends: nothing saved until the next one");
	CU_ASSERT_EQUAL(m.ts[1], evgen_us(40));
	CU_ASSERT_STRING_EQUAL(m.text[2],
			       "rtwhy: window of spike 2 starts: nothing saved since the last one");
	CU_ASSERT_EQUAL(m.ts[2], evgen_us(900000));
	CU_ASSERT_STRING_EQUAL(m.text[3],
			       "rtwhy: window of spike 3 ends: nothing saved until the next one");
	CU_ASSERT_EQUAL(m.ts[3], evgen_us(900080));
	unlink(path);
}

static CU_TestInfo savetrace_tests[] = {
	{ "trace.dat: host name, stats, the gaps marked", test_dat_gaps },
	{ "--save-trace-max sizes", test_size },
	{ "DIR/ file names", test_names },
	{ "eviction policy", test_evict },
	{ "DIR/ within the bound, largest spikes kept", test_dir_bound },
	{ "reopen (SIGHUP)", test_reopen },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("savetrace", NULL, NULL, savetrace_tests);
