// SPDX-License-Identifier: GPL-2.0-only
/*
 * One pass over a trace for diagnosis: every entry is decoded once, counted
 * here and handed to the trace analyser, whose matched requests
 * (on_txn) close the tags of the outstanding-request table.  Time is
 * unwrapped exactly as the analyser unwraps it (the raw field's difference
 * modulo its range), so both clocks agree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/traffic.h>
#include <pciescope/trace/outstanding.h>

#include "trace_internal.h"

#define MSG_ERR_COR 0x30
#define MSG_ERR_NONFATAL 0x31
#define MSG_ERR_FATAL 0x33

static int table_init(struct dt_table *t, size_t size)
{
	t->idx = calloc(65536, sizeof(*t->idx));
	t->other = calloc(1, size);
	t->size = size;
	return t->idx && t->other ? 0 : -ENOMEM;
}

static void table_free(struct dt_table *t)
{
	free(t->idx);
	free(t->items);
	free(t->other);
}

void *dt_at(const struct dt_table *t, size_t i)
{
	return (char *)t->items + i * t->size;
}

void *dt_find(const struct dt_table *t, uint16_t id)
{
	return t->idx[id] && t->idx[id] != DT_FOLDED ? dt_at(t, t->idx[id] - 1) : NULL;
}

void *dt_get(struct dt_table *t, uint16_t id)
{
	void *it;

	if (t->idx[id] == DT_FOLDED)
		return t->other;
	if (t->idx[id])
		return dt_at(t, t->idx[id] - 1);
	if (t->n == ANALYSIS_MAX_KEYS) {
		t->idx[id] = DT_FOLDED;
		t->folded++;
		return t->other;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		void *p = realloc(t->items, cap * t->size);

		if (!p)
			return NULL;
		t->items = p;
		t->cap = cap;
	}
	it = dt_at(t, t->n);
	memset(it, 0, t->size);
	memcpy(it, &id, sizeof(id)); /* every item starts with its 16-bit id */
	t->idx[id] = (uint32_t)++t->n;
	return it;
}

double dt_ns(const struct diag_trace *t, uint64_t ticks)
{
	return (double)ticks * analysis_tick_ns(t->a);
}

double dt_span_ns(const struct diag_trace *t)
{
	return t->entries ? dt_ns(t, t->last - t->first + 1) : 0;
}

struct ptt_timing dt_timing(const struct diag_trace *t)
{
	enum ptt_format f = t->o.have_config ? t->set.format : t->fmt;
	double span = t->entries ? dt_ns(t, t->last - t->first) : 0;

	return ptt_sight_timing(f, span, t->rec.rec_ns, analysis_tick_ns(t->a));
}

double dt_rate_ns(const struct diag_trace *t)
{
	struct ptt_timing tm = dt_timing(t);

	return tm.times == PTT_TIMES_SHORT ? tm.rate_ns : dt_span_ns(t);
}

void diag_trace_recording(struct diag_trace *t, const struct diag_recording *r)
{
	t->rec = *r;
}

static void on_txn(void *ctx, const struct analysis_txn *x);

static int links_init(struct diag_trace *t, const struct diag_trace_opts *o)
{
	t->nlinks = o->nlinks < DT_MAX_LINKS ? o->nlinks : DT_MAX_LINKS;
	if (!t->nlinks)
		return 0;
	t->link_of = calloc(65536, 1);
	if (!t->link_of)
		return -ENOMEM;
	for (size_t i = 0; i < t->nlinks; i++) {
		t->link[i].l = o->links[i];
		for (size_t k = 0; k < o->links[i].nbelow && k < DIAG_LINK_MAX_BELOW; k++)
			t->link_of[o->links[i].below[k]] = (uint8_t)(i + 1);
	}
	t->o.links = NULL;
	return 0;
}

