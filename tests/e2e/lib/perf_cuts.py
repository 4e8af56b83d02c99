#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""perf_cuts.py FILE: places to cut a file-mode perf.data of PTT trace, and
what a reader should still get from each, worked out from the file's bytes
alone (not with pciescope's reader).  One line per cut:

    CUT ENTRIES PROMISED PRESENT WHERE

CUT: the number of bytes kept; ENTRIES: the whole trace entries whose bytes
all lie before the cut, in AUXTRACE payloads whose record header is whole;
PROMISED/PRESENT: for a cut inside an AUXTRACE payload, the payload bytes its
header promised and those kept (0 0 elsewhere); WHERE: a word for the place.
Cuts: inside the file header and the attributes, inside each record's header,
at and inside each AUXTRACE payload at entry boundaries and mid-entry, and in
the feature sections after the data."""
import struct
import sys

AUXTRACE = 71


def records(img):
    data_off, data_size = struct.unpack_from("<QQ", img, 40)
    at, end = data_off, data_off + data_size
    while at + 8 <= end:
        typ, _misc, size = struct.unpack_from("<IHH", img, at)
        payload = struct.unpack_from("<Q", img, at + 8)[0] if typ == AUXTRACE else 0
        yield at, typ, size, payload
        at += size + payload


def entry_size(img, off):
    return 32 if struct.unpack_from("<I", img, off)[0] & 0xFFFFF800 == 0xFFFFF800 else 16


def entries_before(img, chunks, cut):
    n = 0
    for off, size, esize in chunks:
        if cut > off:
            n += (min(cut, off + size) - off) // esize
    return n


def main():
    img = open(sys.argv[1], "rb").read()
    recs = list(records(img))
    chunks = [(at + size, payload, entry_size(img, at + size))
              for at, typ, size, payload in recs if typ == AUXTRACE and payload]
    cuts = [(40, "file header"), (104 + 8, "ids or attributes")]
    for at, typ, size, payload in recs:
        cuts.append((at + 4, "record header"))
        if typ != AUXTRACE or not payload:
            continue
        off = at + size
        esize = entry_size(img, off)
        cuts.append((at + 20, "AUXTRACE header"))
        for k in (0, 1, payload // esize // 2):
            cuts.append((off + k * esize, "entry boundary"))
            cuts.append((off + k * esize + 5, "inside an entry"))
        cuts.append((off + payload - 1, "last entry's last byte missing"))
    data_end = sum(struct.unpack_from("<QQ", img, 40))
    cuts += [(data_end, "end of the data"), (data_end + 8, "feature sections"),
             (len(img) - 1, "last feature byte missing")]
    for cut, where in sorted(set(c for c in cuts if 0 < c[0] < len(img))):
        promised = present = 0
        for off, size, _esize in chunks:
            if off < cut < off + size:
                promised, present = size, cut - off
        print(cut, entries_before(img, chunks, cut), promised, present, where.replace(" ", "_"))


main()
