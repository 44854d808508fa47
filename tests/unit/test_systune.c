// SPDX-License-Identifier: GPL-2.0-only
/* systune: what may fail unprivileged fails softly; restore is idempotent. */
#include <errno.h>
#include <unistd.h>

#include "rtwhy/systune.h"
#include "unit.h"

static void test_nothing_asked(void)
{
	struct config_system cfg = { 0 };
	struct systune st;

	systune_init(&st);
	CU_ASSERT_EQUAL(systune_apply(&st, &cfg), 0);
	CU_ASSERT_EQUAL(st.dma_fd, -1);
	systune_restore(&st);
	systune_restore(&st);
}

static void test_default_dma_request_never_fails(void)
{
	struct config_system cfg = { .dma_latency = true };
	struct systune st;

	systune_init(&st);
	CU_ASSERT_EQUAL(systune_apply(&st, &cfg), 0);
	/* root holds the request; anyone else gets a reason to print */
	CU_ASSERT_TRUE(st.dma_fd >= 0 || st.dma_error < 0);
	systune_restore(&st);
	CU_ASSERT_EQUAL(st.dma_fd, -1);
}

static void test_rt_probe(void)
{
	CU_ASSERT_EQUAL(systune_check_rt(SCHED_OTHER, 0), 0);
	CU_ASSERT_EQUAL(systune_check_rt(SCHED_FIFO, 120), -EINVAL);
	if (geteuid() == 0)
		CU_ASSERT_EQUAL(systune_check_rt(SCHED_FIFO, 99), 0);
}

static CU_TestInfo systune_tests[] = {
	{ "nothing asked, nothing held", test_nothing_asked },
	{ "default cpu_dma_latency request", test_default_dma_request_never_fails },
	{ "RT privilege probe", test_rt_probe },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("systune", NULL, NULL, systune_tests);
