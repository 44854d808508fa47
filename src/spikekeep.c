// SPDX-License-Identifier: GPL-2.0-only
/*
 * spikekeep - the largest explained spikes, rendered, for --json; the rules
 * are in spikekeep.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "rtwhy/json.h"
#include "rtwhy/report/json.h"
#include "rtwhy/spikekeep.h"

/* one element as report_json_write() writes it inside "spikes": depth 2, no comma */
static int spikekeep_render(const struct blame_result *r, int index, char **text, size_t *len)
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
	report_json_spike(&j, r, index);
	if (fclose(f) || !*text) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * @json (@len bytes) deflated in place of itself: @len its new length, @raw the old. The
 * elements are JSON text, each ~2.5 KB, and deflate to about a third (1000 elements of a soak:
 * 2498 bytes, 801 deflated): a full store is then 0.8 MB, a small part of a run's RSS.
 */
static int spikekeep_deflate(char **json, size_t *len, size_t *raw)
{
	uLongf size = compressBound((uLong)*len);
	char *z = malloc(size);

	if (!z)
		return -ENOMEM;
	if (compress2((Bytef *)z, &size, (const Bytef *)*json, (uLong)*len, 6) != Z_OK) {
		free(z);
		return -ENOMEM; /* Z_MEM_ERROR; the buffer is large enough for any text */
	}
	free(*json);
	*json = z;
	*raw = *len;
	*len = size;
	return 0;
}

static int spikekeep_by_off(const void *a, const void *b)
{
	const struct spikekeep_item *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* pack the kept elements to the block's start: each one's place becomes just its length */
static void spikekeep_pack(struct spikekeep *k)
{
	size_t i, at = 0;

	qsort(k->item, k->nr, sizeof(*k->item), spikekeep_by_off);
	for (i = 0; i < k->nr; i++) {
		memmove(k->text + at, k->text + k->item[i].off, k->item[i].len);
		k->item[i].off = at;
		k->item[i].cap = k->item[i].len;
		at += k->item[i].len;
	}
	k->used = at;
}

/* @len bytes at the block's end for a new element: @off; packed first when a quarter is dead */
static int spikekeep_room(struct spikekeep *k, size_t len, size_t *off)
{
	if (k->used + len > k->size && (k->used - k->live) * 4 >= k->used)
		spikekeep_pack(k);
	if (k->used + len > k->size) {
		size_t size = k->size ? k->size * 2 : 64 * 1024;
		char *text;

		while (size < k->used + len)
			size *= 2;
		text = realloc(k->text, size);
		if (!text)
			return -ENOMEM;
		k->text = text;
		k->size = size;
	}
	*off = k->used;
	k->used += len;
	return 0;
}

/*
 * @json (@len bytes, just rendered) into @slot: in its place when it fits, else at the block's
 * end (the old place is dead space until the block is packed)
 */
static int spikekeep_put(struct spikekeep *k, struct spikekeep_item *slot, const char *json,
			 size_t len)
{
	int ret;

	k->live -= slot->len;
	slot->len = 0;
	if (len > slot->cap) {
		slot->cap = 0;
		ret = spikekeep_room(k, len, &slot->off);
		if (ret)
			return ret;
		slot->cap = len;
	}
	memcpy(k->text + slot->off, json, len);
	slot->len = len;
	k->live += len;
	return 0;
}

int spikekeep_add(struct spikekeep *k, const struct blame_result *r, int index)
{
	struct spikekeep_item *slot;
	size_t i, smallest = 0, len, raw;
	char *json;
	int ret;

	if (k->nr == SPIKEKEEP_MAX) {
		for (i = 1; i < k->nr; i++)
			if (k->item[i].latency_ns < k->item[smallest].latency_ns)
				smallest = i;
		k->nr_dropped++;
		if (k->item[smallest].latency_ns >= (int64_t)r->latency_ns)
			return 0;
		slot = &k->item[smallest];
	} else {
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
		slot = &k->item[k->nr];
		*slot = (struct spikekeep_item){ 0 };
	}
	ret = spikekeep_render(r, index, &json, &len);
	if (ret) {
		k->nr_dropped += k->nr < SPIKEKEEP_MAX; /* when full, counted above */
		return ret;
	}
	ret = spikekeep_deflate(&json, &len, &raw);
	if (!ret)
		ret = spikekeep_put(k, slot, json, len);
	free(json);
	if (ret) {
		/* when full, the replaced element is gone as well: its slot goes too */
		if (k->nr == SPIKEKEEP_MAX)
			*slot = k->item[--k->nr];
		k->nr_dropped++;
		return ret;
	}
	slot->latency_ns = (int64_t)r->latency_ns;
	slot->wake_ns = r->spike.wake_ns;
	slot->raw = raw;
	if (slot == &k->item[k->nr])
		k->nr++;
	return 0;
}

static int spikekeep_by_wake(const void *a, const void *b)
{
	const struct spikekeep_item *x = a, *y = b;

	return x->wake_ns < y->wake_ns ? -1 : x->wake_ns > y->wake_ns;
}

void spikekeep_write(FILE *f, struct spikekeep *k)
{
	size_t i, most = 0, n = 0;
	char *text;

	for (i = 0; i < k->nr; i++)
		if (k->item[i].raw > most)
			most = k->item[i].raw;
	text = malloc(most ? most : 1);
	if (!text)
		return; /* no memory: an empty array, still JSON */
	if (k->nr)
		qsort(k->item, k->nr, sizeof(*k->item), spikekeep_by_wake);
	for (i = 0; i < k->nr; i++) {
		uLongf len = (uLongf)k->item[i].raw;

		if (uncompress((Bytef *)text, &len, (const Bytef *)k->text + k->item[i].off,
			       (uLong)k->item[i].len) != Z_OK)
			continue; /* cannot be: deflated here */
		if (n++)
			fputc(',', f);
		fwrite(text, 1, len, f);
	}
	free(text);
}

void spikekeep_free(struct spikekeep *k)
{
	free(k->text);
	free(k->item);
	*k = (struct spikekeep){ 0 };
}
