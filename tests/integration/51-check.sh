#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy check on this machine: HZ=250 from the kernel config and the same
# 250 measured two other ways (jiffies in /proc/timer_list, traced tick
# expiries), a VM detected, no threadirqs, the preemption model and the fair
# server as this machine's debugfs lets them be read (EPERM even to root on one
# of these VMs, not mounted on a fresh one: then unknown, and this 6.18 kernel
# has a fair server), RT throttling as the root cpu cgroup says (not the sysctl:
# CONFIG_RT_GROUP_SCHED), timerlat as available_tracers says; one line per
# check, JSON with typed values, exit 0; as non-root the tracing-based parts
# turn "unknown" and tracing is refused in one line.
# Every JSON (this machine, both measurements, non-root, every sysroot
# fixture) is valid against doc/schema/check.schema.json; a doctored one is not.
PLAN=23
. tests/integration/lib.sh

NCHECK=18
J=$TMP/check.json
"$RTWHY" check --json="$J" >"$TMP/check.out" 2>"$TMP/check.err"
rc=$?
sed 's/^/# /' "$TMP/check.out" | grep -v '^#  ' | head -20
check "rtwhy check: exit 0" [ "$rc" = 0 ]
# st NAME: "status|text" of one check; tv NAME KEY: its typed field KEY (Python's repr)
st() { json_get "$J" "[c['status'] + '|' + c['text'] for c in d['checks'] if c['name'] == '$1'][0]"; }
tv() { json_get "${3:-$J}" "[c['$2'] for c in d['checks'] if c['name'] == '$1'][0]"; }
check "JSON valid against doc/schema/check.schema.json" json_valid check "$J"
ncheck=$(json_get "$J" 'len(d["checks"])')
json_get "$J" 'all({"name", "status", "value", "unit", "source", "text", "why", "hint"} <= set(c) and c["status"] in ("ok", "warn", "unknown") and c["why"] and c["text"] for c in d["checks"])' >"$TMP/fields"
[ "$ncheck" = $NCHECK ] && [ "$(cat "$TMP/fields")" = True ]
check "JSON: $ncheck checks, each with name, status, typed value, unit, source, text, why, hint" \
	[ $? = 0 ]
warns=$(grep -Ec '^[a-z_]+ +warn ' "$TMP/check.out")
[ "$(json_get "$J" 'd["warnings"]')" = "$warns" ] &&
	[ "$(json_get "$J" 'd["warnings"] == sum(c["status"] == "warn" for c in d["checks"])')" = True ]
check "JSON: the warning count at the top ($warns) is the text's" [ $? = 0 ]
lines=$(grep -Ec '^[a-z_]+ +(ok|warn|unknown) +[^ ]' "$TMP/check.out")
grep -q '^Verdict: ' "$TMP/check.out" && [ "$lines" = $NCHECK ]
check "text: one line per check ($lines) and a verdict line" [ $? = 0 ]

hz=$(st hz)
[ "$(tv hz value) $(tv hz unit) $(tv hz source)" = "250 Hz config" ] &&
	echo "$hz" | grep -Eq '^ok\|250 \(CONFIG_HZ in (/proc/config.gz|/boot/config-)'
check "hz: ok, 250 Hz from the kernel config ($hz)" [ $? = 0 ]
vm=$(st virtualization)
steal=$(awk -v hz="$(getconf CLK_TCK)" '/^cpu /{print $9 / hz}' /proc/stat)
[ "$(tv virtualization value)" = True ] && echo "$vm" | grep -q '^warn|VM (hypervisor flag' &&
	[ "$(json_get "$J" "abs([c['steal_s'] for c in d['checks'] if c['name'] == 'virtualization'][0] - $steal) < 1")" = True ]
