// SPDX-License-Identifier: GPL-2.0-only
/*
 * gen_diag_trace -o FILE PATTERN: a PTT perf.data (4DW, direction=2,
 * type=7 unless the pattern says otherwise) of healthy DMA read traffic
 * from three requesters, with one pattern of the diagnose catalogue
 * planted in it.  PATTERN is `clean`, a finding id, or `bursts` (healthy:
 * reads sent eight at a time, then idle, which no rule may take for a
 * ceiling).  A test tool: the
 * diagnose tests check that each planted pattern gives its finding, on
 * the right subject, and nothing else.
 *
 * Base traffic, 200 µs: 01:00.0, 02:00.0 and 03:00.0 read 512 bytes every
 * 100..500 ns, answered by the Root Complex (00:10.0) after 200..600 ns
 * with two 256-byte completions; the CPU rings a 4-byte doorbell every µs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/ptt_entry.h>

#include "ptt_gen.h"

#define SPAN_NS 200000u
#define RC 0x0080u
#define NIC 0x0100u
#define NVME 0x0200u
#define ACCEL 0x0300u

struct ev {
	uint64_t t, seq;
	uint32_t hdr[4];
};

static struct ev *evs;
static size_t nev, cap;
static uint64_t rng = 88172645463325252ull;

static uint64_t rnd(uint64_t lo, uint64_t hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + rng % (hi - lo + 1);
}

static void push(uint64_t t, struct tlp_hdr *h)
{
	if (nev == cap) {
		cap = cap ? 2 * cap : 4096;
		evs = realloc(evs, cap * sizeof(*evs));
		if (!evs)
			exit(1);
	}
	memset(&evs[nev], 0, sizeof(evs[nev]));
	evs[nev].t = t;
	evs[nev].seq = nev;
	if (tlp_encode(h, evs[nev].hdr, 4) < 0)
		exit(1);
	nev++;
}

/* A sequential reader's next address: small-read-requests cuts one transfer into requests. */
static uint64_t seq_addr;
static bool sequential;

static void mrd(uint64_t t, uint16_t rid, uint16_t tag, uint32_t bytes)
{
	struct tlp_hdr h;

	tlp_hdr_init(&h, TLP_MRD64);
	h.requester = rid;
	h.tag = tag;
	h.length = (uint16_t)((bytes / 4) & 0x3ff);
	h.first_be = 0xf;
	h.last_be = bytes > 4 ? 0xf : 0;
	h.address = 0x100000000ull + (uint64_t)tag * 4096;
	if (sequential && rid == NIC) {
		h.address = 0x200000000ull + seq_addr;
		seq_addr += bytes;
	}
	push(t, &h);
}

static void cpl(uint64_t t, uint16_t rid, uint16_t tag, uint16_t cid, uint32_t bytes, uint32_t bc,
		uint8_t status)
{
	struct tlp_hdr h;

	tlp_hdr_init(&h, bytes ? TLP_CPLD : TLP_CPL);
	h.requester = rid;
	h.tag = tag;
	h.completer = cid;
	h.status = status;
	h.length = (uint16_t)((bytes / 4) & 0x3ff);
	h.byte_count = (uint16_t)(bc & 0xfff);
	push(t, &h);
}

static void mwr(uint64_t t, uint16_t rid, uint32_t bytes)
{
	struct tlp_hdr h;

	tlp_hdr_init(&h, TLP_MWR64);
	h.requester = rid;
	h.length = (uint16_t)(bytes / 4);
	h.first_be = 0xf;
	h.last_be = bytes > 4 ? 0xf : 0;
	h.address = 0x800000000ull;
	push(t, &h);
}

static void msg(uint64_t t, uint16_t rid, uint8_t code)
{
	struct tlp_hdr h;

	tlp_hdr_init(&h, TLP_MSG);
	h.requester = rid;
	h.message_code = code;
	push(t, &h);
}

static void cfgrd(uint64_t t, uint16_t rid, uint16_t tag, uint16_t target)
{
	struct tlp_hdr h;

	tlp_hdr_init(&h, TLP_CFGRD0);
	h.requester = rid;
	h.tag = tag;
	h.length = 1;
	h.first_be = 0xf;
	h.cfg_target = target;
	push(t, &h);
}

struct reader {
	uint16_t rid;
	uint32_t bytes;
	unsigned slow_pct, lost_pct, ur_pct;
};

/* A read answered after lat ns (split at 256 bytes), or lost, or refused with UR. */
static void read_one(const struct reader *r, uint64_t t, uint16_t tag, uint64_t lat)
{
	mrd(t, r->rid, tag, r->bytes);
	if (rnd(1, 100) <= r->lost_pct)
		return;
	if (rnd(1, 100) <= r->ur_pct) {
		cpl(t + lat, r->rid, tag, RC, 0, r->bytes, TLP_CPL_UR);
		return;
	}
	for (uint32_t done = 0, k = 0; done < r->bytes; k++) {
		uint32_t n = r->bytes - done > 256 ? 256 : r->bytes - done;

		cpl(t + lat + 5 * k, r->rid, tag, RC, n, r->bytes - done, TLP_CPL_SC);
		done += n;
	}
}

