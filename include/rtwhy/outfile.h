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
 * outfile_open() - Create @path for writing, or say why not.
 * @path: the file's name ("-" is not special here: callers that take it for stdout say so)
 * @what: the option it is for, in the message ("--json file")
 * @f: the stream, NULL on error
 *
 * Return: 0, or -errno with "rtwhy: cannot write WHAT PATH: reason" printed.
 */
int outfile_open(const char *path, const char *what, FILE **f);

/**
 * outfile_discard() - Close @f and remove @path: what was written is not to be kept.
 * @f: the stream; stdout is flushed, never closed nor removed
 * @path: its name; only a regular file is removed
 */
void outfile_discard(FILE *f, const char *path);

/**
 * outfile_close() - Flush and close @f; on a write error, say it and remove @path.
 * @f: the stream; stdout is flushed, never closed nor removed
 * @what: the option it is for, in the message ("--json file")
 * @path: its name
 *
 * Only a regular file is removed: never /dev/full, a pipe or a terminal.
 * Return: 0, or -errno with "rtwhy: cannot write WHAT PATH: reason" printed.
 */
int outfile_close(FILE *f, const char *what, const char *path);

#endif
