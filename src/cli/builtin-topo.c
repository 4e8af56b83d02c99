// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope topo [-v] [--json] [--backend host|emulated] [--platform NAME]:
 * the PCI tree with each link's current speed and width against its
 * maximum.  A link that trained below what both of its ends support is
 * flagged DOWNGRADED (the most common PCIe fault in the field: a marginal
 * riser or connector falling back to a lower speed or fewer lanes); one
 * below an end's own maximum because the other end can do no more says
 * which end limits it (topo_link.c).  -v adds what lspci -vv shows of each
 * function's Device Control (MPS, MRRS), Link Control (ASPM) and AER
 * status, in lspci's words.  Names come from pci.ids through libpci.
 */
#include <jansson.h>
#include <pci/pci.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/tool/topo.h>

#include "backend_opts.h"
#include "cli.h"

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

static void print_link(const struct topo *t, size_t i)
{
	const struct topo_dev *d = &t->d[i];
	struct topo_link l = topo_link_of(t, i);

	printf("  [%.1f GT/s x%u, max %.1f GT/s x%u", d->speed, d->width, d->max_speed,
	       d->max_width);
	if (l.limited_by >= 0)
		printf(", limited by %s", t->d[l.limited_by].bdf);
	printf("]");
	if (l.downgraded)
		printf(" DOWNGRADED (both ends support %.1f GT/s x%u)", l.best_speed, l.best_width);
}

/* lspci -vv's lines for MPS/MRRS, ASPM and AER, indented under the device. */
static void print_details(const struct topo_dev *d, int depth)
{
	char names[256];

	if (!d->have_cfg) {
		printf("%*s  (configuration space not readable: run as root for MPS, ASPM, AER)\n",
		       depth * 2, "");
		return;
	}
	printf("%*s  DevCtl: MaxPayload %u bytes, MaxReadReq %u bytes (DevCap: MaxPayload %u "
	       "bytes)\n",
	       depth * 2, "", d->cfg.mps, d->cfg.mrrs, d->cfg.mps_cap);
	if (d->link)
		printf("%*s  LnkCtl: %s (LnkCap: ASPM%s%s)\n", depth * 2, "",
		       pcie_aspm_name(d->cfg.aspm_ctl), d->cfg.aspm_cap & PCIE_ASPM_L0S ? " L0s" : "",
		       d->cfg.aspm_cap & PCIE_ASPM_L1 ? " L1" : d->cfg.aspm_cap ? "" : " not supported");
	if (!d->cfg.aer)
		return;
	pcie_aer_names(d->cfg.uncor_status, false, names, sizeof(names));
	printf("%*s  UESta: %s\n", depth * 2, "", *names ? names : "none");
	pcie_aer_names(d->cfg.cor_status, true, names, sizeof(names));
	printf("%*s  CESta: %s\n", depth * 2, "", *names ? names : "none");
}

static void print_dev(const struct topo *t, struct names *nm, size_t i, int depth, bool verbose)
{
	const struct topo_dev *d = &t->d[i];

	name_of(nm, d);
	printf("%*s%s %s: %s", depth * 2, "", d->bdf, nm->cls, nm->dev);
	if (d->link)
		print_link(t, i);
	printf("\n");
	if (verbose)
		print_details(d, depth);
	for (size_t c = 0; c < t->n; c++)
		if (t->d[c].parent == (int)i)
			print_dev(t, nm, c, depth + 1, verbose);
}

static json_t *link_json(const struct topo *t, size_t i)
{
	const struct topo_dev *d = &t->d[i];
	struct topo_link l = topo_link_of(t, i);

	return json_pack("{s:f,s:i,s:f,s:i,s:b,s:s?,s:s?}", "speed_gts", d->speed, "width",
			 d->width, "max_speed_gts", d->max_speed, "max_width", d->max_width,
			 "downgraded", l.downgraded, "partner",
			 l.partner >= 0 ? t->d[l.partner].bdf : NULL, "limited_by",
			 l.limited_by >= 0 ? t->d[l.limited_by].bdf : NULL);
}

static json_t *config_json(const struct topo_dev *d)
{
	char ue[256], ce[256];

	pcie_aer_names(d->cfg.uncor_status, false, ue, sizeof(ue));
	pcie_aer_names(d->cfg.cor_status, true, ce, sizeof(ce));
	static const char *const aspm[] = {"disabled", "L0s", "L1", "L0s L1"};

	return json_pack("{s:i,s:i,s:i,s:s,s:o?}", "mps", d->cfg.mps, "mps_supported",
			 d->cfg.mps_cap, "mrrs", d->cfg.mrrs, "aspm", aspm[d->cfg.aspm_ctl & 3],
			 "aer", d->cfg.aer ? json_pack("{s:s,s:s}", "uncorrectable", ue, "correctable", ce)
					   : NULL);
}

static int print_json(const struct topo *t, struct names *nm)
{
	json_t *arr = json_array();
	int r;

	for (size_t i = 0; i < t->n && arr; i++) {
		const struct topo_dev *d = &t->d[i];
		json_t *o;

		name_of(nm, d);
		o = json_pack("{s:s,s:s?,s:s,s:s,s:i,s:i,s:i,s:b}", "bdf", d->bdf, "parent",
			      d->parent >= 0 ? t->d[d->parent].bdf : NULL, "class", nm->cls, "name",
			      nm->dev, "vendor", d->vendor, "device", d->device, "class_code",
			      d->class_code, "vf", d->vf);
		if (d->link)
			json_object_set_new(o, "link", link_json(t, i));
		if (d->have_cfg)
			json_object_set_new(o, "config", config_json(d));
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
		"usage: pciescope topo [-v] [--json] [--backend host|emulated] [--platform NAME]\n"
		"  The PCI tree with link speed/width, current vs maximum; a link below what\n"
		"  both its ends support is flagged DOWNGRADED, one held back by the other end\n"
		"  says which.  -v: MPS, MRRS, ASPM and AER status as lspci -vv shows them.\n"
		"  Names from pci.ids (libpci).\n");
	return ret;
}

int cmd_topo(int argc, char **argv)
{
	struct backend_opts bo = {0};
	struct names nm = {0};
	struct topo t = {0};
	static const char *const known[] = {"--json", "--verbose", "--help", BACKEND_OPTS_NAMES,
					    NULL};
	bool json = false, verbose = false;
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
		if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
			verbose = true;
		else if (!strcmp(argv[i], "--json"))
			json = true;
		else
			return cli_unknown_option(argv[i], known);
	}
	b = backend_opts_open(&bo, "topo");
	if (!b)
		return 1;
	nm.acc = pci_alloc();
	pci_init(nm.acc);
	r = topo_scan(b, &t);
	if (r)
		r = cli_errno(r, "topo: cannot read /sys/bus/pci/devices");
	else if (json)
		r = print_json(&t, &nm);
	else
		for (size_t i = 0; i < t.n; i++)
			if (t.d[i].parent < 0)
				print_dev(&t, &nm, i, 0, verbose);
	topo_free(&t);
	pci_cleanup(nm.acc);
	backend_close(b);
	return r;
}
