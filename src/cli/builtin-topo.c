// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope topo [--json] [--backend host|emulated] [--platform NAME]: the
 * PCI tree with each link's current speed and width against its maximum,
 * and the links that trained below their maximum flagged DOWNGRADED (the
 * most common PCIe fault in the field: a card in a slot wired for fewer
 * lanes, a marginal riser falling back to a lower speed).  Names come from
 * pci.ids through libpci, worded as lspci words them.
 */
#include <jansson.h>
#include <pci/pci.h>
#include <stdio.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"
#include "topo.h"

struct names {
	struct pci_access *acc;
	char cls[128], dev[256];
};

/* pci.ids only: udev's hwdb holds the same names and its handle is never freed. */
static void name_of(struct names *nm, const struct topo_dev *d)
{
	pci_lookup_name(nm->acc, nm->cls, sizeof(nm->cls), PCI_LOOKUP_CLASS | PCI_LOOKUP_NO_HWDB,
			d->class_code >> 8);
	pci_lookup_name(nm->acc, nm->dev, sizeof(nm->dev),
			PCI_LOOKUP_VENDOR | PCI_LOOKUP_DEVICE | PCI_LOOKUP_NO_HWDB, d->vendor,
			d->device);
}

static void print_dev(const struct topo *t, struct names *nm, size_t i, int depth)
{
	const struct topo_dev *d = &t->d[i];

	name_of(nm, d);
	printf("%*s%s %s: %s", depth * 2, "", d->bdf, nm->cls, nm->dev);
	if (d->link)
		printf("  [%.1f GT/s x%u, max %.1f GT/s x%u]%s", d->speed, d->width, d->max_speed,
		       d->max_width, topo_downgraded(d) ? " DOWNGRADED" : "");
	printf("\n");
	for (size_t c = 0; c < t->n; c++)
		if (t->d[c].parent == (int)i)
			print_dev(t, nm, c, depth + 1);
}

static int print_json(const struct topo *t, struct names *nm)
{
	json_t *arr = json_array();
	int r;

	for (size_t i = 0; i < t->n && arr; i++) {
		const struct topo_dev *d = &t->d[i];
		json_t *o;

		name_of(nm, d);
		o = json_pack("{s:s,s:s?,s:s,s:s,s:i,s:i}", "bdf", d->bdf, "parent",
			      d->parent >= 0 ? t->d[d->parent].bdf : NULL, "class", nm->cls, "name",
			      nm->dev, "vendor", d->vendor, "device", d->device);
		json_object_set_new(o, "class_code", json_integer(d->class_code));
		if (d->link)
			json_object_set_new(o, "link",
					    json_pack("{s:f,s:i,s:f,s:i,s:b}", "speed_gts",
						      d->speed, "width", d->width, "max_speed_gts",
						      d->max_speed, "max_width", d->max_width,
						      "downgraded", topo_downgraded(d)));
		json_array_append_new(arr, o);
	}
	r = arr ? json_dumpf(arr, stdout, JSON_INDENT(2)) : -1;
	printf("\n");
	json_decref(arr);
	return r ? cli_error("topo: cannot write JSON") : 0;
}

static int topo_usage(int ret)
{
	fprintf(ret ? stderr : stdout,
		"usage: pciescope topo [--json] [--backend host|emulated] [--platform NAME]\n"
		"  The PCI tree with link speed/width, current vs maximum; links below\n"
		"  their maximum are flagged DOWNGRADED.  Names from pci.ids (libpci).\n");
	return ret;
}

int cmd_topo(int argc, char **argv)
{
	struct backend_opts bo = {0};
	struct names nm = {0};
	struct topo t = {0};
	static const char *const known[] = {"--json", "--help", BACKEND_OPTS_NAMES, NULL};
	bool json = false, host;
	struct backend *b;
	int r;

	for (int i = 1; i < argc; i++) {
		r = backend_opts_parse(&bo, argc, argv, &i);
		if (r < 0)
			return 1;
		if (r)
			continue;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return topo_usage(0);
		if (strcmp(argv[i], "--json"))
			return cli_unknown_option(argv[i], known);
		json = true;
	}
	b = backend_opts_open(&bo, "topo");
	if (!b)
		return 1;
	host = !strcmp(b->ops->name, "host");
	nm.acc = pci_alloc();
	pci_init(nm.acc);
	r = topo_scan(b, host ? nm.acc : NULL, &t);
	if (r)
		r = cli_errno(r, "topo: cannot read /sys/bus/pci/devices");
	else if (json)
		r = print_json(&t, &nm);
	else
		for (size_t i = 0; i < t.n; i++)
			if (t.d[i].parent < 0)
				print_dev(&t, &nm, i, 0);
	topo_free(&t);
	pci_cleanup(nm.acc);
	backend_close(b);
	return r;
}
