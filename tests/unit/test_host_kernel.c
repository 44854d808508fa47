// SPDX-License-Identifier: GPL-2.0-only
/* host/kernel: the kernel's facts of the fake sysroots; PREEMPT_RT by one rule; HZ's tick. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/host/kernel.h"
#include "analysis/util.h"
#include "unit.h"

static const char *hkern_root(const char *name)
{
	static char root[512];

	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	return root;
}

static void test_kconfig(void)
{
	const char *cfg = "# CONFIG_HZ_100 is not set\nCONFIG_HZ_250=y\nCONFIG_HZ=250\n"
			  "# CONFIG_PREEMPT is not set\nCONFIG_LOCALVERSION=\"-rt\"";
	char v[32];

	CU_ASSERT_TRUE(host_kernel_kconfig(cfg, "CONFIG_HZ", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "250");
	CU_ASSERT_TRUE(host_kernel_kconfig(cfg, "CONFIG_HZ_250", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "y");
	CU_ASSERT_TRUE(host_kernel_kconfig(cfg, "CONFIG_LOCALVERSION", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "\"-rt\"");
	CU_ASSERT_FALSE(host_kernel_kconfig(cfg, "CONFIG_PREEMPT", v, sizeof(v)));
	CU_ASSERT_FALSE(host_kernel_kconfig(cfg, "CONFIG_HZ_100", v, sizeof(v)));
	CU_ASSERT_FALSE(host_kernel_kconfig("", "CONFIG_HZ", v, sizeof(v)));
	CU_ASSERT_FALSE(host_kernel_kconfig(NULL, "CONFIG_HZ", v, sizeof(v)));
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(cfg, "CONFIG_HZ"), 1);
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(cfg, "CONFIG_PREEMPT"), 0);
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(cfg, "CONFIG_HZ_100"), 0);
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(cfg, "CONFIG_HZ_1000"), -1);
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(cfg, "CONFIG_PREEMP"), -1); /* a prefix */
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(NULL, "CONFIG_HZ"), -1);
	CU_ASSERT_EQUAL(host_kernel_kconfig_state("#  # CONFIG_HZ is not set", "CONFIG_HZ"), -1);
}

/* The rule: the version string; the config only without one; /sys/kernel/realtime last. */
static void test_preempt_rt_rule(void)
{
	const char *rt_cfg = "CONFIG_PREEMPT_RT=y\n", *no_cfg = "# CONFIG_PREEMPT_RT is not set\n";
	char missing[512];

	snprintf(missing, sizeof(missing), "%s", hkern_root("sysroot-missing"));

	CU_ASSERT_EQUAL(host_kernel_rt("#1 SMP PREEMPT_RT Debian 6.12.38-1", NULL, missing), 1);
	CU_ASSERT_EQUAL(host_kernel_rt("#1 SMP PREEMPT RT Fri", NULL, missing), 1); /* before 5.x */
	CU_ASSERT_EQUAL(host_kernel_rt("#1 SMP PREEMPT_DYNAMIC Debian", rt_cfg, missing), 0);
	CU_ASSERT_EQUAL(host_kernel_rt("", rt_cfg, missing), 1);
	CU_ASSERT_EQUAL(host_kernel_rt("", no_cfg, hkern_root("sysroot-rt")), 0);
	CU_ASSERT_EQUAL(host_kernel_rt("", NULL, hkern_root("sysroot-rt")), 1); /* realtime = 1 */
	CU_ASSERT_EQUAL(host_kernel_rt("", NULL, missing), -1);
}

static void test_forced_threading(void)
{
	char why[128];

	CU_ASSERT_EQUAL(
		host_kernel_forced_threading(hkern_root("sysroot-unthreaded"), why, sizeof(why)),
		0);
	CU_ASSERT_STRING_EQUAL(why, "no threadirqs on the kernel command line, not a PREEMPT_RT "
				    "kernel"); /* "-- --threadirqs" is init's */
	CU_ASSERT_EQUAL(host_kernel_forced_threading(hkern_root("sysroot-rt"), why, sizeof(why)),
			1);
	CU_ASSERT_STRING_EQUAL(why, "PREEMPT_RT kernel");
	CU_ASSERT_EQUAL(
		host_kernel_forced_threading(hkern_root("sysroot-threadirqs"), why, sizeof(why)),
		1);
	CU_ASSERT_STRING_EQUAL(why, "threadirqs on the kernel command line");
	CU_ASSERT_TRUE(
		host_kernel_forced_threading(hkern_root("sysroot-missing"), why, sizeof(why)) < 0);
}

