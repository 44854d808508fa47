// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/kernel - the kernel's facts under a root, each decided in one place.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "rtwhy/host/kernel.h"
#include "rtwhy/procfs.h"
#include "analysis/util.h"

#define HOST_KERNEL_CONFIG_GZ "/proc/config.gz"

/* How host_kernel_rt() knew, for the words of the forced threading. */
enum host_kernel_rt_by {
	HOST_KERNEL_RT_VERSION,
	HOST_KERNEL_RT_CONFIG,
	HOST_KERNEL_RT_REALTIME,
	HOST_KERNEL_RT_UNKNOWN,
};

bool host_kernel_kconfig(const char *config, const char *option, char *val, size_t len)
{
	size_t olen = strlen(option);
	const char *p = config;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t llen = nl ? (size_t)(nl - p) : strlen(p);

		if (llen > olen && !strncmp(p, option, olen) && p[olen] == '=') {
			snprintf(val, len, "%.*s", (int)(llen - olen - 1), p + olen + 1);
			return true;
		}
		p = nl ? nl + 1 : NULL;
	}
	return false;
}

int host_kernel_kconfig_state(const char *config, const char *option)
{
	char v[8], unset[96];
	const char *p = config;
	size_t len;

	if (host_kernel_kconfig(config, option, v, sizeof(v)))
		return 1;
	len = (size_t)snprintf(unset, sizeof(unset), "# %s is not set", option);
	while (p && (p = strstr(p, unset))) {
		if ((p == config || p[-1] == '\n') && (!p[len] || p[len] == '\n'))
			return 0;
		p += len;
	}
	return -1;
}

int host_kernel_realtime(const char *root)
{
	long long v;
	int ret = procfs_read_long(root, "/sys/kernel/realtime", &v);

	if (ret)
		return ret;
	return v < 0 ? -EINVAL : (v > INT_MAX ? INT_MAX : (int)v);
}

/* host_kernel_rt_by - the one rule, and which of its sources decided */
static int host_kernel_rt_by(const char *version, const char *kconfig, const char *root,
			     enum host_kernel_rt_by *by)
{
	int state, realtime;

	*by = HOST_KERNEL_RT_VERSION;
	if (version && version[0])
		return procfs_has_word(version, "PREEMPT_RT") || strstr(version, "PREEMPT RT");
	*by = HOST_KERNEL_RT_CONFIG;
	state = host_kernel_kconfig_state(kconfig, "CONFIG_PREEMPT_RT");
	if (state >= 0)
		return state;
	*by = HOST_KERNEL_RT_REALTIME;
	realtime = host_kernel_realtime(root);
	if (realtime >= 0)
		return realtime == 1;
	*by = HOST_KERNEL_RT_UNKNOWN;
	return -1;
}

int host_kernel_rt(const char *version, const char *kconfig, const char *root)
{
	enum host_kernel_rt_by by;

	return host_kernel_rt_by(version, kconfig, root, &by);
}

/* host_kernel_forced - threadirqs, else PREEMPT_RT; in words into @why */
static int host_kernel_forced(const char *cmdline, bool cmdline_read, const char *version,
			      const char *kconfig, const char *root, char *why, size_t len)
{
	static const char *const rt_words[] = {
		[HOST_KERNEL_RT_VERSION] = "PREEMPT_RT kernel",
		[HOST_KERNEL_RT_CONFIG] = "PREEMPT_RT kernel (CONFIG_PREEMPT_RT)",
		[HOST_KERNEL_RT_REALTIME] = "real-time kernel (/sys/kernel/realtime = 1)",
	};
	enum host_kernel_rt_by by;
	int rt;

	if (cmdline_read && procfs_cmdline_param(cmdline, "threadirqs", NULL, 0)) {
		snprintf(why, len, "threadirqs on the kernel command line");
		return 1;
	}
	rt = host_kernel_rt_by(version, kconfig, root, &by);
	if (rt == 1) {
		snprintf(why, len, "%s", rt_words[by]);
		return 1;
	}
	snprintf(why, len, "%s, %s",
		 cmdline_read ? "no threadirqs on the kernel command line"
			      : "/proc/cmdline unreadable",
		 version[0] ? "not a PREEMPT_RT kernel" : "kernel version unreadable");
	return !cmdline_read && !version[0] ? -ENOENT : 0;
}

/* host_kernel_load_config - /proc/config.gz, else /boot/config-<release>; -ENOMEM only */
static int host_kernel_load_config(struct host_kernel *k, const char *root)
{
	char rel[192];
	ssize_t n;

	n = procfs_read_gzip(root, HOST_KERNEL_CONFIG_GZ, &k->kconfig);
	if (n >= 0) {
		util_strlcpy(k->kconfig_src, HOST_KERNEL_CONFIG_GZ, sizeof(k->kconfig_src));
		return 0;
	}
	if (n == -ENOMEM)
		return -ENOMEM;
	if (!k->release[0])
		return 0;
	snprintf(rel, sizeof(rel), "/boot/config-%s", k->release);
	n = procfs_read_all(root, rel, &k->kconfig);
	if (n >= 0)
		util_strlcpy(k->kconfig_src, rel, sizeof(k->kconfig_src));
	return n == -ENOMEM ? -ENOMEM : 0;
}

