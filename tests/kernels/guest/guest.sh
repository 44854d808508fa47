#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The lab's scenarios, run by the guest's /init. /out/lab.conf (written by the host) sets
# KIND (rt, threadirqs, plain or full: a PREEMPT_DYNAMIC kernel booted preempt=full), KVER
# (the kernel's release) and SCENARIOS; a scenario whose /out/NAME.tap exists is done
# (a retried boot goes on where the first one stopped).
. /lab/lib.sh

irq=$(disk_irq)
cpu=$(irq_cpu "$irq")
other=$((1 - cpu))
tpid=$(irq_thread_pid "$irq")
echo "# lab: kind $KIND, virtio-blk IRQ $irq on CPU $cpu, thread pid ${tpid:-none}"
# PREEMPT_DYNAMIC: the mode the kernel took (a preempt= it does not know leaves its default)
if [ -r /sys/kernel/debug/sched/preempt ]; then
	echo "# lab: booted $(grep -o 'preempt=[a-z]*' /proc/cmdline | tr '\n' ' '); sched/preempt: $(cat /sys/kernel/debug/sched/preempt)"
	cat /sys/kernel/debug/sched/preempt >"$OUT/preempt"
	dmesg | grep -i 'preempt' | sed 's/^/# lab: dmesg: /' | head -n 5
fi

# ---- irqs / check: threaded or not, the disk IRQ's thread, where it really ran ----
s_irqs() {
	rtwhy irqs --json="$W/irqs.json" >"$W/irqs.out" 2>&1
	jflat "$W/irqs.json" >"$W/irqs.flat"
	k=$(sed -n "s/^irqs\.\([0-9]*\)\.irq=$irq\$/\1/p" "$W/irqs.flat")
	th=$(sed -n "s/^irqs\.$k\.threaded=//p" "$W/irqs.flat")
	comm=$(sed -n "s/^irqs\.$k\.thread\.comm=//p" "$W/irqs.flat")
	pol=$(sed -n "s/^irqs\.$k\.thread\.policy=//p" "$W/irqs.flat")
	prio=$(sed -n "s/^irqs\.$k\.thread\.prio=//p" "$W/irqs.flat")
	pid=$(sed -n "s/^irqs\.$k\.thread\.pid=//p" "$W/irqs.flat")
	if threaded_kernel; then
		verdict '[ "$th" = true ]' "virtio-blk IRQ $irq threaded (got '$th')"
		verdict '[ "$pid" = "$tpid" ] && [ "$pol $prio" = "fifo 50" ] &&
			case "$comm" in "irq/$irq-virtio"*) true ;; *) false ;; esac' \
			"IRQ $irq thread $comm pid $pid at $pol $prio (irq/$irq-virtio*, pid $tpid, fifo 50)"
	else
		verdict '[ "$th" = false ]' "virtio-blk IRQ $irq not threaded (got '$th')"
		verdict '[ -z "$comm" ] && [ -z "$tpid" ]' "IRQ $irq has no thread (got '$comm')"
	fi
	disk_load "$other"
	sleep 1
	rtwhy irqs --observe 3 --json="$W/observe.json" >"$W/observe.out" 2>&1
	stop_started
	jflat "$W/observe.json" >"$W/observe.flat"
	k=$(sed -n "s/^irqs\.\([0-9]*\)\.irq=$irq\$/\1/p" "$W/observe.flat")
	obs=$(sed -n "s/^irqs\.$k\.observed=//p" "$W/observe.flat")
	runs=$(sed -n "s/^irqs\.$k\.thread_runs=//p" "$W/observe.flat")
	hard=$(sed -n "s/^irqs\.$k\.seen_hardirq=//p" "$W/observe.flat")
	if threaded_kernel; then want=thread; else want=hardirq; fi
	verdict '[ "$obs" = "$want" ]' \
		"irqs --observe under disk load: IRQ $irq seen as $want (got '$obs': $runs thread runs, $hard hard IRQ entries)"
	rtwhy check --json="$W/check.json" >"$W/check.out" 2>&1
	jflat "$W/check.json" >"$W/check.flat"
	chk() { check_get "$W/check.flat" "$@"; }
	pm=$(chk preempt_model value)
	case "$KIND" in
	rt) verdict 'case "$pm" in rt*) true ;; *) false ;; esac' "check: preempt_model rt (got '$pm')" ;;
	full)
		# the mode the kernel took: preempt=full in the lab, LAB_PREEMPT's otherwise
		want=$(sed -n 's/.*(\([a-z]*\)).*/\1/p' /sys/kernel/debug/sched/preempt 2>/dev/null)
		verdict '[ "$pm" = "${want:-full}" ]' \
			"check: preempt_model ${want:-full}, as the kernel runs (got '$pm')" ;;
	*) verdict 'case "$pm" in *voluntary*) true ;; *) false ;; esac' \
		"check: preempt_model voluntary (got '$pm')" ;;
	esac
	ti=$(chk threadirqs status)
	if threaded_kernel; then want=ok; else want=warn; fi
	verdict '[ "$ti" = "$want" ]' "check: threadirqs $want (got '$ti': $(chk threadirqs value))"
	hz=$(chk hz value)
	verdict '[ "$hz" = 250 ]' "check: hz 250 (got '$hz')"
	keep irqs
	keep observe
	keep check
}

# max_gap TEXT CPU FROM_NS TO_NS: the longest stretch (us) with no event on CPU in
# [FROM - TICK_GAP_US, TO], read from an ftrace text (the kernel's, rtwhy's --save-trace,
# trace-cmd report). A busy CPU takes a tick every 4 ms (HZ=250): a gap longer than
# TICK_GAP_US means the vCPU was not running (TCG on a loaded host), also when the tick it
# missed was due before the deadline. That is the guest's noise, judged from the events,
# not from rtwhy's verdict (whose "invisible" may be a wrong answer).
TICK_GAP_US=4600
TICK_US=4000      # HZ=250, every kernel of the lab
TICK_LATE_US=1000 # a tick this late on a CPU running a task: the vCPU was not run
max_gap() {
	awk -v c="$(printf '[%03d]' "$2")" -v from="$3" -v to="$4" -v tick="$TICK_GAP_US" '
		BEGIN { from = from / 1e9 - tick / 1e6; to /= 1e9; prev = from; g = 0 }
		{
			t = -1; hit = 0
			for (i = 1; i <= NF; i++) {
				if ($i == c) hit = 1
				if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i + 0; break }
			}
			if (!hit || t < from || t > to) next
			if (t - prev > g) g = t - prev
			prev = t
		}
		END { if (to - prev > g) g = to - prev; printf "%.0f\n", g * 1e6 }' "$1"
}
host_noise() { [ "${1:-0}" -gt "$TICK_GAP_US" ]; }
# irq_late TEXT CPU DEADLINE_NS: us from the deadline to the first timer interrupt on CPU
# after it. Under TCG a timer programmed between two ticks of a busy vCPU often fires only
# at the next tick: more than TIMER_LATE_US is the guest's, whatever the thread's policy
TIMER_LATE_US=500
irq_late() {
	awk -v c="$(printf '[%03d]' "$2")" -v d="$3" '
		/local_timer_entry/ {
			hit = 0
			for (i = 1; i <= NF; i++) {
				if ($i == c) hit = 1
				if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i * 1e9; break }
			}
			if (hit && t >= d) { printf "%.0f\n", (t - d) / 1000; exit }
		}' "$1"
}
# wake_late TEXT TID DEADLINE_NS: us from the deadline to the thread's own wakeup
# (sched_waking of TID). With a busy loop the culprit (the seeds) nothing in the kernel holds
# the timer back: the wakeup comes within the timer slack and the spike is the wait for the
# tick after it (tick_wait). A wakeup more than TIMER_LATE_US late is TCG's: the vCPU did not
# run, or the timer fired only at the next tick, also when a tick came between (so it is
# not the first timer interrupt after the deadline that tells)
wake_late() {
	awk -v tid="$2" -v d="$3" '
		/sched_waking:/ && index($0, " pid=" tid " ") {
			for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i * 1e9; break }
			if (t >= d) { printf "%.0f\n", (t - d) / 1000; exit }
		}' "$1"
}

# share TEXT CPU FROM_NS TO_NS WHAT: per cent of [FROM, TO] on CPU in the context of the
# scenario's culprit, read from the events (not from rtwhy's verdict): WHAT "disk" is IRQ
# $irq's handler, the BLOCK softirq or its irq/$irq- thread (a softirq inside it included);
# "busy" is the busy loop running with no interrupt or softirq on top of it; "idle" the idle
# task, likewise; "idleirq" the idle task or a vector's handler (the lapic timer, an IPI) on
# top of it; "pids: P1 P2 ..." one of those tasks, likewise. Under TCG
# another interrupt may take the latency instead (a local_timer handler stopped for ms by
# the guest's noise); such a spike is not the culprit's, and a check of the culprit waits
# for one that is (SHARE_MIN per cent at least).
SHARE_MIN=50
share() {
	echo "0 $2 $3 $4" | share_list "$1" /dev/stdin "$5" | cut -d' ' -f2
}
# share_list TEXT LIST WHAT: share for many spans in one pass over TEXT (an --explain run's
# windows, tens of MB: one awk per spike is minutes under TCG); LIST lines "ID CPU FROM_NS
# TO_NS", printed back as "ID PERCENT" (in the order of FROM)
share_list() {
	sort -n -k3 "$2" | awk -v what="$3" -v irq="$irq" '
		function ours(k,  d, tk, s) {
			d = depth[k]; tk = task[k]; s = st[k, d]
			if (what == "busy") return d == 0 && tk == "busyloop"
			if (what ~ /^pids:/) return d == 0 && index(what " ", " " tpid[k] " ")
			if (what == "idle") return d == 0 && index(tk, "swapper/") == 1
			if (what == "idleirq")
				return index(tk, "swapper/") == 1 && (d == 0 || s == "vector")
			if (d > 0 && s == "irq " irq) return 1
			if (d > 0 && s == "soft 4") return 1
			return (d == 0 || s ~ /^soft/) && index(tk, "irq/" irq "-") == 1
		}
		# the time from the CPU s last event to t, to each span of it that it overlaps
		function upto(k, t,  j, J, a, b, o) {
			if (seen[k]) {
				o = ours(k)
				for (j = lo[k]; j <= nk[k]; j++) {
					J = iv[k, j]
					if (from[J] >= t) break
					a = prev[k] > from[J] ? prev[k] : from[J]; b = t < to[J] ? t : to[J]
					if (o && b > a) sum[J] += b - a
				}
				while (lo[k] <= nk[k] && to[iv[k, lo[k]]] <= t) lo[k]++
			}
			prev[k] = t; seen[k] = 1
		}
		function arg(x,  i) {
			for (i = 1; i <= NF; i++) if (index($i, x "=") == 1) return substr($i, length(x) + 2)
			return ""
		}
		FILENAME == "-" {
			n++; id[n] = $1; k = $2 + 0; from[n] = $3; to[n] = $4
			iv[k, ++nk[k]] = n; if (!(k in lo)) lo[k] = 1
			next
		}
		# a saved window of its own: what the last one left open (an interrupt cut at its
		# end, the task on a CPU) is not this one s; the time to its first event is unseen
		/^# rtwhy: spike / {
			for (k in nk) { depth[k] = 0; task[k] = ""; tpid[k] = ""; seen[k] = 0 }
			next
		}
		{
			k = -1; t = -1; ev = ""
			for (i = 1; i <= NF; i++) {
				if (k < 0 && $i ~ /^\[[0-9][0-9][0-9]\]$/) k = substr($i, 2, 3) + 0
				if (t < 0 && $i ~ /^[0-9]+\.[0-9]+:$/) { t = $i * 1e9; ev = $(i + 1); continue }
			}
			if (k < 0 || t < 0 || !(k in nk)) next
			upto(k, t)
			if (ev == "sched_switch:") { task[k] = arg("next_comm"); tpid[k] = arg("next_pid") }
			else if (ev == "irq_handler_entry:") st[k, ++depth[k]] = "irq " arg("irq")
			else if (ev == "softirq_entry:") st[k, ++depth[k]] = "soft " arg("vec")
			else if (ev ~ /_entry:$/ && ev != "hrtimer_expire_entry:") st[k, ++depth[k]] = "vector"
			else if ((ev == "irq_handler_exit:" || ev == "softirq_exit:" ||
				  (ev ~ /_exit:$/ && ev != "hrtimer_expire_exit:")) && depth[k] > 0) depth[k]--
		}
		END {
			for (k in nk) upto(k, 1e30)
			for (J = 1; J <= n; J++)
				printf "%s %.0f\n", id[J], (to[J] > from[J] ? 100 * sum[J] / (to[J] - from[J]) : 0)
		}' - "$1"
}

