// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fabric's topology: nodes (Root Ports, switch ports, endpoints, RCiEPs)
 * in the order the platform adds them, the PCIe cores their Root Ports
 * belong to (the unit of tuning and of observation) and hot removal.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_internal.h"

struct fabric *fabric_create(uint64_t seed)
{
	struct fabric *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->seed = seed;
	f->mps = 256;
	f->mrrs = 512;
	f->lat_mem = 300 * PS_PER_NS;
	f->lat_route = 150 * PS_PER_NS;
	f->lat_dev = 500 * PS_PER_NS;
	f->lat_cfg = 1000 * PS_PER_NS;
	strcpy(f->workload, "idle");
	fab_templates(f);
	return f;
}

void fabric_destroy(struct fabric *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->nports; i++)
		for (int d = 0; d < 2; d++)
			for (int c = 0; c < 3; c++)
				pring_free(&f->ports[i].tx[d].q[c]);
	for (int i = 0; i < f->nnodes; i++)
		free(f->nodes[i].tags);
	workload_free(f);
	replay_free(f);
	free(f->nodes);
	free(f->ports);
	free(f->cores);
	free(f->agents);
	domains_free(f);
	rate_destroy(f);
	free(f->core_up);
	free(f);
}

static int core_index(struct fabric *f, uint16_t sicl, uint16_t core)
{
	struct fcore *c;

	for (int i = 0; i < f->ncores; i++)
		if (f->cores[i].sicl == sicl && f->cores[i].core == core)
			return i;
	c = realloc(f->cores, sizeof(*c) * (f->ncores + 1));
	if (!c)
		return -ENOMEM;
	f->cores = c;
	f->cores[f->ncores] = (struct fcore){
	    .sicl = sicl, .core = core, .qos = {1, 1, 1}, .rx_level = 1, .tx_level = 1};
	return f->ncores++;
}

static int add_port(struct fabric *f, int node)
{
	const struct fabric_node_desc *d = &f->nodes[node].d;
	struct fport *p = realloc(f->ports, sizeof(*p) * (f->nports + 1));
	int c = core_index(f, d->sicl, d->core);

	if (!p)
		return -ENOMEM;
	f->ports = p;
	if (c < 0)
		return c;
	p = &f->ports[f->nports];
	memset(p, 0, sizeof(*p));
	p->node = node;
	p->fcore = c;
	p->wait_head = p->wait_tail = -1;
	p->ppb_raw = link_ppb_raw(d->width, d->speed);
	p->ppb = link_ppb(d->width, d->speed, f->mps);
	fab_port_weights(f, p);
	/*
	 * Transmitters must precede stream agents: drop the streams, then
	 * rebuild.  Port p's are agents 2p (inbound) and 2p + 1 (outbound).
	 */
	agents_clear_streams(f);
	for (int dir = 0; dir < 2; dir++) {
		int a = agent_new(f, AG_TX, f->nports, T_NEVER);

		if (a < 0)
			return a;
		p->tx[dir].agent = a;
	}
	f->nodes[node].port = f->nports++;
	fab_port_observers(f);
	return workload_build(f);
}

static int check_desc(const struct fabric *f, const struct fabric_node_desc *d)
{
	if (d->kind == FABRIC_ROOT_PORT || d->kind == FABRIC_RCIEP)
		return d->parent == -1 ? 0 : -EINVAL;
	if (d->parent < 0 || d->parent >= f->nnodes)
		return -EINVAL;
	if (f->nodes[d->parent].d.kind == FABRIC_ENDPOINT ||
	    f->nodes[d->parent].d.kind == FABRIC_RCIEP)
		return -EINVAL;
	return 0;
}

