#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The sizes doc/HACKING.md sets: no production file (src/, analysis/) over 1000 lines and no
# function over 100 lines but tables. A table (pure data, or a switch that only maps one value
# to another) may be longer: it is named below with its reason. The heuristic is
# tests/helpers/funclen.py's. No root; a second.
#   bash tests/shell/80-sizes.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
FILE_MAX=1000
. tests/shell/lib.sh

# FILE:FUNCTION  reason: the tables allowed over 100 lines
allowed_tables=(
)

allowed() {
	local t
	for t in "${allowed_tables[@]}"; do
		[ "${t%%  *}" = "$1" ] && return 0
	done
	return 1
}

mapfile -t srcs < <(find src analysis -name '*.c' | sort)
if [ "${#srcs[@]}" = 0 ]; then
	fail "no source files found under src/ and analysis/"
	exit 1
fi

big=$(python3 tests/helpers/funclen.py files "${srcs[@]}" | awk -v max=$FILE_MAX '$1 > max')
if [ -z "$big" ]; then
	pass "no file of src/ or analysis/ over $FILE_MAX lines (${#srcs[@]} files)"
else
	while read -r lines file; do
		fail "$file: $lines lines, over $FILE_MAX: split it by topic into modules"
	done <<<"$big"
fi

long=$(python3 tests/helpers/funclen.py funcs "${srcs[@]}")
bad=0
while read -r lines file name; do
	[ -z "$lines" ] && continue
	if allowed "$file:$name"; then
		pass "$file: $name(): $lines lines, a table (allowed)"
	else
		bad=$((bad + 1))
		fail "$file: $name(): $lines lines, over 100: split it (or, a table, allow it here)"
	fi
done <<<"$long"
[ "$bad" = 0 ] && pass "no function of src/ or analysis/ over 100 lines but the tables"

echo "# $n tests, $failed failed"
[ "$failed" = 0 ]
