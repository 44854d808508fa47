// SPDX-License-Identifier: GPL-2.0-only
/*
 * statfifo - the -F named pipe (rt-tests 2.4's fifothread(), without its thread).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rtwhy/statfifo.h"

int statfifo_create(struct statfifo *f, const char *path)
{
	f->path = NULL;
	f->next_ns = 0;
	if (unlink(path) && errno != ENOENT)
		return -errno;
	if (mkfifo(path, 0666))
		return -errno;
	f->path = path;
	return 0;
}

int statfifo_reader(struct statfifo *f, uint64_t now_ns)
{
	int fd;

	if (!f->path || now_ns < f->next_ns)
		return -1;
	/* ENXIO: no reader; try again later */
	fd = open(f->path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		f->next_ns = now_ns + STATFIFO_RETRY_NS;
	return fd;
}

/* write() with SIGPIPE held back: a reader that left is an EPIPE here, not the end of the run */
static ssize_t statfifo_write(int fd, const char *p, size_t n)
{
	struct timespec zero = { 0, 0 };
	sigset_t pipe_set, old, pending;
	bool was_pending;
	ssize_t ret;
	int err;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	sigpending(&pending);
	was_pending = sigismember(&pending, SIGPIPE);
	ret = write(fd, p, n);
	err = errno;
	if (ret < 0 && err == EPIPE && !was_pending)
		sigtimedwait(&pipe_set, NULL, &zero);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = err;
	return ret;
}

int statfifo_send(int fd, const char *text, size_t len)
{
	size_t done = 0;
	int ret = 0;

	while (done < len) {
		ssize_t n = statfifo_write(fd, text + done, len - done);

		if (n > 0) {
			done += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			struct pollfd p = { .fd = fd, .events = POLLOUT };

			/* a full pipe: give the reader 100 ms */
			if (poll(&p, 1, 100) > 0)
				continue;
			ret = -EAGAIN;
			break;
		}
		ret = n < 0 ? -errno : -EIO;
		break;
	}
	close(fd);
	return ret;
}

void statfifo_destroy(struct statfifo *f)
{
	if (!f->path)
		return;
	unlink(f->path);
	f->path = NULL;
}
