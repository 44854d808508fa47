#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check-kernels: the QEMU kernel lab. Fetches Debian's linux-image-rt-amd64 and
# linux-image-amd64 (fetch.sh, cached), builds the guests' initramfs around the freshly built
# rtwhy (initramfs.sh) and boots three guests, one after the other:
#   rt          6.1 PREEMPT_RT
#   threadirqs  6.1 generic, booted with threadirqs
#   plain       6.1 generic
# Each guest runs the scenarios of guest/guest.sh and hands back TAP lines through a 9p
# share; this prints them ("ok - KERNEL: SCENARIO: ..."), writes tests/kernels/last-run.md
# (the table the README copies) and ends with "N passed, N failed"; status 1 on a failure.
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
#   LAB_SCENARIOS       the scenarios to run (default: all of guest.sh's)
#   LAB_WATCHDOG=S      a guest whose console is silent S seconds is killed (default 120)
#                       and booted once more, going on with the scenarios it had not done
#   LAB_TIMEOUT=S       a guest's whole boot at most S seconds (default 900)
#   LAB_NICE=N          run QEMU under nice -n N (default 5: the machine is shared)
#   RTWHY_KERNEL_CACHE  the kernels' and base initramfs' cache (/var/cache/rtwhy-kernels)
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
kernels=${*:-rt threadirqs plain}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
here=$top/tests/kernels
accel=${LAB_ACCEL:-tcg}
watchdog=${LAB_WATCHDOG:-120}
limit=${LAB_TIMEOUT:-900}
nice=${LAB_NICE:-5}
scenarios=${LAB_SCENARIOS:-$(sed -n 's/^for s in ${SCENARIOS:-\(.*\)}; do$/\1/p' "$here/guest/guest.sh")}
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
		-display none -no-reboot $accel_args -smp 2 -m 1024 \
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
}

for k in $kernels; do
	case $k in
	rt) meta=linux-image-rt-amd64 append="" ;;
	threadirqs) meta=linux-image-amd64 append=threadirqs ;;
	plain) meta=linux-image-amd64 append="" ;;
	*) echo "rtwhy: unknown kernel '$k' (rt, threadirqs, plain)" >&2; exit 2 ;;
	esac
	kdir=$("$here/fetch.sh" $meta) || { fail_line "$k: cannot fetch $meta"; continue; }
	mods=$("$here/initramfs.sh" modules "$kdir") || { fail_line "$k: no initramfs"; continue; }
	g=$run/$k
	mkdir -p "$g/out"
	cat "$base" "$mods" "$run/rtwhy.cpio.gz" >"$g/initrd.gz"
	printf 'KIND=%s\nSCENARIOS="%s"\n' "$k" "$scenarios" >"$g/out/lab.conf"
	kver=$(cat "$kdir/kver")
	say "$k: booting $kver ($(basename "$kdir")${append:+, $append}), $accel"
	t0=$(date +%s)
	try=1
	while :; do
		boot "$k" "$kdir" "rtwhy_lab=$k $append"
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
		table="$table $s $p/$((p + f + t + sk))"
	done
	passed=$((passed + kp))
	failed=$((failed + kf))
	model=$(grep -q '^CONFIG_PREEMPT_RT=y' "$kdir/config" && echo PREEMPT_RT ||
		{ grep -q '^CONFIG_PREEMPT_DYNAMIC=y' "$kdir/config" &&
			echo "PREEMPT_DYNAMIC (voluntary)" || echo "?"; })
	case $k in
	rt) thr="yes (PREEMPT_RT)" ;;
	threadirqs) thr="yes (threadirqs)" ;;
	*) thr=no ;;
	esac
	echo "$kver|$(basename "$kdir" | sed 's/.*_//')|$model|$thr|$kp of $((kp + kf + kk + ks)) ($kk known wrong, $kf other failures, $ks skipped: guest noise)|$table" >>"$run/table"
done

# the README's table: what this run found
wall=$(($(date +%s) - start))
{
	echo "Last run: $(date -u '+%Y-%m-%d %H:%M UTC'), $accel, $(nproc) host CPUs, ${wall} s wall time"
	echo "(written by tests/kernels/run.sh; per scenario: checks passed/checks)."
	echo
	echo "| kernel | package | preempt model | threaded IRQs | checks passed | per scenario |"
	echo "|---|---|---|---|---|---|"
	[ -f "$run/table" ] && awk -F'|' '{ printf "| %s | %s | %s | %s | %s |%s |\n", $1, $2, $3, $4, $5, $6 }' "$run/table"
} >"$here/last-run.md"
# and the same table in the README, between its markers
if grep -q '^<!-- kernels:begin -->$' README.md; then
	awk -v f="$here/last-run.md" '
		/^<!-- kernels:end -->$/ { while ((getline l < f) > 0) print l; skip = 0 }
		!skip { print }
		/^<!-- kernels:begin -->$/ { skip = 1 }' README.md >"$run/README.md" &&
		cat "$run/README.md" >README.md
fi
say "whole lab: $wall s; table in tests/kernels/last-run.md and README.md"
[ $skipped = 0 ] || say "$skipped checks skipped: every try of their scenario was the guest's noise"
[ $known = 0 ] || say "$known known wrong answers (# TODO, tests/kernels/known-wrong.txt): not counted as failed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
