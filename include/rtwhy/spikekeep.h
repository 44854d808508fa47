/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spikekeep - the explained spikes a run keeps for its --json file: at most
 * a fixed number, the largest, each kept as its rendered "spikes" element
 * (report_json_spike(), about 2.5 KB) deflated (zlib: about 0.8 KB) rather
 * than as its struct blame_result (14 KB), so that what a long run keeps is
 * bounded and small: 0.8 MB for a full store. When full, a
 * spike larger than the smallest kept takes its place (that one is counted
 * as not kept), else it is counted itself. Written in the order of their
 * wakeups. The main thread's only: no locks.
 */
#ifndef RTWHY_SPIKEKEEP_H
#define RTWHY_SPIKEKEEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/blame.h"

#define SPIKEKEEP_MAX 1000 /* spikes kept for --json */

struct spikekeep_item {
	int64_t latency_ns;
	uint64_t wake_ns;
	size_t off; /* the element as report_json_spike() writes it, depth 2, deflated (zlib):
		     * text + off */
	size_t len; /* deflated */
	size_t raw; /* the element's own length */
	size_t cap; /* bytes at off: a replacing spike's element is copied in when it fits */
};

/*
 * The elements live in one block (@text), packed: a replacing element that does not fit in the
 * place of the one it replaces is appended, and when a quarter of the block is such dead space,
 * the block is packed again instead of grown. The block so grows only while less than a quarter
 * of it is dead, to less than 2 x 4/3 of what the kept elements hold, whatever the run's length,
 * and thousands of replacements do not scatter the heap.
 */
struct spikekeep {
	struct spikekeep_item *item; /* owned */
	size_t nr;
	size_t cap;
	char *text;	   /* owned: the block of elements */
	size_t used;	   /* bytes of @text in use, dead ones too */
	size_t live;	   /* bytes of @text that kept elements hold */
	size_t size;	   /* bytes at @text */
	size_t nr_dropped; /* explained, not kept: smaller than the kept ones, or no memory */
};

/**
 * spikekeep_add() - Keep an explained spike if it is among the largest.
 * @k: store, zeroed before the first
 * @r: the explained spike (not kept: rendered)
 * @index: its number in the run, from 1 (its JSON "spike")
 *
 * Return: 0 (kept or counted as dropped), -ENOMEM (counted as dropped).
 */
int spikekeep_add(struct spikekeep *k, const struct blame_result *r, int index);

/**
 * spikekeep_write() - The kept spikes, in the order of their wakeups, as the
 * elements of a "spikes" array whose opening bracket @f has just had.
 * @f: stream
 * @k: store (sorted in place)
 */
void spikekeep_write(FILE *f, struct spikekeep *k);

/**
 * spikekeep_free() - Free what @k holds; it is empty after.
 * @k: store
 */
void spikekeep_free(struct spikekeep *k);

#endif
