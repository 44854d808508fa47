#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Cut the lab's recordings into small fixtures (tests/fixtures/kernels/):
#   tests/kernels/cut.sh spike SAVED.txt N OUT      spike N of an rtwhy --save-trace file: the
#                                                   header lines and that spike's window
#   tests/kernels/cut.sh text TRACE.txt MS OUT      the kernel's trace file: header lines, then
#                                                   the events of the last MS ms up to and with
#                                                   the last cyclictest marker
#   tests/kernels/cut.sh dat IN.dat FROM TO OUT     trace-cmd split of IN.dat, FROM..TO seconds
set -eu
case "$1" in
spike)
	awk -v n="$3" '
		/^# rtwhy: spike [0-9]+:/ { s = $4 + 0; sub(/:$/, "", s) }
		!started && !/^# rtwhy: spike/ { print; next }
		/^# rtwhy: spike [0-9]+:/ { started = 1 }
		started && s == n { print }' "$2" >"$4"
	;;
text)
	awk -v ms="$3" '
		function ts(   i) { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) return $i + 0
				    return -1 }
		NR == FNR { if ($0 ~ /tracing_mark_write: hit latency/) last = ts(); next }
		{ t = ts(); if (t < 0 || (t >= last - ms / 1000 && t <= last)) print }' "$2" "$2" >"$4"
	;;
dat)
	trace-cmd split -i "$2" -o "$5" "$3" "$4" >/dev/null
	;;
*)
	echo "usage: $0 spike FILE N OUT | text FILE MS OUT | dat IN FROM TO OUT" >&2
	exit 2
	;;
esac