/* host_kernel_names - release and version from /proc, else (this system) uname() */
static void host_kernel_names(struct host_kernel *k, const char *root)
{
	struct utsname u;
	bool live = !root[0];

	if (procfs_read(root, "/proc/sys/kernel/osrelease", k->release, sizeof(k->release)) < 0 &&
	    live && !uname(&u))
		util_strlcpy(k->release, u.release, sizeof(k->release));
	if (procfs_read(root, "/proc/sys/kernel/version", k->version, sizeof(k->version)) < 0 &&
	    live && !uname(&u))
		util_strlcpy(k->version, u.version, sizeof(k->version));
}

int host_kernel_preempt_current(const char *text, char *model, size_t len)
{
	const char *open = strchr(text, '('), *close;

	if (!open)
		return -EINVAL;
	close = strchr(open, ')');
	if (!close || close == open + 1)
		return -EINVAL;
	snprintf(model, len, "%.*s", (int)(close - open - 1), open + 1);
	return 0;
}

static bool host_kernel_config_y(const char *config, const char *option)
{
	char v[16];

	return host_kernel_kconfig(config, option, v, sizeof(v)) && !strcmp(v, "y");
}

int host_kernel_config_preempt(const char *config)
{
	if (host_kernel_config_y(config, "CONFIG_PREEMPT_NONE"))
		return UTIL_PREEMPT_NONE;
	if (host_kernel_config_y(config, "CONFIG_PREEMPT_VOLUNTARY"))
		return UTIL_PREEMPT_VOLUNTARY;
	if (host_kernel_config_y(config, "CONFIG_PREEMPT_LAZY") &&
	    !host_kernel_config_y(config, "CONFIG_PREEMPT"))
		return UTIL_PREEMPT_LAZY;
	if (host_kernel_config_y(config, "CONFIG_PREEMPT"))
		return UTIL_PREEMPT_FULL;
	return UTIL_PREEMPT_UNKNOWN;
}

int host_kernel_preempt(const struct host_kernel *k, const char *root, char *src, size_t len)
{
	int m = util_preempt_of_version(k->version), cfg = host_kernel_config_preempt(k->kconfig);
	char text[128], word[32];

	src[0] = '\0';
	if (k->preempt_rt == 1) {
		snprintf(src, len, "PREEMPT_RT");
		return UTIL_PREEMPT_RT;
	}
	if (procfs_read(root, "/sys/kernel/debug/sched/preempt", text, sizeof(text)) >= 0 &&
	    !host_kernel_preempt_current(text, word, sizeof(word)) && util_preempt_parse(word)) {
		snprintf(src, len, "/sys/kernel/debug/sched/preempt");
		return util_preempt_parse(word);
	}
	if (procfs_has_word(k->version, "PREEMPT_DYNAMIC")) {
		if (procfs_cmdline_param(k->cmdline, "preempt", word, sizeof(word)) &&
		    util_preempt_parse(word)) {
			snprintf(src, len, "preempt= on the command line");
			return util_preempt_parse(word);
		}
		if (cfg)
			snprintf(src, len, "the config's boot default");
		return cfg;
	}
	if (m == UTIL_PREEMPT_NOT && (cfg == UTIL_PREEMPT_NONE || cfg == UTIL_PREEMPT_VOLUNTARY)) {
		snprintf(src, len, "the kernel config");
		return cfg;
	}
	if (m)
		snprintf(src, len, "uname -v");
	else if (cfg)
		snprintf(src, len, "the kernel config");
	return m ? m : cfg;
}

int host_kernel_read(struct host_kernel *k, const char *root)
{
	char hz[32];
	bool cmdline_read;
	int ret;

	memset(k, 0, sizeof(*k));
	host_kernel_names(k, root);
	cmdline_read = procfs_read(root, "/proc/cmdline", k->cmdline, sizeof(k->cmdline)) >= 0;
	ret = host_kernel_load_config(k, root);
	if (ret)
		return ret;
	k->preempt_rt = host_kernel_rt(k->version, k->kconfig, root);
	k->forced = host_kernel_forced(k->cmdline, cmdline_read, k->version, k->kconfig, root,
				       k->forced_why, sizeof(k->forced_why));
	if (host_kernel_kconfig(k->kconfig, "CONFIG_HZ", hz, sizeof(hz)) && atol(hz) > 0)
		k->hz = atol(hz);
	k->tick_ns = util_hz_tick_ns(k->hz);
	k->preempt = host_kernel_preempt(k, root, k->preempt_src, sizeof(k->preempt_src));
	return 0;
}

void host_kernel_free(struct host_kernel *k)
{
	free(k->kconfig);
	k->kconfig = NULL;
}

int host_kernel_forced_threading(const char *root, char *why, size_t len)
{
	struct host_kernel k;
	int ret = host_kernel_read(&k, root);

	if (ret) {
		snprintf(why, len, "%s", strerror(-ret));
		return ret;
	}
	snprintf(why, len, "%s", k.forced_why);
	ret = k.forced;
	host_kernel_free(&k);
	return ret;
}
