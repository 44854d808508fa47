// SPDX-License-Identifier: GPL-2.0-only
/*
 * syscheck - "rtwhy check": a line per real-time readiness check. Each check
 * reads under the context's root and fills one result; none of them fails:
 * what cannot be read is "unknown", with the reason as its value.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "analysis/event.h"
#include "rtwhy/irqs/gather.h"
#include "rtwhy/json.h"
#include "rtwhy/log.h"
#include "rtwhy/procfs.h"
#include "rtwhy/sigflag.h"
#include "rtwhy/subcmd.h"
#include "rtwhy/syscheck.h"
#include "rtwhy/tsession.h"
#include "analysis/util.h"

#define SYSCHECK_MEASURE_NS	(400 * NSEC_PER_MSEC) /* HZ measurement window */
#define SYSCHECK_IDLE_WARN_US	10 /* an idle state slower to leave than this: warn */
#define SYSCHECK_MAX_DELTAS	4096
#define SYSCHECK_MAX_TRACE_CPUS 1024

/* ---- options ------------------------------------------------------------------------ */

enum { SYSCHECK_OPT_JSON = 256, SYSCHECK_OPT_SYSROOT, SYSCHECK_OPT_HZ_FROM };

static const struct option syscheck_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "json", required_argument, NULL, SYSCHECK_OPT_JSON },
	{ "sysroot", required_argument, NULL, SYSCHECK_OPT_SYSROOT },
	{ "hz-from", required_argument, NULL, SYSCHECK_OPT_HZ_FROM },
	{ NULL, 0, NULL, 0 },
};

static const char *const syscheck_hz_from_names[] = {
	[SYSCHECK_HZ_AUTO] = "auto",
	[SYSCHECK_HZ_CONFIG] = "config",
	[SYSCHECK_HZ_TIMER_LIST] = "timer_list",
	[SYSCHECK_HZ_TICKS] = "ticks",
};

int syscheck_parse_args(int argc, char **argv, struct syscheck_opts *opts, char *err, size_t errlen)
{
	size_t i;
	int c;

	memset(opts, 0, sizeof(*opts));
	opts->root = "";
	err[0] = '\0';
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", syscheck_options, NULL)) != -1) {
		switch (c) {
		case 'h':
			opts->help = true;
			return 0;
		case SYSCHECK_OPT_JSON:
			if (subcmd_check_value("json", optarg, "a file name", err, errlen))
				return -EINVAL;
			opts->json_path = optarg;
			break;
		case SYSCHECK_OPT_SYSROOT:
			if (subcmd_check_value("sysroot", optarg, "a directory", err, errlen))
				return -EINVAL;
			opts->root = optarg;
			break;
		case SYSCHECK_OPT_HZ_FROM:
			for (i = 0; i < ARRAY_SIZE(syscheck_hz_from_names); i++)
				if (!strcmp(optarg, syscheck_hz_from_names[i]))
					break;
			if (i == ARRAY_SIZE(syscheck_hz_from_names)) {
				snprintf(err, errlen,
					 "invalid value '%s' for --hz-from: expected auto, config, "
					 "timer_list or ticks",
					 optarg);
				return -EINVAL;
			}
			opts->hz_from = (enum syscheck_hz_from)i;
			break;
		default:
			return subcmd_getopt_error("check", argv, err, errlen);
		}
	}
	if (subcmd_no_args("check", argc, argv, err, errlen))
		return -EINVAL;
	if (opts->root[0] &&
	    (opts->hz_from == SYSCHECK_HZ_TIMER_LIST || opts->hz_from == SYSCHECK_HZ_TICKS)) {
		snprintf(err, errlen,
			 "conflicting options: --hz-from=%s measures the running "
			 "kernel, --sysroot reads another tree",
			 syscheck_hz_from_names[opts->hz_from]);
		return -EINVAL;
	}
	return 0;
}

void syscheck_usage(FILE *out)
{
	fputs("usage: rtwhy check [--json=FILE]\n"
	      "\n"
	      "Is this system ready for real-time work? One line per check (preemption\n"
	      "model, HZ, IRQ threading, isolation, frequency and idle states, throttling,\n"
	      "timer slack, virtualization, SMT, clocksource, tracing) with its status:\n"
	      "ok, warn (a cause of latency you can remove) or unknown (not readable).\n"
	      "\n"
	      "  --json=FILE      also write the checks as JSON (- : JSON only, on stdout)\n"
	      "  --hz-from=SRC    where HZ comes from: auto (default: the kernel config, else\n"
	      "                   measured), config, timer_list or ticks (both measure, root)\n"
	      "  --sysroot=DIR    read /proc, /sys and /boot under DIR instead of this system\n"
	      "  -h, --help       this help\n"
	      "\n"
	      "Exit status: 0 the checks ran (whatever they found), 1 error, 2 bad usage.\n",
	      out);
}

/* ---- small parsers ------------------------------------------------------------------ */

bool syscheck_kconfig(const char *config, const char *option, char *val, size_t len)
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

int syscheck_preempt_current(const char *text, char *model, size_t len)
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

int syscheck_timer_list_sample(const char *text, uint64_t *now_ns, uint64_t *jiffies)
{
	const char *now = strstr(text, "now at "), *jif = strstr(text, "\njiffies: ");
	unsigned long long v;

	if (!now || !jif || sscanf(now, "now at %llu nsecs", &v) != 1)
		return -EINVAL;
	*now_ns = v;
	if (sscanf(jif + 1, "jiffies: %llu", &v) != 1)
		return -EINVAL;
	*jiffies = v;
	return 0;
}

int syscheck_hz_snap(double hz)
{
	static const int usual[] = { 24,  32,  48,  64,	 100,  128,  200,
				     250, 256, 300, 500, 1000, 1024, 1200 };
	double best_err = 0.03;
	int best = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(usual); i++) {
		double err = fabs(hz - usual[i]) / usual[i];

		if (err <= best_err) {
			best_err = err;
			best = usual[i];
		}
	}
	return best ? best : (int)lround(hz);
}

