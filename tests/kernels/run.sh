#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check-kernels: the QEMU kernel lab. Fetches Debian's linux-image-rt-amd64 and
# linux-image-amd64 (fetch.sh, cached), builds the guests' initramfs around the freshly built
# rtwhy (initramfs.sh) and boots five guests, one after the other:
#   rt          6.1 PREEMPT_RT
#   threadirqs  6.1 generic, booted with threadirqs
#   plain       6.1 generic
#   rt612       6.12 PREEMPT_RT (lazy preemption; rtla 6.12 from rtla.sh in its initramfs)
#   full612     6.12 generic (PREEMPT_DYNAMIC), booted with preempt=full
# The 6.12 kernels run a subset of the scenarios (SCEN_612 below; doc/kernel-lab.md says
# why): the whole .ci/run must stay under 60 minutes.
# Each guest runs the scenarios of guest/guest.sh and hands back TAP lines through a 9p
# share; this prints them ("ok - KERNEL: SCENARIO: ..."), writes tests/kernels/last-run.md (the
# one record of the lab's results)
# and ends with "N passed, N failed"; status 1 on a failure.
# A failing check listed in tests/kernels/known-wrong.txt (a wrong answer of rtwhy's that
# FINDINGS.md describes and that a fix in analysis/ is to end) is printed with "# TODO" and
# counted apart, not as failed; when it passes, the line says so: take it off the list.
# A check whose every try was the guest's noise comes back "ok - ... # SKIP": counted apart
# too, neither passed nor failed.
# A scenario that failed a check is run once more in the guest (guest.sh); the first run's
# failures are printed "# try 1: not ok - ..." and only the second run's lines count.
#   tests/kernels/run.sh BUILD_DIR [KERNEL...]
# Environment:
#   LAB_ACCEL=tcg|kvm   tcg (default): single-threaded TCG, -cpu max (multi-threaded TCG
#                       wedges guests that toggle trace events); kvm: -accel kvm -cpu host
#   LAB_SCENARIOS       the scenarios to run (default: all of guest.sh's on 6.1, SCEN_612 on
#                       6.12)
#   LAB_DEV=FILE        a guest runs FILE (as /out/dev.sh) instead of the scenarios: for
#                       experiments, one kernel at a time; no results counted
#   LAB_WATCHDOG=S      a guest whose console is silent S seconds is killed (default 120)
#                       and booted once more, going on with the scenarios it had not done
#   LAB_TIMEOUT=S       a guest's whole boot at most S seconds (default 900)
#   LAB_NICE=N          run QEMU under nice -n N (default 5: the machine is shared)
#   LAB_APPEND="..."    more kernel command line for every guest (experiments)
#   LAB_SMP=N           vCPUs of every guest (default 2; the checks are made for 2: with
#                       LAB_DEV, e.g. bench-guest16.sh's 16)
#   LAB_MEM=MB          memory of every guest (default 1024)
#   LAB_PREEMPT=MODE    full612's preempt= (default full; none, voluntary, lazy): not through
#                       LAB_APPEND, whose preempt= would come after preempt=full, and a mode
#                       the kernel rejects ("lazy" on Debian's 6.12 generic) would leave full.
#                       The guest says the mode the kernel took (/sys/kernel/debug/sched/preempt)
#   LAB_MAX_SKIP_PCT=N  a kernel with more than N% of its checks skipped fails (default 5)
#   RTWHY_KERNEL_CACHE  the kernels' and base initramfs' cache (/var/cache/rtwhy-kernels)
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
kernels=${*:-rt threadirqs plain rt612 full612}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
here=$top/tests/kernels
accel=${LAB_ACCEL:-tcg}
watchdog=${LAB_WATCHDOG:-120}
limit=${LAB_TIMEOUT:-900}
nice=${LAB_NICE:-5}
all_scenarios=$(sed -n 's/^for s in ${SCENARIOS:-\(.*\)}; do$/\1/p' "$here/guest/guest.sh")
# what the 6.12 guests run: see doc/kernel-lab.md
SCEN_612="irqs seed irqthread rthog dlhog piboost hints"
SCEN_612_RT="irqs seed irqthread rthog dlhog piboost rtla hints" # rtla: timerlat side by side
run=$top/$build/kernels
start=$(date +%s)
passed=0
failed=0
known=0
skipped=0

