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

static void test_find(void)
{
	struct host_ksyms *k = load("sysroot-ksyms");
	uint64_t start = 0;
	const char *name;

	CU_ASSERT_EQUAL(host_ksyms_count(k), 11); /* the 2 data symbols left out */
	name = host_ksyms_find(k, 0xffffffff8142de30ULL, &start);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "hrtimer_wakeup");
	CU_ASSERT_EQUAL(start, 0xffffffff8142de30ULL);
	/* inside it, and inside its padding before it */
	name = host_ksyms_find(k, 0xffffffff8142de4fULL, &start);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "hrtimer_wakeup");
	CU_ASSERT_EQUAL(start, 0xffffffff8142de30ULL);
	name = host_ksyms_find(k, 0xffffffff8142de2fULL, NULL);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "__pfx_hrtimer_wakeup");
	name = host_ksyms_find(k, 0xffffffff814437d0ULL, NULL);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "tick_nohz_handler");
	/* four names at _stext: the file's first that is not a "__" marker */
	name = host_ksyms_find(k, 0xffffffff81000008ULL, &start);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "srso_alias_untrain_ret");
	CU_ASSERT_EQUAL(start, 0xffffffff81000000ULL);
	/* past the last kernel symbol: the one below, up to the module's */
	name = host_ksyms_find(k, 0xffffffff90000000ULL, NULL);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "__pfx_tick_nohz_lowres_handler");
	name = host_ksyms_find(k, 0xffffffffc0201000ULL, NULL);
	CU_ASSERT_STRING_EQUAL(name ? name : "", "ftrace_trampoline");
	/* below the first and above the last: none (libtraceevent's rule) */
	CU_ASSERT_PTR_NULL(host_ksyms_find(k, 0xffffffff80ffffffULL, NULL));
	CU_ASSERT_PTR_NULL(host_ksyms_find(k, 0xffffffffc0201001ULL, NULL));
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
