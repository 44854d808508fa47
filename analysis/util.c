// SPDX-License-Identifier: GPL-2.0-only
/*
 * util - strict parsing and small formatting helpers shared by the CLI, the
 * measuring threads (util_fmt_* only) and the analysis.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "analysis/util.h"

int util_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (!s || !*s)
		return -EINVAL;
	for (; *s; s++) {
		unsigned int d;

		if (!isdigit((unsigned char)*s))
			return -EINVAL;
		d = (unsigned int)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int util_parse_int(const char *s, int min, int max, int *out)
{
	bool neg = false;
	int64_t val;
	uint64_t v;
	int ret;

	if (!s || !*s)
		return -EINVAL;
	if (*s == '-') {
		neg = true;
		s++;
	}
	ret = util_parse_u64(s, (uint64_t)INT32_MAX + 1, &v);
	if (ret)
		return ret;
	val = neg ? -(int64_t)v : (int64_t)v;
	if (val < min || val > max)
		return -ERANGE;
	*out = (int)val;
	return 0;
}

int util_parse_duration_ns(const char *s, uint64_t *out)
{
	static const struct {
		const char *suffix;
		uint64_t mult;
	} units[] = {
		{ "", NSEC_PER_SEC },	      { "s", NSEC_PER_SEC },
		{ "ms", NSEC_PER_MSEC },      { "m", 60 * NSEC_PER_SEC },
		{ "h", 3600 * NSEC_PER_SEC }, { "d", 86400 * NSEC_PER_SEC },
	};
	char num[32];
	size_t n = 0;
	uint64_t v;
	size_t i;
	int ret;

	if (!s)
		return -EINVAL;
	while (isdigit((unsigned char)s[n]))
		n++;
	if (n == 0 || n >= sizeof(num))
		return n ? -ERANGE : -EINVAL;
	memcpy(num, s, n);
	num[n] = '\0';
	ret = util_parse_u64(num, UINT64_MAX, &v);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		if (strcasecmp(s + n, units[i].suffix))
			continue;
		if (v > UINT64_MAX / units[i].mult)
			return -ERANGE;
		*out = v * units[i].mult;
		return 0;
	}
	return -EINVAL;
}

static int parse_cpu_number(const char **p, int *cpu)
{
	uint64_t v = 0;
	const char *s = *p;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (uint64_t)(*s - '0');
		if (v >= CPU_SETSIZE)
			return -ERANGE;
		s++;
	}
	*cpu = (int)v;
	*p = s;
	return 0;
}

int util_parse_cpulist(const char *s, cpu_set_t *set)
{
	int lo, hi, ret;

	CPU_ZERO(set);
	if (!s || !*s)
		return -EINVAL;
	for (;;) {
		ret = parse_cpu_number(&s, &lo);
		if (ret)
			return ret;
		hi = lo;
		if (*s == '-') {
			s++;
			ret = parse_cpu_number(&s, &hi);
			if (ret)
				return ret;
			if (hi < lo)
				return -EINVAL;
		}
		for (; lo <= hi; lo++)
			CPU_SET(lo, set);
		if (*s == '\0')
			return 0;
		if (*s != ',')
			return -EINVAL;
		s++;
	}
}

void util_format_cpulist(const cpu_set_t *set, char *buf, size_t len)
{
	size_t used = 0;
	int cpu = 0;

	buf[0] = '\0';
	while (cpu < CPU_SETSIZE && used < len) {
		int end;

		if (!CPU_ISSET(cpu, set)) {
			cpu++;
			continue;
		}
		end = cpu;
		while (end + 1 < CPU_SETSIZE && CPU_ISSET(end + 1, set))
			end++;
		if (end == cpu)
			used += (size_t)snprintf(buf + used, len - used, "%s%d", used ? "," : "",
						 cpu);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "",
						 cpu, end);
		cpu = end + 1;
	}
}

int util_nth_cpu(const cpu_set_t *set, int n)
{
	int count = CPU_COUNT(set);
	int cpu;

	if (count == 0)
		return -1;
	n %= count;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, set))
			continue;
		if (n-- == 0)
			return cpu;
	}
	return -1;
}

char *util_fmt_u64(char *p, uint64_t v)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

char *util_fmt_str(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

size_t util_strlcpy(char *dst, const char *src, size_t len)
{
	size_t n = strlen(src);
	size_t c = n < len - 1 ? n : len - 1;

	memcpy(dst, src, c);
	dst[c] = '\0';
	return n;
}

int util_kernel_version(const char *release, int *major, int *minor)
{
	if (!release)
		return -EINVAL;
	if (sscanf(release, "%d.%d", major, minor) != 2)
		return -EINVAL;
	return 0;
}

/* "-rt", ".rt" or "-realtime" ending the release or followed by a digit, '-' or '.' */
static bool util_release_says_rt(const char *r)
{
	const char *p;

	for (p = r; (p = strstr(p, "rt")); p++) {
		char before = p > r ? p[-1] : '\0', after = p[2];

		if ((before == '-' || before == '.' || before == '+') &&
		    (after == '\0' || after == '-' || after == '.' ||
		     (after >= '0' && after <= '9')))
			return true;
	}
	return strstr(r, "-realtime") != NULL;
}

