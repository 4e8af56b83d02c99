// SPDX-License-Identifier: GPL-2.0-only
/*
 * Observers, the tune knobs of PCIe cores and the run loop.  Each Root Port
 * keeps its own copy of the observers of its core that look, so the hot
 * path calls exactly the observers that want a TLP without looking any up
 * (one that does not look is not shown anything: it would ignore it).  Which
 * observers look decides which domains are run (domain.c); an observer
 * added, or starting to look, first brings the domains it sees to the
 * present, so that the past is what it would have been.
 */
#include <errno.h>
#include <string.h>

#include "fabric_internal.h"

#define ALL_CORES 0xffff

bool fab_obs_sees(const struct fobs *ob, const struct fabric_node_desc *d)
{
	return (ob->sicl == ALL_CORES && ob->core == ALL_CORES) ||
	       (ob->sicl == d->sicl && ob->core == d->core);
}

/*
 * An observer that repeats stands for a skip only if it sees one domain
 * (what it keeps is in time order, and domains are run one after the
 * other) and what it is shown pairs no request with its completion
 * (rate_replay_may).
 */
static bool repeats(const struct fabric *f, const struct fobs *ob)
{
	int dom = -1;

	if (!ob->rep)
		return false;
	for (int i = 0; i < f->nports; i++) {
		const struct fport *p = &f->ports[i];

		if (!fab_obs_sees(ob, &f->nodes[p->node].d) || p->dom == dom)
			continue;
		if (dom >= 0)
			return false;
		dom = p->dom;
	}
	return rate_replay_may(f, ob);
}

void fab_observers_rebuild(struct fabric *f)
{
	f->obs_dirty = false;
	for (int o = 0; o < f->nobs; o++)
		f->obs[o].repeats = repeats(f, &f->obs[o]);
	for (int i = 0; i < f->nports; i++) {
		struct fport *p = &f->ports[i];
		const struct fabric_node_desc *d = &f->nodes[p->node].d;

		p->nobs = 0;
		p->classes = 0;
		p->repeats = 0;
		for (int o = 0; o < f->nobs; o++) {
			const struct fobs *ob = &f->obs[o];

			if (ob->want && fab_obs_sees(ob, d)) {
				p->obs[p->nobs++] = *ob;
				p->classes |= ob->classes;
				p->repeats |= ob->repeats ? ob->classes : 0;
			}
		}
	}
	dom_wanted(f);
	rate_observers(f);
}

/*
 * An observer may start or stop looking from inside an observer call (a
 * model's interrupt reaching its driver, which restarts a trace): the lists
 * are then being walked, so they are rebuilt before the next event.
 */
void fab_port_observers(struct fabric *f)
{
	if (f->running)
		f->obs_dirty = true;
	else
		fab_observers_rebuild(f);
}

/* The domains of the ports an observer sees. */
static void sync_observed(struct fabric *f, const struct fobs *ob)
{
	for (int i = 0; i < f->nports; i++)
		if (fab_obs_sees(ob, &f->nodes[f->ports[i].node].d))
			dom_sync(f, f->ports[i].dom);
}

int fabric_add_observer(struct fabric *f, uint16_t sicl, uint16_t core, fabric_observer fn,
			void *ctx)
{
	if (!fn)
		return -EINVAL;
	if (f->nobs == FAB_MAX_OBS)
		return -ENOSPC;
	f->obs[f->nobs] = (struct fobs){.classes = FABRIC_CLASSES_ALL,
					.fn = fn,
					.ctx = ctx,
					.sicl = sicl,
					.core = core,
					.want = true};
	sync_observed(f, &f->obs[f->nobs++]); /* it would see what they catch up on */
	fab_port_observers(f);
	return 0;
}

void fabric_observer_want(struct fabric *f, fabric_observer fn, void *ctx, bool want)
{
	for (int o = 0; o < f->nobs; o++) {
		struct fobs *ob = &f->obs[o];

		if (ob->fn != fn || ob->ctx != ctx || ob->want == want)
			continue;
		if (want)
			sync_observed(f, ob);
		ob->want = want;
	}
	fab_port_observers(f);
}

/*
 * A looking observer's domains are at the present, but what a lazy skip
 * shows may not be yet (rate.c); a device model asks at every register
 * access, so that is found out from one count when nothing is owed.
 */
