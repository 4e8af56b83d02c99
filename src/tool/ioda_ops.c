// SPDX-License-Identifier: GPL-2.0-only
/*
 * `ioda resolve`, `freeze`, `unfreeze` and `access` below the printing
 * (tool/ioda.h): one request each to a PHB's debug files.  An address names
 * its PHB by the windows that decode it (every PHB has CPU address ranges
 * of its own), a requester by its domain.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "ioda_internal.h"

int phb_resolve_address(struct backend *b, uint64_t addr, json_t **out, struct error *e)
{
	char cmd[32];
	uint16_t dom;

	snprintf(cmd, sizeof(cmd), "0x%" PRIx64, addr);
	if (phb_of_address(b, addr, &dom))
		return error_set(e, -ENXIO, "resolve %s: no PHB window decodes this address", cmd);
	return phb_ask(b, dom, "resolve", cmd, out, e);
}

int phb_resolve_rid(struct backend *b, struct pci_bdf rid, json_t **out, struct error *e)
{
	char bdf[16];

	pci_bdf_format(rid, bdf, sizeof(bdf));
	return phb_ask(b, rid.domain, "resolve", bdf, out, e);
}

int phb_freeze(struct backend *b, uint16_t domain, unsigned pe, bool freeze, enum phb_halves halves,
	       json_t **out, struct error *e)
{
	static const char *const half[] = {"", " mmio", " dma"};
	const char *what = freeze ? "freeze" : "unfreeze";
	char path[96], cmd[48], name[16], buf[PHB_FILE_MAX];
	int err;

	snprintf(cmd, sizeof(cmd), "%u%s", pe, freeze ? "" : half[halves]);
	phb_path(domain, what, path, sizeof(path));
	if ((err = phb_write(b, path, cmd)))
		return phb_fail(b, domain, err, what, e);
	snprintf(name, sizeof(name), "pe/%u", pe);
	phb_path(domain, name, path, sizeof(path));
	if ((err = phb_read(b, path, buf, sizeof(buf))))
		return error_set_errno(e, err, "PE %u", pe);
	*out = phb_record(buf);
	return 0;
}

int phb_access(struct backend *b, const struct phb_access *a, json_t **out, struct error *e)
{
	static const char *const op[] = {
	    [PHB_MSI] = "msi", [PHB_DMA] = "dma", [PHB_ERROR] = "error"};
	char cmd[128], bdf[16], addr[32];
	uint16_t dom = a->bdf.domain;

	snprintf(addr, sizeof(addr), "0x%" PRIx64, a->addr);
	if (a->op == PHB_LOAD || a->op == PHB_STORE) {
		if (phb_of_address(b, a->addr, &dom))
			return error_set(e, -ENXIO, "access %s: no PHB window decodes this address",
					 addr);
		if (a->op == PHB_STORE)
			snprintf(cmd, sizeof(cmd), "%s 0x%" PRIx64, addr, a->value);
		else
			snprintf(cmd, sizeof(cmd), "%s", addr);
	} else {
		pci_bdf_format(a->bdf, bdf, sizeof(bdf));
		snprintf(cmd, sizeof(cmd), "%s %s %s", op[a->op], bdf,
			 a->op == PHB_DMA ? addr : "");
	}
	return phb_ask(b, dom, "access", cmd, out, e);
}
