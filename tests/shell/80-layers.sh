#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The layers of analysis/: a module is analysis/NAME.c with include/analysis/NAME.h; it
# depends on every other analysis header its .c or its header includes. That graph must have
# no cycle (result <- offcpu <- cause ... <- verdict <- blame, doc/HACKING.md): a cycle is
# printed, with the graph. No root, no build; a second.
#   bash tests/shell/80-layers.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-layers.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh

# the modules: every analysis/*.c and include/analysis/*.h, by name
for f in analysis/*.c include/analysis/*.h; do
	m=$(basename "$f")
	echo "${m%.*}"
done | sort -u >"$tmp/modules"

# the edges "module dependency" (tsort's input: a pair per line), and a self-pair per module so
# that one with no edge is listed too
while read -r m; do
	echo "$m $m"
	for f in "analysis/$m.c" "include/analysis/$m.h"; do
		[ -e "$f" ] || continue
		sed -n 's|^#include "analysis/\([A-Za-z0-9_]*\)\.h".*|\1|p' "$f" |
			while read -r d; do [ "$d" != "$m" ] && echo "$m $d"; done
	done
done <"$tmp/modules" | sort -u >"$tmp/edges"

nr_modules=$(wc -l <"$tmp/modules")
nr_edges=$(awk '$1 != $2' "$tmp/edges" | wc -l)
if [ "$nr_modules" -ge 10 ] && [ "$nr_edges" -ge 10 ]; then
	pass "include graph of analysis/: $nr_modules modules, $nr_edges edges"
else
	fail "include graph of analysis/: only $nr_modules modules, $nr_edges edges found"
fi

# every header an include names exists (a typo would hide an edge)
missing=$(awk '{ print $2 }' "$tmp/edges" | sort -u | while read -r d; do
	[ -e "include/analysis/$d.h" ] || [ -e "analysis/$d.c" ] || echo "$d"; done)
if [ -z "$missing" ]; then
	pass "every analysis header included exists"
else
	fail "included but not found: $missing"
fi

# no cycle: tsort orders the modules so that a module comes after what it depends on, or says
# which modules make a loop
if tsort "$tmp/edges" >"$tmp/order" 2>"$tmp/loops"; then
	pass "no include cycle in analysis/ (bottom up: $(tac "$tmp/order" | tr '\n' ' '))"
else
	fail "include cycle in analysis/:"
	sed 's/^/# /' "$tmp/loops"
	echo "# the graph (module -> what it includes):"
	awk '$1 != $2 { print "#   " $1 " -> " $2 }' "$tmp/edges"
fi

echo "# $n tests, $failed failed"
[ "$failed" = 0 ]
