/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz - what the libFuzzer targets share: the entry point libFuzzer calls,
 * and FUZZ_CHECK(), which turns a broken promise of the code under test
 * into a crash the fuzzer saves as an input to replay.
 */
#ifndef RTWHY_FUZZ_H
#define RTWHY_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_CHECK(cond)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: broken promise: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

#endif
