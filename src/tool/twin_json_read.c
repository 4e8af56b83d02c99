// SPDX-License-Identifier: GPL-2.0-only
/*
 * A model file read back (docs/twin.md, *The model file*).  Every key is
 * known or refused by name, so a typo ("widnow") is an error, not a
 * default; "seen", "notes", "recordings" and "span_ns" say what the model
 * came from and are not read.  The fabric checks the model against the
 * platform again when the replay starts (a Requester ID it lacks).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>
#include <pciescope/pcie/bdf.h>

#include "twin_internal.h"

struct rd {
	const char *path;
	char where[64];
	struct error *e;
};

static int bad(struct rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(struct rd *r, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return error_set(r->e, -EINVAL, "%s: %s%s%s", r->path, r->where, r->where[0] ? ": " : "",
			 msg);
}

/* Every key of o is one of keys (a NULL-ended list). */
static int keys_known(struct rd *r, const json_t *o, const char *const *keys)
{
	const char *k;
	json_t *v;

	json_object_foreach((json_t *)o, k, v)
	{
		const char *const *p = keys;

		while (*p && strcmp(*p, k))
			p++;
		if (!*p)
			return bad(r, "unknown key \"%s\"", k);
	}
	return 0;
}

static int get_uint(struct rd *r, const json_t *o, const char *key, uint64_t max, bool need,
		    uint64_t *out)
{
	const json_t *v = json_object_get(o, key);

	if (!v) {
		if (need)
			return bad(r, "missing \"%s\"", key);
		return 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    (uint64_t)json_integer_value(v) > max)
		return bad(r, "\"%s\" must be a whole number from 0 to %llu", key,
			   (unsigned long long)max);
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

/* A rate: a number per second, or "max". */
static int get_rate(struct rd *r, const json_t *o, const char *key, uint64_t *out)
{
	const json_t *v = json_object_get(o, key);

	if (v && json_is_string(v) && !strcmp(json_string_value(v), "max")) {
		*out = FABRIC_REPLAY_MAX_RATE;
		return 0;
	}
	if (v && !json_is_integer(v))
		return bad(r, "\"%s\" must be a number per second or \"max\"", key);
	return get_uint(r, o, key, 1000000000000ull, false, out);
}

static int get_milli(struct rd *r, const json_t *o, const char *key, double lo, double hi,
		     uint32_t *out)
{
	const json_t *v = json_object_get(o, key);

	if (!v)
		return 0;
	if (!json_is_number(v) || json_number_value(v) < lo || json_number_value(v) > hi)
		return bad(r, "\"%s\" must be a number from %g to %g", key, lo, hi);
	*out = (uint32_t)llround(json_number_value(v) * 1000.0);
	return 0;
}

static int get_bdf(struct rd *r, const json_t *o, const char *key, uint16_t *domain, uint16_t *rid)
{
	const json_t *v = json_object_get(o, key);
	struct pci_bdf b;

	if (!v)
		return bad(r, "missing \"%s\"", key);
	if (!json_is_string(v) || pci_bdf_parse(json_string_value(v), &b))
		return bad(r, "\"%s\" must be a PCI function, bb:dd.f", key);
	*domain = b.domain;
	*rid = b.rid;
	return 0;
}

static int by_name(struct rd *r, const json_t *o, const char *key, const char *const *names, int n,
		   uint8_t *out)
{
	const json_t *v = json_object_get(o, key);

	for (int i = 0; v && json_is_string(v) && i < n; i++)
		if (!strcmp(json_string_value(v), names[i])) {
			*out = (uint8_t)i;
			return 0;
		}
	return bad(r, "\"%s\" must be one of %s%s%s%s%s%s%s", key, names[0], n > 1 ? ", " : "",
		   n > 1 ? names[1] : "", n > 2 ? ", " : "", n > 2 ? names[2] : "",
		   n > 3 ? ", " : "", n > 3 ? names[3] : "");
}

static int read_op(struct rd *r, const json_t *o, struct fabric_replay_op *op)
{
	static const char *const keys[] = {"kind", "to", "peer", "bytes", "align", "weight", NULL};
	static const char *const kinds[] = {"read", "write", "message"};
	static const char *const tos[] = {"host", "host32", "msi", "peer"};
	uint64_t bytes = 0, align = 4, weight = 1;
	uint16_t dom;
	int err = keys_known(r, o, keys);

	if (!err)
		err = by_name(r, o, "kind", kinds, 3, &op->kind);
	if (!err)
		err = by_name(r, o, "to", tos, 4, &op->to);
	if (!err && op->to == FABRIC_REPLAY_PEER)
		err = get_bdf(r, o, "peer", &dom, &op->peer);
	if (!err)
		err = get_uint(r, o, "bytes", 256u << 10, true, &bytes);
	if (!err)
		err = get_uint(r, o, "align", 4096, false, &align);
	if (!err)
		err = get_uint(r, o, "weight", UINT32_MAX, false, &weight);
	op->bytes = (uint32_t)bytes;
	op->align = (uint32_t)align;
	op->weight = (uint32_t)weight;
	return err;
}

static int read_engine(struct rd *r, const json_t *dev, const char *key,
		       struct fabric_replay_engine *g)
{
	static const char *const keys[] = {"rate", "burst", "follows", NULL};
	const json_t *o = json_object_get(dev, key);
	int err;

	*g = (struct fabric_replay_engine){.burst_milli = 1000};
	if (!o)
		return 0;
	if (!json_is_object(o))
		return bad(r, "\"%s\" must be an object", key);
	err = keys_known(r, o, keys);
	if (!err)
		err = get_rate(r, o, "rate", &g->rate);
	if (!err && g->rate == FABRIC_REPLAY_MAX_RATE)
		g->rate = 0;
	if (!err)
		err = get_milli(r, o, "burst", 1, 1000, &g->burst_milli);
	if (!err)
		err = get_milli(r, o, "follows", 0.001, 1000, &g->per_milli);
	return err;
}

static int read_dev(struct rd *r, const json_t *o, struct fabric_replay_dev *d)
{
	static const char *const keys[] = {"rid", "window", "reads", "posted", "ops", "seen", NULL};
	const json_t *ops = json_object_get(o, "ops"), *op;
	uint64_t window = 0;
	size_t i;
	int err = json_is_object(o) ? keys_known(r, o, keys) : bad(r, "must be an object");

	if (!err)
		err = get_bdf(r, o, "rid", &d->domain, &d->rid);
	if (!err)
		err = get_uint(r, o, "window", 1024, false, &window);
	d->window = (uint32_t)window;
	if (!err)
		err = read_engine(r, o, "reads", &d->eng[FABRIC_REPLAY_READS]);
	if (!err)
		err = read_engine(r, o, "posted", &d->eng[FABRIC_REPLAY_POSTED]);
	if (!err && (!json_is_array(ops) || !json_array_size(ops) ||
		     json_array_size(ops) > FABRIC_REPLAY_OPS))
		err = bad(r, "\"ops\" must be a list of 1 to %d operations", FABRIC_REPLAY_OPS);
	json_array_foreach(ops, i, op)
	{
		size_t at = strlen(r->where);

		if (err)
			break;
		snprintf(r->where + at, sizeof(r->where) - at, " op %zu", i + 1);
		err = read_op(r, op, &d->op[d->nops++]);
		if (!err)
			r->where[at] = 0;
	}
	return err;
}

static int read_sizes(struct rd *r, const json_t *o, struct fabric_replay_cpu *c)
{
	static const char *const keys[] = {"bytes", "weight", NULL};
	const json_t *a = json_object_get(o, "sizes"), *s;
	size_t i;
	int err = 0;

	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > FABRIC_REPLAY_SIZES)
		return bad(r, "\"sizes\" must be a list of at most %d sizes", FABRIC_REPLAY_SIZES);
	json_array_foreach(a, i, s)
	{
		uint64_t bytes = 0, weight = 1;

		err =
		    json_is_object(s) ? keys_known(r, s, keys) : bad(r, "a size must be an object");
		if (!err)
			err = get_uint(r, s, "bytes", 4096, true, &bytes);
		if (!err)
			err = get_uint(r, s, "weight", UINT32_MAX, false, &weight);
		if (err)
			return err;
		c->wr[c->nsizes++] = (struct fabric_replay_size){(uint32_t)bytes, (uint32_t)weight};
	}
	return 0;
}

