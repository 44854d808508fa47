// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/ksyms - the kernel's text symbols, compact; the rules are in
 * host/ksyms.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/host/ksyms.h"
#include "rtwhy/procfs.h"

struct host_ksym {
	uint64_t addr;
	uint32_t name;	/* offset in names */
	uint32_t order; /* its line: the first of one address wins */
};

struct host_ksyms {
	struct host_ksym *sym;
	size_t nr;
	char *names;
	size_t names_len;
};

static int host_ksyms_cmp(const void *a, const void *b)
{
	const struct host_ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* one line, "ffffffff81000000 T _stext" or "... t name\t[module]": a text symbol into @k */
static int host_ksyms_line(struct host_ksyms *k, const char *line, size_t *cap, size_t *names_cap)
{
	char type, name[512];
	uint64_t addr;
	size_t len;

	if (sscanf(line, "%" SCNx64 " %c %511s", &addr, &type, name) != 3 || !strchr("tTwW", type))
		return 0;
	len = strlen(name) + 1;
	if (k->nr == *cap) {
		size_t n = *cap ? *cap * 2 : 4096;
		struct host_ksym *sym = realloc(k->sym, n * sizeof(*sym));

		if (!sym)
			return -ENOMEM;
		k->sym = sym;
		*cap = n;
	}
	if (k->names_len + len > *names_cap) {
		size_t n = *names_cap ? *names_cap * 2 : 65536;
		char *names;

		while (n < k->names_len + len)
			n *= 2;
		if (n > UINT32_MAX)
			return -EOVERFLOW;
		names = realloc(k->names, n);
		if (!names)
			return -ENOMEM;
		k->names = names;
		*names_cap = n;
	}
	memcpy(k->names + k->names_len, name, len);
	k->sym[k->nr] = (struct host_ksym){ addr, (uint32_t)k->names_len, (uint32_t)k->nr };
	k->names_len += len;
	k->nr++;
	return 0;
}

int host_ksyms_load(struct host_ksyms **out, const char *root)
{
	size_t cap = 0, names_cap = 0, linecap = 0, i;
	struct host_ksyms *k;
	char path[4096], *line = NULL;
	bool any = false;
	int ret = 0;
	FILE *f;

	*out = NULL;
	ret = procfs_path(path, sizeof(path), root, "/proc/kallsyms");
	if (ret)
		return ret;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	k = calloc(1, sizeof(*k));
	if (!k) {
		fclose(f);
		return -ENOMEM;
	}
	while (!ret && getline(&line, &linecap, f) > 0)
		ret = host_ksyms_line(k, line, &cap, &names_cap);
	free(line);
	fclose(f);
	for (i = 0; i < k->nr && !any; i++)
		any = k->sym[i].addr != 0;
	if (ret || !any) {
		/* kptr_restrict: every address 0, no name can be found by address */
		free(k->sym);
		free(k->names);
		*k = (struct host_ksyms){ 0 };
	}
	if (ret) {
		free(k);
		return ret;
	}
	if (k->nr) {
		/* no slack: the table lives as long as the run */
		struct host_ksym *sym = realloc(k->sym, k->nr * sizeof(*sym));
		char *names = realloc(k->names, k->names_len);

		if (sym)
			k->sym = sym;
		if (names)
			k->names = names;
		qsort(k->sym, k->nr, sizeof(*k->sym), host_ksyms_cmp);
	}
	*out = k;
	return 0;
}

const char *host_ksyms_find(const struct host_ksyms *k, uint64_t addr, uint64_t *start)
{
	size_t lo = 0, hi, at, first;

	if (!k || !k->nr || addr < k->sym[0].addr || addr > k->sym[k->nr - 1].addr)
		return NULL;
	/* the last symbol at or below @addr */
	hi = k->nr;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (k->sym[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* of several names at that address, the first of the file, not a "__" marker if any */
	at = lo;
	while (at && k->sym[at - 1].addr == k->sym[lo].addr)
		at--;
	for (first = at; at <= lo && !strncmp(k->names + k->sym[at].name, "__", 2); at++)
		;
	if (at > lo)
		at = first;
	if (start)
		*start = k->sym[at].addr;
	return k->names + k->sym[at].name;
}

size_t host_ksyms_count(const struct host_ksyms *k)
{
	return k ? k->nr : 0;
}

void host_ksyms_free(struct host_ksyms *k)
{
	if (!k)
		return;
	free(k->sym);
	free(k->names);
	free(k);
}
