#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The perf event encoding of `pciescope stat --dry-run` against the real perf
# (6.1): the emulated PMU tree is exported with `pciescope sysfs export`,
# completed by a synthetic PMU with split and sparse formats, and bind-mounted
# over /sys/bus/event_source/devices in a private mount namespace.  There
# `perf stat -vv` prints the attr it builds (opening fails: the PMUs are not
# the kernel's, only the encoding matters) and `pciescope stat --backend host
# --dry-run` encodes from the same files.  type, config, config1 and config2
# must agree for every string, and with the emulated backend's encoding.
set -euo pipefail
mkdir -p "$TEST_TMP"
tree=$TEST_TMP/devices
rm -rf "$tree"
"$PCIESCOPE" sysfs export "$tree" >/dev/null

syn=$tree/pciescope_test
mkdir -p "$syn/format" "$syn/events"
echo 31 >"$syn/type"
echo 'config:0-7,32-39' >"$syn/format/wide"
echo 'config1:20-23,40-43' >"$syn/format/split"
echo 'config2:63' >"$syn/format/lone"
echo 'config2:1,5,9' >"$syn/format/tri"
echo 'config1:0-0' >"$syn/format/zero"
echo 'wide=0x5,split=0x3' >"$syn/events/alias_ev"

events=(
	'hisi_pcie0_core0/rx_mwr_latency,port=0xffff/'
	'hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/'
	'hisi_pcie0_core0/rx_mwr_latency,port=0x1/'
	'hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/'
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/'
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/'
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,len_mode=0x1/'
	'hisi_pcie0_core1/tx_cpl_time,port=0x101,len_mode=3/'
	'hisi_pcie1_core0/event=0x2004,bdf=0x8100/'
	'hisi_pcie0_core0/config=0x10804,config1=0x3ff,config2=0xffffffff/'
	'hisi_pcie0_core0/event=0x10,event=0x10000,port=1/'
	'hisi_pcie0_core0/config=0x1,event=0x10/'
	'hisi_pcie0_core0/RX_CPL_FLUX,thr_mode,trig_mode,port=010/'
	'hisi_pcie0_core0/event=rx_mrd_cnt,port=0x1/'
	'hisi_pcie0_core0/port=0x1,tx_mwr_flux/'
	'hisi_pcie0_core3/tx_mrd_latency,port/'
	'hisi_pcie0_core0/rx_mwr_flux/'
	'pciescope_test/split=0xab/'
	'pciescope_test/wide=0x1234,lone/'
	'pciescope_test/tri=0x7,zero/'
	'pciescope_test/alias_ev,tri=1/'
	'pciescope_test/config2=0x8000000000000000,config1=0x10/'
	'cpu-clock'
	'task-clock'
)

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

fail=0
for e in "${events[@]}"; do
	perf=$(norm $(grep -F "perf|$e|" "$TEST_TMP/inside.out" | cut -d'|' -f3))
	host=$(norm $(grep -F "host|$e|" "$TEST_TMP/inside.out" | cut -d'|' -f3))
	want=$host
	case $e in
	pciescope_test/*) ;; # exists only in the exported tree
	*)
		emu=$("$PCIESCOPE" stat --force --dry-run -e "$e")
		[ "${emu%% type=*}" = "$e" ] || { echo "dry-run names '$emu' for '$e'"; fail=1; }
		want=$(norm $(echo "$emu" | sed 's|^.* type=|type=|'))
		;;
	esac
	if [ "$perf" != "$want" ] || [ "$host" != "$want" ]; then
		echo "MISMATCH $e: perf [$perf] pciescope-host [$host] pciescope-emulated [$want]"
		fail=1
	fi
done
n=$(grep -c '^perf|' "$TEST_TMP/inside.out")
[ "$n" -eq "${#events[@]}" ] || { echo "perf ran $n of ${#events[@]} strings"; fail=1; }
# the synthetic PMU really exercised split ranges (not all zero)
grep -qF 'perf|pciescope_test/split=0xab/|type=31 config1=0xa0000b00000' "$TEST_TMP/inside.out" ||
	{ echo "split format not encoded as expected"; fail=1; }
exit $fail