void fabric_observer_catch_up(struct fabric *f, fabric_observer fn, void *ctx)
{
	if (!rate_owes(f))
		return;
	for (int o = 0; o < f->nobs; o++) {
		const struct fobs *ob = &f->obs[o];

		if (ob->fn != fn || ob->ctx != ctx || !ob->want)
			continue;
		for (int i = 0; i < f->nports; i++)
			if (fab_obs_sees(ob, &f->nodes[f->ports[i].node].d))
				rate_settle(f, &f->doms[f->ports[i].dom], false);
	}
}

/* No catching up: the change takes effect from the present of a looking observer's domains. */
void fabric_observer_repeats(struct fabric *f, fabric_observer fn, void *ctx, fabric_repeater rep)
{
	for (int o = 0; o < f->nobs; o++)
		if (f->obs[o].fn == fn && f->obs[o].ctx == ctx)
			f->obs[o].rep = rep;
	fab_port_observers(f);
}

/* No catching up either: a looking observer's domains are at the present. */
void fabric_observer_classes(struct fabric *f, fabric_observer fn, void *ctx, unsigned mask)
{
	for (int o = 0; o < f->nobs; o++)
		if (f->obs[o].fn == fn && f->obs[o].ctx == ctx)
			f->obs[o].classes = (uint8_t)(mask & FABRIC_CLASSES_ALL);
	fab_port_observers(f);
}

/*
 * No catching up: the domains a looking observer sees are up to date, and
 * one that does not look would not have seen what the others missed.
 */
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
	dom_sync(f, DOM_ALL);
	f->log_fn = fn;
	f->log_ctx = ctx;
	fab_port_observers(f);
}

static struct fcore *find_core(struct fabric *f, uint16_t sicl, uint16_t core)
{
	for (int i = 0; i < f->ncores; i++)
		if (f->cores[i].sicl == sicl && f->cores[i].core == core)
			return &f->cores[i];
	return NULL;
}

/*
 * A knob changes at the present of its core's domain, and the rate model
 * learns the domain afresh from there: its rates and shares were the old
 * knob's.
 */
static void sync_core(struct fabric *f, const struct fcore *k)
{
	for (int i = 0; i < f->nports; i++)
		if (&f->cores[f->ports[i].fcore] == k) {
			dom_sync(f, f->ports[i].dom);
			rate_restart(f, f->ports[i].dom);
		}
}

static unsigned clamp_level(unsigned level)
{
	return level > 2 ? 2 : level;
}

void fabric_set_qos_weight(struct fabric *f, uint16_t sicl, uint16_t core, enum fabric_qos_class c,
			   unsigned level)
{
	struct fcore *k = find_core(f, sicl, core);

	if (!k || c > FABRIC_QOS_CPL)
		return;
	sync_core(f, k);
	k->qos[c] = clamp_level(level);
	for (int i = 0; i < f->nports; i++)
		if (&f->cores[f->ports[i].fcore] == k)
			fab_port_weights(f, &f->ports[i]);
}

void fabric_set_buf_level(struct fabric *f, uint16_t sicl, uint16_t core, bool rx, unsigned level)
{
	struct fcore *k = find_core(f, sicl, core);

	if (!k)
		return;
	sync_core(f, k);
	if (rx)
		k->rx_level = clamp_level(level);
	else
		k->tx_level = clamp_level(level);
	for (int i = 0; i < f->nports; i++)
		if (&f->cores[f->ports[i].fcore] == k && !f->ports[i].tx[FABRIC_INBOUND].busy)
			agent_set(f, f->ports[i].tx[FABRIC_INBOUND].agent, f->now);
}

/* Domains nobody looks at stay where they are (domain.c). */
int fabric_run_until(struct fabric *f, uint64_t t_ns)
{
	uint64_t end = t_ns * PS_PER_NS;

	if (end < f->now)
		return -EINVAL;
	for (int d = 0; d < f->ndoms; d++) {
		if (f->obs_dirty)
			fab_observers_rebuild(f);
		if (f->doms[d].wanted)
			dom_run(f, &f->doms[d], end);
	}
	f->now = end;
	return 0;
}

uint64_t fabric_now(const struct fabric *f)
{
	return f->now / PS_PER_NS;
}
