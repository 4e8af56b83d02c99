// SPDX-License-Identifier: GPL-2.0-only
/*
 * Domains: the PCIe cores that traffic joins, run each on its own.
 *
 * Two cores interact only through a stream with an endpoint below each (a
 * P2P pair): the Tx queues, request buffers, tags and credits of a Root
 * Port belong to it alone.  So the cores are split into the groups that
 * P2P streams join (union-find over the cores, redone with the workload),
 * and each group gets its own calendar, random generator and crossing
 * count.  Cores once joined stay joined: a workload change leaves P2P
 * requests and completions in flight between them.  A domain's
 * TLPs are then a function of its own topology, workload and seed only,
 * whatever is run elsewhere and in whatever order.
 *
 * That is what lets the fabric skip what nobody looks at: a domain none of
 * whose observers wants its TLPs (a PMU with no counter on, a PTT not
 * tracing) and with no log set is not run with the fabric.  It waits where
 * it is and is brought up to the present, in exactly the state it would
 * have had, whenever something could tell the difference: an observer
 * starts looking, a tune knob or the topology or the workload changes, or
 * its statistics are read.
 */
#include <errno.h>
#include <stdlib.h>

#include "fabric_internal.h"

static int root(int *up, int c)
{
	while (up[c] != c)
		c = up[c] = up[up[c]];
	return c;
}

static int port_core(const struct fabric *f, int node)
{
	return f->ports[f->nodes[node].port].fcore;
}

/* Domain index of each core: cores joined by a stream share one, numbered by lowest core. */
static int group_cores(struct fabric *f, int *dom_of)
{
	int *up = realloc(f->core_up, sizeof(*up) * (size_t)(f->ncores + 1)), n = 0;

	if (!up)
		return -ENOMEM;
	f->core_up = up;
	for (int c = f->ncores_joined; c < f->ncores; c++)
		up[c] = c;
	f->ncores_joined = f->ncores;
	for (int s = 0; s < f->nstreams; s++) {
		const struct fstream *st = &f->streams[s];

		if (st->peer >= 0)
			up[root(up, port_core(f, st->ep))] = root(up, port_core(f, st->peer));
	}
	for (int c = 0; c < f->ncores; c++)
		dom_of[c] = -1;
	for (int c = 0; c < f->ncores; c++) {
		int r = root(up, c);

		if (dom_of[r] < 0)
			dom_of[r] = n++;
		dom_of[c] = dom_of[r];
	}
	return n;
}

void domains_free(struct fabric *f)
{
	for (int d = 0; d < f->ndoms; d++)
		calendar_free(&f->doms[d]);
	free(f->doms);
	f->doms = NULL;
	f->ndoms = 0;
}

static void place_agents(struct fabric *f, const int *dom_of)
{
	for (int i = 0; i < f->nports; i++)
		f->ports[i].dom = dom_of[f->ports[i].fcore];
	for (int a = 0; a < f->nagents; a++) {
		struct fagent *g = &f->agents[a];

		g->dom = g->kind == AG_TX ? f->ports[g->idx].dom
					  : f->ports[f->nodes[f->streams[g->idx].ep].port].dom;
	}
}

int domains_build(struct fabric *f)
{
	int *dom_of = malloc(sizeof(*dom_of) * (size_t)(f->ncores + 1)), n, r = 0;

	if (!dom_of)
		return -ENOMEM;
	domains_free(f);
	n = group_cores(f, dom_of);
	f->doms = n > 0 ? calloc((size_t)n, sizeof(*f->doms)) : NULL;
	if (n < 0 || (n > 0 && !f->doms)) {
		free(dom_of);
		return -ENOMEM;
	}
	f->ndoms = n;
	f->builds++;
	place_agents(f, dom_of);
	for (int d = 0; d < n && !r; d++) {
		f->doms[d].now = f->now;
		f->doms[d].rng = fab_seed_mix(f->seed ^ ((uint64_t)f->builds << 32 | (uint64_t)d));
		r = calendar_build(f, &f->doms[d], d);
	}
	free(dom_of);
	if (!r)
		r = rate_domains(f);
	fab_port_observers(f); /* the rate model's recorder follows the domains */
	return r;
}