static int syscheck_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int syscheck_hz_from_deltas(uint64_t *deltas_ns, size_t n, double *period_ns)
{
	size_t first = 0, last;

	qsort(deltas_ns, n, sizeof(*deltas_ns), syscheck_u64_cmp);
	while (first < n && deltas_ns[first] < 100 * NSEC_PER_USEC) /* not a tick gap */
		first++;
	if (first == n)
		return -ENODATA;
	for (last = first; last < n && deltas_ns[last] * 2 <= deltas_ns[first] * 3; last++)
		;
	if (last - first < 5)
		return -ENODATA;
	*period_ns = (double)deltas_ns[first + (last - first) / 2];
	return 0;
}

const char *syscheck_status_name(enum syscheck_status s)
{
	switch (s) {
	case SYSCHECK_OK:
		return "ok";
	case SYSCHECK_WARN:
		return "warn";
	default:
		return "unknown";
	}
}

/* ---- context ------------------------------------------------------------------------ */

int syscheck_ctx_init(struct syscheck_ctx *ctx, const char *root, enum syscheck_hz_from hz_from)
{
	char online[256], rel[192];
	struct utsname u;
	cpu_set_t set;
	ssize_t n;

	memset(ctx, 0, sizeof(*ctx));
	ctx->root = root;
	ctx->live = !root[0];
	ctx->hz_from = hz_from;
	if (procfs_read(root, "/proc/sys/kernel/osrelease", ctx->release, sizeof(ctx->release)) <
		    0 &&
	    ctx->live && !uname(&u))
		util_strlcpy(ctx->release, u.release, sizeof(ctx->release));
	if (procfs_read(root, "/proc/sys/kernel/version", ctx->version, sizeof(ctx->version)) < 0 &&
	    ctx->live && !uname(&u))
		util_strlcpy(ctx->version, u.version, sizeof(ctx->version));
	procfs_read(root, "/proc/cmdline", ctx->cmdline, sizeof(ctx->cmdline));

	n = procfs_read_gzip(root, "/proc/config.gz", &ctx->kconfig);
	if (n >= 0) {
		snprintf(ctx->kconfig_src, sizeof(ctx->kconfig_src), "/proc/config.gz");
	} else if (n == -ENOMEM) {
		return -ENOMEM;
	} else if (ctx->release[0]) {
		snprintf(rel, sizeof(rel), "/boot/config-%s", ctx->release);
		n = procfs_read_all(root, rel, &ctx->kconfig);
		if (n >= 0)
			util_strlcpy(ctx->kconfig_src, rel, sizeof(ctx->kconfig_src));
		else if (n == -ENOMEM)
			return -ENOMEM;
	}
	if (procfs_read(root, "/sys/devices/system/cpu/online", online, sizeof(online)) >= 0 &&
	    !util_parse_cpulist(online, &set))
		ctx->nr_cpus = CPU_COUNT(&set);
	else if (ctx->live)
		ctx->nr_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	return 0;
}

void syscheck_ctx_free(struct syscheck_ctx *ctx)
{
	free(ctx->kconfig);
	ctx->kconfig = NULL;
}

static bool syscheck_config_y(const struct syscheck_ctx *ctx, const char *option)
{
	char v[16];

	return ctx->kconfig && syscheck_kconfig(ctx->kconfig, option, v, sizeof(v)) &&
	       !strcmp(v, "y");
}

