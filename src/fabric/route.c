// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a TLP causes once it has crossed a Root Port.  Inbound: memory reads
 * are answered by the Root Complex with completions split at Max Payload
 * Size boundaries (which are Read Completion Boundary multiples), P2P
 * requests and completions are forwarded to the other endpoint's port,
 * posted writes and messages end in the RC.  Outbound: requests reach their
 * endpoint, which answers reads; completions retire tagged DMA reads.
 */
#include "fabric_internal.h"

/* Out of memory, a TLP is lost rather than the run (the ring keeps what it has). */
static void forward(struct fabric *f, struct ptlp *t, uint64_t now)
{
	int to = t->peer, port = f->nodes[to].port;
	struct ptlp *fw = fab_slot(f, port, FABRIC_OUTBOUND, t->cls);

	if (!fw)
		return;
	*fw = *t;
	fw->peer = t->ep;
	fw->ep = (int16_t)to;
	fw->ready = now + f->lat_route;
	fab_queue(f, port, FABRIC_OUTBOUND, fw); /* the same bytes as t */
}

/*
 * Completions for left bytes from addr, split at Max Payload Size
 * boundaries; c holds what they share (its flags are kept on each, PF_LAST
 * is added to the last).
 */
static void send_completions(struct fabric *f, struct fport *p, enum fabric_dir dir,
			     const struct ptlp *c, uint64_t addr, uint32_t left)
{
	int port = (int)(p - f->ports);

	while (left) {
		uint32_t n = f->mps - (uint32_t)(addr & (f->mps - 1));
		struct ptlp *t = fab_slot(f, port, dir, TLP_CLASS_CPL);

		if (!t)
			return;
		if (n > left)
			n = left;
		*t = *c;
		t->addr = addr;
		t->bytes = (uint16_t)n;
		t->byte_count = (uint16_t)left;
		t->flags = (uint8_t)(c->flags | (n == left ? PF_LAST : 0));
		fab_send(f, port, dir, t);
		addr += n;
		left -= n;
	}
}

static void answer_memory_read(struct fabric *f, struct fport *p, const struct ptlp *t,
			       uint64_t now)
{
	uint64_t addr = t->addr;
	uint32_t left = t->byte_count;
	struct ptlp c = {
	    .ready = now + f->lat_mem,
	    .req_time = now,
	    .rid = t->rid,
	    .tag = t->tag,
	    .cid = f->nodes[p->node].d.rid,
	    .kind = FK_CPLD,
	    .cls = TLP_CLASS_CPL,
	    .src = t->src,
	    .flags = (uint8_t)(t->flags & PF_EPOCH),
	    .ep = t->ep,
	    .peer = -1,
	};

	p->rx_inflight++;
	send_completions(f, p, FABRIC_OUTBOUND, &c, addr, left);
}

static void read_done(struct fabric_port_stats *s, const struct ptlp *t, uint64_t now)
{
	s->rd_latency_sum_ns += (now - t->req_time) / PS_PER_NS;
	s->rd_count++;
}

void route_inbound(struct fabric *f, struct fport *p, struct ptlp *t, uint64_t now)
{
	if ((t->flags & (PF_STREAM | PF_P2P)) == PF_STREAM)
		ep_credit_return(f, t->ep, now);
	if (t->kind == FK_MRD || t->kind == FK_MWR) {
		if (t->peer >= 0) {
			t->req_time = now;
			forward(f, t, now);
		} else if (t->kind == FK_MRD) {
			answer_memory_read(f, p, t, now);
		}
	} else if (t->kind == FK_CPLD) {
		if (t->flags & PF_P2P) {
			forward(f, t, now);
		} else if (t->flags & PF_LAST) {
			read_done(&f->nodes[p->node].st, t, now);
			read_done(&f->nodes[t->ep].st, t, now);
		}
	}
}

/* The endpoint answers a read or config request that reached it. */
static void endpoint_answers(struct fabric *f, struct fport *p, const struct ptlp *t, uint64_t now)
{
	struct ptlp c = {
	    .ready = now + (t->kind == FK_CFGRD ? f->lat_cfg : f->lat_dev),
	    .req_time = now,
	    .rid = t->rid,
	    .tag = t->tag,
	    .cid = f->nodes[t->ep].d.rid,
	    .kind = FK_CPLD,
	    .cls = TLP_CLASS_CPL,
	    .src = t->src,
	    .flags = (uint8_t)(t->flags & (PF_P2P | PF_REMOTE | PF_EPOCH)),
	    .ep = t->ep,
	    .peer = t->peer,
	};
	uint64_t addr = t->kind == FK_CFGRD ? 0 : t->addr;
	uint32_t left = t->kind == FK_CFGRD ? 4 : t->byte_count;

	send_completions(f, p, FABRIC_INBOUND, &c, addr, left);
}

void route_outbound(struct fabric *f, struct fport *p, struct ptlp *t, uint64_t now)
{
	if (t->flags & PF_CPU)
		cpu_request_done(f, p);
	if (t->ep < 0)
		return;
	if ((t->flags & (PF_STREAM | PF_P2P)) == (PF_STREAM | PF_P2P))
		ep_credit_return(f, t->peer, now);
	if (t->kind == FK_CPLD) {
		if ((t->flags & (PF_LAST | PF_P2P)) == PF_LAST) {
			p->rx_inflight--;
			read_done(&f->nodes[p->node].st, t, now);
			if (!p->tx[FABRIC_INBOUND].busy)
				agent_set(f, p->tx[FABRIC_INBOUND].agent, now);
		}
		ep_completion(f, t->ep, t, now);
	} else if (t->kind == FK_MRD || t->kind == FK_CFGRD) {
		endpoint_answers(f, p, t, now);
	}
}
