/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For the diag rules' tests: a trace written TLP by TLP at given times (in
 * ns, one tick each), fed to the diagnosis as PTT entries in time order,
 * and the findings of every trace rule over it.  A test plants one pattern
 * and asserts the finding it gives, or that a near miss gives none.
 */
#ifndef PCIESCOPE_TESTS_DIAG_RIG_H
#define PCIESCOPE_TESTS_DIAG_RIG_H

#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/trace.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/ptt_entry.h>

#define RC 0x0080u /* 00:10.0, the Root Complex completing DMA reads */

struct rig_tlp {
	uint64_t t, seq;
	uint32_t hdr[4];
};

struct rig {
	struct rig_tlp *v;
	size_t n, cap;
};

/* A TLP of kind k with the fields of f that the rules read, at time t. */
static inline void rig_add(struct rig *r, uint64_t t, enum tlp_kind k, struct tlp_hdr f)
{
	struct tlp_hdr h;

	assert_int_equal(tlp_hdr_init(&h, k), 0);
	h.requester = f.requester;
	h.tag = f.tag;
	h.length = f.length;
	h.first_be = f.first_be;
	h.last_be = f.last_be;
	h.address = f.address;
	h.completer = f.completer;
	h.status = f.status;
	h.byte_count = f.byte_count;
	h.cfg_target = f.cfg_target;
	h.message_code = f.message_code;
	h.ep = f.ep;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 1024;
		r->v = realloc(r->v, r->cap * sizeof(*r->v));
		assert_non_null(r->v);
	}
	r->v[r->n] = (struct rig_tlp){.t = t, .seq = r->n};
	assert_true(tlp_encode(&h, r->v[r->n].hdr, 4) >= 0);
	r->n++;
}

static inline uint16_t rig_dws(uint32_t bytes)
{
	return (uint16_t)((bytes + 3) / 4 & 0x3ff);
}

/* A memory read of bytes at addr. */
static inline void rig_read(struct rig *r, uint64_t t, uint16_t rid, uint16_t tag, uint32_t bytes,
			    uint64_t addr)
{
	rig_add(r, t, TLP_MRD64,
		(struct tlp_hdr){.requester = rid,
				 .tag = tag,
				 .length = rig_dws(bytes),
				 .first_be = 0xf,
				 .last_be = bytes > 4 ? 0xf : 0,
				 .address = addr});
}

/* One completion of all bytes (none: a Cpl without data) from completer cid. */
static inline void rig_cpl(struct rig *r, uint64_t t, uint16_t rid, uint16_t tag, uint16_t cid,
			   uint32_t bytes, uint8_t status)
{
	rig_add(r, t, bytes ? TLP_CPLD : TLP_CPL,
		(struct tlp_hdr){.requester = rid,
				 .tag = tag,
				 .completer = cid,
				 .status = status,
				 .length = rig_dws(bytes),
				 .byte_count = (uint16_t)((bytes ? bytes : 4) & 0xfff)});
}

/* A read of bytes answered by the Root Complex lat ns later. */
static inline void rig_answered(struct rig *r, uint64_t t, uint16_t rid, uint16_t tag,
				uint32_t bytes, uint64_t lat)
{
	rig_read(r, t, rid, tag, bytes, 0x100000000ull + (uint64_t)tag * 4096);
	rig_cpl(r, t + lat, rid, tag, RC, bytes, TLP_CPL_SC);
}

static inline void rig_write(struct rig *r, uint64_t t, uint16_t rid, uint32_t bytes, bool poisoned)
{
	rig_add(r, t, TLP_MWR64,
		(struct tlp_hdr){.requester = rid,
				 .length = rig_dws(bytes),
				 .first_be = 0xf,
				 .last_be = bytes > 4 ? 0xf : 0,
				 .address = 0x800000000ull,
				 .ep = poisoned});
}

static inline void rig_msg(struct rig *r, uint64_t t, uint16_t rid, uint8_t code)
{
	rig_add(r, t, TLP_MSG, (struct tlp_hdr){.requester = rid, .message_code = code});
}

static inline void rig_cfgrd(struct rig *r, uint64_t t, uint16_t rid, uint16_t tag, uint16_t target)
{
	rig_add(
	    r, t, TLP_CFGRD0,
	    (struct tlp_hdr){
		.requester = rid, .tag = tag, .length = 1, .first_be = 0xf, .cfg_target = target});
}

static inline int rig_cmp(const void *a, const void *b)
{
	const struct rig_tlp *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Feeds r's TLPs in time order to t as entries of format f and finishes t; r is emptied. */
static inline void rig_feed(struct rig *r, struct diag_trace *t, enum ptt_format f)
{
	size_t es = ptt_entry_size(f);
	uint8_t *buf = calloc(r->n ? r->n : 1, es);

	assert_non_null(buf);
	qsort(r->v, r->n, sizeof(*r->v), rig_cmp);
	for (size_t i = 0; i < r->n; i++) {
		if (f == PTT_FMT_8DW)
			ptt_entry_encode_8dw(r->v[i].hdr, 0, (uint32_t)r->v[i].t, buf + i * es);
		else
			ptt_entry_encode_4dw(r->v[i].hdr, (uint32_t)r->v[i].t, buf + i * es);
	}
	diag_trace_feed(t, buf, r->n * es, f);
	diag_trace_finish(t);
	free(buf);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/* A trace with opts o of r's TLPs (rig_feed). */
static inline struct diag_trace *rig_trace(struct rig *r, const struct diag_trace_opts *o,
					   enum ptt_format f)
{
	struct diag_trace *t;

	assert_int_equal(diag_trace_create(o, &t), 0);
	rig_feed(r, t, f);
	return t;
}

/* Every trace rule over t at the default thresholds; t is destroyed. */
static inline void rig_rules(struct diag_trace *t, const struct diag_tune_levels *lv,
			     struct diag_findings *out)
{
	struct diag_thresholds th;

	diag_thresholds_default(&th);
	memset(out, 0, sizeof(*out));
	assert_int_equal(diag_trace_rules(t, &th, lv, out), 0);
	diag_trace_destroy(t);
}

/* The findings of r's TLPs as an 8DW trace with opts o (NULL: none). */
static inline void rig_judge(struct rig *r, const struct diag_trace_opts *o,
			     const struct diag_tune_levels *lv, struct diag_findings *out)
{
	const struct diag_trace_opts none = {0};

	rig_rules(rig_trace(r, o ? o : &none, PTT_FMT_8DW), lv, out);
}

/* The finding id on subject, or NULL. */
static inline const struct diag_finding *rig_find(const struct diag_findings *l, const char *id,
						  const char *subject)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->f[i].id, id) && !strcmp(l->f[i].subject, subject))
			return &l->f[i];
	return NULL;
}

static inline size_t rig_count(const struct diag_findings *l, const char *id)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += !strcmp(l->f[i].id, id);
	return n;
}

/* The figure name of f; the test fails when f has none. */
static inline double rig_figure(const struct diag_finding *f, const char *name)
{
	for (size_t i = 0; i < f->nfig; i++)
		if (!strcmp(f->fig[i].name, name))
			return f->fig[i].value;
	fail_msg("%s has no figure %s", f->id, name);
	return 0;
}

#endif
