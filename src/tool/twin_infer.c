// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model made of what the traces showed (tool/twin.h).  Each requester
 * is taken from the trace that saw most of its requests, at its own Root
 * Port if one did (two traces of one core are two takes of the same
 * device, not two devices).  Per engine, what held it, in this order:
 *
 *  - the Root Complex's request slots: its port's reads in flight sat at
 *    their most (2 or more) half its busy time or longer.  The device's
 *    window is then more than the trace can show, and the twin keeps its
 *    reads queued at the port as the device did (window 0: its tags);
 *  - its own window: its reads in flight sat at their most half its busy
 *    time and it refilled three in four of the slots freed there at once;
 *  - a full link: the link its data crossed was 90 % busy that way and it
 *    carried a tenth of it or more;
 *  - the other engine: a posted engine beside closed reads three in four
 *    of whose bursts came at once after a read closed (an NVMe drive's
 *    completion entries and MSIs follow the commands it read), or reads
 *    beside a link-bound posted engine: so many per request of it;
 *  - else nothing: paced at the bursts per second it showed.
 *
 * A device whose reads sat behind its port's slots but whose posted
 * requests came at their own pace (a NIC's received packets) is paced from
 * outside: its reads are paced too, at the rate the slots let through.
 *
 * The CPU's streams are twin_cpu.c's, the notes twin_notes.c's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "twin_internal.h"

#define LINK_SHARE 0.1
#define AT_MAX 0.5
#define REFILLED 0.75
#define ALIGNED 0.9
#define FOLLOWS 0.75

/* The largest power of two (4 .. 4096) nine in ten of the op's addresses are a multiple of. */
static uint32_t align_of(const struct ts_op *o)
{
	uint32_t a = 4;

	for (unsigned i = 0; i < 11; i++)
		if ((double)o->aligned[i] >= ALIGNED * (double)o->n)
			a = 4u << i;
	return a;
}

static double share_at_max(const struct outstanding *o, const uint64_t *time_at)
{
	uint64_t all = 0;

	for (unsigned k = 1; k <= TWIN_TAGS; k++)
		all += time_at[k];
	return all && o->max ? (double)time_at[o->max] / (double)all : 0;
}

/* The function below a traced port a host32 op went to, NULL if none said (a peer). */
static const struct twin_node *peer_of(const struct twin_trace *tr, const struct ts_op *o)
{
	uint32_t rid =
	    o->to == FABRIC_REPLAY_HOST32 ? twin_trace_region_rid(tr, o->region) : TWIN_NOWHERE;

	return rid != TWIN_NOWHERE ? twin_topo_node(tr->topo, (uint16_t)rid) : NULL;
}

/* Where the requester's data crossed: its own port, or the port of the peer it went to. */
static int seen_port(const struct twin_trace *tr, const struct ts_req *r)
{
	for (unsigned i = 0; !r->own && i < r->nops; i++) {
		const struct twin_node *n = peer_of(tr, &r->op[i]);

		if (n && n->port >= 0)
			return n->port;
	}
	return r->own ? r->port : -1;
}

/* An op of the model from what the trace saw; false when it cannot be placed. */
static bool make_op(const struct twin_trace *tr, const struct ts_req *r, const struct ts_op *s,
		    struct fabric_replay_op *o)
{
	const struct twin_node *p = peer_of(tr, s);

	*o = (struct fabric_replay_op){.kind = s->kind,
				       .to = s->to,
				       .bytes = s->bytes ? s->bytes : 4,
				       .align = align_of(s),
				       .weight = (uint32_t)(s->n > UINT32_MAX ? UINT32_MAX : s->n)};
	if (p && p->port != r->port) {
		o->to = FABRIC_REPLAY_PEER;
		o->peer = p->rid;
		/* both ports traced: every request crossed the trace twice */
		if (r->own && tr->traced[p->port])
			o->weight = o->weight / 2 ? o->weight / 2 : 1;
	}
	return r->own || o->to == FABRIC_REPLAY_PEER;
}

static uint32_t gap(uint32_t a, uint32_t b)
{
	return a > b ? a - b : b - a;
}

/* Ops past the model's room are counted with the kept op of their kind nearest in size. */
static void fold_op(struct fabric_replay_dev *d, const struct fabric_replay_op *o)
{
	int best = -1;

	for (unsigned i = 0; i < d->nops; i++)
		if (d->op[i].kind == o->kind &&
		    (best < 0 || gap(d->op[i].bytes, o->bytes) < gap(d->op[best].bytes, o->bytes)))
			best = (int)i;
	if (best >= 0)
		d->op[best].weight += o->weight;
}

/*
 * The fabric plays one peer per device (its P2P pair joins two cores into
 * one domain): ops to a second peer go to the first, and a note says so.
 */
static void one_peer(struct twin *t, struct fabric_replay_dev *d)
{
	int first = -1;
	char bdf[16];

	for (unsigned i = 0; i < d->nops; i++) {
		if (d->op[i].to != FABRIC_REPLAY_PEER)
			continue;
		if (first < 0)
			first = (int)i;
		else if (d->op[i].peer != d->op[first].peer) {
			d->op[i].peer = d->op[first].peer;
			twin_note(t,
				  "%s talked to several peers: the twin sends it all to the first",
				  pci_rid_format(d->rid, bdf, sizeof(bdf)));
		}
	}
}

/*
 * A transfer seen once among a hundred or more of the device's is one the
 * recording cut (it began before tracing did): not one of its kinds.
 */
static bool cut(const struct ts_req *r, const struct ts_op *o)
{
	return o->n == 1 && r->n[0] + r->n[1] >= 100;
}

static void add_ops(const struct twin_trace *tr, const struct ts_req *r,
		    struct fabric_replay_dev *d)
{
	bool used[TWIN_MAX_OPS] = {0};

	/* the busiest first, so the ones folded are the rarest */
	for (unsigned k = 0; k < r->nops; k++) {
		int top = -1;
		struct fabric_replay_op o;

		for (unsigned i = 0; i < r->nops; i++)
			if (!used[i] && (top < 0 || r->op[i].n > r->op[top].n))
				top = (int)i;
		used[top] = true;
		if (cut(r, &r->op[top]) || !make_op(tr, r, &r->op[top], &o))
			continue;
		if (d->nops < FABRIC_REPLAY_OPS)
			d->op[d->nops++] = o;
		else
			fold_op(d, &o);
	}
}

static bool closed(enum twin_loop l)
{
	return l == TWIN_SLOTS || l == TWIN_WINDOW || l == TWIN_LINK;
}

/* A transfer cut over several bursts (its pieces waited) is one burst of it. */
static void paced(const struct ts_req *r, int e, double span, struct fabric_replay_engine *g)
{
	uint64_t bursts = r->bursts[e] < r->n[e] ? r->bursts[e] : r->n[e];

	g->rate = (uint64_t)((double)bursts * 1e9 / span + 0.5);
	g->burst_milli = (uint32_t)(1000.0 * (double)r->n[e] / (double)bursts + 0.5);
	if (!g->rate)
		g->rate = 1;
	if (g->burst_milli < 1000)
		g->burst_milli = 1000;
	if (g->burst_milli > 1000000)
		g->burst_milli = 1000000;
}

/* Reads in flight as transfers of the requester's mean length (a window of commands). */
static uint32_t transfers(const struct ts_req *r, unsigned tlps)
{
	const int R = FABRIC_REPLAY_READS;
	double per = r->n[R] ? (double)r->tlps[R] / (double)r->n[R] : 1;
	uint32_t w = (uint32_t)ceil(tlps / per);

	return w < 1 ? 1 : w > 1024 ? 1024 : w;
}

/*
 * How busy the fullest link engine e's data crossed was, among those it
 * carried a tenth of: at its own port (reads' completions going down,
 * posted requests going up) and at a peer's port, in every trace that saw
 * it there (a peer on another core is in another PTT's trace); for posted
 * requests also the device's own link, which paces what it sends.
 */
static double full_link(const struct twin_trace *all, unsigned n, uint16_t rid, int e)
{
	double most = 0;

	for (unsigned i = 0; e == FABRIC_REPLAY_POSTED && i < n; i++) {
		const struct twin_trace *tr = &all[i];
		const struct twin_node *d = twin_topo_node(tr->topo, rid);
		double span = twin_trace_span(tr), b;

		/* its own link paces what it sends up */
		if (tr->req_at[rid] < 0 || !d || d->mbps <= 0 || span <= 0)
			continue;
		b = tr->req[tr->req_at[rid]].wire[e] / (span * d->mbps / 1000.0);
		most = b > most ? b : most;
	}
	for (unsigned i = 0; i < n; i++) {
		const struct twin_trace *tr = &all[i];
		const struct ts_req *r = tr->req_at[rid] >= 0 ? &tr->req[tr->req_at[rid]] : NULL;
		int port = r ? seen_port(tr, r) : -1, dir;
		double b;

		if (port < 0)
			continue;
		dir = (e == FABRIC_REPLAY_READS) == r->own ? FABRIC_OUTBOUND : FABRIC_INBOUND;
		if (r->wire[e] < LINK_SHARE * tr->port[port].wire[dir])
			continue;
		b = twin_busy(tr, port, dir);
		most = b > most ? b : most;
	}
	return most;
}

static enum twin_loop reads_loop(const struct twin_trace *tr, const struct ts_req *r, int port,
				 double link, struct twin_seen *s, uint32_t *window)
{
	const struct ts_reads *rd = r->rd;
	const struct ts_port *p = r->own && port >= 0 ? &tr->port[port] : NULL;
	bool slots = p && p->slots.max >= 2 && share_at_max(&p->slots, p->slots_at) >= AT_MAX;

	*window = 0;
	s->link_busy = link;
	if (rd && rd->lat_n) {
		bool full = share_at_max(&rd->out, rd->time_at) >= AT_MAX && rd->freed &&
			    (double)rd->refilled >= REFILLED * (double)rd->freed;

		s->max_reads = rd->out.max;
		s->at_max = share_at_max(&rd->out, rd->time_at);
		s->latency_ns = rd->lat_sum / (double)rd->lat_n;
		s->matched = rd->lat_n;
		if (full && !(slots && rd->out.max >= p->slots.max)) {
			*window = transfers(r, rd->out.max);
			return TWIN_WINDOW;
		}
		if (slots)
			return TWIN_SLOTS;
	}
	if (link >= TWIN_BUSY_LINK) {
		*window =
		    transfers(r, s->max_reads); /* the link held it: keep what it saw in flight */
		return TWIN_LINK;
	}
	return TWIN_PACED;
}

static enum twin_loop posted_loop(const struct ts_req *r, double link)
{
	const int P = FABRIC_REPLAY_POSTED;

	if (link >= TWIN_BUSY_LINK)
		return TWIN_LINK;
	if (r->n[FABRIC_REPLAY_READS] && (double)r->follows[P] >= FOLLOWS * (double)r->bursts[P])
		return TWIN_COUPLED;
	return TWIN_PACED;
}

static void engines(const struct twin_trace *all, unsigned n, const struct twin_trace *tr,
		    const struct ts_req *r, int port, struct fabric_replay_dev *d,
		    struct twin_seen *s)
{
	double span = twin_trace_span(tr);
	enum twin_loop *l = s->loop;
	const int R = FABRIC_REPLAY_READS, P = FABRIC_REPLAY_POSTED;

	l[R] = r->n[R] ? reads_loop(tr, r, port, full_link(all, n, r->rid, R), s, &d->window)
		       : TWIN_NONE;
	l[P] = r->n[P] ? posted_loop(r, full_link(all, n, r->rid, P)) : TWIN_NONE;
	if (l[P] == TWIN_COUPLED && !closed(l[R]))
		l[P] = TWIN_PACED;
	if (l[R] == TWIN_SLOTS && l[P] == TWIN_PACED)
		l[R] = TWIN_PACED; /* paced from outside (a network): the slots only delayed it */
	else if (l[R] == TWIN_PACED && l[P] == TWIN_LINK)
		l[R] = TWIN_COUPLED;
	for (int e = 0; e < FABRIC_REPLAY_ENGINES; e++) {
		struct fabric_replay_engine *g = &d->eng[e];

		*g = (struct fabric_replay_engine){.burst_milli = 1000};
		s->per_s[e] = span > 0 ? (double)r->tlps[e] * 1e9 / span : 0;
		s->bursts_per_s[e] = span > 0 ? (double)r->bursts[e] * 1e9 / span : 0;
		if (l[e] == TWIN_PACED)
			paced(r, e, span, g);
		else if (l[e] == TWIN_COUPLED)
			g->per_milli =
			    (uint32_t)(1000.0 * (double)r->n[e] / (double)r->n[1 - e] + 0.5);
	}
}

static bool better(const struct ts_req *a, const struct ts_req *b)
{
	if (a->own != b->own)
		return a->own;
	return a->n[0] + a->n[1] > b->n[0] + b->n[1];
}

/* The trace that saw requester rid best, and its entry there; NULL none. */
static const struct ts_req *best_view(struct twin_trace *tr, unsigned n, uint16_t rid,
				      const struct twin_trace **in)
{
	const struct ts_req *best = NULL;

	for (unsigned i = 0; i < n; i++) {
		int at = tr[i].req_at[rid];

		if (at >= 0 && tr[i].req[at].n[0] + tr[i].req[at].n[1] &&
		    (!best || better(&tr[i].req[at], best))) {
			best = &tr[i].req[at];
			*in = &tr[i];
		}
	}
	return best;
}

static void add_device(struct twin *t, const struct twin_trace *all, unsigned nall,
		       const struct twin_trace *tr, const struct ts_req *r)
{
	const struct twin_node *n = twin_topo_node(tr->topo, r->rid);
	struct fabric_replay_dev *d = &t->m.dev[t->m.ndev];
	struct twin_seen *s = &t->seen[t->m.ndev];
	char bdf[16];
	int port;

	pci_rid_format(r->rid, bdf, sizeof(bdf));
	if (!n || n->kind != TN_ENDPOINT) {
		twin_note(t, "requester %s is not an endpoint of the platform: it is left out",
			  bdf);
		return;
	}
	if (t->m.ndev == FABRIC_REPLAY_DEVS) {
		twin_note(t, "more than 64 requesters: %s and later ones are left out", bdf);
		return;
	}
	*d = (struct fabric_replay_dev){.rid = r->rid};
	*s = (struct twin_seen){.own_port = r->own};
	add_ops(tr, r, d);
	if (!d->nops)
		return;
	one_peer(t, d);
	port = seen_port(tr, r);
	s->port = port >= 0 ? tr->topo->n[port].rid : 0;
	engines(all, nall, tr, r, port, d, s);
	t->m.ndev++;
}

static void devices(struct twin *t, struct twin_trace *tr, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < tr[i].nreq; k++) {
			const struct ts_req *r = &tr[i].req[k];
			const struct twin_trace *in = NULL;
			const struct twin_node *node = twin_topo_node(tr[i].topo, r->rid);

			if (node && node->kind == TN_PORT)
				continue; /* the CPU: its streams are per function */
			if (best_view(tr, n, r->rid, &in) == r && in == &tr[i])
				add_device(t, tr, n, in, r);
		}
}

void twin_build(const struct twin_topo *topo, struct twin_trace *tr, unsigned n, struct twin *t)
{
	memset(&t->m, 0, sizeof(t->m));
	t->nnotes = 0;
	t->span_ns = 0;
	for (unsigned i = 0; i < n; i++)
		if (twin_trace_span(&tr[i]) > t->span_ns)
			t->span_ns = twin_trace_span(&tr[i]);
	devices(t, tr, n);
	twin_cpu_streams(t, tr, n);
	twin_notes(t, tr, n);
}
