#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Checks a `pciescope report --chrome-trace` file against the Trace Event Format.

usage: chrome_trace_check.py TRACE [JSON WINDOW_NS]

The format's rules: a {"traceEvents": [...]} object; every event of a known
phase with the fields its phase requires; async begin/end ("b"/"e") and
flow ("s"/"f") events pair up one to one, ends not before starts; flow
ends lie in a thread slice ("X") of their thread; the slices of a thread
nest; the samples of a counter (process, name) come in time order.

With JSON (report --json of the same trace, 1 ns ticks) and the bandwidth
window: each posted TLP is an instant, each non-posted request and each
completion a slice, on its requester's track at its time; every error
completion is marked (category "error"); the bandwidth counter adds up to
the header and payload bytes of each class; the outstanding counters never go below 0.
Prints a summary line; exits 1 with the first problems.
"""
import bisect
import collections
import json
import sys

PHASES = {"M", "b", "e", "X", "i", "C", "s", "f"}
NEEDS = {
    "M": ["name", "pid", "args"],
    "b": ["name", "cat", "pid", "tid", "ts", "id"],
    "e": ["name", "cat", "pid", "tid", "ts", "id"],
    "X": ["name", "cat", "pid", "tid", "ts", "dur"],
    "i": ["name", "cat", "pid", "tid", "ts", "s"],
    "C": ["name", "pid", "ts", "args"],
    "s": ["name", "cat", "pid", "tid", "ts", "id"],
    "f": ["name", "cat", "pid", "tid", "ts", "id"],
}
KIND_CLASS = {}
for k in ("MWr32", "MWr64", "Msg", "MsgD"):
    KIND_CLASS[k] = "P"
for k in ("MRd32", "MRd64", "MRdLk32", "MRdLk64", "IORd", "IOWr", "CfgRd0", "CfgWr0",
          "CfgRd1", "CfgWr1", "FetchAdd32", "FetchAdd64", "Swap32", "Swap64", "CAS32",
          "CAS64"):
    KIND_CLASS[k] = "NP"
for k in ("Cpl", "CplD", "CplLk", "CplDLk"):
    KIND_CLASS[k] = "CPL"


def ns(us):
    return round(us * 1000)


def check_fields(events, errs):
    for i, e in enumerate(events):
        ph = e.get("ph")
        if ph not in PHASES:
            errs.append("event %d: phase %r" % (i, ph))
            continue
        missing = [k for k in NEEDS[ph] if k not in e]
        if missing:
            errs.append("event %d (%s): missing %s" % (i, ph, missing))
            continue
        if ph != "M" and not (isinstance(e["ts"], (int, float)) and e["ts"] >= 0):
            errs.append("event %d: ts %r" % (i, e["ts"]))
        if ph == "X" and not e["dur"] >= 0:
            errs.append("event %d: dur %r" % (i, e["dur"]))
        if ph == "i" and e["s"] not in ("g", "p", "t"):
            errs.append("event %d: instant scope %r" % (i, e["s"]))
        if ph == "M" and (e["name"] not in ("process_name", "thread_name")
                          or not isinstance(e["args"].get("name"), str)):
            errs.append("event %d: metadata %r" % (i, e))
        if ph == "C" and (not e["args"] or not all(isinstance(v, (int, float))
                                                    for v in e["args"].values())):
            errs.append("event %d: counter args %r" % (i, e["args"]))
        if ph == "f" and e.get("bp") != "e":
            errs.append("event %d: flow end without bp=e" % i)


def pairs(events, start, end, what, errs):
    ends = collections.defaultdict(list)
    starts = collections.defaultdict(list)
    for e in events:
        if e["ph"] == start:
            starts[(e["cat"], e["id"])].append(e)
        elif e["ph"] == end:
            ends[(e["cat"], e["id"])].append(e)
    for key in set(starts) | set(ends):
        s, f = starts.get(key, []), ends.get(key, [])
        if len(s) != 1 or len(f) != 1:
            errs.append("%s %s: %d starts, %d ends" % (what, key, len(s), len(f)))
        elif ns(f[0]["ts"]) < ns(s[0]["ts"]):
            errs.append("%s %s ends before it starts" % (what, key))
    return [(starts[k][0], ends[k][0]) for k in starts if len(ends.get(k, [])) == 1]


def thread_slices(events, errs):
    by = collections.defaultdict(list)
    for e in events:
        if e["ph"] == "X":
            by[(e["pid"], e["tid"])].append((ns(e["ts"]), ns(e["ts"]) + ns(e["dur"])))
    for key, sl in by.items():
        sl.sort(key=lambda x: (x[0], -x[1]))
        stack = []
        for b, end in sl:
            while stack and stack[-1] <= b:
                stack.pop()
            if stack and end > stack[-1]:
                errs.append("thread %s: slice [%d, %d) overlaps its parent" % (key, b, end))
                break
            stack.append(end)
        by[key] = (sl, max(end - b for b, end in sl))
    return by


def enclosed(slices, pid, tid, t):
    """Whether a slice of the thread (sorted by start) covers t: only those
    starting at most the longest slice's length before t can."""
    sl, longest = slices.get((pid, tid), ([], 0))
    i = bisect.bisect_right(sl, (t, float("inf"))) - 1
    while i >= 0 and sl[i][0] >= t - longest:
        if sl[i][1] >= t:
            return True
        i -= 1
    return False


