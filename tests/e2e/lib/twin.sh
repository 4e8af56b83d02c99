# SPDX-License-Identifier: GPL-2.0-only
# Helpers of the twin tests (twin_*.sh) and bench/bench_twin.sh: a
# recording made as docs/twin.md says, and the link model's figures per
# Root Port link and direction (what `stat --metrics` prints), compared.
# P is the CLI ($PCIESCOPE unless the caller set it); err is the caller's
# (tests/e2e/lib/check.sh in a test); a test starts on a fresh machine.

P=${P:-${PCIESCOPE:-}}

# The cores the built-in workloads' devices sit on: core 1 (00:08.0 and
# 00:0c.0, the GPU of the P2P pair) and core 2 (00:10.x and 00:12.0).
TWIN_EVENTS=(-e 'hisi_ptt0_1/filter=0x80101,direction=2,type=7,format=0/'
	-e 'hisi_ptt0_2/filter=0x80011,direction=2,type=7,format=0/')
# Their Root Ports' links, CORE:BIT:BDF with the PMU port bit counting each
# (00:10.0 and 00:10.1 share bit 0x1 of core 2), and the bits stat counts
# together in one run, one of each core's PMU
TWIN_LINKS="core1:0x1:0000:00:08.0 core1:0x100:0000:00:0c.0 core2:0x1:0000:00:10.0
	core2:0x1:0000:00:10.1 core2:0x10:0000:00:12.0"
TWIN_RUNS="0x1:0x1 0x100:0x10"

# twin_record OUT SPAN WORKLOAD [ARGS...]: the recording docs/twin.md asks for
twin_record() {
	local out=$1 span=$2 w=$3
	shift 3
	"$P" record "${TWIN_EVENTS[@]}" --force --workload "$w" "$@" -o "$out" -- sleep "$span" \
		>/dev/null 2>"$out.err" || err "record $w: $(cat "$out.err")"
}

# twin_run DIR BIT1 BIT2 SPAN ARGS...: the link model's figures of the links
# of port bit BIT1 of core 1 and BIT2 of core 2, direction DIR, as
# `stat --metrics` prints them: one line "CORE/BDF DIR TRAFFIC READS LATENCY"
# per link, TRAFFIC its link:BDF/DIR/ line's MB/s ("lo-hi" where the model
# states a range, "-" where it states nothing), READS and LATENCY (ns) its
# bit's read latency pair, which the model gives each link of the bit.
# Per bit the four pairs the model reads a shared bit's traffic from:
# eight counters, one PMU's all, so nothing is multiplexed
twin_run() {
	local d=$1 bits="core1:$2 core2:$3" span=$4 ev=() cb c b k
	shift 4
	for cb in $bits; do
		c=hisi_pcie0_${cb%:*} b=${cb#*:}
		for k in mwr_flux:mwr_time cpl_flux:cpl_time mrd_flux:mrd_time mrd_latency:mrd_cnt; do
			ev+=(-e "{$c/${d}_${k%:*},port=$b/,$c/${d}_${k#*:},port=$b/}")
		done
	done
	"$P" stat -x, --metrics "${ev[@]}" "$@" -- sleep "$span" 2>&1 >/dev/null |
		awk -F, -v links="$TWIN_LINKS" -v bits=" $bits " -v d="$d" '
		function bit(ev, c, p) { c = ev; sub("/.*", "", c); sub(".*_", "", c)
			p = ev; sub(".*port=", "", p); sub("/.*", "", p); return c ":" p }
		$3 ~ /_mrd_latency$/ { lat[bit($3 "," $4)] = $(NF - 1) }
		$3 ~ /_mrd_cnt$/ { reads[bit($3 "," $4)] = $1 }
		$3 ~ "^link:.*/" d "/$" { l = $3; sub("^link:", "", l); sub("/.*", "", l); mbps[l] = $1 }
		END { n = split(links, w, " "); for (i = 1; i <= n; i++) {
			split(w[i], f, ":"); b = f[1] ":" f[2]; l = substr(w[i], length(b) + 2)
			if (index(bits, " " b " ")) printf "%s/%s %s %s %d %.1f\n", f[1], l, d,
				l in mbps ? mbps[l] : "-", reads[b], lat[b] } }'
}

# twin_counts SPAN ARGS...: twin_run's lines of every recorded link and
# direction, in one order
twin_counts() {
	local span=$1 d r
	shift
	for d in rx tx; do
		for r in $TWIN_RUNS; do
			twin_run $d "${r%:*}" "${r#*:}" "$span" "$@"
		done
	done
}

# twin_compare NAME SPAN WANT_ARGS -- GOT_ARGS: W's link model figures
# against the twin's per Root Port link and direction, traffic within 5 %
# (a range: each end), mean read latency within 10 % where W completed 50
# reads or more; one line per comparison
twin_compare() {
	local name=$1 span=$2 want=() got=()
	shift 2
	while [ "$1" != -- ]; do want+=("$1"); shift; done
	shift
	got=("$@")
	paste -d' ' <(twin_counts "$span" "${want[@]}") <(twin_counts "$span" "${got[@]}") |
		awk -v n="$name" '
		function dev(a, b, x, y, i, v, w) {
			if (a !~ /^[0-9.]+(-[0-9.]+)?$/ || split(a, x, "-") != split(b, y, "-"))
				return 1e9
			for (i in x) { v = x[i] ? 100 * (y[i] - x[i]) / x[i] : (y[i] ? 100 : 0)
				if (v * v > w * w) w = v }
			return w }
		{ dt = dev($3, $8); dl = $5 ? 100 * ($10 - $5) / $5 : 0
		ok = $1 == $6 && dt <= 5 && dt >= -5 && ($4 < 50 || (dl <= 10 && dl >= -10))
		printf "%s %s %s %s traffic %s %s (%+.2f %%) latency %.1f %.1f (%+.2f %%) reads %d\n",
			ok ? "ok" : "FAIL", n, $1, $2, $3, $8, dt, $5, $10, dl, $4 }'
}
