// SPDX-License-Identifier: GPL-2.0-only
/*
 * systune - hold and release the system settings a latency run needs.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rtwhy/log.h"
#include "rtwhy/systune.h"

#define SYSTUNE_DMA_PATH "/dev/cpu_dma_latency"

void systune_init(struct systune *st)
{
	memset(st, 0, sizeof(*st));
	st->dma_fd = -1;
}

static int systune_dma(struct systune *st, const struct config_system *cfg)
{
	int32_t value = cfg->dma_latency_us;
	int fd, err;

	fd = open(SYSTUNE_DMA_PATH, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		goto err;
	if (write(fd, &value, sizeof(value)) != sizeof(value)) {
		err = errno;
		close(fd);
		errno = err;
		goto err;
	}
	st->dma_fd = fd;
	st->dma_value_us = value;
	return 0;
err:
	st->dma_error = -errno;
	if (!cfg->dma_latency_given)
		return 0;
	log_err("cannot set %s to %d us: %s", SYSTUNE_DMA_PATH, cfg->dma_latency_us,
		strerror(errno));
	return st->dma_error;
}

int systune_apply(struct systune *st, const struct config_system *cfg)
{
	int ret;

	if (cfg->dma_latency) {
		ret = systune_dma(st, cfg);
		if (ret)
			return ret;
	}
	if (cfg->mlockall) {
		if (mlockall(MCL_CURRENT | MCL_FUTURE)) {
			ret = -errno;
			log_err("cannot lock memory (-m): %s%s", strerror(errno),
				errno == EPERM || errno == ENOMEM ? " (run as root)" : "");
			systune_restore(st);
			return ret;
		}
		st->locked = true;
	}
	return 0;
}

void systune_restore(struct systune *st)
{
	if (st->dma_fd >= 0) {
		close(st->dma_fd); /* closing drops the PM QoS request */
		st->dma_fd = -1;
	}
	if (st->locked) {
		munlockall();
		st->locked = false;
	}
}

struct systune_rt_probe {
	int policy;
	int prio;
	int err;
};

static void *systune_rt_probe_main(void *arg)
{
	struct systune_rt_probe *p = arg;
	struct sched_param sp = { .sched_priority = p->prio };

	p->err = sched_setscheduler(0, p->policy, &sp) ? errno : 0;
	return NULL;
}

int systune_check_rt(int policy, int prio)
{
	struct systune_rt_probe probe = { .policy = policy, .prio = prio };
	pthread_t th;
	int ret;

	ret = pthread_create(&th, NULL, systune_rt_probe_main, &probe);
	if (ret)
		return -ret;
	pthread_join(th, NULL);
	return -probe.err;
}