static void test_read_sysroots(void)
{
	struct host_kernel k;

	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-rt")), 0);
	CU_ASSERT_STRING_EQUAL(k.release, "6.12.38-rt-amd64");
	CU_ASSERT_EQUAL(k.preempt_rt, 1);
	CU_ASSERT_EQUAL(k.forced, 1);
	CU_ASSERT_STRING_EQUAL(k.kconfig_src, "/boot/config-6.12.38-rt-amd64");
	CU_ASSERT_EQUAL(k.hz, 1000);
	CU_ASSERT_EQUAL(k.tick_ns, 1000000);
	host_kernel_free(&k);

	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-unthreaded")), 0);
	CU_ASSERT_EQUAL(k.preempt_rt, 0);
	CU_ASSERT_EQUAL(k.forced, 0);
	CU_ASSERT_STRING_EQUAL(k.kconfig_src, "/proc/config.gz");
	CU_ASSERT_EQUAL(k.hz, 250);
	CU_ASSERT_EQUAL(k.tick_ns, 4000000);
	host_kernel_free(&k);

	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-fairserver")), 0);
	CU_ASSERT_EQUAL(k.preempt_rt, 0);
	CU_ASSERT_PTR_NULL(k.kconfig); /* no config there: HZ unknown */
	CU_ASSERT_EQUAL(k.hz, 0);
	CU_ASSERT_EQUAL(k.tick_ns, 0);
	host_kernel_free(&k);

	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-missing")), 0);
	CU_ASSERT_STRING_EQUAL(k.release, ""); /* a fake root: no uname() */
	CU_ASSERT_EQUAL(k.preempt_rt, -1);
	CU_ASSERT_TRUE(k.forced < 0);
	host_kernel_free(&k);
}

/*
 * The preemption model: RT by its rule; debugfs's current one where it reads; a dynamic
 * kernel's preempt= or its config's boot default; else uname -v, told apart by the config.
 */
static void test_preempt_model(void)
{
	struct host_kernel k;
	char src[64];

	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-rt")), 0);
	CU_ASSERT_EQUAL(k.preempt, UTIL_PREEMPT_RT);
	host_kernel_free(&k);
	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-fairserver")), 0);
	CU_ASSERT_EQUAL(k.preempt, UTIL_PREEMPT_FULL); /* "none voluntary (full)" */
	CU_ASSERT_STRING_EQUAL(k.preempt_src, "/sys/kernel/debug/sched/preempt");
	host_kernel_free(&k);
	/* dynamic, no debugfs, no preempt=: the config's CONFIG_PREEMPT_NONE (this VM's own) */
	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-unthreaded")), 0);
	CU_ASSERT_EQUAL(k.preempt, UTIL_PREEMPT_NONE);
	CU_ASSERT_STRING_EQUAL(k.preempt_src, "the config's boot default");
	/* ... booted with preempt=voluntary */
	snprintf(k.cmdline, sizeof(k.cmdline), "root=/dev/vda1 preempt=voluntary quiet");
	CU_ASSERT_EQUAL(host_kernel_preempt(&k, hkern_root("sysroot-unthreaded"), src, sizeof(src)),
			UTIL_PREEMPT_VOLUNTARY);
	CU_ASSERT_STRING_EQUAL(src, "preempt= on the command line");
	/* not dynamic: the version says; "none or voluntary" told apart by the config */
	snprintf(k.version, sizeof(k.version), "#1 SMP Debian 5.10.0");
	CU_ASSERT_EQUAL(host_kernel_preempt(&k, hkern_root("sysroot-missing"), src, sizeof(src)),
			UTIL_PREEMPT_NONE);
	snprintf(k.version, sizeof(k.version), "#1 SMP PREEMPT Debian 5.10.0");
	CU_ASSERT_EQUAL(host_kernel_preempt(&k, hkern_root("sysroot-missing"), src, sizeof(src)),
			UTIL_PREEMPT_FULL);
	CU_ASSERT_STRING_EQUAL(src, "uname -v");
	host_kernel_free(&k);
	CU_ASSERT_EQUAL(host_kernel_preempt(&k, hkern_root("sysroot-missing"), src, sizeof(src)),
			UTIL_PREEMPT_FULL); /* freed: no config, the version still says */
	snprintf(k.version, sizeof(k.version), "#1 SMP Debian 5.10.0");
	CU_ASSERT_EQUAL(host_kernel_preempt(&k, hkern_root("sysroot-missing"), src, sizeof(src)),
			UTIL_PREEMPT_NOT);
	CU_ASSERT_EQUAL_FATAL(host_kernel_read(&k, hkern_root("sysroot-missing")), 0);
	CU_ASSERT_EQUAL(k.preempt, UTIL_PREEMPT_UNKNOWN);
	CU_ASSERT_STRING_EQUAL(k.preempt_src, "");
	host_kernel_free(&k);
}