# judge_run NAME PIDS [IRQ]: each spike of the --explain run NAME ($W/NAME.flat, .txt) by its
# events (seedjudge.awk, one pass, which says what each column is): lines "INDEX GAP_US LATE_US
# SHARE STALL_US TICK WOKEN_PCT WSHARE_PCT MISSED_US" in $W/NAME.judge; the culprit is one of
# PIDS, the busy loop when PIDS is "", the disk (IRQ's handler, BLOCK, irq/IRQ-) with IRQ.
# STALL_GAP_US (default TICK_GAP_US): the shortest silence STALL_US counts.
judge_run() {
	awk -F= '$1 ~ /^spikes\.[0-9]+\.(cpu|tid|deadline_ns|wake_ns)$/ {
			split($1, p, "."); v[p[2], p[3]] = $2; if (p[2] + 1 > nr) nr = p[2] + 1 }
		END { for (i = 0; i < nr; i++)
			print i, v[i, "cpu"], v[i, "tid"], v[i, "deadline_ns"], v[i, "wake_ns"] }' \
		"$W/$1.flat" | sort -n -k4 >"$W/$1.list"
	# the tick grid: ticks expire on it and come late, never early; of the 100 us step most
	# tick callbacks' base times fall in (and the step before), the earliest phase seen
	ph=$(sed -n 's/.*function=tick_[a-z_]* now=\([0-9]*\).*/\1/p' "$W/$1.txt" |
		awk -v p="$TICK_US" '{ v[NR] = ($1 / 1000) % p; n[int(v[NR] / 100)]++ }
			END { for (b in n) if (n[b] > m) { m = n[b]; best = b }
			      if (!m) exit
			      lo = best * 100 - 100; ph = best * 100 + 100
			      for (i in v) if (v[i] >= lo && v[i] < ph) ph = v[i]
			      printf "%d\n", ph }')
	awk -v tick="$TICK_GAP_US" -v stallgap="${STALL_GAP_US:-$TICK_GAP_US}" -v pids="$2" \
		-v disk="${3:-}" -v phase="$ph" -v period="$TICK_US" \
		-f /lab/seedjudge.awk "$W/$1.list" "$W/$1.txt" | sort -n >"$W/$1.judge"
}
# culprit_spike GAP WOKEN WSHARE MISSED: a judge_run line whose events show the culprit
# holding the CPU while the woken thread waited: no stretch without an event longer than a
# tick and no tick more than TICK_LATE_US late (the vCPU ran), and the culprit's run after the
# thread's wakeup (above its priority) at least SHARE_MIN per cent of the latency: the largest
# part, whatever the rest was (a timer TCG fired late, a silence shorter than a tick).
# Such a spike is the culprit's and is judged; the others are counted as the guest's noise
# or another task's.
culprit_spike() {
	! host_noise "$1" && [ "${4:-0}" -le "$TICK_LATE_US" ] && [ "${3:-0}" -ge "$SHARE_MIN" ] &&
		[ $((${2:-0} * ${3:-0})) -ge $((SHARE_MIN * 100)) ]
}

# ---- the seed: a busy loop per CPU, SCHED_OTHER threads, --explain ----
# Every spike of an --explain run is judged by what its events show (seedjudge.awk), not by
# rtwhy's verdict:
#   - the busy loop holding the CPU over most of the woken thread's wait (culprit_spike: no
#     stretch without an event longer than a tick, the wait at least half of the latency, the
#     busy loop at least SHARE_MIN per cent of it) until a tick switched the thread in: it
#     must be tick_wait naming the busy loop and the tick;
#   - the CPU silent for longer than a tick and its slack (SEED_STALL_GAP_US) over at least
#     half of the latency (a busy CPU takes a tick every 4 ms: the vCPU was not run): it must
#     be invisible, never a culprit named with confidence;
#   - anything else (a timer TCG fired late, a kernel thread in between) is not judged.
# The measuring thread is on CPU 1 and rtwhy's own threads on CPU 0 (--mainaffinity): an
# explaining thread sharing the measured CPU with the busy loop would be a culprit of its own.
# Runs until SEED_MIN spikes of the first kind or SEED_STALLS of the second were judged, 2 runs
# at most: on PREEMPT_RT the
# thread's timer runs in ktimers/N, whose switch-out picks the woken thread, and TCG's stalls
# make up nearly all spikes over the threshold.
SEED_MIN=3
# A silence judged as the vCPU not run: longer than a tick and the slack a busy CPU's tick may
# come late by, a quarter of a tick (rtwhy's rule, doc/mechanisms.md): up to that the task
# ran. 4648 us with the tick 906 us late (rt612) is the busy loop's run, and a 2-ms timer
# delay before it made it half the latency: judged invisible at TICK_GAP_US, rtwhy tick_wait.
SEED_STALL_GAP_US=$((TICK_US + TICK_US / 4))
SEED_STALLS=40 # stall-judged spikes that make one run enough (a run takes minutes under TCG)
s_seed() {
	busy 0
	busy 1
	sleep 0.3
	a=0 n=0 judged=0 right=0 stalls=0 inv=0 bad="" badst=""
	while [ $a -lt 2 ] && [ "$judged" -lt "$SEED_MIN" ] && [ "$stalls" -lt "$SEED_STALLS" ]; do
		a=$((a + 1))
		rtwhy_try seed-$a -t 1 -a 1 --mainaffinity=0 -i 5000 -D 6 -q --explain=2500
		f=$W/seed-$a.flat
		awk -f /lab/spikes.awk "$f" >"$W/seed-$a.spikes"
		STALL_GAP_US=$SEED_STALL_GAP_US judge_run seed-$a ""
		while read -r i gap late sh stall tk woken wsh miss; do
			n=$((n + 1))
			line=$(sed -n "$((i + 1))p" "$W/seed-$a.spikes")
			v=$(echo "$line" | cut -d'|' -f2)
			lat=$(awk -v i="$i" '$1 == i { printf "%.0f\n", ($5 - $4) / 1000 }' "$W/seed-$a.list")
			if [ "$stall" -gt 0 ] && [ $((stall * 2)) -ge "${lat:-0}" ]; then
				stalls=$((stalls + 1))
				case "$v" in invisible | incomplete) inv=$((inv + 1)) ;;
				*) badst="$badst${badst:+; }run $a spike $i: '$v' ($stall of $lat us silent)" ;;
				esac
				continue
			fi
			culprit_spike "$gap" "$woken" "$wsh" "$miss" && [ "$tk" = 1 ] || continue
			judged=$((judged + 1))
			c=$(echo "$line" | cut -d'|' -f3,4,8 | tr '|' ' ')
			t=$(echo "$line" | cut -d'|' -f14)
			case "$v $c|$t" in
			"tick_wait task busyloop other|"*"tick period 4000 us, HZ=250"*) right=$((right + 1)) ;;
			*) bad="$bad${bad:+; }run $a spike $i: '$v $c' (busy loop $wsh% of the wait): $t" ;;
			esac
		done <"$W/seed-$a.judge"
		note "run $a: $(wc -l <"$W/seed-$a.judge") spikes; so far $judged with the busy loop holding the CPU, $stalls with the CPU silent"
	done
	stop_started
	keep "seed-*"
	note "judged: $((judged + stalls)) of $n spikes ($judged the busy loop's, $stalls the CPU silent; the rest not judged: a timer TCG fired late, a kernel thread in between)"
	# one check over every spike whose events say what delayed it (the busy loop holding the
	# CPU until a tick, or the CPU silent): a quiet guest has no stall to judge, which is not a
	# check left unmade
	[ $((judged + stalls)) -gt 0 ] ||
		SKIP="none of $n spikes in $a runs showed the busy loop holding the CPU over the woken thread's wait until a tick, nor the CPU silent over most of the latency"
	verdict '[ "$right" = "$judged" ] && [ "$inv" = "$stalls" ]' \
		"every spike whose events show the busy loop holding the CPU: tick_wait, task busyloop other, tick period 4000 us, HZ=250 ($right of $judged${bad:+; $bad}); every spike whose CPU was silent for more than a tick and its slack ($SEED_STALL_GAP_US us) over most of the latency: invisible ($inv of $stalls${badst:+; $badst})"
	SKIP=""
}

