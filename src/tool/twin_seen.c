// SPDX-License-Identifier: GPL-2.0-only
/*
 * What one PTT trace shows of the devices behind it, in one pass: each
 * requester's kinds of request (size, alignment, where to), its requests'
 * bursts, its reads in flight over time and how it refilled them, their
 * latency; what the CPU sent each function; each traced link's bytes per
 * direction and its Root Complex's slots in use.  A completion closes its
 * read by Requester ID and tag, as the analyser matches them (the one whose
 * Byte Count its payload covers is the last); time is unwrapped the same
 * way (the field's difference modulo its range).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/link_layer.h>
#include <pciescope/pcie/traffic.h>

#include "twin_internal.h"

#define MSI_BASE 0xfee00000ull
#define MSI_END 0xfef00000ull
#define REGION_SHIFT 20
/*
 * "At once": within this long, plus four times the wire time of the TLP on
 * its device's link.  Requests that close are one burst; a read that
 * comes that soon after a completion freed its slot was waiting for it; a
 * posted burst that soon after a read's last completion follows from it.
 * A device that reacts takes no longer than its link and an idle port.
 */
#define PROMPT_NS 32.0

static double ns_of(const struct twin_trace *t)
{
	return (double)t->now * t->tick_ns;
}

int twin_trace_init(struct twin_trace *t, const struct twin_topo *topo, const char *pmu,
		    uint64_t config, double tick_ns)
{
	memset(t, 0, sizeof(*t));
	t->topo = topo;
	t->set = ptt_setting_of_config(config);
	t->tick_ns = tick_ns > 0 ? tick_ns : 1.0;
	snprintf(t->pmu, sizeof(t->pmu), "%s", pmu ? pmu : "");
	t->req_at = malloc(65536 * sizeof(*t->req_at));
	t->port = calloc(topo->nn ? topo->nn : 1, sizeof(*t->port));
	t->traced = calloc(topo->nn ? topo->nn : 1, 1);
	if (!t->req_at || !t->port || !t->traced) {
		twin_trace_free(t);
		return -ENOMEM;
	}
	memset(t->req_at, 0xff, 65536 * sizeof(*t->req_at));
	for (size_t i = 0; i < topo->nn; i++)
		outstanding_init(&t->port[i].slots, t->port[i].slots_at, TWIN_TAGS + 1, NULL);
	t->ports_known = twin_topo_trace(topo, t->pmu, (uint32_t)(config & 0xfffff), t->traced);
	for (size_t i = 0; !t->ports_known && i < topo->nn; i++)
		t->traced[i] = topo->n[i].kind == TN_PORT; /* a PTT the platform lacks */
	return 0;
}

void twin_trace_free(struct twin_trace *t)
{
	for (unsigned i = 0; i < t->nreq; i++)
		free(t->req[i].rd);
	free(t->req_at);
	free(t->port);
	free(t->traced);
	t->req_at = NULL;
	t->port = NULL;
	t->traced = NULL;
}

double twin_trace_span(const struct twin_trace *t)
{
	double span = t->entries ? (double)(t->last - t->first) * t->tick_ns : 0;
	struct ptt_timing tm = ptt_sight_timing(t->set.format, span, t->rec_ns, t->tick_ns);

	return tm.times == PTT_TIMES_SHORT ? tm.rate_ns : span;
}

double twin_busy(const struct twin_trace *tr, int port, int dir)
{
	double span = twin_trace_span(tr), cap = port >= 0 ? tr->topo->n[port].mbps : 0;

	return span > 0 && cap > 0 ? tr->port[port].wire[dir] / (span * cap / 1000.0) : 0;
}

uint32_t twin_trace_region_rid(const struct twin_trace *t, uint32_t region)
{
	for (unsigned i = 0; i < t->nregions; i++)
		if (t->region_key[i] == region)
			return t->region_rid[i];
	return TWIN_NOWHERE;
}

static void learn_region(struct twin_trace *t, uint32_t region, uint16_t rid)
{
	const struct twin_node *n = twin_topo_node(t->topo, rid);

	if (!n || n->kind != TN_ENDPOINT || twin_trace_region_rid(t, region) != TWIN_NOWHERE ||
	    t->nregions == TWIN_MAX_REGIONS)
		return;
	t->region_key[t->nregions] = region;
	t->region_rid[t->nregions++] = rid;
}

