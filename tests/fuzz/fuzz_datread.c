// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_datread - rtwhy analyze fed arbitrary bytes as a trace.dat (seeded
 * with the recorded .dat fixtures): datread, libtracecmd under it, decode,
 * the markers, blame and the report must end with 0 or -errno. Most of the
 * code is libtracecmd's; what is found there is a crash of rtwhy analyze
 * all the same. The target is fuzz_textread.c's file half.
 */
#define FUZZ_DATREAD 1
#include "fuzz_textread.c"
