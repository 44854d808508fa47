/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/kernel - the running kernel's facts, read once under a root ("" for
 * this system, a tests/fixtures/sysroot-* tree in the unit tests): its
 * release and version, its command line, whether it is PREEMPT_RT, whether
 * it forces IRQ threading, its config (/proc/config.gz through zlib, else
 * /boot/config-<release>) and the CONFIG_HZ tick.
 *
 * PREEMPT_RT is decided by one rule, host_kernel_rt(): CONFIG_PREEMPT_RT, as
 * the kernel's build stamps it into its version string (uname -v, "PREEMPT_RT";
 * "PREEMPT RT" before 5.x); the config only when the version cannot be read,
 * and the RT patch's /sys/kernel/realtime when neither can. A release name
 * ("-rt") is a builder's choice, not the kernel's word: it decides nothing
 * here (analysis/ still reads it for traces recorded elsewhere, where it is
 * all there is).
 */
#ifndef RTWHY_HOST_KERNEL_H
#define RTWHY_HOST_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HOST_KERNEL_WHY_LEN 128

struct host_kernel {
	char release[128];  /* uname -r, "" unreadable */
	char version[256];  /* uname -v, "" unreadable */
	char cmdline[4096]; /* /proc/cmdline, "" unreadable */
	int preempt_rt;	    /* host_kernel_rt(): 1, 0, -1 unknown */
	int forced;	    /* IRQ threading forced: 1, 0, -errno when nothing could be read */
	char forced_why[HOST_KERNEL_WHY_LEN]; /* why, in words */
	char *kconfig;			      /* the config's text, NULL none found; owned */
	char kconfig_src[160];		      /* where it was read, "" none */
	long hz;			      /* CONFIG_HZ, 0 unknown */
	uint64_t tick_ns;		      /* its tick period (util_hz_tick_ns()), 0 unknown */
	int preempt;			      /* host_kernel_preempt(): enum util_preempt */
	char preempt_src[64];		      /* where it was read, in words */
};

/**
 * host_kernel_read() - Read the kernel's facts under @root.
 * @k: result; host_kernel_free() it
 * @root: directory prefix, "" for the running system (then uname() fills
 *        the release and version that /proc does not give)
 *
 * Nothing missing is an error: each field says it.
 * Return: 0, or -ENOMEM.
 */
int host_kernel_read(struct host_kernel *k, const char *root);

/**
 * host_kernel_free() - Release the config text.
 * @k: read, or zeroed
 */
void host_kernel_free(struct host_kernel *k);

/**
 * host_kernel_rt() - Is a kernel PREEMPT_RT? The one rule (see above).
 * @version: uname -v, "" unreadable
 * @kconfig: the config text, NULL none
 * @root: directory prefix for /sys/kernel/realtime
 *
 * Return: 1 PREEMPT_RT, 0 not, -1 unknown.
 */
int host_kernel_rt(const char *version, const char *kconfig, const char *root);

/**
 * host_kernel_realtime() - The number in /sys/kernel/realtime (the RT patch's
 * flag: 1 there; mainline RT kernels have no such file).
 * @root: directory prefix
 *
 * Return: the number, or -errno (-ENOENT: no file).
 */
int host_kernel_realtime(const char *root);

/**
 * host_kernel_forced_threading() - Does the kernel force IRQ threading?
 * @root: directory prefix
 * @why: receives the reason in words ("threadirqs on the kernel command line",
 *       "PREEMPT_RT kernel", or why not)
 * @len: size of @why
 *
 * threadirqs on the command line, or a PREEMPT_RT kernel (host_kernel_rt()).
 * Return: 1 forced, 0 not, -errno when neither the command line nor the
 * version could be read.
 */
int host_kernel_forced_threading(const char *root, char *why, size_t len);

/**
 * host_kernel_kconfig() - The value of a kernel config option.
 * @config: the config's text, may be NULL
 * @option: "CONFIG_HZ"
 * @val: receives the value ("250", "y")
 * @len: size of @val
 *
 * Return: true if the option is set.
 */
bool host_kernel_kconfig(const char *config, const char *option, char *val, size_t len);

/**
 * host_kernel_kconfig_state() - Whether a kernel config names an option, and how.
 * @config: the config's text, may be NULL
 * @option: "CONFIG_RT_GROUP_SCHED"
 *
 * Return: 1 set, 0 "# ... is not set", -1 not named (or no config).
 */
int host_kernel_kconfig_state(const char *config, const char *option);

/**
 * host_kernel_preempt_current() - The current model in /sys/kernel/debug/sched/preempt's text
 * ("none voluntary (full) lazy": the one in parentheses).
 * @text: the file's text
 * @model: receives the word
 * @len: size of @model
 *
 * Return: 0, or -EINVAL if no word is in parentheses.
 */
int host_kernel_preempt_current(const char *text, char *model, size_t len);

/**
 * host_kernel_config_preempt() - The model a kernel config chooses (on a PREEMPT_DYNAMIC kernel,
 * the one it boots with when the command line has no preempt=).
 * @config: the config's text, may be NULL
 *
 * Return: UTIL_PREEMPT_NONE, _VOLUNTARY, _FULL, _LAZY, or _UNKNOWN (no config, no choice).
 */
int host_kernel_config_preempt(const char *config);

/**
 * host_kernel_preempt() - The kernel's preemption model, the one rule: PREEMPT_RT
 * (host_kernel_rt()); else the current model in /sys/kernel/debug/sched/preempt where it can
 * be read; else, on a PREEMPT_DYNAMIC kernel, preempt= on the command line or the config's
 * default (the model it booted with: debugfs alone can change it); else what uname -v says
 * (PREEMPT, PREEMPT_LAZY), its "none or voluntary" told apart by the config.
 * @k: the facts read so far (version, command line, config, preempt_rt)
 * @root: directory prefix for debugfs
 * @src: receives where the model was read, in words ("" unknown)
 * @len: size of @src
 *
 * Return: enum util_preempt.
 */
int host_kernel_preempt(const struct host_kernel *k, const char *root, char *src, size_t len);

#endif
