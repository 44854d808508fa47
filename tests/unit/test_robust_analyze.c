// SPDX-License-Identifier: GPL-2.0-only
/*
 * robust_analyze: what the fuzzers (tests/fuzz) found in rtwhy analyze,
 * replayed. Each case is a recorded fixture with the bytes the fuzzer
 * changed: it must be refused with an error, never a crash.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/analyze.h"
#include "analysis/util.h"
#include "unit.h"

struct robust_patch {
	long offset;
	const char *bytes;
	size_t len;
};

/* Analyze fixture @name with @patch applied; the summary is freed. */
static int robust_analyze_patched(const char *name, const struct robust_patch *patch)
{
	struct analyze_opts o = { .window_ns = 200 * NSEC_PER_MSEC };
	char src[512], path[UNIT_TMP_LEN];
	struct stream_summary sum;
	size_t n, cap = 1 << 20;
	char *buf = malloc(cap);
	FILE *f;
	int ret;

	snprintf(src, sizeof(src), "%s/%s", unit_fixtures(), name);
	f = fopen(src, "r");
	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return -ENOENT;
	}
	n = fread(buf, 1, cap, f);
	fclose(f);
	if (patch->offset + (long)patch->len > (long)n) {
		free(buf);
		return -ERANGE;
	}
	memcpy(buf + patch->offset, patch->bytes, patch->len);
	ret = unit_tmpfile(buf, n, path);
	free(buf);
	if (ret)
		return -EIO;
	o.path = path;
	memset(&sum, 0, sizeof(sum));
	ret = analyze_file(&o, NULL, &sum);
	stream_summary_free(&sum);
	unlink(path);
	return ret;
}

/*
 * fuzz_datread, first run: two bytes of rt-hog.dat's headers changed make
 * libtracecmd ask malloc() for 0x746e692064656e67 bytes. It must fail like
 * any damaged file ("damaged or truncated trace.dat", status 1). Under
 * SANITIZE=1 the allocation fails instead of aborting (tests/sanitize).
 */
static void test_dat_absurd_size(void)
{
	static const struct robust_patch patch = { 8629, "\x00\x2f", 2 };

	CU_ASSERT_EQUAL(robust_analyze_patched("rt-hog.dat", &patch), -EINVAL);
}

static CU_TestInfo robust_analyze_tests[] = {
	{ "a trace.dat asking for an absurd allocation", test_dat_absurd_size },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("robust_analyze", NULL, NULL, robust_analyze_tests);