static void syscheck_set(struct syscheck_result *r, enum syscheck_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void syscheck_set(struct syscheck_result *r, enum syscheck_status st, const char *fmt, ...)
{
	va_list ap;

	r->status = st;
	va_start(ap, fmt);
	vsnprintf(r->value, sizeof(r->value), fmt, ap);
	va_end(ap);
}

/* ---- the checks --------------------------------------------------------------------- */

static const char *syscheck_config_model(const struct syscheck_ctx *ctx)
{
	if (syscheck_config_y(ctx, "CONFIG_PREEMPT_NONE"))
		return "none";
	if (syscheck_config_y(ctx, "CONFIG_PREEMPT_VOLUNTARY"))
		return "voluntary";
	if (syscheck_config_y(ctx, "CONFIG_PREEMPT_LAZY") &&
	    !syscheck_config_y(ctx, "CONFIG_PREEMPT"))
		return "lazy";
	if (syscheck_config_y(ctx, "CONFIG_PREEMPT"))
		return "full";
	return NULL;
}

static enum syscheck_status syscheck_model_status(const char *model)
{
	return !strcmp(model, "none") || !strcmp(model, "voluntary") ? SYSCHECK_WARN : SYSCHECK_OK;
}

static void syscheck_preempt(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char text[128], model[32], boot[32];
	const char *cfg = syscheck_config_model(ctx);
	ssize_t n;

	r->why = "decides whether a woken RT thread preempts a task running kernel code at once "
		 "(full, lazy, rt) or only at its next preemption point (none, voluntary): "
		 "milliseconds under load";
	snprintf(r->hint, sizeof(r->hint),
		 "boot with preempt=full (PREEMPT_DYNAMIC kernels) or "
		 "use a PREEMPT_RT kernel");
	if (procfs_has_word(ctx->version, "PREEMPT_RT")) {
		syscheck_set(r, SYSCHECK_OK, "rt (PREEMPT_RT in uname -v)");
		r->hint[0] = '\0';
		return;
	}
	n = procfs_read(ctx->root, "/sys/kernel/debug/sched/preempt", text, sizeof(text));
	if (n >= 0 && !syscheck_preempt_current(text, model, sizeof(model))) {
		syscheck_set(r, syscheck_model_status(model),
			     "%s (/sys/kernel/debug/sched/preempt)", model);
		return;
	}
	if (procfs_has_word(ctx->version, "PREEMPT_DYNAMIC")) {
		if (procfs_cmdline_param(ctx->cmdline, "preempt", boot, sizeof(boot)))
			syscheck_set(r, SYSCHECK_UNKNOWN,
				     "dynamic, booted with preempt=%s; current model unreadable "
				     "(/sys/kernel/debug/sched/preempt: %s)",
				     boot, strerror((int)-n));
		else
			syscheck_set(r, SYSCHECK_UNKNOWN,
				     "dynamic, boot default %s%s%s; current model unreadable "
				     "(/sys/kernel/debug/sched/preempt: %s)",
				     cfg ? cfg : "unknown (no kernel config)", cfg ? " in " : "",
				     cfg ? ctx->kconfig_src : "", strerror((int)-n));
		return;
	}
	if (procfs_has_word(ctx->version, "PREEMPT_LAZY"))
		syscheck_set(r, SYSCHECK_OK, "lazy (PREEMPT_LAZY in uname -v)");
	else if (procfs_has_word(ctx->version, "PREEMPT"))
		syscheck_set(r, SYSCHECK_OK, "full (PREEMPT in uname -v)");
	else if (cfg)
		syscheck_set(r, syscheck_model_status(cfg), "%s (%s)", cfg, ctx->kconfig_src);
	else if (ctx->version[0])
		syscheck_set(r, SYSCHECK_WARN, "none or voluntary (no PREEMPT in uname -v)");
	else
		syscheck_set(r, SYSCHECK_UNKNOWN, "kernel version unreadable");
}

/* HZ from jiffies in /proc/timer_list, 400 ms apart. */
static int syscheck_hz_timer_list(int *hz, char *detail, size_t len)
{
	uint64_t now[2], jif[2];
	char *text;
	int i;

	for (i = 0; i < 2; i++) {
		ssize_t n = procfs_read_all("", "/proc/timer_list", &text);

		if (n < 0) {
			snprintf(detail, len, "/proc/timer_list: %s", strerror((int)-n));
			return (int)n;
		}
		n = syscheck_timer_list_sample(text, &now[i], &jif[i]);
		free(text);
		if (n) {
			snprintf(detail, len, "/proc/timer_list: no jiffies line");
			return (int)n;
		}
		if (i == 0) {
			struct timespec ts = util_ns_to_ts(SYSCHECK_MEASURE_NS);

			nanosleep(&ts, NULL);
		}
	}
	if (now[1] <= now[0] || jif[1] <= jif[0]) {
		snprintf(detail, len, "/proc/timer_list: jiffies did not move");
		return -ENODATA;
	}
	*hz = syscheck_hz_snap((double)(jif[1] - jif[0]) * 1e9 / (double)(now[1] - now[0]));
	snprintf(detail, len, "measured: %llu jiffies in %.0f ms of /proc/timer_list",
		 (unsigned long long)(jif[1] - jif[0]), (double)(now[1] - now[0]) / 1e6);
	return 0;
}

struct syscheck_ticks {
	uint64_t last_ns[SYSCHECK_MAX_TRACE_CPUS];
	uint64_t deltas[SYSCHECK_MAX_DELTAS];
	size_t nr_deltas;
	size_t nr_ticks;
	char function[RTW_NAME_LEN];
};

static int syscheck_tick_event(const struct rtw_event *ev, void *arg)
{
	struct syscheck_ticks *tk = arg;

	if (ev->kind != RTW_EV_HRTIMER_ENTRY || !event_is_tick_function(ev->u.hrt.function) ||
	    ev->cpu < 0 || ev->cpu >= SYSCHECK_MAX_TRACE_CPUS)
		return 0;
	tk->nr_ticks++;
	util_strlcpy(tk->function, ev->u.hrt.function, sizeof(tk->function));
	if (tk->last_ns[ev->cpu] && ev->ts_ns > tk->last_ns[ev->cpu] &&
	    tk->nr_deltas < SYSCHECK_MAX_DELTAS)
		tk->deltas[tk->nr_deltas++] = ev->ts_ns - tk->last_ns[ev->cpu];
	tk->last_ns[ev->cpu] = ev->ts_ns;
	return 0;
}

static uint64_t syscheck_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return util_ts_to_ns(&ts);
}

/*
 * HZ from the tick's hrtimer (tick_nohz_handler...) traced for 400 ms while
 * this thread spins, so that its CPU keeps ticking even with NO_HZ_IDLE.
 */
static int syscheck_hz_ticks(int *hz, char *detail, size_t len)
{
	static const char *const events[] = { "timer/hrtimer_expire_entry", NULL };
	const struct tsess_opts opts = { .events = events };
	struct syscheck_ticks *tk;
	struct tsess *s;
	double period_ns;
	uint64_t end;
	long n;
	int ret;

	tk = calloc(1, sizeof(*tk));
	if (!tk)
		return -ENOMEM;
	sigflag_install();
	tsess_remove_stale();
	ret = tsess_create(&s, &opts);
	if (ret) {
		snprintf(detail, len, "tracing: %s", strerror(-ret));
		goto out;
	}
	end = syscheck_now_ns() + SYSCHECK_MEASURE_NS;
	while (!sigflag_caught() && syscheck_now_ns() < end)
		;
	ret = tsess_stop(s);
	n = ret ? ret : tsess_read(s, syscheck_tick_event, tk);
	tsess_destroy(s);
	if (sigflag_caught()) {
		snprintf(detail, len, "tick measurement interrupted");
		ret = -EINTR;
	} else if (n < 0) {
		snprintf(detail, len, "tracing: %s", strerror((int)-n));
		ret = (int)n;
	} else if (syscheck_hz_from_deltas(tk->deltas, tk->nr_deltas, &period_ns)) {
		snprintf(detail, len, "only %zu tick expiries traced in %llu ms", tk->nr_ticks,
			 (unsigned long long)(SYSCHECK_MEASURE_NS / NSEC_PER_MSEC));
		ret = -ENODATA;
	} else {
		*hz = syscheck_hz_snap(1e9 / period_ns);
		snprintf(detail, len, "measured: %zu %s expiries traced, period %.3f ms",
			 tk->nr_ticks, tk->function, period_ns / 1e6);
		ret = 0;
	}
out:
	sigflag_restore();
	free(tk);
	return ret;
}

