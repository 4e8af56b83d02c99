#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# perf stat's options on the emulated platform: -r N (means of N runs with
# the spread), -o FILE, --timeout MS (simulated time stops there, a longer
# sleep is cut), -M metric groups (the pairs of every PCIe PMU / AMD IOMMU
# with their metrics), <not supported> for an event the machine lacks (the
# others count on), and task-clock's "CPUs utilized".
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
EV=hisi_pcie0_core0/rx_mwr_cnt,port=0x1/

# -r 3: the mean of three runs of 10 ms, each continuing the machine's clock
"$P" stat -x';' -e "$EV" -- sleep 0.03 2>three.total || err "30 ms failed"
"$P" stat -r 3 -x';' -e "$EV" -- sleep 0.01 2>three.csv || err "-r 3 failed"
awk -F';' -v t="$(cut -d';' -f1 three.total)" '{ if ($1 != int(t / 3 + 0.5) && $1 != int(t / 3)) bad = 1 }
	$4 !~ /^[0-9]+\.[0-9][0-9]%$/ { bad = 1 } END { exit bad }' three.csv ||
	err "-r 3: not the mean of the three runs with a spread: $(cat three.csv) (30 ms: $(cat three.total))"
"$P" stat -r 3 -e "$EV" -- sleep 0.01 2>three.txt
grep -q "Performance counter stats for 'sleep 0.01' (3 runs):" three.txt || err "-r header: $(cat three.txt)"
grep -qE "$EV +\( \+- +[0-9.]+% \)$" three.txt || err "-r spread: $(cat three.txt)"
# every run took the same simulated time: no spread, which perf leaves out
grep -qE '^ +0\.0100000+ \+- 0\.0+ seconds time elapsed$' three.txt ||
	err "-r elapsed: $(cat three.txt)"

# -o FILE: the counts in the file, nothing on stderr
"$P" stat -o out.txt -e "$EV" -- sleep 0.01 2>o.err || err "-o failed"
[ ! -s o.err ] || err "-o: stderr has $(cat o.err)"
head -1 out.txt | grep -q '^# started on ' || err "-o: no started line"
grep -q "$EV" out.txt || err "-o: no count in the file"
"$P" stat -o /nonexistent/dir/x -e "$EV" -- sleep 0.01 2>e.txt && err "-o into a missing dir succeeded"
grep -q "^pciescope: stat: -o /nonexistent/dir/x: No such file or directory$" e.txt || err "-o error: $(cat e.txt)"

# --timeout: a 5 s sleep stops after 50 ms of simulated time; without a command too
"$P" stat --timeout 50 -e task-clock -- sleep 5 2>t.txt || err "--timeout failed"
grep -qE '^ +0\.050000000 seconds time elapsed$' t.txt || err "--timeout 50: $(cat t.txt)"
"$P" stat --workload idle --timeout 300 -I 100 -x, -e "$EV" 2>ti.csv || err "--timeout -I failed"
# three intervals, each at its end in simulated time unless a line before it
# says how much was simulated by its end on the wall clock (a loaded machine)
awk -F, '/^pciescope: stat: this interval: [0-9.]+ ms simulated by its end on the wall clock/ { late = 1; next }
	{ k++; d = $1 - k * 0.1; if (d < 0) d = -d
	  if ((d > 1e-9 && !late) || $1 <= prev || $1 > 0.3 + 1e-9) bad = 1; prev = $1; late = 0 }
	END { exit bad || k != 3 }' ti.csv ||
	err "--timeout 300 -I 100: intervals $(tr '\n' ' ' <ti.csv)"

# <not supported> and CPUs utilized
"$P" stat -e cycles,task-clock -- sleep 0.01 2>ns.txt || err "an unsupported event stopped stat"
grep -qE '^   <not supported>      cycles {54}$' ns.txt || err "<not supported>: $(cat ns.txt)"
grep -qE '^ +10\.00 msec task-clock +#    1\.000 CPUs utilized {10}$' ns.txt ||
	err "task-clock's CPUs utilized: $(cat ns.txt)"
"$P" stat -x, -e cycles -- sleep 0.01 2>ns.csv
[ "$(cat ns.csv)" = "<not supported>,,cycles,0,100.00,," ] || err "-x <not supported>: $(cat ns.csv)"

# -M: every PCIe PMU's bandwidth pairs with their metric
"$P" stat -M pcie_bandwidth -x, -- sleep 0.01 2>m.csv || err "-M pcie_bandwidth failed"
pmus=$("$P" list 2>/dev/null | grep -o 'hisi_pcie[0-9]*_core[0-9]*' | sort -u | wc -l)
[ "$(grep -c '_flux,port=0xffff/,.*MB/s bandwidth$' m.csv)" = $((pmus * 6)) ] ||
	err "-M pcie_bandwidth: not 6 bandwidth metrics on each of $pmus PMUs: $(head -3 m.csv)"
"$P" stat --platform epyc -M iommu -- sleep 0.01 2>mi.txt || err "-M iommu failed"
grep -q '% IOTLB miss ratio' mi.txt || err "-M iommu: no miss ratio: $(cat mi.txt)"
"$P" stat -M nosuch -- true 2>me.txt && err "-M nosuch succeeded"
[ "$(cat me.txt)" = "pciescope: stat: -M 'nosuch': no such metric group (one of: pcie_bandwidth, pcie_latency, pcie_link, iommu)" ] ||
	err "-M nosuch: $(cat me.txt)"
"$P" stat -M iommu -- true 2>me2.txt && err "-M iommu on kunpeng930 succeeded"
grep -q "this machine has no PMU for it" me2.txt || err "-M iommu on kunpeng930: $(cat me2.txt)"
finish
