// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope ioda sriov PF [--numvfs N] [--segment-size S]: enables VFs the
 * way a user does (writing sriov_numvfs; 0 first when a count is already
 * set, as the PCI core demands) and shows where the kernel put them: the
 * mode of the VF BAR, the segments it reserves, how many positions VF0's PE
 * could have taken, and per VF its PE and BARs.  --segment-size is a what-if
 * the 6.1 kernel never does (its segment is always the VF BAR size): with a
 * smaller segment every VF spans several PEs, and the positions left for
 * VF0 are counted against the PEs in use.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "cli.h"
#include "cli_number.h"
#include "ioda.h"

static json_t *vf_bars(struct ioda_ctx *c, const char *bdf)
{
	char path[96], buf[4096];
	json_t *bars = json_array();
	unsigned long long s, e, f;
	int idx = 0;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource", bdf);
	if (ioda_read(c, path, buf, sizeof(buf)))
		return bars;
	for (char *l = buf; l && *l && idx < 6;
	     l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL, idx++) {
		char base[24];

		if (sscanf(l, "%llx %llx %llx", &s, &e, &f) != 3 || !e)
			continue;
		snprintf(base, sizeof(base), "0x%llx", s);
		json_array_append_new(bars, json_pack("{s:i,s:s,s:I}", "index", idx, "base", base,
						      "size", (json_int_t)(e - s + 1)));
	}
	return bars;
}

static json_t *vfs_json(struct ioda_ctx *c, struct pci_bdf pf, const json_t *hdr)
{
	json_t *vfs = json_array();
	uint64_t n = ioda_num(hdr, "num_vfs");

	for (uint64_t j = 0; j < n; j++) {
		struct pci_bdf v = {pf.domain, (uint16_t)(pf.rid + ioda_num(hdr, "vf_offset") +
							  j * ioda_num(hdr, "vf_stride"))};
		char bdf[16];
		int err;
		json_t *r;

		pci_bdf_format(v, bdf, sizeof(bdf));
		r = ioda_ask(c, pf.domain, "resolve", bdf, &err);
		json_array_append_new(
		    vfs, json_pack("{s:I,s:s,s:I,s:o}", "vf", (json_int_t)j, "bdf", bdf, "pe",
				   (json_int_t)ioda_num(r, "pe"), "bars", vf_bars(c, bdf)));
		json_decref(r);
	}
	return vfs;
}

/* A power of two, in bytes or with a K, M or G suffix. */
static int parse_size(const char *s, uint64_t *v)
{
	static const char units[] = "kmg";
	size_t n = strlen(s);
	const char *u = n ? strchr(units, tolower((unsigned char)s[n - 1])) : NULL;
	int shift = u ? 10 * (int)(u - units + 1) : 0;
	char num[32];

	if (n - !!shift >= sizeof(num))
		return -EINVAL;
	snprintf(num, sizeof(num), "%.*s", (int)(n - !!shift), s);
	if (cli_parse_uint(num, 10, UINT64_MAX >> shift, v))
		return -EINVAL;
	*v <<= shift;
	return !*v || (*v & (*v - 1)) ? -EINVAL : 0;
}

/* PEs in use on the PHB, without the PF's own VF PEs (they would move). */
static void used_pes(struct ioda_ctx *c, uint16_t dom, const json_t *hdr, bool used[256])
{
	char path[96], buf[4096];
	uint64_t base = ioda_num(hdr, "pe_base"), n = ioda_num(hdr, "num_vfs");
	unsigned a, b;

	memset(used, 0, 256);
	snprintf(path, sizeof(path), IODA_DEBUG "/PCI%04x/pes", dom);
	if (ioda_read(c, path, buf, sizeof(buf)))
		return;
	for (char *t = strtok(buf, " \n"); t; t = strtok(NULL, " \n"))
		if (sscanf(t, "%u-%u", &a, &b) == 2)
			for (unsigned pe = a; pe <= b && pe < 256; pe++)
				used[pe] = !(pe >= base && pe < base + n);
}

static int what_if(struct ioda_ctx *c, uint16_t dom, const json_t *hdr, uint64_t vf_size,
		   json_t *out)
{
	uint64_t seg, n = ioda_num(hdr, "num_vfs"), k, choices = 0;
	bool used[256];

	if (parse_size(c->o.segment_size, &seg) || seg > vf_size)
		return cli_error("ioda: --segment-size must be a power of two no larger than the "
				 "VF BAR (%" PRIu64 ")",
				 vf_size);
	if (!n)
		return cli_error("ioda: --segment-size needs VFs enabled (--numvfs N)");
	k = vf_size / seg;
	used_pes(c, dom, hdr, used);
	/* VF BARs stay aligned to their size, so VF0 moves in steps of k segments. */
	for (uint64_t x = 0; x + n * k <= 256; x += k) {
		uint64_t i = x;

		while (i < x + n * k && !used[i])
			i++;
		choices += i == x + n * k;
	}
	json_object_set_new(out, "what_if",
			    json_pack("{s:I,s:I,s:I,s:I}", "segment_size", (json_int_t)seg,
				      "segments_per_vf", (json_int_t)k, "segments_consumed",
				      (json_int_t)(n * k), "pe_choices", (json_int_t)choices));
	return 0;
}

