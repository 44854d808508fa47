#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The lab's scenarios, run by the guest's /init. /out/lab.conf (written by the host) sets
# KIND (rt, threadirqs or plain) and SCENARIOS; a scenario whose /out/NAME.tap exists is done
# (a retried boot goes on where the first one stopped).
. /lab/lib.sh

irq=$(disk_irq)
cpu=$(irq_cpu "$irq")
other=$((1 - cpu))
tpid=$(irq_thread_pid "$irq")
echo "# lab: kind $KIND, virtio-blk IRQ $irq on CPU $cpu, thread pid ${tpid:-none}"

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
# "busy" is the busy loop running with no interrupt or softirq on top of it. Under TCG
# another interrupt may take the latency instead (a local_timer handler stopped for ms by
# the guest's noise); such a spike is not the culprit's, and a check of the culprit waits
# for one that is (SHARE_MIN per cent at least).
SHARE_MIN=50
share() {
	awk -v c="$(printf '[%03d]' "$2")" -v from="$3" -v to="$4" -v what="$5" -v irq="$irq" '
		function ours() {
			if (what == "busy") return depth == 0 && task == "busyloop"
			if (depth > 0 && st[depth] == "irq " irq) return 1
			if (depth > 0 && st[depth] == "soft 4") return 1
			return (depth == 0 || st[depth] ~ /^soft/) && index(task, "irq/" irq "-") == 1
		}
		function upto(t,  a, b) {
			a = prev > from ? prev : from; b = t < to ? t : to
			if (started && b > a && ours()) sum += b - a
			prev = t; started = 1
		}
		function arg(k,  i) {
			for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2)
			return ""
		}
		{
			hit = 0; t = -1; ev = ""
			for (i = 1; i <= NF; i++) {
				if ($i == c) hit = 1
				if (t < 0 && $i ~ /^[0-9]+\.[0-9]+:$/) { t = $i * 1e9; ev = $(i + 1); continue }
			}
			if (!hit || t < 0) next
			upto(t)
			if (ev == "sched_switch:") task = arg("next_comm")
			else if (ev == "irq_handler_entry:") st[++depth] = "irq " arg("irq")
			else if (ev == "softirq_entry:") st[++depth] = "soft " arg("vec")
			else if (ev ~ /_entry:$/ && ev != "hrtimer_expire_entry:") st[++depth] = "vector"
			else if ((ev == "irq_handler_exit:" || ev == "softirq_exit:" ||
				  (ev ~ /_exit:$/ && ev != "hrtimer_expire_exit:")) && depth > 0) depth--
		}
		END { upto(to); printf "%.0f\n", (to > from ? 100 * sum / (to - from) : 0) }' "$1"
}

