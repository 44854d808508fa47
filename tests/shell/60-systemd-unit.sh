#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# contrib/systemd/rtwhy.service: systemd-analyze verify finds nothing to say of
# it (its ExecStart pointed at the built rtwhy when none is installed; the man
# page reference is doc/rtwhy.1, checked by name), the same check does fail a
# unit with a misspelt key, and every option of its ExecStart, with the
# defaults of its Environment= lines, is one rtwhy takes: the command runs as
# far as its option parser (--help added last: parsed, then it only prints).
# No root; a second.
#   sh tests/shell/60-systemd-unit.sh (RTWHY_BUILD=build)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-unit.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh
show() { sed 's/^/#   /' "$1" | head -n 15; }
U=contrib/systemd/rtwhy.service

# the ExecStart command with the Environment= defaults, one word a line
words() {
	awk '
		/^Environment=/ {
			kv = substr($0, 13); gsub(/"/, "", kv)
			i = index(kv, "="); env[substr(kv, 1, i - 1)] = substr(kv, i + 1)
		}
		/^ExecStart=/ { cmd = substr($0, 11); cont = /\\$/; sub(/\\$/, "", cmd); next }
		cont { line = $0; cont = /\\$/; sub(/\\$/, "", line); cmd = cmd " " line }
		END {
			for (k in env) { gsub("\\$\\{" k "\\}", env[k], cmd); gsub("\\$" k, env[k], cmd) }
			print cmd
		}' "$U" | tr -s ' \t' '\n' | grep .
}

if ! command -v systemd-analyze >/dev/null; then
	ok "# SKIP systemd-analyze is not installed (Debian: systemd)"
	ok "# SKIP systemd-analyze is not installed"
else
	rtwhy=/usr/bin/rtwhy
	[ -x "$rtwhy" ] || rtwhy=$build/rtwhy
	sed "s|/usr/bin/rtwhy|$rtwhy|; s|man:rtwhy(1) ||" "$U" >"$tmp/rtwhy.service"
	systemd-analyze verify --man=no "$tmp/rtwhy.service" >"$tmp/v.out" 2>&1
	rc=$?
	if [ $rc = 0 ] && [ ! -s "$tmp/v.out" ] && grep -q '^Documentation=man:rtwhy(1) ' "$U" &&
		[ -f doc/rtwhy.1 ]; then
		ok "systemd-analyze verify: $U, nothing to say"
	else
		notok "systemd-analyze verify: $U (status $rc)"
		show "$tmp/v.out"
	fi
	sed 's/^Restart=/Restrat=/' "$tmp/rtwhy.service" >"$tmp/rtwhy-typo.service"
	systemd-analyze verify --man=no "$tmp/rtwhy-typo.service" >"$tmp/t.out" 2>&1
	if grep -q "Unknown key 'Restrat'" "$tmp/t.out"; then
		ok "the same check finds a misspelt key in a copy of the unit"
	else
		notok "the same check finds a misspelt key"
		show "$tmp/t.out"
	fi
fi

# the ExecStart's options, through rtwhy's parser: --help last parses them all, then prints
words >"$tmp/words"
set -- $(tail -n +2 "$tmp/words")
if [ "$(head -n 1 "$tmp/words")" != /usr/bin/rtwhy ] || [ $# -lt 8 ]; then
	notok "the ExecStart of $U read ($(head -n 1 "$tmp/words"), $# options)"
elif "$build/rtwhy" "$@" --help >"$tmp/h.out" 2>"$tmp/h.err" && grep -q '^usage' "$tmp/h.out"
then
	ok "rtwhy takes every option of the ExecStart: $*"
else
	notok "rtwhy takes every option of the ExecStart: $*"
	show "$tmp/h.err"
fi
exit $((failed > 0))
