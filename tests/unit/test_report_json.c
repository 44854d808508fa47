// SPDX-License-Identifier: GPL-2.0-only
/* report_json: cyclictest's keys and quirks, and the spikes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "rtwhy/json.h"
#include "rtwhy/report/json.h"
#include "evgen.h"
#include "sumfix.h"
#include "unit.h"

static char *slurp(const char *path)
{
	static char buf[32768];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_file(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "-h", "5", "--json=x", NULL };
	struct blame_spike sp = { .thread = 0,
				  .tid = 5000,
				  .cpu = 1,
				  .deadline_ns = evgen_us(10000),
				  .wake_ns = evgen_us(11515),
				  .slack_ns = 0,
				  .deadline_exact = true,
				  .source = "rtwhy" };
	char path[] = "/tmp/rtwhy-json-XXXXXX";
	struct report_json_run run = { .return_code = 0 };
	struct spikekeep kept = { 0 };
	static struct evgen g;
	struct blame_result r;
	enum cli_action action;
	struct rtw_config cfg;
	struct sumfix m;
	char err[256], *s;
	int fd = mkstemp(path);

	CU_ASSERT_TRUE_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL_FATAL(cli_parse(6, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(sumfix_init(&m, &cfg, 2), 0);
	stats_add(&m.st[0], 2500);
	stats_add(&m.st[0], 3500);
	evgen_init(&g);
	ev_switch(&g, 100, 1, 5000, "rtwhy", 49, 1, 2000, "a\"b", 120, 0);
	ev_hrtimer(&g, 10000, 1, 2000, "a\"b", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 10001, 1, 2000, "a\"b", RTW_EV_WAKING, 5000, "rtwhy", 49, 1, RTW_F_HARDIRQ);
	ev_hrtimer(&g, 10002, 1, 2000, "a\"b", NULL, false, 0);
	ev_irq(&g, 10004, 1, 2000, "a\"b", 36, "virtio1-req.0", true);
	ev_irq(&g, 11500, 1, 2000, "a\"b", 36, NULL, false);
	ev_switch(&g, 11510, 1, 2000, "a\"b", 120, 0, 5000, "rtwhy", 49, 0);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, NULL, &r), 0);
	CU_ASSERT_EQUAL(spikekeep_add(&kept, &r, 1), 0);
	run.kept = &kept;
	CU_ASSERT_EQUAL(report_json_write(path, &cfg, sumfix_summary(&m), &run), 0);
	s = slurp(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(s, "{\n  \"file_version\": 1,\n  \"cmdline:\": \"rtwhy -t 2 -h 5 "
			  "--json=x\",\n  \"rt_test_version:\": \"2.40\",\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "  \"num_threads\": 2,\n  \"resolution_in_ns\": 0,\n"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(s, "      \"histogram\": {\n        \"2\": 1,\n        \"3\": 1\n"
			  "      },\n      \"cycles\": 2,\n      \"min\": 2,\n"
			  "      \"max\": 3,\n      \"avg\": 2.50,\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "      \"histogram\": {      },\n      \"cycles\": 0,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"spikes\": ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"kind\": \"hardirq\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"irq\": 36"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"kind\": \"irq\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"timer_delay_us\": "));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"complete\": true"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"comm\": \"a\\\"b\""));
	CU_ASSERT_EQUAL(s[strlen(s) - 2], '}');
	unlink(path);
	CU_ASSERT_EQUAL(report_json_write("/nonexistent/dir/x.json", &cfg, &m.s, &run), -ENOENT);
	spikekeep_free(&kept);
	sumfix_free(&m);
}

/* One spike's JSON, as run and analyze write it: malloc()ed, NULL when it failed. */
static char *spike_json(const struct blame_result *r)
{
	struct json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	json_start(&j, f);
	json_array(&j, "spikes");
	report_json_spike(&j, r, 1);
	if (json_finish(&j)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

/* The causes' keys: the culprit's role, "causes", "stack". */
static void test_causes(void)
{
	struct blame_result r;
	char *buf;

	memset(&r, 0, sizeof(r));
	r.latency_ns = 40000000;
	r.nr_culprits = 1;
	r.verdict = BLAME_V_RT_THROTTLED;
	r.culprit[0] = (struct blame_culprit){ .kind = BLAME_TASK,
					       .ns = 40000000,
					       .pid = 7000,
					       .comm = "spinner",
					       .prio = 98,
					       .policy = 1,
					       .cpu = 1,
					       .role = BLAME_ROLE_RT_BUDGET,
					       .softirq_ns = 1500000,
					       .softirq = "BLOCK",
					       .flags = BLAME_C_PINNED };
	r.cause.bw.kind = CAUSE_BW_RT_THROTTLED;
	r.cause.bw.cpu = 1;
	r.cause.bw.period_timer_ns = 123;
	r.cause.bw.nr_users = 1;
	r.cause.bw.user[0] = (struct cause_task){
		.pid = 7000, .comm = "spinner", .prio = 98, .run_ns = 5000, .never_sleeps = 1
	};
	r.cause.pi.holder_pid = r.cause.pi.waiter_pid = r.cause.pi.mid_pid = -1;
	r.cause.stack.where = CAUSE_STACK_USER;
	r.cause.stack.pid = 7000;
	buf = spike_json(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"role\": \"rt_budget\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"mechanism\": \"rt_throttle\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"period_timer_ns\": 123"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"never_sleeps\": true"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"where\": \"user\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"frames\": []"));
	CU_ASSERT_PTR_NULL(strstr(buf, "\"pi\""));
	/* the softirq it ran inside itself, and what it is (kernel-lab fixes) */
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"softirq\": \"BLOCK\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"softirq_us\": 1500.000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"per_cpu_kthread\": true"));
	CU_ASSERT_PTR_NULL(strstr(buf, "\"rtwhy_main_thread\""));
	free(buf);
	/* rtwhy's own explaining thread, as such */
	r.culprit[0].flags = BLAME_C_SELF;
	strcpy(r.culprit[0].comm, BLAME_EXPLAINER_COMM);
	buf = spike_json(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"rtwhy_explaining_thread\": true"));
	CU_ASSERT_PTR_NULL(strstr(buf, "\"rtwhy_main_thread\""));
	free(buf);
}

static CU_TestInfo report_json_tests[] = {
	{ "cyclictest keys, histogram, spikes", test_file },
	{ "the causes' keys", test_causes },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("report_json", NULL, NULL, report_json_tests);