static void syscheck_hz(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char v[32], why_tl[128] = "", why_tk[128] = "";
	enum syscheck_hz_from from = ctx->hz_from;
	int hz = 0;

	r->why = "the tick period: a SCHED_OTHER thread that does not win wakeup preemption "
		 "waits up to one tick (4 ms at HZ=250); RT threads do not wait for it";
	if ((from == SYSCHECK_HZ_AUTO || from == SYSCHECK_HZ_CONFIG) && ctx->kconfig &&
	    syscheck_kconfig(ctx->kconfig, "CONFIG_HZ", v, sizeof(v))) {
		hz = atoi(v);
		syscheck_set(r, SYSCHECK_OK, "%s (CONFIG_HZ in %s)", v, ctx->kconfig_src);
	} else if (from == SYSCHECK_HZ_CONFIG || !ctx->live) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "%s",
			     ctx->kconfig ? "no CONFIG_HZ in the kernel config"
			     : ctx->live  ? "no kernel config (/proc/config.gz, /boot)"
					  : "no kernel config under the sysroot; "
					    "measuring needs the running kernel");
		return;
	} else if ((from == SYSCHECK_HZ_AUTO || from == SYSCHECK_HZ_TIMER_LIST) &&
		   !syscheck_hz_timer_list(&hz, why_tl, sizeof(why_tl))) {
		syscheck_set(r, SYSCHECK_OK, "%d (%s)", hz, why_tl);
	} else if (from == SYSCHECK_HZ_TIMER_LIST) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "%s", why_tl);
		return;
	} else if (from == SYSCHECK_HZ_AUTO && geteuid() != 0) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "no kernel config, %s, tracing needs root",
			     why_tl);
		return;
	} else if (!syscheck_hz_ticks(&hz, why_tk, sizeof(why_tk))) {
		syscheck_set(r, SYSCHECK_OK, "%d (%s)", hz, why_tk);
	} else {
		syscheck_set(r, SYSCHECK_UNKNOWN, "%s%s%s", why_tl, why_tl[0] ? "; " : "", why_tk);
		return;
	}
	if (hz > 0 && hz < 1000)
		snprintf(r->hint, sizeof(r->hint),
			 "run latency-critical threads SCHED_FIFO (rtwhy -p 80) so they never "
			 "wait for the %d ms tick, or use a HZ=1000 kernel",
			 1000 / hz);
}

static void syscheck_nohz(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char v[64];

	r->why = "NO_HZ_IDLE stops the tick of idle CPUs (a wakeup restarts it); NO_HZ_FULL "
		 "also stops it on nohz_full CPUs that run a single task: no tick noise there";
	if (procfs_cmdline_param(ctx->cmdline, "nohz", v, sizeof(v)) && !strcmp(v, "off"))
		syscheck_set(r, SYSCHECK_OK, "off (nohz=off on the command line): periodic tick");
	else if (syscheck_config_y(ctx, "CONFIG_NO_HZ_FULL"))
		syscheck_set(r, SYSCHECK_OK, "full capable (CONFIG_NO_HZ_FULL)");
	else if (syscheck_config_y(ctx, "CONFIG_NO_HZ_IDLE"))
		syscheck_set(r, SYSCHECK_OK, "idle (CONFIG_NO_HZ_IDLE)");
	else if (syscheck_config_y(ctx, "CONFIG_HZ_PERIODIC"))
		syscheck_set(r, SYSCHECK_OK, "periodic (CONFIG_HZ_PERIODIC)");
	else if (procfs_exists(ctx->root, "/sys/devices/system/cpu/nohz_full"))
		syscheck_set(r, SYSCHECK_OK, "full capable (/sys/devices/system/cpu/nohz_full)");
	else
		syscheck_set(r, SYSCHECK_UNKNOWN, "no kernel config to tell");
}

static void syscheck_threadirqs(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char why[128];
	int forced;

	r->why = "without forced threading, device IRQ handlers run in hard IRQ context: no "
		 "task priority can preempt them (see rtwhy irqs)";
	forced = irqs_gather_forced_threading(ctx->root, why, sizeof(why));
	if (forced < 0) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "%s", why);
		return;
	}
	if (forced) {
		if (ctx->kconfig && !syscheck_config_y(ctx, "CONFIG_IRQ_FORCED_THREADING") &&
		    !procfs_has_word(ctx->version, "PREEMPT_RT")) {
			syscheck_set(r, SYSCHECK_WARN,
				     "ignored: %s, but no "
				     "CONFIG_IRQ_FORCED_THREADING",
				     why);
			snprintf(r->hint, sizeof(r->hint),
				 "use a kernel built with "
				 "CONFIG_IRQ_FORCED_THREADING=y");
			return;
		}
		syscheck_set(r, SYSCHECK_OK, "yes: %s", why);
		return;
	}
	syscheck_set(r, SYSCHECK_WARN, "no: %s", why);
	snprintf(r->hint, sizeof(r->hint),
		 "boot with threadirqs on the kernel command line (or a PREEMPT_RT kernel)");
}

/* A CPU list in a /sys file ("" and "(null)" mean none). */
static void syscheck_cpus_file(const struct syscheck_ctx *ctx, const char *rel, char *buf,
			       size_t len, bool *readable)
{
	*readable = procfs_read(ctx->root, rel, buf, len) >= 0;
	if (!strcmp(buf, "(null)"))
		buf[0] = '\0';
}

static void syscheck_isolcpus(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char cpus[256], param[256];
	bool readable, given;

	r->why = "CPUs kept free of other tasks (and with managed_irq of IRQs): the RT "
		 "thread does not share its CPU with whatever else runs";
	syscheck_cpus_file(ctx, "/sys/devices/system/cpu/isolated", cpus, sizeof(cpus), &readable);
	given = procfs_cmdline_param(ctx->cmdline, "isolcpus", param, sizeof(param));
	if (cpus[0])
		syscheck_set(r, SYSCHECK_OK, "%s%s%s%s", cpus, given ? " (isolcpus=" : "",
			     given ? param : "", given ? ")" : "");
	else if (given)
		syscheck_set(r, SYSCHECK_OK, "isolcpus=%s", param);
	else if (!readable && !ctx->cmdline[0])
		syscheck_set(r, SYSCHECK_UNKNOWN, "/sys/devices/system/cpu/isolated unreadable");
	else if (ctx->nr_cpus == 1)
		syscheck_set(r, SYSCHECK_OK, "none (1 CPU)");
	else
		syscheck_set(r, SYSCHECK_WARN, "none");
	if (r->status == SYSCHECK_WARN) {
		int lo = ctx->nr_cpus > 2 ? ctx->nr_cpus / 2 : 1, hi = ctx->nr_cpus - 1;
		char range[32];

		if (lo == hi)
			snprintf(range, sizeof(range), "%d", lo);
		else
			snprintf(range, sizeof(range), "%d-%d", lo, hi);
		snprintf(r->hint, sizeof(r->hint),
			 "boot with isolcpus=managed_irq,domain,%s and run the RT threads there "
			 "(rtwhy -a %s)",
			 range, range);
	}
}