int util_kernel_rt(const char *release, const char *version)
{
	if (version && (strstr(version, "PREEMPT_RT") || strstr(version, "PREEMPT RT")))
		return 1;
	if (release && util_release_says_rt(release))
		return 1;
	if (version && version[0])
		return 0;
	return -1;
}

static const char *const util_preempt_names[] = {
	[UTIL_PREEMPT_UNKNOWN] = "unknown",
	[UTIL_PREEMPT_NONE] = "none",
	[UTIL_PREEMPT_VOLUNTARY] = "voluntary",
	[UTIL_PREEMPT_NOT] = "none or voluntary",
	[UTIL_PREEMPT_FULL] = "full",
	[UTIL_PREEMPT_LAZY] = "lazy",
	[UTIL_PREEMPT_RT] = "rt",
};

const char *util_preempt_name(int m)
{
	return m > 0 && m < (int)ARRAY_SIZE(util_preempt_names) ? util_preempt_names[m]
								: util_preempt_names[0];
}

int util_preempt_parse(const char *word)
{
	int m;

	for (m = UTIL_PREEMPT_NONE; m < (int)ARRAY_SIZE(util_preempt_names); m++)
		if (m != UTIL_PREEMPT_NOT && !strcmp(word, util_preempt_names[m]))
			return m;
	return UTIL_PREEMPT_UNKNOWN;
}

bool util_has_word(const char *list, const char *word)
{
	size_t wlen = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		bool start = p == list || isspace((unsigned char)p[-1]);
		bool stop = !p[wlen] || isspace((unsigned char)p[wlen]);

		if (start && stop)
			return true;
		p += wlen;
	}
	return false;
}

int util_preempt_of_version(const char *version)
{
	if (!version || !version[0])
		return UTIL_PREEMPT_UNKNOWN;
	if (util_has_word(version, "PREEMPT_RT") || strstr(version, "PREEMPT RT"))
		return UTIL_PREEMPT_RT;
	if (util_has_word(version, "PREEMPT_DYNAMIC"))
		return UTIL_PREEMPT_UNKNOWN;
	if (util_has_word(version, "PREEMPT_LAZY"))
		return UTIL_PREEMPT_LAZY;
	if (util_has_word(version, "PREEMPT"))
		return UTIL_PREEMPT_FULL;
	return UTIL_PREEMPT_NOT;
}

bool util_preempt_kernel_code(int m)
{
	return m == UTIL_PREEMPT_FULL || m == UTIL_PREEMPT_LAZY || m == UTIL_PREEMPT_RT;
}

int util_write_errno(int fd, int fallback)
{
	static const char zero[4096];
	size_t done = 0;
	struct stat st;
	int err = 0;

	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode))
		return fallback;
	while (!err && done < sizeof(zero)) {
		ssize_t n = pwrite(fd, zero + done, sizeof(zero) - done, st.st_size + (off_t)done);

		if (n > 0)
			done += (size_t)n;
		else
			err = n < 0 ? errno : EIO;
	}
	if (done && ftruncate(fd, st.st_size) && !err)
		err = errno;
	return err ? err : fallback;
}
