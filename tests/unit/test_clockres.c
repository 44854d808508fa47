// SPDX-License-Identifier: GPL-2.0-only
/* clockres: cyclictest's -R: how many readings, its two warnings, the --dbg_cyclictest list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/clockres.h"
#include "unit.h"

static void test_calls(void)
{
	CU_ASSERT_EQUAL(clockres_calls(0), 1000);	    /* the clock did not move */
	CU_ASSERT_EQUAL(clockres_calls(20 * 1000), 50000);  /* 20 ns a reading */
	CU_ASSERT_EQUAL(clockres_calls(1000 * 1000), 1000); /* 1 us a reading */
	CU_ASSERT_EQUAL(clockres_calls(5000 * 1000), 1000); /* at least 1000 */
	CU_ASSERT_EQUAL(clockres_calls(5 * 1000), CLOCKRES_MAX_CALLS);
	CU_ASSERT_EQUAL(clockres_calls(1), CLOCKRES_MAX_CALLS);
}

static void test_measure_and_report(void)
{
	struct clockres r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int lines = 0;
	char *p;

	CU_ASSERT_EQUAL_FATAL(clockres_measure(CLOCK_MONOTONIC, f, &r), 0);
	fclose(f);
	CU_ASSERT_TRUE(r.reported_ns >= 1 && r.reported_ns < 1000000);
	CU_ASSERT_TRUE(r.measured_ns > 0);
	CU_ASSERT_TRUE(r.calls >= 1000 && r.calls <= CLOCKRES_MAX_CALLS);
	CU_ASSERT_EQUAL(strncmp(buf, "INFO: For ", 10), 0);
	for (p = buf; *p; p++)
		lines += *p == '\n';
	CU_ASSERT_EQUAL(lines, 2 + r.calls - 1);
	free(buf);

	r.reported_ns = 1;
	r.measured_ns = 20;
	buf = NULL;
	f = open_memstream(&buf, &len);
	clockres_report(f, &r, false);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "WARN: reported clock resolution: 1 nsec\n"
				    "WARN: measured clock resolution approximately: 20 nsec\n");
	free(buf);
	r.measured_ns = 1;
	buf = NULL;
	f = open_memstream(&buf, &len);
	clockres_report(f, &r, false); /* as fine as reported: nothing to say */
	clockres_report(f, &r, true);  /* unless -v */
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "approximately: 1 nsec\n"));
	CU_ASSERT_EQUAL(strlen(buf),
			strlen("WARN: reported clock resolution: 1 nsec\n"
			       "WARN: measured clock resolution approximately: 1 nsec\n"));
	free(buf);
}

static CU_TestInfo clockres_tests[] = {
	{ "readings for about a millisecond", test_calls },
	{ "measure, warn, list", test_measure_and_report },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("clockres", NULL, NULL, clockres_tests);