static void syscheck_nohz_full(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char cpus[256], param[256];
	bool readable;

	r->why = "nohz_full CPUs running one task get no tick (a few us every tick otherwise)";
	syscheck_cpus_file(ctx, "/sys/devices/system/cpu/nohz_full", cpus, sizeof(cpus), &readable);
	if (cpus[0])
		syscheck_set(r, SYSCHECK_OK, "%s", cpus);
	else if (procfs_cmdline_param(ctx->cmdline, "nohz_full", param, sizeof(param)))
		syscheck_set(r, SYSCHECK_OK, "nohz_full=%s", param);
	else if (!readable && !ctx->cmdline[0])
		syscheck_set(r, SYSCHECK_UNKNOWN, "/proc/cmdline unreadable");
	else
		syscheck_set(r, SYSCHECK_OK, "none");
}

static void syscheck_rcu_nocbs(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char param[256];

	r->why = "rcu_nocbs CPUs hand their RCU callbacks to rcuo threads, out of softirq";
	if (procfs_cmdline_param(ctx->cmdline, "rcu_nocbs", param, sizeof(param)))
		syscheck_set(r, SYSCHECK_OK, "%s", param[0] ? param : "all (rcu_nocbs)");
	else if (procfs_cmdline_param(ctx->cmdline, "nohz_full", param, sizeof(param)))
		syscheck_set(r, SYSCHECK_OK, "%s (implied by nohz_full)", param);
	else if (!ctx->cmdline[0])
		syscheck_set(r, SYSCHECK_UNKNOWN, "/proc/cmdline unreadable");
	else
		syscheck_set(r, SYSCHECK_OK, "none");
}

static void syscheck_cpufreq(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char rel[96], gov[64], seen[256] = "";
	bool any = false, slow = false;
	int cpu, found = 0;

	r->why = "a governor that lowers the frequency makes every wakeup path slower and "
		 "changes its speed while you measure";
	for (cpu = 0; cpu < ctx->nr_cpus && cpu < 4096; cpu++) {
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
			 cpu);
		if (procfs_read(ctx->root, rel, gov, sizeof(gov)) < 0)
			continue;
		found++;
		if (strcmp(gov, "performance"))
			slow = true;
		if (!procfs_has_word(seen, gov) && strlen(seen) + strlen(gov) + 2 < sizeof(seen)) {
			strcat(seen, any ? " " : "");
			strcat(seen, gov);
			any = true;
		}
	}
	if (!found && !procfs_exists(ctx->root, "/sys/devices/system/cpu")) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "/sys/devices/system/cpu unreadable");
		return;
	}
	if (!found) {
		syscheck_set(r, SYSCHECK_OK,
			     "none (no cpufreq: fixed frequency or set by "
			     "firmware/host)");
		return;
	}
	syscheck_set(r, slow ? SYSCHECK_WARN : SYSCHECK_OK, "%s (%d CPUs)", seen, found);
	if (slow)
		snprintf(r->hint, sizeof(r->hint), "cpupower frequency-set -g performance");
}

static void syscheck_cpuidle(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char driver[64] = "", gov[64] = "", rel[128], name[64], list[200] = "";
	long long lat, disabled, worst = -1;
	size_t used = 0;
	int i;

	r->why = "leaving a deep idle state takes its exit latency on every wakeup of an idle "
		 "CPU";
	procfs_read(ctx->root, "/sys/devices/system/cpu/cpuidle/current_driver", driver,
		    sizeof(driver));
	if (procfs_read(ctx->root, "/sys/devices/system/cpu/cpuidle/current_governor_ro", gov,
			sizeof(gov)) < 0)
		procfs_read(ctx->root, "/sys/devices/system/cpu/cpuidle/current_governor", gov,
			    sizeof(gov));
	for (i = 0; i < 16; i++) {
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu0/cpuidle/state%d/name", i);
		if (procfs_read(ctx->root, rel, name, sizeof(name)) < 0)
			break;
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu0/cpuidle/state%d/latency",
			 i);
		if (procfs_read_long(ctx->root, rel, &lat))
			lat = -1;
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu0/cpuidle/state%d/disable",
			 i);
		if (procfs_read_long(ctx->root, rel, &disabled))
			disabled = 0;
		if (!disabled && lat > worst)
			worst = lat;
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s %lld us%s",
						 i ? ", " : "", name, lat,
						 disabled ? " (disabled)" : "");
	}
	if (!driver[0] && i == 0 && !procfs_exists(ctx->root, "/sys/devices/system/cpu")) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "/sys/devices/system/cpu unreadable");
		return;
	}
	if (!driver[0] && i == 0) {
		syscheck_set(r, SYSCHECK_OK,
			     "no cpuidle driver (the CPU idles in the "
			     "architecture's default way)");
		return;
	}
	syscheck_set(r, worst > SYSCHECK_IDLE_WARN_US ? SYSCHECK_WARN : SYSCHECK_OK, "%s/%s: %s",
		     driver[0] ? driver : "?", gov[0] ? gov : "?", i ? list : "no states");
	if (r->status == SYSCHECK_WARN)
		snprintf(r->hint, sizeof(r->hint),
			 "hold /dev/cpu_dma_latency at 0 in the RT application (rtwhy does while "
			 "it measures), or disable deep states: cpupower idle-set -D %d",
			 SYSCHECK_IDLE_WARN_US);
}

static void syscheck_rt_throttling(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	long long runtime, period;

	r->why = "an RT task that never sleeps is stopped for the rest of each period: a safety "
		 "net against a runaway RT hog, no delay for threads that sleep";
	if (procfs_read_long(ctx->root, "/proc/sys/kernel/sched_rt_runtime_us", &runtime)) {
		syscheck_set(r, SYSCHECK_UNKNOWN,
			     "/proc/sys/kernel/sched_rt_runtime_us unreadable");
		return;
	}
	if (runtime < 0) {
		syscheck_set(r, SYSCHECK_OK, "off (sched_rt_runtime_us = -1)");
		return;
	}
	if (procfs_read_long(ctx->root, "/proc/sys/kernel/sched_rt_period_us", &period) ||
	    period <= 0)
		syscheck_set(r, SYSCHECK_OK, "%lld us per period", runtime);
	else
		syscheck_set(r, SYSCHECK_OK, "%lld of %lld us (%.0f%%)", runtime, period,
			     100.0 * (double)runtime / (double)period);
}

