// SPDX-License-Identifier: GPL-2.0-only
/*
 * Observers, the tune knobs of PCIe cores and the run loop.  Each Root Port
 * keeps its own copy of the observers of its core, so the hot path calls
 * exactly the observers that want a TLP without looking any up.
 */
#include <errno.h>
#include <string.h>

#include "internal.h"

#define ALL_CORES 0xffff

void fab_port_observers(struct fabric *f)
{
	for (int i = 0; i < f->nports; i++) {
		struct fport *p = &f->ports[i];
		const struct fabric_node_desc *d = &f->nodes[p->node].d;

		p->nobs = 0;
		for (int o = 0; o < f->nobs; o++) {
			const struct fobs *ob = &f->obs[o];

			if ((ob->sicl == ALL_CORES && ob->core == ALL_CORES) ||
			    (ob->sicl == d->sicl && ob->core == d->core))
				p->obs[p->nobs++] = *ob;
		}
	}
}

int fabric_add_observer(struct fabric *f, uint16_t sicl, uint16_t core, fabric_observer fn,
			void *ctx)
{
	if (!fn)
		return -EINVAL;
	if (f->nobs == FAB_MAX_OBS)
		return -ENOSPC;
	f->obs[f->nobs++] = (struct fobs){.fn = fn, .ctx = ctx, .sicl = sicl, .core = core};
	fab_port_observers(f);
	return 0;
}

void fabric_remove_observer(struct fabric *f, fabric_observer fn, void *ctx)
{
	int n = 0;

	for (int o = 0; o < f->nobs; o++)
		if (f->obs[o].fn != fn || f->obs[o].ctx != ctx)
			f->obs[n++] = f->obs[o];
	f->nobs = n;
	fab_port_observers(f);
}

void fabric_set_log(struct fabric *f, fabric_observer fn, void *ctx)
{
	f->log_fn = fn;
	f->log_ctx = ctx;
}

static struct fcore *find_core(struct fabric *f, uint16_t sicl, uint16_t core)
{
	for (int i = 0; i < f->ncores; i++)
		if (f->cores[i].sicl == sicl && f->cores[i].core == core)
			return &f->cores[i];
	return NULL;
}

static unsigned clamp_level(unsigned level)
{
	return level > 2 ? 2 : level;
}

void fabric_set_qos_weight(struct fabric *f, uint16_t sicl, uint16_t core, enum fabric_qos_class c,
			   unsigned level)
{
	struct fcore *k = find_core(f, sicl, core);

	if (k && c <= FABRIC_QOS_CPL)
		k->qos[c] = clamp_level(level);
}

void fabric_set_buf_level(struct fabric *f, uint16_t sicl, uint16_t core, bool rx, unsigned level)
{
	struct fcore *k = find_core(f, sicl, core);

	if (!k)
		return;
	if (rx)
		k->rx_level = clamp_level(level);
	else
		k->tx_level = clamp_level(level);
	for (int i = 0; i < f->nports; i++)
		if (&f->cores[f->ports[i].fcore] == k && !f->ports[i].tx[FABRIC_INBOUND].busy)
			agent_set(f, f->ports[i].tx[FABRIC_INBOUND].agent, f->now);
}

int fabric_run_until(struct fabric *f, uint64_t t_ns)
{
	uint64_t end = t_ns * PS_PER_NS;

	if (end < f->now)
		return -EINVAL;
	for (int i; (i = agent_next(f, end)) >= 0;) {
		struct fagent *a = &f->agents[i];

		f->now = a->t;
		if (a->kind == AG_TX)
			fab_tx_fire(f, &f->ports[a->idx], a->dir, f->now);
		else
			stream_fire(f, a->idx, f->now);
	}
	f->now = end;
	return 0;
}

uint64_t fabric_now(const struct fabric *f)
{
	return f->now / PS_PER_NS;
}
