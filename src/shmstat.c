// SPDX-License-Identifier: GPL-2.0-only
/*
 * shmstat - /dev/shm/cyclictest<pid> through shm_open(), as rt-tests 2.4's
 * rstat_shm_open() names and creates it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtwhy/shmstat.h"

int shmstat_create(struct shmstat *s, pid_t pid)
{
	snprintf(s->name, sizeof(s->name), "/" SHMSTAT_PREFIX "%d", (int)pid);
	if (shm_unlink(s->name) && errno != ENOENT) {
		s->fd = -1;
		return -errno;
	}
	s->fd = shm_open(s->name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	return s->fd < 0 ? -errno : 0;
}

int shmstat_write(struct shmstat *s, const char *text, size_t len)
{
	size_t done = 0;

	if (s->fd < 0)
		return 0;
	if (ftruncate(s->fd, 0))
		return -errno;
	while (done < len) {
		ssize_t n = pwrite(s->fd, text + done, len - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (size_t)n;
	}
	return 0;
}

void shmstat_destroy(struct shmstat *s)
{
	if (s->fd < 0)
		return;
	close(s->fd);
	shm_unlink(s->name);
	s->fd = -1;
}
