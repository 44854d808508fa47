// SPDX-License-Identifier: GPL-2.0-only
/*
 * subcmd - one-line option errors and the --json output of the report
 * subcommands, said the same way by each.
 */
#include <errno.h>
#include <getopt.h>
#include <string.h>

#include "rtwhy/log.h"
#include "rtwhy/outfile.h"
#include "rtwhy/subcmd.h"

int subcmd_getopt_error(const char *cmd, char **argv, char *err, size_t errlen)
{
	const char *word = argv[optind - 1];

	if (optopt >= 256 || (optopt && word[0] == '-' && word[1] == '-'))
		snprintf(err, errlen, "option %s needs a value (see rtwhy %s --help)", word, cmd);
	else if (optopt)
		snprintf(err, errlen, "unknown option -%c (see rtwhy %s --help)", optopt, cmd);
	else
		snprintf(err, errlen, "unknown option %s (see rtwhy %s --help)", word, cmd);
	return -EINVAL;
}

int subcmd_check_value(const char *opt, const char *val, const char *what, char *err, size_t errlen)
{
	if (val && *val)
		return 0;
	snprintf(err, errlen, "invalid value '' for --%s: expected %s", opt, what);
	return -EINVAL;
}

int subcmd_no_args(const char *cmd, int argc, char **argv, char *err, size_t errlen)
{
	if (optind >= argc)
		return 0;
	snprintf(err, errlen, "unexpected argument '%s' (see rtwhy %s --help)", argv[optind], cmd);
	return -EINVAL;
}

int subcmd_json_open(const char *path, FILE **out)
{
	*out = NULL;
	if (!path)
		return 0;
	if (!strcmp(path, "-")) {
		*out = stdout;
		return 0;
	}
	return outfile_open(path, "--json file", out);
}

int subcmd_json_close(FILE *out, const char *path)
{
	return out ? outfile_close(out, "--json file", path) : 0;
}