static int set_numvfs(struct ioda_ctx *c, const char *bdf, uint16_t dom)
{
	char path[96], cur[32], what[64], val[8];
	uint64_t n;
	int err;

	if (cli_parse_uint(c->o.numvfs, 10, UINT16_MAX, &n))
		return cli_error("ioda: --numvfs needs a count, not '%s'", c->o.numvfs);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/sriov_numvfs", bdf);
	snprintf(what, sizeof(what), "sriov %s --numvfs %" PRIu64, bdf, n);
	snprintf(val, sizeof(val), "%" PRIu64, n);
	if (ioda_read(c, path, cur, sizeof(cur)))
		return cli_error("ioda: %s is not an SR-IOV physical function", bdf);
	if (strtoul(cur, NULL, 10) == n)
		return 0;
	if (n && strtoul(cur, NULL, 10) && (err = ioda_write(c, path, "0")))
		return ioda_fail(c, dom, err, what);
	err = ioda_write(c, path, val);
	return err ? ioda_fail(c, dom, err, what) : 0;
}

static void print_text(const json_t *o)
{
	char a[16], b[16];
	size_t i, j;
	json_t *v, *bar;

	bool seg = !strcmp(ioda_str(o, "mode"), "segmented");

	printf("PF %s: %" PRIu64 " VFs, VF BAR %s %s: %" PRIu64 " %s of %s reserved",
	       ioda_str(o, "pf"), ioda_num(o, "num_vfs"), ioda_str(o, "bar"), ioda_str(o, "mode"),
	       ioda_num(o, "segments_reserved"), seg ? "segments" : "VF BARs (a window each)",
	       ioda_size(ioda_num(o, "segment_size"), a, sizeof(a)));
	if (json_is_integer(json_object_get(o, "pe_choices")))
		printf(", VF0's PE had %" PRIu64 " possible positions", ioda_num(o, "pe_choices"));
	printf("\n");
	if ((v = json_object_get(o, "what_if")))
		printf("what-if %s segments: %" PRIu64 " segments per VF, %" PRIu64
		       " consumed, %" PRIu64 " positions for VF0's PE\n",
		       ioda_size(ioda_num(v, "segment_size"), b, sizeof(b)),
		       ioda_num(v, "segments_per_vf"), ioda_num(v, "segments_consumed"),
		       ioda_num(v, "pe_choices"));
	if (json_array_size(json_object_get(o, "vfs")))
		printf("  %-3s %-13s %-4s %-3s %-18s %s\n", "VF", "BDF", "PE", "BAR", "base",
		       "size");
	json_array_foreach(json_object_get(o, "vfs"), i, v)
	    json_array_foreach(json_object_get(v, "bars"), j, bar)
		printf("  %-3s %-13s %-4s %-3s %-18s %s\n", ioda_str(v, "vf"), ioda_str(v, "bdf"),
		       ioda_str(v, "pe"), ioda_str(bar, "index"), ioda_str(bar, "base"),
		       ioda_size(ioda_num(bar, "size"), a, sizeof(a)));
}

static json_t *first_bar(json_t *recs)
{
	for (size_t i = 1; i < json_array_size(recs); i++) {
		json_t *r = json_array_get(recs, i);

		if (strcmp(ioda_str(r, "mode"), "none"))
			return r;
	}
	return NULL;
}

int ioda_sriov(struct ioda_ctx *c)
{
	struct pci_bdf pf;
	char bdf[16], path[96], buf[4096];
	json_t *recs, *hdr, *bar, *out;
	int ret = 0;

	if (c->o.npos < 2 || pci_bdf_parse(c->o.pos[1], &pf))
		return cli_error("ioda: sriov needs a PF address like 0000:01:00.0");
	pci_bdf_format(pf, bdf, sizeof(bdf));
	if (c->o.numvfs && set_numvfs(c, bdf, pf.domain))
		return 1;
	snprintf(path, sizeof(path), IODA_DEBUG "/PCI%04x/sriov/%s", pf.domain, bdf);
	if (ioda_read(c, path, buf, sizeof(buf)))
		return cli_error("ioda: %s is not an SR-IOV physical function", bdf);
	recs = ioda_records(buf);
	hdr = json_array_get(recs, 0);
	bar = first_bar(recs);
	if (!bar) {
		ret = cli_error("ioda: %s: SR-IOV disabled at boot: %s", bdf,
				ioda_str(hdr, "reason"));
		json_decref(recs);
		return ret;
	}
	out = json_pack("{s:s,s:I,s:s,s:I,s:I,s:o,s:I,s:o}", "pf", bdf, "num_vfs",
			(json_int_t)ioda_num(hdr, "num_vfs"), "mode", ioda_str(bar, "mode"),
			"segment_size", (json_int_t)ioda_num(bar, "segment_size"),
			"segments_reserved", (json_int_t)ioda_num(bar, "segments_reserved"),
			"pe_choices",
			json_object_get(hdr, "pe_choices")
			    ? json_integer((json_int_t)ioda_num(hdr, "pe_choices"))
			    : json_null(),
			"bar", (json_int_t)ioda_num(bar, "bar"), "vfs", vfs_json(c, pf, hdr));
	if (c->o.segment_size)
		ret = what_if(c, pf.domain, hdr, ioda_num(bar, "vf_size"), out);
	if (!ret && c->o.json)
		ioda_print_json(json_incref(out));
	else if (!ret)
		print_text(out);
	json_decref(out);
	json_decref(recs);
	return ret;
}