static int node_index(const struct twin_trace *t, uint16_t rid)
{
	return t->topo->at[rid];
}

/* The requester's entry, made on first sight; NULL past the table. */
static struct ts_req *req_of(struct twin_trace *t, uint16_t rid)
{
	int at = node_index(t, rid);
	struct ts_req *r;

	if (t->req_at[rid] >= 0)
		return &t->req[t->req_at[rid]];
	if (t->nreq == TWIN_MAX_REQS)
		return NULL;
	r = &t->req[t->nreq];
	memset(r, 0, sizeof(*r));
	r->rid = rid;
	r->port = at >= 0 ? t->topo->n[at].port : -1;
	r->own = r->port >= 0 && t->traced[r->port];
	t->req_at[rid] = (int32_t)t->nreq++;
	return r;
}

static struct ts_reads *reads_of(struct ts_req *r)
{
	if (!r->rd && (r->rd = calloc(1, sizeof(*r->rd))))
		outstanding_init(&r->rd->out, r->rd->time_at, TWIN_TAGS + 1, NULL);
	return r->rd;
}

static uint32_t wire_bytes(const struct tlp_hdr *h)
{
	uint32_t payload = tlp_payload_bytes(h);

	return 4u * (uint32_t)tlp_header_dws(h->fmt) + (h->nprefix ? 4u : 0) +
	       ((payload + 3) & ~3u) + PCIE_TLP_FRAMING_BYTES;
}

static void port_bytes(struct twin_trace *t, int port, int dir, double bytes)
{
	if (port >= 0)
		t->port[port].wire[dir] += bytes;
}

static enum fabric_replay_to where(uint64_t addr)
{
	if (addr >= MSI_BASE && addr < MSI_END)
		return FABRIC_REPLAY_MSI;
	return addr >> 32 ? FABRIC_REPLAY_HOST : FABRIC_REPLAY_HOST32;
}

/* One of r's transfers of this kind, size and target, with its start's alignment. */
static void note_op(struct twin_trace *t, struct ts_req *r, const struct ts_run *run)
{
	struct ts_op *o = NULL;

	for (unsigned i = 0; i < r->nops && !o; i++)
		if (r->op[i].kind == run->kind && r->op[i].to == run->to &&
		    r->op[i].region == run->region && r->op[i].bytes == run->bytes)
			o = &r->op[i];
	if (!o && r->nops == TWIN_MAX_OPS) {
		t->folded++;
		return;
	}
	if (!o) {
		o = &r->op[r->nops++];
		*o = (struct ts_op){
		    .kind = run->kind, .to = run->to, .region = run->region, .bytes = run->bytes};
	}
	o->n++;
	for (unsigned i = 0; i < 11; i++)
		o->aligned[i] += (run->start & ((4ull << i) - 1)) == 0;
}

/*
 * Requests that continue where the last of their kind ended are one
 * transfer cut at MRRS (reads) or MPS (writes), as the device issued it:
 * the model's operation, whose read holds one window slot.
 */
static void note_request(struct twin_trace *t, struct ts_req *r, int e, const struct ts_run *req)
{
	struct ts_run *run = &r->run[e];

	if (run->bytes && run->kind == req->kind && run->to == req->to && run->next == req->start &&
	    req->kind != FABRIC_REPLAY_MSG && run->bytes + req->bytes <= TWIN_MAX_TRANSFER) {
		run->bytes += req->bytes;
		run->next += req->bytes;
		return;
	}
	if (run->bytes)
		note_op(t, r, run);
	*run = *req;
	r->n[e]++;
}

/* Whether now is at once after then + 1 (0: never) for a TLP of wire bytes of r. */
static bool prompt(const struct twin_trace *t, const struct ts_req *r, uint64_t then, uint32_t wire)
{
	const struct twin_node *n = twin_topo_node(t->topo, r->rid);
	double per_byte = n && n->mbps > 0 ? 1000.0 / n->mbps : 0;

	return then && ns_of(t) - (double)(then - 1) <= PROMPT_NS + 4 * wire * per_byte;
}

static void note_burst(const struct twin_trace *t, struct ts_req *r, int e, uint32_t wire)
{
	if (!prompt(t, r, r->last[e], wire)) {
		r->bursts[e]++;
		r->follows[e] += r->rd && prompt(t, r, r->rd->closed_at, wire);
	}
	r->last[e] = (uint64_t)ns_of(t) + 1;
	r->tlps[e]++;
}