say() { echo "# kernels: $*"; }
# todo: TAP lines in, the same out, a "not ok" that known-wrong.txt lists marked "# TODO"
# (one "KERNEL: SCENARIO: start of the check's text" per line there)
todo() {
	awk -v list="$here/known-wrong.txt" '
		BEGIN { while ((getline l < list) > 0) if (l !~ /^(#|$)/) kw[++n] = l }
		{
			t = $0; sub(/^(ok|not ok) - /, "", t); hit = 0
			for (i = 1; i <= n; i++) if (index(t, kw[i]) == 1) hit = 1
			if ($0 ~ / # SKIP /) print
			else if (hit && $0 ~ /^not ok/) print $0 " # TODO known wrong answer (known-wrong.txt)"
			else if (hit) print $0 " # known-wrong.txt lists it, and it passed"
			else print
		}'
}
fail_line() { echo "not ok - $*"; failed=$((failed + 1)); }

if [ "$(id -u)" != 0 ]; then
	echo "rtwhy: make check-kernels must run as root (apt-get download, depmod)" >&2
	exit 1
fi
for t in qemu-system-x86_64 cpio busybox depmod modprobe cyclictest trace-cmd; do
	command -v $t >/dev/null || { echo "rtwhy: check-kernels needs $t (scripts/deps.sh kernels)" >&2; exit 1; }
done
"$here/initramfs.sh" check "$build" || exit 1

# the guest running now (boot()): ended with the lab, whatever ends it (an interrupted run
# left QEMU behind, its timeout's child)
qpid=""
end_guest() { [ -n "$qpid" ] && kill "$qpid" 2>/dev/null && wait "$qpid" 2>/dev/null; qpid=""; }
trap 'end_guest' EXIT
trap 'end_guest; exit 130' INT
trap 'end_guest; exit 143' TERM HUP
rm -rf "$run"
mkdir -p "$run"
base=$("$here/initramfs.sh" base) || exit 1
"$here/initramfs.sh" rtwhy "$build" "$run/rtwhy.cpio.gz" || exit 1
truncate -s 256M "$run/disk.img"

case "$accel" in
kvm) accel_args="-accel kvm -cpu host" ;;
*) accel_args="-accel tcg,thread=single -cpu max" ;;
esac

# boot NAME KDIR APPEND: one guest, its console in $run/NAME/console-TRY.log; sets qrc.
# tsc=reliable: TCG's TSC fails the guest's clocksource watchdog, and the HPET it falls back
# to makes every clock read a device access (and rtwhy check warn about it).
boot() {
	g=$run/$1
	log=$g/console-$try.log
	: >"$log"
	# shellcheck disable=SC2086
	timeout -k 5 "$limit" nice -n "$nice" qemu-system-x86_64 -nodefaults -nic none \
		-display none -no-reboot $accel_args -smp "${LAB_SMP:-2}" -m "${LAB_MEM:-1024}" \
		-kernel "$2/vmlinuz" -initrd "$g/initrd.gz" \
		-append "console=ttyS0 panic=-1 loglevel=4 tsc=reliable $3" \
		-serial "file:$log" \
		-drive "file=$run/disk.img,if=none,format=raw,id=d0,cache=unsafe" \
		-device virtio-blk-pci,drive=d0,num-queues=1 \
		-virtfs "local,path=$g/out,mount_tag=out,security_model=none" &
	qpid=$!
	size=0 still=0
	while kill -0 $qpid 2>/dev/null; do
		sleep 5
		now=$(wc -c <"$log")
		if [ "$now" = "$size" ]; then still=$((still + 5)); else still=0 size=$now; fi
		if [ $still -ge "$watchdog" ]; then
			say "$1: no console output for $still s: killing the guest (pid $qpid)"
			kill $qpid 2>/dev/null
			break
		fi
	done
	wait $qpid
	qrc=$?
	qpid=""
}

for k in $kernels; do
	scenarios=${LAB_SCENARIOS:-$all_scenarios}
	kind=$k rtla=""
	case $k in
	rt) meta=linux-image-rt-amd64 append="" ;;
	threadirqs) meta=linux-image-amd64 append=threadirqs ;;
	plain) meta=linux-image-amd64 append="" ;;
	rt612)
		meta=linux-image-6.12-rt-amd64 append="" kind=rt scenarios=${LAB_SCENARIOS:-$SCEN_612_RT}
		rdir=$("$here/rtla.sh") || { fail_line "$k: cannot build rtla"; continue; }
		rtla=$("$here/initramfs.sh" rtla "$rdir") || { fail_line "$k: no rtla part"; continue; }
		;;
	full612)
		meta=linux-image-6.12-amd64 append=preempt=${LAB_PREEMPT:-full} kind=full
		scenarios=${LAB_SCENARIOS:-$SCEN_612}
		;;
	*) echo "rtwhy: unknown kernel '$k' (rt, threadirqs, plain, rt612, full612)" >&2; exit 2 ;;
	esac
	kdir=$("$here/fetch.sh" $meta) || { fail_line "$k: cannot fetch $meta"; continue; }
	mods=$("$here/initramfs.sh" modules "$kdir") || { fail_line "$k: no initramfs"; continue; }
	g=$run/$k
	mkdir -p "$g/out"
	cat "$base" "$mods" $rtla "$run/rtwhy.cpio.gz" >"$g/initrd.gz"
	printf 'KIND=%s\nSCENARIOS="%s"\nKVER=%s\n' "$kind" "$scenarios" "$(cat "$kdir/kver")" \
		>"$g/out/lab.conf"
	if [ -n "${LAB_DEV:-}" ]; then
		cp "$LAB_DEV" "$g/out/dev.sh"
		say "$k: LAB_DEV: the guest runs $LAB_DEV, results in $g/out"
		try=1
		boot "$k" "$kdir" "rtwhy_lab=$k $append"
		continue
	fi
	kver=$(cat "$kdir/kver")
	echo "$kver" >"$g/kver"
	say "$k: booting $kver ($(basename "$kdir")${append:+, $append}), $accel"
	t0=$(date +%s)
	try=1
	while :; do
		boot "$k" "$kdir" "rtwhy_lab=$k $append${LAB_APPEND:+ $LAB_APPEND}"
		missing=""
		for s in $scenarios; do [ -f "$g/out/$s.tap" ] || missing="$missing $s"; done
		[ -z "$missing" ] && break
		if [ $try -ge 2 ]; then break; fi
		say "$k: guest stopped (status $qrc) before:$missing; booting it once more"
		tail -n 5 "$g/console-$try.log" | sed 's/^/#   /'
		try=$((try + 1))
	done
	say "$k: $(($(date +%s) - t0)) s, $try boot(s)"
	kp=0 kf=0 kk=0 ks=0 table=""
	for s in $scenarios; do
		if [ -f "$g/out/$s.tap" ]; then
			sed -E "s/^(# try 1: )?(ok|not ok) - /\1\2 - $k: /" "$g/out/$s.tap" |
				grep -E '^(ok|not ok|#)' |
				todo >"$g/$s.lines"
			cat "$g/$s.lines"
			p=$(grep '^ok ' "$g/$s.lines" | grep -vc ' # SKIP ')
			sk=$(grep -c ' # SKIP ' "$g/$s.lines")
			skipped=$((skipped + sk))
			ks=$((ks + sk))
			f=$(grep '^not ok ' "$g/$s.lines" | grep -vc ' # TODO ')
			t=$(grep '^not ok ' "$g/$s.lines" | grep -c ' # TODO ')
			known=$((known + t))
			kk=$((kk + t))
		else
			echo "not ok - $k: $s: no result (the guest stopped, status $qrc)"
			tail -n 10 "$g/console-$try.log" | sed 's/^/#   /'
			p=0 f=1 t=0 sk=0
		fi
		kp=$((kp + p))
		kf=$((kf + f))
		# "# judged: J of N spikes": the spikes a scenario judged, the rest the guest's noise
		jn=$(sed -n 's/^# judged: \([0-9]* of [0-9]*\) .*/\1/p' "$g/$s.lines" 2>/dev/null | tail -n 1)
		table="$table $s $p/$((p + f + t + sk))${jn:+ (judged $jn)}"
	done
	passed=$((passed + kp))
	failed=$((failed + kf))
	# a skipped check is a check not made: a kernel with more than LAB_MAX_SKIP_PCT per cent
	# (5) of its checks skipped fails
	kall=$((kp + kf + kk + ks))
	if [ $((ks * 100)) -gt $((kall * ${LAB_MAX_SKIP_PCT:-5})) ]; then
		fail_line "$k: $ks of $kall checks skipped as guest noise, more than ${LAB_MAX_SKIP_PCT:-5}%"
		kf=$((kf + 1))
	fi
	model=$(grep -q '^CONFIG_PREEMPT_RT=y' "$kdir/config" && echo PREEMPT_RT ||
		{ grep -q '^CONFIG_PREEMPT_DYNAMIC=y' "$kdir/config" &&
			echo "PREEMPT_DYNAMIC (${append#preempt=})" || echo "?"; })
	case $model in PREEMPT_DYNAMIC\ \(\)|PREEMPT_DYNAMIC\ \(threadirqs\)) model="PREEMPT_DYNAMIC (voluntary)" ;; esac
	# the mode the kernel took, where it is not the one booted (a preempt= it rejected)
	took=$(sed -n 's/.*(\([a-z]*\)).*/\1/p' "$g/out/preempt" 2>/dev/null)
	case $append in preempt=*) [ -n "$took" ] && [ "$took" != "${append#preempt=}" ] &&
		model="PREEMPT_DYNAMIC ($took: booted $append, which the kernel rejected)" ;; esac
	grep -q '^CONFIG_PREEMPT_LAZY=y' "$kdir/config" && model="$model, lazy"
	case $k in
	rt | rt612) thr="yes (PREEMPT_RT)" ;;
	threadirqs) thr="yes (threadirqs)" ;;
	*) thr=no ;;
	esac
	echo "$kver|$(basename "$kdir" | sed 's/.*_//')|$model|$thr|$kp of $((kp + kf + kk + ks)) ($kk known wrong, $kf other failures, $ks skipped: guest noise)|$table" >>"$run/table"
