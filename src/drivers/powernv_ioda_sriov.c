// SPDX-License-Identifier: GPL-2.0-only
/*
 * SR-IOV enable/disable, 6.1's algorithm: n contiguous PEs from the top of
 * the free space (base = first), one split M64 window over each segmented
 * IOV arena (segment k of the arena is PE k) or one single-PE window per VF
 * for a large VF BAR, then the segmented BARs shifted by base VF-BAR sizes
 * so VF j lands in segment base + j, which is its PE.  The arena of 256
 * VF-BAR sizes was reserved at boot, so the shift never leaves it and no
 * other device's MMIO lies under the window.
 */
#include <errno.h>
#include <stdio.h>

#include "powernv_ioda_internal.h"

static int take_window(struct ioda_phb *p, int owner)
{
	for (unsigned w = 0; w <= p->m64_default && w < PHB3_NUM_M64; w++) {
		if (p->m64[w].used)
			continue;
		p->m64[w] = (struct ioda_m64){.used = true, .owner = owner, .pe = IODA_NO_PE};
		return (int)w;
	}
	return -1;
}

static void release_windows(struct ioda_phb *p, int owner)
{
	for (unsigned w = 0; w < PHB3_NUM_M64; w++) {
		if (!p->m64[w].used || p->m64[w].owner != owner)
			continue;
		ioda_opal(p, PHB3_ENABLE_M64, w, OPAL_DISABLE_M64);
		p->m64[w] = (struct ioda_m64){.used = false, .owner = -1, .pe = IODA_NO_PE};
	}
}

static unsigned free_windows(const struct ioda_phb *p)
{
	unsigned n = 0;

	for (unsigned w = 0; w <= p->m64_default && w < PHB3_NUM_M64; w++)
		n += !p->m64[w].used;
	return n;
}

static int map_window(struct ioda_phb *p, int pf, uint64_t base, uint64_t size, int pe)
{
	int w = take_window(p, pf);
	int mode = pe < 0 ? OPAL_ENABLE_M64_SPLIT : OPAL_ENABLE_M64_NON_SPLIT;

	if (w < 0)
		return -ENOSPC;
	if (ioda_opal(p, PHB3_SET_M64, w, base, size) ||
	    (pe >= 0 && ioda_opal(p, PHB3_MAP_M64_PE, pe, w)) ||
	    ioda_opal(p, PHB3_ENABLE_M64, w, mode))
		return -EIO;
	p->m64[w].mode = mode;
	p->m64[w].base = base;
	p->m64[w].size = size;
	p->m64[w].pe = pe;
	return 0;
}

static int windows_needed(const struct ioda_dev *d, unsigned n)
{
	int k = 0;

	for (int b = 0; b < IODA_BARS; b++)
		k += d->iov_mode[b] == IOV_SEGMENTED   ? 1
		     : d->iov_mode[b] == IOV_SINGLE_PE ? (int)n
						       : 0;
	return k;
}

static int map_windows(struct ioda_phb *p, int pf, unsigned n, int base)
{
	const struct ioda_dev *d = &p->dev[pf];
	int ret = 0;

	for (int b = 0; b < IODA_BARS && !ret; b++) {
		uint64_t sz = d->vf_bar_size[b];

		if (d->iov_mode[b] == IOV_SEGMENTED)
			ret = map_window(p, pf, d->iov_start[b], d->iov_size[b], -1);
		for (unsigned j = 0; d->iov_mode[b] == IOV_SINGLE_PE && j < n && !ret; j++)
			ret = map_window(p, pf, d->iov_start[b] + j * sz, sz, base + (int)j);
	}
	return ret;
}

static int shift_bars(struct ioda_phb *p, int pf, unsigned n, int base)
{
	struct ioda_dev *d = &p->dev[pf];

	for (int b = 0; b < IODA_BARS; b++) {
		uint64_t sz = d->vf_bar_size[b], start = d->iov_start[b];

		if (d->iov_mode[b] != IOV_SEGMENTED) {
			d->vf_base[b] = start;
			continue;
		}
		if (start + sz * ((uint64_t)base + n) > start + d->iov_size[b])
			return -EBUSY;
		d->vf_base[b] = start + (uint64_t)base * sz;
		ioda_fn_write(p, d->fn, PHB3_FN_VF_BAR_BASE(b), d->vf_base[b]);
	}
	return 0;
}

static int add_vfs(struct ioda_phb *p, int pf, unsigned n, int base)
{
	for (unsigned j = 0; j < n; j++) {
		struct ioda_dev *v = ioda_add_dev(p), *d = &p->dev[pf];
		int idx = (int)p->ndev - 1, pe = base + (int)j;

		if (!v)
			return -ENOMEM;
		if (!j)
			d->vf_first_dev = idx;
		v->rid = (uint16_t)(d->rid + d->vf_offset + j * d->vf_stride);
		v->vendor = d->vendor;
		v->class_code = d->class_code;
		v->pf = pf;
		v->vf_index = (int)j;
		v->bus = d->bus;
		for (int b = 0; b < IODA_BARS; b++) {
			v->bar_size[b] = d->iov_mode[b] != IOV_NONE ? d->vf_bar_size[b] : 0;
			v->bar_flags[b] = d->vf_bar_flags[b];
			v->bar_start[b] =
			    v->bar_size[b] ? d->vf_base[b] + j * d->vf_bar_size[b] : 0;
		}
		p->pe[pe].kind = PE_VF;
		p->pe[pe].dev = idx;
		p->pe[pe].rid = v->rid;
		p->pe[pe].bus_compare = OPAL_BUS_ALL;
		if (ioda_pe_configure(p, pe))
			ioda_pe_release(p, pe); /* a VF PE that fails is dropped, as Linux does */
	}
	return 0;
}

