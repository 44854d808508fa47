/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * shmstat - the running-status file of cyclictest 2.4 (rstat_* in
 * cyclictest.c): /dev/shm/cyclictest<pid>, under that name because rt-tests'
 * get_cyclictest_snapshot finds running instances by it, sends them SIGUSR2
 * and prints the file. The run writes its status block there on SIGUSR2.
 *
 * Unlike cyclictest's (which truncates the file but keeps writing at the old
 * offset, so that the second snapshot starts with NUL bytes), each snapshot
 * replaces the whole file.
 */
#ifndef RTWHY_SHMSTAT_H
#define RTWHY_SHMSTAT_H

#include <stddef.h>
#include <sys/types.h>

#define SHMSTAT_PREFIX "cyclictest" /* the name get_cyclictest_snapshot looks for */
#define SHMSTAT_TITLE  "#---------------------------\n# rtwhy current status:\n" /* ours */

struct shmstat {
	int fd; /* -1: none */
	char name[32];
};

/**
 * shmstat_create() - Create (empty) the status file of process @pid, mode 0666 as cyclictest.
 * @s: result
 * @pid: the process the name says
 *
 * A stale file of the same name (a dead process whose pid came back) is replaced.
 * Return: 0 or -errno (then @s->fd is -1).
 */
int shmstat_create(struct shmstat *s, pid_t pid);

/**
 * shmstat_remove_stale() - Remove the status files that rtwhy runs killed
 * beyond cleaning up (SIGKILL) left: those of processes that are gone, empty
 * or holding rtwhy's block. cyclictest's own files are left alone.
 * @dir: "/dev/shm" (a directory for the tests)
 *
 * Return: how many were removed.
 */
int shmstat_remove_stale(const char *dir);

/**
 * shmstat_write() - Replace the file's content.
 * @s: status file (fd -1: nothing happens)
 * @text: the bytes
 * @len: how many
 *
 * Return: 0 or -errno.
 */
int shmstat_write(struct shmstat *s, const char *text, size_t len);

/**
 * shmstat_destroy() - Close and remove the file.
 * @s: status file, created or not
 */
void shmstat_destroy(struct shmstat *s);

#endif
