// SPDX-License-Identifier: GPL-2.0-only
/* procfs: reading under a root prefix, command line and field parsing. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/procfs.h"
#include "unit.h"

static char procfs_root[512];

static int procfs_init(void)
{
	snprintf(procfs_root, sizeof(procfs_root), "%s/sysroot-rt", unit_fixtures());
	return 0;
}

static void test_cmdline_param(void)
{
	const char *cl =
		"BOOT_IMAGE=/vmlinuz threadirqs isolcpus=managed_irq,domain,2-3 "
		"quiet=\"a b\" nohz_full=1 nohz_full=2-3 rcu_nocbs -- threadirqs2 preempt=full";
	char v[64];

	CU_ASSERT_TRUE(procfs_cmdline_param(cl, "threadirqs", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "");
	CU_ASSERT_TRUE(procfs_cmdline_param(cl, "isolcpus", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "managed_irq,domain,2-3");
	CU_ASSERT_TRUE(procfs_cmdline_param(cl, "quiet", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "a b");
	CU_ASSERT_TRUE(procfs_cmdline_param(cl, "nohz_full", v, sizeof(v)));
	CU_ASSERT_STRING_EQUAL(v, "2-3"); /* the last one wins */
	CU_ASSERT_TRUE(procfs_cmdline_param(cl, "rcu_nocbs", NULL, 0));
	CU_ASSERT_FALSE(procfs_cmdline_param(cl, "preempt", v, sizeof(v))); /* init's */
	CU_ASSERT_FALSE(procfs_cmdline_param(cl, "threadirq", v, sizeof(v)));
	CU_ASSERT_FALSE(procfs_cmdline_param(cl, "nohz", v, sizeof(v)));
	CU_ASSERT_FALSE(procfs_cmdline_param("", "threadirqs", v, sizeof(v)));
	CU_ASSERT_FALSE(
		procfs_cmdline_param("console=ttyS0 -- --threadirqs", "threadirqs", NULL, 0));
}

static void test_field_and_word(void)
{
	const char *status = "Name:\tirq/24-ACPI:Ged\nCpus_allowed:\t1\nCpus_allowed_list:\t0-1 \n";
	const char *cpuinfo = "processor\t: 0\nflags\t\t: fpu hypervisor lahf_lm\n";
	char v[64];

	CU_ASSERT_EQUAL(procfs_field(status, "Cpus_allowed_list", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "0-1");
	CU_ASSERT_EQUAL(procfs_field(status, "Cpus_allowed", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "1");
	CU_ASSERT_EQUAL(procfs_field(cpuinfo, "flags", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "fpu hypervisor lahf_lm");
	CU_ASSERT_EQUAL(procfs_field(status, "Threads", v, sizeof(v)), -ENOENT);
	CU_ASSERT_STRING_EQUAL(v, "");
	CU_ASSERT_TRUE(procfs_has_word("fpu hypervisor lahf_lm", "hypervisor"));
	CU_ASSERT_TRUE(procfs_has_word("timerlat osnoise", "timerlat"));
	CU_ASSERT_FALSE(procfs_has_word("timerlat_x osnoise", "timerlat"));
	CU_ASSERT_FALSE(procfs_has_word("PREEMPT_DYNAMIC", "PREEMPT"));
	CU_ASSERT_FALSE(procfs_has_word("", "tsc"));
}

static void test_read_files(void)
{
	char buf[64], **names, *all = NULL, longpath[5000];
	long long v;
	int n;

	CU_ASSERT_EQUAL(
		procfs_read(procfs_root, "/proc/sys/kernel/sched_rt_runtime_us", buf, sizeof(buf)),
		2);
	CU_ASSERT_STRING_EQUAL(buf, "-1");
	CU_ASSERT_EQUAL(procfs_read_long(procfs_root, "/proc/sys/kernel/sched_rt_runtime_us", &v),
			0);
	CU_ASSERT_EQUAL(v, -1);
	CU_ASSERT_EQUAL(procfs_read_long(procfs_root, "/proc/cmdline", &v), -EINVAL);
	CU_ASSERT_EQUAL(procfs_read(procfs_root, "/nope", buf, sizeof(buf)), -ENOENT);
	CU_ASSERT_STRING_EQUAL(buf, "");
	CU_ASSERT_EQUAL(procfs_read(procfs_root, "/proc/cmdline", buf, 8), 7); /* cut */
	CU_ASSERT_TRUE(procfs_read_all(procfs_root, "/proc/interrupts", &all) > 100);
	CU_ASSERT_PTR_NOT_NULL(strstr(all, "snd hda intel"));
	free(all);
	CU_ASSERT_TRUE(procfs_exists(procfs_root, "/proc/irq/16/snd hda intel"));
	CU_ASSERT_FALSE(procfs_exists(procfs_root, "/proc/irq/99"));

	n = procfs_list(procfs_root, "/proc/irq/16", true, &names);
	CU_ASSERT_EQUAL(n, 2);
	if (n == 2) {
		CU_ASSERT_STRING_EQUAL(names[0], "ehci_hcd:usb1");
		CU_ASSERT_STRING_EQUAL(names[1], "snd hda intel");
	}
	procfs_list_free(names, n);
	n = procfs_list(procfs_root, "/proc/irq/16", false, &names);
	CU_ASSERT_EQUAL(n, 5); /* and the three files */
	procfs_list_free(names, n);
	CU_ASSERT_EQUAL(procfs_list(procfs_root, "/proc/irq/99", true, &names), -ENOENT);

	memset(longpath, 'x', sizeof(longpath) - 1);
	longpath[sizeof(longpath) - 1] = '\0';
	CU_ASSERT_EQUAL(procfs_path(buf, sizeof(buf), procfs_root, longpath), -ENAMETOOLONG);
	CU_ASSERT_EQUAL(procfs_read(procfs_root, longpath, buf, sizeof(buf)), -ENAMETOOLONG);
}

static void test_read_gzip(void)
{
	char root[512], *text = NULL;
	ssize_t n;

	snprintf(root, sizeof(root), "%s/sysroot-unthreaded", unit_fixtures());
	n = procfs_read_gzip(root, "/proc/config.gz", &text);
	CU_ASSERT_TRUE(n > 0);
	CU_ASSERT_PTR_NOT_NULL(text && strstr(text, "\nCONFIG_HZ=250\n"));
	free(text);
	CU_ASSERT_EQUAL(procfs_read_gzip(root, "/proc/cmdline", &text), -EIO); /* not gzip */
	CU_ASSERT_PTR_NULL(text);
	CU_ASSERT_EQUAL(procfs_read_gzip(root, "/proc/nope.gz", &text), -ENOENT);
}

static CU_TestInfo procfs_tests[] = {
	{ "cmdline_param", test_cmdline_param },
	{ "field_and_word", test_field_and_word },
	{ "read_files", test_read_files },
	{ "read_gzip", test_read_gzip },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("procfs", procfs_init, NULL, procfs_tests);
