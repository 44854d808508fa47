#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# When tracing is not what rtwhy expects, in private mount namespaces (the
# host's mounts are not touched; checked at the end):
#   - tracefs absent and not mountable (tracefs and debugfs unmounted, a
#     read-only empty tmpfs over /sys/kernel): -b says it cannot trace and
#     still breaks; --explain fails with one clear line and status 1; irqs
#     --observe refuses the same way; measuring without tracing works;
#   - tracefs absent but mountable: rtwhy mounts it (in the namespace) and
#     traces;
#   - events missing (the timer and irq_vectors systems hidden, then sched):
#     one warning naming them, the run goes on and explains what it can.
PLAN=11
. tests/integration/lib.sh

host_mounts=$(grep -cE ' (tracefs|debugfs) ' /proc/self/mounts)
# notracefs CMD: CMD (a shell string) where tracefs can be neither found nor mounted
notracefs() {
	unshare -m sh -c "umount -l $T 2>/dev/null; umount -l /sys/kernel/debug 2>/dev/null;
		mount -t tmpfs -o ro,size=4k rtwhy-test /sys/kernel && $1"
}

notracefs "timeout 20 $RTWHY -q -b 1 -D 5" >"$TMP/b.out" 2>"$TMP/b.err"
rc=$?
if [ $rc = 0 ] && grep -q '^# Break thread: ' "$TMP/b.out" && grep -q 'tracefs' "$TMP/b.err" &&
	grep -q 'cannot be explained without tracing' "$TMP/b.err"; then
	ok "no tracefs, -b 1: says it cannot trace, still breaks, status 0"
else
	notok "no tracefs, -b 1: status $rc"
	show "$TMP/b.out"
	show "$TMP/b.err"
fi
notracefs "timeout 20 $RTWHY -q --explain=100 -D 5" >"$TMP/e.out" 2>"$TMP/e.err"
rc=$?
if [ $rc = 1 ] && [ "$(wc -l <"$TMP/e.err")" = 1 ] && grep -q 'tracefs' "$TMP/e.err" &&
	! grep -q '^T:' "$TMP/e.out"; then
	ok "no tracefs, --explain: status 1, one line: $(cat "$TMP/e.err")"
else
	notok "no tracefs, --explain: status $rc"
	show "$TMP/e.err"
fi
notracefs "timeout 20 $RTWHY irqs --observe 1" >"$TMP/o.out" 2>"$TMP/o.err"
rc=$?
check "no tracefs, irqs --observe: status 1, one line naming tracefs" \
	[ $rc = 1 -a "$(wc -l <"$TMP/o.err")" = 1 -a "$(grep -c tracefs "$TMP/o.err")" = 1 ]
notracefs "timeout 20 $RTWHY -q -t 2 -l 200" >"$TMP/m.out" 2>"$TMP/m.err"
rc=$?
check "no tracefs, measuring alone: status 0, both threads" \
	[ $rc = 0 -a "$(grep -c '^T: [01] ' "$TMP/m.out")" = 2 ]

# absent but mountable: libtracefs mounts it where it belongs, inside the namespace only
unshare -m sh -c "umount -l $T; umount -l /sys/kernel/debug 2>/dev/null;
	grep -c ' tracefs ' /proc/self/mounts; timeout 20 $RTWHY -q --explain=1000000 -D 1;
	echo rc=\$?; grep -c ' tracefs ' /proc/self/mounts" >"$TMP/a.out" 2>"$TMP/a.err"
if [ "$(head -n 1 "$TMP/a.out")" = 0 ] && grep -q '^rc=0$' "$TMP/a.out" &&
	grep -q 'tracing into instance' "$TMP/a.out" && [ "$(tail -n 1 "$TMP/a.out")" -ge 1 ]; then
	ok "tracefs unmounted: rtwhy mounts it and traces, status 0"
else
	notok "tracefs unmounted but mountable"
	show "$TMP/a.out"
	show "$TMP/a.err"
fi

# events missing: hide whole systems from the event directory
# hidden "SYSTEMS" CMD: CMD with events/SYSTEM covered by an empty read-only tmpfs
hidden() {
	m=""
	for sys in $1; do m="$m mount -t tmpfs -o ro,size=4k rtwhy-test $T/events/$sys &&"; done
	unshare -m sh -c "$m $2"
}
hidden "timer irq_vectors" "timeout 20 $RTWHY -q -b 1 -D 5 --json=$TMP/t.json" \
	>"$TMP/t.out" 2>"$TMP/t.err"
rc=$?
if [ $rc = 0 ] && [ "$(wc -l <"$TMP/t.err")" = 1 ] &&
	grep -q 'events not available.*timer:hrtimer_expire_entry.*irq_vectors:local_timer_entry' \
		"$TMP/t.err"; then
	ok "timer and irq_vectors events missing: one warning naming them, status 0"
else
	notok "timer and irq_vectors events missing: status $rc"
	show "$TMP/t.err"
fi
v=$(json_get "$TMP/t.json" "d['spikes'][0]['verdict']['kind']" 2>/dev/null)
check "and the spike is still explained (verdict '$v')" [ -n "$v" ]
hidden "sched" "timeout 20 $RTWHY -q -b 1 -D 5 --json=$TMP/s.json" >"$TMP/s.out" 2>"$TMP/s.err"
rc=$?
v=$(json_get "$TMP/s.json" "d['spikes'][0]['verdict']['kind']" 2>/dev/null)
if [ $rc = 0 ] && grep -q 'events not available.*sched:sched_switch' "$TMP/s.err" &&
	[ "$v" = incomplete ]; then
	ok "sched events missing: warned, the spike said to be incomplete, status 0"
else
	notok "sched events missing: status $rc, verdict '$v'"
	show "$TMP/s.err"
fi
hidden "sched irq timer irq_vectors nmi ipi" "timeout 20 $RTWHY -q --explain=1 -D 2" \
	>"$TMP/n.out" 2>"$TMP/n.err"
check "every event missing: --explain runs and ends, status $?" [ $? = 0 ]

check "the host's tracefs/debugfs mounts are untouched" \
	[ "$(grep -cE ' (tracefs|debugfs) ' /proc/self/mounts)" = "$host_mounts" ]
check "nothing of ours left" [ -z "$(ls $T/instances | grep '^rtwhy-')" ]
