// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine proper: Tx arbitration on Root Port links and what happens
 * when a TLP crosses a Root Port.
 *
 * A transmitter agent fires when the TLP on the wire has fully crossed the
 * port; then it reports that TLP, routes its consequences (completions,
 * P2P forwarding, request retirement) and picks the next TLP among the
 * queues whose head is ready.  Arbitration between P, NP and CPL is
 * weighted fair queueing on wire bytes with weight 1 << qos level, so a
 * level of 2 gets four times the share of a level of 0 when both queues
 * stay backlogged.  Inbound non-posted requests to memory need one of the
 * Root Complex's request slots (4 << rx_alloc_buf_level): a full RC holds
 * them back while posted writes and completions pass, as PCIe ordering
 * allows.
 */
#include "fabric_internal.h"

static unsigned rx_slots(const struct fabric *f, const struct fport *p)
{
	return 4u << f->cores[p->fcore].rx_level;
}

/* Inbound is equal-weight; outbound weighs class c by 1 << its core's qos level. */
void fab_port_weights(struct fabric *f, struct fport *p)
{
	static const int qos_of_class[3] = {FABRIC_QOS_P, FABRIC_QOS_NP, FABRIC_QOS_CPL};

	for (int c = 0; c < 3; c++) {
		p->tx[FABRIC_INBOUND].shift[c] = 1;
		p->tx[FABRIC_OUTBOUND].shift[c] =
		    (uint8_t)(2 - f->cores[p->fcore].qos[qos_of_class[c]]);
	}
}

/* t was built in the slot fab_slot gave for its class, its wire size set. */
void fab_queue(struct fabric *f, int port, int dir, struct ptlp *t)
{
	struct ftx *x = &f->ports[port].tx[dir];
	struct pring *q = &x->q[t->cls];

	if (pring_empty(q) && x->vt[t->cls] < x->vclock)
		x->vt[t->cls] = x->vclock;
	pring_push(q);
	if (!x->busy) {
		uint64_t at = t->ready > f->now ? t->ready : f->now;

		if (at < f->agents[x->agent].t)
			tx_agent_set(f, x->agent, at);
	}
}

static bool tlp_gone(const struct fabric *f, const struct ptlp *t)
{
	return f->nremoved && ((t->ep >= 0 && !f->nodes[t->ep].present) ||
			       (t->peer >= 0 && !f->nodes[t->peer].present));
}

/* A TLP of a removed device vanishes, but gives back what it held at the port. */
static void drop(struct fabric *f, struct fport *p, int dir, const struct ptlp *t)
{
	if (t->flags & PF_CPU)
		cpu_request_done(f, p);
	if (dir == FABRIC_OUTBOUND && t->kind == FK_CPLD &&
	    (t->flags & (PF_LAST | PF_P2P)) == PF_LAST)
		p->rx_inflight--;
	if (t->flags & PF_STREAM)
		ep_credit_return(f, dir == FABRIC_OUTBOUND ? t->peer : t->ep, f->now);
}

/* Heads of removed devices leave the queues first (only once a device was ever removed). */
static void drop_gone(struct fabric *f, struct fport *p, int dir)
{
	for (int c = 0; c < 3; c++) {
		struct pring *q = &p->tx[dir].q[c];

		while (!pring_empty(q) && tlp_gone(f, pring_head(q))) {
			drop(f, p, dir, pring_head(q));
			pring_pop(q);
		}
	}
}

/*
 * Whether class c may be sent now (else *soon takes when its head becomes
 * ready), and if so whether it goes before *best.  Made for each class
 * with c a constant (pick): the loop over the classes cost more than its
 * body, and the Rx request buffer's test is made for NP only.
 */
