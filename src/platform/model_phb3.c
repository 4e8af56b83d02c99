// SPDX-License-Identifier: GPL-2.0-only
/*
 * Glue of the PHB3 model.  The model sits behind the Root Port of its
 * domain (0000:00:00.0, IBM 1014:03dc), the one function a PowerNV PHB
 * shows.  Its properties (PEs, reserved PE, M32/M64 windows, MSIs) come
 * from the "phbs" section, entry with the same "domain"; the functions below
 * it are the "devices" entries of that domain, with their "bars" and "iov"
 * (SR-IOV) fields, bus numbers taken from the parent links (docs/ioda2.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/state.h>
#include <pciescope/hw/phb3.h>
#include <pciescope/perf/size.h>
#include <pciescope/platform/model.h>
#include <pciescope/regs/phb3.h>

#define MAX_FN 128

struct phb3_glue {
	struct phb3 *model;
};

/* A size or address: a number, or a string in perf/size.h's syntax ("0x...", "256M", "64G"). */
static int num_of(const json_t *v, uint64_t *out)
{
	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		*out = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (!json_is_string(v))
		return -EINVAL;
	return size_parse(json_string_value(v), 1, out) ? -EINVAL : 0;
}

static int field(const json_t *o, const char *key, uint64_t dflt, uint64_t *out)
{
	const json_t *v = json_object_get(o, key);

	*out = dflt;
	return v ? num_of(v, out) : 0;
}

static int props(const json_t *e, struct phb3_desc *d)
{
	uint64_t v[11];
	int r = field(e, "num_pes", 256, &v[0]) | field(e, "reserved_pe", 255, &v[1]) |
		field(e, "m32_cpu_base", 0, &v[2]) |
		field(e, "m32_pci_base", 0x80000000ull, &v[3]) |
		field(e, "m32_size", 0x80000000ull, &v[4]) | field(e, "m64_base", 0, &v[5]) |
		field(e, "m64_size", 0, &v[6]) | field(e, "m64_first", 0, &v[7]) |
		field(e, "m64_count", 16, &v[8]) | field(e, "msi_count", 2048, &v[9]) |
		field(e, "msi64_addr", 0, &v[10]);

	if (r || !v[0] || v[0] > 256 || v[1] >= v[0] || v[4] > 0x100000000ull || v[9] > 2048 ||
	    (v[4] & (v[4] - 1)) || (v[6] & (v[6] - 1)) || v[7] + v[8] > 16)
		return -EINVAL;
	*d = (struct phb3_desc){.num_pes = (unsigned)v[0],
				.reserved_pe = (unsigned)v[1],
				.m32_cpu_base = v[2],
				.m32_pci_base = v[3],
				.m32_size = v[4],
				.m64_base = v[5],
				.m64_size = v[6],
				.m64_first = (unsigned)v[7],
				.m64_count = (unsigned)v[8],
				.msi_count = (unsigned)v[9],
				.msi64_addr = v[10]};
	return 0;
}

static int bar_list(const json_t *list, struct phb3_bar_desc *bars)
{
	size_t i;
	const json_t *b;

	json_array_foreach(list, i, b)
	{
		uint64_t idx, size;
		const char *t = json_string_value(json_object_get(b, "type"));

		if (field(b, "index", 99, &idx) || idx >= PHB3_MAX_BARS ||
		    num_of(json_object_get(b, "size"), &size) || !size || (size & (size - 1)))
			return -EINVAL;
		bars[idx].size = size;
		bars[idx].flags = !t || !strcmp(t, "mem32")  ? 0
				  : !strcmp(t, "mem64")	     ? PHB3_BAR_MEM64
				  : !strcmp(t, "mem64-pref") ? PHB3_BAR_MEM64 | PHB3_BAR_PREFETCH
							     : ~0u;
		if (bars[idx].flags == ~0u)
			return -EINVAL;
	}
	return 0;
}