static void syscheck_timer_slack(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	long long slack;

	r->why = "SCHED_OTHER threads wake up to this late on purpose (timers are merged); RT "
		 "threads get none";
	if (procfs_read_long(ctx->root, "/proc/self/timerslack_ns", &slack)) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "/proc/self/timerslack_ns unreadable");
		return;
	}
	syscheck_set(r, slack > RTW_DEFAULT_TIMER_SLACK_NS ? SYSCHECK_WARN : SYSCHECK_OK,
		     "%lld ns%s", slack,
		     slack == RTW_DEFAULT_TIMER_SLACK_NS ? " (the default)" : "");
	if (slack > 1)
		snprintf(r->hint, sizeof(r->hint),
			 "SCHED_OTHER threads: prctl(PR_SET_TIMERSLACK, 1) (rtwhy --timerslack=1)");
}

static void syscheck_virt(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char flags[8192] = "", hyp[64] = "", clocks[256] = "", what[128] = "", steal[96] = "";
	unsigned long long v[8] = { 0 };
	char *cpuinfo = NULL, *stat = NULL;
	bool vm = false, readable = false;
	long hz = sysconf(_SC_CLK_TCK);

	r->why = "the host can stop a vCPU at any moment: latency then has no cause inside the "
		 "guest (gaps with no event at all); steal time counts it";
	if (procfs_read_all(ctx->root, "/proc/cpuinfo", &cpuinfo) >= 0) {
		readable = true;
		if (!procfs_field(cpuinfo, "flags", flags, sizeof(flags)) &&
		    procfs_has_word(flags, "hypervisor")) {
			vm = true;
			snprintf(what, sizeof(what), "hypervisor flag in /proc/cpuinfo");
		}
	}
	free(cpuinfo);
	if (procfs_read(ctx->root, "/sys/hypervisor/type", hyp, sizeof(hyp)) > 0) {
		vm = true;
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%s%s hypervisor",
			 what[0] ? ", " : "", hyp);
	}
	procfs_read(ctx->root, "/sys/devices/system/clocksource/clocksource0/available_clocksource",
		    clocks, sizeof(clocks));
	if (procfs_has_word(clocks, "kvm-clock"))
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%skvm-clock: KVM",
			 what[0] ? ", " : "");
	else if (strstr(clocks, "hyperv"))
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%sHyper-V clock",
			 what[0] ? ", " : "");
	if (procfs_read_all(ctx->root, "/proc/stat", &stat) >= 0 &&
	    sscanf(stat, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
		   &v[4], &v[5], &v[6], &v[7]) == 8 &&
	    hz > 0) {
		unsigned long long total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];

		snprintf(steal, sizeof(steal), "steal %.2f s since boot (%.2f%% of CPU time)",
			 (double)v[7] / (double)hz,
			 total ? 100.0 * (double)v[7] / (double)total : 0.0);
		if (v[7])
			vm = true;
	}
	free(stat);
	if (!vm && !readable && !steal[0]) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "/proc/cpuinfo and /proc/stat unreadable");
		return;
	}
	if (vm)
		syscheck_set(r, SYSCHECK_WARN, "VM (%s)%s%s", what[0] ? what : "steal time",
			     steal[0] ? "; " : "", steal);
	else
		syscheck_set(r, SYSCHECK_OK, "no hypervisor seen%s%s", steal[0] ? "; " : "", steal);
	if (vm)
		snprintf(r->hint, sizeof(r->hint),
			 "measure on bare metal, or give the VM dedicated host CPUs (vCPU pinning, "
			 "host isolcpus, no overcommit)");
}

static void syscheck_smt(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char active[16], control[32] = "", sib[64];
	bool have_active;

	r->why = "SMT siblings share one core: a busy sibling slows the RT thread down";
	have_active = procfs_read(ctx->root, "/sys/devices/system/cpu/smt/active", active,
				  sizeof(active)) >= 0;
	procfs_read(ctx->root, "/sys/devices/system/cpu/smt/control", control, sizeof(control));
	if (have_active && !strcmp(active, "1")) {
		syscheck_set(r, SYSCHECK_WARN, "on (control: %s)", control[0] ? control : "?");
		snprintf(r->hint, sizeof(r->hint),
			 "boot with nosmt, or keep the RT CPU's sibling "
			 "idle (thread_siblings_list)");
		return;
	}
	if (have_active) {
		syscheck_set(r, SYSCHECK_OK, "off (control: %s)", control[0] ? control : "?");
		return;
	}
	if (procfs_read(ctx->root, "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list",
			sib, sizeof(sib)) >= 0) {
		bool shared = strchr(sib, ',') || strchr(sib, '-');

		syscheck_set(r, shared ? SYSCHECK_WARN : SYSCHECK_OK, "%s (cpu0 siblings: %s)",
			     shared ? "on" : "off", sib);
		return;
	}
	syscheck_set(r, SYSCHECK_UNKNOWN, "/sys/devices/system/cpu/smt unreadable");
}

static void syscheck_clocksource(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	static const char *const fast[] = { "tsc",
					    "arch_sys_counter",
					    "kvm-clock",
					    "riscv_clocksource",
					    "hyperv_clocksource_tsc_page",
					    "timebase" };
	char cur[64];
	size_t i;

	r->why = "clock_gettime() of a slow clocksource is a system call of a microsecond or more: "
		 "every latency sample pays it";
	if (procfs_read(ctx->root,
			"/sys/devices/system/clocksource/clocksource0/current_clocksource", cur,
			sizeof(cur)) < 0) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "current_clocksource unreadable");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(fast); i++) {
		if (!strcmp(cur, fast[i])) {
			syscheck_set(r, SYSCHECK_OK, "%s", cur);
			return;
		}
	}
	syscheck_set(r, SYSCHECK_WARN, "%s (no fast user-space read)", cur);
	snprintf(r->hint, sizeof(r->hint),
		 "find out why the kernel left tsc (dmesg | grep -i "
		 "clocksource): an unstable TSC, a BIOS setting");
}

