// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's hot path: one step per trace entry.  Everything is a table
 * index (kind, class, Requester ID) or an open-addressing probe; the only
 * allocations happen when a requester, latency key or window first appears.
 *
 * A step works on struct tlp_brief, the few header fields statistics need.
 * analysis_feed_entries looks each header's first byte up in a plan (kind,
 * class, header size, layout) built once, extracts the fields inline
 * (tlp_brief.h) and keeps the clock in registers for the whole chunk; only
 * prefixes and unknown kinds go through tlp_decode_brief.
 * analysis_feed reduces a full decode to the same brief, so both paths
 * count alike.
 *
 * A filter (analysis_opts.filter) gets a loop of its own, chosen once per
 * chunk, so that the unfiltered loop stays as it was: the filtered one
 * ticks the clock on every entry (a 4DW time field wraps every 2048 ticks)
 * and counts only the entries the filter keeps.
 */
#include <pciescope/pcie/tlp_brief.h>

#include "analysis_match.h"

void feed_plan_init(struct analysis *a)
{
	for (unsigned i = 0; i < 256; i++) {
		enum tlp_kind k = tlp_kind_of(i << 24);
		unsigned fields = tlp_fields(k);
		int dws = tlp_header_dws((uint8_t)(i >> 5));

		a->plan[i] = (struct feed_plan){
		    .kind = (uint8_t)k,
		    .cls = (uint8_t)tlp_class_of(k),
		    .hbytes = (uint8_t)(dws > 0 ? 4 * dws : 0),
		    .flags =
			(uint8_t)((fields & TLP_F_CPL ? PLAN_CPL : 0) | (fields ? 0 : PLAN_SLOW)),
		};
	}
}

static inline void clock_tick(struct clock *c, struct analysis_summary *s, enum ptt_format f,
			      uint32_t time)
{
	if (__builtin_expect(!c->t.started, 0)) {
		c->first_fmt = f;
		s->first = time & ptt_time_mask(f);
	}
	ptt_clock_tick(&c->t, f, time);
}

static inline void add(struct analysis_counts *c, uint32_t bytes, uint32_t hbytes)
{
	c->tlps++;
	c->payload_bytes += bytes;
	c->header_bytes += hbytes;
}

static __always_inline enum analysis_match
count_request(struct analysis *a, const struct tlp_brief *b, long node, uint64_t now)
{
	long lat = lat_of(a, node, b->kind);

	if (a->segment)
		segment_request(a, node, b->tag);
	if (lat < 0) {
		a->sum.unmatched_requests++;
		return ANALYSIS_UNMATCHED;
	}
	lat_at(a, (uint32_t)lat)->requests++;
	return match_request(a, b, (uint32_t)lat, now);
}

static __always_inline enum analysis_match count_nodes(struct analysis *a,
						       const struct tlp_brief *b, enum tlp_class c,
						       uint32_t hbytes, uint64_t now,
						       uint64_t *start)
{
	long r = requester_of(a, b->requester);

	if (r >= 0)
		add(&node_at(&a->reqs, &a->fold.requester, r)->cls[c], b->payload, hbytes);
	if (c == TLP_CLASS_CPL) {
		long n = completer_of(a, b->completer);

		if (n >= 0)
			add(&node_at(&a->cpls, &a->fold.completer, n)->cls[c], b->payload, hbytes);
		return match_completion(a, b, now, start);
	}
	if (c == TLP_CLASS_NP && r >= 0)
		return count_request(a, b, r, now);
	return ANALYSIS_UNMATCHED;
}

static void tell_entry(struct analysis *a, uint64_t now, const struct tlp_brief *b,
		       enum tlp_class c, uint32_t hbytes, enum analysis_match m, uint64_t start)
{
	struct analysis_entry e = {
	    .b = b, .cls = c, .match = m, .now = now, .start = start, .hbytes = hbytes};

	a->o.on_entry(a->o.ctx, &e);
}