def counters(events, errs):
    last = {}
    for e in events:
        if e["ph"] != "C":
            continue
        key = (e["pid"], e["name"])
        if key in last and ns(e["ts"]) < last[key]:
            errs.append("counter %s goes back in time at ts %s" % (key, e["ts"]))
        last[key] = ns(e["ts"])
        if e["name"] == "outstanding" and e["args"]["requests"] < 0:
            errs.append("counter %s below 0" % (key,))
    return len(last)


def unwrapped(entries):
    """Ticks since the first entry: report --json's own unwrapped "ticks"."""
    return [e["ticks"] - entries[0]["ticks"] for e in entries]


def against_json(events, jpath, window_ns, errs):
    with open(jpath) as f:
        entries = [json.loads(line) for line in f]
    track = {e["args"]["name"].split()[-1]: e["pid"] for e in events
             if e["ph"] == "M" and e["name"] == "process_name"
             and e["args"]["name"].startswith("requester ")}
    want, got = collections.Counter(), collections.Counter()
    payload = collections.Counter()
    for e, t in zip(entries, unwrapped(entries)):
        cls = KIND_CLASS.get(e["kind"])
        if not cls:
            continue
        payload[cls] += (16 if e["fmt"] & 1 else 12) + (4 if int(e.get("prefix", "0"), 16) else 0)
        if e["fmt"] & 2:
            payload[cls] += (e["length"] or 1024) * 4
        pid = track.get(e["requester"])
        if cls == "P":
            want[("i", pid, e["kind"], t)] += 1
        elif cls == "NP":
            want[("X", pid, 1, e["kind"], t)] += 1
        else:
            want[("X", pid, 2, e["kind"] + " " + e["status"], t)] += 1
            if e["status"] != "SC":
                want[("error", pid, t)] += 1
    for e in events:
        if e["ph"] == "i":
            got[("i", e["pid"], e["name"], ns(e["ts"]))] += 1
        elif e["ph"] == "X":
            got[("X", e["pid"], e["tid"], e["name"], ns(e["ts"]))] += 1
            if "error" in e["cat"].split(","):
                got[("error", e["pid"], ns(e["ts"]))] += 1
    if got != want:
        errs.append("entries: differences %s" % list(((got - want) + (want - got)).items())[:5])
    bw = collections.Counter()
    for e in events:
        if e["ph"] == "C" and e["name"] == "bandwidth (MB/s)":
            for cls, mbs in e["args"].items():
                bw[cls] += mbs * window_ns / 1e3
    for cls in ("P", "NP", "CPL"):
        if abs(bw[cls] - payload[cls]) > 1e-5 * max(payload[cls], 1):
            errs.append("bandwidth %s adds up to %.1f bytes, the trace has %d"
                        % (cls, bw[cls], payload[cls]))
    return sum(v for k, v in want.items() if k[0] == "error")


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    errs = []
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not isinstance(events, list):
        print("%s: no traceEvents array" % sys.argv[1], file=sys.stderr)
        sys.exit(1)
    if doc.get("displayTimeUnit", "ms") not in ("ms", "ns"):
        errs.append("displayTimeUnit %r" % doc["displayTimeUnit"])
    check_fields(events, errs)
    if errs:
        print("\n".join(errs[:20]), file=sys.stderr)
        sys.exit(1)
    slices = pairs(events, "b", "e", "async slice", errs)
    flows = pairs(events, "s", "f", "flow", errs)
    xs = thread_slices(events, errs)
    for s, f in flows:
        for e in (s, f):
            if not enclosed(xs, e["pid"], e["tid"], ns(e["ts"])):
                errs.append("flow %s: its %s end at %s is in no slice of its thread"
                            % (e["id"], e["ph"], e["ts"]))
    ncounters = counters(events, errs)
    nerr = against_json(events, sys.argv[2], float(sys.argv[3]), errs) if len(sys.argv) > 3 else 0
    if errs:
        print("\n".join(errs[:20]), file=sys.stderr)
        sys.exit(1)
    print("%s: %d events, %d async slices, %d flows, %d counter tracks, %d error completions"
          % (sys.argv[1], len(events), len(slices), len(flows), ncounters, nerr))


main()
