// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda resolve / freeze / unfreeze / access: one request each to
 * the PHB's debug files.  An address names its PHB by the windows that
 * decode it (every PHB has its own CPU address ranges); a BDF by its domain;
 * a PE by "DOMAIN:PE", --phb DOMAIN, or PHB 0000.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "cli.h"
#include "cli_number.h"
#include "ioda.h"

static int parse_addr(const char *s, uint64_t *v)
{
	return cli_parse_uint(s, 10, UINT64_MAX, v);
}

static int emit(struct ioda_ctx *c, json_t *r, void (*text)(const json_t *r))
{
	if (c->o.json)
		ioda_print_json(json_incref(r));
	else
		text(r);
	json_decref(r);
	return 0;
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
	struct pci_bdf b;
	uint64_t addr;
	uint16_t dom;
	json_t *r;
	int err;

	if (!arg)
		return cli_error("ioda: resolve needs an ADDRESS or a BDF");
	if (strchr(arg, ':')) {
		if (pci_bdf_parse(arg, &b))
			return cli_error("ioda: '%s' is not a BDF like 0000:01:00.0", arg);
		r = ioda_ask(c, b.domain, "resolve", arg, &err);
		return r ? emit(c, r, resolve_text) : ioda_fail(c, b.domain, err, "resolve");
	}
	if (parse_addr(arg, &addr))
		return cli_error("ioda: '%s' is not an address", arg);
	if (ioda_phb_of(c, addr, &dom))
		return cli_error("ioda: resolve %s: no PHB window decodes this address", arg);
	r = ioda_ask(c, dom, "resolve", arg, &err);
	return r ? emit(c, r, resolve_text) : ioda_fail(c, dom, err, "resolve");
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
	uint64_t s = ioda_num(r, "state"), d = ioda_num(r, "domain_state");

	printf("PE %s (%s, master %s): %s, domain %s, cause %s; devices %s\n", ioda_str(r, "pe"),
	       ioda_str(r, "kind"), ioda_str(r, "master"), s < 4 ? st[s] : "unavailable",
	       d < 4 ? st[d] : "unavailable", ioda_str(r, "cause"), ioda_str(r, "devices"));
}

int ioda_freeze(struct ioda_ctx *c, bool freeze)
{
	char path[96], cmd[48], buf[4096];
	uint16_t dom;
	unsigned pe;
	int err;

	if (pe_arg(c, &dom, &pe))
		return cli_error("ioda: %s needs a PE number (0-255), optionally DOMAIN:PE",
				 freeze ? "freeze" : "unfreeze");
	snprintf(cmd, sizeof(cmd), "%u%s", pe,
		 freeze			  ? ""
		 : c->o.mmio && !c->o.dma ? " mmio"
		 : c->o.dma && !c->o.mmio ? " dma"
					  : "");
	snprintf(path, sizeof(path), IODA_DEBUG "/PCI%04x/%s", dom, freeze ? "freeze" : "unfreeze");
	err = ioda_write(c, path, cmd);
	if (err)
		return ioda_fail(c, dom, err, freeze ? "freeze" : "unfreeze");
	snprintf(path, sizeof(path), IODA_DEBUG "/PCI%04x/pe/%u", dom, pe);
	if ((err = ioda_read(c, path, buf, sizeof(buf))))
		return cli_errno(err, "ioda: PE %u", pe);
	return emit(c, ioda_record(buf), pe_text);
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

int ioda_access(struct ioda_ctx *c)
{
	const char *arg = c->o.npos > 1 ? c->o.pos[1] : NULL;
	const char *bdf = c->o.msi ? c->o.msi : c->o.err_bdf ? c->o.err_bdf : c->o.dma_bdf;
	const char *op = c->o.msi ? "msi" : c->o.err_bdf ? "error" : "dma";
	char cmd[128];
	struct pci_bdf b;
	uint64_t addr, v;
	uint16_t dom;
	json_t *r;
	int err;

	if (bdf) {
		if (pci_bdf_parse(bdf, &b))
			return cli_error("ioda: '%s' is not a BDF like 0000:01:00.0", bdf);
		if (!strcmp(op, "dma") && parse_addr(arg, &addr))
			return cli_error("ioda: access --dma BDF needs a bus ADDRESS");
		snprintf(cmd, sizeof(cmd), "%s %s %s", op, bdf, strcmp(op, "dma") ? "" : arg);
		dom = b.domain;
	} else {
		if (parse_addr(arg, &addr))
			return cli_error("ioda: access needs an ADDRESS");
		if (c->o.write && parse_addr(c->o.write, &v))
			return cli_error("ioda: --write needs a value, not '%s'", c->o.write);
		if (ioda_phb_of(c, addr, &dom))
			return cli_error("ioda: access %s: no PHB window decodes this address",
					 arg);
		snprintf(cmd, sizeof(cmd), "0x%" PRIx64 "%s%s", addr, c->o.write ? " " : "",
			 c->o.write ? c->o.write : "");
	}
	r = ioda_ask(c, dom, "access", cmd, &err);
	return r ? emit(c, r, access_text) : ioda_fail(c, dom, err, "access");
}
