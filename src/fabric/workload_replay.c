// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay workload: a model of devices and CPU streams (fabric/replay.h)
 * checked against the fabric, kept as a copy, and turned into streams for
 * every endpoint it names whenever the workload is built (a hot removal or
 * a rescan rebuilds them like any workload's).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload_replay.h"

#define MAX_BYTES (256u << 10)

int replay_pick(struct replay_mix *m)
{
	int64_t total = 0;
	int best = 0;

	for (unsigned i = 0; i < m->n; i++) {
		m->cur[i] += m->weight[i];
		total += m->weight[i];
		if (m->cur[i] > m->cur[best])
			best = (int)i;
	}
	m->cur[best] -= total;
	return best;
}

uint32_t replay_write_bytes(struct fstream *s)
{
	const struct fabric_replay_cpu *c = s->replay->cpu;

	return c->wr[replay_pick(&s->replay->mix)].bytes;
}

void replay_free(struct fabric *f)
{
	free(f->replay);
	f->replay = NULL;
}

static int endpoint_of(const struct fabric *f, uint16_t domain, uint16_t rid)
{
	int n = fabric_find_node(f, domain, rid);

	return n >= 0 && f->nodes[n].d.kind == FABRIC_ENDPOINT ? n : -1;
}

static int fail(struct error *e, uint16_t rid, const char *what)
{
	return error_set(e, -EINVAL, "replay: %02x:%02x.%x: %s", rid >> 8, (rid >> 3) & 0x1f,
			 rid & 7, what);
}

static bool pow2_in(uint32_t v, uint32_t lo, uint32_t hi)
{
	return v >= lo && v <= hi && !(v & (v - 1));
}

/* The device's peer node (-1 none); -2 when its ops name two, or one that cannot be. */
static int peer_of(const struct fabric *f, const struct fabric_replay_dev *d, int ep)
{
	int peer = -1;

	for (unsigned i = 0; i < d->nops; i++) {
		int p;

		if (d->op[i].to != FABRIC_REPLAY_PEER)
			continue;
		p = endpoint_of(f, d->domain, d->op[i].peer);
		if (p < 0 || f->nodes[p].port == f->nodes[ep].port || (peer >= 0 && p != peer))
			return -2;
		peer = p;
	}
	return peer;
}

static int check_dev(const struct fabric *f, const struct fabric_replay_dev *d, struct error *e)
{
	int ep = endpoint_of(f, d->domain, d->rid);
	uint64_t weight = 0;

	if (ep < 0)
		return fail(e, d->rid, "not an endpoint of this platform");
	if (!d->nops || d->nops > FABRIC_REPLAY_OPS)
		return fail(e, d->rid, "needs 1 to 16 operations");
	if (d->window > FAB_TAGS)
		return fail(e, d->rid, "its window must be 0 to 1024 reads");
	for (int g = 0; g < FABRIC_REPLAY_ENGINES; g++)
		if (d->eng[g].burst_milli < 1000 || d->eng[g].burst_milli > 1000000 ||
		    d->eng[g].per_milli > 1000000 || (d->eng[g].per_milli && d->eng[g].rate))
			return fail(
			    e, d->rid,
			    "an engine's burst must be 1 to 1000 requests; one that follows "
			    "the other (0 to 1000 per request) has no rate");
	if (d->eng[0].per_milli && d->eng[1].per_milli)
		return fail(e, d->rid, "only one of its engines may follow the other");
	for (unsigned i = 0; i < d->nops; i++) {
		const struct fabric_replay_op *o = &d->op[i];

		if (o->kind > FABRIC_REPLAY_MSG || o->to > FABRIC_REPLAY_PEER || !o->bytes ||
		    o->bytes > MAX_BYTES || !pow2_in(o->align, 4, 4096))
			return fail(e, d->rid,
				    "an operation needs a kind, 1 to 256K bytes and an alignment "
				    "that is a power of two from 4 to 4096");
		weight += o->weight;
	}
	if (!weight)
		return fail(e, d->rid, "its operations' weights add up to 0");
	if (peer_of(f, d, ep) == -2)
		return fail(e, d->rid, "its peer must be one endpoint below another Root Port");
	return 0;
}

static int check_cpu(const struct fabric *f, const struct fabric_replay_cpu *c, struct error *e)
{
	if (endpoint_of(f, c->domain, c->rid) < 0)
		return fail(e, c->rid, "the CPU's target is not an endpoint of this platform");
	if (c->nsizes > FABRIC_REPLAY_SIZES || (c->wr_rate && !c->nsizes) || c->remote_pct > 100)
		return fail(e, c->rid, "the CPU's writes need 1 to 8 sizes, remote 0 to 100");
	for (unsigned i = 0; i < c->nsizes; i++)
		if (!c->wr[i].bytes || c->wr[i].bytes > f->mps)
			return fail(e, c->rid, "a CPU write carries 1 byte up to Max Payload Size");
	return 0;
}

int fabric_set_replay(struct fabric *f, const struct fabric_replay *m, struct error *e)
{
	struct fabric_replay *copy;
	int r = 0;

	if (m->ndev > FABRIC_REPLAY_DEVS || m->ncpu > FABRIC_REPLAY_DEVS) {
		return error_set(e, -EINVAL, "replay: at most %d devices and CPU streams",
				 FABRIC_REPLAY_DEVS);
	}
	for (unsigned i = 0; !r && i < m->ndev; i++)
		r = check_dev(f, &m->dev[i], e);
	for (unsigned i = 0; !r && i < m->ncpu; i++)
		r = check_cpu(f, &m->cpu[i], e);
	if (r)
		return r;
	copy = malloc(sizeof(*copy));
	if (!copy)
		return error_set(e, -ENOMEM, "replay: out of memory");
	*copy = *m;
	dom_sync(f, DOM_ALL);
	replay_free(f);
	f->replay = copy;
	snprintf(f->workload, sizeof(f->workload), "replay");
	return workload_build(f);
}

static int streams_cpu(struct fabric *f, int ep, const struct fabric_replay_cpu *c)
{
	struct replay_stream *w = NULL;
	int r;

	if (c->wr_rate) {
		w = calloc(1, sizeof(*w));
		if (!w)
			return -ENOMEM;
		w->mix.n = c->nsizes;
		for (unsigned i = 0; i < c->nsizes; i++)
			w->mix.weight[i] = c->wr[i].weight;
		w->cpu = c;
	}
	r = stream_host(f, ep, HOST_MMIO_WR, c->wr_rate, 0, w);
	if (!r)
		r = stream_host(f, ep, HOST_MMIO_RD, c->rd_rate, c->remote_pct, NULL);
	if (!r)
		r = stream_host(f, ep, HOST_CFG, c->cfg_rate, 0, NULL);
	return r;
}

int workload_replay_endpoint(struct fabric *f, int ep)
{
	const struct fabric_node_desc *n = &f->nodes[ep].d;
	const struct fabric_replay *m = f->replay;
	int r = 0;

	for (unsigned i = 0; m && !r && i < m->ndev; i++)
		if (m->dev[i].domain == n->domain && m->dev[i].rid == n->rid)
			r = streams_replay_dev(f, ep, &m->dev[i], peer_of(f, &m->dev[i], ep));
	for (unsigned i = 0; m && !r && i < m->ncpu; i++)
		if (m->cpu[i].domain == n->domain && m->cpu[i].rid == n->rid)
			r = streams_cpu(f, ep, &m->cpu[i]);
	return r;
}