/* One decoded entry at time now; kc: the kind counters of its direction. */
static __always_inline void feed(struct analysis *a, uint64_t now, const struct tlp_brief *b,
				 enum tlp_class c, uint32_t hbytes, struct analysis_counts *kc)
{
	enum analysis_match m = ANALYSIS_UNMATCHED;
	uint64_t start = 0;

	add(&kc[b->kind], b->payload, hbytes);
	if (!a->o.no_timeline)
		timeline_add(a, c, b->payload + hbytes, now);
	if (c < ANALYSIS_NCLASS && b->kind != TLP_UNKNOWN)
		m = count_nodes(a, b, c, hbytes, now, &start);
	if (__builtin_expect(a->o.on_entry != NULL, 0))
		tell_entry(a, now, b, c, hbytes, m, start);
}

static void brief_of(const struct tlp_hdr *h, struct tlp_brief *b)
{
	*b = (struct tlp_brief){
	    .kind = (uint8_t)(h->kind < TLP_KIND_COUNT ? h->kind : TLP_UNKNOWN),
	    .fmt = h->fmt,
	    .status = h->status,
	    .lower_address = h->lower_address,
	    .payload = (uint16_t)tlp_payload_bytes(h),
	    .requester = h->requester,
	    .tag = h->tag,
	    .completer = h->completer,
	    .byte_count = h->byte_count,
	};
}

static enum analysis_dir dir_index(enum analysis_dir d)
{
	return d < ANALYSIS_NDIR ? d : ANALYSIS_DIR_UNKNOWN;
}

/* Whether the filter keeps decoded entry b at now; only kinds with a Requester ID field have one.
 */
static inline bool keeps(const struct analysis *a, const struct tlp_brief *b, uint64_t now)
{
	return ptt_filter_match(&a->o.filter, (enum tlp_kind)b->kind,
				a->cls_of[b->kind] < ANALYSIS_NCLASS && b->kind != TLP_UNKNOWN,
				b->requester, now);
}

static void end_entry(struct analysis *a)
{
	a->sum.last = a->clk.t.now;
	a->sum.entries++;
}

void analysis_feed(struct analysis *a, const struct ptt_entry *e, const struct tlp_hdr *h,
		   enum analysis_dir d)
{
	uint32_t prefix = e->format == PTT_FMT_8DW && e->prefix ? 4 : 0;
	struct tlp_brief b;

	brief_of(h, &b);
	clock_tick(&a->clk, &a->sum, e->format, e->time);
	if (a->filtered && !keeps(a, &b, a->clk.t.now)) {
		a->sum.last = a->clk.t.now;
		return;
	}
	feed(a, a->clk.t.now, &b, a->cls_of[b.kind], a->hdr_bytes[b.fmt & 7] + prefix,
	     a->kind[dir_index(d)]);
	end_entry(a);
}

void analysis_feed_undecoded(struct analysis *a, const struct ptt_entry *e)
{
	clock_tick(&a->clk, &a->sum, e->format, e->time);
	if (a->filtered && !ptt_filter_match(&a->o.filter, TLP_UNKNOWN, false, 0, a->clk.t.now)) {
		a->sum.last = a->clk.t.now;
		return;
	}
	a->sum.undecoded++;
	end_entry(a);
}

/* Entries the plan leaves open (a prefix, an unknown kind): tlp_decode_brief decides. */
static bool brief_slow(const struct analysis *a, const uint8_t *e, enum ptt_format f,
		       struct tlp_brief *b, enum tlp_class *c, uint32_t *hbytes)
{
	uint32_t hdr[4], time, prefix = ptt_entry_hdr(e, f, hdr, &time);

	if (tlp_decode_brief(hdr, 4, b) <= 0)
		return false;
	*c = a->cls_of[b->kind];
	*hbytes = a->hdr_bytes[b->fmt & 7] + (prefix ? 4 : 0);
	return true;
}

