/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/ksyms - the kernel's function names by address (/proc/kallsyms), for
 * the live decoder: the hrtimer callbacks and stack frames the events hold.
 *
 * libtracefs's tracefs_local_events_system() registers every symbol into the
 * tep handle, each name and module strdup'ed: 12.4 MB of a live run's 22 MB
 * RSS on this machine's 121437 symbols (heaptrack). Here the text symbols
 * are one sorted array of addresses and one block of names: 4.5 MB for the
 * same symbols, read once at setup, looked up the way libtraceevent does
 * (the symbol at or below the address; nothing above the last one).
 *
 * The file is read under a root prefix ("" for the running system, a fake
 * tree in the unit tests). Addresses all 0 (kptr_restrict hides them): no
 * symbol is kept, every lookup fails (the decoder then prints the address).
 */
#ifndef RTWHY_HOST_KSYMS_H
#define RTWHY_HOST_KSYMS_H

#include <stddef.h>
#include <stdint.h>

struct host_ksyms;

/**
 * host_ksyms_load() - Read the text symbols of /proc/kallsyms.
 * @out: the table (host_ksyms_free() it); NULL on error
 * @root: directory prefix, "" for the running system
 *
 * Return: 0, or -errno (the file could not be read, or no memory).
 */
int host_ksyms_load(struct host_ksyms **out, const char *root);

/**
 * host_ksyms_find() - The function @addr is in.
 * @k: table; NULL (none could be loaded): no name
 * @addr: a kernel text address
 * @start: out, may be NULL: the function's address
 *
 * Of several names at one address, the first of the file. Context: any
 * thread, the table is not changed after loading.
 * Return: its name (owned by @k), or NULL (below the first symbol, above
 * the last one's address, or no symbols).
 */
const char *host_ksyms_find(const struct host_ksyms *k, uint64_t addr, uint64_t *start);

/**
 * host_ksyms_count() - How many symbols @k holds.
 * @k: table
 */
size_t host_ksyms_count(const struct host_ksyms *k);

/**
 * host_ksyms_free() - Release @k.
 * @k: table, may be NULL
 */
void host_ksyms_free(struct host_ksyms *k);

#endif
