#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every example the README and doc/*.md show, run and compared with what the page shows,
# so that the pages cannot drift from the binary. The convention for the pages:
# a fenced block opened with ```console at the start of a line, whose first line is
#     $ rtwhy ARGS...
# is an example: the rest of the block, up to the closing ```, is exactly what
#     sh -c 'rtwhy ARGS...' 2>&1
# prints in the top directory of the repository, with the built rtwhy first on PATH (so a
# pipe such as "| sed -n '/^# verdict/,$p'" may follow; paths are relative to the repo).
# Its exit status is not compared. Examples that need root or live tracing start with
# "$ sudo rtwhy" (or are not console blocks): they are counted, never run.
# No root; a few seconds.
#   sh tests/shell/40-doc-examples.sh [--update]   (RTWHY_BUILD=build)
# --update writes what the binary prints now into the pages' blocks (after a change of
# wording: review the diff, then commit it with the change).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
update=no
[ "${1:-}" = --update ] && update=yes
tmp=$(mktemp -d /tmp/rtwhy-doc-examples.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$build/rtwhy" "$tmp/bin/rtwhy"
pages="README.md $(ls doc/*.md 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')"

# blocks DIR PAGES...: one line per example in DIR/list (page, line, command), its expected
# output in DIR/N.exp; the live examples counted in DIR/live
blocks() {
	dir=$1
	shift
	: >"$dir/list"
	: >"$dir/live"
	awk -v dir="$dir" '
		/^```/ {
			if (!inb) { inb = 1; info = substr($0, 4); first = 1; next }
			inb = 0; if (keep) close(ef); keep = 0; next
		}
		inb && first {
			first = 0
			if (info != "console") next
			if ($0 ~ /^\$ rtwhy( |$)/) {
				n++; keep = 1; ef = dir "/" n ".exp"; printf "" > ef
				print FILENAME "\t" FNR "\t" substr($0, 3) > (dir "/list")
			} else if ($0 ~ /^\$ sudo /) {
				print FILENAME ":" FNR > (dir "/live")
			}
			next
		}
		inb && keep { print > ef }' "$@"
}

blocks "$tmp" $pages
total=$(grep -c . "$tmp/list")
. tests/shell/lib.sh
i=0
while IFS='	' read -r page line cmd; do
	i=$((i + 1))
	(PATH="$tmp/bin:$PATH" timeout 60 sh -c "$cmd") >"$tmp/$i.out" 2>&1 </dev/null
	[ "$update" = yes ] && continue
	if cmp -s "$tmp/$i.exp" "$tmp/$i.out"; then
		ok "$page:$line \$ $cmd"
	else
		notok "$page:$line \$ $cmd: the output differs from the page's"
		diff -u "$tmp/$i.exp" "$tmp/$i.out" | sed -n '3,$p' | head -n 20 | sed 's/^/#   /'
	fi
done <"$tmp/list"

if [ "$update" = yes ]; then
	# the same walk over the pages, each example's body replaced by its output
	for page in $pages; do
		awk -v dir="$tmp" -v list="$tmp/list" -v page="$page" '
			BEGIN {
				while ((getline l < list) > 0) {
					k++; split(l, f, "\t")
					if (f[1] == page) at[f[2]] = k
				}
			}
			/^```/ && inb { inb = 0; skip = 0; print; next }
			/^```/ { inb = 1; print; next }
			skip { next }
			inb && (FNR in at) {
				print; out = dir "/" at[FNR] ".out"
				while ((getline l < out) > 0) print l
				close(out); skip = 1; next
			}
			{ print }' "$page" >"$tmp/page" && cat "$tmp/page" >"$page"
	done
	echo "updated $total examples in: $pages"
	exit 0
fi

# the convention is alive: the README has an example checked here, and no "$ rtwhy" line
# stands indented (a block indented into a list would not be found, so never checked)
if grep -q '^README.md	' "$tmp/list"; then
	ok "README.md has examples checked here ($total in all pages)"
else
	notok "no checked example in README.md: is the convention still \`\`\`console + \$ rtwhy?"
fi
stray=$(grep -nE '^[[:space:]]+\$ rtwhy ' $pages | head -n 3)
if [ -z "$stray" ]; then
	ok "no example hidden in an indented block"
else
	notok "indented examples are not checked: move them to column 0"
	echo "$stray" | sed 's/^/#   /'
fi
echo "# $total examples run, $(grep -c . "$tmp/live") live (root) examples not run; $failed failed"
[ "$failed" = 0 ]