/* A read of r in flight from now, holding a Root Complex slot of port if host. */
static void open_read(struct twin_trace *t, struct ts_req *r, const struct tlp_hdr *h, int port,
		      bool host, uint32_t wire)
{
	struct ts_reads *rd = reads_of(r);
	unsigned tag = h->tag & (TWIN_TAGS - 1);
	uint64_t now = (uint64_t)ns_of(t);

	if (!rd) {
		t->folded++;
		return;
	}
	if (rd->out.n + 1 == rd->out.max && prompt(t, r, rd->freed_at, wire))
		rd->refilled++;
	rd->freed_at = 0;
	if (!rd->open[tag])
		outstanding_set(&rd->out, now, rd->out.n + 1);
	else if (rd->host[tag] && port >= 0)
		t->port[port].host_reads--; /* its tag reused: the old one never completed */
	rd->open[tag] = now + 1;
	rd->region[tag] = (uint32_t)(h->address >> REGION_SHIFT);
	rd->host[tag] = host;
	if (host && port >= 0)
		outstanding_set(&t->port[port].slots, now, ++t->port[port].host_reads);
}

static struct ts_cpu *cpu_of(struct twin_trace *t, int port, uint32_t region, uint16_t rid)
{
	struct ts_cpu *c;

	for (unsigned i = 0; i < t->ncpu; i++)
		if (t->cpu[i].port == port && t->cpu[i].region == region &&
		    (region != TWIN_NOWHERE || t->cpu[i].rid == rid))
			return &t->cpu[i];
	if (t->ncpu == TWIN_MAX_REGIONS)
		return NULL;
	c = &t->cpu[t->ncpu++];
	*c = (struct ts_cpu){.port = port, .region = region, .rid = rid};
	c->known = region == TWIN_NOWHERE;
	return c;
}

static void cpu_write_size(struct ts_cpu *c, uint32_t bytes)
{
	unsigned i = 0;

	while (i < c->nsizes && c->wr[i].bytes != bytes)
		i++;
	if (i == FABRIC_REPLAY_SIZES)
		i--; /* an eighth size and more: counted with the last */
	if (i == c->nsizes) {
		c->wr[i].bytes = bytes;
		c->nsizes++;
	}
	c->wr[i].weight++;
}

/* A request the CPU sent down port (its Requester ID is the port's). */
static void cpu_request(struct twin_trace *t, int port, const struct tlp_hdr *h, uint32_t wire)
{
	bool cfg = h->kind >= TLP_CFGRD0 && h->kind <= TLP_CFGWR1;
	struct ts_cpu *c = cfg ? cpu_of(t, port, TWIN_NOWHERE, h->cfg_target)
			       : cpu_of(t, port, (uint32_t)(h->address >> REGION_SHIFT), 0);
	struct ts_req *r;

	port_bytes(t, port, FABRIC_OUTBOUND, wire);
	if (!c) {
		t->folded++;
		return;
	}
	if (cfg) {
		c->cfg++;
	} else if (h->kind == TLP_MWR32 || h->kind == TLP_MWR64) {
		c->writes++;
		c->wr_wire += wire;
		cpu_write_size(c, tlp_payload_bytes(h));
	} else if (h->kind == TLP_MRD32 || h->kind == TLP_MRD64) {
		c->reads++;
		r = req_of(t, h->requester);
		if (r)
			open_read(t, r, h, -1, false, wire);
	}
}

static void dev_request(struct twin_trace *t, const struct tlp_hdr *h, uint32_t wire)
{
	struct ts_req *r = req_of(t, h->requester);
	bool read = h->kind == TLP_MRD32 || h->kind == TLP_MRD64;
	uint8_t kind = read					   ? FABRIC_REPLAY_READ
		       : h->kind == TLP_MSG || h->kind == TLP_MSGD ? FABRIC_REPLAY_MSG
								   : FABRIC_REPLAY_WRITE;
	int e = read ? FABRIC_REPLAY_READS : FABRIC_REPLAY_POSTED;
	struct ts_run req;

	if (!r) {
		t->folded++;
		return;
	}
	if (!read && kind == FABRIC_REPLAY_WRITE && h->kind != TLP_MWR32 && h->kind != TLP_MWR64)
		return; /* IO, configuration or atomics from a device: not replayed */
	req = (struct ts_run){
	    .kind = kind,
	    .to = kind == FABRIC_REPLAY_MSG ? FABRIC_REPLAY_HOST : where(h->address),
	    .start = h->address,
	    .bytes = read ? (h->length ? h->length : 1024u) * 4u : tlp_payload_bytes(h)};
	req.region = req.to == FABRIC_REPLAY_HOST32 ? (uint32_t)(h->address >> REGION_SHIFT) : 0;
	req.next = req.start + req.bytes;
	note_request(t, r, e, &req);
	note_burst(t, r, e, wire);
	if (!read)
		r->wire[e] += wire;
	if (r->own)
		port_bytes(t, r->port, FABRIC_INBOUND, wire);
	else
		r->fwd_wire += wire;
	if (read)
		open_read(t, r, h, r->own ? r->port : -1,
			  r->own && where(h->address) != FABRIC_REPLAY_MSI, wire);
}

