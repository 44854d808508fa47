#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A full disk (issue 19): every output file rtwhy writes, on a 256 KB tmpfs that is full, says
# the filesystem's own reason, "No space left on device" (not "Invalid argument", not
# "Input/output error"), once, leaves no partial file, and the run measures on. The tmpfs is
# unmounted on every exit path.
PLAN=8
. tests/integration/lib.sh

FS=$TMP/full
mkdir "$FS"
fs_cleanup() {
	umount "$FS" 2>/dev/null
	cleanup
}
trap fs_cleanup EXIT
if ! mount -t tmpfs -o size=256k rtwhy-full "$FS"; then
	notok "mount a 256 KB tmpfs"
	exit 1
fi
# leave 8 KB: the first bytes go, the rest does not
dd if=/dev/zero of="$FS/fill" bs=4k count=62 2>/dev/null

# says "cannot write WHAT FILE: No space left on device", once, and no file is left
says_enospc() {
	what=$1 file=$2 err=$3
	n=$(grep -c "^rtwhy: cannot write $what $file: No space left on device$" "$err")
	if [ "$n" = 1 ] && [ ! -e "$file" ]; then
		ok "$what on a full disk: ENOSPC said once, no partial file"
	else
		notok "$what on a full disk: ENOSPC said once, no partial file ($n times)"
		show "$err"
		ls -la "$FS" | sed 's/^/#   /'
	fi
}

# the explaining run: --save-trace as text and as trace.dat (libtracecmd writes that one)
for f in s.txt s.dat; do
	run_once e -t 1 -p 90 -i 500 -D 2 -q --explain 1 --save-trace "$FS/$f"
	says_enospc "--save-trace file" "$FS/$f" "$TMP/e.err"
done
# 2 s at 500 us: 4000 loops (a sanitized run 3851: its clock reads are slower); the file
# fails at the first spike, in the first milliseconds: a run that stopped there has a few
# loops. The failed file is the run's status 1
c=$(num "$(sed -n 's/^T: 0 .* C: *\([0-9]*\) .*/\1/p' "$TMP/e.out" | tail -n 1)")
if [ "${c:-0}" -ge 3600 ] && [ "$rc" = 1 ]; then
	ok "the run measured on to the end ($c loops), status 1 for the file"
else
	notok "the run measured on to the end (${c:-no} loops), status 1 for the file (got $rc)"
	show "$TMP/e.err"
fi
# the end-of-run files, on a disk with nothing left
rm -f "$FS/fill"
dd if=/dev/zero of="$FS/fill" bs=4k count=64 2>/dev/null
run_once o -t 1 -p 90 -i 500 -D 1 -q -h 2000 --histfile "$FS/h.txt" --json "$FS/r.json" \
	--svg "$FS/r.svg"
says_enospc "--histfile file" "$FS/h.txt" "$TMP/o.err"
says_enospc "--json file" "$FS/r.json" "$TMP/o.err"
says_enospc "--svg file" "$FS/r.svg" "$TMP/o.err"
# --metrics: written while running, said once for the run however often it fails
run_once m -t 1 -p 90 -i 500 -D 2 -q --metrics "$FS/m.prom"
n=$(grep -c "^rtwhy: cannot write --metrics file $FS/m.prom: No space left on device$" \
	"$TMP/m.err")
if [ "$n" -ge 1 ] && [ ! -e "$FS/m.prom" ] &&
	[ -z "$(find "$FS" -name 'm.prom.tmp*')" ]; then
	ok "--metrics on a full disk: ENOSPC, no file, no temporary left"
else
	notok "--metrics on a full disk: ENOSPC, no file, no temporary left ($n times)"
	show "$TMP/m.err"
fi
# analyze's outputs: --json of a recorded window
run_once a analyze tests/fixtures/busy-tick.trace.txt --json "$FS/a.json"
says_enospc "--json file" "$FS/a.json" "$TMP/a.err"