/* Events the spike analysis needs, and those that only sharpen it (tsession's set). */
static const char *const syscheck_events_needed[] = {
	"sched/sched_switch",	 "sched/sched_waking",	       "sched/sched_wakeup",
	"irq/irq_handler_entry", "irq/irq_handler_exit",       "irq/softirq_entry",
	"irq/softirq_exit",	 "timer/hrtimer_expire_entry", "timer/hrtimer_expire_exit",
	"ftrace/print",
};
static const char *const syscheck_events_optional[] = {
	"sched/sched_migrate_task",
	"irq_vectors/local_timer_entry",
	"irq_vectors/reschedule_entry",
	"irq_vectors/call_function_entry",
	"nmi/nmi_handler",
};

/* Where tracefs is mounted under the root ("" if not). Return: -errno if no mount table. */
static int syscheck_tracefs_dir(const struct syscheck_ctx *ctx, char *dir, size_t len)
{
	char *mounts = NULL, *line, *rest;
	ssize_t n;

	dir[0] = '\0';
	n = procfs_read_all(ctx->root, "/proc/mounts", &mounts);
	if (n < 0)
		return (int)n;
	for (rest = mounts; (line = strsep(&rest, "\n"));) {
		char src[256], mnt[256], type[64];

		if (sscanf(line, "%255s %255s %63s", src, mnt, type) != 3 ||
		    strcmp(type, "tracefs"))
			continue;
		if (!dir[0] || !strcmp(mnt, "/sys/kernel/tracing"))
			util_strlcpy(dir, mnt, len);
	}
	free(mounts);
	return 0;
}

static int syscheck_count_events(const struct syscheck_ctx *ctx, const char *dir,
				 const char *const *events, size_t n, char *missing, size_t len)
{
	char rel[512];
	size_t i, used = strlen(missing);
	int found = 0;

	for (i = 0; i < n; i++) {
		snprintf(rel, sizeof(rel), "%s/events/%s", dir, events[i]);
		if (procfs_exists(ctx->root, rel)) {
			found++;
			continue;
		}
		if (used < len)
			used += (size_t)snprintf(missing + used, len - used, "%s%s",
						 used ? ", " : "", events[i]);
	}
	return found;
}

static void syscheck_tracefs(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char dir[256], rel[300], path[4096], missing[256] = "", opt_missing[256] = "";
	int need, opt, ret;

	r->why = "rtwhy freezes a private ftrace instance and reads these events to explain a "
		 "spike";
	ret = syscheck_tracefs_dir(ctx, dir, sizeof(dir));
	if (ret) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "/proc/mounts: %s", strerror(-ret));
		return;
	}
	if (!dir[0]) {
		syscheck_set(r, SYSCHECK_WARN, "not mounted");
		snprintf(r->hint, sizeof(r->hint),
			 "mount -t tracefs nodev /sys/kernel/tracing "
			 "(rtwhy tries this itself as root)");
		return;
	}
	snprintf(rel, sizeof(rel), "%s/events", dir);
	procfs_path(path, sizeof(path), ctx->root, rel);
	if (access(path, R_OK | X_OK)) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "%s, not readable: %s", dir, strerror(errno));
		snprintf(r->hint, sizeof(r->hint), "run rtwhy check as root");
		return;
	}
	need = syscheck_count_events(ctx, dir, syscheck_events_needed,
				     ARRAY_SIZE(syscheck_events_needed), missing, sizeof(missing));
	opt = syscheck_count_events(ctx, dir, syscheck_events_optional,
				    ARRAY_SIZE(syscheck_events_optional), opt_missing,
				    sizeof(opt_missing));
	snprintf(rel, sizeof(rel), "%s/instances", dir);
	procfs_path(path, sizeof(path), ctx->root, rel);
	syscheck_set(r,
		     need == (int)ARRAY_SIZE(syscheck_events_needed) ? SYSCHECK_OK : SYSCHECK_WARN,
		     "%s, %s, events %d/%zu needed%s%s, %d/%zu optional%s%s%s", dir,
		     access(path, W_OK) ? "instances not writable" : "writable", need,
		     ARRAY_SIZE(syscheck_events_needed), missing[0] ? " (missing " : "", missing,
		     opt, ARRAY_SIZE(syscheck_events_optional), opt_missing[0] ? " (missing " : "",
		     opt_missing, missing[0] || opt_missing[0] ? ")" : "");
	if (r->status == SYSCHECK_WARN)
		snprintf(r->hint, sizeof(r->hint),
			 "a kernel with CONFIG_FTRACE and the sched, irq "
			 "and timer tracepoints");
}

static void syscheck_timerlat(const struct syscheck_ctx *ctx, struct syscheck_result *r)
{
	char dir[256], rel[300], tracers[512];
	ssize_t n;

	r->why = "rtla timerlat (the kernel's own latency tracer) needs it; rtwhy does not";
	syscheck_tracefs_dir(ctx, dir, sizeof(dir));
	snprintf(rel, sizeof(rel), "%s/available_tracers", dir[0] ? dir : "/sys/kernel/tracing");
	n = procfs_read(ctx->root, rel, tracers, sizeof(tracers));
	if (n < 0) {
		syscheck_set(r, SYSCHECK_UNKNOWN, "%s: %s", rel, strerror((int)-n));
		return;
	}
	if (procfs_has_word(tracers, "timerlat"))
		syscheck_set(r, SYSCHECK_OK, "present: rtla timerlat can run here too");
	else
		syscheck_set(r, SYSCHECK_OK, "absent: rtla timerlat cannot run here (tracers: %s)",
			     tracers);
}