# right_irq VERDICT IRQ PID COMM NAME: a spike of the disk IRQ, named right for this kernel
# (the verdict and its culprit, as spikes.awk gives them)
right_irq() {
	if threaded_kernel; then
		[ "$1" = irq_thread ] && [ "$2" = "$irq" ] && [ "$3" = "$tpid" ] &&
			case "$4" in "irq/$irq-"*) true ;; *) false ;; esac
	else
		{ [ "$1" = irq ] && [ "$2" = "$irq" ]; } || { [ "$1" = softirq ] && [ "$5" = BLOCK ]; }
	fi
}

# ---- the threaded IRQ culprit: disk load, FIFO 40 on the CPU that takes the disk IRQ ----
# Judged by most of rtwhy's verdicts that are not noise. judge_run can judge it by its windows
# (judge_run NAME "" IRQ: the disk as culprit), and did in stop 27's runs, which found two
# wrong answers (fixed) and one flaw of the judge (fixed); two kinds of spike where rtwhy said
# invisible and the window shows the disk still disagree (FINDINGS.md, stop 27): until they
# are read, the majority rule stays.
s_irqthread() {
	disk_load "$other"
	sleep 1
	a=0
	while [ $a -lt 3 ]; do
		a=$((a + 1))
		rtwhy_try irqthread-$a -a "$cpu" -p 40 -i 1000 -D 8 -q --explain=300 --buffer-kb=1024
		awk -f /lab/spikes.awk "$W/irqthread-$a.flat" >"$W/irqthread-$a.spikes"
		n=0 real=0 vkind=0 right=0 blocksoft=0 disk=0 incomplete=0
		while IFS='|' read -r i v ck comm name nirq pid pol prio blk dl csoft cpct text hint; do
			n=$((n + 1))
			[ "$v" = incomplete ] && incomplete=$((incomplete + 1))
			[ "$blk" != 0 ] && disk=$((disk + 1))
			# also the lapic timer's own handler: it says nothing of how the disk is named
			noise_verdict "$v" "$name" && continue
			real=$((real + 1))
			if threaded_kernel; then
				[ "$v" = irq_thread ] && vkind=$((vkind + 1))
				[ "$v" = softirq ] && [ "$name" = BLOCK ] && blocksoft=$((blocksoft + 1))
			else
				case "$v" in irq | softirq) vkind=$((vkind + 1)) ;; esac
				[ "$v" = irq_thread ] && blocksoft=$((blocksoft + 1))
			fi
			# the disk's BLOCK softirq run by ksoftirqd/N (the kernel defers it there
			# under load) is the disk's too: right when the culprit ran it in itself
			if right_irq "$v" "$nirq" "$pid" "$comm" "$name" ||
				{ [ "$csoft" = BLOCK ] && [ "$cpct" -ge 50 ]; }; then
				right=$((right + 1))
				case "$v" in irq_thread | irq | softirq) ;; *) vkind=$((vkind + 1)) ;; esac
			fi
		done <"$W/irqthread-$a.spikes"
		[ "$real" -ge 3 ] && [ "$disk" -ge 1 ] && break
		note "attempt $a: $real of $n spikes not noise, $disk with BLOCK softirq time, again"
	done
	# every try the guest's noise, or no spike of the disk: nothing to judge the verdicts by
	[ "$real" -ge 3 ] && [ "$disk" -ge 1 ] ||
		SKIP="$a tries, the last with $real spikes not noise and $disk with BLOCK time"
	stop_started
	keep "irqthread-*"
	tally=$(cut -d'|' -f2 "$W/irqthread-$a.spikes" | sort | uniq -c | awk '{printf " %s %s", $2, $1}')
	note "verdicts of $n spikes:$tally"
	note "judged: $real of $n spikes (the rest the guest's noise: $NOISE or the lapic timer's handler)"
	if threaded_kernel; then want=irq_thread; else want="irq or softirq"; fi
	verdict '[ "$real" -gt 0 ] && [ $((vkind * 2)) -gt "$real" ]' \
		"verdict $want in most spikes that are not guest noise ($vkind of $real)"
	if threaded_kernel; then
		desc="culprit irq/$irq-... (pid $tpid, IRQ $irq)"
	else
		desc="culprit IRQ $irq (hard IRQ) or its BLOCK softirq"
	fi
	verdict '[ "$real" -gt 0 ] && [ $((right * 2)) -gt "$real" ]' "$desc in most ($right of $real)"
	if threaded_kernel; then
		verdict '[ "$disk" -gt 0 ] && [ "$blocksoft" = 0 ]' \
			"BLOCK softirq time, which runs in irq/$irq-..., never a softirq verdict ($blocksoft of $real; $disk spikes with BLOCK time)"
	else
		verdict '[ "$disk" -gt 0 ] && [ "$blocksoft" = 0 ]' \
			"no irq_thread verdict on a kernel without IRQ threads ($blocksoft of $real; $disk spikes with BLOCK time)"
	fi
	SKIP=""
	verdict '[ "$n" -gt 0 ] && [ $((incomplete * 2)) -le "$n" ]' \
		"--explain: at most half the spikes incomplete ($incomplete of $n)"
}

# ---- above the IRQ thread: -p 60 never waits for it ----
s_p60() {
	disk_load "$other"
	sleep 1
	a=0 n=0
	while [ $a -lt 2 ] && [ "${n:-0}" = 0 ]; do
		a=$((a + 1))
		rtwhy_try p60-$a -a "$cpu" -p 60 -i 1000 -D 6 -q --explain=300 --buffer-kb=1024
		f=$W/p60-$a.flat
		n=$(nr_spikes "$f")
	done
	stop_started
	keep "p60-*"
	[ "${n:-0}" -gt 0 ] || SKIP="no spike above 300 us in $a tries: nothing to judge"
	# irq/25 (FIFO 50) holds a FIFO 60 thread off only where it cannot be preempted (without
	# PREEMPT_RT its BLOCK softirq, run with BH off; a spinlock): non_preemptible, never
	# irq_thread, whose hint asks for a priority the thread has
	awk -f /lab/spikes.awk "$f" >"$W/p60.spikes"
	bad=0
	while IFS='|' read -r i v ck comm name nirq pid pol prio blk dl csoft cpct text hint; do
		[ "$v" = irq_thread ] || continue
		bad=$((bad + 1))
	done <"$W/p60.spikes"
	tally=$(sed -n 's/^spikes\.[0-9]*\.verdict\.kind=//p' "$f" | sort | uniq -c |
		awk '{printf " %s %s", $2, $1}')
	verdict '[ "${n:-0}" -gt 0 ] && [ "$bad" = 0 ]' \
		"-p 60, above the IRQ threads: no irq_thread verdict (an IRQ thread below it is non_preemptible; $bad of ${n:-0} spikes:$tally)"
}

# ---- an RT hog above the measuring thread ----
s_rthog() {
	start_bg taskset -c "$cpu" chrt -f 80 spinner 3000 20000 600
	sleep 0.3
	hogpid=$(pidof spinner)
	ST_PIDS=$hogpid
	spike_tries rthog 6 -a "$cpu" -p 50 -i 1000 -D 20 -q -b 1500
	ST_PIDS=""
	SKIP=$noise_skip
	stop_started
	keep "rthog-*"
	verdict '[ "$v" = higher_priority ]' "verdict higher_priority (got '$v')"
	c="$(culprit_get "$f" 0 comm) $(culprit_get "$f" 0 pid) $(culprit_get "$f" 0 policy) $(culprit_get "$f" 0 prio)"
	verdict '[ "$c" = "spinner $hogpid fifo 80" ]' "culprit the hog, spinner $hogpid fifo 80 (got '$c')"
}

# ---- RT throttling: a FIFO 1 task that never sleeps on the CPU of a FIFO 99 thread ----
# Once the RT tasks of a CPU used sched_rt_runtime_us (950 ms) of a second, the kernel stops
# every one of them, the measuring thread too, until sched_rt_period_timer refills the
# budget: ~50 ms once a second. 6.1 has no fair server (6.12+): the CPU idles or runs fair
# tasks meanwhile, which is what the verdict must not blame. The main thread runs on the
# other CPU (on the hog's it would run only while RT is throttled). On PREEMPT_RT the hog is
# SCHED_RR 1: FIFO 1 is the priority of ktimers/N and rcuc/N there, and a FIFO 1 task that
# never sleeps, queued before them, keeps them off its CPU for good (its timers never expire:
# a first lab run hung so). An RR task goes to the back of its queue every 100 ms, and never
# sleeps all the same.
s_throttle() {
	rtw=$(cat /proc/sys/kernel/sched_rt_runtime_us)
	if [ "$KIND" = rt ]; then pol=r hogpol=rr; else pol=f hogpol=fifo; fi
	start_bg taskset -c "$cpu" chrt -$pol 1 spinner 0 0 600
	sleep 0.5
	hogpid=$(pidof spinner)
	spike_tries throttle 3 -a "$cpu" --mainaffinity="$other" -p 99 -i 1000 -D 4 -q -b 20000
	rtwhy check --json="$W/throttle-check.json" >"$W/throttle-check.out" 2>&1
	stop_started
	# the hog used this period's budget: the next scenario starts in a fresh one (CI saw
	# dlhog's first spike right after, an RT thread throttled with no RT task in sight)
	sleep 1.1
	jflat "$W/throttle-check.json" >"$W/throttle-check.flat"
	chk() { check_get "$W/throttle-check.flat" "$@"; }
	# the knobs do not depend on the guest's noise: never skipped
	ru=$(chk rt_throttling runtime_us) rf=$(chk rt_throttling runaway_fifo)
	verdict '[ "$ru" = "$rtw" ] && [ "$rf" = throttled ]' \
		"check: rt_throttling $rtw us, a runaway FIFO task throttled (got '$ru', '$rf')"
	fs=$(chk fair_server kernel_has_server)
	verdict '[ "$fs" = false ]' "check: fair_server: 6.1 has none (got kernel_has_server '$fs')"
	SKIP=$noise_skip
	keep "throttle-*"
	verdict '[ "$v" = rt_throttled ]' "verdict rt_throttled (got '$v')"
	c="$(culprit_get "$f" 0 comm) $(culprit_get "$f" 0 pid) $(culprit_get "$f" 0 policy) $(culprit_get "$f" 0 prio)"
	verdict '[ "$c" = "spinner $hogpid $hogpol 1" ]' \
		"culprit the task that used the budget, spinner $hogpid $hogpol 1 (got '$c')"
	lat=$(spike_get "$f" 0 latency_us)
	verdict 'awk -v l="${lat:-0}" "BEGIN { exit !(l > 20000 && l < 110000) }"' \
		"latency the ~50 ms the budget leaves, 20-110 ms (got '${lat:-none}' us)"
	text="$(spike_get "$f" 0 verdict.text) $(spike_get "$f" 0 verdict.hint)"
	verdict 'case "$text" in *sched_rt_runtime_us*) true ;; *) false ;; esac' \
		"the verdict names the knob, sched_rt_runtime_us"
}

