#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The guests' initramfs, in three gzipped cpio parts the kernel unpacks one after the other:
#   tests/kernels/initramfs.sh base              -> CACHE/base-KEY.cpio.gz (cached)
#       busybox-static, cyclictest, trace-cmd (+ its plugins), chrt, nice, dd and the
#       libraries ldd lists for them; KEY is the installed versions of their packages
#   tests/kernels/initramfs.sh modules KDIR      -> KDIR/modules.cpio.gz (cached)
#       the kernel's modules (fetch.sh's list), its config as /boot/config-VER
#   tests/kernels/initramfs.sh rtwhy BUILD OUT   -> OUT (built every run)
#       the freshly built rtwhy, the test helpers, the libraries ldd lists, /init and
#       the lab's guest scripts
#   tests/kernels/initramfs.sh rtla RTLADIR      -> RTLADIR/rtla.cpio.gz (cached)
#       rtla 6.12 (rtla.sh's build) as /usr/local/bin/rtla, its libraries, and libgcc_s.so.1
#       (glibc loads it for pthread_exit: without it rtla aborts)
#   tests/kernels/initramfs.sh check BUILD       -> status 1 (and why) when BUILD lacks one
#       of the programs the rtwhy part takes
# Environment: RTWHY_KERNEL_CACHE (default /var/cache/rtwhy-kernels).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${RTWHY_KERNEL_CACHE:-/var/cache/rtwhy-kernels}
# the rtwhy part's programs, under BUILD: rtwhy and the culprits (an RT hog, a SCHED_DEADLINE
# hog, a PI mutex holder)
LAB_BINS="rtwhy tests/spinner tests/dlhog tests/pilock"
BASE_PKGS="busybox-static rt-tests trace-cmd libtraceevent1 libtracefs1 util-linux coreutils libc6"

# add_libs ROOT FILE...: every library ldd lists for each file, at its path
add_libs() {
	root=$1
	shift
	for f in "$@"; do
		ldd "$f" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p' |
			while read -r lib; do
				[ -e "$root$lib" ] && continue
				mkdir -p "$root$(dirname "$lib")"
				cp -L "$lib" "$root$lib"
			done
	done
}

# add_bin ROOT FILE...: each file at its path, and its libraries
add_bin() {
	root=$1
	shift
	for f in "$@"; do
		mkdir -p "$root$(dirname "$f")"
		cp -L "$f" "$root$f"
	done
	add_libs "$root" "$@"
}

# pack ROOT OUT: a gzipped newc cpio of ROOT, files owned by root
pack() {
	(cd "$1" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$2.tmp"
	mv "$2.tmp" "$2"
}

case "$1" in
base)
	key=$( (dpkg-query -W -f='${Package} ${Version}\n' $BASE_PKGS; sed -n '/^base)/,/^	;;/p' "$0") |
		md5sum | cut -c1-12)
	out=$cache/base-$key.cpio.gz
	if ! [ -f "$out" ]; then
		tmp=$(mktemp -d /tmp/rtwhy-initramfs.XXXXXX)
		trap 'rm -rf "$tmp"' EXIT
		r=$tmp/root
		mkdir -p "$r/bin" "$r/sbin" "$r/usr/bin" "$r/usr/sbin" "$r/proc" "$r/sys" "$r/dev" \
			"$r/tmp" "$r/out" "$r/boot" "$r/lab" "$r/etc" "$r/root" "$r/run" "$r/var/tmp"
		cp /bin/busybox "$r/bin/busybox"
		for a in $(busybox --list); do
			[ -e "$r/bin/$a" ] || ln -s busybox "$r/bin/$a"
		done
		rm -f "$r/bin/nice" "$r/bin/dd" # the real ones below
		add_bin "$r" /usr/bin/cyclictest /usr/bin/trace-cmd /usr/bin/chrt /usr/bin/nice \
			/usr/bin/dd /usr/bin/taskset
		ln -sf /usr/bin/nice "$r/bin/nice"
		ln -sf /usr/bin/dd "$r/bin/dd"
		rm -f "$r/bin/taskset"
		ln -s /usr/bin/taskset "$r/bin/taskset"
		p=/usr/lib/x86_64-linux-gnu/traceevent/plugins
		[ -d "$p" ] && mkdir -p "$r$p" && cp "$p"/*.so "$r$p/"
		echo "root:x:0:0:root:/root:/bin/sh" >"$r/etc/passwd"
		echo "root:x:0:" >"$r/etc/group"
		mkdir -p "$cache"
		pack "$r" "$out"
		echo "# kernels: built $out ($(du -h "$out" | cut -f1))" >&2
	fi
	echo "$out"
	;;
modules)
	k=$2
	out=$k/modules.cpio.gz
	if ! [ -f "$out" ]; then
		tmp=$(mktemp -d /tmp/rtwhy-initramfs.XXXXXX)
		trap 'rm -rf "$tmp"' EXIT
		kver=$(cat "$k/kver")
		mkdir -p "$tmp/root/lib/modules/$kver" "$tmp/root/boot"
		cp "$k"/modules/*.ko "$k/modules/modules.list" "$tmp/root/lib/modules/$kver/"
		cp "$k/config" "$tmp/root/boot/config-$kver"
		pack "$tmp/root" "$out"
	fi
	echo "$out"
	;;
rtla)
	out=$2/rtla.cpio.gz
	if ! [ -f "$out" ]; then
		tmp=$(mktemp -d /tmp/rtwhy-initramfs.XXXXXX)
		trap 'rm -rf "$tmp"' EXIT
		r=$tmp/root
		mkdir -p "$r/usr/local/bin"
		cp "$2/rtla" "$r/usr/local/bin/rtla"
		add_libs "$r" "$2/rtla"
		gcc_s=$(ldconfig -p | sed -n 's/^[[:space:]]*libgcc_s\.so\.1 (libc6,x86-64) => //p' |
			head -n 1)
		[ -n "$gcc_s" ] || { echo "rtwhy: no libgcc_s.so.1 for rtla" >&2; exit 1; }
		mkdir -p "$r$(dirname "$gcc_s")"
		cp -L "$gcc_s" "$r$gcc_s"
		pack "$r" "$out"
	fi
	echo "$out"
	;;
check)
	for b in $LAB_BINS; do
		[ -x "$2/$b" ] || { echo "rtwhy: no $2/$b: build first (make check-kernels)" >&2; exit 1; }
	done
	;;
rtwhy)
	build=$2 out=$3
	tmp=$(mktemp -d /tmp/rtwhy-initramfs.XXXXXX)
	trap 'rm -rf "$tmp"' EXIT
	r=$tmp/root
	mkdir -p "$r/usr/local/bin" "$r/lab"
	for b in $LAB_BINS; do
		cp "$build/$b" "$r/usr/local/bin/"
		add_libs "$r" "$build/$b"
	done
	# the busy loop: a copy of bash under a name of its own, running "while :; do :; done"
	# (no clock reads: under TCG each read of a slow clocksource is a device access)
	cp /bin/bash "$r/usr/local/bin/busyloop"
	add_libs "$r" /bin/bash
	cp "$here/guest/init" "$r/init"
	cp "$here"/guest/*.sh "$here"/guest/*.awk "$r/lab/"
	chmod 755 "$r/init" "$r"/lab/*.sh
	pack "$r" "$out"
	;;
*)
	echo "usage: $0 base | modules KDIR | rtla RTLADIR | rtwhy BUILD OUT | check BUILD" >&2
	exit 2
	;;
esac
