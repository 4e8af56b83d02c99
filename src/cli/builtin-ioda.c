// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda: PowerNV IODA2 resources of the PHBs, read and changed only
 * through the powernv_ioda files in sysfs (the backend), on the power8
 * platform by default.  Subcommands: show, sriov, resolve, freeze,
 * unfreeze, access; each prints text or, with --json, one JSON document.
 */
#include <stdio.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"
#include "ioda.h"

static const char usage[] =
    "usage: pciescope ioda [--platform NAME] [--json] <command>\n"
    "  show                                  windows, M32 segments, PEs and devices\n"
    "  sriov PF [--numvfs N] [--segment-size S]   enable VFs, show their PEs and BARs\n"
    "  resolve ADDRESS|BDF                   window, segment and PE of an address or RID\n"
    "  freeze [DOMAIN:]PE                    freeze a PE (and its secondary PEs)\n"
    "  unfreeze [DOMAIN:]PE [--mmio|--dma]   clear a PE's freeze, or one half of it\n"
    "  access ADDRESS [--write VALUE]        MMIO load/store through the PHB\n"
    "  access --msi BDF | --dma BDF ADDRESS  a function's MSI or DMA through the PHB\n"
    "  access --error BDF                    a PCIe error message from BDF (PELT-V freezes)\n";

static const char *const valued[] = {"--platform", "--numvfs", "--write",	 "--msi",
				     "--error",	   "--dma",    "--segment-size", "--phb"};

static const char **slot(struct ioda_opts *o, const char *name)
{
	if (!strcmp(name, "--platform"))
		return &o->platform;
	if (!strcmp(name, "--numvfs"))
		return &o->numvfs;
	if (!strcmp(name, "--write"))
		return &o->write;
	if (!strcmp(name, "--msi"))
		return &o->msi;
	if (!strcmp(name, "--error"))
		return &o->err_bdf;
	if (!strcmp(name, "--segment-size"))
		return &o->segment_size;
	if (!strcmp(name, "--phb"))
		return &o->phb;
	return &o->dma_bdf;
}

static int takes_value(const char *a, const struct ioda_opts *o, int next_is_bdf)
{
	for (size_t i = 0; i < sizeof(valued) / sizeof(valued[0]); i++)
		if (!strcmp(a, valued[i]))
			/* --dma alone means "clear the DMA half" for unfreeze. */
			return strcmp(a, "--dma") || next_is_bdf;
	return 0;
}

static int parse(int argc, char **argv, struct ioda_opts *o)
{
	static const char *const known[] = {"--platform", "--numvfs", "--write", "--msi",
					    "--error", "--dma", "--segment-size", "--phb",
					    "--json", "--mmio", "--help", NULL};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--json")) {
			o->json = true;
		} else if (!strcmp(a, "--mmio")) {
			o->mmio = true;
		} else if (takes_value(a, o, i + 1 < argc && strchr(argv[i + 1], ':'))) {
			if (i + 1 >= argc)
				return cli_error("ioda: %s needs a value", a);
			*slot(o, a) = argv[++i];
		} else if (!strcmp(a, "--dma")) {
			o->dma = true;
		} else if (a[0] == '-' && a[1] == '-') {
			return cli_unknown_option(a, known);
		} else if (o->npos < 3) {
			o->pos[o->npos++] = a;
		} else {
			return cli_error("ioda: too many arguments");
		}
	}
	return 0;
}

static int run(struct ioda_ctx *c, const char *cmd)
{
	if (!strcmp(cmd, "show"))
		return ioda_show(c);
	if (!strcmp(cmd, "sriov"))
		return ioda_sriov(c);
	if (!strcmp(cmd, "resolve"))
		return ioda_resolve(c);
	if (!strcmp(cmd, "freeze") || !strcmp(cmd, "unfreeze"))
		return ioda_freeze(c, !strcmp(cmd, "freeze"));
	if (!strcmp(cmd, "access"))
		return ioda_access(c);
	return cli_error("ioda: unknown command '%s'; see 'pciescope ioda --help'", cmd);
}

int cmd_ioda(int argc, char **argv)
{
	struct ioda_ctx c = {0};
	struct backend_options bo = {.kind = "emulated"};
	char err[256];
	int ret;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(usage, stdout);
			return 0;
		}
	if (parse(argc, argv, &c.o))
		return 1;
	if (!c.o.npos)
		return cli_error(
		    "ioda: a command is needed (show, sriov, resolve, freeze, unfreeze, access)");
	bo.platform = c.o.platform ? c.o.platform : "power8";
	if (backend_open(&bo, &c.b, err, sizeof(err)))
		return cli_error("ioda: %s", err);
	cli_backend_opened(c.b);
	ret = run(&c, c.o.pos[0]);
	backend_close(c.b);
	return ret;
}
