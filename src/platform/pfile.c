// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading a platform file: finding a built-in one, the top-level fields,
 * and the device list.  Top-level sections this loader does not know
 * ("phbs", ...) are left in the JSON for the model kinds that read them
 * (platform_section()), so a platform may carry data for models that this
 * file knows nothing about.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pfile_parse.h"

int pctx_fail(struct pctx *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (c->where[0])
		return error_set(c->e, -EINVAL, "%s: %s: %s", c->label, c->where, msg);
	return error_set(c->e, -EINVAL, "%s: %s", c->label, msg);
}

void pctx_at_bdf(struct pctx *c, const char *bdf)
{
	size_t n = strlen(c->where);

	snprintf(c->where + n, sizeof(c->where) - n, " (%s)", bdf);
}

int pctx_uint(struct pctx *c, const json_t *obj, const char *key, uint64_t min, uint64_t max,
	      int64_t dflt, uint64_t *out)
{
	const json_t *v = json_object_get(obj, key);
	char *end = NULL;

	if (!v) {
		if (dflt < 0)
			return pctx_fail(c, "missing \"%s\"", key);
		*out = (uint64_t)dflt;
		return 0;
	}
	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		*out = (uint64_t)json_integer_value(v);
	} else if (json_is_string(v) && json_string_value(v)[0]) {
		*out = strtoull(json_string_value(v), &end, 0);
		if (*end)
			return pctx_fail(c, "\"%s\" is not a number", key);
	} else {
		return pctx_fail(c, "\"%s\" must be a non-negative number", key);
	}
	if (*out < min || *out > max)
		return pctx_fail(c, "\"%s\" = %llu is out of range %llu..%llu", key,
				 (unsigned long long)*out, (unsigned long long)min,
				 (unsigned long long)max);
	return 0;
}

int pfile_find(const struct pfile *pf, struct pci_bdf bdf)
{
	for (int i = 0; i < pf->ndevs; i++)
		if (pf->devs[i].bdf.domain == bdf.domain && pf->devs[i].bdf.rid == bdf.rid)
			return i;
	return -ENODEV;
}

static int top_fields(struct pctx *c, struct pfile *pf)
{
	const json_t *r = pf->root, *name = json_object_get(r, "name");
	const json_t *w = json_object_get(r, "workload"),
		     *wp = json_object_get(r, "workload_params");
	const json_t *id = json_object_get(r, "identity_dma");
	uint64_t cpus, nodes, midr;

	if (!json_is_object(r))
		return pctx_fail(c, "the top level must be an object");
	if (!json_is_string(name) || !json_string_length(name) ||
	    json_string_length(name) >= sizeof(pf->name) || strchr(json_string_value(name), '/'))
		return pctx_fail(c, "\"name\" must be a short string without '/'");
	snprintf(pf->name, sizeof(pf->name), "%s", json_string_value(name));
	if (pctx_uint(c, r, "cpus", 1, 256, 64, &cpus) ||
	    pctx_uint(c, r, "numa_nodes", 1, 16, 1, &nodes) ||
	    pctx_uint(c, r, "midr", 0, 0xffffffff, 0, &midr))
		return -EINVAL;
	if ((w && !json_is_string(w)) || (wp && !json_is_string(wp)))
		return pctx_fail(c, "\"workload\" and \"workload_params\" must be strings");
	if (id && !json_is_boolean(id))
		return pctx_fail(c, "\"identity_dma\" must be true or false");
	pf->cpus = (int)cpus;
	pf->numa_nodes = (int)nodes;
	pf->midr = midr;
	pf->workload = w ? json_string_value(w) : "idle";
	pf->workload_params = wp ? json_string_value(wp) : NULL;
	pf->identity_dma = !id || json_is_true(id);
	return 0;
}

static int add_dev(struct pfile *pf, const struct pdev *d)
{
	struct pdev *n = realloc(pf->devs, sizeof(*n) * (pf->ndevs + 1));

	if (!n)
		return -ENOMEM;
	pf->devs = n;
	pf->devs[pf->ndevs++] = *d;
	return 0;
}

static int devices(struct pctx *c, struct pfile *pf)
{
	const json_t *list = json_object_get(pf->root, "devices");
	size_t i;
	const json_t *e;

	if (!json_is_array(list))
		return pctx_fail(c, "\"devices\" must be an array");
	json_array_foreach(list, i, e)
	{
		struct pdev d;
		int r;

		snprintf(c->where, sizeof(c->where), "devices[%zu]", i);
		r = pentry_parse(c, pf, e, &d);
		if (!r)
			r = add_dev(pf, &d);
		if (!r)
			r = pentry_add_vfs(c, pf, pf->ndevs - 1);
		if (r)
			return r;
	}
	c->where[0] = '\0';
	return pfile_bus_ranges(c, pf);
}

int pfile_parse(const char *text, const char *label, struct pfile *pf, struct error *e)
{
	struct pctx c = {.label = label, .e = e};
	json_error_t je;
	int r;

	memset(pf, 0, sizeof(*pf));
	snprintf(pf->path, sizeof(pf->path), "%s", label);
	pf->root = json_loads(text, JSON_REJECT_DUPLICATES, &je);
	if (!pf->root) {
		return error_set(e, -EINVAL, "%s:%d:%d: %s", label, je.line, je.column, je.text);
	}
	r = top_fields(&c, pf);
	if (!r)
		r = devices(&c, pf);
	if (r)
		pfile_free(pf);
	return r;
}

void pfile_free(struct pfile *pf)
{
	json_decref(pf->root);
	free(pf->devs);
	pf->root = NULL;
	pf->devs = NULL;
	pf->ndevs = 0;
}
