// SPDX-License-Identifier: GPL-2.0-only
/* syscheck: options, small parsers, every check on the fake sysroots, output. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/syscheck.h"
#include "analysis/util.h"
#include "unit.h"

static int syst_parse(struct syscheck_opts *o, char *err, const char *a1, const char *a2)
{
	char *argv[4] = { (char *)"check", (char *)a1, (char *)a2, NULL };
	int argc = 1 + !!a1 + !!(a1 && a2);

	return syscheck_parse_args(argc, argv, o, err, 256);
}

/* Run every check on a fixture; returns how many. */
static size_t syst_run(const char *name, struct syscheck_ctx *ctx, struct syscheck_result *res)
{
	static char root[512];

	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	if (syscheck_ctx_init(ctx, root, SYSCHECK_HZ_AUTO))
		return 0;
	return syscheck_run(ctx, res);
}

static const struct syscheck_result *syst_get(const struct syscheck_result *res, size_t n,
					      const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(res[i].name, name))
			return &res[i];
	CU_FAIL("no such check");
	return &res[0];
}

#define SYST_IS(name, st, text)                                                                  \
	do {                                                                                     \
		const struct syscheck_result *r_ = syst_get(res, n, name);                       \
		CU_ASSERT_EQUAL(r_->status, st);                                                 \
		CU_ASSERT_PTR_NOT_NULL(strstr(r_->value, text));                                 \
		if (r_->status != (st) || !strstr(r_->value, text))                              \
			fprintf(stderr, "\n%s: %s %s\n", name, syscheck_status_name(r_->status), \
				r_->value);                                                      \
	} while (0)

static void test_args(void)
{
	struct syscheck_opts o;
	char err[256];

	CU_ASSERT_EQUAL(syst_parse(&o, err, NULL, NULL), 0);
	CU_ASSERT_EQUAL(o.hz_from, SYSCHECK_HZ_AUTO);
	CU_ASSERT_STRING_EQUAL(o.root, "");
	CU_ASSERT_PTR_NULL(o.json_path);
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--json=c.json", "--hz-from=ticks"), 0);
	CU_ASSERT_STRING_EQUAL(o.json_path, "c.json");
	CU_ASSERT_EQUAL(o.hz_from, SYSCHECK_HZ_TICKS);
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--hz-from", "timer_list"), 0);
	CU_ASSERT_EQUAL(o.hz_from, SYSCHECK_HZ_TIMER_LIST);
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--hz-from=config", "--sysroot=x"), 0);
	CU_ASSERT_EQUAL(o.hz_from, SYSCHECK_HZ_CONFIG);
	CU_ASSERT_STRING_EQUAL(o.root, "x");
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--hz-from=auto", NULL), 0);
	CU_ASSERT_EQUAL(syst_parse(&o, err, "-h", NULL), 0);
	CU_ASSERT_TRUE(o.help);

	CU_ASSERT_EQUAL(syst_parse(&o, err, "--hz-from=jiffies", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "invalid value 'jiffies' for --hz-from: expected auto, config, "
				    "timer_list or ticks");
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--hz-from", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "option --hz-from needs a value (see rtwhy check --help)");
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--json=", NULL), -EINVAL);
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--sysroot", ""), -EINVAL);
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--observe=3", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unknown option --observe=3 (see rtwhy check --help)");
	CU_ASSERT_EQUAL(syst_parse(&o, err, "all", NULL), -EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "unexpected argument 'all' (see rtwhy check --help)");
	CU_ASSERT_EQUAL(syst_parse(&o, err, "--sysroot=x", "--hz-from=ticks"), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "conflicting options"));
}