void dom_wanted(struct fabric *f)
{
	for (int d = 0; d < f->ndoms; d++)
		f->doms[d].wanted = f->log_fn != NULL;
	for (int i = 0; i < f->nports; i++) {
		const struct fport *p = &f->ports[i];

		if (p->nobs)
			f->doms[p->dom].wanted = true;
	}
	rate_wanted(f);
}

void dom_run(struct fabric *f, struct fdomain *d, uint64_t end)
{
	if (rate_runs(f, d))
		rate_run(f, d, end);
	else
		dom_run_tlps(f, d, end);
}

/* Runs may nest: an observer call in one domain can make another catch up. */
static void dom_settle(struct fabric *f, struct fdomain *d);

void dom_run_tlps(struct fabric *f, struct fdomain *d, uint64_t end)
{
	struct fdomain *outer = f->running;

	dom_settle(f, d);
	f->running = d;
	f->now = d->now;
	for (int i; (i = agent_next(f, d, end)) >= 0;) {
		if (f->obs_dirty)
			fab_observers_rebuild(f);
		if (i >= f->ntx) /* transmitter 2p + dir of port p: no agent to read */
			stream_fire(f, f->agents[i].idx, f->now);
		else if (i & 1)
			fab_tx_fire_out(f, &f->ports[i >> 1], f->now);
		else
			fab_tx_fire_in(f, &f->ports[i >> 1], f->now);
	}
	d->now = end;
	f->now = end;
	f->running = outer;
}

static void shift_tlp(struct ptlp *t, uint64_t delta)
{
	t->ready += delta;
	if (t->kind == FK_CPLD)
		t->req_time += delta;
}

/*
 * The rate model's skip: the calendar's agents, every queued TLP's ready
 * and request time, the links' and endpoints' clocks and the streams' next
 * issues move on together, so the domain carries on from the very state it
 * was in.  Nothing reads them while the skip goes on, so they move once,
 * before the domain runs again or anything changes it (dom_settle): a skip
 * is delivered in the platform's slices of 100 us, and moving them per
 * slice (thousands of queued TLPs under mixed) was a sixth of the
 * instructions of a 100 ms trace of the PTT document's line.
 */
void dom_shift(struct fabric *f, struct fdomain *d, uint64_t delta)
{
	d->shift += delta;
	d->now += delta;
	f->now = d->now;
}

static void dom_settle(struct fabric *f, struct fdomain *d)
{
	int dom = (int)(d - f->doms);
	uint64_t delta = d->shift;

	if (!delta)
		return;
	d->shift = 0;

	for (int i = 0; i < f->nports; i++) {
		struct fport *p = &f->ports[i];

		for (int dir = 0; p->dom == dom && dir < 2; dir++) {
			struct ftx *x = &p->tx[dir];

			x->ll_free += delta;
			if (x->busy)
				shift_tlp(&x->cur, delta);
			for (int c = 0; c < 3; c++)
				for (uint32_t k = x->q[c].head; k != x->q[c].tail; k++)
					shift_tlp(&x->q[c].buf[k & x->q[c].mask], delta);
		}
	}
	for (int i = 0; i < f->nnodes; i++)
		if (dom_has_node(f, i, dom))
			f->nodes[i].link_free += delta;
	for (int s = 0; s < f->nstreams; s++)
		if (f->agents[f->streams[s].agent].dom == dom)
			f->streams[s].next_ok += delta;
	calendar_shift(f, d, dom, delta);
}

/* The running domain is at the present already. */
void dom_sync(struct fabric *f, int d)
{
	uint64_t now = f->now;

	for (int i = 0; i < f->ndoms; i++) {
		if ((d != DOM_ALL && d != i) || &f->doms[i] == f->running)
			continue;
		if (f->doms[i].now < now)
			dom_run(f, &f->doms[i], now);
		dom_settle(f, &f->doms[i]);
		rate_settle(f, &f->doms[i], true);
	}
	f->now = now;
}
