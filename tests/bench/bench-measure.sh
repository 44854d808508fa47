#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy vs cyclictest 2.4, same options, alternating runs in one go, idle and
# under one busy loop per CPU. Median of the per-run Min and Avg (over the
# threads); target: rtwhy's Avg within 5% (or 1 us) of cyclictest's, Min
# equal within 1 us.
. tests/bench/lib.sh
ROUNDS=${BENCH_ROUNDS:-10}
SECS=${BENCH_SECS:-5}
opts="-t 2 -p 99 -i 1000 -D $SECS -q"

run_pair() { # scenario
	: >"$TMP/ct.min"; : >"$TMP/ct.avg"; : >"$TMP/rt.min"; : >"$TMP/rt.avg"
	for i in $(seq "$ROUNDS"); do
		cyclictest $opts >"$TMP/ct.out" 2>&1
		"$RTWHY" $opts >"$TMP/rt.out" 2>&1
		tfield "$TMP/ct.out" min | median >>"$TMP/ct.min"
		tfield "$TMP/ct.out" avg | median >>"$TMP/ct.avg"
		tfield "$TMP/rt.out" min | median >>"$TMP/rt.min"
		tfield "$TMP/rt.out" avg | median >>"$TMP/rt.avg"
	done
	cmin=$(median <"$TMP/ct.min"); cavg=$(median <"$TMP/ct.avg")
	rmin=$(median <"$TMP/rt.min"); ravg=$(median <"$TMP/rt.avg")
	echo "| $1 | $cmin | $rmin | $cavg | $ravg | $(ratio "$ravg" "$cavg") |"
}

echo "### rtwhy vs cyclictest (\`$opts\`, $ROUNDS alternating runs each, medians, us)"
echo
echo "| load | cyclictest Min | rtwhy Min | cyclictest Avg | rtwhy Avg | Avg ratio |"
echo "|---|---|---|---|---|---|"
run_pair "idle"
busy_loop 0 busyloop
busy_loop 1 busyloop
run_pair "busy loop per CPU"
stop_started
