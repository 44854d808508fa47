// SPDX-License-Identifier: GPL-2.0-only
/*
 * main - argv to a command, the command to an exit status. Nothing else.
 */
#include <malloc.h>
#include <stdio.h>

#include "rtwhy/analyze.h"
#include "rtwhy/cli.h"
#include "rtwhy/irqs/cmd.h"
#include "rtwhy/log.h"
#include "rtwhy/run.h"
#include "rtwhy/check/cmd.h"

int main(int argc, char **argv)
{
	struct rtw_config cfg;
	enum cli_action action;
	char err[256];

	/*
	 * Blocks of 128 KB and more (an explanation's window, its timeline: megabytes) from mmap,
	 * always: glibc raises this threshold to the size of each such block freed, and then
	 * serves the next ones from its arenas, which a burst of large windows leaves grown for
	 * the rest of a long run (measured: the explaining thread's arena 1.8 -> 2.9 MB resident
	 * after a few minutes of heavier load, and never back). Set, it stays put.
	 */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	switch (cli_command(argc, argv)) {
	case CLI_CMD_ANALYZE:
		return analyze_main(argc - 1, argv + 1);
	case CLI_CMD_IRQS:
		return irqs_cmd_main(argc - 1, argv + 1);
	case CLI_CMD_CHECK:
		return check_cmd_main(argc - 1, argv + 1);
	case CLI_CMD_MEASURE:
		break;
	}
	if (cli_parse(argc, argv, &cfg, &action, err, sizeof(err))) {
		log_err("%s", err);
		return CLI_EXIT_USAGE;
	}
	if (action == CLI_HELP) {
		cli_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (action == CLI_VERSION) {
		printf("rtwhy %s\n", RTWHY_VERSION);
		return CLI_EXIT_OK;
	}
	if (cfg.measure.priority_defaulted) /* cyclictest says so too */
		fprintf(stderr, "defaulting realtime priority to %d\n", cfg.measure.priority);
	return run_measure(&cfg);
}
