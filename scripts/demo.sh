#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make demo: the seed, reproduced and explained on the spot.
# One busy loop per CPU and SCHED_OTHER measuring threads give ~4 ms
# outliers (one scheduler tick at HZ=250); rtwhy catches one, freezes the
# trace, and says who delayed the thread and why. Then the remedy it names.
set -u
rtwhy=${1:-build/rtwhy}
if [ "$(id -u)" != 0 ]; then
	echo "rtwhy demo: run as root (it traces the kernel and sets priorities)" >&2
	exit 1
fi
tmp=$(mktemp -d /tmp/rtwhy-demo.XXXXXX)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

ncpu=$(nproc)
cp /bin/bash "$tmp/busyloop"
cpu=0
while [ "$cpu" -lt "$ncpu" ]; do
	taskset -c "$cpu" "$tmp/busyloop" -c 'while :; do :; done' &
	pids="$pids $!"
	cpu=$((cpu + 1))
done

cat <<MSG
=== rtwhy demo: the seed's 4 ms outliers, explained
    $ncpu busy loops ("busyloop", one per CPU, SCHED_OTHER) are running.
    Step 1: SCHED_OTHER measuring threads, as in the seed:
    \$ rtwhy -t $ncpu -i 5000 -d 5000 -D 30 -q -b 2500

MSG
"$rtwhy" -t "$ncpu" -i 5000 -d 5000 -D 30 -q -b 2500
rc=$?
[ "$rc" = 0 ] || exit "$rc"
cat <<MSG

    Step 2: the remedy the hint names, SCHED_FIFO 99, same load, 10 s, and every
    latency above 1 ms explained (the summary of them; -b/--explain print each):
    \$ rtwhy -t $ncpu -i 5000 -d 5000 -D 10 -q -p 99 --explain=1000

MSG
"$rtwhy" -t "$ncpu" -i 5000 -d 5000 -D 10 -q -p 99 --explain=1000 >"$tmp/step2.out"
rc=$?
grep -E '^T:|^# /dev|^# rtwhy: [0-9]+ spike|^# rtwhy: verdicts|^# +[0-9]+ x ' "$tmp/step2.out"
cat <<MSG

    The busy loops no longer delay the threads. What is left above 1 ms, if
    anything, is named: on a virtual machine usually "invisible", time in which
    the CPU showed no event at all because the host ran something else.
MSG
exit $rc