static __always_inline void pick_class(struct fabric *f, struct fport *p, int dir, int c,
				       uint64_t now, uint64_t *soon, int *best)
{
	struct ftx *x = &p->tx[dir];
	struct pring *q = &x->q[c];
	const struct ptlp *h;

	if (pring_empty(q))
		return;
	h = pring_head(q);
	if (h->ready > now) {
		*soon = h->ready < *soon ? h->ready : *soon;
		return;
	}
	if (dir == FABRIC_INBOUND && c == TLP_CLASS_NP && h->peer < 0 &&
	    p->rx_inflight >= rx_slots(f, p))
		return;
	if (*best < 0 || x->vt[c] < x->vt[*best])
		*best = c;
}

/* The class to send now, or -1 with *next set to when a head becomes ready. */
static __always_inline int pick(struct fabric *f, struct fport *p, int dir, uint64_t now,
				uint64_t *next)
{
	uint64_t soon = T_NEVER;
	int best = -1;

	if (f->nremoved)
		drop_gone(f, p, dir);
	pick_class(f, p, dir, TLP_CLASS_P, now, &soon, &best);
	pick_class(f, p, dir, TLP_CLASS_NP, now, &soon, &best);
	pick_class(f, p, dir, TLP_CLASS_CPL, now, &soon, &best);
	*next = soon;
	return best;
}

/* The Root Port's and the endpoint's statistics: the header bytes are worked out once. */
static __always_inline void count(struct fabric *f, const struct fport *p, int dir,
				  const struct ptlp *t)
{
	uint32_t hdr = t->wire - 8u - ((t->bytes + 3) & ~3u);
	struct fabric_port_stats *s = &f->nodes[p->node].st;

	for (int i = 0; i < 2; i++) {
		s->tlps[dir][t->cls]++;
		s->bytes[dir][t->cls] += t->bytes;
		s->hdr_bytes[dir][t->cls] += hdr;
		if (t->ep < 0)
			break;
		s = &f->nodes[t->ep].st;
	}
}

static __always_inline void cross(struct fabric *f, struct fport *p, int dir, struct ptlp *t,
				  uint64_t now)
{
	count(f, p, dir, t);
	if (__builtin_expect(f->running->tap != NULL, 0))
		f->running->tap(f, p, dir, t, now);
	if ((p->classes & FABRIC_CLASS_BIT(dir, t->cls)) || f->log_fn)
		fab_notify(f, p, dir, t, now);
	f->running->seq++;
	if (dir == FABRIC_INBOUND)
		route_inbound(f, p, t, now);
	else
		route_outbound(f, p, t, now);
}

/*
 * One body, made twice with the direction a constant (fab_tx_fire_in/out):
 * the two directions' events interleave at random, so every test of the
 * direction inside was a branch the predictor missed half the time.
 */
static __always_inline void tx_fire(struct fabric *f, struct fport *p, int dir, uint64_t now)
{
	struct ftx *x = &p->tx[dir];
	struct fagent *g;
	uint64_t next;
	uint32_t wire;
	int c;

	if (x->busy) {
		x->busy = false;
		cross(f, p, dir, &x->cur, now);
	}
	/* after the crossing: an observer it called may have rebuilt the agents */
	g = &f->agents[x->agent];
	c = pick(f, p, dir, now, &next);
	if (c < 0) {
		tx_agent_set_in(f->running, g, next);
		return;
	}
	x->cur = *pring_head(&x->q[c]);
	pring_pop(&x->q[c]);
	x->busy = true;
	wire = x->cur.wire;
	x->vclock = x->vt[c];
	x->vt[c] += (uint64_t)wire << x->shift[c];
	tx_agent_set_in(
	    f->running, g,
	    link_send(p->ppb_raw, p->ppb, wire, now > x->ll_free ? now : x->ll_free, &x->ll_free));
}

void fab_tx_fire_in(struct fabric *f, struct fport *p, uint64_t now)
{
	tx_fire(f, p, FABRIC_INBOUND, now);
}

void fab_tx_fire_out(struct fabric *f, struct fport *p, uint64_t now)
{
	tx_fire(f, p, FABRIC_OUTBOUND, now);
}
