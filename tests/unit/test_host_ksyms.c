// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/ksyms: lines of this VM's /proc/kallsyms (aliases at one address,
 * __pfx_ padding symbols, a module's, data symbols left out), found as
 * libtraceevent finds them; the same lines as kptr_restrict shows them.
 */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/host/ksyms.h"
#include "unit.h"

static struct host_ksyms *load(const char *dir)
{
	struct host_ksyms *k;
	char root[512];

	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), dir);
	CU_ASSERT_EQUAL_FATAL(host_ksyms_load(&k, root), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	return k;
}

/* @addr found as @want, in the function that starts at @start */
static void found(const struct host_ksyms *k, uint64_t addr, const char *want, uint64_t start)
{
	uint64_t at = 0;
	const char *name = host_ksyms_find(k, addr, &at);

	CU_ASSERT_STRING_EQUAL(name ? name : "", want);
	CU_ASSERT_EQUAL(at, start);
}

static void test_find(void)
{
	struct host_ksyms *k = load("sysroot-ksyms");

	CU_ASSERT_EQUAL(host_ksyms_count(k), 11); /* the 2 data symbols left out */
	found(k, 0xffffffff8142de30ULL, "hrtimer_wakeup", 0xffffffff8142de30ULL);
	/* inside it, and inside its padding before it */
	found(k, 0xffffffff8142de4fULL, "hrtimer_wakeup", 0xffffffff8142de30ULL);
	found(k, 0xffffffff8142de2fULL, "__pfx_hrtimer_wakeup", 0xffffffff8142de20ULL);
	found(k, 0xffffffff814437d0ULL, "tick_nohz_handler", 0xffffffff814437d0ULL);
	/* four names at _stext: the file's first that is not a "__" marker */
	found(k, 0xffffffff81000008ULL, "srso_alias_untrain_ret", 0xffffffff81000000ULL);
	/* past the last kernel symbol: the one below, up to the module's */
	found(k, 0xffffffff90000000ULL, "__pfx_tick_nohz_lowres_handler", 0xffffffff81443910ULL);
	found(k, 0xffffffffc0201000ULL, "ftrace_trampoline", 0xffffffffc0201000ULL);
	/* below the first and above the last: none (libtraceevent's rule) */
	CU_ASSERT_PTR_NULL(host_ksyms_find(k, 0xffffffff80ffffffULL, NULL));
	CU_ASSERT_PTR_NULL(host_ksyms_find(k, 0xffffffffc0201001ULL, NULL));
	/* no table (no /proc/kallsyms): no name */
	CU_ASSERT_PTR_NULL(host_ksyms_find(NULL, 0xffffffff8142de30ULL, NULL));
	host_ksyms_free(k);
}

static void test_hidden_missing(void)
{
	struct host_ksyms *k = load("sysroot-ksyms-hidden");
	char root[512];

	/* kptr_restrict: every address 0, no name found by address */
	CU_ASSERT_EQUAL(host_ksyms_count(k), 0);
	CU_ASSERT_PTR_NULL(host_ksyms_find(k, 0, NULL));
	CU_ASSERT_PTR_NULL(host_ksyms_find(k, 0xffffffff8142de30ULL, NULL));
	host_ksyms_free(k);
	snprintf(root, sizeof(root), "%s/sysroot-missing", unit_fixtures());
	CU_ASSERT_EQUAL(host_ksyms_load(&k, root), -ENOENT);
	CU_ASSERT_PTR_NULL(k);
	host_ksyms_free(NULL);
}

static CU_TestInfo host_ksyms_tests[] = {
	{ "found as libtraceevent finds them, aliases and padding too", test_find },
	{ "hidden by kptr_restrict, or no file", test_hidden_missing },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_ksyms", NULL, NULL, host_ksyms_tests);
