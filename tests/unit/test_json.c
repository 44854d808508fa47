// SPDX-License-Identifier: GPL-2.0-only
/* json: nesting, commas, escaping, cyclictest's layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/json.h"
#include "unit.h"

static char *render(void (*fn)(struct json *j))
{
	static char buf[4096];
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	struct json j;

	json_start(&j, f);
	fn(&j);
	json_finish(&j);
	fclose(f);
	return buf;
}

static void doc_nested(struct json *j)
{
	json_int(j, "a", -1);
	json_object(j, "o");
	json_uint(j, "u", 18446744073709551615ULL);
	json_array(j, "list");
	json_string(j, NULL, "x");
	json_bool(j, NULL, true);
	json_null(j, NULL);
	json_end(j);
	json_end(j);
	json_double(j, "d", 1.23456, 2);
	json_array(j, "empty");
	json_end(j);
}

static void test_nested(void)
{
	CU_ASSERT_STRING_EQUAL(
		render(doc_nested),
		"{\n  \"a\": -1,\n  \"o\": {\n    \"u\": 18446744073709551615,\n"
		"    \"list\": [\n      \"x\",\n      true,\n      null\n    ]\n  },\n"
		"  \"d\": 1.23,\n  \"empty\": []\n}\n");
}

static void doc_escape(struct json *j)
{
	json_string(j, "s", "a\"b\\c\nd\te\x01");
}

static void test_escape(void)
{
	CU_ASSERT_STRING_EQUAL(render(doc_escape),
			       "{\n  \"s\": \"a\\\"b\\\\c\\nd\\te\\u0001\"\n}\n");
}

static void doc_nan(struct json *j)
{
	json_double(j, "avg", 0.0 / 0.0, 2);
}

static void test_nan_is_null(void)
{
	CU_ASSERT_STRING_EQUAL(render(doc_nan), "{\n  \"avg\": null\n}\n");
}

static void doc_cpus(struct json *j)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	CPU_SET(3, &set);
	json_cpus(j, "cpus", &set);
	json_cpus(j, "none", NULL);
	CPU_ZERO(&set);
	json_cpus(j, "empty", &set);
	json_string_or_null(j, "s", "x");
	json_string_or_null(j, "e", "");
	json_string_or_null(j, "n", NULL);
}

static void test_cpus_and_nulls(void)
{
	CU_ASSERT_STRING_EQUAL(
		render(doc_cpus),
		"{\n  \"cpus\": [\n    0,\n    3\n  ],\n  \"none\": null,\n"
		"  \"empty\": [],\n  \"s\": \"x\",\n  \"e\": null,\n  \"n\": null\n}\n");
}

static CU_TestInfo json_tests[] = {
	{ "nesting and commas", test_nested },
	{ "string escaping", test_escape },
	{ "NaN becomes null", test_nan_is_null },
	{ "CPU sets and null strings", test_cpus_and_nulls },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("json", NULL, NULL, json_tests);
