#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bash completion (contrib/bash-completion/rtwhy) against the built rtwhy's
# own --help: options per subcommand, "=" for values, FILE/DIR values, nothing for
# other values. Drives _rtwhy as readline would: COMP_WORDS split at blanks and "=".
#   bash tests/shell/10-completion.sh (RTWHY_BUILD=build)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
bc=/usr/share/bash-completion/bash_completion
if ! [ -r "$bc" ]; then
	echo "# skipped: bash-completion is not installed (Debian: apt-get install bash-completion)"
	exit 0
fi
tmp=$(mktemp -d /tmp/rtwhy-completion.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/cwd/sub"
ln -s "$build/rtwhy" "$tmp/bin/rtwhy"
touch "$tmp/cwd/trace.dat" "$tmp/cwd/out.json"
PATH=$tmp/bin:$PATH
cd "$tmp/cwd" || exit 1

# shellcheck source=/dev/null
. "$bc"
# shellcheck source=/dev/null
. "$top/contrib/bash-completion/rtwhy"
# outside readline, compopt fails: note what was asked for instead
compopt() { case "$*" in *nospace*) nospace=yes ;; esac; }

n=0
failed=0
# complete LINE: COMPREPLY for LINE, the cursor at its end ("rtwhy --json=" etc.)
complete_line() {
	COMP_LINE=$1
	COMP_POINT=${#1}
	read -ra COMP_WORDS <<<"${1//=/ = }"
	[[ $1 == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	nospace=no
	_rtwhy rtwhy "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	got=" ${COMPREPLY[*]-} "
}
# check 'LINE' 'WANT...' ['!NOT...']: each WANT word offered, no NOT word;
# WANT "=" alone: exactly nothing offered
check() {
	local line=$1 w bad=
	shift
	complete_line "$line"
	for w; do
		case "$w" in
		=) [ ${#COMPREPLY[@]} = 0 ] || bad="$bad expected nothing;" ;;
		!*) case "$got" in *" ${w#!} "*) bad="$bad offers ${w#!};" ;; esac ;;
		*) case "$got" in *" $w "*) ;; *) bad="$bad lacks $w;" ;; esac ;;
		esac
	done
	n=$((n + 1))
	if [ -z "$bad" ]; then
		echo "ok $n - '$line'"
	else
		echo "not ok $n - '$line':$bad got:$got"
		failed=$((failed + 1))
	fi
}

check 'rtwhy ' analyze irqs check '!--interval='
check 'rtwhy a' analyze '!irqs'
check 'rtwhy --inter' --interval=
n=$((n + 1))
if [ "$nospace" = yes ]; then
	echo "ok $n - --interval= asks for no space"
else
	echo "not ok $n - --interval= asks for no space"
	failed=$((failed + 1))
fi
check 'rtwhy --thr' --threads '!--threads='
check 'rtwhy -' -t -p -a --json= --svg= --save-trace= --histfile= --explain= --help --version \
	'!--window-ms=' '!--observe=' '!analyze'
check 'rtwhy -q --bu' --buffer-kb=
check 'rtwhy --explain=500 --save-trace-' --save-trace-max= '!--save-trace='
check 'rtwhy -q --' --metrics-format= --log-spikes --reopen-on-hup '!--log-spikes='
check 'rtwhy analyze --' --pid= --at= --latency= --window-ms= --clock= --json= --svg= --help \
	'!--interval=' '!--threads'
check 'rtwhy irqs --' --observe= --sysroot= --json= --help '!--hz-from='
check 'rtwhy check --' --hz-from= --sysroot= --json= --fail-on= '!--observe='
# FILE values: files; DIR values: directories; other values and CPU lists: nothing
check 'rtwhy --json=' trace.dat out.json sub
check 'rtwhy --json o' out.json '!trace.dat'
check 'rtwhy -D 5 --save-trace=t' trace.dat '!out.json'
check 'rtwhy --histfile ' out.json trace.dat
check 'rtwhy analyze --svg=' out.json trace.dat
check 'rtwhy analyze t' trace.dat '!out.json'
check 'rtwhy analyze -h -' --window-ms= '!trace.dat'
check 'rtwhy irqs --sysroot=' sub '!out.json'
check 'rtwhy check --sysroot ' sub '!trace.dat'
check 'rtwhy -a ' =
check 'rtwhy --affinity=' =
check 'rtwhy --mainaffinity ' =
check 'rtwhy -i ' =
check 'rtwhy --threads=' =
check 'rtwhy -h ' =
check 'rtwhy analyze --window-ms ' =
check 'rtwhy irqs ' =
check 'rtwhy -q ' =
echo "# $n completion checks, $failed failed"
[ "$failed" = 0 ]
