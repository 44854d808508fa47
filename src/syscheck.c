// SPDX-License-Identifier: GPL-2.0-only
/* placeholder until the subcommand lands */
#include <stdio.h>

#include "rtwhy/syscheck.h"
#include "rtwhy/log.h"

int syscheck_main(int argc, char **argv)
{
	(void)argc;
	log_err("cannot run '%s': not built yet", argv[0]);
	return 1;
}
