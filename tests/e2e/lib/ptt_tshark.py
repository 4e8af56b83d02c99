#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Compares what tshark's ptt dissector shows with `pciescope report --json`.

usage: [PTT_START_NS=N] ptt_tshark.py PCAP JSON [CHROME_TRACE]

Runs the installed tshark (two passes, so requests know their response) on
PCAP and checks, entry by entry against the JSON lines of the same trace:
every JSON key has the dissector's field of the same name with the same
value, and the dissector shows no field of a kind the JSON leaves out.  JSON
keys added later (ph, st) are compared when present; without them the JSON
address still holds the Processing Hint in its low bits, which the
dissector splits off.  Timestamps are the unwrapped time field (1 ns ticks)
from the first entry, which is at PTT_START_NS (ns since 1970, default 0).  Expert info must flag exactly the error completions,
poisoned TLPs (8DW: EP of DW0) and error messages, and show nothing else
but completions without a request (no Lua error).  With CHROME_TRACE
(report --chrome-trace of the same trace), the dissector's matched requests
(response in, latency) must be exactly the analyser's slices.
Prints a summary line; exits 1 with the first differences.
"""
import collections
import json
import os
import subprocess
import sys

COMMON = ["offset", "format", "time", "fmt", "type", "length", "kind"]
KIND_KEYS = ["requester", "completer", "tag", "address", "first_be", "last_be", "status",
             "byte_count", "lower_address", "bus", "device", "function", "register",
             "message_code", "ph", "st"]
STRINGS = {"format", "kind", "requester", "completer", "status"}
EXTRA = ["frame.number", "frame.time_epoch", "ptt.dw", "ptt.prefix", "ptt.pasid",
         "ptt.response_in", "ptt.request_in", "ptt.latency", "_ws.expert.message"]
FIELDS = EXTRA + ["ptt." + k for k in COMMON + KIND_KEYS]
# Expert messages by what they flag (the start of the message).
EXPERTS = {"Error completion": "error completion", "Poisoned TLP": "poisoned",
           "Correctable error message": "ERR_COR", "Non-fatal error message": "ERR_NONFATAL",
           "Fatal error message": "ERR_FATAL",
           "Completion without an outstanding request": "unmatched"}
ERR_CODES = {"ERR_COR": 0x30, "ERR_NONFATAL": 0x31, "ERR_FATAL": 0x33}


def tshark(pcap, *args):
    cmd = ["tshark", "-2", "-n", "-r", pcap] + list(args)
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def rows(pcap):
    args = ["-T", "fields", "-E", "separator=\t", "-E", "occurrence=a", "-E", "aggregator=|"]
    for f in FIELDS:
        args += ["-e", f]
    out = []
    for line in tshark(pcap, *args).splitlines():
        out.append(dict(zip(FIELDS, line.split("\t"))))
    return out


def num(s):
    return int(s, 0)


def ns_of(epoch):
    sec, _, frac = epoch.partition(".")
    return int(sec) * 10**9 + int((frac + "000000000")[:9])


def unwrapped(entries):
    """Ticks since the first entry: report --json's own unwrapped "ticks"."""
    return [e["ticks"] - entries[0]["ticks"] for e in entries]


def compare_entry(e, r, t_ns, errs):
    def bad(what, want, got):
        errs.append("offset %d (%s): %s: report --json %r, tshark %r"
                    % (e["offset"], e["kind"], what, want, got))

    for k in COMMON + [k for k in KIND_KEYS if k in e]:
        got, want = r["ptt." + k], e[k]
        if k == "address" and "ph" not in e and r["ptt.ph"]:
            want = num(want) & ~3
            if num(r["ptt.ph"]) != num(e["address"]) & 3:
                bad("ph", num(e["address"]) & 3, r["ptt.ph"])
        if k in STRINGS:
            ok = got == want
        else:
            ok = got != "" and num(got) == (num(want) if isinstance(want, str) else want)
        if not ok:
            bad(k, want, got)
    shown = {k for k in KIND_KEYS if r["ptt." + k] != ""}
    expected = {k for k in KIND_KEYS if k in e}
    if "ph" not in e and r["ptt.ph"] and "address" in e:
        expected |= {"ph", "st"}
    if shown != expected:
        bad("fields", sorted(expected), sorted(shown))
    dws = [num(x) for x in r["ptt.dw"].split("|")]
    if dws != [num(x) for x in e["dw"]]:
        bad("dw", e["dw"], r["ptt.dw"])
    if "prefix" in e:
        p = num(e["prefix"])
        if num(r["ptt.prefix"]) != p:
            bad("prefix", e["prefix"], r["ptt.prefix"])
        pasid = str(p & 0xfffff) if p >> 24 == 0x91 else ""
        if (r["ptt.pasid"] and str(num(r["ptt.pasid"]))) != pasid:
            bad("pasid", pasid, r["ptt.pasid"])
    if ns_of(r["frame.time_epoch"]) != t_ns:
        bad("time (ns)", t_ns, r["frame.time_epoch"])


