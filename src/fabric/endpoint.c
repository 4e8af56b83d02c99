// SPDX-License-Identifier: GPL-2.0-only
/*
 * The requests endpoints and the CPU issue.  An endpoint's TLPs first cross
 * its own link (which paces it: a x4 Gen3 NVMe cannot flood a x16 Gen4 Root
 * Port) and then queue at its Root Port.  Non-posted requests take one of
 * the endpoint's 10-bit tags until their last completion arrives; the tag
 * table is allocated by the first request, so a fabric that is only laid
 * out (never run) costs no tables.  Posted writes take a credit until they
 * cross the Root Port.  CPU requests carry the Root Port's Requester ID and
 * count against the port's Tx request buffer.
 */
#include <errno.h>
#include <stdlib.h>

#include "fabric_internal.h"

/* A request of the endpoint, built in place at its Root Port's inbound queue (NULL: no memory). */
static __always_inline struct ptlp *ep_tlp(struct fabric *f, int ep, enum fkind kind, uint64_t now)
{
	struct fnode *n = &f->nodes[ep];
	uint8_t cls = kind == FK_MRD ? TLP_CLASS_NP : TLP_CLASS_P;
	uint16_t cause = f->cause;
	struct ptlp *t = fab_slot(f, n->port, FABRIC_INBOUND, cls);

	if (t)
		*t = (struct ptlp){
		    .ready = now,
		    .rid = n->d.rid,
		    .kind = (uint8_t)kind,
		    .cls = cls,
		    .src = (uint8_t)cause,
		    .flags = (uint8_t)(cause >> 8),
		    .ep = (int16_t)ep,
		    .peer = -1,
		    .prefix = kind != FK_MSG ? n->prefix : 0,
		};
	return t;
}

/* Crosses the endpoint's own link, then queues at its Root Port. */
static void ep_issue(struct fabric *f, int ep, struct ptlp *t)
{
	struct fnode *n = &f->nodes[ep];
	uint64_t start = t->ready > n->link_free ? t->ready : n->link_free;

	t->wire = (uint16_t)tlp_wire_bytes(t);
	t->ready = link_send(n->ppb_raw, n->ppb, t->wire, start, &n->link_free);
	fab_queue(f, n->port, FABRIC_INBOUND, t);
}

int ep_tag_alloc(struct fabric *f, int ep, uint32_t bytes, int stream, uint16_t cmd)
{
	struct fnode *n = &f->nodes[ep];

	if (n->tags_used >= FAB_TAGS)
		return -EBUSY;
	if (!n->tags && !(n->tags = calloc(FAB_TAGS, sizeof(*n->tags))))
		return -ENOMEM;
	while (n->tags[n->next_tag].busy)
		n->next_tag = (n->next_tag + 1) % FAB_TAGS;
	int tag = n->next_tag;

	n->next_tag = (n->next_tag + 1) % FAB_TAGS;
	n->tags[tag] =
	    (struct ftag){.remaining = bytes, .stream = (int16_t)stream, .cmd = cmd, .busy = true};
	n->tags_used++;
	return tag;
}

static int read_request(struct fabric *f, int ep, uint64_t addr, uint32_t bytes, int peer,
			int stream, uint16_t cmd, uint64_t now)
{
	while (bytes) {
		uint32_t n = bytes < f->mrrs ? bytes : f->mrrs;
		struct ptlp *t = ep_tlp(f, ep, FK_MRD, now);
		int tag = t ? ep_tag_alloc(f, ep, n, stream, cmd) : -ENOMEM;

		if (tag < 0)
			return tag;
		t->tag = (uint16_t)tag;
		t->addr = addr;
		t->byte_count = (uint16_t)n;
		t->peer = (int16_t)peer;
		t->flags |= peer >= 0 ? PF_P2P : 0;
		ep_issue(f, ep, t);
		addr += n;
		bytes -= n;
	}
	return 0;
}

int ep_dma_read(struct fabric *f, int ep, uint64_t addr, uint32_t bytes, int stream, uint16_t cmd,
		uint64_t now)
{
	return read_request(f, ep, addr, bytes, -1, stream, cmd, now);
}

int ep_p2p_read(struct fabric *f, int ep, int peer, uint32_t bytes, int stream, uint16_t cmd,
		uint64_t now)
{
	return read_request(f, ep, f->nodes[peer].bar, bytes, peer, stream, cmd, now);
}

int ep_dma_write(struct fabric *f, int ep, uint64_t addr, uint32_t bytes, int peer, uint64_t now)
{
	if (peer >= 0)
		addr = f->nodes[peer].bar;
	while (bytes) {
		uint32_t n = f->mps - (uint32_t)(addr & (f->mps - 1));
		struct ptlp *t = ep_tlp(f, ep, FK_MWR, now);

		if (!t)
			return -ENOMEM;
		if (n > bytes)
			n = bytes;
		t->addr = addr;
		t->bytes = (uint16_t)n;
		t->peer = (int16_t)peer;
		t->flags |= PF_STREAM | (peer >= 0 ? PF_P2P : 0);
		f->nodes[ep].posted++;
		ep_issue(f, ep, t);
		addr += n;
		bytes -= n;
	}
	return 0;
}

int ep_msi(struct fabric *f, int ep, uint64_t now)
{
	return ep_dma_write(f, ep, FAB_MSI_ADDR, 4, -1, now);
}

/* A message is posted: it takes a credit, as a write does. */
int ep_msg(struct fabric *f, int ep, uint64_t now)
{
	struct ptlp *t = ep_tlp(f, ep, FK_MSG, now);

	if (!t)
		return -ENOMEM;
	t->flags |= PF_STREAM;
	f->nodes[ep].posted++;
	ep_issue(f, ep, t);
	return 0;
}