int diag_trace_create(const struct diag_trace_opts *o, struct diag_trace **out)
{
	struct diag_trace *t = calloc(1, sizeof(*t));
	struct analysis_opts ao = {.tick_ns = o->tick_ns, .on_txn = on_txn};
	int err;

	if (!t)
		return -ENOMEM;
	t->o = *o;
	t->o.nhost = o->nhost < 64 ? o->nhost : 64;
	if (t->o.nhost)
		memcpy(t->host, o->host, t->o.nhost * sizeof(*t->host));
	t->o.host = t->host;
	snprintf(t->subject, sizeof(t->subject), "%s", o->pmu && *o->pmu ? o->pmu : "trace");
	ao.ctx = t;
	t->set = ptt_setting_of_config(o->config);
	t->dir = o->have_config ? analysis_dir_of_setting(t->set.format, t->set.direction)
				: ANALYSIS_DIR_UNKNOWN;
	err = links_init(t, o);
	if (!err)
		err = analysis_create(&ao, &t->a);
	if (!err)
		err = table_init(&t->req, sizeof(struct dt_req));
	if (!err)
		err = table_init(&t->cpl, sizeof(struct dt_cpl));
	if (!err)
		err = table_init(&t->cfg, sizeof(struct dt_cfg));
	if (err) {
		diag_trace_destroy(t);
		return err;
	}
	*out = t;
	return 0;
}

int diag_trace_add_device(struct diag_trace *first, const struct diag_trace_opts *o,
			  struct diag_trace **out)
{
	int err = diag_trace_create(o, out);

	if (err)
		return err;
	while (first->next)
		first = first->next;
	first->next = *out;
	return 0;
}

struct diag_trace *diag_trace_next(const struct diag_trace *t)
{
	return t->next;
}

void diag_trace_destroy(struct diag_trace *t)
{
	if (!t)
		return;
	diag_trace_destroy(t->next);
	for (size_t i = 0; i < t->req.n; i++) {
		struct dt_req *r = dt_at(&t->req, i);

		free(r->open);
		free(r->out.time_at);
		free(r->freed_at);
		free(r->refilled_at);
	}
	free(t->link_of);
	table_free(&t->req);
	table_free(&t->cpl);
	table_free(&t->cfg);
	analysis_destroy(t->a);
	free(t);
}

const struct analysis *diag_trace_analysis(const struct diag_trace *t)
{
	return t->a;
}

static void set_outstanding(struct diag_trace *t, struct dt_req *r, unsigned n)
{
	outstanding_set(&r->out, t->now, n);
}

static void on_txn(void *ctx, const struct analysis_txn *x)
{
	struct diag_trace *t = ctx;
	struct dt_req *r = dt_find(&t->req, x->requester);

	if (x->status == TLP_CPL_CRS && x->kind != TLP_CFGRD0 && x->kind != TLP_CFGRD1 &&
	    x->kind != TLP_CFGWR0 && x->kind != TLP_CFGWR1) {
		struct dt_cpl *c = dt_get(&t->cpl, x->completer);

		if (c)
			c->crs_bad++;
		else
			t->err = true;
	}
	if (!r || !r->open || !r->open[x->tag])
		return;
	r->open[x->tag] = 0;
	r->freed_at[r->out.n]++;
	r->refill_from = r->out.n;
	set_outstanding(t, r, r->out.n - 1);
	if ((x->kind == TLP_MRD32 || x->kind == TLP_MRD64) && x->bytes > 4) {
		r->matched_data_reads++;
		r->matched_bytes += x->bytes;
		r->matched_ticks += x->end - x->start;
	}
}

static bool is_np(enum tlp_kind k)
{
	return tlp_class_of(k) == TLP_CLASS_NP;
}

static bool is_cfg(enum tlp_kind k)
{
	return k >= TLP_CFGRD0 && k <= TLP_CFGWR1;
}

static bool is_mem(enum tlp_kind k)
{
	return k <= TLP_MWR64 || k == TLP_CPLD;
}

static unsigned len_bucket(uint32_t bytes)
{
	unsigned b = 0;

	while (b + 1 < DT_LEN_BUCKETS && (1u << b) < bytes)
		b++;
	return b;
}

/*
 * The tag table of a requester (16 KiB) for the first DT_MAX_TRACKED that
 * issue non-posted requests: a real core has tens, a corrupt trace could
 * name thousands.  The others are counted but not tracked.
 */
