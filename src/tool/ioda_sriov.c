// SPDX-License-Identifier: GPL-2.0-only
/*
 * `ioda sriov` below the printing (tool/ioda.h): enables VFs the way a user
 * does (writing sriov_numvfs; 0 first when a count is already set, as the
 * PCI core demands) and collects where the kernel put them: the mode of
 * the VF BAR, the segments it reserves, how many positions VF0's PE could
 * have taken, and per VF its PE and BARs.  The what-if of a smaller
 * segment counts the positions VF0's PE would have left among the PEs in
 * use; the kernel never does it (its segment is always the VF BAR size).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ioda_internal.h"

static json_t *vf_bars(struct backend *b, const char *bdf)
{
	char path[96], buf[PHB_FILE_MAX];
	json_t *bars = json_array();
	unsigned long long s, e, f;
	int idx = 0;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource", bdf);
	if (phb_read(b, path, buf, sizeof(buf)))
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

static json_t *vfs_json(struct backend *b, struct pci_bdf pf, const json_t *hdr)
{
	json_t *vfs = json_array();
	uint64_t n = phb_num(hdr, "num_vfs");
	struct error ignored;

	for (uint64_t j = 0; j < n; j++) {
		struct pci_bdf v = {pf.domain, (uint16_t)(pf.rid + phb_num(hdr, "vf_offset") +
							  j * phb_num(hdr, "vf_stride"))};
		json_t *r = NULL;
		char bdf[16];

		pci_bdf_format(v, bdf, sizeof(bdf));
		phb_resolve_rid(b, v, &r, &ignored);
		json_array_append_new(vfs, json_pack("{s:I,s:s,s:I,s:o}", "vf", (json_int_t)j,
						     "bdf", bdf, "pe", (json_int_t)phb_num(r, "pe"),
						     "bars", vf_bars(b, bdf)));
		json_decref(r);
	}
	return vfs;
}

int phb_sriov_set_numvfs(struct backend *b, struct pci_bdf pf, unsigned n, struct error *e)
{
	char bdf[16], path[96], cur[32], what[64], val[16];
	unsigned long now;
	int err;

	pci_bdf_format(pf, bdf, sizeof(bdf));
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/sriov_numvfs", bdf);
	snprintf(what, sizeof(what), "sriov %s --numvfs %u", bdf, n);
	snprintf(val, sizeof(val), "%u", n);
	if (phb_read(b, path, cur, sizeof(cur)))
		return error_set(e, -ENODEV, "%s is not an SR-IOV physical function", bdf);
	now = strtoul(cur, NULL, 10);
	if (now == n)
		return 0;
	if (n && now && (err = phb_write(b, path, "0")))
		return phb_fail(b, pf.domain, err, what, e);
	err = phb_write(b, path, val);
	return err ? phb_fail(b, pf.domain, err, what, e) : 0;
}

/* The VF BAR record after the header: the first whose mode is not "none". */
static json_t *first_bar(json_t *recs)
{
	for (size_t i = 1; i < json_array_size(recs); i++) {
		json_t *r = json_array_get(recs, i);
		const char *mode = json_string_value(json_object_get(r, "mode"));

		if (mode && strcmp(mode, "none"))
			return r;
	}
	return NULL;
}

static json_t *sriov_json(struct backend *b, struct pci_bdf pf, const char *bdf, const json_t *hdr,
			  const json_t *bar)
{
	json_t *choices = json_object_get(hdr, "pe_choices")
			      ? json_integer((json_int_t)phb_num(hdr, "pe_choices"))
			      : json_null();

	return json_pack("{s:s,s:I,s:O,s:I,s:I,s:o,s:I,s:o}", "pf", bdf, "num_vfs",
			 (json_int_t)phb_num(hdr, "num_vfs"), "mode", json_object_get(bar, "mode"),
			 "segment_size", (json_int_t)phb_num(bar, "segment_size"),
			 "segments_reserved", (json_int_t)phb_num(bar, "segments_reserved"),
			 "pe_choices", choices, "bar", (json_int_t)phb_num(bar, "bar"), "vfs",
			 vfs_json(b, pf, hdr));
}

/*
 * The PF's records in the PHB's sriov file: *recs holds the header (VF
 * count, offset, stride, first VF PE) and a record per VF BAR; *bar is the
 * one in use.
 */
static int read_sriov(struct backend *b, struct pci_bdf pf, json_t **recs, json_t **bar,
		      struct error *e)
{
	char bdf[16], name[64], path[96], buf[PHB_FILE_MAX];
	const char *why;

	pci_bdf_format(pf, bdf, sizeof(bdf));
	snprintf(name, sizeof(name), "sriov/%s", bdf);
	phb_path(pf.domain, name, path, sizeof(path));
	if (phb_read(b, path, buf, sizeof(buf)))
		return error_set(e, -ENODEV, "%s is not an SR-IOV physical function", bdf);
	*recs = phb_records(buf);
	*bar = first_bar(*recs);
	if (*bar)
		return 0;
	why = json_string_value(json_object_get(json_array_get(*recs, 0), "reason"));
	json_decref(*recs);
	return error_set(e, -ENODEV, "%s: SR-IOV disabled at boot: %s", bdf, why ? why : "");
}

int phb_sriov(struct backend *b, struct pci_bdf pf, json_t **out, struct error *e)
{
	json_t *recs, *bar;
	char bdf[16];
	int err = read_sriov(b, pf, &recs, &bar, e);

	if (err)
		return err;
	pci_bdf_format(pf, bdf, sizeof(bdf));
	*out = sriov_json(b, pf, bdf, json_array_get(recs, 0), bar);
	json_decref(recs);
	return 0;
}

uint64_t phb_vf0_positions(const bool used[PHB_MAX_PES], uint64_t n, uint64_t k)
{
	uint64_t positions = 0;

	if (!n || !k)
		return 0;
	for (uint64_t x = 0; x + n * k <= PHB_MAX_PES; x += k) {
		uint64_t i = x;

		while (i < x + n * k && !used[i])
			i++;
		positions += i == x + n * k;
	}
	return positions;
}

int phb_sriov_what_if(struct backend *b, struct pci_bdf pf, uint64_t seg, json_t *sriov,
		      struct error *e)
{
	json_t *recs, *bar;
	uint64_t vf_size, n, base, k;
	bool used[PHB_MAX_PES];
	int err = read_sriov(b, pf, &recs, &bar, e);

	if (err)
		return err;
	vf_size = phb_num(bar, "vf_size");
	n = phb_num(json_array_get(recs, 0), "num_vfs");
	base = phb_num(json_array_get(recs, 0), "pe_base");
	json_decref(recs);
	if (!seg || (seg & (seg - 1)) || seg > vf_size)
		return error_set(e, -EINVAL,
				 "%" PRIu64
				 " is not a power of two no larger than the VF BAR (%" PRIu64 ")",
				 seg, vf_size);
	if (!n)
		return error_set(e, -ENODEV, "no VFs are enabled to spread over segments");
	k = vf_size / seg;
	phb_pes_in_use(b, pf.domain, used);
	/* The PF's own VF PEs would move with the what-if: they do not block it. */
	for (uint64_t pe = base; pe < base + n && pe < PHB_MAX_PES; pe++)
		used[pe] = false;
	json_object_set_new(sriov, "what_if",
			    json_pack("{s:I,s:I,s:I,s:I}", "segment_size", (json_int_t)seg,
				      "segments_per_vf", (json_int_t)k, "segments_consumed",
				      (json_int_t)(n * k), "pe_choices",
				      (json_int_t)phb_vf0_positions(used, n, k)));
	return 0;
}