static void request(struct twin_trace *t, const struct tlp_hdr *h)
{
	const struct twin_node *n = twin_topo_node(t->topo, h->requester);
	uint32_t wire = wire_bytes(h);

	if (n && n->kind == TN_PORT)
		cpu_request(t, node_index(t, h->requester), h, wire);
	else
		dev_request(t, h, wire);
}

/* The link a completion crossed and which way: towards its requester. */
static void cpl_bytes(struct twin_trace *t, const struct tlp_hdr *h, const struct ts_req *r,
		      uint32_t wire)
{
	const struct twin_node *c = twin_topo_node(t->topo, h->completer);
	const struct twin_node *q = twin_topo_node(t->topo, h->requester);

	if (q && q->kind == TN_PORT)
		port_bytes(t, node_index(t, h->requester), FABRIC_INBOUND, wire);
	else if (r && r->own)
		port_bytes(t, r->port, FABRIC_OUTBOUND, wire);
	else if (c && c->port >= 0 && t->traced[c->port])
		port_bytes(t, c->port, FABRIC_INBOUND, wire);
}

static void close_read(struct twin_trace *t, struct ts_req *r, const struct tlp_hdr *h)
{
	struct ts_reads *rd = r->rd;
	unsigned tag = h->tag & (TWIN_TAGS - 1);
	uint64_t now = (uint64_t)ns_of(t);

	if (rd->out.n == rd->out.max) {
		rd->freed++;
		rd->freed_at = now + 1;
	} else {
		rd->freed_at = 0;
	}
	rd->closed_at = now + 1;
	rd->lat_sum += (double)(now + 1 - rd->open[tag]);
	rd->lat_n++;
	rd->open[tag] = 0;
	outstanding_set(&rd->out, now, rd->out.n - 1);
	learn_region(t, rd->region[tag], h->completer);
	if (rd->host[tag] && r->port >= 0 && t->port[r->port].host_reads)
		outstanding_set(&t->port[r->port].slots, now, --t->port[r->port].host_reads);
	for (unsigned i = 0; i < t->ncpu; i++)
		if (t->cpu[i].port == node_index(t, r->rid) && t->cpu[i].region == rd->region[tag])
			t->cpu[i].reads_done++;
}

static void completion(struct twin_trace *t, const struct tlp_hdr *h)
{
	struct ts_req *r = t->req_at[h->requester] >= 0 ? &t->req[t->req_at[h->requester]] : NULL;
	uint32_t wire = wire_bytes(h), payload = tlp_payload_bytes(h);
	uint32_t due = h->byte_count ? h->byte_count : 4096;
	bool last = h->status != TLP_CPL_SC || due <= payload;

	cpl_bytes(t, h, r, wire);
	if (!r)
		return;
	r->wire[FABRIC_REPLAY_READS] += wire;
	if (last && r->rd && r->rd->open[h->tag & (TWIN_TAGS - 1)])
		close_read(t, r, h);
}

/* The entry's time, unwrapped as the analyser unwraps it (trace/ptt_entry.h). */
static void tick(struct twin_trace *t, enum ptt_format f, uint32_t raw)
{
	t->now = ptt_clock_tick(&t->clk, f, raw);
	if (!t->entries++)
		t->first = t->now;
	t->last = t->now;
}