static bool track_tags(struct diag_trace *t, struct dt_req *r)
{
	uint64_t *time_at;

	if (t->tracked == DT_MAX_TRACKED)
		return false;
	r->open = calloc(DT_TAGS, sizeof(*r->open));
	time_at = calloc(DT_TAGS + 1, sizeof(*time_at));
	r->freed_at = calloc(DT_TAGS + 1, sizeof(*r->freed_at));
	r->refilled_at = calloc(DT_TAGS + 1, sizeof(*r->refilled_at));
	if (!r->open || !time_at || !r->freed_at || !r->refilled_at) {
		free(r->open);
		free(time_at);
		free(r->freed_at);
		free(r->refilled_at);
		r->open = NULL;
		r->freed_at = r->refilled_at = NULL;
		t->err = true;
		return false;
	}
	outstanding_init(&r->out, time_at, DT_TAGS + 1, NULL);
	t->tracked++;
	return true;
}

static void count_request(struct diag_trace *t, const struct tlp_hdr *h)
{
	struct dt_req *r = dt_get(&t->req, h->requester);
	uint32_t bytes = (h->length ? h->length : 1024u) * 4u;

	if (!r) {
		t->err = true;
		return;
	}
	r->np++;
	t->np_requests++;
	if ((h->kind == TLP_MRD32 || h->kind == TLP_MRD64) && bytes > 4) {
		r->data_reads++;
		r->len_bucket[len_bucket(bytes)]++;
		r->continued += h->address == r->next_addr;
		r->next_addr = h->address + bytes;
	}
	if (r == t->req.other || (!r->open && !track_tags(t, r)))
		return; /* the tags of folded requesters would mix */
	if (r->open[h->tag & (DT_TAGS - 1)]) {
		r->unmatched++;
	} else {
		if (r->refill_from && r->out.n + 1 == r->refill_from)
			r->refilled_at[r->refill_from]++;
		r->refill_from = 0;
		set_outstanding(t, r, r->out.n + 1);
	}
	r->open[h->tag & (DT_TAGS - 1)] = t->now + 1;
}

static void count_completion(struct diag_trace *t, const struct tlp_hdr *h)
{
	struct dt_cpl *c = dt_get(&t->cpl, h->completer);
	struct dt_req *r = dt_get(&t->req, h->requester);

	t->completions++;
	if (r)
		r->cpls_to++;
	if (!c) {
		t->err = true;
		return;
	}
	c->cpls++;
	c->bytes += tlp_payload_bytes(h);
	c->ur += h->status == TLP_CPL_UR;
	c->ca += h->status == TLP_CPL_CA;
	c->poisoned += h->ep;
}

static void count_message(struct diag_trace *t, const struct tlp_hdr *h)
{
	int m = h->message_code == MSG_ERR_COR	      ? DT_ERR_COR
		: h->message_code == MSG_ERR_NONFATAL ? DT_ERR_NONFATAL
		: h->message_code == MSG_ERR_FATAL    ? DT_ERR_FATAL
						      : -1;
	struct dt_req *r;

	if (m < 0)
		return;
	r = dt_get(&t->req, h->requester);
	if (r)
		r->msg[m]++;
	else
		t->err = true;
}

static void count_config(struct diag_trace *t, const struct tlp_hdr *h)
{
	struct dt_cfg *c = dt_get(&t->cfg, h->cfg_target);

	if (!c) {
		t->err = true;
		return;
	}
	if (!c->n++)
		c->first = t->now;
	c->last = t->now;
}

static void tick(struct diag_trace *t, enum ptt_format f, uint32_t raw)
{
	uint64_t range = f == PTT_FMT_8DW ? 1ull << 32 : 2048;

	if (t->started)
		t->now += ((uint64_t)raw - t->prev_raw) & (range - 1);
	else
		t->first = t->now = 0;
	t->started = true;
	t->prev_raw = raw;
	t->last = t->now;
	t->entries++;
}

/*
 * Outbound bytes per traced link: a completion to a function below a port
 * leaves by that port, and so does a request the host sends with the
 * port's ID.  Inbound TLPs come from below or carry another ID.
 */
