/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * smi - System Management Interrupts, counted by the x86 MSR_SMI_COUNT
 * (0x34) that Intel CPUs since Nehalem keep per CPU, read through the msr
 * driver's /dev/cpu/N/msr (modprobe msr; root). cyclictest 2.4's --smi, with
 * its list of CPU models (turbostat's).
 *
 * rtwhy never reads the MSR in a measuring loop (no system call there): the
 * main thread reads the counter of each measured CPU (the msr driver runs
 * the RDMSR on that CPU), so counts are per CPU and per read, not per cycle.
 */
#ifndef RTWHY_SMI_H
#define RTWHY_SMI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SMI_MSR_COUNT 0x34

/* What CPUID says about the processor (leaf 0 vendor, leaf 1 signature and features). */
struct smi_cpuid {
	uint32_t vendor_ebx, vendor_ecx, vendor_edx; /* leaf 0: "Genu" "ntel" "ineI" */
	uint32_t fms;				     /* leaf 1 eax: family, model, stepping */
	uint32_t features_edx;			     /* leaf 1 edx: bit 5 = MSR */
};

/**
 * smi_cpu_has_counter() - Does a processor keep MSR_SMI_COUNT (cyclictest's
 * has_smi_counter(): Intel family 6, the models of turbostat's probe_nhm_msrs)?
 * @id: its CPUID words
 * @why: when not, why (one line), may be NULL
 * @len: size of @why
 *
 * Return: true if it does.
 */
bool smi_cpu_has_counter(const struct smi_cpuid *id, char *why, size_t len);

/**
 * smi_supported() - smi_cpu_has_counter() for this machine's processor.
 * @why: when not, why (also on a non-x86 build)
 * @len: size of @why
 *
 * Return: true if this CPU keeps the counter.
 */
bool smi_supported(char *why, size_t len);

/**
 * smi_open() - Open /dev/cpu/@cpu/msr for reading.
 * @cpu: CPU number
 * @fd: result
 * @why: on failure, what to do about it (load msr, run as root)
 * @len: size of @why
 *
 * Return: 0 or -errno.
 */
int smi_open(int cpu, int *fd, char *why, size_t len);

/**
 * smi_read() - Read the counter through an msr file (or any file at offset 0x34).
 * @fd: from smi_open()
 * @count: the 32 bits of the counter
 *
 * Return: 0 or -errno (-EIO: the MSR does not exist, e.g. under a hypervisor).
 */
int smi_read(int fd, uint32_t *count);

/**
 * smi_delta() - SMIs between two readings of the 32-bit counter (it wraps).
 * @now: later reading
 * @before: earlier reading
 *
 * Return: the count.
 */
static inline uint32_t smi_delta(uint32_t now, uint32_t before)
{
	return now - before;
}

#endif