check "virtualization: warn, a VM, steal_s as /proc/stat says ($steal s; $vm)" [ $? = 0 ]
ti=$(st threadirqs)
[ "$(tv threadirqs value)" = False ] && echo "$ti" | grep -q '^warn|no: no threadirqs'
check "threadirqs: warn, value false, not forced ($ti)" [ $? = 0 ]
# debugfs as this machine has it: mounted and refused (EPERM even to root), not mounted (ENOENT),
# or readable; what rtwhy says must follow it
dbg_err() { python3 -c 'import sys
try:
    open(sys.argv[1]).read()
except OSError as e:
    print(e.strerror)' "$1"; }
pm=$(st preempt_model)
pm_err=$(dbg_err /sys/kernel/debug/sched/preempt)
if [ -z "$pm_err" ]; then
	cur=$(sed -n 's/.*(\([a-z]*\)).*/\1/p' /sys/kernel/debug/sched/preempt)
	[ "$(tv preempt_model value)" = "'$cur'" ] &&
		echo "$pm" | grep -Eq "^(ok|warn)\|$cur \(/sys/kernel/debug/sched/preempt\)"
	check "preempt_model: '$cur' as debugfs says ($pm)" [ $? = 0 ]
else
	[ "$(tv preempt_model value) $(tv preempt_model boot_model)" = "None none" ] &&
		echo "$pm" | grep -q "^unknown|dynamic, boot default none.*$pm_err"
	check "preempt_model: unknown (value null), boot_model none, debugfs: $pm_err ($pm)" [ $? = 0 ]
fi
# RT throttling: on this 6.18 kernel (CONFIG_RT_GROUP_SCHED=y, cgroup v1 cpu) the budget is the
# root cpu cgroup's cpu.rt_runtime_us; the sysctl only caps it, and -1 there turns it off
sys=$(cat /proc/sys/kernel/sched_rt_runtime_us)
cg=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpu(,|$)/ { print $2; exit }' /proc/mounts)
self=$(awk -F: '$2 ~ /(^|,)cpu(,|$)/ { print $3; exit }' /proc/self/cgroup)
rt=$(st rt_throttling)
rtv="$(tv rt_throttling value) $(tv rt_throttling runtime_us) $(tv rt_throttling period_us)"
rtv="$rtv $(tv rt_throttling runaway_fifo) $(tv rt_throttling knob) $(tv rt_throttling rt_group_sched)"
if [ "$sys" = -1 ]; then
	want="False None None fair_server fair_server True"
	echo "$rt" | grep -q '^ok|off (sched_rt_runtime_us = -1): a runaway FIFO task is not throttled'
elif zcat /proc/config.gz | grep -qx CONFIG_RT_GROUP_SCHED=y && [ -n "$cg" ] && [ "$self" = / ]; then
	run=$(cat "$cg/cpu.rt_runtime_us")
	per=$(cat "$cg/cpu.rt_period_us")
	want="True $run $per throttled cpu.rt_runtime_us True"
	echo "$rt" | grep -q "^ok|$run of $per us (.*) on each CPU for the root cpu cgroup: a runaway FIFO task there is throttled to .* ($cg/cpu.rt_runtime_us; sched_rt_runtime_us = $sys only caps it, -1 turns it off)\$"
else
	note "this machine is not the 6.18 VM with CONFIG_RT_GROUP_SCHED, cgroup v1 cpu, rtwhy in its root"
	false
fi
[ $? = 0 ] && [ "$rtv" = "$want" ] && [ "$(tv rt_throttling cgroup) $(tv rt_throttling source)" = \
	"$self cgroup" -o "$sys" = -1 ]
check "rt_throttling: ok, the root cpu cgroup's budget ($want; $rt)" [ $? = 0 ]
fs=$(st fair_server)
fs_err=$(dbg_err /sys/kernel/debug/sched/fair_server/cpu0/runtime)
if [ ! -d /sys/kernel/debug/sched ]; then
	fs_want='^unknown|unreadable: no /sys/kernel/debug/sched (debugfs not mounted); kernel 6.18 has one'
elif [ -n "$fs_err" ]; then
	fs_want="^unknown|unreadable (/sys/kernel/debug/sched/fair_server/cpu0/runtime: $fs_err); kernel 6.18 has one"
else
	fs_want='^ok|on: '
fi
if [ -z "$fs_err" ]; then fs_v=True; else fs_v=None; fi
[ "$(tv fair_server value) $(tv fair_server kernel_has_server)" = "$fs_v True" ] &&
	echo "$fs" | grep -q "$fs_want"
check "fair_server: value $fs_v, this 6.18 kernel has one, as debugfs says (${fs_err:-readable}; $fs)" \
	[ $? = 0 ]
if grep -qw timerlat $T/available_tracers; then want='ok|present'; else want='ok|absent'; fi
tl=$(st timerlat)
check "timerlat: '$want' as available_tracers says ($tl)" sh -c "echo '$tl' | grep -q '^$want'"
tf=$(st tracefs)
[ "$(tv tracefs value) $(tv tracefs writable) $(tv tracefs events_needed)" = "/sys/kernel/tracing True 10" ] &&
	echo "$tf" | grep -q '^ok|/sys/kernel/tracing, writable, events 10/10 needed'
check "tracefs: ok, writable, every needed event ($tf)" [ $? = 0 ]

# HZ measured, not read: both ways must agree with the config
before=$(tracing_state)
"$RTWHY" check --hz-from=timer_list --json="$TMP/tl.json" >/dev/null 2>&1
m1=$(tv hz text "$TMP/tl.json")
note "timer_list: $m1"
[ "$(tv hz value "$TMP/tl.json") $(tv hz source "$TMP/tl.json")" = "250 timer_list" ] &&
	echo "$m1" | grep -q '^250 (measured: [0-9]* jiffies in' && json_valid check "$TMP/tl.json"
check "--hz-from=timer_list measures 250 (source timer_list, JSON valid)" [ $? = 0 ]
"$RTWHY" check --hz-from=ticks --json="$TMP/tk.json" >/dev/null 2>"$TMP/tk.err"
m2=$(tv hz text "$TMP/tk.json")
note "ticks: $m2"
# the median tick-to-tick time jitters on a VM: 3.999 ms was seen
[ "$(tv hz value "$TMP/tk.json") $(tv hz source "$TMP/tk.json")" = "250 ticks" ] &&
	echo "$m2" | grep -Eq '^250 \(measured: [0-9]+ tick_nohz_handler expiries traced, period (3\.9|4\.0)[0-9]{2} ms' &&
	json_valid check "$TMP/tk.json"
check "--hz-from=ticks measures 250 from tick_nohz_handler, period 4 ms (within 100 us)" [ $? = 0 ]
check "tracing state as found after the tick measurement" [ "$before" = "$(tracing_state)" ]

# not root
setpriv --reuid=65534 --regid=65534 --clear-groups "$RTWHY" check --json=- >"$TMP/nr.json" \
	2>"$TMP/nr.err"
rc=$?
nr=$(tv tracefs status "$TMP/nr.json")'|'$(tv tracefs text "$TMP/nr.json")
note "non-root tracefs: $nr"
[ "$rc" = 0 ] && echo "$nr" | grep -q "^unknown|/sys/kernel/tracing, not readable: Permission denied" &&
	json_valid check "$TMP/nr.json"
check "non-root: exit 0, tracefs unknown (Permission denied), JSON valid" [ $? = 0 ]
setpriv --reuid=65534 --regid=65534 --clear-groups "$RTWHY" check --hz-from=ticks >"$TMP/nr2.out" \
	2>"$TMP/nr2.err"
rc=$?
note "$(cat "$TMP/nr2.err")"
[ "$rc" = 0 ] && grep -q "^hz  *unknown  *tracing: Permission denied" "$TMP/nr2.out" &&
	grep -q "^rtwhy: cannot .*: Permission denied (must run as root to trace)$" "$TMP/nr2.err"
check "non-root --hz-from=ticks: hz unknown, tracing refused in one line, exit 0" [ $? = 0 ]

# every sysroot fixture: valid JSON, the text's lines as many as the JSON's checks
bad=""
for root in tests/fixtures/sysroot-*; do
	"$RTWHY" check --sysroot="$root" --json="$TMP/root.json" >"$TMP/root.out" 2>&1 &&
		json_valid check "$TMP/root.json" &&
		[ "$(grep -Ec '^[a-z_]+ +(ok|warn|unknown) +[^ ]' "$TMP/root.out")" = $NCHECK ] ||
		bad="$bad ${root##*/}"
done
check "every sysroot fixture: exit 0, JSON valid, $NCHECK lines (bad:${bad:- none})" [ -z "$bad" ]
# the fair server fixture: throttling off, yet fair tasks get the server's 50 ms per 1 s
"$RTWHY" check --sysroot=tests/fixtures/sysroot-fairserver --json="$TMP/fs.json" >/dev/null 2>&1
[ "$(tv rt_throttling status "$TMP/fs.json") $(tv rt_throttling runaway_fifo "$TMP/fs.json")" = \
	"ok fair_server" ] &&
	[ "$(tv fair_server runtime_ns "$TMP/fs.json") $(tv fair_server period_ns "$TMP/fs.json")" = \
		"50000000 1000000000" ]
check "sysroot-fairserver: rt_throttling off but ok (fair server 50000000 per 1000000000 ns)" [ $? = 0 ]
# which knob sets a runaway FIFO task's budget, per kernel: 6.18 with RT groups, 6.12 without, 6.1
knobs=""
for root in rtgroup nortgroup 6.1; do
	"$RTWHY" check --sysroot=tests/fixtures/sysroot-$root --json="$TMP/k.json" >/dev/null 2>&1
	knobs="$knobs $(tv rt_throttling knob "$TMP/k.json")/$(tv rt_throttling runaway_fifo "$TMP/k.json")"
done
check "sysroot knobs per kernel rule:$knobs" \
	[ "$knobs" = " cpu.rt_runtime_us/throttled fair_server/fair_server sched_rt_runtime_us/throttled" ]
# the schema bites: a value as a sentence, -1 for "none", a field it does not know
python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
for c in d["checks"]:
    if c["name"] == "hz": c["value"] = "250 (CONFIG_HZ in /proc/config.gz)"
    if c["name"] == "rt_throttling": c["runtime_us"] = -1
    if c["name"] == "smt": c["cores"] = 1
json.dump(d, open(sys.argv[2], "w"))' "$J" "$TMP/doctored.json"
json_valid check "$TMP/doctored.json" >"$TMP/doctored.out"
rc=$?
show "$TMP/doctored.out" 5
[ "$rc" = 1 ] && grep -q "checks/1/value" "$TMP/doctored.out" && grep -q "runtime_us" "$TMP/doctored.out" &&
	grep -q "cores" "$TMP/doctored.out"
check "a doctored JSON (a sentence as hz, -1 as runtime, an unknown field) is rejected" [ $? = 0 ]

"$RTWHY" check --hz-from=jiffies >"$TMP/bad.out" 2>"$TMP/bad.err"
rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMP/bad.err")" = 1 ] && [ ! -s "$TMP/bad.out" ]
check "a bad value: exit 2, one line on stderr" [ $? = 0 ]
