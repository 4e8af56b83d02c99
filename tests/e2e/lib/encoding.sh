# SPDX-License-Identifier: GPL-2.0-only
# Shared by the ext_*_encoding.sh tests: compares the encoding of event
# strings by the real perf (6.1), by `pciescope stat --backend host --dry-run`
# on the same exported tree, and by the emulated backend.  The tree is
# bind-mounted over /sys/bus/event_source/devices in a private mount
# namespace; there `perf stat -vv` prints the attr it builds (opening fails:
# the PMUs are not the kernel's, only the encoding matters).
#
# encoding_compare TREE PLATFORM EVENT...   (PLATFORM: for the emulated run)
# Strings whose PMU starts with "pciescope_test/" exist only in the tree and
# are not compared with the emulated backend.  A mismatch is an err
# (lib/check.sh).

# Needs TEST_TMP to exist.

# Normalises "type=N config=0x.. config1=0x.. config2=0x.." to decimal fields.
norm() {
	local t=0 c=0 c1=0 c2=0 kv
	for kv in "$@"; do
		case $kv in
		type=*) t=${kv#type=} ;;
		config=*) c=${kv#config=} ;;
		config1=*) c1=${kv#config1=} ;;
		config2=*) c2=${kv#config2=} ;;
		esac
	done
	printf '%u %u %u %u\n' "$t" "$c" "$c1" "$c2"
}

# The first attr perf -vv prints, in the same key=value form.
cat >"$TEST_TMP/attr.awk" <<'AWK'
/^perf_event_attr:/ { n++ }
n == 1 && $1 == "type" { printf "type=%s ", $2 }
n == 1 && $1 == "config" { printf "config=%s ", $2 }
n == 1 && /config1 }/ { printf "config1=%s ", $NF }
n == 1 && /config2 }/ { printf "config2=%s ", $NF }
END { print "" }
AWK

encoding_compare() {
	local tree=$1 platform=$2
	shift 2
	local events=("$@")
	cat >"$TEST_TMP/inside.sh" <<INNER
#!/bin/bash
set -eu
mount --bind "$tree" /sys/bus/event_source/devices
for e in "\$@"; do
	echo "perf|\$e|\$(perf stat -vv -e "\$e" true 2>&1 | awk -f "$TEST_TMP/attr.awk")"
	echo "host|\$e|\$("$PCIESCOPE" stat --backend host --force --dry-run -e "\$e" | sed 's|^.* type=|type=|')"
done
INNER
chmod +x "$TEST_TMP/inside.sh"
unshare -m "$TEST_TMP/inside.sh" "${events[@]}" >"$TEST_TMP/inside.out"

local e perf host want emu n
for e in "${events[@]}"; do
	perf=$(norm $(grep -F "perf|$e|" "$TEST_TMP/inside.out" | cut -d'|' -f3))
	host=$(norm $(grep -F "host|$e|" "$TEST_TMP/inside.out" | cut -d'|' -f3))
	want=$host
	case $e in
	pciescope_test/*) ;; # exists only in the exported tree
	*)
		emu=$("$PCIESCOPE" stat --platform "$platform" --force --dry-run -e "$e")
		[ "${emu%% type=*}" = "$e" ] || err "dry-run names '$emu' for '$e'"
		want=$(norm $(echo "$emu" | sed 's|^.* type=|type=|'))
		;;
	esac
	if [ "$perf" != "$want" ] || [ "$host" != "$want" ]; then
		err "MISMATCH $e: perf [$perf] pciescope-host [$host] pciescope-emulated [$want]"
	fi
done
n=$(grep -c '^perf|' "$TEST_TMP/inside.out")
[ "$n" -eq "${#events[@]}" ] || err "perf ran $n of ${#events[@]} strings"
}
