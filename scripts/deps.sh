#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Install what a make target needs on Debian, only what is missing.
# usage: scripts/deps.sh build|check|bench|fuzz|kernels
# Missing packages are installed with apt-get when run as root; otherwise the
# script names them and fails (build deps) or warns (tools only root-only tests use).
set -u

build_pkgs="gcc make pkg-config libtracefs-dev libtraceevent-dev libtracecmd-dev zlib1g-dev libnuma-dev"
check_pkgs="libcunit1-dev bash-completion python3-prometheus-client"
# tools the root-only integration tests and the benchmark drive (prometheus: promtool;
# systemd: systemd-analyze verify of contrib/systemd/)
tool_pkgs="rt-tests trace-cmd python3 python3-jsonschema libxml2-utils chromium prometheus systemd"
bench_pkgs="rt-tests trace-cmd"
# make fuzz: clang with libFuzzer and its sanitizer runtimes
fuzz_pkgs="clang libclang-rt-dev"
# make check-kernels: QEMU, what the guests' initramfs is made of, and what fetches the kernels
# (xz-utils: 6.12's modules are .ko.xz; rtla is built from linux-source-6.12's tarball, .tar.xz)
kernels_pkgs="qemu-system-x86 busybox-static kmod cpio rt-tests trace-cmd bash coreutils util-linux xz-utils"

missing() {
	for p in "$@"; do
		s=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
		[ "$s" = "install ok installed" ] || printf '%s ' "$p"
	done
}

install() {
	need=$(missing "$@")
	[ -z "$need" ] && return 0
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		echo "rtwhy: missing Debian packages: $need(run as root: apt-get install $need)" >&2
		return 1
	fi
	echo "rtwhy: installing $need" >&2
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y -q --no-install-recommends $need >/tmp/rtwhy-apt.log 2>&1; then
		apt-get update -q >>/tmp/rtwhy-apt.log 2>&1
		if ! apt-get install -y -q --no-install-recommends $need >>/tmp/rtwhy-apt.log 2>&1; then
			echo "rtwhy: cannot install $need: see /tmp/rtwhy-apt.log" >&2
			return 1
		fi
	fi
}

command -v dpkg-query >/dev/null 2>&1 || exit 0	# not Debian: trust pkg-config

case "${1:-build}" in
build) install $build_pkgs ;;
check)
	install $build_pkgs $check_pkgs || exit 1
	# only root runs the tests that use these; a non-root run skips them
	if [ "$(id -u)" = 0 ]; then install $tool_pkgs || exit 1; fi
	;;
bench) install $build_pkgs $bench_pkgs $kernels_pkgs ;; # bench-guest boots the lab's 6.12 guest
fuzz) install $build_pkgs $check_pkgs $fuzz_pkgs ;;
kernels) install $build_pkgs $kernels_pkgs ;;
*) echo "usage: $0 build|check|bench|fuzz|kernels" >&2; exit 2 ;;
esac