static int read_cpu(struct rd *r, const json_t *o, struct fabric_replay_cpu *c)
{
	static const char *const keys[] = {"to",	 "writes_per_s", "sizes", "reads_per_s",
					   "remote_pct", "cfg_per_s",	 "seen",  NULL};
	uint64_t remote = 0;
	int err = json_is_object(o) ? keys_known(r, o, keys) : bad(r, "must be an object");

	if (!err)
		err = get_bdf(r, o, "to", &c->domain, &c->rid);
	if (!err)
		err = get_rate(r, o, "writes_per_s", &c->wr_rate);
	if (!err)
		err = read_sizes(r, o, c);
	if (!err)
		err = get_uint(r, o, "reads_per_s", 1000000000000ull, false, &c->rd_rate);
	if (!err)
		err = get_uint(r, o, "remote_pct", 100, false, &remote);
	if (!err)
		err = get_uint(r, o, "cfg_per_s", 1000000000000ull, false, &c->cfg_rate);
	c->remote_pct = (uint32_t)remote;
	return err;
}

static int read_list(struct rd *r, const json_t *root, const char *key, unsigned *n, bool dev,
		     struct fabric_replay *m)
{
	const json_t *a = json_object_get(root, key), *o;
	size_t i;
	int err = 0;

	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > FABRIC_REPLAY_DEVS)
		return bad(r, "\"%s\" must be a list of at most %d", key, FABRIC_REPLAY_DEVS);
	json_array_foreach(a, i, o)
	{
		snprintf(r->where, sizeof(r->where), "%s %zu", key, i + 1);
		err = dev ? read_dev(r, o, &m->dev[i]) : read_cpu(r, o, &m->cpu[i]);
		if (err)
			return err;
		(*n)++;
	}
	r->where[0] = 0;
	return 0;
}

int twin_json_read(const char *path, struct twin *t, struct error *e)
{
	static const char *const keys[] = {"pciescope_twin", "platform", "recordings", "span_ns",
					   "devices",	     "cpu",	 "notes",      NULL};
	struct rd r = {.path = path, .e = e};
	FILE *f = fopen(path, "r");
	json_error_t je;
	json_t *root;
	const json_t *p;
	int err;

	memset(t, 0, sizeof(*t));
	if (!f)
		return error_set_errno(e, -errno, "%s", path);
	root = json_loadf(f, 0, &je);
	fclose(f);
	if (!root)
		return error_set(e, -EINVAL, "%s: %s (line %d)", path, je.text, je.line);
	err = json_is_object(root) ? keys_known(&r, root, keys) : bad(&r, "not a model file");
	p = json_object_get(root, "platform");
	if (!err && p && !json_is_string(p))
		err = bad(&r, "\"platform\" must be a string");
	if (!err && p)
		snprintf(t->platform, sizeof(t->platform), "%s", json_string_value(p));
	if (!err)
		err = read_list(&r, root, "devices", &t->m.ndev, true, &t->m);
	if (!err)
		err = read_list(&r, root, "cpu", &t->m.ncpu, false, &t->m);
	json_decref(root);
	return err;
}
