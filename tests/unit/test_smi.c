// SPDX-License-Identifier: GPL-2.0-only
/*
 * smi: which processors keep MSR_SMI_COUNT (cyclictest's list), reading the
 * counter through a file laid out like /dev/cpu/N/msr, and its wrap. This
 * machine's own answer is only required to come with a reason.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/smi.h"
#include "unit.h"

/* CPUID words of an Intel family 6 processor of @model, with or without MSRs */
static struct smi_cpuid intel(unsigned int model, bool msr)
{
	struct smi_cpuid id = { .vendor_ebx = 0x756e6547, /* "GenuineIntel" */
				.vendor_edx = 0x49656e69,
				.vendor_ecx = 0x6c65746e };

	id.fms = ((model >> 4) << 16) | (6u << 8) | ((model & 0xf) << 4) | 3;
	id.features_edx = msr ? 1u << 5 : 0;
	return id;
}

static void test_models(void)
{
	struct smi_cpuid id = intel(0x5E, true), amd = { .vendor_ebx = 0x68747541, /* "Auth" */
							 .vendor_edx = 0x69746e65,
							 .vendor_ecx = 0x444d4163 };
	char why[160];

	CU_ASSERT_TRUE(smi_cpu_has_counter(&id, why, sizeof(why))); /* Skylake */
	id = intel(0x3C, true);					    /* Haswell */
	CU_ASSERT_TRUE(smi_cpu_has_counter(&id, NULL, 0));
	id = intel(0x8F, true); /* Sapphire Rapids, an alias of Ice Lake X */
	CU_ASSERT_TRUE(smi_cpu_has_counter(&id, NULL, 0));
	id = intel(0x9A, true); /* Alder Lake L: Cannon Lake's */
	CU_ASSERT_TRUE(smi_cpu_has_counter(&id, NULL, 0));
	id = intel(0x0F, true); /* Core 2: not in the list */
	CU_ASSERT_FALSE(smi_cpu_has_counter(&id, why, sizeof(why)));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "model 0x0F"));
	id = intel(0x5E, false);
	CU_ASSERT_FALSE(smi_cpu_has_counter(&id, why, sizeof(why)));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "no MSRs"));
	id = intel(0x5E, true);
	id.fms = (id.fms & ~0xf00u) | (15u << 8);
	CU_ASSERT_FALSE(smi_cpu_has_counter(&id, why, sizeof(why)));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "family 15"));
	CU_ASSERT_FALSE(smi_cpu_has_counter(&amd, why, sizeof(why)));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "not an Intel processor (AuthenticAMD)"));
}

static void test_this_machine(void)
{
	char why[160] = "";

	if (!smi_supported(why, sizeof(why)))
		CU_ASSERT_TRUE(why[0] != '\0');
}

static void test_read(void)
{
	unsigned char msr[SMI_MSR_COUNT + 8];
	uint64_t v = 0x1200000007ULL; /* bits above 31 are not the counter */
	char path[UNIT_TMP_LEN], why[160];
	uint32_t count;
	int fd;

	memset(msr, 0xee, sizeof(msr));
	memcpy(msr + SMI_MSR_COUNT, &v, sizeof(v));
	CU_ASSERT_EQUAL_FATAL(unit_tmpfile(msr, sizeof(msr), path), 0);
	fd = open(path, O_RDONLY);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(smi_read(fd, &count), 0);
	CU_ASSERT_EQUAL(count, 7);
	close(fd);
	CU_ASSERT_EQUAL(truncate(path, SMI_MSR_COUNT + 4), 0);
	fd = open(path, O_RDONLY);
	CU_ASSERT_EQUAL(smi_read(fd, &count), -EIO); /* the MSR is not there */
	close(fd);
	unlink(path);
	CU_ASSERT_EQUAL(smi_read(-1, &count), -EBADF);
	/* a CPU that cannot exist: no msr file, and what to do about it */
	CU_ASSERT_TRUE(smi_open(100000, &fd, why, sizeof(why)) < 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "/dev/cpu/100000/msr"));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "modprobe msr"));
}

static void test_wrap(void)
{
	CU_ASSERT_EQUAL(smi_delta(5, 2), 3);
	CU_ASSERT_EQUAL(smi_delta(2, 0xfffffffeu), 4);
	CU_ASSERT_EQUAL(smi_delta(7, 7), 0);
}

static CU_TestInfo smi_tests[] = {
	{ "processor models with MSR_SMI_COUNT", test_models },
	{ "this machine: yes, or why not", test_this_machine },
	{ "reading the counter through an msr file", test_read },
	{ "the 32-bit counter wraps", test_wrap },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("smi", NULL, NULL, smi_tests);
