// SPDX-License-Identifier: GPL-2.0-only
/* check/render: the text report and the JSON of a fake sysroot. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/render.h"
#include "unit.h"

static struct check_gather_facts chkrt_facts;
static struct check_judge_report chkrt_report;

/* The report of fixture @name as text or JSON: malloc'd. */
static char *chkrt_print(const char *name, bool json)
{
	char root[512], *buf = NULL;
	size_t len = 0;
	FILE *f;

	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	CU_ASSERT_EQUAL_FATAL(check_gather(&chkrt_facts, root, CHECK_GATHER_HZ_AUTO), 0);
	check_judge_run(&chkrt_facts, &chkrt_report);
	f = open_memstream(&buf, &len);
	if (json) {
		CU_ASSERT_EQUAL(check_render_json(&chkrt_facts, &chkrt_report, f), 0);
	} else {
		check_render_text(&chkrt_facts, &chkrt_report, f);
	}
	fclose(f);
	check_gather_free(&chkrt_facts);
	return buf;
}

static void test_text(void)
{
	char *buf = chkrt_print("sysroot-unthreaded", false);

	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "Kernel 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0, 2 "
					   "CPUs; config: /proc/config.gz"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nhz                ok       250 (CONFIG_HZ"));
	/* why and do under a warning, wrapped at 100 columns under the value column */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(buf, "\nthreadirqs        warn     no: no threadirqs on the kernel command "
			    "line, not a PREEMPT_RT kernel\n"
			    "                           why: without forced threading, device IRQ "
			    "handlers run in hard IRQ\n"
			    "                                context: no task priority can preempt "
			    "them (see rtwhy irqs)\n"
			    "                           do:  boot with threadirqs on the kernel "
			    "command line (or a PREEMPT_RT\n"
			    "                                kernel)\n"));
	CU_ASSERT_PTR_NULL(strstr(buf, "why: the tick period")); /* hz is ok: no why */
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nVerdict: 3 warnings (threadirqs, isolcpus, "
					   "virtualization)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "could not tell: preempt_model"));
	free(buf);
}

static void test_json(void)
{
	char *buf = chkrt_print("sysroot-unthreaded", true);

	/* the counts at the top, then the kernel; "none" is null, not "" or -1 */
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"warnings\": 3,\n  \"unknown\": 2,\n  \"kernel\": {"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"major\": 6,\n    \"minor\": 18,\n    \"config\": "
					   "\"/proc/config.gz\",\n    \"cpus\": 2\n  }"));
	/* each check: name, status, typed value, unit, source, its fields, text, why, hint */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(buf, "{\n      \"name\": \"hz\",\n      \"status\": \"ok\",\n"
			    "      \"value\": 250,\n      \"unit\": \"Hz\",\n      "
			    "\"source\": \"config\",\n      \"text\": \"250 (CONFIG_HZ in "
			    "/proc/config.gz)\",\n      \"why\": \"the tick"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"name\": \"isolcpus\",\n      \"status\": \"warn\",\n"
					   "      \"value\": [],\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"steal_s\": 0.36,\n"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(buf, "\"exit_latency_us\": [\n        0,\n        1\n      ]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"hint\": null\n"));
	CU_ASSERT_PTR_NULL(strstr(buf, "\"\"")); /* no empty string anywhere */
	free(buf);

	buf = chkrt_print("sysroot-rt", true);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
				      "\"name\": \"isolcpus\",\n      \"status\": \"ok\",\n"
				      "      \"value\": [\n        2,\n        3\n      ],\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"runtime_us\": null,")); /* -1: no limit */
	free(buf);
	/* every typed field of rt_throttling, in order, after value, unit and source */
	buf = chkrt_print("sysroot-rtgroup", true);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		buf, "\"name\": \"rt_throttling\",\n      \"status\": \"warn\",\n"
		     "      \"value\": true,\n      \"unit\": null,\n      "
		     "\"source\": \"cgroup\",\n      \"runtime_us\": 950000,\n"
		     "      \"period_us\": 1000000,\n      \"runaway_fifo\": \"throttled\",\n"
		     "      \"knob\": \"cpu.rt_runtime_us\",\n      \"rt_group_sched\": true,\n"
		     "      \"cgroup\": \"/user.slice\",\n      \"cgroup_runtime_us\": 0,\n"
		     "      \"text\": \"950000 of 1000000 us (95%) on each CPU"));
	free(buf);
	buf = chkrt_print("sysroot-missing", true);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(buf, "\"release\": null,\n    \"version\": null,\n    "
			    "\"major\": null,\n    \"minor\": null,\n    \"config\": null,"
			    "\n    \"cpus\": null\n"));
	free(buf);
}

static CU_TestInfo check_render_tests[] = {
	{ "text", test_text },
	{ "json", test_json },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("check_render", NULL, NULL, check_render_tests);
