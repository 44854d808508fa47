// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/cmd - "rtwhy check": options, then gather -> judge -> render.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/cmd.h"
#include "rtwhy/check/judge.h"
#include "rtwhy/check/render.h"
#include "rtwhy/cli.h"
#include "rtwhy/cpulist.h"
#include "rtwhy/log.h"
#include "rtwhy/subcmd.h"
#include "analysis/util.h"

enum {
	CHECK_CMD_OPT_JSON = 256,
	CHECK_CMD_OPT_SYSROOT,
	CHECK_CMD_OPT_HZ_FROM,
	CHECK_CMD_OPT_FAIL_ON,
	CHECK_CMD_OPT_PID
};

static const struct option check_cmd_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "json", required_argument, NULL, CHECK_CMD_OPT_JSON },
	{ "sysroot", required_argument, NULL, CHECK_CMD_OPT_SYSROOT },
	{ "hz-from", required_argument, NULL, CHECK_CMD_OPT_HZ_FROM },
	{ "fail-on", required_argument, NULL, CHECK_CMD_OPT_FAIL_ON },
	{ "pid", required_argument, NULL, CHECK_CMD_OPT_PID },
	{ "affinity", required_argument, NULL, 'a' },
	{ NULL, 0, NULL, 0 },
};

static const char *const check_cmd_hz_from_names[] = {
	[CHECK_GATHER_HZ_AUTO] = "auto",
	[CHECK_GATHER_HZ_CONFIG] = "config",
	[CHECK_GATHER_HZ_TIMER_LIST] = "timer_list",
	[CHECK_GATHER_HZ_TICKS] = "ticks",
};

int check_cmd_parse_args(int argc, char **argv, struct check_cmd_opts *opts, char *err,
			 size_t errlen)
{
	size_t i;
	int c;

	memset(opts, 0, sizeof(*opts));
	opts->root = "";
	err[0] = '\0';
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+ha:", check_cmd_options, NULL)) != -1) {
		cpu_set_t set;
		char why[128], *end;
		long v;

		switch (c) {
		case 'a':
			if (cpulist_parse(optarg, &set, why, sizeof(why))) {
				snprintf(err, errlen, "invalid value '%s' for -a: %s", optarg, why);
				return -EINVAL;
			}
			opts->cpus = optarg;
			break;
		case CHECK_CMD_OPT_PID:
			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || v <= 0 || v > 0x3fffffff) {
				snprintf(err, errlen,
					 "invalid value '%s' for --pid: expected a process id",
					 optarg);
				return -EINVAL;
			}
			opts->pid = (int)v;
			break;
		case 'h':
			opts->help = true;
			return 0;
		case CHECK_CMD_OPT_JSON:
			if (subcmd_check_value("json", optarg, "a file name", err, errlen))
				return -EINVAL;
			opts->json_path = optarg;
			break;
		case CHECK_CMD_OPT_SYSROOT:
			if (subcmd_check_value("sysroot", optarg, "a directory", err, errlen))
				return -EINVAL;
			opts->root = optarg;
			break;
		case CHECK_CMD_OPT_HZ_FROM:
			for (i = 0; i < ARRAY_SIZE(check_cmd_hz_from_names); i++)
				if (!strcmp(optarg, check_cmd_hz_from_names[i]))
					break;
			if (i == ARRAY_SIZE(check_cmd_hz_from_names)) {
				snprintf(err, errlen,
					 "invalid value '%s' for --hz-from: expected auto, config, "
					 "timer_list or ticks",
					 optarg);
				return -EINVAL;
			}
			opts->hz_from = (enum check_gather_hz_from)i;
			break;
		case CHECK_CMD_OPT_FAIL_ON:
			if (!strcmp(optarg, "warn")) {
				opts->fail_on = CHECK_CMD_FAIL_WARN;
			} else if (!strcmp(optarg, "unknown")) {
				opts->fail_on = CHECK_CMD_FAIL_UNKNOWN;
			} else {
				snprintf(err, errlen,
					 "invalid value '%s' for --fail-on: expected warn or "
					 "unknown",
					 optarg);
				return -EINVAL;
			}
			break;
		default:
			return subcmd_getopt_error("check", argv, err, errlen);
		}
	}
	if (subcmd_no_args("check", argc, argv, err, errlen))
		return -EINVAL;
	if (opts->root[0] && (opts->hz_from == CHECK_GATHER_HZ_TIMER_LIST ||
			      opts->hz_from == CHECK_GATHER_HZ_TICKS)) {
		snprintf(err, errlen,
			 "conflicting options: --hz-from=%s measures the running "
			 "kernel, --sysroot reads another tree",
			 check_cmd_hz_from_names[opts->hz_from]);
		return -EINVAL;
	}
	return 0;
}

