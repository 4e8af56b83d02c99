// SPDX-License-Identifier: GPL-2.0-only
/*
 * The twin as tables: one row per device (what it sent, what held each
 * engine, its window and the latency and reads in flight the trace
 * showed), its requests, one row per function the CPU sent to, and the
 * notes on what the recordings could not show.
 */
#include <stdio.h>

#include <pciescope/out/table.h>
#include <pciescope/pcie/bdf.h>

#include "twin_print.h"

static const char *per_s(uint64_t r, char *buf, size_t n)
{
	if (r == FABRIC_REPLAY_MAX_RATE)
		return "max";
	if (r >= 10000000)
		snprintf(buf, n, "%.1fM", r / 1e6);
	else if (r >= 10000)
		snprintf(buf, n, "%.1fk", r / 1e3);
	else
		snprintf(buf, n, "%llu", (unsigned long long)r);
	return buf;
}

/* How an engine plays: "max", "7.3M x 1.0", "follows 0.222". */
static const char *engine(const struct fabric_replay_engine *g, char *buf, size_t n)
{
	char r[32];

	if (g->per_milli)
		snprintf(buf, n, "follows %.3f", g->per_milli / 1000.0);
	else if (!g->rate)
		snprintf(buf, n, "max");
	else
		snprintf(buf, n, "%s x %.2f", per_s(g->rate, r, sizeof(r)),
			 g->burst_milli / 1000.0);
	return buf;
}

static bool has(const struct fabric_replay_dev *d, bool reads)
{
	for (unsigned i = 0; i < d->nops; i++)
		if ((d->op[i].kind == FABRIC_REPLAY_READ) == reads)
			return true;
	return false;
}

static void device_row(struct out_table *tb, const struct twin *t, unsigned i)
{
	const struct fabric_replay_dev *d = &t->m.dev[i];
	const struct twin_seen *s = t->nfiles ? &t->seen[i] : NULL;
	char b[24], e[40], w[24];

	out_table_cell(tb, "%s", pci_rid_format(d->rid, b, sizeof(b)));
	out_table_cell(tb, "%s", s ? pci_rid_format(s->port, w, sizeof(w)) : "-");
	for (int k = 0; k < FABRIC_REPLAY_ENGINES; k++) {
		bool any = has(d, k == FABRIC_REPLAY_READS);

		out_table_cell(tb, "%s", any ? engine(&d->eng[k], e, sizeof(e)) : "-");
		out_table_cell(tb, "%s", s && any ? twin_loop_name(s->loop[k]) : "-");
	}
	if (d->window)
		out_table_cell(tb, "%u", d->window);
	else
		out_table_cell(tb, "tags");
	if (s && s->matched) {
		out_table_cell(tb, "%.0f", s->latency_ns);
		out_table_cell(tb, "%u (%.0f %%)", s->max_reads, 100 * s->at_max);
	} else {
		out_table_cell(tb, "-");
		out_table_cell(tb, "-");
	}
}

static void print_devices(const struct twin *t)
{
	static const char *const h[] = {"device",	 "at port",    "reads",
					"reads held by", "posted",     "posted held by",
					"window",	 "latency ns", "most reads in flight"};
	struct out_table *tb = out_table_new(9, h, "lllllllrr");

	for (unsigned i = 0; tb && i < t->m.ndev; i++)
		device_row(tb, t, i);
	if (tb && out_table_rows(tb))
		out_table_print(tb, stdout);
	out_table_free(tb);
}

static void print_ops(const struct twin *t)
{
	static const char *const h[] = {"device", "request", "to", "bytes", "align", "share"};
	struct out_table *tb = out_table_new(6, h, "lllrrr");

	for (unsigned i = 0; tb && i < t->m.ndev; i++) {
		const struct fabric_replay_dev *d = &t->m.dev[i];
		double all = 0;
		char b[24], p[24];

		for (unsigned k = 0; k < d->nops; k++)
			all += d->op[k].weight;
		for (unsigned k = 0; k < d->nops; k++) {
			const struct fabric_replay_op *o = &d->op[k];
			static const char *const kind[] = {"read", "write", "message"};

			out_table_cell(tb, "%s", pci_rid_format(d->rid, b, sizeof(b)));
			out_table_cell(tb, "%s", kind[o->kind]);
			if (o->to == FABRIC_REPLAY_PEER)
				out_table_cell(tb, "peer %s",
					       pci_rid_format(o->peer, p, sizeof(p)));
			else
				out_table_cell(tb, "%s", twin_to_name(o->to));
			out_table_cell(tb, "%u", o->bytes);
			out_table_cell(tb, "%u", o->align);
			out_table_cell(tb, "%.1f %%", all > 0 ? 100.0 * o->weight / all : 0);
		}
	}
	if (tb && out_table_rows(tb)) {
		printf("\n");
		out_table_print(tb, stdout);
	}
	out_table_free(tb);
}

static void sizes(const struct fabric_replay_cpu *c, char *buf, size_t n)
{
	double all = 0;
	size_t len = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < c->nsizes; i++)
		all += c->wr[i].weight;
	for (unsigned i = 0; i < c->nsizes && len < n; i++)
		len +=
		    (size_t)snprintf(buf + len, n - len, "%s%u B %.0f %%", i ? ", " : "",
				     c->wr[i].bytes, all > 0 ? 100.0 * c->wr[i].weight / all : 0);
}

static void print_cpu(const struct twin *t)
{
	static const char *const h[] = {"CPU to",  "at port", "writes/s", "sizes",
					"reads/s", "remote",  "cfg/s"};
	struct out_table *tb = out_table_new(7, h, "lllllrr");

	for (unsigned i = 0; tb && i < t->m.ncpu; i++) {
		const struct fabric_replay_cpu *c = &t->m.cpu[i];
		const struct twin_cpu_seen *s = t->nfiles ? &t->cpu_seen[i] : NULL;
		char b[24], p[24], r[32], z[160];

		out_table_cell(tb, "%s", pci_rid_format(c->rid, b, sizeof(b)));
		out_table_cell(tb, "%s",
			       s && s->port ? pci_rid_format(s->port, p, sizeof(p)) : "-");
		out_table_cell(tb, "%s", c->wr_rate ? per_s(c->wr_rate, r, sizeof(r)) : "-");
		sizes(c, z, sizeof(z));
		out_table_cell(tb, "%s", c->nsizes ? z : "-");
		out_table_cell(tb, "%s", c->rd_rate ? per_s(c->rd_rate, r, sizeof(r)) : "-");
		if (c->rd_rate && (!s || s->remote_known))
			out_table_cell(tb, "%u %%", c->remote_pct);
		else
			out_table_cell(tb, "-");
		out_table_cell(tb, "%s", c->cfg_rate ? per_s(c->cfg_rate, r, sizeof(r)) : "-");
	}
	if (tb && out_table_rows(tb)) {
		printf("\n");
		out_table_print(tb, stdout);
	}
	out_table_free(tb);
}

void twin_print(const struct twin *t)
{
	if (t->nfiles)
		printf("twin of %s%s on %s, %.3f ms traced\n\n", t->files[0],
		       t->nfiles > 1 ? " and more" : "",
		       t->platform[0] ? t->platform : "kunpeng930", t->span_ns / 1e6);
	print_devices(t);
	print_ops(t);
	print_cpu(t);
	if (t->nnotes)
		printf("\nWhat the recordings could not show:\n");
	for (unsigned i = 0; i < t->nnotes; i++)
		printf("  - %s\n", t->notes[i]);
}
