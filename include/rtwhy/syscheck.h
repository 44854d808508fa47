/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RTWHY_SYSCHECK_H
#define RTWHY_SYSCHECK_H

/**
 * syscheck_main() - The "rtwhy check" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: the exit status.
 */
int syscheck_main(int argc, char **argv);

#endif