/* The version strings' words, as mkcompile_h writes them, and the models' names. */
static void test_preempt_words(void)
{
	CU_ASSERT_EQUAL(util_preempt_of_version("#1 SMP PREEMPT_RT Debian 6.1.192-3"),
			UTIL_PREEMPT_RT);
	CU_ASSERT_EQUAL(util_preempt_of_version("#1 SMP PREEMPT RT Fri"), UTIL_PREEMPT_RT);
	CU_ASSERT_EQUAL(util_preempt_of_version("#1 SMP PREEMPT_DYNAMIC Debian 6.12.43-1"),
			UTIL_PREEMPT_UNKNOWN);
	CU_ASSERT_EQUAL(util_preempt_of_version("#1 SMP PREEMPT_LAZY Thu"), UTIL_PREEMPT_LAZY);
	CU_ASSERT_EQUAL(util_preempt_of_version("#1 SMP PREEMPT Thu"), UTIL_PREEMPT_FULL);
	CU_ASSERT_EQUAL(util_preempt_of_version("#2 SMP Debian 4.19.0"), UTIL_PREEMPT_NOT);
	CU_ASSERT_EQUAL(util_preempt_of_version("#2 SMP PREEMPTX"), UTIL_PREEMPT_NOT);
	CU_ASSERT_EQUAL(util_preempt_of_version(""), UTIL_PREEMPT_UNKNOWN);
	CU_ASSERT_EQUAL(util_preempt_of_version(NULL), UTIL_PREEMPT_UNKNOWN);
	CU_ASSERT_EQUAL(util_preempt_parse("voluntary"), UTIL_PREEMPT_VOLUNTARY);
	CU_ASSERT_EQUAL(util_preempt_parse("none or voluntary"), UTIL_PREEMPT_UNKNOWN);
	CU_ASSERT_EQUAL(util_preempt_parse("dynamic"), UTIL_PREEMPT_UNKNOWN);
	CU_ASSERT_STRING_EQUAL(util_preempt_name(UTIL_PREEMPT_NOT), "none or voluntary");
	CU_ASSERT_STRING_EQUAL(util_preempt_name(99), "unknown");
	CU_ASSERT_TRUE(util_preempt_kernel_code(UTIL_PREEMPT_LAZY));
	CU_ASSERT_FALSE(util_preempt_kernel_code(UTIL_PREEMPT_VOLUNTARY));
	CU_ASSERT_FALSE(util_preempt_kernel_code(UTIL_PREEMPT_UNKNOWN));
}

/* The one rounding of HZ to its tick, and back. */
static void test_tick(void)
{
	CU_ASSERT_EQUAL(util_hz_tick_ns(250), 4000000);
	CU_ASSERT_EQUAL(util_hz_tick_ns(300), 3333333);
	CU_ASSERT_EQUAL(util_hz_tick_ns(1024), 976563);
	CU_ASSERT_EQUAL(util_hz_tick_ns(0), 0);
	CU_ASSERT_EQUAL(util_hz_tick_ns(-1), 0);
	CU_ASSERT_EQUAL(util_tick_hz(3333333), 300);
	CU_ASSERT_EQUAL(util_tick_hz(976563), 1024);
	CU_ASSERT_EQUAL(util_tick_hz(0), 0);
}

static CU_TestInfo host_kernel_tests[] = {
	{ "kconfig", test_kconfig },
	{ "preempt_rt_rule", test_preempt_rt_rule },
	{ "forced_threading", test_forced_threading },
	{ "read_sysroots", test_read_sysroots },
	{ "preempt_model", test_preempt_model },
	{ "preempt_words", test_preempt_words },
	{ "tick", test_tick },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_kernel", NULL, NULL, host_kernel_tests);
