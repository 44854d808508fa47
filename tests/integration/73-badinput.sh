#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Bad input everywhere ends with one clear line and a documented status,
# never a crash, a hang or a partial file:
#   - every option's bad values (empty, negative, non-numeric, overflow, out
#     of range), conflicting combinations, unknown options, for the
#     measuring command and the subcommands: status 2, exactly one line on
#     stderr, nothing on stdout, nothing measured;
#   - output paths that cannot be written: status 2 before measuring, and
#     a disk that fills up while writing: status 1, one line, no partial
#     file (a tiny tmpfs in a private mount namespace);
#   - analyze on empty, binary, special, truncated, comment-only, marker-
#     less, NUL-filled, one-enormous-line and huge files: bounded time and
#     memory, status 0 or 1, one line when it cannot explain.
PLAN=61
. tests/integration/lib.sh

TOP=$PWD
case $RTWHY in /*) ;; *) RTWHY=$TOP/$RTWHY ;; esac
W=$TMP/w
mkdir "$W"
cd "$W" || exit 1 # a bad value that turns out to be a file name lands here, not in the tree

# refused ARGS...: status 2, one stderr line "rtwhy: ...", empty stdout, within 5 s; else why
refused() {
	timeout -k 2 5 "$RTWHY" "$@" >"$TMP/r.out" 2>"$TMP/r.err"
	rc=$?
	if [ $rc != 2 ]; then
		echo "[$*] status $rc"
	elif [ "$(wc -l <"$TMP/r.err")" != 1 ] || ! grep -q '^rtwhy: ' "$TMP/r.err"; then
		echo "[$*] stderr: $(head -c 300 "$TMP/r.err" | tr '\n' '|')"
	elif [ -s "$TMP/r.out" ]; then
		echo "[$*] stdout: $(head -c 100 "$TMP/r.out" | tr '\n' '|')"
	fi
}

# option OPTION VALUE...: every VALUE refused; OPTION ending in '=' is glued to the value
option() {
	opt=$1
	shift
	bad=""
	for v in "$@"; do
		case $opt in
		*=) why=$(refused "$opt$v" -l 10) ;;
		*) why=$(refused "$opt" "$v" -l 10) ;;
		esac
		bad="$bad$why"
	done
	if [ -z "$bad" ]; then ok "$opt: $# bad values refused (status 2, one line)"; else
		notok "$opt: $bad"; fi
}

# --- the measuring command: bad values of every option taking one ---
# a leading blank is accepted, as cyclictest's atoi() does (rteval passes "-h 3500")
US_BAD="|-1|abc|1.5|0x10|5 |5us|+|99999999999999999999|0|1000000001"
IFS='|'
option -i $US_BAD
option --interval= $US_BAD
option -b $US_BAD
option --explain= $US_BAD
option --spike= $US_BAD
option -d "" -1 abc 1.5 99999999999999999999 1000000001
option --aligned= "" -1 abc 1000000001
option --secaligned= "" -1 abc 1000000
option -t 0 -1 abc 1025 99999999999
option --threads= "" 0 -1 abc 1025
option -p "" 0 100 -1 abc 1.5 "99 "
option --policy= "" fifoo 1 deadline "fifo "
option -c "" 2 -1 abc 01x CLOCK_BOOTTIME
option -D "" -1 abc 5x 1.5.5 1m1 99999999999999999999 99999999999d
option -l "" -1 abc 1e3 18446744073709551616
option -h "" 0 -1 abc 1000001
option -H "" 0 -1 abc 1000001
option --latency= "" -1 abc 2000000001
option --buffer-kb= "" 0 63 1048577 abc
option --spike-nodes= "" 0 1000001 abc
option --timerslack= "" 0 -1 abc 1000000001
option -a abc 99 0- -1 1,,2 3-1 0-100000 ,
option --mainaffinity= "" abc 99 0- 3-1
option --json= ""
option --svg= ""
option --max-latency= $US_BAD
option -F ""
option -o "" 0 -1 abc
option --save-trace= ""
unset IFS

bad=""
# (-S with -t/-a, -x with -s, -h with -d, --priospread alone: cyclictest's warnings, 10-measure)
for args in "-A --secaligned" "-b 10 --explain=10" "--histfile=h.txt" "--save-trace=t.txt" \
	"--latency=0 --laptop" "-p 5 --policy=other" "--policy=batch -p 5" \
	"--priospread --policy=idle" "-o 5"; do
	# shellcheck disable=SC2086
	bad="$bad$(refused $args -l 10)"
done
if [ -z "$bad" ]; then ok "conflicting options: 9 combinations refused"; else
	notok "conflicting options: $bad"; fi

bad=""
for args in "--nosuch" "-Z" "extra" "--json" "-b" "--quiet=1" "--help=x" "-" "-- extra" \
	"-t 2 extra" "--explain"; do
	# shellcheck disable=SC2086
	bad="$bad$(refused $args)"
done
if [ -z "$bad" ]; then ok "unknown options, missing values, stray words refused"; else
	notok "unknown or malformed: $bad"; fi
check "nothing was written in the working directory" [ -z "$(ls -A "$W")" ]

# --- subcommands ---
bad=""
for args in "" "--bogus x" "--window-ms=abc x" "--window-ms=0 x" "--window-ms=-5 x" \
	"--pid=abc x" "--at=abc x" "--latency=-1 x" "--pid=1 x" "--json= x" "--clock= x" "a b"; do
	# shellcheck disable=SC2086
	bad="$bad$(refused analyze $args)"
done
if [ -z "$bad" ]; then ok "analyze: bad options refused"; else notok "analyze: $bad"; fi
bad=""
for args in "--bogus" "--observe=0" "--observe=abc" "--observe=3601" "--observe=" "--json=" \
	"extra"; do
	# shellcheck disable=SC2086
	bad="$bad$(refused irqs $args)"
done
if [ -z "$bad" ]; then ok "irqs: bad options refused"; else notok "irqs: $bad"; fi
bad=""
for args in "--bogus" "extra" "--hz-from=jiffies" "--json="; do
	# shellcheck disable=SC2086
	bad="$bad$(refused check $args)"
done
if [ -z "$bad" ]; then ok "check: bad options refused"; else notok "check: $bad"; fi

# --- output paths that cannot be written: refused before measuring, no file made ---
mkdir "$W/dir"
for o in "--json=/nonexistent-dir/x" "--json=$W/dir" "--histfile=/nonexistent-dir/x -h 10" \
	"--svg=/nonexistent-dir/x.svg -h 10" "--save-trace=/nonexistent-dir/x -b 100000"; do
	start=$(date +%s)
	# shellcheck disable=SC2086
	why=$(refused -D 30 -q $o)
	if [ -z "$why" ] && [ $(($(date +%s) - start)) -lt 3 ]; then
		ok "unwritable $o: status 2 at once, one line"
	else notok "unwritable $o: $why"; fi
done

# --- a disk that fills up: status 1, one line, and no partial file ---
# full CMD...: run CMD in a private mount namespace where /mnt is a full 4 KB tmpfs;
# prints "rc=N" and what is left in /mnt besides the filler
full() {
	unshare -m sh -c 'mount -t tmpfs -o size=4k rtwhy-test /mnt &&
		head -c 4000 /dev/zero >/mnt/fill && "$@" >/dev/null; echo "rc=$?";
		ls /mnt | grep -v "^fill$"' sh "$@"
}
# disk_full "what" CMD...: ok if status 1, one line on stderr, no file left
disk_full() {
	what=$1
	shift
	full "$@" >"$TMP/f.out" 2>"$TMP/f.err"
	if [ "$(cat "$TMP/f.out")" = "rc=1" ] && [ "$(wc -l <"$TMP/f.err")" = 1 ]; then
		ok "disk full, $what: status 1, one line, no partial file"
	else
		notok "disk full, $what: $(tr '\n' ' ' <"$TMP/f.out")"
		show "$TMP/f.err"
	fi
}
disk_full "--json" "$RTWHY" -l 100 -q --json=/mnt/x.json
disk_full "--histfile" "$RTWHY" -l 100 -q -h 1000 --histfile=/mnt/h.txt
disk_full "--svg of the histogram" "$RTWHY" -l 100 -q -h 100 --svg=/mnt/h.svg
disk_full "--save-trace" "$RTWHY" -q -b 1 -D 5 --save-trace=/mnt/t.txt
disk_full "/dev/full as --json" "$RTWHY" -l 10 -q --json=/dev/full
# a window to analyze, recorded here
"$RTWHY" -q -b 1 -D 5 --save-trace="$W/win.txt" >/dev/null 2>&1
disk_full "analyze --json" "$RTWHY" analyze "$W/win.txt" --json=/mnt/a.json
disk_full "irqs --json" "$RTWHY" irqs --json=/mnt/i.json
disk_full "check --json" "$RTWHY" check --json=/mnt/c.json
rm -rf "$W/dir"

# --- analyze on files that are not what it wants ---
# analyzed "what" FILE STATUSES PATTERN: status among STATUSES (e.g. "1"), within 20 s, and
# when the status is 1 one line on stderr matching PATTERN
analyzed() {
	what=$1 file=$2 statuses=$3 pattern=$4
	timeout -k 2 20 "$RTWHY" analyze "$file" >"$TMP/a.out" 2>"$TMP/a.err"
	rc=$?
	case " $statuses " in
	*" $rc "*) ;;
	*)
		notok "analyze $what: status $rc"
		show "$TMP/a.err"
		return
		;;
	esac
	if [ $rc = 1 ] && ! tail -n 1 "$TMP/a.err" | grep -q "$pattern"; then
		notok "analyze $what: the last line does not say '$pattern'"
		show "$TMP/a.err"
	else
		said=""
		[ $rc = 1 ] && said=", '$(tail -n 1 "$TMP/a.err" | cut -c1-60)...'"
		ok "analyze $what: status $rc$said"
	fi
}
: >"$W/empty"
head -c 65536 /dev/urandom >"$W/binary"
head -c 65536 /dev/zero >"$W/zeros"
printf '# tracer: nop\n#\n# entries-in-buffer/entries-written: 0/0   #P:2\n' >"$W/comments"
grep -v 'FREEZE' "$W/win.txt" >"$W/nomarker.txt"
{
	head -n 20 "$W/win.txt"
	printf 'bash-1 [000] d.... 1.0: \000\000\000\n'
	tail -n +21 "$W/win.txt"
} >"$W/nul.txt"
{ cat "$W/win.txt"; printf '          rtwhy-1     [000] d.... 1.00'; } >"$W/cut.txt"
python3 -c "import sys; sys.stdout.write('# tracer: nop\n' + 'x' * (64 << 20) + '\n')" \
	>"$W/longline.txt"
analyzed "of an empty file" "$W/empty" 1 "empty"
analyzed "of random bytes" "$W/binary" 1 "neither a trace.dat nor ftrace text"
analyzed "of zeros" "$W/zeros" 1 "neither a trace.dat nor ftrace text"
analyzed "of /dev/null" /dev/null 1 "empty"
analyzed "of a directory" "$W" 1 "Is a directory"
analyzed "of a missing file" "$W/missing" 1 "No such file"
analyzed "of comments only" "$W/comments" 1 "rtwhy"
analyzed "without a marker" "$W/nomarker.txt" 1 "cannot find a spike"
analyzed "with NUL bytes in a line" "$W/nul.txt" "0 1" "rtwhy"
analyzed "cut in its last line, after the marker" "$W/cut.txt" 0 ""
analyzed "of one 64 MB line" "$W/longline.txt" 1 "no ftrace event line"
rm -f "$W/longline.txt"

# a huge trace: bounded memory and time (the window, not the file, is held); a sanitizer
# build is slower and holds freed memory for a while: a smaller file, wider bounds
mb=150 rss_max=200 s_max=60
sanitized && mb=40 rss_max=800 s_max=120
python3 - "$W/win.txt" "$W/huge.txt" "$mb" <<'PY'
import re, sys
ev = [l for l in open(sys.argv[1]) if not l.startswith('#') and ': ' in l]
ts = re.compile(r'(\s)(\d+\.\d+)(: )')
t = [float(ts.search(l).group(2)) for l in ev]
span = t[-1] - t[0] + 0.001
with open(sys.argv[2], 'w') as out:
    out.write('# tracer: nop\n# rtwhy: clock mono\n')
    size, k = 0, 0
    while size < (int(sys.argv[3]) << 20):
        for l, x in zip(ev, t):
            m = ts.search(l)
            line = l[:m.start(2)] + '%.9f' % (x + k * span) + l[m.end(2):]
            out.write(line)
            size += len(line)
        k += 1
PY
huge=$(python3 - "$RTWHY" "$W/huge.txt" <<'PY'
import resource, subprocess, sys, time
t = time.time()
p = subprocess.run([sys.argv[1], "analyze", sys.argv[2]], stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE, text=True, timeout=240)
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print(p.returncode, rss, int(time.time() - t + 0.5), p.stderr.strip().splitlines()[-1:] or "")
PY
)
note "analyze of a $mb MB trace: status, max RSS MB, seconds, last line: $huge"
set -- $huge
if [ "$1" = 0 ] && [ "$2" -lt $rss_max ] && [ "$3" -lt $s_max ]; then
	ok "analyze of a $mb MB trace: status 0, RSS $2 MB, $3 s"
else
	notok "analyze of a $mb MB trace (RSS < $rss_max MB, < $s_max s): $huge"
fi
rm -f "$W/huge.txt"

# a truncated trace.dat, if the fixtures have one
dat=$(ls "$TOP"/tests/fixtures/*.dat 2>/dev/null | head -n 1)
if [ -n "$dat" ]; then
	bad=""
	size=$(wc -c <"$dat")
	for cut in 16 100 1000 $((size / 3)) $((size / 2)) $((size - 4096)) $((size - 1)); do
		[ "$cut" -gt 0 ] || continue
		head -c "$cut" "$dat" >"$W/cut.dat"
		timeout -k 2 20 "$RTWHY" analyze "$W/cut.dat" >/dev/null 2>"$TMP/d.err"
		rc=$?
		[ $rc -le 1 ] || bad="$bad [cut at $cut: status $rc]"
	done
	if [ -z "$bad" ]; then
		ok "analyze of $(basename "$dat") cut at 7 places: status 0 or 1"
	else
		notok "analyze of a cut trace.dat:$bad"
	fi
else
	ok "analyze of a cut trace.dat # skip: no tests/fixtures/*.dat yet"
fi
