// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the CPU sent each function, from the trace that saw most of it:
 * posted MMIO writes (their sizes and rate), MMIO reads (their rate, and
 * the share answered from the remote die), configuration reads.
 *
 * Writes are as fast as the Root Port takes them when its outbound link
 * was 90 % busy and the CPU's writes held a share a backlogged class gets
 * there (15 % or more: a class of the lowest weight against one of the
 * highest gets a fifth) with this function's a twentieth of the link or
 * more.  A paced stream on a full link gets less than that, what it asks
 * for; one as fast as the port takes it, its weight's share, whatever the
 * weights are.  Else they are paced at their rate.
 *
 * The remote share: a 4DW direction=2 (or 8DW 2) recording holds the
 * completions of CPL B, the remote die's, so the reads answered in it are
 * the remote ones; direction=3 holds CPL A, the local ones.
 */
#include <string.h>

#include "twin_internal.h"

#define CPU_MAX_SHARE 0.15
#define TARGET_SHARE 0.05

static uint64_t cpu_total(const struct twin_trace *tr, uint16_t rid)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < tr->ncpu; i++)
		if (tr->cpu[i].known && tr->cpu[i].rid == rid)
			n += tr->cpu[i].writes + tr->cpu[i].reads + tr->cpu[i].cfg;
	return n;
}

static bool have_cpu(const struct twin *t, uint16_t rid)
{
	for (unsigned i = 0; i < t->m.ncpu; i++)
		if (t->m.cpu[i].rid == rid)
			return true;
	return false;
}

static void add_size(struct fabric_replay_cpu *m, const struct fabric_replay_size *s)
{
	unsigned i = 0;

	while (i < m->nsizes && m->wr[i].bytes != s->bytes)
		i++;
	if (i == FABRIC_REPLAY_SIZES)
		i--;
	if (i == m->nsizes)
		m->wr[m->nsizes++].bytes = s->bytes;
	m->wr[i].weight += s->weight;
}

/* The CPU's posted bytes down port over its outbound traffic. */
static double cpu_share(const struct twin_trace *tr, int port)
{
	double w = 0, all = tr->port[port].wire[FABRIC_OUTBOUND];

	for (unsigned i = 0; i < tr->ncpu; i++)
		if (tr->cpu[i].port == port)
			w += tr->cpu[i].wr_wire;
	return all > 0 ? w / all : 0;
}

/* Of the CPU's reads of the function, the share answered from the remote die; -1 unknown. */
static int remote_pct(const struct twin_trace *tr, uint64_t reads, uint64_t done)
{
	const struct ptt_setting *s = &tr->set;
	double seen = reads ? 100.0 * (double)done / (double)reads : 0;

	if (!(s->type & PTT_TYPE_CPL) || !reads || s->direction < 2)
		return -1;
	return (int)(s->direction == 2 ? seen + 0.5 : 100.0 - seen + 0.5);
}

static void add_cpu(struct twin *t, const struct twin_trace *tr, uint16_t rid)
{
	struct fabric_replay_cpu *m = &t->m.cpu[t->m.ncpu];
	struct twin_cpu_seen *s = &t->cpu_seen[t->m.ncpu];
	double span = twin_trace_span(tr), wire = 0, out;
	uint64_t writes = 0, reads = 0, done = 0, cfg = 0;
	int port = -1, pct;

	*m = (struct fabric_replay_cpu){.rid = rid};
	for (unsigned i = 0; i < tr->ncpu; i++) {
		const struct ts_cpu *c = &tr->cpu[i];

		if (!c->known || c->rid != rid)
			continue;
		port = c->port;
		writes += c->writes;
		reads += c->reads;
		done += c->reads_done;
		cfg += c->cfg;
		wire += c->wr_wire;
		for (unsigned k = 0; k < c->nsizes; k++)
			add_size(m, &c->wr[k]);
	}
	if (port < 0 || span <= 0)
		return;
	out = tr->port[port].wire[FABRIC_OUTBOUND];
	*s = (struct twin_cpu_seen){.port = tr->topo->n[port].rid,
				    .link_busy = twin_busy(tr, port, FABRIC_OUTBOUND),
				    .wr_share = out > 0 ? wire / out : 0};
	s->wr_max = writes && s->link_busy >= TWIN_BUSY_LINK &&
		    cpu_share(tr, port) >= CPU_MAX_SHARE && s->wr_share >= TARGET_SHARE;
	m->wr_rate =
	    s->wr_max ? FABRIC_REPLAY_MAX_RATE : (uint64_t)((double)writes * 1e9 / span + 0.5);
	if (writes && !m->wr_rate)
		m->wr_rate = 1;
	m->rd_rate = (uint64_t)((double)reads * 1e9 / span + 0.5);
	m->cfg_rate = (uint64_t)((double)cfg * 1e9 / span + 0.5);
	pct = remote_pct(tr, reads, done);
	s->remote_known = pct >= 0;
	m->remote_pct = pct > 0 ? (uint32_t)pct : 0;
	t->m.ncpu++;
}

void twin_cpu_streams(struct twin *t, struct twin_trace *tr, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < tr[i].ncpu; k++) {
			uint16_t rid = tr[i].cpu[k].rid;
			unsigned best = i;

			if (!tr[i].cpu[k].known || have_cpu(t, rid))
				continue;
			if (t->m.ncpu == FABRIC_REPLAY_DEVS)
				return;
			for (unsigned v = 0; v < n; v++)
				if (cpu_total(&tr[v], rid) > cpu_total(&tr[best], rid))
					best = v;
			add_cpu(t, &tr[best], rid);
		}
}