/* Posted credits come back when the write has left the fabric: at the RC, or at the peer's port. */
void ep_credit_return(struct fabric *f, int ep, uint64_t now)
{
	struct fnode *n = &f->nodes[ep];

	if (n->posted)
		n->posted--;
	if (n->stream_wait >= 0 && n->posted <= FAB_CREDITS / 2) {
		int s = n->stream_wait;

		n->stream_wait = -1;
		stream_wake(f, s, now);
	}
}

bool ep_has_credit(struct fabric *f, int ep)
{
	return f->nodes[ep].posted < FAB_CREDITS;
}

void ep_completion(struct fabric *f, int ep, const struct ptlp *t, uint64_t now)
{
	struct fnode *n = &f->nodes[ep];
	struct ftag *g;

	if (!n->tags)
		return; /* never asked for anything */
	g = &n->tags[t->tag & (FAB_TAGS - 1)];
	if (!g->busy || g->remaining < t->bytes)
		return;
	g->remaining -= t->bytes;
	if (g->remaining)
		return;
	g->busy = false;
	n->tags_used--;
	if (g->stream < 0)
		return;
	/* what a command does once its reads are in is of the fire that issued it */
	f->cause = (uint16_t)((t->flags & PF_EPOCH) << 8 | t->src);
	f->streams[g->stream].done(f, &f->streams[g->stream], g->cmd, now);
	f->cause = 0;
}

/* A CPU request for the endpoint, built in place at its Root Port's outbound queue. */
static struct ptlp *cpu_tlp(struct fabric *f, int ep, enum fkind kind, uint64_t now)
{
	int port = f->nodes[ep].port;
	struct fport *p = &f->ports[port];
	uint8_t cls = kind == FK_MWR ? TLP_CLASS_P : TLP_CLASS_NP;
	struct ptlp *t = fab_slot(f, port, FABRIC_OUTBOUND, cls);

	if (!t)
		return NULL;
	p->tx_requests++;
	*t = (struct ptlp){
	    .ready = now,
	    .rid = f->nodes[p->node].d.rid,
	    .tag = p->cpu_tag++ & (FAB_TAGS - 1),
	    .kind = (uint8_t)kind,
	    .cls = cls,
	    .src = (uint8_t)f->cause,
	    .flags = (uint8_t)(PF_CPU | f->cause >> 8),
	    .ep = (int16_t)ep,
	    .peer = -1,
	};
	return t;
}

/* Posted writes leave two entries of the Tx request buffer to reads, or reads would starve. */
bool cpu_can_issue(struct fabric *f, int ep, bool posted)
{
	struct fport *p = &f->ports[f->nodes[ep].port];

	return p->tx_requests + (posted ? 2 : 0) < (8u << f->cores[p->fcore].tx_level);
}

/*
 * A CPU stream that found the Tx request buffer full waits for it to drain
 * to half.  Any number may wait at one port (a switch's endpoints share
 * it): a list through the streams, not a table that would drop the
 * seventeenth for good.
 */
void cpu_wait(struct fabric *f, int ep, int stream)
{
	struct fport *p = &f->ports[f->nodes[ep].port];
	struct fstream *s = &f->streams[stream];

	if (s->waiting)
		return;
	s->waiting = true;
	s->wait_next = -1;
	if (p->wait_tail >= 0)
		f->streams[p->wait_tail].wait_next = stream;
	else
		p->wait_head = stream;
	p->wait_tail = stream;
}

void cpu_request_done(struct fabric *f, struct fport *p)
{
	int s = p->wait_head;

	p->tx_requests--;
	if (s < 0 || p->tx_requests > (4u << f->cores[p->fcore].tx_level))
		return;
	p->wait_head = p->wait_tail = -1;
	while (s >= 0) {
		struct fstream *st = &f->streams[s];
		int next = st->wait_next;

		st->waiting = false;
		stream_wake(f, s, f->now);
		s = next;
	}
}

int cpu_mmio_write(struct fabric *f, int ep, uint32_t bytes, uint64_t now)
{
	struct ptlp *t = cpu_tlp(f, ep, FK_MWR, now);

	if (!t)
		return -ENOMEM;
	t->addr = f->nodes[ep].bar;
	t->bytes = (uint16_t)bytes;
	fab_send(f, f->nodes[ep].port, FABRIC_OUTBOUND, t);
	return 0;
}

int cpu_mmio_read(struct fabric *f, int ep, bool remote, uint64_t now)
{
	struct ptlp *t = cpu_tlp(f, ep, FK_MRD, now);

	if (!t)
		return -ENOMEM;
	t->addr = f->nodes[ep].bar + 8;
	t->byte_count = 4;
	t->flags |= remote ? PF_REMOTE : 0;
	fab_send(f, f->nodes[ep].port, FABRIC_OUTBOUND, t);
	return 0;
}

int cpu_cfg_read(struct fabric *f, int ep, uint64_t now)
{
	struct fnode *n = &f->nodes[ep];
	struct ptlp *t = cpu_tlp(f, ep, FK_CFGRD, now);

	if (!t)
		return -ENOMEM;
	t->cid = n->d.rid;
	t->addr = (fab_rand(f) % 64) * 4;
	t->flags |= n->d.parent == f->ports[n->port].node ? PF_CFG0 : 0;
	fab_send(f, n->port, FABRIC_OUTBOUND, t);
	return 0;
}

uint64_t fab_host_addr(struct fabric *f, uint32_t align)
{
	uint64_t a = 0x100000000ull + fab_rand(f) % (16ull << 30);

	return a & ~(uint64_t)(align - 1);
}