# ---- SCHED_DEADLINE above a FIFO 99 thread ----
# Two dlhog (5 ms of every 50 ms, spinning) run ahead of every RT task: ~5 ms spikes. A DL
# task cannot be pinned, and two of 10% each both fit on one CPU: unless their periods
# overlap, both stay where they began, and a thread on the other CPU never meets them (a lab
# run's 4 tries on rt: no dlhog on the measured CPU in any window, every spike the guest's
# stall). So a FIFO 99 thread on every CPU (-S): whichever CPU they run on. The hint must not
# offer a higher RT priority.
# Every spike of an --explain run whose window shows a dlhog on the spike's CPU over half the
# latency (share, by the events of its --save-trace) is judged: higher_priority naming that
# dlhog, SCHED_DEADLINE, no RT priority in the hint; the others (the guest's stalls, which make
# most spikes over the threshold: 4 -b tries on threadirqs in one lab run met no dlhog) are
# counted as noise. Under TCG a vCPU that spins in user space takes its ticks milliseconds
# late, so nearly every spike a dlhog holds has a stall inside the dlhog's run (43 of 417 in a
# lab run, each with a tick 4.1-4.3 ms late): the run is as long as its runtime, which rtwhy
# reads live (sched_getattr), so the stall is the dlhog's time (blame_holder.h), judged too.
DLHOG_MIN=3 # judged spikes that make one run enough
# Of the judged, the share rtwhy must name right: the window's share counts a silence inside
# the dlhog's run as the dlhog's, rtwhy the silence past a due tick (TCG's late tick) beyond
# what the dlhog's reservation explains as the stall's, so a spike whose silence is half its
# latency or more is the stall's by rtwhy and the dlhog's by the share (3 of 172 on 6.1-rt, 1
# of 197 on threadirqs, 11 of 212 on plain in one lab run): each such one is listed
DLHOG_RIGHT_PCT=90
s_dlhog() {
	start_bg dlhog 5000 50000 600
	start_bg dlhog 5000 50000 600
	sleep 0.5
	dls=" $(pidof dlhog) "
	a=0 n=0 judged=0 right=0 bad=""
	while [ $a -lt 2 ] && [ "$judged" -lt "$DLHOG_MIN" ]; do
		a=$((a + 1))
		rtwhy_try dlhog-$a -S -p 99 -i 1000 -D 3 -q --explain=3000
		f=$W/dlhog-$a.flat
		# each spike's span, from its deadline for its latency, and the dlhogs' share of it
		awk -F= '$1 ~ /^spikes\.[0-9]+\.(cpu|deadline_ns|latency_us)$/ {
				split($1, p, "."); v[p[2], p[3]] = $2; if (p[2] + 1 > nr) nr = p[2] + 1 }
			END { for (i = 0; i < nr; i++) printf "%d %d %.0f %.0f\n", i, v[i, "cpu"],
				v[i, "deadline_ns"], v[i, "deadline_ns"] + v[i, "latency_us"] * 1000 }' \
			"$f" >"$W/dlhog-$a.spans"
		share_list "$W/dlhog-$a.txt" "$W/dlhog-$a.spans" "pids: $dls" >"$W/dlhog-$a.shares"
		# one line a spike: "INDEX|SHARE|VERDICT|COMM POLICY|PID|TEXT|HINT" (one awk pass:
		# a sed per spike and field over the flat JSON took minutes under TCG)
		awk 'FNR == NR { sh[$1] = $2; next }
			{ e = index($0, "="); k = substr($0, 1, e - 1); v = substr($0, e + 1)
			  if (split(k, p, ".") < 4 || p[1] != "spikes") next
			  i = p[2]; if (i + 1 > nr) nr = i + 1
			  if (p[3] == "verdict") vd[i, p[4]] = v
			  else if (p[3] == "culprits") cu[i, p[4], p[5]] = v }
			END { for (i = 0; i < nr; i++) { c = vd[i, "culprit"]
				printf "%d|%d|%s|%s %s|%s|%s|%s\n", i, sh[i], vd[i, "kind"],
					cu[i, c, "comm"], cu[i, c, "policy"], cu[i, c, "pid"],
					vd[i, "text"], vd[i, "hint"] } }' \
			"$W/dlhog-$a.shares" "$f" >"$W/dlhog-$a.judge"
		nr=0
		while IFS='|' read -r i sh v c cp text hint; do
			nr=$((nr + 1))
			n=$((n + 1))
			if [ "${sh:-0}" -ge "$SHARE_MIN" ]; then
				judged=$((judged + 1))
				if [ "$v" = higher_priority ] && [ "$c" = "dlhog deadline" ] &&
					case "$dls" in *" $cp "*) true ;; *) false ;; esac &&
					case "$text" in *"before every RT task"*) true ;; *) false ;; esac &&
					case "$hint" in *"(-p)"* | *"priority above"* | "") false ;; *) true ;; esac; then
					right=$((right + 1))
				else
					bad="$bad${bad:+; }run $a spike $i (a dlhog $sh%): '$v $c $cp' $(echo "$text" | cut -c1-160)"
				fi
			fi
		done <"$W/dlhog-$a.judge"
		note "run $a: $nr spikes; so far $judged with a dlhog holding the CPU over half the latency"
	done
	stop_started
	keep "dlhog-*"
	note "judged: $judged of $n spikes (the others the guest's noise: no dlhog on the CPU over half the latency)"
	[ "$judged" -gt 0 ] ||
		SKIP="none of $n spikes in $a runs showed a dlhog holding the CPU over half the latency"
	verdict '[ $((right * 100)) -ge $((judged * DLHOG_RIGHT_PCT)) ]' \
		"of the spikes whose window shows a dlhog on the CPU over half the latency, $DLHOG_RIGHT_PCT% at least: higher_priority naming it, SCHED_DEADLINE, 'before every RT task', no RT priority in the hint ($right of $judged${bad:+; the others: $bad})"
	SKIP=""
}

# ---- priority inheritance: a FIFO 10 lock holder boosted to 90 above a FIFO 50 thread ----
# pilock's FIFO 10 thread holds a PTHREAD_PRIO_INHERIT mutex (FUTEX_LOCK_PI: an rt_mutex) for
# 3 ms, its FIFO 90 thread blocks on it every 7 ms and boosts it (sched_pi_setprio), all on
# the measured CPU: the holder runs ahead of the measuring thread while boosted. Every spike of
# an --explain run whose events show the holder holding the CPU while the woken thread waited
# (judge_run, culprit_spike) is judged: a FIFO 10 task runs ahead of a FIFO 50 one only boosted.
s_piboost() {
	start_bg pilock -m pi -c "$cpu" -L 10 -H 90 -h 3000 -g 2000 -i 7000 -D 60 \
		>"$W/piboost.pilock"
	sleep 0.5
	low=$(sed -n 's/^pilock: low tid=\([0-9]*\).*/\1/p' "$W/piboost.pilock")
	high=$(sed -n 's/^pilock: high tid=\([0-9]*\).*/\1/p' "$W/piboost.pilock")
	rtwhy_try piboost -a "$cpu" --mainaffinity="$other" -p 50 -i 1000 -D 4 -q --explain=1500
	stop_started
	verdict '[ -n "$low" ] && [ -n "$high" ]' "pilock told its tids (low ${low:-?}, high ${high:-?})"
	f=$W/piboost.flat
	awk -f /lab/spikes.awk "$f" >"$W/piboost.spikes"
	judge_run piboost "${low:-none}"
	n=0 judged=0 rv=0 rc=0 rtx=0 bad="" badc="" badt=""
	while read -r i gap late sh stall tk woken wsh miss; do
		n=$((n + 1))
		culprit_spike "$gap" "$woken" "$wsh" "$miss" || continue
		judged=$((judged + 1))
		line=$(sed -n "$((i + 1))p" "$W/piboost.spikes")
		v=$(echo "$line" | cut -d'|' -f2)
		c=$(echo "$line" | cut -d'|' -f7,8,9 | tr '|' ' ')
		text=$(echo "$line" | cut -d'|' -f14)
		if [ "$v" = pi_boost ]; then rv=$((rv + 1)); else bad="$bad${bad:+; }spike $i: '$v' (holder $wsh% of the wait)"; fi
		if [ "$c" = "$low fifo 10" ]; then rc=$((rc + 1)); else badc="$badc${badc:+; }spike $i: '$c'"; fi
		case "$text" in
		*"$high"*90* | *90*"$high"*) rtx=$((rtx + 1)) ;;
		*) badt="$badt${badt:+; }spike $i" ;;
		esac
	done <"$W/piboost.judge"
	note "judged: $judged of $n spikes (the holder holding the CPU over most of the woken thread's wait; the rest the guest's noise or another task's)"
	[ "$judged" -gt 0 ] || SKIP="none of $n spikes showed the holder holding the CPU over most of the woken thread's wait"
	keep piboost
	verdict '[ "$rv" = "$judged" ]' \
		"every spike whose events show the holder $low holding the CPU: pi_boost ($rv of $judged${bad:+; $bad})"
	verdict '[ "$rc" = "$judged" ]' \
		"culprit the holder, $low fifo 10 ($rc of $judged${badc:+; $badc})"
	verdict '[ "$rtx" = "$judged" ]' \
		"the text names the booster, $high, and the boost to 90 ($rtx of $judged${badt:+; not: $badt})"
	SKIP=""
}

# ct_deadline TEXT TID: the thread's last hrtimer_wakeup deadline before the marker (ns,
# CLOCK_MONOTONIC: softexpires, the time it asked for)
ct_deadline() {
	awk -v tid="$2" '
		/tracing_mark_write: hit latency threshold/ { print d; exit }
		/hrtimer_start:/ && /function=hrtimer_wakeup/ && $1 ~ ("-" tid "$") {
			for (i = 1; i <= NF; i++) if ($i ~ /^softexpires=/) d = substr($i, 13)
		}' "$1"
}

# ct_gap TEXT TID: max_gap on the break thread's CPU from its deadline to its marker
ct_gap() {
	d=$(ct_deadline "$1" "$2")
	m=$(awk -v tid="$2" '/tracing_mark_write: hit latency threshold/ && $1 ~ ("-" tid "$") {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) c = substr($i, 2, length($i) - 2) + 0
			if ($i ~ /^[0-9]+\.[0-9]+:$/) { printf "%d %.0f\n", c, $i * 1e9; exit }
		} }' "$1")
	[ -n "$d" ] && [ -n "$m" ] && max_gap "$1" "${m% *}" "$d" "${m#* }"
}

