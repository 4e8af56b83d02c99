// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda show: per PHB (tool/ioda.h's phb_show) its windows (M32,
 * enabled M64 windows), the M32 segments owned by a PE, and every PE in use
 * with its kind, master, freeze state and devices.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/size.h>
#include <pciescope/tool/ioda.h>

#include "cli.h"
#include "ioda.h"

static const char *state_name(int s)
{
	static const char *const n[] = {"ok",	 "mmio-frozen", "dma-frozen", "frozen",
					"reset", "unavailable", "unsupported"};

	return s >= 0 && s < 7 ? n[s] : "?";
}

/* Secondary PEs of one master in a row print as one range line. */
static void print_pes(const json_t *pes)
{
	for (size_t i = 0; i < json_array_size(pes);) {
		const json_t *r = json_array_get(pes, i);
		size_t j = i + 1;
		char num[16];

		while (!strcmp(ioda_str(r, "kind"), "secondary") && j < json_array_size(pes) &&
		       !strcmp(ioda_str(json_array_get(pes, j), "kind"), "secondary") &&
		       phb_num(json_array_get(pes, j), "master") == phb_num(r, "master") &&
		       phb_num(json_array_get(pes, j), "pe") == phb_num(r, "pe") + (j - i))
			j++;
		snprintf(num, sizeof(num), j - i > 1 ? "%" PRIu64 "-%" PRIu64 : "%" PRIu64,
			 phb_num(r, "pe"), phb_num(json_array_get(pes, j - 1), "pe"));
		printf("  %-7s %-9s %-6s %-11s %s\n", num, ioda_str(r, "kind"),
		       ioda_str(r, "master"), state_name((int)phb_num(r, "domain_state")),
		       ioda_str(r, "devices"));
		i = j;
	}
}

static void print_phb(const json_t *phb)
{
	char a[16], b[16], s1[16], s2[16];
	size_t i;
	json_t *r;

	printf("PHB %04" PRIx64 ": %" PRIu64 " PEs (reserved %" PRIu64 ", root bus %" PRIu64
	       "), M32 %s "
	       "%s in %s segments, M64 %s %s in %s segments, %" PRIu64 " M64 windows free\n",
	       phb_num(phb, "domain"), phb_num(phb, "num_pes"), phb_num(phb, "reserved_pe"),
	       phb_num(phb, "root_pe"), ioda_str(phb, "m32_base"),
	       size_format(phb_num(phb, "m32_size"), a, sizeof(a)),
	       size_format(phb_num(phb, "m32_segsize"), s1, sizeof(s1)), ioda_str(phb, "m64_base"),
	       size_format(phb_num(phb, "m64_size"), b, sizeof(b)),
	       size_format(phb_num(phb, "m64_segsize"), s2, sizeof(s2)), phb_num(phb, "m64_free"));
	if (json_object_get(phb, "error"))
		printf("  assignment failed: %s\n", ioda_str(phb, "error"));
	printf("  %-6s %-5s %-18s %-6s %-8s %-10s %s\n", "window", "index", "base", "size",
	       "segment", "mode", "owner");
	json_array_foreach(json_object_get(phb, "windows"), i, r)
	    printf("  %-6s %-5s %-18s %-6s %-8s %-10s %s%s%s\n", ioda_str(r, "window"),
		   ioda_str(r, "index"), ioda_str(r, "base"),
		   size_format(phb_num(r, "size"), a, sizeof(a)),
		   size_format(phb_num(r, "segsize"), b, sizeof(b)), ioda_str(r, "mode"),
		   ioda_str(r, "owner"), json_object_get(r, "pe") ? " pe " : "",
		   json_object_get(r, "pe") ? ioda_str(r, "pe") : "");
	json_array_foreach(json_object_get(phb, "m32_segments"), i, r)
	    printf("  M32 segments %s-%s -> PE %s\n", ioda_str(r, "first"), ioda_str(r, "last"),
		   ioda_str(r, "pe"));
	printf("  %-7s %-9s %-6s %-11s %s\n", "PE", "kind", "master", "state", "devices");
	print_pes(json_object_get(phb, "pes"));
}

int ioda_show(struct ioda_ctx *c)
{
	uint16_t dom[64];
	int n = phb_list(c->b, dom, 64);
	json_t *all = json_array();
	int ret = 0;

	if (!n) {
		json_decref(all);
		return cli_error("ioda: no IODA2 PHB on this platform (try --platform power8)");
	}
	for (int i = 0; i < n; i++)
		json_array_append_new(all, phb_show(c->b, dom[i]));
	if (c->o.json)
		ioda_emit(c, json_pack("{s:O}", "phbs", all), NULL);
	for (size_t i = 0; i < json_array_size(all); i++) {
		json_t *phb = json_array_get(all, i);

		if (!c->o.json)
			print_phb(phb);
		/* A PHB whose assignment failed is a failure of the platform: say why, exit 1. */
		if (json_object_get(phb, "error") && !ret)
			ret = cli_error("ioda: PHB %04" PRIx64 ": %s", phb_num(phb, "domain"),
					ioda_str(phb, "error"));
	}
	json_decref(all);
	return ret;
}
