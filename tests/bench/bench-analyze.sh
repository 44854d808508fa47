#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy analyze against the floor of reading a trace.dat (datfloor.c:
# libtracecmd opens the file and hands over every record, nothing else) and
# trace-cmd report >/dev/null on the same file, time and max RSS; and rtwhy
# analyze's speed on the kernel's text of the same recording.
# The recording is made here (not committed): cyclictest -t 2 -i 100 under
# one busy loop per CPU, 32 MB per CPU, the top-level buffer, the full
# /proc/kallsyms in the file as trace-cmd writes it; a marker at its end.
# Shorter files are cut from it with trace-cmd split. Times: best of 3.
#   RTWHY_BENCH_SECONDS  length of the recording (default 20)
. tests/bench/lib.sh

export RTWHY_MACHINE_LOCKED=1 # tests/bench/run.sh holds the machine lock
secs=${RTWHY_BENCH_SECONDS:-20}
cp /bin/bash "$TMP/busyloop"
KALLSYMS=full MARK="hit latency threshold (150 > 100)" timeout 180 \
	tests/fixtures/record.sh "$TMP/big" local 32768 \
	"taskset -c 0 $TMP/busyloop -c 'while :; do :; done' &
taskset -c 1 $TMP/busyloop -c 'while :; do :; done' &" -- \
	-t 2 -i 100 -d 0 -b 1000000 --tracemark -D "$secs" -q >"$TMP/rec.out" 2>&1
if [ ! -s "$TMP/big.dat" ]; then
	echo "bench-analyze: the recording failed" >&2
	cat "$TMP/rec.out" >&2
	exit 1
fi

cc -O2 -o "$TMP/datfloor" tests/bench/datfloor.c $(pkg-config --cflags --libs libtracecmd) || exit 1

# best FILE CMD...: the shortest of 3 wall times of CMD, in seconds
best() {
	for i in 1 2 3; do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s%N)
		echo "$(((e - s) / 1000))"
	done | sort -n | head -n 1 | awk '{printf "%.3f", $1 / 1e6}'
}
events() {
	"$RTWHY" analyze --json=- "$1" 2>/dev/null |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["events"])' 2>/dev/null || echo 0
}

first=$(trace-cmd report "$TMP/big.dat" 2>/dev/null | awk '$3 ~ /^[0-9]+\.[0-9]+:$/ {print $3 + 0; exit}')
for s in 0.001 1.5 4; do
	trace-cmd split -i "$TMP/big.dat" -o "$TMP/cut$s.dat" "$first" \
		"$(awk -v f="$first" -v s="$s" 'BEGIN {printf "%.6f", f + s}')" >/dev/null 2>&1
done

echo "### rtwhy analyze vs the floor: libtracecmd opening the trace.dat and handing over every record"
echo
echo "| trace.dat | events | floor: s, max RSS MB | rtwhy analyze: s, max RSS MB | time ratio | RSS ratio | trace-cmd report: s, MB |"
echo "|---|---|---|---|---|---|---|"
for f in cut1.5.dat.1 cut4.dat.1 big.dat; do
	[ -s "$TMP/$f" ] || continue
	n=$("$TMP/datfloor" "$TMP/$f")
	set -- $(tm "$TMP/datfloor" "$TMP/$f")
	ft=$1 fm=$2
	set -- $(tm "$RTWHY" analyze "$TMP/$f")
	rt=$1 rm=$2
	set -- $(tm trace-cmd report "$TMP/$f")
	case $f in
	big.dat) what="whole recording, $(du -m "$TMP/$f" | cut -f1) MB" ;;
	*) what="first $(echo "$f" | sed 's/cut\(.*\)\.dat\.1/\1/') s" ;;
	esac
	printf '| %s | %s | %s, %.1f | %s, %.1f | %s | %s | %s, %.1f |\n' "$what" "$n" "$ft" "$fm" \
		"$rt" "$rm" "$(ratio "$rt" "$ft")" "$(ratio "$rm" "$fm")" "$1" "$2"
done
echo
echo "Times: the shortest of 5 runs; max RSS: their median. rtwhy keeps the window raw and"
echo "decodes it only for a spike: its memory over the floor is the window's, whatever the file."
echo

echo "### rtwhy analyze vs trace-cmd report >/dev/null (same trace.dat, best of 3)"
echo
echo "| trace.dat | events | trace-cmd report | rtwhy analyze | ratio | per event after the header: report / rtwhy | ratio |"
echo "|---|---|---|---|---|---|---|"
h_tr=0 h_rw=0
for f in cut0.001.dat.1 cut1.5.dat.1 cut4.dat.1 big.dat; do
	[ -s "$TMP/$f" ] || continue
	n=$(events "$TMP/$f")
	tr=$(best trace-cmd report "$TMP/$f")
	rw=$(best "$RTWHY" analyze "$TMP/$f")
	case $f in
	cut0.001*)
		h_tr=$tr h_rw=$rw
		echo "| header only (1 ms of events) | $n | ${tr} s | ${rw} s | $(ratio "$tr" "$rw")x | | |"
		continue ;;
	big.dat) what="whole recording, $(du -m "$TMP/$f" | cut -f1) MB" ;;
	*) what="first $(echo "$f" | sed 's/cut\(.*\)\.dat\.1/\1/') s" ;;
	esac
	per=$(awk -v n="$n" -v a="$tr" -v b="$rw" -v ha="$h_tr" -v hb="$h_rw" \
		'BEGIN {x = (a - ha) / n * 1e6; y = (b - hb) / n * 1e6;
			printf "%.2f us / %.2f us | %.1fx", x, y, (y > 0) ? x / y : 0}')
	echo "| $what | $n | ${tr} s | ${rw} s | $(ratio "$tr" "$rw")x | $per |"
done
echo
echo "Both tools first read the file's header with libtracecmd (every event format and"
echo "the kernel symbols: the header-only row); the ratio grows with the events after it."
echo

n=$(events "$TMP/big.trace.txt")
t=$(best "$RTWHY" analyze "$TMP/big.trace.txt")
mb=$(du -m "$TMP/big.trace.txt" | cut -f1)
echo "### rtwhy analyze on text (the kernel's trace file of the same recording)"
echo
echo "| text | events | rtwhy analyze | events/s |"
echo "|---|---|---|---|"
echo "| kernel trace file, $mb MB | $n | ${t} s | $(awk -v n="$n" -v t="$t" 'BEGIN {printf "%.2f M", n / t / 1e6}') |"
trace-cmd report -l "$TMP/big.dat" >"$TMP/big.report.txt" 2>/dev/null
n=$(events "$TMP/big.report.txt")
t=$(best "$RTWHY" analyze "$TMP/big.report.txt")
mb=$(du -m "$TMP/big.report.txt" | cut -f1)
echo "| trace-cmd report -l, $mb MB | $n | ${t} s | $(awk -v n="$n" -v t="$t" 'BEGIN {printf "%.2f M", n / t / 1e6}') |"
