/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RTWHY_IRQCHECK_H
#define RTWHY_IRQCHECK_H

/**
 * irqcheck_main() - The "rtwhy irqs" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: the exit status.
 */
int irqcheck_main(int argc, char **argv);

#endif