static void reader(const struct reader *r)
{
	uint16_t tag = 0;

	for (uint64_t t = rnd(0, 100); t < SPAN_NS - 2000; t += rnd(100, 500)) {
		uint64_t lat = rnd(1, 100) <= r->slow_pct ? 5000 : rnd(200, 600);

		read_one(r, t, tag++ & 0xff, lat);
	}
}

/* Exactly slots reads outstanding: each completion starts the next read. */
static void pinned_reader(uint16_t rid, unsigned slots)
{
	struct reader r = {.rid = rid, .bytes = 512};
	uint16_t tag = 0;

	for (unsigned s = 0; s < slots; s++)
		for (uint64_t t = s; t < SPAN_NS - 2000;) {
			uint64_t lat = rnd(200, 600);

			read_one(&r, t, (uint16_t)(s * 64 + (tag++ & 63)), lat);
			t += lat + 6;
		}
}

/* Eight reads at once every 5 µs, drained by their completions: at 8 often, waiting never. */
static void burst_reader(uint16_t rid)
{
	struct reader r = {.rid = rid, .bytes = 512};
	uint16_t tag = 0;

	for (uint64_t t = 0; t < SPAN_NS - 5000; t += 5000)
		for (unsigned k = 0; k < 8; k++)
			read_one(&r, t + k, tag++ & 0xff, rnd(400, 900));
}

static int cmp(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;

	return x->t != y->t ? (x->t < y->t ? -1 : 1) : (x->seq < y->seq ? -1 : 1);
}

static void plant(const char *p)
{
	struct reader nic = {NIC, 512, 0, 0, 0}, nvme = {NVME, 512, 0, 0, 0},
		      acc = {ACCEL, 512, 0, 0, 0};

	if (!strcmp(p, "small-read-requests"))
		nic.bytes = 64, sequential = true;
	if (!strcmp(p, "unmatched-requests"))
		nic.lost_pct = 5;
	if (!strcmp(p, "completion-errors"))
		nvme.ur_pct = 2;
	if (!strcmp(p, "latency-outlier"))
		acc.slow_pct = 5;
	reader(&nic);
	if (!strcmp(p, "outstanding-limit"))
		pinned_reader(NVME, 8);
	else if (!strcmp(p, "bursts"))
		burst_reader(NVME);
	else
		reader(&nvme);
	reader(&acc);
	for (uint64_t t = 500; t < SPAN_NS; t += 1000)
		mwr(t, RC, 4);
	for (uint64_t t = 1000; !strcmp(p, "tune-hint") && t < SPAN_NS; t += 100)
		mwr(t, RC, 256);
	for (uint64_t t = 1000, k = 0; !strcmp(p, "config-polling") && t < SPAN_NS; t += 2000)
		cfgrd(t, RC, (uint16_t)(k++ & 0xff), ACCEL);
	for (uint64_t t = 50000; !strcmp(p, "error-messages") && t < 53000; t += 1000)
		msg(t, ACCEL, 0x30);
}

static bool outbound(const struct ev *e)
{
	enum tlp_kind k = tlp_kind_of(e->hdr[0]);

	return k == TLP_CPLD || k == TLP_CPL || k == TLP_MWR64 || k == TLP_CFGRD0;
}

int main(int argc, char **argv)
{
	struct ptt_gen_opts o = {.format = PTT_FMT_4DW, .auxtrace_type = 6};
	bool inbound_only;
	uint8_t *buf;
	uint64_t bytes;
	size_t n = 0;

	if (argc != 4 || strcmp(argv[1], "-o")) {
		fprintf(stderr, "usage: gen_diag_trace -o FILE PATTERN\n");
		return 2;
	}
	inbound_only = !strcmp(argv[3], "direction-hides-completions");
	plant(argv[3]);
	qsort(evs, nev, sizeof(*evs), cmp);
	buf = malloc(nev * PTT_4DW_BYTES + 1);
	if (!buf)
		return 1;
	for (size_t i = 0; i < nev; i++)
		if (!inbound_only || !outbound(&evs[i]))
			ptt_entry_encode_4dw(evs[i].hdr, (uint32_t)evs[i].t,
					     buf + PTT_4DW_BYTES * n++);
	bytes = n * PTT_4DW_BYTES;
	o.data = buf;
	o.chunk_bytes = &bytes;
	o.nr_chunks = 1;
	o.config = 7ull << 24 | (inbound_only ? 0ull : 2ull) << 20 | 0x80011;
	if (ptt_gen_perf_data(argv[2], &o)) {
		fprintf(stderr, "gen_diag_trace: cannot write %s\n", argv[2]);
		return 1;
	}
	free(buf);
	free(evs);
	return 0;
}
