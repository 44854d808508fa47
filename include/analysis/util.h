/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * util - strict parsers for numbers, durations and CPU lists, timespec
 * arithmetic, and allocation-free integer formatting for the hot path.
 * Pure functions: no I/O (the machine's facts are src/host/'s), except util_write_errno()
 * (a file being written: the filesystem's own errno).
 */
#ifndef ANALYSIS_UTIL_H
#define ANALYSIS_UTIL_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define NSEC_PER_USEC 1000ULL
#define NSEC_PER_MSEC 1000000ULL
#define NSEC_PER_SEC  1000000000ULL

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/**
 * util_parse_u64() - Parse a decimal unsigned number, the whole string.
 * @s: text; no sign, no spaces, no trailing characters
 * @max: largest accepted value
 * @out: result
 *
 * Return: 0, -EINVAL if @s is empty or not a number, -ERANGE if above @max.
 */
int util_parse_u64(const char *s, uint64_t max, uint64_t *out);

/**
 * util_parse_int() - Parse a decimal int in [@min, @max], the whole string.
 * @s: text, an optional leading '-' when @min < 0
 * @min: smallest accepted value
 * @max: largest accepted value
 * @out: result
 *
 * Return: 0, -EINVAL if not a number, -ERANGE if out of range.
 */
int util_parse_int(const char *s, int min, int max, int *out);

/**
 * util_parse_duration_ns() - Parse cyclictest's -D: a number of seconds with
 * an optional unit suffix s, m, h or d (also "ms").
 * @s: text, e.g. "15", "15s", "1m", "2h", "500ms"
 * @out: duration in ns
 *
 * Return: 0, -EINVAL on a bad number or unit, -ERANGE on overflow.
 */
int util_parse_duration_ns(const char *s, uint64_t *out);

/**
 * util_parse_cpulist() - Parse a CPU list like "0-3,5,7".
 * @s: text
 * @set: result (zeroed first)
 *
 * Return: 0, -EINVAL on bad syntax or an empty list, -ERANGE if a CPU number
 * is beyond CPU_SETSIZE.
 */
int util_parse_cpulist(const char *s, cpu_set_t *set);

/**
 * util_format_cpulist() - Write @set as "0-3,5".
 * @set: CPUs
 * @buf: output
 * @len: size of @buf
 */
void util_format_cpulist(const cpu_set_t *set, char *buf, size_t len);

/**
 * util_nth_cpu() - The @n-th CPU (0-based, wrapping) in @set.
 * @set: CPUs, not empty
 * @n: index
 *
 * Return: a CPU number, or -1 if @set is empty.
 */
int util_nth_cpu(const cpu_set_t *set, int n);

static inline uint64_t util_ts_to_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * NSEC_PER_SEC + (uint64_t)ts->tv_nsec;
}

static inline struct timespec util_ns_to_ts(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / NSEC_PER_SEC),
			       .tv_nsec = (long)(ns % NSEC_PER_SEC) };
	return ts;
}

/**
 * util_hz_tick_ns() - The tick period of a CONFIG_HZ, rounded as the kernel's TICK_NSEC.
 * @hz: ticks a second
 *
 * Return: ns, 0 for @hz <= 0.
 */
static inline uint64_t util_hz_tick_ns(long hz)
{
	return hz > 0 ? (NSEC_PER_SEC + (uint64_t)hz / 2) / (uint64_t)hz : 0;
}

/**
 * util_tick_hz() - The CONFIG_HZ of a tick period (the inverse of util_hz_tick_ns()).
 * @tick_ns: the period
 *
 * Return: ticks a second, 0 for @tick_ns 0.
 */
static inline uint64_t util_tick_hz(uint64_t tick_ns)
{
	return tick_ns ? (NSEC_PER_SEC + tick_ns / 2) / tick_ns : 0;
}

/**
 * util_share_tighter() - Is @amount of every @period a smaller share of a CPU than @best of
 * every @best_period? (a CFS quota, an RT budget: the kernel's bandwidth limits)
 * @amount: runtime or quota, us; negative: no limit (never tighter)
 * @period: its period, us
 * @best: the share to beat; negative: none yet (any limit is tighter)
 * @best_period: its period, us
 */
static inline bool util_share_tighter(int64_t amount, int64_t period, int64_t best,
				      int64_t best_period)
{
	return amount >= 0 && period > 0 && (best < 0 || amount * best_period < best * period);
}

/**
 * util_fmt_u64() - Append decimal @v to @p without stdio (hot path safe).
 * @p: where to write; must have room for 20 characters
 * @v: value
 *
 * Return: pointer just past the last digit written.
 */
char *util_fmt_u64(char *p, uint64_t v);