# ---- the seed: a busy loop per CPU, SCHED_OTHER threads, -b ----
s_seed() {
	busy 0
	busy 1
	sleep 0.3
	a=0 v=""
	while [ $a -lt 8 ]; do
		a=$((a + 1))
		rtwhy_try seed-$a -t 2 -i 5000 -d 5000 -D 30 -q -b 2500
		f=$W/seed-$a.flat
		v=$(spike_get "$f" 0 verdict.kind)
		c=$(spike_get "$f" 0 cpu) d=$(spike_get "$f" 0 deadline_ns)
		gap=$(max_gap "$W/seed-$a.txt" "$c" "$d" "$(spike_get "$f" 0 wake_ns)")
		late=$(irq_late "$W/seed-$a.txt" "$c" "${d:-0}")
		wl=$(wake_late "$W/seed-$a.txt" "$(spike_get "$f" 0 tid)" "${d:-0}")
		[ "${wl:-0}" -gt "${late:-0}" ] && late=$wl
		sh=$(share "$W/seed-$a.txt" "${c:-0}" "${d:-0}" "$(spike_get "$f" 0 wake_ns)" busy)
		[ -n "$v" ] && ! host_noise "$gap" && [ "${late:-0}" -le "$TIMER_LATE_US" ] &&
			[ "${sh:-0}" -ge "$SHARE_MIN" ] && break
		note "attempt $a: verdict '$v', no event on the CPU for $gap us, the timer (interrupt or the thread's wakeup) ${late:-?} us after the deadline, the busy loop ${sh:-?}% of the latency (guest noise or another culprit), again"
	done
	if [ -n "$v" ] && ! host_noise "$gap" && [ "${late:-0}" -le "$TIMER_LATE_US" ] &&
		[ "${sh:-0}" -ge "$SHARE_MIN" ]; then
		note "attempt $a judged: the CPU's longest stretch without an event $gap us, the timer (interrupt or the thread's wakeup) ${late:-?} us after the deadline, the busy loop ${sh}% of the latency"
	else
		SKIP="none of $a tries free of guest noise with the busy loop the culprit in the events"
	fi
	stop_started
	keep "seed-*"
	comm=$(culprit_get "$f" 0 comm)
	kind=$(culprit_get "$f" 0 kind)
	pol=$(culprit_get "$f" 0 policy)
	text=$(spike_get "$f" 0 verdict.text)
	verdict '[ "$v" = tick_wait ]' "verdict tick_wait (got '$v')"
	verdict '[ "$kind $comm $pol" = "task busyloop other" ]' \
		"culprit the busy loop, task busyloop other (got '$kind $comm $pol')"
	verdict 'case "$text" in *"tick period 4000 us, HZ=250"*) true ;; *) false ;; esac' \
		"the text names the tick: period 4000 us, HZ=250 (got '$(echo "$text" |
			sed -n 's/.*(\(tick period[^)]*\)).*/\1/p')')"
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
	# without PREEMPT_RT an IRQ thread runs its BLOCK softirq with preemption off: no
	# priority preempts that part, and an irq_thread verdict that is mostly it is right.
	# Its local_bh_enable() runs every softirq pending then, not only the one it raised
	# (a TIMER run inside irq/25 in one of 595 spikes of stop 19's CI)
	awk -f /lab/spikes.awk "$f" >"$W/p60.spikes"
	bad=0
	while IFS='|' read -r i v ck comm name nirq pid pol prio blk dl csoft cpct text hint; do
		[ "$v" = irq_thread ] || continue
		[ "$KIND" != rt ] && [ -n "$csoft" ] && [ "$cpct" -ge 50 ] && continue
		bad=$((bad + 1))
	done <"$W/p60.spikes"
	tally=$(sed -n 's/^spikes\.[0-9]*\.verdict\.kind=//p' "$f" | sort | uniq -c |
		awk '{printf " %s %s", $2, $1}')
	verdict '[ "${n:-0}" -gt 0 ] && [ "$bad" = 0 ]' \
		"-p 60, above the IRQ threads: no irq_thread verdict but for its softirq run with preemption off ($bad of ${n:-0} spikes:$tally)"
}

