#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make fuzz: run every libFuzzer target of BUILD_DIR/fuzz for SECONDS each,
# seeded with the fixtures, and say how it went:
#   tests/fuzz/run.sh BUILD_DIR [SECONDS]
# Seeds: fuzz_blame gets mkseed_blame's event streams (one per verdict);
# fuzz_textread gets the recorded text traces of tests/fixtures and the same
# scenarios as --save-trace text; fuzz_datread the recorded trace.dat files.
# The inputs of tests/fuzz/regress.list (what broke a target once) are run
# at the start of every run. The corpus each run grows is kept in
# BUILD_DIR/corpus/NAME and used again next time. A crash, a leak, a
# sanitizer report, a timeout (10 s per input) or a broken promise stops
# the target: the input is saved as BUILD_DIR/crashes/NAME/crash-* (make it a
# regression: tests/fuzz/regress.list, and a unit test in
# tests/unit/test_robust_*.c when it replays deterministically) and the
# status is 1. Fuzzing loads the CPUs: it takes /tmp/rtwhy-machine.lock.
set -u
build=${1:-build-fuzz}
seconds=${2:-60}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
failed=0

exec 9>/tmp/rtwhy-machine.lock
flock 9

seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds/blame" "$seeds/textread" "$seeds/datread"
if ! "$build/fuzz/mkseed_blame" "$seeds/blame" "$seeds/textread"; then
	echo "fuzz: the seed maker failed" >&2
	exit 1
fi
for f in tests/fixtures/*.txt; do
	[ -f "$f" ] && cp "$f" "$seeds/textread/"
done
for f in tests/fixtures/*.dat; do
	[ -f "$f" ] && cp "$f" "$seeds/datread/"
done
# the inputs that once broke a target (tests/fuzz/regress.list), rebuilt from the fixtures
regress=$build/regress
rm -rf "$regress"
grep -v '^#' tests/fuzz/regress.list | grep . | while read -r target fixture patches; do
	mkdir -p "$regress/$target"
	python3 - "tests/fixtures/$fixture" "$regress/$target/$fixture.$(echo "$patches" |
		md5sum | cut -c1-8)" $patches <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
for p in sys.argv[3:]:
    off, hexb = p.split(":")
    b = bytes.fromhex(hexb)
    data[int(off):int(off) + len(b)] = b
open(sys.argv[2], "wb").write(data)
PY
done
# a malloc() that fails must be handled, not abort the fuzzer (the targets return NULL for
# sizes AddressSanitizer cannot give, tests/sanitize/defaults.c); the RSS limit still
# catches real growth
export ASAN_OPTIONS="${ASAN_OPTIONS:-allocator_may_return_null=1}"

for t in "$build"/fuzz/fuzz_*; do
	[ -x "$t" ] || continue
	name=${t##*/fuzz_}
	corpus=$build/corpus/$name
	crashes=$build/crashes/$name
	log=$build/fuzz-$name.log
	mkdir -p "$corpus" "$crashes" "$seeds/$name" "$regress/$name"
	leaks=1
	case $name in
	blame) maxlen=65552 ;; # the header and 4096 events
	datread)
		maxlen=393216
		# datread keeps a trace.dat handle whose tracecmd_init_data() failed (closing it
		# crashes libtracecmd 1.3.1) and has room for 4: the fuzzer's fifth is a leak
		leaks=0
		;;
	*) maxlen=393216 ;; # the largest fixture and some
	esac
	ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=$leaks" "$t" -max_total_time="$seconds" \
		-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1048576 -max_len=$maxlen \
		-detect_leaks=$leaks \
		-artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" "$seeds/$name" \
		"$regress/$name" \
		>"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
	ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | sed 's/ft: //')
	size=$(ls "$corpus" | wc -l)
	echo "fuzz_$name: ${runs:-?} inputs in ${seconds} s (${speed:-?}/s), ${cov:-?} edges," \
		"${ft:-?} features, corpus $size"
	if [ "$rc" != 0 ]; then
		echo "fuzz_$name: FAILED (status $rc); the input:"
		ls -t "$crashes" | head -n 3 | sed "s|^|  $crashes/|"
		grep -E 'ERROR|SUMMARY|broken promise|runtime error|Test unit written' "$log" |
			head -n 8 | sed 's/^/  /'
		failed=1
	fi
done
exit $failed