int fabric_add_node(struct fabric *f, const struct fabric_node_desc *d)
{
	struct fnode *n;
	int i, r = check_desc(f, d);

	if (r)
		return r;
	if (fabric_find_node(f, d->domain, d->rid) >= 0)
		return -EEXIST;
	dom_sync(f, DOM_ALL);
	if (f->nnodes == f->cap_nodes) {
		int cap = f->cap_nodes ? f->cap_nodes * 2 : 32;

		n = realloc(f->nodes, sizeof(*n) * cap);
		if (!n)
			return -ENOMEM;
		f->nodes = n;
		f->cap_nodes = cap;
	}
	i = f->nnodes++;
	n = &f->nodes[i];
	memset(n, 0, sizeof(*n));
	n->d = *d;
	n->present = true;
	n->port = -1;
	n->stream_wait = -1;
	n->ppb_raw = link_ppb_raw(d->width, d->speed);
	n->ppb = link_ppb(d->width, d->speed, f->mps);
	n->prefix = d->pasid ? fab_pasid_prefix(d->pasid) : 0;
	n->bar = 0x80000000ull + (uint64_t)i * 0x100000;
	if (d->kind == FABRIC_ROOT_PORT)
		return add_port(f, i) < 0 ? -ENOMEM : i;
	if (d->kind == FABRIC_RCIEP)
		return i;
	n->port = f->nodes[d->parent].port;
	n->d.sicl = f->nodes[d->parent].d.sicl;
	n->d.core = f->nodes[d->parent].d.core;
	if (d->kind == FABRIC_ENDPOINT) {
		r = workload_build(f);
		if (r)
			return r;
	}
	return i;
}

static bool below(const struct fabric *f, int node, int top)
{
	for (int n = node; n >= 0; n = f->nodes[n].d.parent)
		if (n == top)
			return true;
	return false;
}

static int set_present(struct fabric *f, int node, bool present)
{
	if (node < 0 || node >= f->nnodes)
		return -ENODEV;
	dom_sync(f, DOM_ALL);
	for (int i = 0; i < f->nnodes; i++) {
		struct fnode *n = &f->nodes[i];

		if (!below(f, i, node))
			continue;
		n->present = present;
		f->nremoved += !present;
		if (present && n->tags) {
			/* Re-enumerated: a fresh device with no request in flight. */
			memset(n->tags, 0, sizeof(*n->tags) * FAB_TAGS);
			n->tags_used = 0;
			n->posted = 0;
		}
	}
	return workload_build(f);
}

int fabric_remove_node(struct fabric *f, int node)
{
	return set_present(f, node, false);
}

int fabric_restore_node(struct fabric *f, int node)
{
	return set_present(f, node, true);
}

/* Every link's share for the link layer is redone: its intervals depend on MPS. */
int fabric_set_mps(struct fabric *f, uint32_t mps)
{
	if (mps < 128 || mps > 4096 || (mps & (mps - 1)))
		return -EINVAL;
	dom_sync(f, DOM_ALL);
	f->mps = mps;
	for (int i = 0; i < f->nnodes; i++)
		f->nodes[i].ppb = link_ppb(f->nodes[i].d.width, f->nodes[i].d.speed, mps);
	for (int i = 0; i < f->nports; i++)
		f->ports[i].ppb = f->nodes[f->ports[i].node].ppb;
	return 0;
}

int fabric_find_node(const struct fabric *f, uint16_t domain, uint16_t rid)
{
	for (int i = 0; i < f->nnodes; i++)
		if (f->nodes[i].d.domain == domain && f->nodes[i].d.rid == rid)
			return i;
	return -ENODEV;
}

const struct fabric_node_desc *fabric_node(const struct fabric *f, int node)
{
	if (node < 0 || node >= f->nnodes)
		return NULL;
	return &f->nodes[node].d;
}

int fabric_node_count(const struct fabric *f)
{
	return f->nnodes;
}

bool fabric_node_present(const struct fabric *f, int node)
{
	return node >= 0 && node < f->nnodes && f->nodes[node].present;
}

/* A domain left behind is run up to now first: the figures are those of the present. */
int fabric_port_stats(struct fabric *f, int node, struct fabric_port_stats *s)
{
	if (node < 0 || node >= f->nnodes)
		return -ENODEV;
	if (f->nodes[node].port >= 0 && f->ndoms)
		dom_sync(f, f->ports[f->nodes[node].port].dom);
	*s = f->nodes[node].st;
	return 0;
}
