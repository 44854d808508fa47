#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The cgroup freezer (issue 19): `-t 1 -a 1 -p 90 -i 1000 --explain=500` runs in a cgroup of its
# own that the test freezes 10 times for 0.3 s and thaws (0.3 s apart): first the cgroup v1
# freezer (freezer.state FROZEN / THAWED), then cgroup v2 (cgroup.freeze 1 / 0, a group of the
# unified hierarchy, which needs no controller for it). Judged: the spikes of 100 ms or more
# (only a freeze makes them here); at least 9 in 10 of them must be `frozen`, saying the freezer
# of their version and the group by its path. The groups are thawed, emptied and removed on
# every way out.
PLAN=4
. tests/integration/lib.sh

G1='' G2='' ROOT1='' ROOT2='' rp=''
fz_thaw_rm() { # DIR ROOT STATEFILE THAWED
	[ -n "$1" ] && [ -d "$1" ] || return 0
	echo "$4" >"$1/$3" 2>/dev/null
	[ -n "$rp" ] && kill "$rp" 2>/dev/null
	cgroup_remove "$1" "$2"
}
fz_cleanup() {
	fz_thaw_rm "$G1" "$ROOT1" freezer.state THAWED
	fz_thaw_rm "$G2" "$ROOT2" cgroup.freeze 0
	[ -n "$rp" ] && wait "$rp" 2>/dev/null
	rp=
	cleanup
}
trap fz_cleanup EXIT

ROOT1=$(awk '$3 == "cgroup" && $4 ~ /(^|,)freezer(,|$)/ { print $2; exit }' /proc/mounts)
ROOT2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)

# frozen_run V ROOT DIR STATEFILE FROZEN THAWED: rtwhy in DIR, frozen 10 times; JSON in $TMP/fV.json
frozen_run() {
	v=$1 root=$2 dir=$3 file=$4 on=$5 off=$6
	timeout 60 sh -c "echo \$\$ >$dir/cgroup.procs && exec $RTWHY -t 1 -a 1 -p 90 -i 1000 -D 9 \
		--explain=500 -q --json=$TMP/f$v.json --save-trace=$TMP/f$v.txt" \
		>"$TMP/f$v.out" 2>"$TMP/f$v.err" &
	rp=$!
	sleep 1.5
	i=0
	while [ $i -lt 10 ] && kill -0 "$rp" 2>/dev/null; do
		echo "$on" >"$dir/$file"
		sleep 0.3
		echo "$off" >"$dir/$file"
		sleep 0.3
		i=$((i + 1))
	done
	wait "$rp"
	rc=$?
	rp=
	if [ "$rc" = 0 ]; then ok "v$v: the run ended, status 0"; else notok "v$v: the run ended, status 0 (got $rc)"; show "$TMP/f$v.err"; fi
	pyout=$(python3 - "$TMP/f$v.json" "$v" "${dir#"$root"}" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1])).get("spikes", [])
v, path = sys.argv[2], sys.argv[3]
want = "the cgroup v%s freezer of its cgroup %s " % (v, path)
# a window may lack the thaw's switch-in on the idle CPU (untraced, or read before it came):
# judged all the same, as the freeze from its start to the thaw is in it
judged = [s for s in sp if s["latency_us"] >= 100000]
good = [s for s in judged if s["verdict"]["kind"] == "frozen" and want in s["verdict"]["text"]]
bad = [(round(s["latency_us"]), s["verdict"]["kind"], s["verdict"]["text"][:300]) for s in judged
       if s not in good]
print("judged_%s %d of %d judged spikes (of %d) say '%s'; others %s" %
      ("ok" if len(judged) >= 5 and len(good) * 10 >= len(judged) * 9 else "bad",
       len(good), len(judged), len(sp), want.strip(), bad[:3]))
PY
)
	line=$(echo "$pyout" | grep "^judged_")
	case "$line" in *_ok*) ok "v$v: $line" ;; *) notok "v$v: ${line:-no JSON}" ;; esac
}

if [ -n "$ROOT1" ] && G1=$ROOT1/rtwhy-it-$$ && mkdir "$G1"; then
	frozen_run 1 "$ROOT1" "$G1" freezer.state FROZEN THAWED
else
	G1=
	for i in 1 2; do ok "# SKIP no cgroup v1 freezer hierarchy"; done
fi
if [ -n "$ROOT2" ] && G2=$ROOT2/rtwhy-it-$$ && mkdir "$G2" && [ -f "$G2/cgroup.freeze" ]; then
	frozen_run 2 "$ROOT2" "$G2" cgroup.freeze 1 0
else
	for i in 1 2; do ok "# SKIP no cgroup v2 hierarchy with cgroup.freeze"; done
fi