# ct_irq_late TEXT TID: irq_late on the break thread's CPU, from its deadline
ct_irq_late() {
	d=$(ct_deadline "$1" "$2")
	c=$(awk -v tid="$2" '/tracing_mark_write: hit latency threshold/ && $1 ~ ("-" tid "$") {
		for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) { print substr($i, 2, length($i) - 2) + 0; exit } }' "$1")
	[ -n "$d" ] && [ -n "$c" ] && irq_late "$1" "$c" "$d"
}

# ct_wake_late TEXT TID: wake_late of the break thread, from its deadline
ct_wake_late() {
	d=$(ct_deadline "$1" "$2")
	[ -n "$d" ] && wake_late "$1" "$2" "$d"
}

# ct_marker TEXT TID: "CPU LATENCY" (us) of the break thread's marker
ct_marker() {
	awk -v tid="$2" '/tracing_mark_write: hit latency threshold/ && $1 ~ ("-" tid "$") {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) c = substr($i, 2, length($i) - 2) + 0
			if ($i == "threshold") l = substr($(i + 1), 2) + 0
		}
		print c, l; exit }' "$1"
}

# ct_share TEXT TID WHAT: share on the break thread's CPU from its deadline to its wake
# time (deadline + the marker's latency, in us)
ct_share() {
	d=$(ct_deadline "$1" "$2")
	m=$(ct_marker "$1" "$2")
	[ -n "$d" ] && [ -n "$m" ] && share "$1" "${m% *}" "$d" "$((d + ${m#* } * 1000))" "$3"
}
ct_what() { if [ "$CT_WANT" = seed ]; then echo busy; else echo disk; fi; }

# ct_stall TEXT TID: "STALL LATENCY" (us) of the break thread's spike: how much of the latency
# lies in one stretch with no event on its CPU longer than a tick (seedjudge.awk), and the
# latency the marker says. A spike with STALL at least half of LATENCY is the guest's stall:
# rtwhy must call it invisible, and no culprit.
ct_stall() {
	d=$(ct_deadline "$1" "$2")
	m=$(ct_marker "$1" "$2")
	[ -n "$d" ] && [ -n "$m" ] || return 0
	echo "0 ${m% *} $2 $d $((d + ${m#* } * 1000))" >"$W/ct-stall.list"
	st=$(awk -v tick="$TICK_GAP_US" -f /lab/seedjudge.awk "$W/ct-stall.list" "$1" | cut -d' ' -f5)
	echo "${st:-0} ${m#* }"
}
# ct_stalled STALL LATENCY: the guest's stall over at least half of the latency
ct_stalled() { [ "${1:-0}" -gt 0 ] && [ $(($1 * 2)) -ge "${2:-0}" ]; }

# ct_held_off TEXT TID: "SILENT LATE LATENCY" (us) of the break thread's spike: its timer
# interrupt came LATE after the deadline, and its CPU showed no event at all for SILENT of
# that wait (silence.awk). Nothing the trace can show holds a timer interrupt off without an
# event (a handler, a softirq, a switch): interrupts were off or the vCPU did not run.
ct_held_off() {
	ho_d=$(ct_deadline "$1" "$2")
	ho_m=$(ct_marker "$1" "$2")
	ho_l=$(ct_irq_late "$1" "$2")
	[ -n "$ho_d" ] && [ -n "$ho_m" ] && [ -n "$ho_l" ] || return 0
	ho_s=$(awk -v cpu="${ho_m% *}" -v from="$(awk -v d="$ho_d" 'BEGIN { printf "%.9f", d / 1e9 }')" \
		-v to="$(awk -v d="$ho_d" -v l="$ho_l" 'BEGIN { printf "%.9f", (d + l * 1000) / 1e9 }')" \
		-f /lab/silence.awk "$1")
	echo "${ho_s:-0} $ho_l ${ho_m#* }"
}
# ct_held SILENT LATE LATENCY: the interrupt more than TIMER_LATE_US late, the CPU silent for
# at least half of the latency, and the thread on its way at once after the interrupt (its
# lateness 80% of the latency or more): a task above the thread that held the CPU on after the
# interrupt held it before too, and the late interrupt changed nothing (a threadirqs ctirq try:
# irq/25 ran 800 us after a late interrupt; rtwhy's irq_thread is right)
ct_held() {
	[ "${2:-0}" -gt "$TIMER_LATE_US" ] && [ "${1:-0}" -gt 0 ] && [ $(($1 * 2)) -ge "${3:-0}" ] &&
		[ $(($2 * 5)) -ge $((${3:-0} * 4)) ]
}

# ct_noise_judged ATTEMPT IDLE_PCT SILENT LATE LATENCY: a try with no culprit judged by its
# events (from the third try on; the first two wait for the culprit): the timer interrupt held
# off with the CPU silent (ct_held_off's three numbers: CT_EXPECT=invisible), or the CPU idle
# for IDLE_PCT (ct_share's) of the latency, most of it (CT_EXPECT=idle); said. Status 0 when
# it is so judged.
ct_noise_judged() {
	if ct_held "${3:-0}" "${4:-0}" "${5:-0}"; then
		CT_EXPECT=invisible CT_STALL="the timer interrupt $4 us late, the CPU silent for $3 of the $5 us"
		note "attempt $1 judged: $CT_STALL"
		return 0
	fi
	[ "${2:-0}" -ge "$SHARE_MIN" ] || return 1
	CT_EXPECT=idle CT_IDLE="idle $2% of it"
	note "attempt $1 judged: the CPU $CT_IDLE"
}

# ct_judge NAME FORM FILE TID: analyze FILE; lines for the verdict and for the deadline
ct_judge() {
	name=$1 form=$2 file=$3 tid=$4
	timeout 60 rtwhy analyze --json="$W/$name.json" "$file" >"$W/$name.out" 2>&1
	if [ -s "$W/$name.json" ]; then jflat "$W/$name.json" >"$W/$name.flat"; else : >"$W/$name.flat"; fi
	f=$W/$name.flat
	v=$(spike_get "$f" 0 verdict.kind)
	# reading the file and the deadline do not depend on the guest's noise: never skipped
	skip=$SKIP SKIP=""
	verdict '[ -n "$v" ]' \
		"analyze $form: read, a spike explained$(grep -m1 '^rtwhy: cannot' "$W/$name.out" | sed 's/^/ (got: /; s/$/)/')"
	got=$(spike_get "$f" 0 deadline_ns)
	d=$(awk -v a="${got:-0}" -v b="${CT_DEADLINE:-0}" 'BEGIN { x = a - b; if (x < 0) x = -x; printf "%.1f", x / 1000 }')
	verdict '[ -n "$got" ] && [ -n "$CT_DEADLINE" ] && awk -v d="$d" "BEGIN { exit !(d <= 1) }"' \
		"analyze $form: deadline the thread's hrtimer_start softexpires $CT_DEADLINE (got '${got:-none}', $d us off)"
	SKIP=$skip
	if [ "${CT_EXPECT:-}" = invisible ]; then
		c="$(culprit_get "$f" 0 kind) $(culprit_get "$f" 0 comm)$(culprit_get "$f" 0 name)"
		verdict 'case "$v" in invisible | incomplete) true ;; *) false ;; esac' \
			"analyze $form: the CPU silent for most of the latency ($CT_STALL): invisible, no culprit named (got '$v $c')"
	elif [ "${CT_EXPECT:-}" = idle ]; then
		c="$(culprit_get "$f" 0 kind) $(culprit_get "$f" 0 comm)$(culprit_get "$f" 0 name)"
		verdict 'case "$v" in idle_exit | invisible | incomplete) true ;; *) false ;; esac' \
			"analyze $form: the CPU idle over most of the latency ($CT_IDLE): idle_exit or invisible, nothing named that did not run (got '$v $c')"
	elif [ "$CT_WANT" = seed ]; then
		c="$(culprit_get "$f" 0 kind) $(culprit_get "$f" 0 comm)"
		verdict '[ "$v $c" = "tick_wait task busyloop" ]' \
			"analyze $form: tick_wait, task busyloop (got '$v $c'$(grep -m1 '^rtwhy: cannot' "$W/$name.out" | sed 's/^/; /'))"
	else
		if threaded_kernel; then want="irq_thread irq/$irq-..."; else want="irq $irq or softirq BLOCK"; fi
		c="$(culprit_get "$f" 0 comm)$(culprit_get "$f" 0 name) $(culprit_get "$f" 0 irq)"
		# the disk's BLOCK softirq run by ksoftirqd/N is the disk's too (as in s_irqthread):
		# right when the culprit ran it in itself for most of its time
		csoft=$(culprit_get "$f" 0 softirq)
		cpct=$(awk -v s="$(culprit_get "$f" 0 softirq_us)" -v u="$(culprit_get "$f" 0 us)" \
			'BEGIN { printf "%d", (u > 0 ? 100 * s / u : 0) }')
		[ "$csoft" = BLOCK ] && c="$c, $cpct% of it the BLOCK softirq"
		verdict 'right_irq "$v" "$(culprit_get "$f" 0 irq)" "$(culprit_get "$f" 0 pid)" \
			"$(culprit_get "$f" 0 comm)" "$(culprit_get "$f" 0 name)" ||
			{ [ "$csoft" = BLOCK ] && [ "$cpct" -ge 50 ]; }' \
			"analyze $form: $want, or the BLOCK softirq run in its culprit (got '$v $c'$(grep -m1 '^rtwhy: cannot' "$W/$name.out" | sed 's/^/; /'))"
	fi
}

