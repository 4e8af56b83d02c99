#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Builds (once) a sysroot for a Debian architecture the project cross-builds
# for, and prints its path: the target's -dev packages pciescope needs and
# their whole dependency closure, fetched with `apt-get download` and
# unpacked with `dpkg-deb -x`.  Nothing is installed on the host: apt runs
# on a private state (lists, status, archives) in the cache, so the host's
# dpkg never meets the target's packages (their versions may lag the host's,
# which multiarch co-installation refuses), and the compiler gets one libc
# only, the sysroot's (never the cross toolchain's own /usr/<triplet>).
# Absolute symlinks are pointed inside the sysroot.  A dpkg database of the
# unpacked packages (var/lib/dpkg, paths as inside the sysroot) lets
# dpkg-shlibdeps --admindir find the target libraries' packages and symbols
# for a cross-built .deb (scripts/build-deb.sh ARCH).
#
# Usage: cross-sysroot.sh ARCH [perf]   (arm64, ppc64el)
# With perf (arm64 only): a second, separate sysroot to run rather than to
# build against, holding Debian's linux-perf for ARCH and what it and the
# interposer (libjansson) need at run time, for `pciescope exec --sysroot`
# (docs/exec.md).  Kept apart because perf's closure (perl, python) is
# larger than the build sysroot and the compiler does not need it.
# Cache: $PCIESCOPE_CACHE, else /var/cache/pciescope when writable (root; it
# must be readable by the user 65534 the tests also run as), else
# ~/.cache/pciescope.  A sysroot whose package list is unchanged is reused.
set -eu
arch=$1
set=${2:-}
case $set in
"") PKGS="libc6-dev libjansson-dev libcmocka-dev libfuse3-dev libmicrohttpd-dev libpci-dev libpcap-dev" ;;
perf)
	[ "$arch" = arm64 ] || { echo "cross-sysroot: perf: only for arm64" >&2; exit 2; }
	PKGS="linux-perf libjansson4" ;;
*) echo "cross-sysroot: unknown package set $set (perf)" >&2; exit 2 ;;
esac

if [ -n "${PCIESCOPE_CACHE:-}" ]; then
	cache=$PCIESCOPE_CACHE
elif mkdir -p /var/cache/pciescope 2>/dev/null && [ -w /var/cache/pciescope ]; then
	cache=/var/cache/pciescope
else
	cache=${XDG_CACHE_HOME:-$HOME/.cache}/pciescope
fi
root=$cache/sysroot-$arch${set:+-$set}
# Two checkouts building the same sysroot at once: the second waits for the
# first and then reuses what it made.
mkdir -p "$cache"
exec 9>"$root.lock"
flock 9
want="$arch: $PKGS (with dpkg database)"
if [ -f "$root/.pciescope-sysroot" ] && [ "$(cat "$root/.pciescope-sysroot")" = "$want" ]; then
	echo "$root"
	exit 0
fi

apt=$cache/apt-$arch${set:+-$set}
mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/debs"
: >"$apt/status"
set -- -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch" \
	-o "Dir::State::Lists=$apt/lists" -o "Dir::State::status=$apt/status" \
	-o "Dir::Cache=$apt" -o "Dir::Cache::archives=$apt/archives" -o Debug::NoLocking=1 \
	-o APT::Sandbox::User=root
echo "cross-sysroot: $arch: package lists" >&2
apt-get "$@" -qq update >&2
# The closure: every package reached through Depends and Pre-Depends;
# apt-cache prints virtual ones as <name>, which no package is called.
closure=$(apt-cache "$@" depends --recurse --no-recommends --no-suggests --no-conflicts \
	--no-breaks --no-replaces --no-enhances $PKGS | grep -E '^[a-z0-9]' | sort -u)
echo "cross-sysroot: $arch: downloading $(echo "$closure" | wc -w) packages" >&2
(cd "$apt/debs" && rm -f ./*.deb && apt-get "$@" -qq download $closure >&2)

rm -rf "$root.new"
mkdir -p "$root.new"
for deb in "$apt/debs"/*.deb; do
	dpkg-deb -x "$deb" "$root.new"
done
db=$root.new/var/lib/dpkg
mkdir -p "$db/info" "$db/updates"
: >"$db/status"
echo 1 >"$db/info/format" # the multiarch layout: info/PKG:ARCH.list
printf '%s\n%s\n' "$(dpkg --print-architecture)" "$arch" >"$db/arch"
for deb in "$apt/debs"/*.deb; do
	pkg=$(dpkg-deb -f "$deb" Package)
	case $(dpkg-deb -f "$deb" Multi-Arch) in
	same) name=$pkg:$arch ;;
	*) name=$pkg ;;
	esac
	{ dpkg-deb -f "$deb" | grep -v '^Status:'; echo "Status: install ok installed"; echo; } >>"$db/status"
	dpkg-deb --fsys-tarfile "$deb" | tar -t | sed "s|^\./|$root/|; s|/\$||; /^\.\$/d" >"$db/info/$name.list"
	rm -rf "$apt/ctl" && dpkg-deb -e "$deb" "$apt/ctl"
	for f in shlibs symbols; do
		[ -f "$apt/ctl/$f" ] && cp "$apt/ctl/$f" "$db/info/$name.$f"
	done
done
find "$root.new" -type l | while read -r link; do
	target=$(readlink "$link")
	case $target in
	/*) ln -sfn "$root$target" "$link" ;;
	esac
done
echo "$want" >"$root.new/.pciescope-sysroot"
rm -rf "$root"
mv "$root.new" "$root"
echo "$root"