# ---- an RT hog above the measuring thread ----
s_rthog() {
	start_bg taskset -c "$cpu" chrt -f 80 spinner 3000 20000 600
	sleep 0.3
	spike_tries rthog 6 -a "$cpu" -p 50 -i 1000 -D 20 -q -b 1500
	hogpid=$(pidof spinner)
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
# Two dlhog (5 ms of every 50 ms, spinning; one per CPU: a DL task cannot be pinned) run
# ahead of every RT task: ~5 ms spikes. The hint must not offer a higher RT priority.
s_dlhog() {
	start_bg dlhog 5000 50000 600
	start_bg dlhog 5000 50000 600
	sleep 0.5
	dls=" $(pidof dlhog) "
	spike_tries dlhog 4 -a "$cpu" --mainaffinity="$other" -p 99 -i 1000 -D 4 -q -b 3000
	stop_started
	SKIP=$noise_skip
	keep "dlhog-*"
	c="$(culprit_get "$f" 0 comm) $(culprit_get "$f" 0 policy)"
	cp=$(culprit_get "$f" 0 pid)
	verdict '[ "$v" = higher_priority ] && [ "$c" = "dlhog deadline" ] &&
		case "$dls" in *" $cp "*) true ;; *) false ;; esac' \
		"higher_priority naming a dlhog ($dls), SCHED_DEADLINE (got '$v $c $cp')"
	text=$(spike_get "$f" 0 verdict.text)
	verdict 'case "$text" in *"before every RT task"*) true ;; *) false ;; esac' \
		"the text says SCHED_DEADLINE runs before every RT task"
	hint=$(spike_get "$f" 0 verdict.hint)
	verdict 'case "$hint" in *"(-p)"* | *"priority above"* | "") false ;; *) true ;; esac' \
		"the hint offers no RT priority above it (got '$(echo "$hint" | cut -c1-80)')"
}

