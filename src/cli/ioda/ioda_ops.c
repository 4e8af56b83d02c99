// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda resolve / freeze / unfreeze / access: the words typed, the
 * request (tool/ioda.h) and its answer in words.  A PE is named by
 * "DOMAIN:PE", --phb DOMAIN, or PHB 0000.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/tool/ioda.h>

#include "cli.h"
#include "cli_number.h"
#include "ioda.h"

static int parse_addr(const char *s, uint64_t *v)
{
	return cli_parse_uint(s, 10, UINT64_MAX, v);
}

static void resolve_text(const json_t *r)
{
	if (json_object_get(r, "bdf")) {
		printf("%s: RID %s -> PE %s (master %s), MSI %s\n", ioda_str(r, "bdf"),
		       ioda_str(r, "rid"), ioda_str(r, "pe"), ioda_str(r, "master"),
		       ioda_str(r, "irq"));
		return;
	}
	printf("%s: %s window %s, segment %s -> PE %s (master %s), %s", ioda_str(r, "address"),
	       ioda_str(r, "window"), ioda_str(r, "index"), ioda_str(r, "segment"),
	       json_object_get(r, "pe") ? ioda_str(r, "pe") : "none",
	       json_object_get(r, "master") ? ioda_str(r, "master") : "-", ioda_str(r, "device"));
	if (strcmp(ioda_str(r, "device"), "none"))
		printf(" BAR %s + %s", ioda_str(r, "bar"), ioda_str(r, "offset"));
	printf("\n");
}

int ioda_resolve(struct ioda_ctx *c)
{
	const char *arg = c->o.npos > 1 ? c->o.pos[1] : NULL;
	struct error e;
	struct pci_bdf b;
	uint64_t addr;
	json_t *r;
	int err;

	if (!arg)
		return cli_error("ioda: resolve needs an ADDRESS or a BDF");
	if (strchr(arg, ':')) {
		if (pci_bdf_parse(arg, &b))
			return cli_error("ioda: '%s' is not a BDF like 0000:01:00.0", arg);
		err = phb_resolve_rid(c->b, b, &r, &e);
	} else {
		if (parse_addr(arg, &addr))
			return cli_error("ioda: '%s' is not an address", arg);
		err = phb_resolve_address(c->b, addr, &r, &e);
	}
	return err ? cli_fail(&e) : ioda_emit(c, r, resolve_text);
}

/* [DOMAIN:]PE, the domain in hex as in a BDF, else --phb's, else 0. */
static int pe_arg(struct ioda_ctx *c, uint16_t *dom, unsigned *pe)
{
	const char *s = c->o.npos > 1 ? c->o.pos[1] : NULL, *colon;
	const char *domain = c->o.phb ? c->o.phb : "0";
	char d[8];
	uint64_t dv, pv;

	if (!s)
		return -EINVAL;
	colon = strchr(s, ':');
	if (colon) {
		if ((size_t)(colon - s) >= sizeof(d))
			return -EINVAL;
		snprintf(d, sizeof(d), "%.*s", (int)(colon - s), s);
		domain = d;
		s = colon + 1;
	}
	if (cli_parse_uint(domain, 16, 0xffff, &dv) || cli_parse_uint(s, 10, 255, &pv))
		return -EINVAL;
	*dom = (uint16_t)dv;
	*pe = (unsigned)pv;
	return 0;
}

static void pe_text(const json_t *r)
{
	static const char *const st[] = {"not frozen", "MMIO frozen", "DMA frozen",
					 "MMIO and DMA frozen"};
	uint64_t s = phb_num(r, "state"), d = phb_num(r, "domain_state");

	printf("PE %s (%s, master %s): %s, domain %s, cause %s; devices %s\n", ioda_str(r, "pe"),
	       ioda_str(r, "kind"), ioda_str(r, "master"), s < 4 ? st[s] : "unavailable",
	       d < 4 ? st[d] : "unavailable", ioda_str(r, "cause"), ioda_str(r, "devices"));
}

