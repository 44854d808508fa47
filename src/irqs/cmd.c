// SPDX-License-Identifier: GPL-2.0-only
/*
 * irqs/cmd - "rtwhy irqs": options, then gather -> judge -> render. Exit
 * status 0 when every device IRQ is threaded.
 */
#include <errno.h>
#include <getopt.h>
#include <string.h>

#include "rtwhy/cli.h"
#include "rtwhy/irqs/cmd.h"
#include "rtwhy/irqs/gather.h"
#include "rtwhy/irqs/judge.h"
#include "rtwhy/irqs/render.h"
#include "rtwhy/log.h"
#include "rtwhy/subcmd.h"
#include "analysis/util.h"

enum { IRQS_CMD_OPT_OBSERVE = 256, IRQS_CMD_OPT_JSON, IRQS_CMD_OPT_SYSROOT };

static const struct option irqs_cmd_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "observe", required_argument, NULL, IRQS_CMD_OPT_OBSERVE },
	{ "json", required_argument, NULL, IRQS_CMD_OPT_JSON },
	{ "sysroot", required_argument, NULL, IRQS_CMD_OPT_SYSROOT },
	{ NULL, 0, NULL, 0 },
};

int irqs_cmd_parse_args(int argc, char **argv, struct irqs_cmd_opts *opts, char *err, size_t errlen)
{
	int c, n, ret;

	memset(opts, 0, sizeof(*opts));
	opts->root = "";
	err[0] = '\0';
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", irqs_cmd_options, NULL)) != -1) {
		switch (c) {
		case 'h':
			opts->help = true;
			return 0;
		case IRQS_CMD_OPT_OBSERVE:
			ret = util_parse_int(optarg, 1, IRQS_GATHER_MAX_OBSERVE, &n);
			if (ret) {
				snprintf(
					err, errlen,
					"invalid value '%s' for --observe: %sexpected seconds 1-%d",
					optarg, ret == -ERANGE ? "out of range, " : "",
					IRQS_GATHER_MAX_OBSERVE);
				return -EINVAL;
			}
			opts->observe_s = (unsigned int)n;
			break;
		case IRQS_CMD_OPT_JSON:
			if (subcmd_check_value("json", optarg, "a file name", err, errlen))
				return -EINVAL;
			opts->json_path = optarg;
			break;
		case IRQS_CMD_OPT_SYSROOT:
			if (subcmd_check_value("sysroot", optarg, "a directory", err, errlen))
				return -EINVAL;
			opts->root = optarg;
			break;
		default:
			return subcmd_getopt_error("irqs", argv, err, errlen);
		}
	}
	if (subcmd_no_args("irqs", argc, argv, err, errlen))
		return -EINVAL;
	if (opts->observe_s && opts->root[0]) {
		snprintf(err, errlen,
			 "conflicting options: --observe traces the running kernel, "
			 "--sysroot reads another tree");
		return -EINVAL;
	}
	return 0;
}

void irqs_cmd_usage(FILE *out)
{
	fputs("usage: rtwhy irqs [--observe SEC] [--json=FILE]\n"
	      "\n"
	      "Is every IRQ handler a thread? One row per IRQ: counts per CPU, affinity,\n"
	      "the irq/N-name handler thread (pid, policy, priority, CPUs) and a verdict.\n"
	      "\n"
	      "  --observe=SEC   trace SEC seconds (1-3600, root) and say where each handler\n"
	      "                  ran: in hard IRQ context, in its thread, or not seen\n"
	      "  --json=FILE     also write the report as JSON (- : JSON only, on stdout)\n"
	      "  --sysroot=DIR   read /proc and /sys under DIR instead of this system\n"
	      "  -h, --help      this help\n"
	      "\n"
	      "Exit status: 0 every device IRQ is threaded, 1 one is not (or an error),\n"
	      "2 bad usage.\n",
	      out);
}

int irqs_cmd_main(int argc, char **argv)
{
	struct irqs_gather_table t = { 0 };
	struct irqs_judge v = { 0 };
	struct irqs_cmd_opts o;
	int status = CLI_EXIT_FAILURE;
	FILE *json = NULL;
	char err[256];

	if (irqs_cmd_parse_args(argc, argv, &o, err, sizeof(err))) {
		log_err("%s", err);
		return CLI_EXIT_USAGE;
	}
	if (o.help) {
		irqs_cmd_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (subcmd_json_open(o.json_path, &json))
		return CLI_EXIT_FAILURE;
	if (irqs_gather_load(o.root, &t))
		goto out;
	if (o.observe_s && irqs_gather_observe(&t, o.observe_s))
		goto out;
	if (irqs_judge_run(&t, &v)) {
		log_err("cannot judge the IRQs: %s", strerror(ENOMEM));
		goto out;
	}
	if (json != stdout)
		irqs_render_text(&t, &v, stdout);
	if (json && irqs_render_json(&t, &v, json))
		goto out; /* subcmd_json_close() says why, once */
	status = v.nr_unthreaded ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
out:
	if (subcmd_json_close(json, o.json_path))
		status = CLI_EXIT_FAILURE;
	irqs_judge_free(&v);
	irqs_gather_free(&t);
	return status;
}
