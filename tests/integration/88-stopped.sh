#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A stopped process (issue 19): during `-a 1 -p 90 --explain 500`, a program of its own name
# (stopper, a copy of kill) sends SIGSTOP to rtwhy, and 1 s later another (continuer) sends
# SIGCONT. The spike of that second must be `stopped`, naming the SIGSTOP's sender and the
# process that continued it by their pids (their comm may be the forking shell's: the trace's
# last switch of a process that exec'd and ended at once); no other spike may say stopped.
PLAN=3
. tests/integration/lib.sh

rp=
st_cleanup() {
	[ -n "$rp" ] && kill -CONT "$rp" 2>/dev/null
	cleanup
}
trap st_cleanup EXIT

cp "$(command -v kill 2>/dev/null | grep / || echo /bin/kill)" "$TMP/stopper" 2>/dev/null ||
	cp /usr/bin/kill "$TMP/stopper"
cp "$TMP/stopper" "$TMP/continuer"
"$RTWHY" -a 1 -p 90 --explain=500 -D 4 -q --json="$TMP/st.json" --save-trace="$TMP/st.txt" \
	>"$TMP/st.out" 2>"$TMP/st.err" &
rp=$!
sleep 1.5
"$TMP/stopper" -STOP "$rp" &
spid=$!
wait "$spid"
sleep 1
"$TMP/continuer" -CONT "$rp" &
cpid=$!
wait "$cpid"
wait "$rp"
rc=$?
rp=
if [ "$rc" = 0 ]; then ok "the run ended, status 0"; else notok "the run ended, status 0 (got $rc)"; show "$TMP/st.err"; fi
pyout=$(python3 - "$TMP/st.json" "$cpid" "$spid" <<'PY'
import json, re, sys
sp = json.load(open(sys.argv[1])).get("spikes", [])
# named by pid: a process that exec'd and ended at once may still carry the comm of its
# last switch in the trace (the shell that forked it)
cont = re.compile(r"\(pid %s, on CPU [0-9]+\) continued it with SIGCONT" % sys.argv[2])
stop = re.compile(r"SIGSTOP from \S+ \(pid %s\)" % sys.argv[3])
long = [s for s in sp if s["latency_us"] >= 900000]
good = [s for s in long if s["verdict"]["kind"] == "stopped"
        and stop.search(s["verdict"]["text"]) and cont.search(s["verdict"]["text"])]
print("stop_%s %d of %d spikes of 0.9 s or more say stopped, by pid %s, continued by pid %s; %s" %
      ("ok" if long and len(good) == len(long) else "bad", len(good), len(long), sys.argv[3],
       sys.argv[2],
       [s["verdict"]["text"] for s in long if s not in good][:2]))
other = [s for s in sp if s["latency_us"] < 900000 and s["verdict"]["kind"] == "stopped"]
print("other_%s %d short spikes said stopped" % ("ok" if not other else "bad", len(other)))
PY
)
for k in stop other; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok*) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done
# a stop spike not said: its window's events of the thread (a CI run once had no wakeup)
case "$pyout" in *stop_bad*)
	tid=$(json_get "$TMP/st.json" "[s['tid'] for s in d['spikes'] if s['latency_us'] >= 900000][0]")
	# from its stop (a switch out in state T) on: a CI log shows only a part of the output
	grep -E "pid=$tid |-$tid +\[|rtwhy: spike|FREEZE tid=$tid .*lat=[0-9]{9}" "$TMP/st.txt" |
		awk '/prev_state=T/ { n = 0 } { l[n++] = $0 } END { for (i = 0; i < n; i++) print l[i] }' |
		head -n 16 >"$TMP/st.thread"
	show "$TMP/st.thread" 16
	grep -A 6 -E "^# Spike [0-9]+: .* woke [0-9]{6,}\.[0-9] us late" "$TMP/st.out" | head -n 7
	;;
esac
