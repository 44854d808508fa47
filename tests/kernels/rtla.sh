#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Build rtla 6.12 (timerlat with -a auto-analysis) for the lab, cached like the kernels.
#   tests/kernels/rtla.sh
# Prints the cache folder CACHE/rtla_VERSION/ holding `rtla` (built against the host's
# libtracefs/libtraceevent, which the initramfs' base part carries) and `version`.
# Debian 12's own rtla package is 6.1: no -a. The sources are linux-source-6.12 (one .deb,
# 153 MB, apt-get download, never installed): only the folders rtla's Makefile reads are
# taken out of its tarball (tools/tracing/rtla, tools/build, tools/scripts, tools/include,
# tools/arch/x86/include, tools/lib, scripts, the top Makefile), then `make` in
# tools/tracing/rtla (under a minute).
# Environment: RTWHY_KERNEL_CACHE (default /var/cache/rtwhy-kernels).
set -eu
cache=${RTWHY_KERNEL_CACHE:-/var/cache/rtwhy-kernels}
pkg=linux-source-6.12

say() { echo "# kernels: $*" >&2; }

ver=$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
	apt-get update -q >/dev/null 2>&1 || true
	ver=$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
fi
[ -n "$ver" ] && [ "$ver" != "(none)" ] ||
	{ echo "rtwhy: cannot build rtla: no candidate for $pkg" >&2; exit 1; }
dir=$cache/rtla_$ver
if [ -x "$dir/rtla" ]; then
	echo "$dir"
	exit 0
fi

say "building rtla from $pkg $ver into $dir"
mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.rtla.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
(cd "$tmp" && apt-get download -q "$pkg=$ver" >/dev/null 2>"$tmp/apt.err") || {
	cat "$tmp/apt.err" >&2
	echo "rtwhy: cannot build rtla: apt-get download $pkg=$ver failed" >&2
	exit 1
}
dpkg-deb --fsys-tarfile "$tmp"/*.deb | tar -x -C "$tmp" --wildcards './usr/src/linux-source-*.tar.xz'
tarball=$(ls "$tmp"/usr/src/linux-source-*.tar.xz)
top=$(basename "$tarball" .tar.xz)
mkdir -p "$tmp/src"
tar -xJf "$tarball" -C "$tmp/src" "$top/tools/tracing/rtla" "$top/tools/build" \
	"$top/tools/scripts" "$top/tools/include" "$top/tools/arch/x86/include" "$top/tools/lib" \
	"$top/scripts" "$top/Makefile"
rm -f "$tarball" "$tmp"/*.deb
make -s -C "$tmp/src/$top/tools/tracing/rtla" >"$tmp/make.log" 2>&1 || {
	tail -n 20 "$tmp/make.log" >&2
	echo "rtwhy: cannot build rtla: make failed" >&2
	exit 1
}
mkdir -p "$tmp/out"
cp "$tmp/src/$top/tools/tracing/rtla/rtla" "$tmp/out/rtla"
echo "$ver" >"$tmp/out/version"
rm -rf "$dir"
mv "$tmp/out" "$dir"
say "rtla $ver built"
echo "$dir"
