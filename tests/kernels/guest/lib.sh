# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the lab guest's scenarios (busybox sh, as root in the guest).
# Each scenario prints TAP-style "ok - ..." / "not ok - ..." lines; its lines and outputs
# reach the host through /out (the 9p share): /out/NAME.tap (written last: the scenario is
# done), /out/NAME/ (its files). Everything is written to /tmp first: 9p traffic is an IRQ
# of its own, and must not happen while a run measures.
set -u
OUT=/out
W=/tmp/lab
T=/sys/kernel/tracing
mkdir -p "$W"
KIND=unknown
[ -f "$OUT/lab.conf" ] && . "$OUT/lab.conf"
STARTED_PIDS=""

note() { echo "# $*" | tee -a "$TAP"; }
ok() { echo "ok - $SCEN: $*" | tee -a "$TAP"; }
notok() { echo "not ok - $SCEN: $*" | tee -a "$TAP"; }
# verdict COND DESC: ok when the test command succeeds; with SKIP set (every try was the
# guest's noise: nothing to judge), "ok - ... # SKIP reason", which the host counts apart
verdict() {
	desc=$2
	if [ -n "${SKIP:-}" ]; then
		echo "ok - $SCEN: $desc # SKIP $SKIP" | tee -a "$TAP"
	elif eval "$1"; then ok "$desc"; else notok "$desc"; fi
}
uptime_s() { cut -d' ' -f1 /proc/uptime; }

# jflat FILE.json: path=value lines; jget FILE PATH: the value at PATH
jflat() { awk -f /lab/jflat.awk "$1"; }
jget() { jflat "$1" | sed -n "s|^$2=||p" | head -n 1; }

# spike_get FLAT N KEY: the value of spikes.N.KEY in a jflat listing; culprit_get FLAT N KEY:
# the value of KEY of spike N's verdict culprit ("" when none)
spike_get() { sed -n "s|^spikes\.$2\.$3=||p" "$1" | head -n 1; }
culprit_get() {
	c=$(spike_get "$1" "$2" verdict.culprit)
	case "$c" in '' | null) echo "" ;; *) spike_get "$1" "$2" "culprits.$c.$3" ;; esac
}
nr_spikes() { sed -n 's/^spikes\.\([0-9]*\)\.tid=.*/\1/p' "$1" | sort -n | tail -n 1 | awk '{print $1 + 1}'; }

start_bg() { # start_bg CMD...: in the background, pid in $!, ended by stop_started
	"$@" &
	STARTED_PIDS="$STARTED_PIDS $!"
}
stop_started() {
	for p in $STARTED_PIDS; do kill "$p" 2>/dev/null; done
	for p in $STARTED_PIDS; do wait "$p" 2>/dev/null; done
	STARTED_PIDS=""
}
# busy CPU: a never-sleeping SCHED_OTHER loop named busyloop on CPU
busy() { start_bg taskset -c "$1" busyloop -c 'while :; do :; done'; }
# disk_load CPU: writes to the virtio disk from CPU, in a loop (the IRQ load)
disk_load() {
	start_bg taskset -c "$1" sh -c \
		'while :; do dd if=/dev/zero of=/dev/vda bs=1M count=32 conv=fsync 2>/dev/null; done'
}

# The virtio-blk request IRQ (one queue): its number, the CPU it is delivered to, its thread
disk_irq() { grep -E '^ *[0-9]+:.*virtio[0-9]+-req' /proc/interrupts | head -n 1 | cut -d: -f1 | tr -d ' '; }
irq_cpu() { cut -d, -f1 "/proc/irq/$1/effective_affinity_list" | cut -d- -f1; }
irq_thread_pid() { # the pid of irq/N-* ("" when the IRQ has no thread)
	for d in /proc/[0-9]*; do
		case "$(cat "$d/comm" 2>/dev/null)" in "irq/$1-"*) basename "$d"; return ;; esac
	done
}

threaded_kernel() { [ "$KIND" = rt ] || [ "$KIND" = threadirqs ]; }

