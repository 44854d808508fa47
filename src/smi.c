// SPDX-License-Identifier: GPL-2.0-only
/*
 * smi - MSR_SMI_COUNT through the msr driver; the model list is cyclictest
 * 2.4's has_smi_counter() (src/cyclictest/cyclictest.c), itself turbostat's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "rtwhy/smi.h"

/* intel_model_duplicates(): models that share another's MSRs */
static unsigned int smi_model_alias(unsigned int model)
{
	switch (model) {
	case 0x1A:
	case 0x1E:
	case 0x1F:
	case 0x25:
	case 0x2C:
		return 0x1E; /* Nehalem */
	case 0x2E:
	case 0x2F:
		return 0x2E; /* Nehalem EX */
	case 0x85:
		return 0x57; /* Xeon Phi KNL */
	case 0x4F:
	case 0x56:
		return 0x4F; /* Broadwell X */
	case 0x4E:
	case 0x5E:
	case 0x8E:
	case 0x9E:
	case 0xA6:
	case 0xA5:
		return 0x4E; /* Skylake L */
	case 0x7E:
	case 0x9D:
	case 0x8C:
	case 0x8D:
	case 0xA7:
	case 0x8A:
	case 0x97:
	case 0x9A:
		return 0x66; /* Cannon Lake L */
	case 0x9C:
		return 0x96; /* Tremont */
	case 0x6C:
	case 0x8F:
		return 0x6A; /* Ice Lake X */
	default:
		return model;
	}
}

bool smi_cpu_has_counter(const struct smi_cpuid *id, char *why, size_t len)
{
	unsigned int family = (id->fms >> 8) & 0xf;
	unsigned int model = (((id->fms >> 16) & 0xf) << 4) + ((id->fms >> 4) & 0xf);

	if (!(id->vendor_ebx == 0x756e6547 && id->vendor_edx == 0x49656e69 &&
	      id->vendor_ecx == 0x6c65746e)) {
		char vendor[13];

		memcpy(vendor, &id->vendor_ebx, 4);
		memcpy(vendor + 4, &id->vendor_edx, 4);
		memcpy(vendor + 8, &id->vendor_ecx, 4);
		vendor[12] = '\0';
		if (why)
			snprintf(why, len, "not an Intel processor (%s): MSR_SMI_COUNT is Intel's",
				 vendor);
		return false;
	}
	if (family != 6) {
		if (why)
			snprintf(why, len, "Intel family %u has no MSR_SMI_COUNT (family 6 has)",
				 family);
		return false;
	}
	if (!(id->features_edx & (1u << 5))) {
		if (why)
			snprintf(why, len, "the processor (model 0x%02X) reports no MSRs", model);
		return false;
	}
	switch (smi_model_alias(model)) {
	case 0x1E:
	case 0x2E:
	case 0x2A:
	case 0x2D:
	case 0x3A:
	case 0x3E:
	case 0x3C:
	case 0x46:
	case 0x3F:
	case 0x45:
	case 0x3D:
	case 0x47:
	case 0x4F:
	case 0x4E:
	case 0x66:
	case 0x55:
	case 0x6A:
	case 0x37:
	case 0x4D:
	case 0x4C:
	case 0x57:
	case 0x5C:
	case 0x7A:
	case 0x5F:
	case 0x96:
	case 0x86:
		return true;
	default:
		if (why)
			snprintf(why, len,
				 "Intel family 6 model 0x%02X is not one cyclictest and turbostat "
				 "know to have MSR_SMI_COUNT",
				 model);
		return false;
	}
}

bool smi_supported(char *why, size_t len)
{
#if defined(__x86_64__) || defined(__i386__)
	struct smi_cpuid id = { 0 };
	unsigned int max_level = 0, ebx = 0;

	__get_cpuid(0, &max_level, &id.vendor_ebx, &id.vendor_ecx, &id.vendor_edx);
	__get_cpuid(1, &id.fms, &ebx, &ebx, &id.features_edx);
	return smi_cpu_has_counter(&id, why, len);
#else
	if (why)
		snprintf(why, len, "SMIs are counted on x86 only (MSR_SMI_COUNT)");
	return false;
#endif
}

int smi_open(int cpu, int *fd, char *why, size_t len)
{
	char path[48];
	int err;

	snprintf(path, sizeof(path), "/dev/cpu/%d/msr", cpu);
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd >= 0)
		return 0;
	err = errno;
	if (err == ENOENT || err == ENXIO || err == ENODEV)
		snprintf(why, len, "cannot open %s: %s (load the msr module: modprobe msr)", path,
			 strerror(err));
	else if (err == EACCES || err == EPERM)
		snprintf(why, len, "cannot open %s: %s (needs root, or CAP_SYS_RAWIO)", path,
			 strerror(err));
	else
		snprintf(why, len, "cannot open %s: %s", path, strerror(err));
	return -err;
}

int smi_read(int fd, uint32_t *count)
{
	uint64_t msr;
	ssize_t n = pread(fd, &msr, sizeof(msr), SMI_MSR_COUNT);

	if (n < 0)
		return -errno;
	if (n != (ssize_t)sizeof(msr))
		return -EIO;
	*count = (uint32_t)(msr & 0xffffffffu);
	return 0;
}
