#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Fetch one Debian kernel into the lab's cache (never into the host's /boot).
#   tests/kernels/fetch.sh META-PACKAGE     e.g. linux-image-rt-amd64
# (6.12's xz-compressed modules are stored decompressed.)
# Prints the cache folder of the kernel it resolves to: CACHE/PACKAGE_VERSION/, holding
#   vmlinuz  config  kver  System.map  modules/  (only the modules the guests load, with
#   modules.list: their paths in insmod order)
# The package is what `apt-cache depends META` names today (the current ABI), the version
# its candidate; a folder already there for that version is used as it is.
# Environment: RTWHY_KERNEL_CACHE (default /var/cache/rtwhy-kernels).
set -eu
meta=$1
cache=${RTWHY_KERNEL_CACHE:-/var/cache/rtwhy-kernels}
# the modules a guest needs: the virtio disk, and the 9p share that brings results out
MODULES="virtio_pci virtio_blk 9pnet_virtio 9p"

say() { echo "# kernels: $*" >&2; }

pkg=$(apt-cache depends "$meta" 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[^ ]*\)$/\1/p' |
	head -n 1)
if [ -z "$pkg" ]; then
	apt-get update -q >/dev/null 2>&1 || true
	pkg=$(apt-cache depends "$meta" 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[^ ]*\)$/\1/p' | head -n 1)
fi
[ -n "$pkg" ] || { echo "rtwhy: cannot fetch $meta: apt-cache depends names no kernel" >&2; exit 1; }
ver=$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: *//p')
[ -n "$ver" ] && [ "$ver" != "(none)" ] ||
	{ echo "rtwhy: cannot fetch $pkg: no candidate version" >&2; exit 1; }
dir=$cache/${pkg}_$ver
if [ -f "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi

say "fetching $pkg $ver into $dir"
mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# apt's sandbox user cannot write a root-only folder: say nothing about it
chmod 755 "$tmp"
(cd "$tmp" && apt-get download -q "$pkg=$ver" >/dev/null 2>"$tmp/apt.err") || {
	apt-get update -q >/dev/null 2>&1 || true
	(cd "$tmp" && apt-get download -q "$pkg=$ver" >/dev/null 2>"$tmp/apt.err") || {
		cat "$tmp/apt.err" >&2
		echo "rtwhy: cannot fetch $pkg=$ver: apt-get download failed" >&2
		exit 1
	}
}
dpkg -x "$tmp"/*.deb "$tmp/x"
kver=$(ls "$tmp/x/lib/modules")
depmod -b "$tmp/x" "$kver"
mkdir -p "$tmp/k/modules"
cp "$tmp/x/boot/vmlinuz-$kver" "$tmp/k/vmlinuz"
cp "$tmp/x/boot/config-$kver" "$tmp/k/config"
cp "$tmp/x/boot/System.map-$kver" "$tmp/k/System.map"
echo "$kver" >"$tmp/k/kver"
: >"$tmp/k/modules/modules.list"
for m in $MODULES; do
	modprobe -d "$tmp/x" -S "$kver" --show-depends "$m" | while read -r cmd path _; do
		[ "$cmd" = insmod ] || continue
		name=$(basename "$path")
		# 6.12's modules are xz-compressed: busybox insmod takes them plain
		case $name in *.xz) name=${name%.xz} ;; esac
		grep -qx "$name" "$tmp/k/modules/modules.list" && continue
		case $path in
		*.xz) xz -dc "$path" >"$tmp/k/modules/$name" ;;
		*) cp "$path" "$tmp/k/modules/$name" ;;
		esac
		echo "$name" >>"$tmp/k/modules/modules.list"
	done
done
touch "$tmp/k/.done"
rm -rf "$dir"
mv "$tmp/k" "$dir"
say "$pkg $ver: $(wc -l <"$dir/modules/modules.list") modules, $(du -sh "$dir" | cut -f1)"
echo "$dir"
