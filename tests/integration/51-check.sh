#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy check on this machine: HZ=250 from the kernel config and the same
# 250 measured two other ways (jiffies in /proc/timer_list, traced tick
# expiries), a VM detected, no threadirqs, the preemption model unknown
# (debugfs gives EPERM even to root), timerlat as available_tracers says;
# one line per check, JSON with every field, exit 0; as non-root the
# tracing-based parts turn "unknown" and tracing is refused in one line.
PLAN=15
. tests/integration/lib.sh

J=$TMP/check.json
"$RTWHY" check --json="$J" >"$TMP/check.out" 2>"$TMP/check.err"
rc=$?
sed 's/^/# /' "$TMP/check.out" | grep -v '^#  ' | head -20
check "rtwhy check: exit 0" [ "$rc" = 0 ]
# st NAME: "status|value" of one check
st() { json_get "$J" "[c['status'] + '|' + c['value'] for c in d['checks'] if c['name'] == '$1'][0]"; }
ncheck=$(json_get "$J" 'len(d["checks"])')
json_get "$J" 'all(set(c) == {"name", "value", "status", "why", "hint"} and c["status"] in ("ok", "warn", "unknown") and c["why"] and c["value"] for c in d["checks"])' >"$TMP/fields"
[ "$ncheck" = 16 ] && [ "$(cat "$TMP/fields")" = True ]
check "JSON: $ncheck checks, each with name, value, status (ok/warn/unknown), why and hint" [ $? = 0 ]
lines=$(grep -Ec '^[a-z_]+ +(ok|warn|unknown) +[^ ]' "$TMP/check.out")
grep -q '^Verdict: ' "$TMP/check.out" && [ "$lines" = 16 ]
check "text: one line per check ($lines) and a verdict line" [ $? = 0 ]

hz=$(st hz)
check "hz: ok|250 from the kernel config ($hz)" \
	sh -c "echo '$hz' | grep -Eq '^ok\|250 \(CONFIG_HZ in (/proc/config.gz|/boot/config-)'"
vm=$(st virtualization)
check "virtualization: warn, a VM ($vm)" sh -c "echo '$vm' | grep -q '^warn|VM (hypervisor flag'"
ti=$(st threadirqs)
check "threadirqs: warn, not forced ($ti)" sh -c "echo '$ti' | grep -q '^warn|no: no threadirqs'"
pm=$(st preempt_model)
check "preempt_model: unknown, PREEMPT_DYNAMIC and debugfs refused ($pm)" \
	sh -c "echo '$pm' | grep -q '^unknown|dynamic, boot default none.*Operation not permitted'"
if grep -qw timerlat $T/available_tracers; then want='ok|present'; else want='ok|absent'; fi
tl=$(st timerlat)
check "timerlat: '$want' as available_tracers says ($tl)" sh -c "echo '$tl' | grep -q '^$want'"
tf=$(st tracefs)
check "tracefs: ok, writable, every needed event ($tf)" \
	sh -c "echo '$tf' | grep -q '^ok|/sys/kernel/tracing, writable, events 10/10 needed'"

# HZ measured, not read: both ways must agree with the config
before=$(tracing_state)
"$RTWHY" check --hz-from=timer_list --json="$TMP/tl.json" >/dev/null 2>&1
m1=$(json_get "$TMP/tl.json" "[c['value'] for c in d['checks'] if c['name'] == 'hz'][0]")
note "timer_list: $m1"
check "--hz-from=timer_list measures 250" sh -c "echo '$m1' | grep -q '^250 (measured: [0-9]* jiffies in'"
"$RTWHY" check --hz-from=ticks --json="$TMP/tk.json" >/dev/null 2>"$TMP/tk.err"
m2=$(json_get "$TMP/tk.json" "[c['value'] for c in d['checks'] if c['name'] == 'hz'][0]")
note "ticks: $m2"
# the median tick-to-tick time jitters on a VM: 3.999 ms was seen
check "--hz-from=ticks measures 250 from tick_nohz_handler, period 4 ms (within 100 us)" \
	sh -c "echo '$m2' | grep -Eq '^250 \(measured: [0-9]+ tick_nohz_handler expiries traced, period (3\.9|4\.0)[0-9]{2} ms'"
check "tracing state as found after the tick measurement" [ "$before" = "$(tracing_state)" ]

# not root
setpriv --reuid=65534 --regid=65534 --clear-groups "$RTWHY" check --json=- >"$TMP/nr.json" \
	2>"$TMP/nr.err"
rc=$?
nr=$(json_get "$TMP/nr.json" "[c['status'] + '|' + c['value'] for c in d['checks'] if c['name'] == 'tracefs'][0]")
note "non-root tracefs: $nr"
[ "$rc" = 0 ] && echo "$nr" | grep -q "^unknown|/sys/kernel/tracing, not readable: Permission denied"
check "non-root: exit 0, tracefs unknown (Permission denied)" [ $? = 0 ]
setpriv --reuid=65534 --regid=65534 --clear-groups "$RTWHY" check --hz-from=ticks >"$TMP/nr2.out" \
	2>"$TMP/nr2.err"
rc=$?
note "$(cat "$TMP/nr2.err")"
[ "$rc" = 0 ] && grep -q "^hz  *unknown  *tracing: Permission denied" "$TMP/nr2.out" &&
	grep -q "^rtwhy: cannot .*: Permission denied (must run as root to trace)$" "$TMP/nr2.err"
check "non-root --hz-from=ticks: hz unknown, tracing refused in one line, exit 0" [ $? = 0 ]

"$RTWHY" check --hz-from=jiffies >"$TMP/bad.out" 2>"$TMP/bad.err"
rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMP/bad.err")" = 1 ] && [ ! -s "$TMP/bad.out" ]
check "a bad value: exit 2, one line on stderr" [ $? = 0 ]
