/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * statfifo - cyclictest 2.4's -F/--fifo: a named pipe whose every reader gets
 * the current status lines, then end of file. Like cyclictest's fifothread,
 * the writer side polls: it opens the pipe without blocking (which fails
 * while nobody reads), writes, closes; with no reader it looks again after
 * 500 ms. Driven by the main loop, so there is no thread; a reader that goes
 * away mid-write costs an EPIPE, never a SIGPIPE.
 */
#ifndef RTWHY_STATFIFO_H
#define RTWHY_STATFIFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STATFIFO_RETRY_NS (500ULL * 1000 * 1000) /* cyclictest's usleep(500000) */

struct statfifo {
	const char *path; /* NULL: none */
	uint64_t next_ns; /* when to look for a reader again */
};

/**
 * statfifo_create() - (Re)create the named pipe @path, mode 0666 as cyclictest.
 * @f: result
 * @path: where; an existing file there is replaced, as cyclictest does
 *
 * Return: 0 or -errno.
 */
int statfifo_create(struct statfifo *f, const char *path);

/**
 * statfifo_reader() - Open the pipe for writing if someone reads it and it is time to look.
 * @f: pipe
 * @now_ns: the time (CLOCK_MONOTONIC)
 *
 * Return: a file descriptor to statfifo_send() to, or -1 (no reader, not yet time).
 */
int statfifo_reader(struct statfifo *f, uint64_t now_ns);

/**
 * statfifo_send() - Write @text to the reader and close @fd (the reader sees end of file).
 * @fd: from statfifo_reader()
 * @text: bytes
 * @len: how many
 *
 * Return: 0, or -errno (-EPIPE: the reader left; -EAGAIN: it did not read for 100 ms).
 */
int statfifo_send(int fd, const char *text, size_t len);

/**
 * statfifo_destroy() - Remove the pipe.
 * @f: pipe, created or not
 */
void statfifo_destroy(struct statfifo *f);

#endif