/*
 * The brief of the entry at e, its class and header bytes (with the 8DW
 * prefix); false if it does not decode.  A 4DW entry's first word holds
 * DW0's Fmt and Type in its top seven bits, so it indexes the plan as DW0's
 * top byte would, and the other fields are taken from where the entry
 * keeps them instead of rebuilding DW0.
 */
static inline bool entry_brief(const struct analysis *a, const uint8_t *e, enum ptt_format f,
			       struct tlp_brief *b, enum tlp_class *c, uint32_t *hbytes)
{
	uint32_t w = ptt_le32(e), d0 = f == PTT_FMT_8DW ? ptt_le32(e + 8) : 0;
	struct feed_plan p = a->plan[f == PTT_FMT_8DW ? d0 >> 24 : w >> 25];

	if (__builtin_expect(p.flags & PLAN_SLOW, 0))
		return brief_slow(a, e, f, b, c, hbytes);
	*c = (enum tlp_class)p.cls;
	if (f == PTT_FMT_8DW) {
		tlp_brief_fields(d0, ptt_le32(e + 12), ptt_le32(e + 16), (enum tlp_kind)p.kind,
				 p.flags & PLAN_CPL, b);
		*hbytes = p.hbytes + (ptt_le32(e + 4) ? 4 : 0);
	} else {
		uint32_t len = w >> 11 & 0x3ff;

		tlp_brief_ids(ptt_le32(e + 4), ptt_le32(e + 8), p.flags & PLAN_CPL, b);
		b->kind = p.kind;
		b->fmt = (uint8_t)(w >> 30);
		b->payload = (uint16_t)(w >> 31 ? (len ? len : 1024u) * 4u : 0);
		b->tag |= (uint16_t)(w >> 15 & 0x300); /* T9, T8 */
		*hbytes = p.hbytes;
	}
	return true;
}

/*
 * f and filtered are constants where this is inlined, so each pair gets its
 * own loop and the unfiltered one carries no filter test.  With a filter the
 * clock still ticks on every entry (4DW time wraps: every step counts), and
 * only the entries kept are counted.
 */
static __always_inline void feed_run(struct analysis *a, const uint8_t *buf, size_t len,
				     enum ptt_format f, enum analysis_dir d, bool filtered)
{
	size_t sz = ptt_entry_size(f), n = len / sz, kept = 0, undecoded = 0;
	struct analysis_counts *kc = a->kind[d];
	struct clock clk = a->clk;

	for (size_t i = 0; i < n; i++) {
		const uint8_t *e = buf + i * sz;
		uint32_t hbytes;
		struct tlp_brief b;
		enum tlp_class c;

		clock_tick(&clk, &a->sum, f, f == PTT_FMT_8DW ? ptt_le32(e + 28) : ptt_le32(e));
		if (!entry_brief(a, e, f, &b, &c, &hbytes)) {
			bool keep = !filtered || ptt_filter_match(&a->o.filter, TLP_UNKNOWN, false,
								  0, clk.t.now);

			kept += keep;
			undecoded += keep;
		} else if (!filtered || keeps(a, &b, clk.t.now)) {
			kept++;
			feed(a, clk.t.now, &b, c, hbytes, kc);
		}
	}
	a->clk = clk;
	if (n) {
		a->sum.last = clk.t.now;
		a->sum.entries += kept;
		a->sum.undecoded += undecoded;
	}
}

void analysis_feed_entries(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
			   enum analysis_dir d)
{
	if (__builtin_expect(a->filtered, 0)) {
		if (f == PTT_FMT_8DW)
			feed_run(a, buf, len, PTT_FMT_8DW, dir_index(d), true);
		else
			feed_run(a, buf, len, PTT_FMT_4DW, dir_index(d), true);
		return;
	}
	if (f == PTT_FMT_8DW)
		feed_run(a, buf, len, PTT_FMT_8DW, dir_index(d), false);
	else
		feed_run(a, buf, len, PTT_FMT_4DW, dir_index(d), false);
}
