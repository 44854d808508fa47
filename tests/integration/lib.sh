# SPDX-License-Identifier: GPL-2.0-only
# Shared by the integration tests (sourced). Each test prints TAP-style
# "ok - ..." / "not ok - ..." lines; tests/run.sh counts them. Tests run as
# root with real tracing, make their own culprits and end them by pid.
set -u
BUILD=${RTWHY_BUILD:-build}
RTWHY=$BUILD/rtwhy
HELPERS=$BUILD/tests
T=/sys/kernel/tracing
TMP=$(mktemp -d /tmp/rtwhy-it.XXXXXX)
STARTED_PIDS=""

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }
# check "description" command...: ok if the command succeeds
check() {
	desc=$1
	shift
	if "$@"; then ok "$desc"; else notok "$desc"; fi
}
note() { echo "# $*"; }
# num 000123: 123 (cyclictest's zero-padded numbers for shell arithmetic)
num() { echo "$1" | sed 's/^0*\([0-9]\)/\1/'; }
# show a file as TAP comments (on failure)
show() { sed 's/^/#   /' "$1" | head -n "${2:-40}"; }

cleanup() {
	for p in $STARTED_PIDS; do kill "$p" 2>/dev/null; done
	for p in $STARTED_PIDS; do wait "$p" 2>/dev/null; done
	STARTED_PIDS=""
	rm -rf "$TMP"
}
trap cleanup EXIT
# killed (run.sh's timeout): stop here; a trap that returned would let the test go on
trap 'exit 143' INT TERM

# busy_loop CPU NAME [NICE]: a shell loop under its own name, pinned; pid in $!
busy_loop() {
	[ -x "$TMP/$2" ] || cp /bin/bash "$TMP/$2"
	taskset -c "$1" nice -n "${3:-0}" "$TMP/$2" -c 'while :; do :; done' &
	STARTED_PIDS="$STARTED_PIDS $!"
}

# sanitized: the rtwhy under test is a SANITIZE=1 build (slower, mlockall a no-op)
sanitized() { grep -q __asan_init "$RTWHY"; }

# run_once NAME RTWHY-ARGS...: rtwhy ARGS, 60 s at most, output in $TMP/NAME.out and NAME.err,
# after removing $TMP/NAME.* and NAME-* (a previous try's outputs: name them so). Sets rc.
run_once() {
	name=$1
	shift
	rm -f "$TMP/$name".* "$TMP/$name"-*
	timeout 60 "$RTWHY" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
	rc=$?
}

# spike_run TRIES "PID..." RTWHY-ARGS...: run_once s ARGS --json=$TMP/s.json
# --save-trace=$TMP/s.txt until it explains a spike that is neither host
# noise (invisible, incomplete) nor, when PIDs are given, made by a task of the machine's that is
# none of them (someone_else); at most TRIES runs. Sets rc and verdict.
spike_run() {
	tries=$1 ours=$2
	shift 2
	attempt=0
	while [ $attempt -lt "$tries" ]; do
		attempt=$((attempt + 1))
		run_once s "$@" --json="$TMP/s.json" --save-trace="$TMP/s.txt"
		verdict=$(json_get "$TMP/s.json" "d['spikes'][0]['verdict']['kind']" 2>/dev/null)
		case "$verdict" in
		invisible | incomplete)
			note "attempt $attempt: verdict $verdict (host noise), again"
			continue
			;;
		"")
			note "attempt $attempt: no spike explained (status $rc), again"
			continue
			;;
		esac
		[ -n "$ours" ] || return 0
		# shellcheck disable=SC2086
		other=$(someone_else "$TMP/s.json" "$TMP/s.txt" $ours) || return 0
		note "attempt $attempt: $verdict behind $other, a task of the machine's, again"
	done
}

# spikes_run TRIES MIN NAME RTWHY-ARGS...: run_once NAME ARGS until it explains at least MIN
# spikes, at most TRIES runs. Sets rc and n.
spikes_run() {
	tries=$1 min=$2 name=$3
	shift 3
	attempt=0 n=0
	while [ $attempt -lt "$tries" ] && [ "$n" -lt "$min" ]; do
		attempt=$((attempt + 1))
		[ $attempt = 1 ] || note "run $((attempt - 1)): $n spike(s), fewer than $min, again"
		run_once "$name" "$@"
		n=$(grep -c '^# Spike [0-9]*: ' "$TMP/$name.out")
	done
}

# someone_else JSON TRACE PID...: the first spike's culprit is a task that is none of PIDs
# and that the saved window shows switched in (a real spike of the machine's own tasks:
# kdamond, kworkers, the sandbox's nice -10 threads); prints "comm:pid"
someone_else() {
	python3 - "$@" <<'PY' 2>/dev/null
import json, sys
s = json.load(open(sys.argv[1]))["spikes"][0]
c = s["culprits"][s["verdict"]["culprit"]]
ours = {int(p) for p in sys.argv[3:]}
if c["kind"] != "task" or c["pid"] in ours:
    sys.exit(1)
if "next_pid=%d " % c["pid"] not in open(sys.argv[2]).read():
    sys.exit(1)
print("%s:%d" % (c["comm"], c["pid"]))
PY
}

# stop_started: end every process this test started, by pid
stop_started() {
	for p in $STARTED_PIDS; do kill "$p" 2>/dev/null; done
	for p in $STARTED_PIDS; do wait "$p" 2>/dev/null; done
	STARTED_PIDS=""
}

# json_get FILE PYEXPR: evaluate a Python expression on the parsed JSON (d)
json_get() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# json_valid NAME FILE: FILE is valid against doc/schema/NAME.schema.json (JSON Schema draft
# 2020-12, python3-jsonschema: tests/schema_valid.py); the first errors as notes. Fails if the
# validator is missing.
json_valid() {
	python3 tests/schema_valid.py "doc/schema/$1.schema.json" "$2"
}

# tracing_state: one line describing the top-level tracing state and instances
tracing_state() {
	echo "on=$(cat $T/tracing_on) tracer=$(cat $T/current_tracer)" \
		"events=[$(cat $T/set_event | tr '\n' ' ')]" \
		"clock=$(cat $T/trace_clock)" \
		"instances=[$(ls $T/instances | tr '\n' ' ')]"
}
