// SPDX-License-Identifier: GPL-2.0-only
/*
 * shmstat - /dev/shm/cyclictest<pid> through shm_open(), as rt-tests 2.4's
 * rstat_shm_open() names and creates it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* A file of ours: empty (no snapshot yet) or starting with our block's title. */
static bool shmstat_is_ours(int dirfd, const char *name)
{
	char head[sizeof(SHMSTAT_TITLE) - 1];
	struct stat st;
	ssize_t n;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	bool ours = false;

	if (fd < 0)
		return false;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode)) {
		n = st.st_size ? pread(fd, head, sizeof(head), 0) : 0;
		ours = n == 0 ? st.st_size == 0
			      : n == (ssize_t)sizeof(head) &&
					!memcmp(head, SHMSTAT_TITLE, sizeof(head));
	}
	close(fd);
	return ours;
}

int shmstat_remove_stale(const char *dir)
{
	const size_t plen = strlen(SHMSTAT_PREFIX);
	struct dirent *de;
	int removed = 0;
	DIR *d = opendir(dir);

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char *end;
		long pid;

		if (strncmp(de->d_name, SHMSTAT_PREFIX, plen))
			continue;
		pid = strtol(de->d_name + plen, &end, 10);
		if (end == de->d_name + plen || *end || pid <= 0)
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue; /* alive (or not ours to ask) */
		if (shmstat_is_ours(dirfd(d), de->d_name) && !unlinkat(dirfd(d), de->d_name, 0))
			removed++;
	}
	closedir(d);
	return removed;
}

int shmstat_write(struct shmstat *s, const char *text, size_t len)
{
	size_t done = 0;

	if (s->fd < 0)
		return 0;
	/*
	 * the new block over the old, then cut to its length: a reader never finds the file
	 * empty (truncating first left it so between the two calls; a snapshot read then had
	 * no T: line). The block's fields have fixed widths, so old and new are mostly of one
	 * length.
	 */
	while (done < len) {
		ssize_t n = pwrite(s->fd, text + done, len - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (size_t)n;
	}
	return ftruncate(s->fd, (off_t)len) ? -errno : 0;
}

void shmstat_destroy(struct shmstat *s)
{
	if (s->fd < 0)
		return;
	close(s->fd);
	shm_unlink(s->name);
	s->fd = -1;
}
