// SPDX-License-Identifier: GPL-2.0-only
/*
 * spikekeep - the largest explained spikes, rendered, for --json; the rules
 * are in spikekeep.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
	j.depth = 2; /* inside "spikes": the first element's place, no comma */
	report_json_spike(&j, r);
	if (fclose(f) || !*text) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * @it (just rendered) into @slot's place, in @slot's own buffer when it fits: a long run replaces
 * kept spikes thousands of times, and a new buffer each time would scatter the heap (measured:
 * RSS 2 MB above the store's own size after 10 minutes at 12 spikes a second)
 */
static int spikekeep_replace(struct spikekeep_item *slot, struct spikekeep_item *it)
{
	if (it->len > slot->cap) {
		char *json = realloc(slot->json, it->len);

		if (!json) {
			free(it->json);
			return -ENOMEM;
		}
		slot->json = json;
		slot->cap = it->len;
	}
	memcpy(slot->json, it->json, it->len);
	free(it->json);
	slot->len = it->len;
	slot->latency_ns = it->latency_ns;
	slot->wake_ns = it->wake_ns;
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
		return spikekeep_replace(&k->item[smallest], &it);
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
	it.cap = it.len;
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