void check_cmd_usage(FILE *out)
{
	fputs("usage: rtwhy check [--json=FILE] [--fail-on=warn|unknown] [--pid=PID] [-a CPUS]\n"
	      "\n"
	      "Is this system ready for real-time work? One line per check (preemption\n"
	      "model, HZ, IRQ threading, isolation, frequency and idle states, RT\n"
	      "throttling and the fair server, timer slack, virtualization, SMT,\n"
	      "clocksource, tracing) with its status: ok, warn (a cause of latency you can\n"
	      "remove) or unknown (not readable).\n"
	      "\n"
	      "  --json=FILE      also write the checks as JSON, typed values (- : JSON only,\n"
	      "                   on stdout; doc/schema/check.schema.json)\n"
	      "  --hz-from=SRC    where HZ comes from: auto (default: the kernel config, else\n"
	      "                   measured), config, timer_list or ticks (both measure, root)\n"
	      "  --sysroot=DIR    read /proc, /sys and /boot under DIR instead of this system\n"
	      "  --fail-on=LEVEL  exit 3 when a check is warn (LEVEL warn), or warn or\n"
	      "                   unknown (LEVEL unknown): a gate for scripts and CI\n"
	      "  --pid=PID        check the cgroups (CPU quota, RT runtime, cpuset) of PID's\n"
	      "                   process instead of rtwhy's own\n"
	      "  -a, --affinity=CPUS  the CPUs you will measure on: warn when the cpuset\n"
	      "                   lacks one\n"
	      "  -h, --help       this help\n"
	      "\n"
	      "Exit status: 0 the checks ran (without --fail-on: whatever they found), 1 error,\n"
	      "2 bad usage, 3 a check at or above --fail-on.\n",
	      out);
}

int check_cmd_status(const struct check_cmd_opts *opts, const struct check_judge_report *r)
{
	size_t bad = 0;

	if (opts->fail_on >= CHECK_CMD_FAIL_WARN)
		bad += r->nr_warn;
	if (opts->fail_on >= CHECK_CMD_FAIL_UNKNOWN)
		bad += r->nr_unknown;
	return bad ? CLI_EXIT_LATENCY : CLI_EXIT_OK;
}

int check_cmd_main(int argc, char **argv)
{
	struct check_gather_facts *f = NULL;
	struct check_judge_report *r = NULL;
	int status = CLI_EXIT_FAILURE;
	struct check_cmd_opts o;
	FILE *json = NULL;
	char err[256];

	if (check_cmd_parse_args(argc, argv, &o, err, sizeof(err))) {
		log_err("%s", err);
		return CLI_EXIT_USAGE;
	}
	if (o.help) {
		check_cmd_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (subcmd_json_open(o.json_path, &json))
		return CLI_EXIT_FAILURE;
	f = malloc(sizeof(*f));
	r = malloc(sizeof(*r));
	if (!f || !r || check_gather(f, o.root, o.hz_from)) {
		log_err("cannot read the system state: %s", strerror(ENOMEM));
		goto out;
	}
	if (o.pid || o.cpus)
		check_gather_cgroup(f, o.pid, o.cpus);
	check_judge_run(f, r);
	if (json != stdout)
		check_render_text(f, r, stdout);
	if (!json || !check_render_json(f, r, json))
		status = check_cmd_status(&o, r); /* else subcmd_json_close() says why, once */
	check_gather_free(f);
out:
	if (subcmd_json_close(json, o.json_path))
		status = CLI_EXIT_FAILURE;
	free(r);
	free(f);
	return status;
}
