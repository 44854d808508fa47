/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * unit - how a unit test file registers itself: no shared list to edit.
 *
 *   static CU_TestInfo my_tests[] = { { "name", fn }, CU_TEST_INFO_NULL };
 *   UNIT_SUITE("module", NULL, NULL, my_tests);
 *
 * Unit tests need no root and no tracefs.
 */
#ifndef RTWHY_UNIT_H
#define RTWHY_UNIT_H

#include <CUnit/CUnit.h>

struct unit_suite {
	const char *name;
	CU_InitializeFunc init;
	CU_CleanupFunc cleanup;
	CU_TestInfo *tests;
};

void unit_register(const struct unit_suite *suite);

/* Directory of the recorded traces (tests/fixtures), from $RTWHY_FIXTURES or the default. */
const char *unit_fixtures(void);

/*
 * A new file in /tmp holding @n bytes of @bytes; its name in @path (at least
 * UNIT_TMP_LEN). Return: 0, or -errno with nothing left behind. unlink() it.
 */
#define UNIT_TMP_LEN 32
int unit_tmpfile(const void *bytes, size_t n, char *path);

#define UNIT_SUITE_CAT2(a, b) a##b
#define UNIT_SUITE_CAT(a, b)  UNIT_SUITE_CAT2(a, b)
#define UNIT_SUITE(name_, init_, cleanup_, tests_)                                                 \
	static const struct unit_suite UNIT_SUITE_CAT(unit_suite_, __LINE__) = {                   \
		name_, init_, cleanup_, tests_                                                     \
	};                                                                                         \
	__attribute__((constructor)) static void UNIT_SUITE_CAT(unit_reg_, __LINE__)(void)         \
	{                                                                                          \
		unit_register(&UNIT_SUITE_CAT(unit_suite_, __LINE__));                             \
	}

#endif
