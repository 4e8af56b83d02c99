# SPDX-License-Identifier: GPL-2.0-only
# Helpers of the twin tests (twin_*.sh) and bench/bench_twin.sh: a
# recording made as docs/twin.md says, and what the PCIe PMU counted per
# port bit and direction, compared.  P is the CLI ($PCIESCOPE unless the
# caller set it), fail what err() sets; a test starts on a fresh machine.

P=${P:-${PCIESCOPE:-}}
fail=0
err() { echo "FAIL: $*"; fail=1; }

# The cores the built-in workloads' devices sit on: core 1 (00:08.0 and
# 00:0c.0, the GPU of the P2P pair) and core 2 (00:10.x and 00:12.0).
TWIN_EVENTS=(-e 'hisi_ptt0_1/filter=0x80101,direction=2,type=7,format=0/'
	-e 'hisi_ptt0_2/filter=0x80011,direction=2,type=7,format=0/')
TWIN_PORTS="core1:0x1 core1:0x100 core2:0x1 core2:0x10"

# twin_record OUT SPAN WORKLOAD [ARGS...]: the recording docs/twin.md asks for
twin_record() {
	local out=$1 span=$2 w=$3
	shift 3
	"$P" record "${TWIN_EVENTS[@]}" --force --workload "$w" "$@" -o "$out" -- sleep "$span" \
		>/dev/null 2>"$out.err" || err "record $w: $(cat "$out.err")"
}

# twin_counts CORE DIR SPAN ARGS...: per port bit of CORE, one line
# "PORT TRAFFIC READS LATENCY" for direction DIR (rx, tx): the link traffic
# of pcie/traffic.h (writes and completions with their headers, 16 bytes
# per read request) and the mean read latency (PMU cycles per read)
twin_counts() {
	local core=$1 d=$2 span=$3 ev=() cp port
	shift 3
	for cp in $TWIN_PORTS; do
		[ "${cp%:*}" = "$core" ] || continue
		port=${cp#*:}
		ev+=(-e "hisi_pcie0_$core/${d}_mwr_flux,port=$port,len_mode=3/"
			-e "hisi_pcie0_$core/${d}_cpl_flux,port=$port,len_mode=3/"
			-e "hisi_pcie0_$core/${d}_mrd_latency,port=$port/"
			-e "hisi_pcie0_$core/${d}_mrd_cnt,port=$port/")
	done
	"$P" stat -x, "${ev[@]}" "$@" -- sleep "$span" 2>&1 >/dev/null |
		awk -F, -v ports="$TWIN_PORTS" -v core="$core" '
		BEGIN { n = split(ports, p, " "); for (i = 1; i <= n; i++) if (p[i] ~ "^" core ":") {
			sub(".*:", "", p[i]); port[k++] = p[i] } }
		/^[0-9]/ { v[m++] = $1 }
		END { for (i = 0; i < k; i++) { b = 4 * i
			printf "%s %d %d %.1f\n", port[i], v[b] + v[b + 1] + 16 * v[b + 3], v[b + 3],
				v[b + 3] ? v[b + 2] / v[b + 3] : 0 } }'
}

# twin_compare NAME SPAN WANT_ARGS -- GOT_ARGS: W's counts against the
# twin's per port bit and direction, traffic within 5 %, mean read latency
# within 10 % where W completed 50 reads or more; one line per comparison
twin_compare() {
	local name=$1 span=$2 want=() got=() cp core d
	shift 2
	while [ "$1" != -- ]; do want+=("$1"); shift; done
	shift
	got=("$@")
	for core in core1 core2; do
		for d in rx tx; do
			paste -d' ' <(twin_counts $core $d "$span" "${want[@]}") \
				<(twin_counts $core $d "$span" "${got[@]}") |
				awk -v n="$name" -v c=$core -v d=$d '{
				dt = $2 ? 100 * ($6 - $2) / $2 : ($6 ? 100 : 0)
				dl = $4 ? 100 * ($8 - $4) / $4 : 0
				ok = (dt <= 5 && dt >= -5) && ($3 < 50 || (dl <= 10 && dl >= -10))
				printf "%s %s %s/%s %s traffic %d %d (%+.2f %%) latency %.1f %.1f (%+.2f %%) reads %d\n",
					ok ? "ok" : "FAIL", n, c, $1, d, $2, $6, dt, $4, $8, dl, $3 }'
		done
	done
}
