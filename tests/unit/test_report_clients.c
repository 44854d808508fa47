// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_clients: what the cyclictest clients read beyond the status lines:
 * the SIGUSR1/SIGUSR2 status block, -v with -o and --smi, the "# SMIs:" line,
 * the percentile lines (-q) and JSON keys, and the histogram-range line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "rtwhy/report/json.h"
#include "rtwhy/report/text.h"
#include "sumfix.h"
#include "unit.h"

static char *out;
static size_t out_len;

static FILE *out_open(void)
{
	free(out);
	out = NULL;
	return open_memstream(&out, &out_len);
}

static int cleanup(void)
{
	free(out);
	out = NULL;
	return 0;
}

static void setup(struct rtw_config *cfg, struct sumfix *m, const char *const *args, int argc)
{
	enum cli_action action;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(cli_parse(argc, (char **)args, cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(sumfix_init(m, cfg, cfg->measure.nr_threads), 0);
	m->t[0].tid = 2127;
	m->t[1].tid = 2128;
}

static void test_status_block_and_smi(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "--smi", "-h", "2", NULL };
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	setup(&cfg, &m, args, 6);
	stats_add(&m.st[0], 1500);
	m.t[0].smi_count = 3;
	m.s.smi = true;
	f = out_open();
	report_text_current_status(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_STRING_EQUAL(out,
			       "#---------------------------\n"
			       "# rtwhy current status:\n"
			       "T: 0 ( 2127) P: 0 I:1000 C:      1 Min:      1 Act:    1 Avg:    1 "
			       "Max:       1 SMI:       3\n"
			       "T: 1 ( 2128) P: 0 I:1000 C:      0 Min:1000000 Act:    0 Avg:    0 "
			       "Max:       0 SMI:       0\n"
			       "#---------------------------\n");
	f = out_open();
	report_text_histogram(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "# Thread 1:\n# SMIs: 00003 00000\n\n"));
	sumfix_free(&m);
}

static void test_verbose_oscope(void)
{
	const char *args[] = { "rtwhy", "-v", "-o", "3", NULL };
	struct report_text_verbose v[1];
	struct rtw_config cfg;
	struct sumfix m;
	int64_t samples[] = { 5, 9, 2, 0, 0, 0, 4, 8 };
	size_t i;
	FILE *f;

	setup(&cfg, &m, args, 4);
	memset(v, 0, sizeof(v));
	for (i = 0; i < 8; i++)
		stats_add(&m.st[0], samples[i] * 1000);
	f = out_open();
	report_text_verbose(f, &cfg, sumfix_summary(&m), v);
	fclose(f);
	/* cyclictest: the max of each 3 and its cycle; a max of 0 keeps the old cycle */
	CU_ASSERT_STRING_EQUAL(out, "       0:       1:       9\n"
				    "       0:       1:       0\n");
	stats_add(&m.st[0], 1000);
	f = out_open();
	report_text_verbose(f, &cfg, sumfix_summary(&m), v); /* the rest of the third group */
	fclose(f);
	CU_ASSERT_STRING_EQUAL(out, "       0:       7:       8\n");
	sumfix_free(&m);
}

static void test_verbose_smi(void)
{
	const char *args[] = { "rtwhy", "-v", "--smi", NULL };
	struct report_text_verbose v[1];
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	setup(&cfg, &m, args, 3);
	memset(v, 0, sizeof(v));
	stats_add(&m.st[0], 7000);
	stats_add(&m.st[0], 8000);
	m.t[0].smi_count = 2;
	f = out_open();
	report_text_verbose(f, &cfg, sumfix_summary(&m), v);
	fclose(f);
	/* the SMIs counted since the previous line, on the first line after */
	CU_ASSERT_STRING_EQUAL(out, "       0:       0:       7       2\n"
				    "       0:       1:       8       0\n");
	sumfix_free(&m);
}

static void test_percentiles_and_range(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "-q", "-h", "100", NULL };
	struct rtw_config cfg;
	struct sumfix m;
	int i;
	FILE *f;

	setup(&cfg, &m, args, 6);
	for (i = 0; i < 1000; i++)
		stats_add(&m.st[0], (10 + i % 50) * 1000 + 999);
	for (i = 0; i < 5; i++)
		stats_add(&m.st[0], 4200000 + i); /* above the range */
	f = out_open();
	report_text_percentiles(f, &cfg, sumfix_summary(&m));
	report_text_overflow(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_STRING_EQUAL(out,
			       "# T: 0 percentiles (us): p50 35 p90 55 p99 59 p99.9 ~4200 "
			       "p99.99 ~4200\n"
			       "# T: 1 percentiles (us): p50 - p90 - p99 - p99.9 - p99.99 -\n"
			       "# rtwhy: 5 samples above the histogram's range (-h 100 holds 0-99 "
			       "us): -h 4201 would have held them\n");
	sumfix_free(&m);
}

static void test_no_overflow_no_line(void)
{
	const char *args[] = { "rtwhy", "-h", "10", NULL };
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	setup(&cfg, &m, args, 3);
	stats_add(&m.st[0], 9999);
	stats_add(&m.st[0], -3000); /* below the range: not what a larger -h holds */
	f = out_open();
	report_text_overflow(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_STRING_EQUAL(out, "");
	sumfix_free(&m);
}

static void test_json_percentiles(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "-h", "100", NULL };
	struct report_json_run run = { .return_code = 3 };
	char path[] = "/tmp/rtwhy-json-XXXXXX", buf[8192];
	struct rtw_config cfg;
	struct sumfix m;
	size_t n;
	FILE *f;
	int i, fd = mkstemp(path);

	CU_ASSERT_TRUE_FATAL(fd >= 0);
	close(fd);
	setup(&cfg, &m, args, 5);
	for (i = 0; i < 100; i++)
		stats_add(&m.st[0], (i + 1) * 1000);
	stats_add(&m.st[1], 500000);
	CU_ASSERT_EQUAL(report_json_write(path, &cfg, sumfix_summary(&m), &run), 0);
	f = fopen(path, "r");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	unlink(path);
	/* thread 0: 1..100 us, p99.9 and p99.99 (100 us) past the 0-99 range */
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
				      "      \"percentiles\": {\"p50\": 50, \"p90\": 90, "
				      "\"p99\": 99, \"p99.9\": 100, \"p99.99\": 100},\n"
				      "      \"percentiles_from\": \"histogram+estimator\",\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"percentiles\": {\"p50\": 500, \"p90\": 500, \"p99\": "
					   "500, \"p99.9\": 500, \"p99.99\": 500},\n"
					   "      \"percentiles_from\": \"estimator\",\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"return_code\": 3,"));
	sumfix_free(&m);
}

static CU_TestInfo report_clients_tests[] = {
	{ "status block (SIGUSR1/2), SMI columns", test_status_block_and_smi },
	{ "-v -o: the max of each N", test_verbose_oscope },
	{ "-v --smi: the fourth column", test_verbose_smi },
	{ "-q percentiles, the histogram-range line", test_percentiles_and_range },
	{ "no overflow above: no range line", test_no_overflow_no_line },
	{ "JSON percentiles", test_json_percentiles },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("report_clients", NULL, cleanup, report_clients_tests);
