#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check: the unit tests, then (as root) the integration tests; ends with
# the one line "N passed, M failed". Exit status 1 if anything failed.
#   tests/run.sh BUILD_DIR [integration-test-name-pattern]
# NO_ROOT_TESTS=1: skip the integration tests even as root (a package build).
# RTWHY_TESTS="NAME..." (make check TESTS="..."): of the integration tests only those whose
# names contain one of the words; the unit and shell tests all run (.ci/run's sanitized pass).
set -u
build=${1:-build}
pattern=${2:-}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
passed=0
failed=0
out=$(mktemp -d /tmp/rtwhy-check.XXXXXX)
trap 'rm -rf "$out"' EXIT

# tap SHELL SECONDS TEST: run TEST (ok / not ok / # lines), show them, set p and f;
# a test that dies half-way loses its remaining checks: a failure even if an
# earlier check failed already
tap() {
	name=$(basename "$3" .sh)
	echo "== $name"
	RTWHY_BUILD="$build" timeout -k 10 "$2" "$1" "$3" >"$out/$name.log" 2>&1
	rc=$?
	grep -E '^(ok|not ok|#)' "$out/$name.log"
	p=$(grep -c '^ok ' "$out/$name.log")
	f=$(grep -c '^not ok ' "$out/$name.log")
	if [ "$rc" != 0 ]; then
		echo "not ok - $name ended with status $rc"
		tail -n 15 "$out/$name.log" | sed 's/^/#   /'
		f=$((f + 1))
	fi
}

# --- unit tests (no root) ---
if [ -z "$pattern" ]; then
	echo "== unit tests"
	"$build/unit-tests" >"$out/unit.log" 2>&1
	urc=$?
	grep -E 'FAILED|^ +[0-9]+\. ' "$out/unit.log"
	line=$(grep '^unit: ' "$out/unit.log" | tail -n 1)
	if [ -n "$line" ]; then
		echo "$line"
		p=$(echo "$line" | sed -E 's/^unit: ([0-9]+) passed, ([0-9]+) failed$/\1/')
		f=$(echo "$line" | sed -E 's/^unit: ([0-9]+) passed, ([0-9]+) failed$/\2/')
		passed=$((passed + p))
		failed=$((failed + f))
	else
		tail -n 20 "$out/unit.log"
		echo "unit test runner crashed (status $urc)"
		failed=$((failed + 1))
	fi
	# tests/shell/: the build, install and bash completion (no root)
	for t in tests/shell/[0-9]*.sh; do
		tap bash 120 "$t"
		passed=$((passed + p))
		failed=$((failed + f))
	done
fi

# --- integration tests (root: real tracing, real culprits) ---
if [ "$(id -u)" != 0 ] || [ "${NO_ROOT_TESTS:-}" = 1 ]; then
	skipped=0
	for t in tests/integration/[0-9]*.sh; do
		n=$(sed -n 's/^PLAN=\([0-9]*\).*/\1/p' "$t" | head -n 1)
		skipped=$((skipped + ${n:-1} + 1)) # + the check of the state it leaves
	done
	if [ "$(id -u)" != 0 ]; then
		echo "skipped $skipped root-only integration tests (run 'make check' as root to include them)"
	else
		echo "skipped $skipped root-only integration tests (NO_ROOT_TESTS=1)"
	fi
else
	# one live run at a time on this machine: culprits of two tests would mix
	exec 9>/tmp/rtwhy-machine.lock
	flock 9
	# a fresh machine may not have tracefs mounted yet (rtwhy mounts it when it traces,
	# but the tests read the tracing state before and after every run)
	if ! [ -e /sys/kernel/tracing/tracing_on ]; then
		mount -t tracefs nodev /sys/kernel/tracing ||
			echo "# cannot mount tracefs: the tracing tests will fail"
	fi
	# an instance of ours whose run is gone (killed, machine snapshot taken mid-run) is
	# stale: rtwhy removes such instances when it next traces; do it here so that the
	# first test, which may not trace, is not blamed for it
	for i in $(ls /sys/kernel/tracing/instances 2>/dev/null | grep '^rtwhy-[0-9][0-9]*$'); do
		if ! kill -0 "${i#rtwhy-}" 2>/dev/null; then
			rmdir "/sys/kernel/tracing/instances/$i" &&
				echo "# removed stale tracing instance $i (its run is gone)"
		fi
	done
	# /dev/shm/cyclictest<pid> files whose process is gone (rtwhy's, or a cyclictest's that
	# a test ran: its FATAL exits leave it)
	dead_shm() {
		for f in /dev/shm/cyclictest*; do
			[ -e "$f" ] || continue
			kill -0 "${f#/dev/shm/cyclictest}" 2>/dev/null || printf '%s ' "${f#/dev/shm/}"
		done
	}
	# the state every test must leave behind: the one found here
	state() {
		printf "instances '%s' tracing_on=%s events '%s' shm of dead runs '%s' offline CPUs '%s'" \
			"$(ls /sys/kernel/tracing/instances 2>/dev/null | grep '^rtwhy' | tr '\n' ' ')" \
			"$(cat /sys/kernel/tracing/tracing_on 2>/dev/null || echo 1)" \
			"$(cat /sys/kernel/tracing/set_event 2>/dev/null | tr '\n' ' ')" \
			"$(dead_shm)" "$(cat /sys/devices/system/cpu/offline 2>/dev/null)"
	}
	before=$(state)
	for t in tests/integration/[0-9]*.sh; do
		name=$(basename "$t" .sh)
		case "$name" in *"$pattern"*) ;; *) continue ;; esac
		if [ -n "${RTWHY_TESTS:-}" ]; then
			want=""
			for w in $RTWHY_TESTS; do case "$name" in *"$w"*) want=1 ;; esac; done
			[ -n "$want" ] || continue
		fi
		tap sh 300 "$t"
		# every test leaves the machine as it found it
		after=$(state)
		if [ "$after" != "$before" ]; then
			echo "not ok - $name left tracing state behind: $after (was: $before)"
			f=$((f + 1))
			for i in $(ls /sys/kernel/tracing/instances 2>/dev/null | grep '^rtwhy'); do
				case "$before" in
				*"$i "*) ;;
				*) rmdir "/sys/kernel/tracing/instances/$i" 2>/dev/null ;;
				esac
			done
			case "$before" in
			*"tracing_on=1 "*) echo 1 >/sys/kernel/tracing/tracing_on 2>/dev/null ;;
			esac
			case "$before" in
			*"events '' "*) echo 0 >/sys/kernel/tracing/events/enable 2>/dev/null ;;
			esac
			for x in $(dead_shm); do
				case "$before" in *"$x "*) ;; *) rm -f "/dev/shm/$x" ;; esac
			done
		else
			echo "ok - $name left the tracing state as it found it"
			p=$((p + 1))
		fi
		passed=$((passed + p))
		failed=$((failed + f))
	done
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