/**
 * util_fmt_str() - Append the NUL-terminated @s to @p (hot path safe).
 * @p: where to write
 * @s: text
 *
 * Return: pointer just past the copied text.
 */
char *util_fmt_str(char *p, const char *s);

/**
 * util_strlcpy() - Copy @src into @dst of size @len, always NUL-terminated.
 * @dst: destination
 * @src: source
 * @len: size of @dst, > 0
 *
 * Return: strlen(@src), so that truncation is @return >= @len.
 */
size_t util_strlcpy(char *dst, const char *src, size_t len);

/**
 * util_kernel_version() - Parse "6.18.44-foo" into major and minor.
 * @release: uname release string (host_machine_kernel_version(): this machine's)
 * @major: result
 * @minor: result
 *
 * Return: 0, or -EINVAL if @release is NULL or does not start with "N.N".
 */
int util_kernel_version(const char *release, int *major, int *minor);

/**
 * util_kernel_rt() - Is a kernel PREEMPT_RT, by its release and version strings?
 * @release: uname -r ("6.1.0-57-rt-amd64", "6.6.30-rt30", "5.14.0-rt14.el9"),
 *           "" or NULL unknown
 * @version: uname -v ("#1 SMP PREEMPT_RT Debian ..."), "" or NULL unknown
 *
 * For a trace recorded elsewhere (the running kernel's: host_kernel_rt(),
 * which does not trust a release name). The version always says PREEMPT_RT
 * (older kernels "PREEMPT RT"); a release only when its builder named it so.
 * Return: 1 PREEMPT_RT, 0 not (the version says another model), -1 unknown.
 */
int util_kernel_rt(const char *release, const char *version);

/**
 * util_has_word() - Is @word one of the whitespace-separated words of @list?
 * @list: e.g. /proc/cpuinfo's flags, uname -v
 * @word: the word
 *
 * Return: true if it is there whole.
 */
bool util_has_word(const char *list, const char *word);

/* The kernel's preemption model, as far as it is known (one list for host/ and analysis/). */
enum util_preempt {
	UTIL_PREEMPT_UNKNOWN = 0,
	UTIL_PREEMPT_NONE,
	UTIL_PREEMPT_VOLUNTARY,
	UTIL_PREEMPT_NOT, /* none or voluntary: the version names no PREEMPT, nothing tells which */
	UTIL_PREEMPT_FULL,
	UTIL_PREEMPT_LAZY,
	UTIL_PREEMPT_RT,
};

/**
 * util_preempt_name() - The model's name as the kernel writes it ("none", "voluntary", "full",
 * "lazy", "rt"; "none or voluntary", "unknown").
 * @m: enum util_preempt
 *
 * Return: a static string.
 */
const char *util_preempt_name(int m);

/**
 * util_preempt_parse() - The model a word names, as /sys/kernel/debug/sched/preempt and
 * preempt= on the command line write it ("none", "voluntary", "full", "lazy"; "rt").
 * @word: the word, NUL-terminated
 *
 * Return: enum util_preempt, UTIL_PREEMPT_UNKNOWN for any other word.
 */
int util_preempt_parse(const char *word);

/**
 * util_preempt_of_version() - The model by the kernel's version string alone, as its build
 * stamps it (uname -v: "PREEMPT_RT", "PREEMPT_DYNAMIC", "PREEMPT_LAZY", "PREEMPT", or none of
 * them: CONFIG_PREEMPT_NONE or _VOLUNTARY).
 * @version: uname -v, "" or NULL unknown
 *
 * Return: UTIL_PREEMPT_RT, _LAZY, _FULL, _NOT; _UNKNOWN for a dynamic kernel (its model is
 * chosen at boot and can change: /sys/kernel/debug/sched/preempt) or no version.
 */
int util_preempt_of_version(const char *version);

/**
 * util_preempt_kernel_code() - Does the model preempt kernel code (with no preempt count) at an
 * interrupt's return when need-resched is set? Every model preempts user space there.
 * @m: enum util_preempt
 *
 * Return: true for full, lazy (need-resched, not its lazy bit) and rt.
 */
bool util_preempt_kernel_code(int m);

/**
 * util_write_errno() - The real reason a write to @fd failed earlier, where the stream or the
 * library that wrote it kept only "failed" (a stdio error flag, libtracecmd's EINVAL).
 * @fd: the file, open for writing; its size is put back as it was
 * @fallback: the errno to return when a fresh write succeeds (positive, e.g. EIO)
 *
 * Writes one zeroed 4 KiB block past the end of @fd and truncates it away: the filesystem
 * answers with what it refuses now (ENOSPC, EDQUOT, EFBIG, EROFS, EIO).
 * Return: that errno (positive), or @fallback.
 */
int util_write_errno(int fd, int fallback);

#endif
