// SPDX-License-Identifier: GPL-2.0-only
/*
 * datfloor - the floor of reading a trace.dat: what any reader of it pays
 * before it does anything with a record. libtracecmd opens the file (as
 * rtwhy's datread.c does: no plugins) and hands over every record of every
 * buffer in time order to a callback that only counts them. bench-analyze.sh
 * times it and reads its max RSS next to rtwhy analyze on the same file.
 *
 *   datfloor FILE.dat     prints the number of records
 */
#include <stdio.h>
#include <trace-cmd.h>

#define DATFLOOR_MAX_BUFFERS 16

static int datfloor_count(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *arg)
{
	unsigned long long *n = arg;

	(void)h;
	(void)rec;
	(void)cpu;
	(*n)++;
	return 0;
}

int main(int argc, char **argv)
{
	struct tracecmd_input *h[DATFLOOR_MAX_BUFFERS];
	unsigned long long n = 0;
	int i, nr = 1, instances;

	if (argc != 2) {
		fprintf(stderr, "usage: datfloor FILE.dat\n");
		return 2;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	h[0] = tracecmd_open(argv[1],
			     TRACECMD_FL_LOAD_NO_PLUGINS | TRACECMD_FL_LOAD_NO_SYSTEM_PLUGINS);
	if (!h[0]) {
		fprintf(stderr, "datfloor: cannot open %s\n", argv[1]);
		return 1;
	}
	instances = tracecmd_buffer_instances(h[0]);
	for (i = 0; i < instances && nr < DATFLOOR_MAX_BUFFERS; i++) {
		h[nr] = tracecmd_buffer_instance_handle(h[0], i);
		if (h[nr])
			nr++;
	}
	tracecmd_iterate_events_multi(h, nr, datfloor_count, &n);
	printf("%llu\n", n);
	for (i = nr - 1; i > 0; i--)
		tracecmd_close(h[i]);
	tracecmd_close(h[0]);
	return 0;
}
