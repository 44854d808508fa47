// SPDX-License-Identifier: GPL-2.0-only
/* host/machine: the machine's facts under a fake root; uname() of this system. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "rtwhy/host/machine.h"
#include "unit.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
}

static void dir(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	CU_ASSERT_FATAL(!mkdir(path, 0755) || errno == EEXIST);
}

static int host_machine_init(void)
{
	snprintf(root, sizeof(root), "/tmp/rtwhy-host-machine-XXXXXX");
	return mkdtemp(root) ? 0 : -1;
}

static int host_machine_cleanup(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) ? -1 : 0;
}

static void test_realtime(void)
{
	CU_ASSERT_EQUAL(host_machine_realtime(root), 0); /* no /sys/kernel/realtime */
	dir("/sys");
	dir("/sys/kernel");
	put("/sys/kernel/realtime", "1\n");
	CU_ASSERT_EQUAL(host_machine_realtime(root), 1);
	put("/sys/kernel/realtime", "yes\n");
	CU_ASSERT_EQUAL(host_machine_realtime(root), 0);
}

static void test_cpu_node(void)
{
	CU_ASSERT_EQUAL(host_machine_cpu_node(root, -1), -1); /* not pinned */
	CU_ASSERT_EQUAL(host_machine_cpu_node(root, 0), 0);   /* no such directory */
	dir("/sys");
	dir("/sys/devices");
	dir("/sys/devices/system");
	dir("/sys/devices/system/cpu");
	dir("/sys/devices/system/cpu/cpu0");
	dir("/sys/devices/system/cpu/cpu3");
	put("/sys/devices/system/cpu/cpu0/online", "1\n");
	CU_ASSERT_EQUAL(host_machine_cpu_node(root, 0), 0); /* no nodeN entry */
	dir("/sys/devices/system/cpu/cpu3/nodes");	    /* not nodeN */
	dir("/sys/devices/system/cpu/cpu3/node2");
	CU_ASSERT_EQUAL(host_machine_cpu_node(root, 3), 2);
}

static void test_loadavg(void)
{
	char buf[HOST_MACHINE_LOADAVG_LEN] = "x";

	host_machine_loadavg(root, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, ""); /* unreadable */
	dir("/proc");
	put("/proc/loadavg", "0.52 0.58 0.59 2/312 12345\n");
	host_machine_loadavg(root, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "0.52 0.58 0.59 2/312 12345");
}

static void test_read(void)
{
	struct host_machine h;
	struct utsname u;

	memset(&h, 0x55, sizeof(h));
	host_machine_read(&h);
	CU_ASSERT_EQUAL_FATAL(uname(&u), 0);
	CU_ASSERT_STRING_EQUAL(h.uts.sysname, u.sysname);
	CU_ASSERT_STRING_EQUAL(h.uts.release, u.release);
	CU_ASSERT_EQUAL(h.realtime, host_machine_realtime(""));
}

static void test_cpus(void)
{
	cpu_set_t set, mine;
	int major = -1, minor = -1;

	CU_ASSERT_TRUE(host_machine_cpus(&set) >= 1);
	CU_ASSERT_EQUAL_FATAL(sched_getaffinity(0, sizeof(mine), &mine), 0);
	CU_ASSERT_TRUE(CPU_EQUAL(&set, &mine));
	CU_ASSERT_EQUAL(host_machine_kernel_version(&major, &minor), 0);
	CU_ASSERT_TRUE(major >= 2 && minor >= 0);
}

static CU_TestInfo host_machine_tests[] = {
	{ "cpus: this process's, and the kernel version", test_cpus },
	{ "realtime: the number in the file, 0 without", test_realtime },
	{ "cpu node: nodeN, 0 unknown, -1 not pinned", test_cpu_node },
	{ "loadavg: the line without its newline", test_loadavg },
	{ "read: uname and realtime of this system", test_read },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_machine", host_machine_init, host_machine_cleanup, host_machine_tests);
