/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * outfile - the end of every output file rtwhy writes (--json, --svg,
 * --histfile, --save-trace, the subcommands' --json): a write that failed (a
 * full disk) is said once, with its errno, and leaves no partial file.
 */
#ifndef RTWHY_OUTFILE_H
#define RTWHY_OUTFILE_H

#include <stdio.h>

/**
 * outfile_close() - Flush and close @f; on a write error, say it and remove @path.
 * @f: the stream; stdout is flushed, never closed nor removed
 * @what: what the file is for the message ("--json file"), or NULL
 * @path: its name
 *
 * Only a regular file is removed: never /dev/full, a pipe or a terminal.
 * Return: 0, or -errno with "rtwhy: cannot write [WHAT ]PATH: reason" printed.
 */
int outfile_close(FILE *f, const char *what, const char *path);

#endif