done

[ -n "${LAB_DEV:-}" ] && exit 0 # an experiment: no table
# tests/kernels/last-run.md: what this run found (the one record of the lab's results)
wall=$(($(date +%s) - start))
{
	echo "Last run: $(date -u '+%Y-%m-%d %H:%M UTC'), $accel, $(nproc) host CPUs, ${wall} s wall time"
	echo "(written by tests/kernels/run.sh; per scenario: checks passed/checks, and where a"
	echo "scenario judges many spikes, how many it judged: the rest were the guest's noise by their events)."
	echo
	echo "| kernel | package | preempt model | threaded IRQs | checks passed | per scenario |"
	echo "|---|---|---|---|---|---|"
	[ -f "$run/table" ] && awk -F'|' '{ printf "| %s | %s | %s | %s | %s |%s |\n", $1, $2, $3, $4, $5, $6 }' "$run/table"
} >"$here/last-run.md"
# rtla side by side (the rt612 guest's rtla scenario): a table in last-run.md and in
# doc/rtla-side-by-side.md, between its markers
rows=$run/rt612/out/rtla.rows
if [ -s "$rows" ]; then
	{
		echo
		echo "rtla timerlat -a side by side ($(cat "$run/rt612/kver" 2>/dev/null), written by"
		echo "tests/kernels/run.sh from the rtla scenario: rtwhy analyze of the trace rtla saved)."
		echo
		echo "| scenario | latency (us) (rtla stopped on; its IRQ latency) | rtla's blocking thread | rtla's largest part | its stack (below the timer IRQ) | rtwhy's verdict and culprit | same culprit | what rtla's analysis has no word for (rtwhy's) | rtla runs |"
		echo "|---|---|---|---|---|---|---|---|---|"
		awk -F'|' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 }' "$rows"
	} >"$run/rtla.md"
	cat "$run/rtla.md" >>"$here/last-run.md"
	doc=$top/doc/rtla-side-by-side.md
	if grep -q '^<!-- rtla:begin -->$' "$doc" 2>/dev/null; then
		awk -v f="$run/rtla.md" '
			/^<!-- rtla:end -->$/ { while ((getline l < f) > 0) print l; skip = 0 }
			!skip { print }
			/^<!-- rtla:begin -->$/ { skip = 1 }' "$doc" >"$run/rtla-doc.md" &&
			cat "$run/rtla-doc.md" >"$doc"
	fi
fi
say "whole lab: $wall s; table in tests/kernels/last-run.md"
[ $skipped = 0 ] || say "$skipped checks skipped: every try of their scenario was the guest's noise"
[ $known = 0 ] || say "$known known wrong answers (# TODO, tests/kernels/known-wrong.txt): not counted as failed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