static int one_fn(const json_t *e, struct pci_bdf bdf, struct phb3_fn_desc *f)
{
	const char *type = json_string_value(json_object_get(e, "type"));
	const json_t *iov = json_object_get(e, "iov");
	uint64_t v, dev, sec, total, off, stride;

	memset(f, 0, sizeof(*f));
	f->rid = bdf.rid;
	f->type = type && (!strcmp(type, "endpoint") || !strcmp(type, "rciep")) ? PHB3_FN_ENDPOINT
		  : json_is_true(json_object_get(e, "pcie_to_pci")) ? PHB3_FN_PCIE_TO_PCI
								    : PHB3_FN_BRIDGE;
	if (field(e, "vendor", 0, &v) || field(e, "device", 0, &dev) ||
	    field(e, "secondary", 0, &sec) || sec > 0xff)
		return -EINVAL;
	f->secondary = f->subordinate = (uint8_t)sec;
	f->vendor = (uint16_t)v;
	f->device = (uint16_t)dev;
	if (bar_list(json_object_get(e, "bars"), f->bar))
		return -EINVAL;
	if (!iov)
		return 0;
	if (field(iov, "total_vfs", 0, &total) || field(iov, "offset", 1, &off) ||
	    field(iov, "stride", 1, &stride) || !total || total > 256 ||
	    off + total * stride > 0xffff)
		return -EINVAL;
	f->total_vfs = (uint16_t)total;
	f->vf_offset = (uint16_t)off;
	f->vf_stride = (uint16_t)stride;
	return bar_list(json_object_get(iov, "bars"), f->vf_bar);
}

static int find_rid(const struct phb3_fn_desc *fn, unsigned n, const char *bdf_s, uint16_t dom)
{
	struct pci_bdf b;

	if (!bdf_s || pci_bdf_parse(bdf_s, &b) || b.domain != dom)
		return -1;
	for (unsigned i = 0; i < n; i++)
		if (fn[i].rid == b.rid)
			return (int)i;
	return -1;
}

/* Bus numbers of the bridges from the parent links: secondary = children's bus. */
static void number_buses(const json_t *devs, struct phb3_fn_desc *fn, unsigned n, uint16_t dom)
{
	int parent[MAX_FN];
	uint8_t next = 1;
	size_t i;
	const json_t *e;

	for (unsigned k = 0; k < n; k++) {
		parent[k] = -1;
		if (PCI_RID_BUS(fn[k].rid) >= next)
			next = (uint8_t)(PCI_RID_BUS(fn[k].rid) + 1);
	}
	json_array_foreach(devs, i, e)
	{
		int me = find_rid(fn, n, json_string_value(json_object_get(e, "bdf")), dom);

		if (me >= 0)
			parent[me] =
			    find_rid(fn, n, json_string_value(json_object_get(e, "parent")), dom);
	}
	for (unsigned k = 0; k < n; k++) {
		uint8_t bus = PCI_RID_BUS(fn[k].rid);

		if (parent[k] >= 0)
			fn[parent[k]].secondary = bus;
		for (int a = parent[k]; a >= 0; a = parent[a])
			if (fn[a].subordinate < bus)
				fn[a].subordinate = bus;
	}
	/* A bridge with nothing below still owns a bus number. */
	for (unsigned k = 0; k < n; k++)
		if (fn[k].type != PHB3_FN_ENDPOINT && !fn[k].secondary)
			fn[k].secondary = fn[k].subordinate = next++;
}

static int functions(const json_t *devs, uint16_t dom, struct phb3_fn_desc *fn, unsigned *n,
		     struct error *err)
{
	size_t i;
	const json_t *e;
	struct pci_bdf b;