static void test_parsers(void)
{
	const char *cfg = "# CONFIG_HZ_100 is not set\nCONFIG_HZ_250=y\nCONFIG_HZ=250\n"
			  "# CONFIG_PREEMPT is not set\nCONFIG_LOCALVERSION=\"-rt\"";
	const char *tl = "Timer List Version: v0.10\nnow at 972596170194 nsecs\n\ncpu: 0\n"
			 "  .last_jiffies   : 4295136202\njiffies: 4295136203\n";
	uint64_t now, jif;
	char v[32];

	CU_ASSERT_TRUE(syscheck_kconfig(cfg, "CONFIG_HZ", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "250");
	CU_ASSERT_TRUE(syscheck_kconfig(cfg, "CONFIG_HZ_250", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "y");
	CU_ASSERT_TRUE(syscheck_kconfig(cfg, "CONFIG_LOCALVERSION", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "\"-rt\"");
	CU_ASSERT_FALSE(syscheck_kconfig(cfg, "CONFIG_PREEMPT", v, sizeof(v)));
	CU_ASSERT_FALSE(syscheck_kconfig(cfg, "CONFIG_HZ_100", v, sizeof(v)));
	CU_ASSERT_FALSE(syscheck_kconfig("", "CONFIG_HZ", v, sizeof(v)));

	CU_ASSERT_EQUAL(syscheck_preempt_current("none voluntary (full) lazy", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "full");
	CU_ASSERT_EQUAL(syscheck_preempt_current("(none) voluntary full", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "none");
	CU_ASSERT_EQUAL(syscheck_preempt_current("none voluntary full", v, sizeof(v)), -EINVAL);
	CU_ASSERT_EQUAL(syscheck_preempt_current("none ()", v, sizeof(v)), -EINVAL);

	CU_ASSERT_EQUAL(syscheck_timer_list_sample(tl, &now, &jif), 0);
	CU_ASSERT_EQUAL(now, 972596170194ULL);
	CU_ASSERT_EQUAL(jif, 4295136203ULL); /* not .last_jiffies */
	CU_ASSERT_EQUAL(syscheck_timer_list_sample("now at 5 nsecs\n", &now, &jif), -EINVAL);
	CU_ASSERT_EQUAL(syscheck_timer_list_sample("", &now, &jif), -EINVAL);

	CU_ASSERT_EQUAL(syscheck_hz_snap(249.2), 250);
	CU_ASSERT_EQUAL(syscheck_hz_snap(257.0), 256);
	CU_ASSERT_EQUAL(syscheck_hz_snap(1006.0), 1000); /* nearest: not 1024 */
	CU_ASSERT_EQUAL(syscheck_hz_snap(1020.0), 1024);
	CU_ASSERT_EQUAL(syscheck_hz_snap(99.0), 100);
	CU_ASSERT_EQUAL(syscheck_hz_snap(300.4), 300);
	CU_ASSERT_EQUAL(syscheck_hz_snap(173.4), 173);

	CU_ASSERT_STRING_EQUAL(syscheck_status_name(SYSCHECK_OK), "ok");
	CU_ASSERT_STRING_EQUAL(syscheck_status_name(SYSCHECK_WARN), "warn");
	CU_ASSERT_STRING_EQUAL(syscheck_status_name(SYSCHECK_UNKNOWN), "unknown");
}

static void test_hz_from_deltas(void)
{
	/* a busy CPU at HZ=250 with jitter, an idle one skipping ticks, and a stray */
	uint64_t d[] = { 4000100, 3999800, 8000000, 4000050, 12000300,
			 3999950, 4000000, 50000,   4000200 };
	uint64_t few[] = { 4000000, 4000000, 8000000, 8000000, 4000000, 12000000 };
	uint64_t tiny[] = { 10, 20, 30, 40, 50, 60 };
	double period;

	CU_ASSERT_EQUAL(syscheck_hz_from_deltas(d, ARRAY_SIZE(d), &period), 0);
	CU_ASSERT_TRUE(period > 3999000 && period < 4001000);
	CU_ASSERT_EQUAL(syscheck_hz_snap(1e9 / period), 250);
	CU_ASSERT_EQUAL(syscheck_hz_from_deltas(few, ARRAY_SIZE(few), &period), -ENODATA);
	CU_ASSERT_EQUAL(syscheck_hz_from_deltas(tiny, ARRAY_SIZE(tiny), &period), -ENODATA);
	CU_ASSERT_EQUAL(syscheck_hz_from_deltas(d, 0, &period), -ENODATA);
}

static void test_unthreaded(void)
{
	struct syscheck_result res[SYSCHECK_MAX];
	struct syscheck_ctx ctx;
	size_t n = syst_run("sysroot-unthreaded", &ctx, res);

	CU_ASSERT_EQUAL_FATAL(n, 16);
	CU_ASSERT_STRING_EQUAL(ctx.release, "6.18.44-fc-v669");
	CU_ASSERT_STRING_EQUAL(ctx.kconfig_src, "/proc/config.gz");
	CU_ASSERT_EQUAL(ctx.nr_cpus, 2);
	SYST_IS("preempt_model", SYSCHECK_UNKNOWN, "dynamic, boot default none in /proc/config.gz");
	SYST_IS("hz", SYSCHECK_OK, "250 (CONFIG_HZ in /proc/config.gz)");
	SYST_IS("nohz", SYSCHECK_OK, "idle");
	SYST_IS("threadirqs", SYSCHECK_WARN, "no: no threadirqs");
	SYST_IS("isolcpus", SYSCHECK_WARN, "none");
	SYST_IS("nohz_full", SYSCHECK_OK, "none");
	SYST_IS("rcu_nocbs", SYSCHECK_OK, "none");
	SYST_IS("cpufreq_governor", SYSCHECK_OK, "none (no cpufreq");
	SYST_IS("cpuidle", SYSCHECK_OK, "haltpoll/haltpoll: POLL 0 us, haltpoll idle 1 us");
	SYST_IS("rt_throttling", SYSCHECK_OK, "950000 of 1000000 us (95%)");
	SYST_IS("timer_slack", SYSCHECK_OK, "50000 ns (the default)");
	SYST_IS("virtualization", SYSCHECK_WARN, "VM (hypervisor flag in /proc/cpuinfo, kvm-clock");
	SYST_IS("virtualization", SYSCHECK_WARN, "steal 0.36 s since boot (0.02% of CPU time)");
	SYST_IS("smt", SYSCHECK_OK, "off (control: notsupported)");
	SYST_IS("clocksource", SYSCHECK_OK, "tsc");
	SYST_IS("tracefs", SYSCHECK_OK, "/sys/kernel/tracing, writable, events 10/10 needed, 5/5");
	SYST_IS("timerlat", SYSCHECK_OK, "absent: rtla timerlat cannot run here (tracers: blk");
	CU_ASSERT_PTR_NOT_NULL(strstr(syst_get(res, n, "threadirqs")->hint, "threadirqs"));
	CU_ASSERT_TRUE(syst_get(res, n, "hz")->why[0] != '\0');
	syscheck_ctx_free(&ctx);
}

static void test_rt(void)
{
	struct syscheck_result res[SYSCHECK_MAX];
	struct syscheck_ctx ctx;
	size_t n = syst_run("sysroot-rt", &ctx, res);

	CU_ASSERT_EQUAL_FATAL(n, 16);
	CU_ASSERT_STRING_EQUAL(ctx.kconfig_src, "/boot/config-6.12.38-rt-amd64");
	SYST_IS("preempt_model", SYSCHECK_OK, "rt (PREEMPT_RT in uname -v)");
	SYST_IS("hz", SYSCHECK_OK, "1000 (CONFIG_HZ in /boot/config-6.12.38-rt-amd64)");
	SYST_IS("nohz", SYSCHECK_OK, "full capable");
	SYST_IS("threadirqs", SYSCHECK_OK, "yes: PREEMPT_RT kernel");
	SYST_IS("isolcpus", SYSCHECK_OK, "2-3 (isolcpus=managed_irq,domain,2-3)");
	SYST_IS("nohz_full", SYSCHECK_OK, "2-3");
	SYST_IS("rcu_nocbs", SYSCHECK_OK, "2-3");
	SYST_IS("cpufreq_governor", SYSCHECK_OK, "performance (4 CPUs)");
	SYST_IS("cpuidle", SYSCHECK_WARN, "intel_idle/menu: POLL 0 us, C1 2 us, C6 133 us");
	SYST_IS("rt_throttling", SYSCHECK_OK, "off");
	SYST_IS("timer_slack", SYSCHECK_OK, "1 ns");
	SYST_IS("virtualization", SYSCHECK_OK, "no hypervisor seen");
	SYST_IS("smt", SYSCHECK_WARN, "on");
	SYST_IS("timerlat", SYSCHECK_OK, "present");
	CU_ASSERT_STRING_EQUAL(syst_get(res, n, "hz")->hint, ""); /* HZ=1000: nothing to do */
	syscheck_ctx_free(&ctx);
}

static void test_threadirqs_and_missing(void)
{
	struct syscheck_result res[SYSCHECK_MAX];
	struct syscheck_ctx ctx;
	size_t n = syst_run("sysroot-threadirqs", &ctx, res), i, unknown = 0;

	CU_ASSERT_EQUAL_FATAL(n, 16);
	CU_ASSERT_PTR_NULL(ctx.kconfig);
	SYST_IS("preempt_model", SYSCHECK_OK, "full (/sys/kernel/debug/sched/preempt)");
	SYST_IS("hz", SYSCHECK_UNKNOWN, "no kernel config under the sysroot");
	SYST_IS("threadirqs", SYSCHECK_OK, "yes: threadirqs on the kernel command line");
	SYST_IS("cpufreq_governor", SYSCHECK_WARN, "schedutil (2 CPUs)");
	SYST_IS("cpuidle", SYSCHECK_OK, "no cpuidle driver");
	SYST_IS("timer_slack", SYSCHECK_WARN, "200000 ns");
	SYST_IS("clocksource", SYSCHECK_WARN, "hpet");
	SYST_IS("tracefs", SYSCHECK_WARN, "not mounted");
	SYST_IS("rt_throttling", SYSCHECK_UNKNOWN, "unreadable");
	syscheck_ctx_free(&ctx);

	n = syst_run("sysroot-missing", &ctx, res);
	CU_ASSERT_EQUAL_FATAL(n, 16);
	for (i = 0; i < n; i++)
		unknown += res[i].status == SYSCHECK_UNKNOWN;
	CU_ASSERT_EQUAL(unknown, 16); /* nothing is claimed without having been read */
	SYST_IS("threadirqs", SYSCHECK_UNKNOWN, "/proc/cmdline unreadable");
	syscheck_ctx_free(&ctx);
}

static void test_output(void)
{
	struct syscheck_result res[SYSCHECK_MAX];
	struct syscheck_ctx ctx;
	size_t n = syst_run("sysroot-unthreaded", &ctx, res), len = 0;
	char *buf = NULL;
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(n, 16);
	f = open_memstream(&buf, &len);
	syscheck_print(&ctx, res, n, f);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "Kernel 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0, 2 "
					   "CPUs; config: /proc/config.gz"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nhz                ok       250 (CONFIG_HZ"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "why: without forced threading"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nVerdict: 3 warnings (threadirqs, isolcpus, "
					   "virtualization)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "could not tell: preempt_model"));
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	CU_ASSERT_EQUAL(syscheck_write_json(&ctx, res, n, f), 0);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(buf, "\"checks\": [\n    {\n      \"name\": \"preempt_model\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
				      "\"name\": \"hz\",\n      \"value\": \"250 (CONFIG_HZ in "
				      "/proc/config.gz)\",\n      \"status\": \"ok\",\n      "
				      "\"why\": "));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"status\": \"warn\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"status\": \"unknown\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"hint\": \"\""));
	free(buf);
	syscheck_ctx_free(&ctx);
}

static CU_TestInfo syscheck_tests[] = {
	{ "args", test_args },
	{ "parsers", test_parsers },
	{ "hz_from_deltas", test_hz_from_deltas },
	{ "unthreaded", test_unthreaded },
	{ "rt", test_rt },
	{ "threadirqs_and_missing", test_threadirqs_and_missing },
	{ "output", test_output },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("syscheck", NULL, NULL, syscheck_tests);