static void count_link(struct diag_trace *t, const struct tlp_hdr *h, enum tlp_class c)
{
	struct dt_link *l = NULL;
	uint32_t payload = tlp_payload_bytes(h);

	if (c == TLP_CLASS_CPL && t->link_of[h->requester])
		l = &t->link[t->link_of[h->requester] - 1];
	for (size_t i = 0; !l && c != TLP_CLASS_CPL && i < t->nlinks; i++)
		if (t->link[i].l.port == h->requester)
			l = &t->link[i];
	if (!l)
		return;
	if (c == TLP_CLASS_CPL)
		l->cpl += payload;
	else if (c == TLP_CLASS_P)
		l->posted += payload;
	else
		l->other += payload;
	l->hdr += 4u * (unsigned)tlp_header_dws(h->fmt);
	l->tlps++;
}

static void count(struct diag_trace *t, const struct tlp_hdr *h)
{
	enum tlp_class c = tlp_class_of(h->kind);

	if (t->link_of)
		count_link(t, h, c);
	if (c < ANALYSIS_NCLASS)
		t->payload[c] += tlp_payload_bytes(h);
	t->mem_tlps += is_mem(h->kind);
	if (c == TLP_CLASS_CPL)
		count_completion(t, h);
	else if (is_np(h->kind))
		count_request(t, h);
	else if (h->kind == TLP_MSG || h->kind == TLP_MSGD)
		count_message(t, h);
	if (is_cfg(h->kind)) {
		struct dt_req *r = dt_get(&t->req, h->requester);

		if (r)
			r->cfg_sent++;
		count_config(t, h);
	}
	if (h->ep && c != TLP_CLASS_CPL) {
		struct dt_req *r = dt_get(&t->req, h->requester);

		if (r)
			r->poisoned++;
	}
}

void diag_trace_feed(struct diag_trace *t, const uint8_t *buf, size_t len, enum ptt_format f)
{
	size_t es = ptt_entry_size(f);

	if (!t->started)
		t->fmt = f;
	for (size_t off = 0; off + es <= len; off += es) {
		struct ptt_entry e;
		struct tlp_hdr h;

		ptt_entry_decode(buf + off, f, &e);
		tick(t, f, e.time);
		if (tlp_decode(e.hdr, 4, &h) < 0) {
			analysis_feed_undecoded(t->a, &e);
			continue;
		}
		count(t, &h);
		analysis_feed(t->a, &e, &h, t->dir);
	}
}

void diag_trace_finish(struct diag_trace *t)
{
	analysis_finish(t->a);
	for (size_t i = 0; i < t->req.n; i++) {
		struct dt_req *r = dt_at(&t->req, i);

		if (r->open)
			set_outstanding(t, r, r->out.n);
	}
}

uint64_t dt_open_before(const struct diag_trace *t, const struct dt_req *r, double grace_ns)
{
	uint64_t grace = (uint64_t)(grace_ns / analysis_tick_ns(t->a)), n = 0;

	for (unsigned g = 0; r->open && g < DT_TAGS; g++)
		n += r->open[g] && r->open[g] - 1 + grace < t->last;
	return n;
}

const struct dt_link *dt_link_of(const struct diag_trace *t, uint16_t rid)
{
	return t->link_of && t->link_of[rid] ? &t->link[t->link_of[rid] - 1] : NULL;
}

/*
 * What crossed the link outbound as the link model counts it: headers
 * and payload of every class (only the sum is judged, so the headers of
 * all classes go with the requests').
 */
void dt_link_tx_flow(const struct diag_trace *t, const struct dt_link *l, struct link_flow *f)
{
	struct pcie_flow bytes = {(double)(l->posted + l->other), (double)l->cpl, (double)l->hdr};

	link_flow_from_bytes(f, &bytes, (double)l->tlps, dt_rate_ns(t), l->l.capacity_mbps);
}

double dt_link_tx_share(const struct diag_trace *t, const struct dt_link *l)
{
	struct link_flow f;

	dt_link_tx_flow(t, l, &f);
	return f.util_pct > 0 ? f.util_pct / 100 : 0;
}

bool dt_is_host(const struct diag_trace *t, uint16_t rid)
{
	const struct dt_req *r = dt_find(&t->req, rid);
	const struct dt_cpl *c = dt_find(&t->cpl, rid);

	for (size_t i = 0; i < t->o.nhost; i++)
		if (t->o.host[i] == rid)
			return true;
	if (t->o.nhost)
		return false;
	if (r && r->cfg_sent)
		return true;
	return c && c->cpls && c->bytes > 8 * c->cpls;
}
