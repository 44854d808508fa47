/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RTWHY_ANALYZE_H
#define RTWHY_ANALYZE_H

/**
 * analyze_main() - The "rtwhy analyze" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: the exit status.
 */
int analyze_main(int argc, char **argv);

#endif
