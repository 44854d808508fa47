#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy vs cyclictest 2.4, same options, in alternating pairs, idle and under
# one busy loop per CPU. This VM's host adds several us of noise from one run
# to the next, so each pair is compared with itself (adjacent in time, same
# noise) and the median of the per-pair differences is the result, with its
# quartiles. Target: rtwhy's Avg within 5% (or 1 us) of cyclictest's, Min
# equal within 1 us.
. tests/bench/lib.sh
PAIRS=${BENCH_PAIRS:-20}
SECS=${BENCH_SECS:-3}
opts="-t 2 -p 99 -i 1000 -D $SECS -q"

run_pairs() { # scenario
	: >"$TMP/pairs"
	for i in $(seq "$PAIRS"); do
		# alternate who goes first, so that neither always follows the other
		if [ $((i % 2)) = 0 ]; then
			cyclictest $opts >"$TMP/ct.out" 2>&1
			"$RTWHY" $opts >"$TMP/rt.out" 2>&1
		else
			"$RTWHY" $opts >"$TMP/rt.out" 2>&1
			cyclictest $opts >"$TMP/ct.out" 2>&1
		fi
		echo "$(tfield "$TMP/ct.out" min | median) $(tfield "$TMP/rt.out" min | median)" \
			"$(tfield "$TMP/ct.out" avg | median) $(tfield "$TMP/rt.out" avg | median)" \
			>>"$TMP/pairs"
	done
	cmin=$(awk '{print $1}' "$TMP/pairs" | median)
	rmin=$(awk '{print $2}' "$TMP/pairs" | median)
	cavg=$(awk '{print $3}' "$TMP/pairs" | median)
	ravg=$(awk '{print $4}' "$TMP/pairs" | median)
	dmin=$(awk '{print $2 - $1}' "$TMP/pairs" | median)
	davg=$(awk '{print $4 - $3}' "$TMP/pairs" | median)
	q1=$(awk '{print $4 - $3}' "$TMP/pairs" | pctl 25)
	q3=$(awk '{print $4 - $3}' "$TMP/pairs" | pctl 75)
	ravg_ratio=$(awk '{print $4 / $3}' "$TMP/pairs" | median)
	echo "| $1 | $cmin / $rmin | $dmin | $cavg / $ravg | $davg ($q1 .. $q3) | $(printf %.2f "$ravg_ratio") |"
}

echo "### rtwhy vs cyclictest (\`$opts\`, $PAIRS alternating pairs, us)"
echo
echo "| load | Min ct / rtwhy | Min diff (median) | Avg ct / rtwhy | Avg diff, median (quartiles) | Avg ratio (median) |"
echo "|---|---|---|---|---|---|"
run_pairs "idle"
busy_loop 0 busyloop
busy_loop 1 busyloop
run_pairs "busy loop per CPU"
stop_started
