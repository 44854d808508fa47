#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The Makefile honours CPPFLAGS, CFLAGS and LDFLAGS given on the command line (as
# dpkg-buildflags gives them), in every compile and link rule (tool, unit tests,
# helpers, fuzz targets), and make install puts the binary, the man page and the
# bash completion under DESTDIR/PREFIX. No root; a few seconds.
#   sh tests/shell/20-buildflags.sh (RTWHY_BUILD=build: the built tree to install)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-buildflags.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# this test's makes are its own, not the calling make check's (-j), nor take the
# flags of a package build's environment (dpkg-buildflags: -z now already)
unset MAKEFLAGS MFLAGS MAKELEVEL CPPFLAGS CFLAGS LDFLAGS
. tests/shell/lib.sh

# 1. every command of a full build from scratch, not run (make -n): each carries the
# flags, each compile CPPFLAGS, each link LDFLAGS
probe="CC=probe-cc CPPFLAGS=-DPROBE_CPPFLAGS CFLAGS=-fprobe-cflags LDFLAGS=-Wl,--probe-ldflags"
helpers=$(for h in tests/helpers/*.c; do printf '%s ' "$tmp/dry/tests/$(basename "$h" .c)"; done)
# shellcheck disable=SC2086
{
	make -n V=1 BUILD="$tmp/dry" $probe all "$tmp/dry/unit-tests" $helpers
	make -n V=1 BUILD="$tmp/dry-fuzz" FUZZ=1 $probe fuzz-build
} 2>&1 | grep '^probe-cc ' >"$tmp/cmds"
awk -v srcs="$(find src analysis tests/unit -name '*.c' | wc -l)" '
	{ n++; what = ($0 ~ / -c /) ? "compile" : "link" }
	!/ -fprobe-cflags( |$)/ { bad++; print "#   no CFLAGS: " $0 }
	(/ -c / || /\.c( |$)/) && !/ -DPROBE_CPPFLAGS( |$)/ { bad++; print "#   no CPPFLAGS: " $0 }
	!/ -c / && !/ -Wl,--probe-ldflags( |$)/ { bad++; print "#   no LDFLAGS: " $0 }
	!/ -c / { links++ }
	END {
		printf "# %d commands (%d links) for %d sources\n", n, links, srcs
		if (n < srcs || links < 3) { print "#   fewer commands than sources"; bad++ }
		exit bad > 0
	}' "$tmp/cmds" | head -n 20 >"$tmp/dry.out"
if [ -s "$tmp/cmds" ] && ! grep -q '^#   ' "$tmp/dry.out"; then
	ok "make -n: every compile has CPPFLAGS and CFLAGS, every link LDFLAGS"
else
	notok "make -n: every compile has CPPFLAGS and CFLAGS, every link LDFLAGS"
fi
cat "$tmp/dry.out"

# 2. a real build with them: command-line CPPFLAGS keep the project's own (-Iinclude),
# and LDFLAGS reach the linker (BIND_NOW), against a build without them
if make -s BUILD="$tmp/b" CPPFLAGS=-DPROBE_CPPFLAGS LDFLAGS=-Wl,-z,now \
	"$tmp/b/src/main.o" "$tmp/b/tests/spinner" >"$tmp/b.log" 2>&1; then
	ok "make CPPFLAGS=... LDFLAGS=... builds (the project's own flags kept)"
else
	notok "make CPPFLAGS=... LDFLAGS=... builds (the project's own flags kept)"
	sed 's/^/#   /' "$tmp/b.log" | head -n 10
fi
now() { readelf -d "$1" 2>/dev/null | grep -qE 'BIND_NOW|Flags:.* NOW'; }
make -s BUILD="$tmp/plain" "$tmp/plain/tests/spinner" >/dev/null 2>&1
if now "$tmp/plain/tests/spinner"; then
	echo "# this toolchain links with -z now by default: BIND_NOW tells nothing here"
elif now "$tmp/b/tests/spinner"; then
	ok "LDFLAGS=-Wl,-z,now: the helper has BIND_NOW (the one without has not)"
else
	notok "LDFLAGS=-Wl,-z,now: the helper has BIND_NOW (the one without has not)"
fi

# 3. make install DESTDIR PREFIX: binary, man page, bash completion (the tree just built)
if make -s BUILD="$build" DESTDIR="$tmp/root" PREFIX=/usr install >"$tmp/i.log" 2>&1 &&
	[ -x "$tmp/root/usr/bin/rtwhy" ] && [ -f "$tmp/root/usr/share/man/man1/rtwhy.1" ] &&
	cmp -s contrib/bash-completion/rtwhy "$tmp/root/usr/share/bash-completion/completions/rtwhy"
then
	ok "make install DESTDIR=... PREFIX=/usr: bin/rtwhy, man1/rtwhy.1, completions/rtwhy"
else
	notok "make install DESTDIR=... PREFIX=/usr: bin/rtwhy, man1/rtwhy.1, completions/rtwhy"
	sed 's/^/#   /' "$tmp/i.log" | head -n 10
	(cd "$tmp/root" 2>/dev/null && find . | sed 's/^/#   /')
fi
[ "$failed" = 0 ]
