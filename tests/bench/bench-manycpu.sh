#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy analyze on many CPUs (issue 23): trace.dat files made by gen64.c (the
# project's own writer) with one cyclictest spike on CPU 1, every CPU at the
# same rate: 64 CPUs, the same cut to 8, and a dense 2-CPU one. Each row: the
# floor (datfloor.c: libtracecmd opening the file and handing over every
# record) and rtwhy analyze on the same file, time and max RSS, as ratios;
# then the 64-CPU analyze's memory over the 8-CPU one's.
#   RTWHY_BENCH_SECONDS  length of the traces (default 0.84, as the dense trace of issue 23)
#   RTWHY_BENCH_RATE     events a second per CPU (default 75000)
. tests/bench/lib.sh

export RTWHY_MACHINE_LOCKED=1 # tests/bench/run.sh holds the machine lock
secs=${RTWHY_BENCH_SECONDS:-0.84}
rate=${RTWHY_BENCH_RATE:-75000}
GEN=$BUILD/bench/gen64
if [ ! -x "$GEN" ]; then
	echo "bench-manycpu: $GEN is not built (make bench builds it)" >&2
	exit 1
fi
cc -O2 -o "$TMP/datfloor" tests/bench/datfloor.c $(pkg-config --cflags --libs libtracecmd) || exit 1

echo "### rtwhy analyze on many CPUs: generated traces (gen64.c), against the floor"
echo
echo "| trace.dat | events | MB | floor: s, max RSS MB | rtwhy analyze: s, max RSS MB | time ratio | RSS ratio | verdict |"
echo "|---|---|---|---|---|---|---|---|"
for spec in "64 $rate" "8 $rate" "2 250000"; do
	set -- $spec
	f="$TMP/gen$1.dat"
	"$GEN" "$f" "$1" "$secs" "$2" >/dev/null || exit 1
	n=$("$TMP/datfloor" "$f")
	set -- $spec $(tm "$TMP/datfloor" "$f")
	ft=$3 fm=$4
	set -- $spec $(tm "$RTWHY" analyze "$f")
	rt=$3 rm=$4
	verdict=$("$RTWHY" analyze "$f" 2>/dev/null | sed -n 's/^# verdict (\([a-z_]*\)).*/\1/p' | head -n 1)
	eval "rss$1=$rm floor$1=$fm"
	printf '| %s CPUs at %s events/s each, %s s | %s | %s | %s, %.1f | %s, %.1f | %s | %s | %s |\n' \
		"$1" "$2" "$secs" "$n" "$(du -m "$f" | cut -f1)" "$ft" "$fm" "$rt" "$rm" \
		"$(ratio "$rt" "$ft")" "$(ratio "$rm" "$fm")" "${verdict:-none}"
	rm -f "$f"
done
echo
# issue 23's goal: 64 CPUs within 1.2x of 8 CPUs' memory, plus the floor's own difference
echo "rtwhy analyze's max RSS on 64 CPUs over 8 CPUs: $(ratio "$rss64" "$rss8")x" \
	"(the floor's: $(ratio "$floor64" "$floor8")x; rtwhy's over the floor's difference:" \
	"$(awk -v a="$rss64" -v b="$rss8" -v c="$floor64" -v d="$floor8" \
		'BEGIN {printf "%.2f", a / (b + c - d)}')x)."
echo "Times: the shortest of 5 runs; max RSS: their median. Same seed per CPU: the 8-CPU trace"
echo "is the first 8 CPUs of the 64."