void twin_trace_feed(struct twin_trace *t, const uint8_t *buf, size_t len, enum ptt_format f)
{
	size_t es = ptt_entry_size(f);

	for (size_t off = 0; off + es <= len; off += es) {
		struct ptt_entry e;
		struct tlp_hdr h;
		enum tlp_class c;

		ptt_entry_decode(buf + off, f, &e);
		tick(t, f, e.time);
		if (tlp_decode(e.hdr, 4, &h) < 0)
			continue;
		c = tlp_class_of(h.kind);
		if (c == TLP_CLASS_CPL)
			completion(t, &h);
		else if (c == TLP_CLASS_P || c == TLP_CLASS_NP)
			request(t, &h);
	}
}

/* The bytes of the requests a device sent to a peer: down the peer's port. */
static void forwarded_bytes(struct twin_trace *t, const struct ts_req *r)
{
	for (unsigned i = 0; i < r->nops; i++) {
		const struct ts_op *o = &r->op[i];
		uint32_t rid = o->to == FABRIC_REPLAY_HOST32 ? twin_trace_region_rid(t, o->region)
							     : TWIN_NOWHERE;
		const struct twin_node *p =
		    rid != TWIN_NOWHERE ? twin_topo_node(t->topo, (uint16_t)rid) : NULL;

		if (p && p->port >= 0 && t->traced[p->port]) {
			port_bytes(t, p->port, FABRIC_OUTBOUND, r->fwd_wire);
			return;
		}
	}
}

static bool rid_used(const struct twin_trace *t, int port, uint16_t rid)
{
	for (unsigned i = 0; i < t->ncpu; i++)
		if (t->cpu[i].port == port && t->cpu[i].region != TWIN_NOWHERE && t->cpu[i].known &&
		    t->cpu[i].rid == rid)
			return true;
	return false;
}

/* Whether the trace shows rid as a requester or as the target of a configuration read. */
static bool active(const struct twin_trace *t, uint16_t rid)
{
	if (t->req_at[rid] >= 0)
		return true;
	for (unsigned i = 0; i < t->ncpu; i++)
		if (t->cpu[i].region == TWIN_NOWHERE && t->cpu[i].rid == rid)
			return true;
	return false;
}

/* The function below port an unnamed region goes to: the first the trace shows busy, else any. */
static int free_function(const struct twin_trace *t, int port)
{
	int any = -1;

	for (size_t k = 0; k < t->topo->nn; k++) {
		const struct twin_node *n = &t->topo->n[k];

		if (n->kind != TN_ENDPOINT || n->port != port || rid_used(t, port, n->rid))
			continue;
		if (active(t, n->rid))
			return (int)k;
		if (any < 0)
			any = (int)k;
	}
	return any;
}

/*
 * The CPU's targets no completion named: a port's unnamed regions, in
 * address order, go to its functions no region took, those the trace
 * shows at work first (a driver writes to the device it drives), then in
 * Requester ID order (how a platform lays out its BARs).
 */
static void place_regions(struct twin_trace *t)
{
	for (;;) {
		struct ts_cpu *c = NULL;
		int k;

		for (unsigned i = 0; i < t->ncpu; i++)
			if (!t->cpu[i].known && !t->cpu[i].guessed &&
			    (!c || t->cpu[i].region < c->region))
				c = &t->cpu[i];
		if (!c)
			return;
		c->guessed = true;
		k = free_function(t, c->port);
		if (k >= 0) {
			c->rid = t->topo->n[k].rid;
			c->known = true;
		}
	}
}

void twin_trace_finish(struct twin_trace *t)
{
	uint64_t now = (uint64_t)ns_of(t);

	for (unsigned i = 0; i < t->nreq; i++) {
		struct ts_req *r = &t->req[i];

		if (r->rd)
			outstanding_set(&r->rd->out, now, r->rd->out.n);
		for (int e = 0; e < FABRIC_REPLAY_ENGINES; e++)
			if (r->run[e].bytes)
				note_op(t, r, &r->run[e]);
		if (!r->own)
			forwarded_bytes(t, r);
	}
	for (size_t i = 0; i < t->topo->nn; i++)
		outstanding_set(&t->port[i].slots, now, t->port[i].host_reads);
	for (unsigned i = 0; i < t->ncpu; i++) {
		struct ts_cpu *c = &t->cpu[i];
		uint32_t rid = c->known ? c->rid : twin_trace_region_rid(t, c->region);

		if (rid != TWIN_NOWHERE) {
			c->rid = (uint16_t)rid;
			c->known = true;
		}
	}
	place_regions(t);
}