# NOISE: verdicts that are the guest's (TCG's) and not the culprit's: retried
NOISE="invisible incomplete idle_exit"
is_noise() { case " $NOISE " in *" $1 "*) return 0 ;; esac; return 1; }
# noise_verdict VERDICT CULPRIT_NAME: a spike that is the guest's: a NOISE verdict, or the
# lapic timer's own handler holding the latency (TCG emulates it and stalls in it for ms:
# never a scenario's culprit)
noise_verdict() { is_noise "$1" || { [ "$1" = irq ] && [ "$2" = local_timer ]; }; }
# noisy FLAT: spike 0 of a run is the guest's, or there is none
noisy() {
	nv=$(spike_get "$1" 0 verdict.kind)
	[ -z "$nv" ] || noise_verdict "$nv" "$(culprit_get "$1" 0 name)"
}

# rtwhy_try NAME ARGS...: one rtwhy run (90 s at most) with --json and --save-trace into $W;
# sets rc; the flat JSON in $W/NAME.flat
rtwhy_try() {
	name=$1
	shift
	rm -f "$W/$name".*
	timeout -k 10 90 rtwhy "$@" --json="$W/$name.json" --save-trace="$W/$name.txt" \
		>"$W/$name.out" 2>"$W/$name.err"
	rc=$?
	if [ -s "$W/$name.json" ]; then jflat "$W/$name.json" >"$W/$name.flat"; else : >"$W/$name.flat"; fi
}

# spike_tries NAME N ARGS...: rtwhy_try NAME-1 ARGS, NAME-2 ... until a run's spike 0 is not
# the guest's noise, N runs at most; sets a (runs made), f (the last one's flat JSON), v (its
# verdict) and noise_skip (a SKIP reason when every run was noise, else ""). With ST_PIDS
# (the culprit's pids), a run that rtwhy calls noise is tried again only when its window
# does not show one of them holding the spike's CPU over half the latency (share, by the
# events of its --save-trace): one that does is judged, and a wrong answer fails
spike_tries() {
	st_name=$1 st_n=$2
	shift 2
	a=0 v="" noise_skip=""
	while [ $a -lt "$st_n" ]; do
		a=$((a + 1))
		rtwhy_try "$st_name-$a" "$@"
		f=$W/$st_name-$a.flat
		v=$(spike_get "$f" 0 verdict.kind)
		noisy "$f" || { note "judged: 1 of $a spikes (one a try; the others the guest's noise)"; return 0; }
		sh=""
		if [ -n "${ST_PIDS:-}" ] && [ -n "$v" ]; then
			d=$(spike_get "$f" 0 deadline_ns)
			l=$(spike_get "$f" 0 latency_us)
			sh=$(share "$W/$st_name-$a.txt" "$(spike_get "$f" 0 cpu)" "$d" \
				"$(awk -v d="$d" -v l="$l" 'BEGIN { printf "%.0f", d + l * 1000 }')" "pids: $ST_PIDS")
			if [ "${sh:-0}" -ge "$SHARE_MIN" ]; then
				note "judged: 1 of $a spikes (its window shows the culprit on the CPU $sh% of the latency, though rtwhy said '$v')"
				return 0
			fi
		fi
		note "attempt $a: verdict '$v' (guest noise${sh:+; the culprit on the CPU $sh% of the latency}), again"
	done
	note "judged: 0 of $a spikes (one a try; all the guest's noise)"
	noise_skip="every one of $a tries the guest's noise ('$v')"
}

# check_get FLAT NAME FIELD: FIELD of the check NAME in a jflat listing of rtwhy check --json
check_get() {
	k=$(sed -n "s/^checks\.\([0-9]*\)\.name=$2\$/\1/p" "$1")
	sed -n "s/^checks\.$k\.$3=//p" "$1"
}

# keep NAME: the scenario's files into /out/SCEN/ (after the runs)
keep() {
	mkdir -p "$OUT/$SCEN"
	# shellcheck disable=SC2086
	cp $W/$1.* "$OUT/$SCEN/" 2>/dev/null
}

# scenario NAME: start one; done_scenario: hand its lines to the host
scenario() {
	SCEN=$1
	SKIP=""
	TAP=$W/$SCEN.tap
	: >"$TAP"
	echo "# lab: scenario $SCEN at $(uptime_s) s"
}
done_scenario() {
	stop_started
	cp "$TAP" "$OUT/$SCEN.tap.tmp" && mv "$OUT/$SCEN.tap.tmp" "$OUT/$SCEN.tap"
	sync
}
