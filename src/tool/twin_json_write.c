// SPDX-License-Identifier: GPL-2.0-only
/*
 * The twin as a model file (docs/twin.md, *The model file*): what the
 * replay plays (devices, their operations and engines, the CPU's streams)
 * and, under "seen" and "notes", what it was inferred from, which a
 * reader ignores.  Rates are per second; "max" is as fast as the device
 * (or the Root Port's Tx request buffer, for the CPU) can.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>
#include <pciescope/pcie/bdf.h>

#include "twin_internal.h"

static const char *const kinds[] = {"read", "write", "message"};
static const char *const engines[] = {"reads", "posted"};

static json_t *bdf_json(uint16_t domain, uint16_t rid)
{
	char buf[24];

	if (!domain)
		return json_string(pci_rid_format(rid, buf, sizeof(buf)));
	return json_string(
	    pci_bdf_format((struct pci_bdf){.domain = domain, .rid = rid}, buf, sizeof(buf)));
}

static json_t *milli(uint32_t v)
{
	return json_real(v / 1000.0);
}

static json_t *rate(uint64_t r)
{
	return r == FABRIC_REPLAY_MAX_RATE ? json_string("max") : json_integer((json_int_t)r);
}

static json_t *round_real(double v, double unit)
{
	return json_real(round(v / unit) * unit);
}

static json_t *op_json(const struct fabric_replay_dev *d, const struct fabric_replay_op *o)
{
	json_t *j = json_pack("{s:s,s:s}", "kind", kinds[o->kind], "to", twin_to_name(o->to));

	if (o->to == FABRIC_REPLAY_PEER)
		json_object_set_new(j, "peer", bdf_json(d->domain, o->peer));
	json_object_set_new(j, "bytes", json_integer(o->bytes));
	json_object_set_new(j, "align", json_integer(o->align));
	json_object_set_new(j, "weight", json_integer(o->weight));
	return j;
}

static json_t *engine_json(const struct fabric_replay_engine *g)
{
	if (g->per_milli)
		return json_pack("{s:o}", "follows", milli(g->per_milli));
	if (!g->rate)
		return json_pack("{s:s}", "rate", "max");
	return json_pack("{s:o,s:o}", "rate", rate(g->rate), "burst", milli(g->burst_milli));
}

static json_t *seen_json(const struct twin_seen *s)
{
	json_t *j = json_object(), *held = json_object();

	for (int e = 0; e < FABRIC_REPLAY_ENGINES; e++)
		if (s->loop[e] != TWIN_NONE) {
			json_object_set_new(held, engines[e],
					    json_string(twin_loop_name(s->loop[e])));
			json_object_set_new(j, e ? "posted_per_s" : "reads_per_s",
					    round_real(s->per_s[e], 1));
		}
	json_object_set_new(j, "port", bdf_json(0, s->port));
	json_object_set_new(j, "own_port", json_boolean(s->own_port));
	json_object_set_new(j, "held_by", held);
	if (s->matched) {
		json_object_set_new(j, "max_reads", json_integer(s->max_reads));
		json_object_set_new(j, "share_at_max", round_real(s->at_max, 0.001));
		json_object_set_new(j, "latency_ns", round_real(s->latency_ns, 0.1));
		json_object_set_new(j, "reads_matched", json_integer((json_int_t)s->matched));
	}
	if (s->link_busy > 0)
		json_object_set_new(j, "link_busy", round_real(s->link_busy, 0.001));
	return j;
}

static json_t *dev_json(const struct fabric_replay_dev *d, const struct twin_seen *s)
{
	json_t *j = json_pack("{s:o,s:i}", "rid", bdf_json(d->domain, d->rid), "window", d->window);
	json_t *ops = json_array();
	bool has[FABRIC_REPLAY_ENGINES] = {false, false};

	for (unsigned i = 0; i < d->nops; i++) {
		has[d->op[i].kind != FABRIC_REPLAY_READ] = true;
		json_array_append_new(ops, op_json(d, &d->op[i]));
	}
	for (int e = 0; e < FABRIC_REPLAY_ENGINES; e++)
		if (has[e])
			json_object_set_new(j, engines[e], engine_json(&d->eng[e]));
	json_object_set_new(j, "ops", ops);
	if (s)
		json_object_set_new(j, "seen", seen_json(s));
	return j;
}

static json_t *cpu_json(const struct fabric_replay_cpu *c, const struct twin_cpu_seen *s)
{
	json_t *j = json_pack("{s:o}", "to", bdf_json(c->domain, c->rid)), *sizes = json_array();

	for (unsigned i = 0; i < c->nsizes; i++)
		json_array_append_new(sizes, json_pack("{s:i,s:i}", "bytes", c->wr[i].bytes,
						       "weight", c->wr[i].weight));
	json_object_set_new(j, "writes_per_s", rate(c->wr_rate));
	json_object_set_new(j, "sizes", sizes);
	json_object_set_new(j, "reads_per_s", json_integer((json_int_t)c->rd_rate));
	json_object_set_new(j, "remote_pct", json_integer(c->remote_pct));
	json_object_set_new(j, "cfg_per_s", json_integer((json_int_t)c->cfg_rate));
	if (s && s->port)
		json_object_set_new(j, "seen",
				    json_pack("{s:o,s:o,s:o}", "port", bdf_json(0, s->port),
					      "link_busy", round_real(s->link_busy, 0.001),
					      "writes_share", round_real(s->wr_share, 0.001)));
	return j;
}

static json_t *twin_json(const struct twin *t)
{
	json_t *j = json_pack("{s:i}", "pciescope_twin", 1), *a;

	json_object_set_new(j, "platform", json_string(t->platform));
	a = json_array();
	for (unsigned i = 0; i < t->nfiles; i++)
		json_array_append_new(a, json_string(t->files[i]));
	json_object_set_new(j, "recordings", a);
	json_object_set_new(j, "span_ns", json_integer((json_int_t)t->span_ns));
	a = json_array();
	for (unsigned i = 0; i < t->m.ndev; i++)
		json_array_append_new(a, dev_json(&t->m.dev[i], t->nfiles ? &t->seen[i] : NULL));
	json_object_set_new(j, "devices", a);
	a = json_array();
	for (unsigned i = 0; i < t->m.ncpu; i++)
		json_array_append_new(a,
				      cpu_json(&t->m.cpu[i], t->nfiles ? &t->cpu_seen[i] : NULL));
	json_object_set_new(j, "cpu", a);
	a = json_array();
	for (unsigned i = 0; i < t->nnotes; i++)
		json_array_append_new(a, json_string(t->notes[i]));
	json_object_set_new(j, "notes", a);
	return j;
}

char *twin_json_dump(const struct twin *t)
{
	json_t *j = twin_json(t);
	char *s = j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))
		    : NULL;

	json_decref(j);
	return s;
}

int twin_json_write(const struct twin *t, const char *path, struct error *e)
{
	char *s = twin_json_dump(t);
	FILE *f;
	int r = 0;

	if (!s)
		return error_set(e, -ENOMEM, "%s: out of memory", path);
	f = fopen(path, "w");
	if (!f) {
		free(s);
		return error_set_errno(e, -errno, "cannot create %s", path);
	}
	if (fputs(s, f) < 0 || fputc('\n', f) < 0)
		r = -errno;
	if (fclose(f) && !r)
		r = -errno;
	free(s);
	return r ? error_set_errno(e, r, "writing %s", path) : 0;
}
