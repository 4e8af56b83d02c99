// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda: PowerNV IODA2 resources of the PHBs, read and changed only
 * through the powernv_ioda files in sysfs (the backend), on the power8
 * platform by default.  Subcommands: show, sriov, resolve, freeze,
 * unfreeze, access; each prints text or, with --json, one JSON document.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_number.h"
#include "parse_options.h"
#include "ioda.h"

static const char *const ioda_synopsis[] = {"ioda [--platform NAME] [--json] <command>", NULL};

static const char ioda_notes[] =
    "commands:\n"
    "  show                                  windows, M32 segments, PEs and devices\n"
    "  sriov PF [--numvfs N] [--segment-size S]   enable VFs, show their PEs and BARs\n"
    "  resolve ADDRESS|BDF                   window, segment, PE of an address or RID\n"
    "  freeze [DOMAIN:]PE                    freeze a PE (and its secondary PEs)\n"
    "  unfreeze [DOMAIN:]PE [--mmio|--dma]   clear a PE's freeze, or one half of it\n"
    "  access ADDRESS [--write VALUE]        MMIO load/store through the PHB\n"
    "  access --msi BDF | --dma BDF ADDRESS  a function's MSI or DMA through the PHB\n"
    "  access --error BDF                    a PCIe error message (PELT-V freezes)\n";

static const char *const commands[] = {"show",	   "sriov",  "resolve", "freeze",
				       "unfreeze", "access", NULL};

/*
 * access --dma BDF ADDRESS: --dma is also unfreeze's flag, so the table
 * takes it bare and the BDF is the one of the words that is one (it has a
 * ':'); the other is the ADDRESS.
 */
static void dma_bdf(struct ioda_opts *o)
{
	if (!o->dma || o->npos < 2 || strcmp(o->pos[0], "access"))
		return;
	if (o->npos > 2 && !strchr(o->pos[1], ':') && strchr(o->pos[2], ':')) {
		const char *t = o->pos[1];

		o->pos[1] = o->pos[2];
		o->pos[2] = t;
	}
	o->dma_bdf = o->pos[1];
	o->pos[1] = o->npos > 2 ? o->pos[2] : NULL;
	o->npos--;
}

/* --numvfs N: checked as the table checks numbers, kept as text for the sysfs write. */
static int take_numvfs(const struct cli_option *opt, const char *arg)
{
	uint64_t n;

	if (cli_parse_uint(arg, 10, UINT16_MAX, &n))
		return cli_error("--numvfs: '%s' is not a number from 0 to %u", arg, UINT16_MAX);
	*(const char **)opt->value = arg;
	return 0;
}

/* 0 to go on, 1 after an error, -1 after --help. */
static int parse(int argc, char **argv, struct ioda_opts *o)
{
	const struct cli_option options[] = {
	    OPT_STRING(0, "platform", &o->platform, "NAME", "the emulated platform (power8)"),
	    OPT_BOOL(0, "json", &o->json, "one JSON document"),
	    OPT_CALLBACK(0, "numvfs", &o->numvfs, "N", "sriov: the VFs to enable", take_numvfs),
	    OPT_STRING(0, "segment-size", &o->segment_size, "S", "sriov: the M64 segment size"),
	    OPT_STRING(0, "phb", &o->phb, "DOMAIN", "the PHB to act on"),
	    OPT_BOOL(0, "mmio", &o->mmio, "unfreeze: the MMIO half only"),
	    OPT_BOOL(0, "dma", &o->dma, "unfreeze: the DMA half only; access: a DMA"),
	    OPT_STRING(0, "write", &o->write, "VALUE", "access: store VALUE"),
	    OPT_STRING(0, "msi", &o->msi, "BDF", "access: an MSI of BDF"),
	    OPT_STRING(0, "error", &o->err_bdf, "BDF", "access: a PCIe error message from BDF"),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {ioda_synopsis, options, ioda_notes, 0};
	int n = cli_parse_options(argc, argv, &cmd);

	if (n < 0)
		return n == CLI_PARSE_HELP ? -1 : 1;
	if (n > 3)
		return cli_error("ioda: too many arguments");
	for (int i = 0; i < n; i++)
		o->pos[i] = argv[i];
	o->npos = n;
	dma_bdf(o);
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
	return cli_unknown_word("command", cmd, commands);
}

int cmd_ioda(int argc, char **argv)
{
	struct ioda_ctx c = {0};
	struct backend_options bo = {.kind = "emulated"};
	int ret;

	ret = parse(argc, argv, &c.o);
	if (ret)
		return ret < 0 ? 0 : 1;
	if (!c.o.npos)
		return cli_error(
		    "ioda: a command is needed (show, sriov, resolve, freeze, unfreeze, access)");
	bo.platform = c.o.platform ? c.o.platform : "power8";
	c.b = cli_backend_open(&bo, "ioda");
	if (!c.b)
		return 1;
	ret = run(&c, c.o.pos[0]);
	backend_close(c.b);
	return ret;
}