# ct_scenario seed|irq: cyclictest -b --tracemark under trace-cmd (start; the run; the
# kernel's trace file; trace-cmd extract of the same buffer); analyze both
CT_EVENTS="-e sched -e irq -e timer -e irq_vectors"
# small_kallsyms: /proc/kallsyms as trace-cmd sees it, cut to the timer callbacks and marker
# functions the events name (and the symbol after each, which bounds its range): the
# trace.dat files stay small enough to keep as fixtures (4 MB of symbols otherwise)
small_kallsyms() {
	awk '$3 ~ /(timer|_fn$|wakeup|tracing_mark|watchdog)/ { print; keep = 1; next }
		keep { print; keep = 0 }' /proc/kallsyms >"$W/kallsyms"
	mount --bind "$W/kallsyms" /proc/kallsyms
}
full_kallsyms() { umount /proc/kallsyms 2>/dev/null; }
ct_scenario() {
	CT_WANT=$1
	ct_skip=""
	if [ "$CT_WANT" = seed ]; then
		busy 0
		busy 1
		args="-t 2 -i 5000 -d 5000 -D 30 -q -b 2500"
	else
		disk_load "$other"
		args="-a $cpu -p 40 -i 1000 -D 20 -q -b 300"
	fi
	trace-cmd start -C mono -b 4096 $CT_EVENTS >"$W/ct-start.log" 2>&1
	a=0
	while [ $a -lt 6 ]; do
		a=$((a + 1))
		n=ct$CT_WANT-$a
		echo >"$T/trace"
		echo 1 >"$T/tracing_on"
		# shellcheck disable=SC2086
		timeout 60 cyclictest $args --tracemark >"$W/$n.log" 2>&1
		cat "$T/trace" >"$W/$n.trace.txt"
		tid=$(sed -n 's/^# Break thread: //p' "$W/$n.log")
		gap=$(ct_gap "$W/$n.trace.txt" "$tid")
		late=$(ct_irq_late "$W/$n.trace.txt" "$tid")
		if [ "$CT_WANT" = seed ]; then
			wl=$(ct_wake_late "$W/$n.trace.txt" "$tid")
			[ "${wl:-0}" -gt "${late:-0}" ] && late=$wl
		fi
		sh=$(ct_share "$W/$n.trace.txt" "$tid" "$(ct_what)")
		CT_EXPECT="" CT_STALL=$(ct_stall "$W/$n.trace.txt" "$tid")
		# shellcheck disable=SC2086
		if [ -n "$tid" ] && ct_stalled $CT_STALL; then
			CT_EXPECT=invisible CT_STALL="${CT_STALL% *} of ${CT_STALL#* } us"
			note "attempt $a judged: the CPU silent for $CT_STALL of the latency (the guest's stall)"
			break
		fi
		[ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" &&
			[ "${late:-0}" -le "$TIMER_LATE_US" ] && [ "${sh:-0}" -ge "$SHARE_MIN" ] && break
		# shellcheck disable=SC2046
		[ -n "$tid" ] && [ $a -ge 3 ] && ct_noise_judged "$a" \
			"$(ct_share "$W/$n.trace.txt" "$tid" idle)" $(ct_held_off "$W/$n.trace.txt" "$tid") &&
			break
		note "attempt $a: break thread '${tid:-none}', no event on its CPU for ${gap:-?} us, the timer (interrupt or the thread's wakeup) ${late:-?} us after the deadline, the $(ct_what) culprit ${sh:-?}% of the latency (guest noise or another culprit), again"
	done
	[ -n "$CT_EXPECT" ] || { [ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" &&
		[ "${late:-0}" -le "$TIMER_LATE_US" ] && [ "${sh:-0}" -ge "$SHARE_MIN" ]; } || ct_skip=1
	# the same buffer as trace.dat (trace-cmd extract stops the tracing it set up: last)
	small_kallsyms
	trace-cmd extract -o "$W/$n.dat" >/dev/null 2>&1
	full_kallsyms
	trace-cmd reset >/dev/null 2>&1
	echo 1 >"$T/tracing_on"
	stop_started
	verdict '[ -n "$tid" ]' "cyclictest -b --tracemark stopped at a spike (break thread ${tid:-none})"
	[ -n "${ct_skip:-}" ] && SKIP="none of $a tries free of guest noise with the $(ct_what) culprit in the events"
	CT_DEADLINE=$(ct_deadline "$W/$n.trace.txt" "$tid")
	ct_judge "$n.dat" trace.dat "$W/$n.dat" "$tid"
	ct_judge "$n.text" "text (kernel trace file)" "$W/$n.trace.txt" "$tid"
	keep "ct$CT_WANT-*"
}
s_ctseed() { ct_scenario seed; }
s_ctirq() { ct_scenario irq; }

# ---- the same seed under trace-cmd record; analyze trace.dat and trace-cmd report -l ----
s_ctrecord() {
	CT_WANT=seed
	busy 0
	busy 1
	a=0 v=""
	while [ $a -lt 3 ]; do
		a=$((a + 1))
		n=ctrecord-$a
		small_kallsyms
		# shellcheck disable=SC2086
		timeout 90 trace-cmd record -q -C mono -b 4096 $CT_EVENTS -o "$W/$n.dat" \
			cyclictest -t 2 -i 5000 -d 5000 -D 30 -q -b 2500 --tracemark >"$W/$n.log" 2>&1
		full_kallsyms
		tid=$(sed -n 's/^# Break thread: //p' "$W/$n.log")
		trace-cmd report "$W/$n.dat" >"$W/$n.plain.txt" 2>/dev/null
		gap=$(ct_gap "$W/$n.plain.txt" "$tid")
		late=$(ct_irq_late "$W/$n.plain.txt" "$tid")
		wl=$(ct_wake_late "$W/$n.plain.txt" "$tid")
		[ "${wl:-0}" -gt "${late:-0}" ] && late=$wl
		sh=$(ct_share "$W/$n.plain.txt" "$tid" busy)
		CT_EXPECT="" CT_STALL=$(ct_stall "$W/$n.plain.txt" "$tid")
		ho="" ish=0
		if [ -n "$tid" ]; then
			ho=$(ct_held_off "$W/$n.plain.txt" "$tid")
			ish=$(ct_share "$W/$n.plain.txt" "$tid" idle)
		fi
		rm -f "$W/$n.plain.txt"
		# shellcheck disable=SC2086
		if [ -n "$tid" ] && ct_stalled $CT_STALL; then
			CT_EXPECT=invisible CT_STALL="${CT_STALL% *} of ${CT_STALL#* } us"
			note "attempt $a judged: the CPU silent for $CT_STALL of the latency (the guest's stall)"
			break
		fi
		[ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" &&
			[ "${late:-0}" -le "$TIMER_LATE_US" ] && [ "${sh:-0}" -ge "$SHARE_MIN" ] && break
		# shellcheck disable=SC2086
		[ -n "$tid" ] && [ $a -ge 3 ] && ct_noise_judged "$a" "$ish" $ho && break
		note "attempt $a: break thread '${tid:-none}', no event on its CPU for ${gap:-?} us, the timer (interrupt or the thread's wakeup) ${late:-?} us after the deadline, the busy loop ${sh:-?}% of the latency (guest noise or another culprit), again"
	done
	echo 1 >"$T/tracing_on"
	stop_started
	trace-cmd report -l "$W/$n.dat" >"$W/$n.report.txt" 2>/dev/null
	verdict '[ -n "$tid" ]' "cyclictest -b --tracemark under trace-cmd record stopped at a spike"
	[ -n "$CT_EXPECT" ] || { [ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" &&
		[ "${late:-0}" -le "$TIMER_LATE_US" ] && [ "${sh:-0}" -ge "$SHARE_MIN" ]; } ||
		SKIP="none of $a tries free of guest noise with the busy loop the culprit in the events"
	CT_DEADLINE=$(ct_deadline "$W/$n.report.txt" "$tid")
	ct_judge "$n.dat" "trace.dat (record)" "$W/$n.dat" "$tid"
	ct_judge "$n.text" "text (trace-cmd report -l)" "$W/$n.report.txt" "$tid"
	keep "ctrecord-*"
}

# ---- rtla timerlat -a side by side (6.12 RT: rtla 6.12 in the initramfs, timerlat tracer) ----
# rla_run NAME CULPRIT ARGS...: rtla timerlat top -a with ARGS, saving its trace (-t) with the
# events rtwhy reads; then rtwhy analyze of that trace: the same spike, both tools' answers.
# Sets said (rtla's answer, rtla.awk's lines) and the flat JSON $W/rtla-NAME.flat. rtla's own
# process runs at FIFO 2: SCHED_OTHER, the busy loops starve it and it never reads the stop.
rla_run() {
	rn=$1
	shift
	rm -f "$W/rtla-$rn".*
	timeout -k 10 90 chrt -f 2 rtla timerlat top "$@" -d 20 -q -t "$W/rtla-$rn.txt" \
		-e sched -e irq -e timer -e irq_vectors >"$W/rtla-$rn.out" 2>&1
	awk -f /lab/rtla.awk "$W/rtla-$rn.out" >"$W/rtla-$rn.said"
	if [ -s "$W/rtla-$rn.txt" ]; then
		rtwhy analyze "$W/rtla-$rn.txt" --json="$W/rtla-$rn.json" >"$W/rtla-$rn.analyze" 2>&1
	fi
	if [ -s "$W/rtla-$rn.json" ]; then jflat "$W/rtla-$rn.json" >"$W/rtla-$rn.flat"; else : >"$W/rtla-$rn.flat"; fi
}
rla_get() { sed -n "s/^$2=//p" "$W/rtla-$1.said" | head -n 1; }
# rla_noword FLAT: what rtwhy's answer says that rtla's analysis has no word for (rtla names
# IRQs, softirqs, threads and NMIs by duration, never the scheduler's reason to run them)
rla_noword() {
	nv=$(spike_get "$1" 0 verdict.kind)
	cs() { spike_get "$1" 0 "causes.$2"; }
	case "$nv" in
	fair_server)
		echo "the fair server: it ran $(cs "$1" bandwidth.fair_comm) ahead of every RT task for $(awk -v u="$(cs "$1" bandwidth.held_us)" 'BEGIN { printf "%.1f", u / 1000 }') ms, RT tasks had starved it: $(cs "$1" bandwidth.budget_users.0.comm) $(cs "$1" bandwidth.budget_users.0.pid)" ;;
	rt_throttled)
		echo "RT throttling: the CPU's RT budget used by $(cs "$1" bandwidth.budget_users.0.comm) $(cs "$1" bandwidth.budget_users.0.pid)" ;;
	pi_boost)
		echo "the PI boost: holder $(cs "$1" pi.holder_pid) (fifo $(cs "$1" pi.holder_prio)) boosted to $(cs "$1" pi.boosted_to) by $(cs "$1" pi.waiter_pid)" ;;
	tick_wait) echo "the tick a fair wakeup waits for" ;;
	invisible | incomplete) echo "the guest's stall (no event on the CPU): rtla counts it in whatever part it fell" ;;
	irq_thread) echo "the IRQ behind the thread: IRQ $(culprit_get "$1" 0 irq)" ;;
	irq | softirq) echo "none: rtla names interrupts and softirqs too" ;;
	idle_exit) echo "none: rtla says exit from idle too" ;;
	non_preemptible) echo "that the task could not be preempted (need-resched set, not acted on); rtla's stack shows where" ;;
	higher_priority)
		if [ "$(culprit_get "$1" 0 policy)" = deadline ]; then
			echo "that SCHED_DEADLINE runs before every RT task (rtla: a thread like any other)"
		else
			echo "none: a higher priority, which rtla's thread name implies"
		fi ;;
	'') echo "-" ;;
	*) echo "$nv" ;;
	esac
}
# rla_window NAME KIND: when rtla names no culprit, what the window of its trace shows of the
# latency it stopped on (rtlawin.awk's span of its last sample of KIND, silence.awk), judged
# as the ct tries are (ct_held, SHARE_MIN); returns 0 with RW_EXP=invisible|held|idle|idleirq, RW_WHY,
# RW_FROM (the deadline, s) and RW_LAT (us) when the window decides, else 1 (RW_WHY says why):
# - the CPU showed no event for half the latency or more while the timer interrupt was due
#   and not taken (an IRQ stop's whole latency; for a thread stop the IRQ latency 80% of it):
#   held off with no trace of why, which no event names: invisible;
# - a thread stop whose silence of half the latency ended in rtla's own thread, which was on
#   the CPU through it (no switch, no interrupt came): nothing else ran: invisible;
# - a thread stop whose largest part by rtla is the IRQ handler delay (not from idle), the CPU
#   silent over 90% of it and half the latency: held off, RW_EXP=held: invisible, or the
#   blocking thread as higher_priority where it held the CPU from before the timer fired
#   (rtwhy's holder rule: what the thread waited for anyway);
# - the CPU idle over half the latency or more (the idle task, no interrupt on top: share):
#   nothing held it, idle_exit or invisible;
# - the CPU idle, in a vector's handler on top of idle, or running rtla's own thread over 90%
#   of it (RW_EXP=idleirq): no other task ran: idle_exit, invisible or irq (the handler: TCG
#   is slow in the lapic timer's).
rla_window() {
	RW_EXP="" RW_WHY="no timerlat sample of it in the trace" RW_FROM="" RW_LAT=0
	rwc=$(rla_get "$1" cpu)
	rwx=""
	[ "$2" = irq ] && rwx=irq
	rw=$(awk -v cpu="$rwc" -v pid=0 -v ctx="$rwx" -f /lab/rtlawin.awk "$W/rtla-$1.txt" 2>/dev/null)
	[ -n "$rw" ] || return 1
	# shellcheck disable=SC2086 # four fields
	set -- "$1" "$2" $rw
	RW_FROM=$4 rwto=$5 rwme=${6:-x}
	RW_LAT=$(awk -v a="$RW_FROM" -v b="$rwto" 'BEGIN { printf "%.0f", (b - a) * 1e6 }')
	rwf=$(awk -v a="$RW_FROM" 'BEGIN { printf "%.0f", a * 1e9 }') # share() takes ns
	rwt=$(awk -v a="$rwto" 'BEGIN { printf "%.0f", a * 1e9 }')
	# idle with no interrupt on top (rtlawin.awk counts an interrupt as the task it
	# interrupted, as rtla does: a timer handler TCG stalled in is not idle time)
	rwidle=$(share "$W/rtla-$1.txt" "$rwc" "$rwf" "$rwt" idle)
	# shellcheck disable=SC2046 # two fields
	set -- "$1" "$2" $(awk -v cpu="$rwc" -v from="$RW_FROM" -v to="$rwto" -v who=1 \
		-f /lab/silence.awk "$W/rtla-$1.txt")
	rwsil=${3:-0} rwby=${4:--1}
	rwirq=$(awk -v u="$(rla_get "$1" irq_us)" 'BEGIN { printf "%.0f", u }')
	[ "$2" = irq ] && rwirq=$RW_LAT
	RW_WHY="CPU $rwc silent $rwsil of its $RW_LAT us, the timer interrupt $rwirq us late, idle $rwidle% of it"
	if [ "$RW_LAT" -gt 0 ] && ct_held "$rwsil" "$rwirq" "$RW_LAT"; then
		RW_EXP=invisible RW_WHY="CPU $rwc showed no event for $rwsil of its $RW_LAT us, the timer interrupt $rwirq us late (held off)"
	elif [ "$2" = thread ] && [ "$RW_LAT" -gt 0 ] && [ $((rwsil * 2)) -ge "$RW_LAT" ] &&
		[ "$rwby" = "$rwme" ]; then
		RW_EXP=invisible RW_WHY="CPU $rwc showed no event for $rwsil of its $RW_LAT us with rtla's thread (pid $rwme) on it through the stretch (no switch, no interrupt)"
	elif [ "$2" = thread ] && [ "$(rla_get "$1" part)" = "IRQ handler delay" ] &&
		[ $((rwsil * 2)) -ge "$RW_LAT" ] && awk -v s="$rwsil" -v d="$(rla_get "$1" irq_delay_us)" \
		'BEGIN { exit !(d > 0 && s >= 0.9 * d) }'; then
		RW_EXP=held RW_WHY="CPU $rwc showed no event for $rwsil of its $RW_LAT us, over rtla's largest part, its IRQ handler delay of $(rla_get "$1" irq_delay_us) us (the interrupt held off)"
	elif [ "$rwidle" -ge "$SHARE_MIN" ]; then
		RW_EXP=idle RW_WHY="CPU $rwc idle $rwidle% of its $RW_LAT us"
	else
		rwii=$(share "$W/rtla-$1.txt" "$rwc" "$rwf" "$rwt" idleirq)
		rwown=$(share "$W/rtla-$1.txt" "$rwc" "$rwf" "$rwt" "pids: $rwme")
		[ $((rwii + rwown)) -ge 90 ] || return 1
		RW_EXP=idleirq RW_WHY="CPU $rwc idle $rwidle% of its $RW_LAT us, in a vector's handler on top of idle (the timer's: TCG is slow in it) $((rwii - rwidle))%, rtla's own thread $rwown%"
	fi
}
# rla_case NAME TRIES ARGS...: rla_run until rtla names a culprit, TRIES runs at most; then
# the check and a table row. rtla names a culprit when it stopped on the thread latency and
# its blocking thread (the task the timer interrupted) is not the idle task and holds half
# the latency or more, or its largest part is one thread's interference (a task that ran after
# the timer fired: a boosted lock holder), and the window of its trace agrees (rtlawin.awk:
# that task held the CPU over half of the last thread sample's [deadline, sample], by the
# events). Then rtwhy's answer for that spike must name the same task (by pid: rtla's comm can
# be stale), as its verdict's culprit, or, for a fair_server verdict, as the fair task the
# server ran (causes.bandwidth.fair_pid: the verdict's culprit is then the RT task that
# starved it, which made the server run). Where rtla names none (an IRQ-latency stop, the idle
# task, a small share, a task the window does not show holding the CPU), the window judges
# rtwhy's answer where it can (rla_window); else the row says so, and the check is a SKIP
# with why.
rla_case() {
	cn=$1 ct=$2
	shift 2
	k=0 named=""
	while [ $k -lt "$ct" ]; do
		k=$((k + 1))
		rla_run "$cn" "$@"
		blk=$(rla_get "$cn" blocking) pct=$(rla_get "$cn" blocking_pct) kd=$(rla_get "$cn" kind)
		part=$(rla_get "$cn" part) partus=$(rla_get "$cn" part_us)
		ws="" cand="" by=""
		if [ "$kd" = thread ] && [ -n "$blk" ] && awk -v p="${pct:-0}" 'BEGIN { exit !(p >= 50) }' &&
			case "$blk" in swapper/*) false ;; *) true ;; esac; then
			cand=$blk by="its blocking thread, $pct%"
		elif [ "$kd" = thread ]; then
			# rtla's largest part the interference of one thread (a task that ran in the
			# latency after the timer fired: a boosted lock holder, a task woken at a
			# higher priority): rtla names it too, with its time
			case "$part" in
			"thread interference "*:[0-9]*)
				cand=${part#thread interference }
				by="its largest part, thread interference $partus us" ;;
			esac
		fi
		if [ -n "$cand" ]; then
			ws=$(awk -v cpu="$(rla_get "$cn" cpu)" -v pid="${cand##*:}" -f /lab/rtlawin.awk \
				"$W/rtla-$cn.txt" 2>/dev/null | cut -d' ' -f1)
			[ -n "$ws" ] || ws="no thread sample in the trace: 0"
			if [ "${ws##* }" -ge 50 ]; then
				named=$cand
				break
			fi
			note "$cn try $k: rtla names '$cand' ($by) in a thread latency of $(rla_get "$cn" latency_us) us, but the window shows it on the CPU $ws% of it: not confirmed, again"
			continue
		fi
		note "$cn try $k: rtla's blocking thread '${blk:-none}' holds ${pct:-?}% of a ${kd:-?} latency of $(rla_get "$cn" latency_us) us, its largest part '${part:-none}': not a culprit rtla names, again"
	done
	f=$W/rtla-$cn.flat
	v=$(spike_get "$f" 0 verdict.kind)
	rc="$(culprit_get "$f" 0 comm):$(culprit_get "$f" 0 pid)"
	rk=$(culprit_get "$f" 0 kind)
	[ "$rc" = ":" ] && rc=""
	fp=$(spike_get "$f" 0 causes.bandwidth.fair_pid)
	# what rtwhy says the trace lacks, and what its lines lack
	miss=$(sed -n 's/.*has no .* events: record it with rtla timerlat \.\.\. -t FILE \(.*\)$/\1/p' \
		"$W/rtla-$cn.analyze" 2>/dev/null | head -n 1)
	lack=$(awk -f /lab/rtlaneed.awk "$W/rtla-$cn.txt" 2>/dev/null)
	cant=$(grep -m1 '^rtwhy: cannot' "$W/rtla-$cn.analyze" 2>/dev/null)
	if [ -n "$named" ]; then
		if [ -n "$rc" ] && [ "${rc##*:}" = "${named##*:}" ]; then
			same=yes
		elif [ "$v" = fair_server ] && [ "${fp:-x}" = "${named##*:}" ]; then
			same="yes: the fair task the server ran; rtwhy's culprit the RT task that starved it"
		else
			same=NO
		fi
		verdict 'case "$same" in yes*) true ;; *) false ;; esac' \
			"rtwhy analyze of rtla's trace names rtla's culprit $named ($by of $(rla_get "$cn" latency_us) us; on the CPU $ws% of it by the window): got $v '$rc'${fp:+ (fair task the server ran: pid $fp)}"
	else
		same="rtla names none"
		if [ "$kd" = irq ]; then
			same="rtla names none (an IRQ-latency stop: its blocking thread ran when the late interrupt came, no share)"
		elif [ -n "$ws" ]; then
			same="rtla names none the window confirms (its blocking thread $blk, $pct% by rtla, on the CPU $ws% of the latency by the events)"
		elif [ -z "$blk" ]; then
			same="rtla names none (no analysis in $k runs)"
		else
			case "$blk" in
			swapper/*) same="rtla names none (its blocking thread the idle task)" ;;
			*) same="rtla names none (its blocking thread ${pct:-?}% of the latency)" ;;
			esac
		fi
		# an IRQ stop: rtla's blocking thread ran when the late interrupt came (no share;
		# rtla's comm may be stale, its pid is not): compared by pid, not asserted
		if [ -z "$v" ]; then
			same="$same; rtwhy explained no spike"
		elif [ "$v $(culprit_get "$f" 0 name)" = "irq local_timer" ] &&
			case "$part" in "timerlat IRQ duration" | "IRQ handler delay"*) true ;; *) false ;; esac; then
			same="$same; its largest part the timer interrupt, rtwhy's culprit too"
		elif [ "$kd" = irq ] && [ -n "$blk" ] && case "$blk" in swapper/*) false ;; *) true ;; esac; then
			if [ "${rc##*:}" = "${blk##*:}" ]; then same="$same; same pid"
			else same="$same; other pid"; fi
		fi
		if rla_window "$cn" "$kd"; then
			off=$(awk -v d="$(spike_get "$f" 0 deadline_ns)" -v a="$RW_FROM" \
				'BEGIN { x = d / 1e9 - a; if (x < 0) x = -x; printf "%.0f", x * 1e6 }')
			same="$same; $RW_WHY: rtwhy's verdict the trace's own"
			if [ "$RW_EXP" = invisible ]; then
				verdict 'case "$v" in invisible | incomplete) true ;; *) false ;; esac && [ "${off:-99}" -le 5 ]' \
					"$cn: rtla stopped on a ${kd:-?} latency of $RW_LAT us, $RW_WHY (no trace of why): rtwhy's spike at rtla's deadline (${off:-?} us off), invisible (got '$v $rc')"
			elif [ "$RW_EXP" = held ]; then
				verdict '{ case "$v" in invisible | incomplete) true ;; *) false ;; esac ||
					{ [ "$v" = higher_priority ] && [ "${rc##*:}" = "${blk##*:}" ]; }; } && [ "${off:-99}" -le 5 ]' \
					"$cn: rtla stopped on a ${kd:-?} latency of $RW_LAT us, $RW_WHY: rtwhy's spike at rtla's deadline (${off:-?} us off), invisible, or higher_priority naming rtla's blocking thread $blk if it held the CPU from before the timer fired (got '$v $rc')"
			elif [ "$RW_EXP" = idleirq ]; then
				verdict '{ case "$v" in idle_exit | invisible | incomplete) true ;; *) false ;; esac ||
					[ "$v $rk" = "irq hardirq" ]; } && [ "${off:-99}" -le 5 ]' \
					"$cn: rtla stopped on a ${kd:-?} latency of $RW_LAT us, $RW_WHY: rtwhy's spike at rtla's deadline (${off:-?} us off), idle_exit, invisible or irq naming a handler, no task (got '$v $rk $rc$(culprit_get "$f" 0 name)')"
			else
				verdict 'case "$v" in idle_exit | invisible | incomplete) true ;; *) false ;; esac && [ "${off:-99}" -le 5 ]' \
					"$cn: rtla stopped on a ${kd:-?} latency of $RW_LAT us, $RW_WHY: rtwhy's spike at rtla's deadline (${off:-?} us off), idle_exit or invisible, nothing named that did not run (got '$v $rc')"
			fi
		else
			ok "$cn: rtla named no culprit in $k runs (stopped on the ${kd:-?} latency, blocking thread '${blk:-none}' ${pct:-?}%, largest part '${part:-none}'), and its window has no judge ($RW_WHY) # SKIP rtla named no culprit"
		fi
	fi
	verdict '[ "$miss" = "$lack" ]' "rtwhy's word on the events of rtla's -t trace is the trace's own (options whose events it lacks: ${lack:-none}; rtwhy says: ${miss:-none})"
	idl=""
	[ "$(rla_get "$cn" idle)" = 1 ] && idl=", exit from idle"
	printf '%s|%s|%s|%s|%s|%s|%s|%s|%s\n' "$cn" \
		"$(rla_get "$cn" latency_us) ($(rla_get "$cn" kind); IRQ $(rla_get "$cn" irq_us), handler delay $(rla_get "$cn" irq_delay_us)$idl)" \
		"${blk:-none} ${pct:-?}%" "${part:-none}${part:+ $partus us}" "$(rla_get "$cn" stack | cut -d, -f1-3)" \
		"${v:-none ($cant)} ${rk:-} ${rc:-$(culprit_get "$f" 0 name)}" "$same" "$(rla_noword "$f")" "$k" >>"$W/rtla.rows"
}
s_rtla() {
	if ! command -v rtla >/dev/null || ! grep -qw timerlat "$T/available_tracers"; then
		SKIP="no rtla or no timerlat tracer in this guest"
		verdict false "rtla timerlat runs here"
		return
	fi
	: >"$W/rtla.rows"
	# an RT hog above rtla's thread (FIFO 80 over FIFO 50), on the disk IRQ's CPU
	start_bg taskset -c "$cpu" chrt -f 80 spinner 3000 20000 600
	sleep 0.3
	rla_case rthog 3 -P f:50 -c "$cpu" -a 1500
	stop_started
	# the seed: a busy loop per CPU, rtla's threads SCHED_OTHER
	busy 0
	busy 1
	sleep 0.3
	rla_case seed 3 -P o:0 -a 2500
	stop_started
	# the threaded IRQ above rtla's thread (FIFO 50 over FIFO 40) under disk load
	disk_load "$other"
	sleep 1
	rla_case irqthread 2 -P f:40 -c "$cpu" -a 300
	stop_started
	# RT throttling as 6.12 has it: Debian's 6.12 kernels have no RT_GROUP_SCHED, so an RT
	# task that never sleeps (SCHED_RR 1, as s_throttle's on PREEMPT_RT) is never throttled;
	# the fair deadline server runs the CPU's starved fair tasks (a busy loop) ahead of every
	# RT task, 50 ms of every second: rtla's FIFO 99 thread waits for it
	start_bg taskset -c "$cpu" chrt -r 1 spinner 0 0 600
	busy "$cpu"
	sleep 0.5
	rla_case throttle 2 -P f:99 -c "$cpu" -a 20000
	stop_started
	sleep 1.1
	# priority inheritance: pilock's FIFO 10 holder boosted to 90 by its waiter (s_piboost),
	# above rtla's FIFO 50 thread on the same CPU
	start_bg pilock -m pi -c "$cpu" -L 10 -H 90 -h 3000 -g 2000 -i 7000 -D 150 \
		>"$W/pilock-rtla.out"
	sleep 0.5
	rla_case piboost 3 -P f:50 -c "$cpu" -a 1500
	stop_started
	note "pilock: $(grep -E '^pilock: (low|high) tid' "$W/pilock-rtla.out" | tr '\n' ' ')"
	# SCHED_DEADLINE: two dlhog (5 ms of every 50 ms, s_dlhog) ahead of rtla's FIFO 99 thread
	start_bg dlhog 5000 50000 600
	start_bg dlhog 5000 50000 600
	sleep 0.5
	note "dlhog pids: $(pidof dlhog)"
	rla_case dlhog 3 -P f:99 -c "$cpu" -a 3000
	stop_started
	cp "$W/rtla.rows" "$OUT/rtla.rows"
	keep "rtla-*"
	keep "pilock-rtla"
}

# ---- what every hint of this guest's runs says: one that can be followed ----
s_hints() {
	# this boot's runs, and those of an earlier boot of this guest (kept in /out)
	cat "$W"/*.flat "$OUT"/*/*.flat 2>/dev/null | sed -n 's/^spikes\.[0-9]*\.verdict\.hint=//p' | sort -u >"$W/hints.txt"
	nh=$(wc -l <"$W/hints.txt")
	# a hint may name one without asking to move it ("ksoftirqd/1 is CPU 1's own kernel
	# thread: it cannot move", "Shorten rcuc/1's critical section"): an ask to move it is a
	# sentence that names it and a way off the CPU
	kt='(ktimers|ksoftirqd|rcuc|rcub|migration|cpuhp|idle_inject)/[0-9]+'
	pc=$(sed -E "s@$kt is CPU [0-9]+'s own kernel thread: it cannot move@@g; s@\. @.\n@g" \
		"$W/hints.txt" | grep -E "$kt" | grep -E 'off CPU|taskset|isolcpus|affinity' |
		head -n 1)
	verdict '[ "$nh" -gt 0 ] && [ -z "$pc" ]' \
		"no hint asks to move a per-CPU kthread ($nh distinct hints; got '$pc')"
	if threaded_kernel; then
		ti=$(grep -i 'threadirqs' "$W/hints.txt" | head -n 1)
		verdict '[ "$nh" -gt 0 ] && [ -z "$ti" ]' \
			"no hint asks for threadirqs / PREEMPT_RT on a $KIND kernel (got '$ti')"
	fi
	keep hints
}

# A scenario with a failed check runs once more, from the start: under single-threaded TCG a
# stalled vCPU can turn any count of spikes (the checks that say "most" or "never") however
# many tries each scenario makes inside. The second run's lines are the result; the first
# run's failures stay in the TAP as "# try 1: not ok - ..." notes, which the host prints and
# does not count, and its files in /out/NAME.try1/. A wrong answer of rtwhy's fails both runs.
for s in ${SCENARIOS:-irqs seed irqthread p60 rthog throttle dlhog piboost ctseed ctirq ctrecord hints}; do
	[ -f "$OUT/$s.tap" ] && { echo "# lab: scenario $s done in an earlier boot"; continue; }
	scenario "$s"
	"s_$s"
	if grep -q '^not ok' "$TAP"; then
		stop_started
		grep '^not ok' "$TAP" | sed 's/^/# try 1: /' >"$W/$s.try1"
		rm -rf "$OUT/$s.try1" && [ -d "$OUT/$s" ] && mv "$OUT/$s" "$OUT/$s.try1"
		scenario "$s"
		tee -a "$TAP" <"$W/$s.try1"
		note "try 1 of scenario $s failed a check (above): the whole scenario once more"
		"s_$s"
	fi
	done_scenario
done