size_t syscheck_run(const struct syscheck_ctx *ctx, struct syscheck_result *res)
{
	static const struct {
		const char *name;
		void (*fn)(const struct syscheck_ctx *ctx, struct syscheck_result *r);
	} checks[] = {
		{ "preempt_model", syscheck_preempt },
		{ "hz", syscheck_hz },
		{ "nohz", syscheck_nohz },
		{ "threadirqs", syscheck_threadirqs },
		{ "isolcpus", syscheck_isolcpus },
		{ "nohz_full", syscheck_nohz_full },
		{ "rcu_nocbs", syscheck_rcu_nocbs },
		{ "cpufreq_governor", syscheck_cpufreq },
		{ "cpuidle", syscheck_cpuidle },
		{ "rt_throttling", syscheck_rt_throttling },
		{ "timer_slack", syscheck_timer_slack },
		{ "virtualization", syscheck_virt },
		{ "smt", syscheck_smt },
		{ "clocksource", syscheck_clocksource },
		{ "tracefs", syscheck_tracefs },
		{ "timerlat", syscheck_timerlat },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(checks) && i < SYSCHECK_MAX; i++) {
		memset(&res[i], 0, sizeof(res[i]));
		res[i].name = checks[i].name;
		res[i].why = "";
		checks[i].fn(ctx, &res[i]);
	}
	return i;
}

/* ---- output ------------------------------------------------------------------------- */

static void syscheck_verdict(const struct syscheck_result *res, size_t n, char *buf, size_t len)
{
	size_t i, warn = 0, unknown = 0, used;
	char warns[256] = "", unknowns[256] = "";

	for (i = 0; i < n; i++) {
		char *list = res[i].status == SYSCHECK_WARN ? warns : unknowns;

		if (res[i].status == SYSCHECK_OK)
			continue;
		if (res[i].status == SYSCHECK_WARN)
			warn++;
		else
			unknown++;
		used = strlen(list);
		snprintf(list + used, sizeof(warns) - used, "%s%s", used ? ", " : "", res[i].name);
	}
	if (!warn)
		snprintf(buf, len, "no warnings%s%s%s", unknown ? "; could not tell: " : "",
			 unknowns, unknown ? " (not readable here)" : "");
	else
		snprintf(buf, len,
			 "%zu warning%s (%s): each is a cause of latency you can remove%s%s%s",
			 warn, warn == 1 ? "" : "s", warns, unknown ? "; could not tell: " : "",
			 unknowns, unknown ? " (not readable here)" : "");
}

/* "<indent>why: text" wrapped at 100 columns under the value column. */
static void syscheck_wrap(FILE *out, const char *label, const char *text)
{
	const int indent = 27, width = 100 - indent - 5;

	while (*text) {
		int n = (int)strlen(text);

		if (n > width) {
			n = width;
			while (n > 0 && text[n] != ' ')
				n--;
			if (n == 0)
				n = width;
		}
		fprintf(out, "%*s%-5s%.*s\n", indent, "", label, n, text);
		label = "";
		text += n;
		while (*text == ' ')
			text++;
	}
}

void syscheck_print(const struct syscheck_ctx *ctx, const struct syscheck_result *res, size_t n,
		    FILE *out)
{
	char verdict[768], cpus[32];
	size_t i;

	if (ctx->nr_cpus > 0)
		snprintf(cpus, sizeof(cpus), "%d CPU%s", ctx->nr_cpus,
			 ctx->nr_cpus == 1 ? "" : "s");
	else
		snprintf(cpus, sizeof(cpus), "CPUs unknown");
	fprintf(out, "Kernel %s%s%s, %s; config: %s\n\n",
		ctx->release[0] ? ctx->release : "(release unreadable)", ctx->version[0] ? " " : "",
		ctx->version, cpus, ctx->kconfig ? ctx->kconfig_src : "none found");
	fprintf(out, "%-16s  %-7s  %s\n", "CHECK", "STATUS", "VALUE");
	for (i = 0; i < n; i++) {
		fprintf(out, "%-16s  %-7s  %s\n", res[i].name, syscheck_status_name(res[i].status),
			res[i].value);
		if (res[i].status == SYSCHECK_OK)
			continue;
		syscheck_wrap(out, "why:", res[i].why);
		if (res[i].hint[0])
			syscheck_wrap(out, "do:", res[i].hint);
	}
	syscheck_verdict(res, n, verdict, sizeof(verdict));
	fprintf(out, "\nVerdict: %s.\n", verdict);
}

int syscheck_write_json(const struct syscheck_ctx *ctx, const struct syscheck_result *res, size_t n,
			FILE *out)
{
	char verdict[768];
	struct json j;
	size_t i;

	json_start(&j, out);
	json_object(&j, "kernel");
	json_string(&j, "release", ctx->release);
	json_string(&j, "version", ctx->version);
	json_string(&j, "config", ctx->kconfig ? ctx->kconfig_src : "");
	json_int(&j, "cpus", ctx->nr_cpus);
	json_end(&j);
	json_array(&j, "checks");
	for (i = 0; i < n; i++) {
		json_object(&j, NULL);
		json_string(&j, "name", res[i].name);
		json_string(&j, "value", res[i].value);
		json_string(&j, "status", syscheck_status_name(res[i].status));
		json_string(&j, "why", res[i].why);
		json_string(&j, "hint", res[i].hint);
		json_end(&j);
	}
	json_end(&j);
	syscheck_verdict(res, n, verdict, sizeof(verdict));
	json_string(&j, "verdict", verdict);
	return json_finish(&j);
}

/* ---- the subcommand ----------------------------------------------------------------- */

int syscheck_main(int argc, char **argv)
{
	struct syscheck_result res[SYSCHECK_MAX];
	struct syscheck_ctx ctx;
	struct syscheck_opts o;
	int status = CLI_EXIT_FAILURE;
	FILE *json = NULL;
	char err[256];
	size_t n;

	if (syscheck_parse_args(argc, argv, &o, err, sizeof(err))) {
		log_err("%s", err);
		return CLI_EXIT_USAGE;
	}
	if (o.help) {
		syscheck_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (subcmd_json_open(o.json_path, &json))
		return CLI_EXIT_FAILURE;
	if (syscheck_ctx_init(&ctx, o.root, o.hz_from)) {
		log_err("cannot read the system state: %s", strerror(ENOMEM));
		goto out;
	}
	n = syscheck_run(&ctx, res);
	if (json != stdout)
		syscheck_print(&ctx, res, n, stdout);
	if (!json || !syscheck_write_json(&ctx, res, n, json))
		status = CLI_EXIT_OK; /* else subcmd_json_close() says why, once */
	syscheck_ctx_free(&ctx);
out:
	if (subcmd_json_close(json, o.json_path))
		status = CLI_EXIT_FAILURE;
	return status;
}