	*n = 0;
	json_array_foreach(devs, i, e)
	{
		const char *s = json_string_value(json_object_get(e, "bdf"));

		if (!s || pci_bdf_parse(s, &b) || b.domain != dom)
			continue;
		if (*n == MAX_FN || one_fn(e, b, &fn[*n]))
			return error_set(err, -EINVAL,
					 "phb3 %04x: device %s: bad \"bars\" or \"iov\"", dom, s);
		(*n)++;
	}
	number_buses(devs, fn, *n, dom);
	return 0;
}

static const json_t *phb_entry(struct platform *p, uint16_t dom)
{
	const json_t *phbs = platform_section(p, "phbs"), *e;
	size_t i;

	json_array_foreach(phbs, i, e)
	{
		uint64_t d;

		if (!field(e, "domain", 0xffffffff, &d) && d == dom)
			return e;
	}
	return NULL;
}

static int phb3_attach(struct platform *p, struct bus_device *d, const json_t *cfg, void **model,
		       struct error *err)
{
	const json_t *e = phb_entry(p, d->bdf.domain);
	struct phb3_fn_desc *fn = calloc(MAX_FN, sizeof(*fn));
	struct phb3_desc desc;
	int r = -EINVAL;

	if (!fn)
		return -ENOMEM;
	if (!e)
		error_set(err, r, "phb3 %04x: no \"phbs\" entry with \"domain\": %u", d->bdf.domain,
			  d->bdf.domain);
	else if (props(e, &desc))
		error_set(err, r, "phb3 %04x: bad PHB properties in \"phbs\"", d->bdf.domain);
	else
		r = functions(platform_section(p, "devices"), d->bdf.domain, fn, &desc.nfn, err);
	if (!r) {
		desc.fn = fn;
		*model = phb3_create(&desc, d->dma);
		r = *model ? 0 : -ENOMEM;
	}
	free(fn);
	if (r)
		return r;
	d->bar[0] = (struct bus_bar){&phb3_mmio_ops, *model, PHB3_REGS_SIZE, 0};
	return 0;
}

static void phb3_detach(void *model)
{
	phb3_destroy(model);
}

struct kv_ctx {
	struct kstate *s;
	const char *prefix;
	struct phb3 *model;
	char **keys;
	size_t n;
};

static void collect_key(void *ctx, const char *key, const char *val)
{
	struct kv_ctx *c = ctx;
	char **k = realloc(c->keys, (c->n + 1) * sizeof(*k));

	if (!k)
		return;
	c->keys = k;
	c->keys[c->n] = strdup(key);
	if (c->keys[c->n])
		c->n++;
}

static void put_key(void *ctx, const char *key, uint64_t val)
{
	struct kv_ctx *c = ctx;
	char full[160];

	snprintf(full, sizeof(full), "%s%s", c->prefix, key);
	kstate_set_u64(c->s, full, val);
}

/* The model writes what it holds now: keys of a thawed PE or removed VFs must go. */
static void phb3_save_state(void *model, struct kstate *s, const char *prefix)
{
	struct kv_ctx c = {s, prefix, model, NULL, 0};

	kstate_foreach(s, prefix, collect_key, &c);
	for (size_t i = 0; i < c.n; i++) {
		kstate_del(s, c.keys[i]);
		free(c.keys[i]);
	}
	free(c.keys);
	phb3_save(model, put_key, &c);
}

/* A value that is not a number is skipped (and noted by the state store), not taken as 0. */
static void restore_key(void *ctx, const char *key, const char *val)
{
	struct kv_ctx *c = ctx;
	uint64_t v;

	if (kstate_get_u64(c->s, key, &v))
		phb3_restore_one(c->model, key + strlen(c->prefix), v);
}

static void phb3_restore_state(void *model, struct kstate *s, const char *prefix)
{
	struct kv_ctx c = {s, prefix, model, NULL, 0};

	kstate_foreach(s, prefix, restore_key, &c);
}

const struct platform_model_ops phb3_model_ops = {
    .kind = "phb3",
    .attach = phb3_attach,
    .detach = phb3_detach,
    .save = phb3_save_state,
    .restore = phb3_restore_state,
};
