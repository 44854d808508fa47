// SPDX-License-Identifier: GPL-2.0-only
/*
 * spikekeep - the largest explained spikes, rendered, for --json; the rules
 * are in spikekeep.h.
 */
#include <errno.h>
#include <stdlib.h>

#include "rtwhy/json.h"
#include "rtwhy/report/json.h"
#include "rtwhy/spikekeep.h"

/* one element as report_json_write() writes it inside "spikes": depth 2, no comma */
static int spikekeep_render(const struct blame_result *r, char **text, size_t *len)
{
	struct json j = { 0 };
	FILE *f;

	*text = NULL;
	*len = 0;
	f = open_memstream(text, len);
	if (!f)
		return -errno;
	j.out = f;
	j.depth = 2;
	j.has_items[1] = false;
	j.closer[1] = ']';
	report_json_spike(&j, r);
	if (fclose(f) || !*text) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	return 0;
}

int spikekeep_add(struct spikekeep *k, const struct blame_result *r)
{
	struct spikekeep_item it = { .latency_ns = r->latency_ns, .wake_ns = r->spike.wake_ns };
	size_t i, smallest = 0;
	int ret;

	if (k->nr == SPIKEKEEP_MAX) {
		for (i = 1; i < k->nr; i++)
			if (k->item[i].latency_ns < k->item[smallest].latency_ns)
				smallest = i;
		k->nr_dropped++;
		if (k->item[smallest].latency_ns >= it.latency_ns)
			return 0;
		ret = spikekeep_render(r, &it.json, &it.len);
		if (ret)
			return ret;
		free(k->item[smallest].json);
		k->item[smallest] = it;
		return 0;
	}
	if (k->nr == k->cap) {
		size_t cap = k->cap ? k->cap * 2 : 16;
		struct spikekeep_item *item;

		if (cap > SPIKEKEEP_MAX)
			cap = SPIKEKEEP_MAX;
		item = realloc(k->item, cap * sizeof(*item));
		if (!item) {
			k->nr_dropped++;
			return -ENOMEM;
		}
		k->item = item;
		k->cap = cap;
	}
	ret = spikekeep_render(r, &it.json, &it.len);
	if (ret) {
		k->nr_dropped++;
		return ret;
	}
	k->item[k->nr++] = it;
	return 0;
}

static int spikekeep_by_wake(const void *a, const void *b)
{
	const struct spikekeep_item *x = a, *y = b;

	return x->wake_ns < y->wake_ns ? -1 : x->wake_ns > y->wake_ns;
}

void spikekeep_write(FILE *f, struct spikekeep *k)
{
	size_t i;

	if (k->nr)
		qsort(k->item, k->nr, sizeof(*k->item), spikekeep_by_wake);
	for (i = 0; i < k->nr; i++) {
		if (i)
			fputc(',', f);
		fwrite(k->item[i].json, 1, k->item[i].len, f);
	}
}

void spikekeep_free(struct spikekeep *k)
{
	size_t i;

	for (i = 0; i < k->nr; i++)
		free(k->item[i].json);
	free(k->item);
	*k = (struct spikekeep){ 0 };
}