# ---- priority inheritance: a FIFO 10 lock holder boosted to 90 above a FIFO 50 thread ----
# pilock's FIFO 10 thread holds a PTHREAD_PRIO_INHERIT mutex (FUTEX_LOCK_PI: an rt_mutex) for
# 3 ms, its FIFO 90 thread blocks on it every 7 ms and boosts it (sched_pi_setprio), all on
# the measured CPU: the holder runs ahead of the measuring thread while boosted.
s_piboost() {
	a=0 v=""
	while [ $a -lt 3 ]; do
		a=$((a + 1))
		start_bg pilock -m pi -c "$cpu" -L 10 -H 90 -h 3000 -g 2000 -i 7000 -D 60 \
			>"$W/piboost-$a.pilock"
		sleep 0.5
		low=$(sed -n 's/^pilock: low tid=\([0-9]*\).*/\1/p' "$W/piboost-$a.pilock")
		high=$(sed -n 's/^pilock: high tid=\([0-9]*\).*/\1/p' "$W/piboost-$a.pilock")
		rtwhy_try piboost-$a -a "$cpu" --mainaffinity="$other" -p 50 -i 1000 -D 4 -q -b 1500
		stop_started
		f=$W/piboost-$a.flat
		v=$(spike_get "$f" 0 verdict.kind)
		noisy "$f" || break
		note "attempt $a: verdict '$v' (guest noise), again"
	done
	verdict '[ -n "$low" ] && [ -n "$high" ]' "pilock told its tids (low ${low:-?}, high ${high:-?})"
	noisy "$f" && SKIP="every one of $a tries the guest's noise ('$v')"
	keep "piboost-*"
	verdict '[ "$v" = pi_boost ]' "verdict pi_boost (got '$v')"
	c="$(culprit_get "$f" 0 pid) $(culprit_get "$f" 0 policy) $(culprit_get "$f" 0 prio)"
	verdict '[ "$c" = "$low fifo 10" ]' "culprit the holder, $low fifo 10 (got '$c')"
	text=$(spike_get "$f" 0 verdict.text)
	verdict 'case "$text" in *"$high"*90* | *90*"$high"*) true ;; *) false ;; esac' \
		"the text names the booster, $high, and the boost to 90"
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

# ct_share TEXT TID WHAT: share on the break thread's CPU from its deadline to its wake
# time (deadline + the marker's latency, in us)
ct_share() {
	d=$(ct_deadline "$1" "$2")
	m=$(awk -v tid="$2" '/tracing_mark_write: hit latency threshold/ && $1 ~ ("-" tid "$") {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) c = substr($i, 2, length($i) - 2) + 0
			if ($i == "threshold") l = substr($(i + 1), 2) + 0
		}
		print c, l; exit }' "$1")
	[ -n "$d" ] && [ -n "$m" ] && share "$1" "${m% *}" "$d" "$((d + ${m#* } * 1000))" "$3"
}
ct_what() { if [ "$CT_WANT" = seed ]; then echo busy; else echo disk; fi; }

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
	if [ "$CT_WANT" = seed ]; then
		c="$(culprit_get "$f" 0 kind) $(culprit_get "$f" 0 comm)"
		verdict '[ "$v $c" = "tick_wait task busyloop" ]' \
			"analyze $form: tick_wait, task busyloop (got '$v $c'$(grep -m1 '^rtwhy: cannot' "$W/$name.out" | sed 's/^/; /'))"
	else
		if threaded_kernel; then want="irq_thread irq/$irq-..."; else want="irq $irq or softirq BLOCK"; fi
		c="$(culprit_get "$f" 0 comm)$(culprit_get "$f" 0 name) $(culprit_get "$f" 0 irq)"
		verdict 'right_irq "$v" "$(culprit_get "$f" 0 irq)" "$(culprit_get "$f" 0 pid)" \
			"$(culprit_get "$f" 0 comm)" "$(culprit_get "$f" 0 name)"' \
			"analyze $form: $want (got '$v $c'$(grep -m1 '^rtwhy: cannot' "$W/$name.out" | sed 's/^/; /'))"
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
		[ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" &&
			[ "${late:-0}" -le "$TIMER_LATE_US" ] && [ "${sh:-0}" -ge "$SHARE_MIN" ] && break
		note "attempt $a: break thread '${tid:-none}', no event on its CPU for ${gap:-?} us, the timer (interrupt or the thread's wakeup) ${late:-?} us after the deadline, the $(ct_what) culprit ${sh:-?}% of the latency (guest noise or another culprit), again"
	done
	[ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" && [ "${late:-0}" -le "$TIMER_LATE_US" ] &&
		[ "${sh:-0}" -ge "$SHARE_MIN" ] || ct_skip=1
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
		rm -f "$W/$n.plain.txt"
		[ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" &&
			[ "${late:-0}" -le "$TIMER_LATE_US" ] && [ "${sh:-0}" -ge "$SHARE_MIN" ] && break
		note "attempt $a: break thread '${tid:-none}', no event on its CPU for ${gap:-?} us, the timer (interrupt or the thread's wakeup) ${late:-?} us after the deadline, the busy loop ${sh:-?}% of the latency (guest noise or another culprit), again"
	done
	echo 1 >"$T/tracing_on"
	stop_started
	trace-cmd report -l "$W/$n.dat" >"$W/$n.report.txt" 2>/dev/null
	verdict '[ -n "$tid" ]' "cyclictest -b --tracemark under trace-cmd record stopped at a spike"
	[ -n "$tid" ] && [ -n "$gap" ] && ! host_noise "$gap" && [ "${late:-0}" -le "$TIMER_LATE_US" ] &&
		[ "${sh:-0}" -ge "$SHARE_MIN" ] ||
		SKIP="none of $a tries free of guest noise with the busy loop the culprit in the events"
	CT_DEADLINE=$(ct_deadline "$W/$n.report.txt" "$tid")
	ct_judge "$n.dat" "trace.dat (record)" "$W/$n.dat" "$tid"
	ct_judge "$n.text" "text (trace-cmd report -l)" "$W/$n.report.txt" "$tid"
	keep "ctrecord-*"
}

# ---- what every hint of this guest's runs says: one that can be followed ----
s_hints() {
	# this boot's runs, and those of an earlier boot of this guest (kept in /out)
	cat "$W"/*.flat "$OUT"/*/*.flat 2>/dev/null | sed -n 's/^spikes\.[0-9]*\.verdict\.hint=//p' | sort -u >"$W/hints.txt"
	nh=$(wc -l <"$W/hints.txt")
	pc=$(grep -E '(ktimers|ksoftirqd|rcuc|rcub|migration|cpuhp|idle_inject)/[0-9]' "$W/hints.txt" | head -n 1)
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