def expected_experts(entries):
    want = collections.defaultdict(set)
    for e in entries:
        if e.get("status", "SC") != "SC":
            want["error completion"].add(e["offset"])
        if "requester" in e and e["format"] == "8dw" and num(e["dw"][0]) >> 14 & 1:
            want["poisoned"].add(e["offset"])
        for name, code in ERR_CODES.items():
            if e.get("message_code") == code:
                want[name].add(e["offset"])
    return want


def check_experts(rs, entries, errs):
    want = expected_experts(entries)
    got = collections.defaultdict(set)
    for e, r in zip(entries, rs):
        for msg in filter(None, r["_ws.expert.message"].split("|")):
            what = [w for m, w in EXPERTS.items() if msg.startswith(m)]
            if not what:
                errs.append("offset %d: unexpected expert message %r" % (e["offset"], msg))
            for w in what:
                got[w].add(e["offset"])
    for what in set(EXPERTS.values()) - {"unmatched"}:
        if got[what] != want[what]:
            errs.append("expert %s: %d entries flagged, %d expected (first differences %s)"
                        % (what, len(got[what]), len(want[what]),
                           sorted(got[what] ^ want[what])[:5]))
    return sum(len(v) for v in want.values())


def chrome_slices(path):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "process_name"}
    ends = {(e["cat"], e["id"]): e["ts"] for e in events if e["ph"] == "e"}
    out = collections.Counter()
    for e in events:
        if e["ph"] == "b" and e.get("cat") == "tlp":
            req = names[e["pid"]].split()[-1]
            dur = ends[(e["cat"], e["id"])] - e["ts"]
            out[(req, e["args"]["tag"], round(e["ts"] * 1e3), round(dur * 1e3))] += 1
    return out


def check_matching(rs, chrome, errs):
    frame = {r["frame.number"]: r for r in rs}
    got = collections.Counter()
    for r in rs:
        if r["ptt.response_in"]:
            cpl = frame[r["ptt.response_in"]]
            if cpl["ptt.request_in"] != r["frame.number"]:
                errs.append("frame %s: response in %s, which names request %s"
                            % (r["frame.number"], cpl["frame.number"], cpl["ptt.request_in"]))
            start = ns_of(r["frame.time_epoch"])
            got[(r["ptt.requester"], num(r["ptt.tag"]), start, ns_of(r["ptt.latency"]))] += 1
    want = chrome_slices(chrome)
    if got != want:
        errs.append("matching: %d requests matched by the dissector, %d by the analyser; "
                    "differences %s" % (sum(got.values()), sum(want.values()),
                                        list((got - want) + (want - got))[:4]))
    return sum(got.values())


def main():
    pcap, jpath = sys.argv[1], sys.argv[2]
    with open(jpath) as f:
        entries = [json.loads(line) for line in f]
    rs = rows(pcap)
    errs = []
    if len(rs) != len(entries):
        errs.append("%d packets, %d JSON entries" % (len(rs), len(entries)))
    start = int(os.environ.get("PTT_START_NS", "0"))
    for e, r, t in zip(entries, rs, unwrapped(entries)):
        compare_entry(e, r, start + t, errs)
    nexp = check_experts(rs, entries, errs)
    matched = check_matching(rs, sys.argv[3], errs) if len(sys.argv) > 3 else 0
    if errs:
        print("\n".join(errs[:20]), file=sys.stderr)
        sys.exit(1)
    kinds = len({e["kind"] for e in entries})
    print("%s: %d entries, %d kinds, %d expert items, %d matched requests agree"
          % (pcap, len(entries), kinds, nexp, matched))


main()
