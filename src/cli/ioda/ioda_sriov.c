// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda sriov PF [--numvfs N] [--segment-size S]: sets the VF
 * count, then prints where the kernel put the VFs and, with
 * --segment-size, the what-if of a smaller M64 segment (tool/ioda.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/perf/size.h>
#include <pciescope/tool/ioda.h>

#include "cli.h"
#include "cli_number.h"
#include "ioda.h"

static void print_text(const json_t *o)
{
	bool seg = !strcmp(ioda_str(o, "mode"), "segmented");
	char a[16], b[16];
	size_t i, j;
	json_t *v, *bar;

	printf("PF %s: %" PRIu64 " VFs, VF BAR %s %s: %" PRIu64 " %s of %s reserved",
	       ioda_str(o, "pf"), phb_num(o, "num_vfs"), ioda_str(o, "bar"), ioda_str(o, "mode"),
	       phb_num(o, "segments_reserved"), seg ? "segments" : "VF BARs (a window each)",
	       size_format(phb_num(o, "segment_size"), a, sizeof(a)));
	if (json_is_integer(json_object_get(o, "pe_choices")))
		printf(", VF0's PE had %" PRIu64 " possible positions", phb_num(o, "pe_choices"));
	printf("\n");
	if ((v = json_object_get(o, "what_if")))
		printf("what-if %s segments: %" PRIu64 " segments per VF, %" PRIu64
		       " consumed, %" PRIu64 " positions for VF0's PE\n",
		       size_format(phb_num(v, "segment_size"), b, sizeof(b)),
		       phb_num(v, "segments_per_vf"), phb_num(v, "segments_consumed"),
		       phb_num(v, "pe_choices"));
	if (json_array_size(json_object_get(o, "vfs")))
		printf("  %-3s %-13s %-4s %-3s %-18s %s\n", "VF", "BDF", "PE", "BAR", "base",
		       "size");
	json_array_foreach(json_object_get(o, "vfs"), i, v)
	    json_array_foreach(json_object_get(v, "bars"), j, bar)
		printf("  %-3s %-13s %-4s %-3s %-18s %s\n", ioda_str(v, "vf"), ioda_str(v, "bdf"),
		       ioda_str(v, "pe"), ioda_str(bar, "index"), ioda_str(bar, "base"),
		       size_format(phb_num(bar, "size"), a, sizeof(a)));
}

int ioda_sriov(struct ioda_ctx *c)
{
	struct error e;
	struct pci_bdf pf;
	uint64_t n, seg = 0;
	json_t *out;
	int err;

	if (c->o.npos < 2 || pci_bdf_parse(c->o.pos[1], &pf))
		return cli_error("ioda: sriov needs a PF address like 0000:01:00.0");
	if (c->o.segment_size && size_parse(c->o.segment_size, 1, &seg))
		return cli_error("ioda: --segment-size: '%s' is not a size like 256K",
				 c->o.segment_size);
	if (c->o.numvfs) {
		if (cli_parse_uint(c->o.numvfs, 10, UINT16_MAX, &n))
			return cli_error("ioda: --numvfs: '%s' is not a number from 0 to %u",
					 c->o.numvfs, UINT16_MAX);
		if (phb_sriov_set_numvfs(c->b, pf, (unsigned)n, &e))
			return cli_fail(&e);
	}
	if (phb_sriov(c->b, pf, &out, &e))
		return cli_fail(&e);
	err = c->o.segment_size ? phb_sriov_what_if(c->b, pf, seg, out, &e) : 0;
	if (err) {
		json_decref(out);
		return err == -ENODEV
			   ? cli_error("ioda: --segment-size needs VFs enabled (--numvfs N)")
			   : cli_error("ioda: --segment-size: %s", e.msg);
	}
	return ioda_emit(c, out, print_text);
}