static void disable(struct ioda_phb *p, int pf)
{
	struct ioda_dev *d = &p->dev[pf];

	for (unsigned i = 0; i < p->ndev; i++) {
		struct ioda_dev *v = &p->dev[i];

		if (v->pf != pf || v->gone)
			continue;
		if (v->pe >= 0)
			ioda_pe_release(p, v->pe);
		v->gone = true;
	}
	release_windows(p, pf);
	for (int b = 0; b < IODA_BARS; b++)
		if (d->iov_size[b])
			ioda_fn_write(p, d->fn, PHB3_FN_VF_BAR_BASE(b), d->iov_start[b]);
	ioda_fn_write(p, d->fn, PHB3_FN_SRIOV_CTRL, 0);
	ioda_fn_write(p, d->fn, PHB3_FN_SRIOV_NUMVFS, 0);
	d->num_vfs = 0;
	d->vf_first_dev = -1;
	d->vf_pe_base = IODA_NO_PE;
}

static unsigned largest_free_run(const struct ioda_phb *p)
{
	unsigned best = 0, run = 0;

	for (unsigned pe = 0; pe < p->num_pes; pe++) {
		run = p->pe[pe].kind == PE_FREE ? run + 1 : 0;
		best = run > best ? run : best;
	}
	return best;
}

static int enable(struct ioda_phb *p, int pf, unsigned n, struct error *e)
{
	struct ioda_dev *d = &p->dev[pf];
	int base, need = windows_needed(d, n), ret;
	unsigned have = free_windows(p);
	char bdf[16];

	ioda_bdf(p, d->rid, bdf, sizeof(bdf));
	if ((unsigned)need > have) {
		return error_set(e, -EBUSY,
				 "not enough M64 windows: %u VFs of %s need %d, %u of %u free", n,
				 bdf, need, have, p->m64_default);
	}
	d->pe_choices = ioda_pe_choices(p, n, 1);
	base = ioda_pe_alloc(p, n);
	if (base < 0) {
		return error_set(
		    e, -EBUSY,
		    "out of PEs: %u VFs of %s need %u contiguous PEs, largest free run is %u", n,
		    bdf, n, largest_free_run(p));
	}
	d->vf_pe_base = base;
	ret = map_windows(p, pf, n, base);
	if (!ret)
		ret = shift_bars(p, pf, n, base);
	if (ret) {
		release_windows(p, pf);
		for (unsigned j = 0; j < n; j++)
			ioda_pe_free(p, base + (int)j);
		return error_set(e, -EBUSY, "%s: M64 window setup failed", bdf);
	}
	ioda_fn_write(p, d->fn, PHB3_FN_SRIOV_NUMVFS, n);
	ioda_fn_write(p, d->fn, PHB3_FN_SRIOV_CTRL, 1);
	d->num_vfs = (uint16_t)n;
	return add_vfs(p, pf, n, base);
}

int ioda_sriov_set(struct ioda_phb *p, uint16_t rid, unsigned n, struct error *e)
{
	int pf = ioda_find_dev(p, rid);
	struct ioda_dev *d;
	char bdf[16];

	ioda_bdf(p, rid, bdf, sizeof(bdf));
	if (pf < 0 || !p->dev[pf].total_vfs || p->dev[pf].pf >= 0) {
		return error_set(e, -ENODEV, "%s is not an SR-IOV physical function", bdf);
	}
	d = &p->dev[pf];
	if (n > d->total_vfs) {
		return error_set(e, -ERANGE, "%s supports at most %u VFs (TotalVFs)", bdf,
				 d->total_vfs);
	}
	if (n == d->num_vfs)
		return 0;
	if (n && d->num_vfs) {
		return error_set(e, -EBUSY, "%s already has %u VFs enabled; write 0 first", bdf,
				 d->num_vfs);
	}
	if (!n) {
		disable(p, pf);
		return 0;
	}
	if (d->sriov_off || p->error[0]) {
		return error_set(e, -ENOSPC, "%s: SR-IOV disabled at boot: %s", bdf,
				 p->error[0] ? p->error : d->sriov_why);
	}
	return enable(p, pf, n, e);
}

unsigned ioda_sriov_numvfs(const struct ioda_phb *p, uint16_t rid)
{
	int pf = ioda_find_dev(p, rid);

	return pf < 0 ? 0 : p->dev[pf].num_vfs;
}
