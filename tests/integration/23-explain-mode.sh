#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --explain goes on after each spike (re-arms the trace), reports the blind
# time, and --save-trace keeps every explained window with its FREEZE line.
PLAN=6
. tests/integration/lib.sh

busy_loop 0 busyloop
busy_loop 1 busyloop
sleep 0.3
timeout 60 "$RTWHY" -t 2 -i 5000 -d 5000 -D 8 -q --explain=2500 --save-trace="$TMP/w.txt" \
	--json="$TMP/e.json" >"$TMP/e.out" 2>"$TMP/e.err"
rc=$?
stop_started
n=$(json_get "$TMP/e.json" "len(d['spikes'])")
check "status 0" [ "$rc" = 0 ]
check "several spikes explained in one run ($n)" [ "${n:-0}" -ge 2 ]
check "one explanation block per spike" [ "$(grep -c '^# Spike [0-9]*: ' "$TMP/e.out")" = "$n" ]
check "blind time reported" grep -qE '^# rtwhy: [0-9]+ spikes? explained, [0-9]+ more during [0-9.]+ ms of blind time' "$TMP/e.out"
check "the saved trace holds one FREEZE line per spike" \
	[ "$(grep -c 'tracing_mark_write: FREEZE tid=' "$TMP/w.txt")" = "$n" ]
check "the -b lines are not printed without -b" [ "$(grep -c '^# Break' "$TMP/e.out")" = 0 ]