int ioda_freeze(struct ioda_ctx *c, bool freeze)
{
	enum phb_halves halves = c->o.mmio && !c->o.dma	  ? PHB_MMIO_ONLY
				 : c->o.dma && !c->o.mmio ? PHB_DMA_ONLY
							  : PHB_MMIO_AND_DMA;
	struct error e;
	uint16_t dom;
	unsigned pe;
	json_t *r;

	if (pe_arg(c, &dom, &pe))
		return cli_error("ioda: %s needs a PE number (0-255), optionally DOMAIN:PE",
				 freeze ? "freeze" : "unfreeze");
	if (phb_freeze(c->b, dom, pe, freeze, halves, &r, &e))
		return cli_fail(&e);
	return ioda_emit(c, r, pe_text);
}

static const char *outcome(const char *res)
{
	if (!strcmp(res, "unclaimed"))
		return "no device decodes it (Unsupported Request), its PE is now frozen";
	if (!strcmp(res, "fault"))
		return "no valid TCE or no PE for the requester, its PE is now frozen";
	if (!strcmp(res, "rejected"))
		return "rejected, the interrupt belongs to another PE";
	return res;
}

static void access_text(const json_t *r)
{
	const char *op = ioda_str(r, "op"), *res = outcome(ioda_str(r, "result"));
	bool ok = !strcmp(res, "ok");

	/* JSON keeps the short result names; the text explains them. */

	if (!strcmp(op, "load"))
		printf("load %s -> %s%s%s (PE %s)\n", ioda_str(r, "address"), ioda_str(r, "value"),
		       ok ? "" : ": all ones, ",
		       ok		       ? ""
		       : strcmp(res, "frozen") ? res
					       : "PE frozen",
		       ioda_str(r, "pe"));
	else if (!strcmp(op, "store"))
		printf("store %s <- %s: %s (PE %s)\n", ioda_str(r, "address"), ioda_str(r, "value"),
		       ok			? "done"
		       : !strcmp(res, "frozen") ? "dropped, PE frozen"
						: res,
		       ioda_str(r, "pe"));
	else if (!strcmp(op, "msi"))
		printf("MSI of %s (interrupt %s, PE %s): %s, %s delivered so far\n",
		       ioda_str(r, "bdf"), ioda_str(r, "irq"), ioda_str(r, "pe"),
		       ok			? "delivered"
		       : !strcmp(res, "frozen") ? "blocked, PE frozen"
						: res,
		       ioda_str(r, "delivered"));
	else if (!strcmp(op, "error"))
		printf("error message from %s (PE %s): frozen PEs now %s\n", ioda_str(r, "bdf"),
		       ioda_str(r, "pe"), ioda_str(r, "frozen"));
	else
		printf("DMA of %s at %s -> %s: %s (PE %s)\n", ioda_str(r, "bdf"),
		       ioda_str(r, "address"), ioda_str(r, "translated"), res, ioda_str(r, "pe"));
}

/* The transaction the options name; 0 or 1 after printing the error. */
static int access_of(struct ioda_ctx *c, struct phb_access *a)
{
	const char *arg = c->o.npos > 1 ? c->o.pos[1] : NULL;
	const char *bdf = c->o.msi ? c->o.msi : c->o.err_bdf ? c->o.err_bdf : c->o.dma_bdf;

	if (bdf) {
		a->op = c->o.msi ? PHB_MSI : c->o.err_bdf ? PHB_ERROR : PHB_DMA;
		if (pci_bdf_parse(bdf, &a->bdf))
			return cli_error("ioda: '%s' is not a BDF like 0000:01:00.0", bdf);
		if (a->op == PHB_DMA && parse_addr(arg, &a->addr))
			return cli_error("ioda: access --dma BDF needs a bus ADDRESS");
		return 0;
	}
	a->op = c->o.write ? PHB_STORE : PHB_LOAD;
	if (parse_addr(arg, &a->addr))
		return cli_error("ioda: access needs an ADDRESS");
	if (c->o.write && parse_addr(c->o.write, &a->value))
		return cli_error("ioda: --write needs a value, not '%s'", c->o.write);
	return 0;
}

int ioda_access(struct ioda_ctx *c)
{
	struct phb_access a = {0};
	struct error e;
	json_t *r;

	if (access_of(c, &a))
		return 1;
	if (phb_access(c->b, &a, &r, &e))
		return cli_fail(&e);
	return ioda_emit(c, r, access_text);
}
