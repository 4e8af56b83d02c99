// SPDX-License-Identifier: GPL-2.0-only
/*
 * BAR and bridge-window assignment under one PHB, the way the PCI core does
 * it with the PowerNV alignment hooks: 64-bit prefetchable resources go to
 * M64 space, everything else to M32 space; every bridge window is sized and
 * aligned to the segment size of its space, so the space behind a bridge is
 * whole segments and can be one PE.  SR-IOV PFs are fixed up first (6.1's
 * per-BAR rule): a VF BAR of at most a quarter M64 segment becomes a
 * 256-VF arena aligned to its size (segmented), a larger one of 32 MiB or
 * more stays total_VFs wide (single-PE windows), anything else disables
 * SR-IOV for the PF.  Sizing runs bottom-up, placement top-down, children
 * in decreasing alignment, so the result is deterministic.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/perf/size.h>

#include "powernv_ioda_internal.h"

#define SZ_1M (1ull << 20)
#define SZ_32M (32ull << 20)
#define SZ_64K (64ull << 10)

enum res_kind { RES_BAR, RES_IOV, RES_WIN };

struct res {
	uint64_t size, align;
	int dev, kind, index;
};

bool ioda_in_m64(const struct ioda_phb *p, uint64_t addr)
{
	return p->m64_on && addr >= p->m64_base && addr - p->m64_base < p->m64_size;
}

static int bar_space(const struct ioda_phb *p, unsigned flags)
{
	return p->m64_on && (flags & PHB3_BAR_MEM64) && (flags & PHB3_BAR_PREFETCH);
}

static void sriov_disable_why(struct ioda_dev *d, const char *why)
{
	d->sriov_off = true;
	snprintf(d->sriov_why, sizeof(d->sriov_why), "%s", why);
	for (int b = 0; b < IODA_BARS; b++) {
		d->iov_size[b] = 0;
		d->iov_mode[b] = IOV_NONE;
	}
}

static void fixup_iov(struct ioda_phb *p, struct ioda_dev *d)
{
	char why[128], a[16], s[16];

	for (int b = 0; b < IODA_BARS && !d->sriov_off; b++) {
		uint64_t sz = d->vf_bar_size[b];

		if (!sz)
			continue;
		if (!bar_space(p, d->vf_bar_flags[b])) {
			snprintf(why, sizeof(why),
				 "VF BAR %d is not 64-bit prefetchable in M64 space", b);
			sriov_disable_why(d, why);
		} else if (sz > p->m64_segsize / 4 && sz < SZ_32M) {
			snprintf(why, sizeof(why),
				 "VF BAR %d (%s) is over a quarter M64 segment (%s) but under 32M",
				 b, size_format(sz, a, sizeof(a)),
				 size_format(p->m64_segsize / 4, s, sizeof(s)));
			sriov_disable_why(d, why);
		} else if (sz > p->m64_segsize / 4) {
			d->iov_mode[b] = IOV_SINGLE_PE;
			d->iov_size[b] = sz * d->total_vfs;
		} else {
			d->iov_mode[b] = IOV_SEGMENTED;
			d->iov_size[b] = sz * p->num_pes;
		}
	}
}

static uint64_t iov_align(const struct ioda_dev *d, int b)
{
	return d->iov_mode[b] == IOV_SEGMENTED ? d->iov_size[b] : d->vf_bar_size[b];
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* Resources of kind space (0 = M32, 1 = M64) that devices on bus number hold. */
static size_t collect(const struct ioda_phb *p, uint8_t bus, int space, struct res *out)
{
	size_t n = 0;

	for (unsigned i = 0; i < p->ndev; i++) {
		const struct ioda_dev *d = &p->dev[i];

		if (PCI_RID_BUS(d->rid) != bus || d->pf >= 0)
			continue;
		for (int b = 0; b < IODA_BARS; b++) {
			if (d->bar_size[b] && bar_space(p, d->bar_flags[b]) == space)
				out[n++] = (struct res){d->bar_size[b], d->bar_size[b], (int)i,
							RES_BAR, b};
			if (space == 1 && d->iov_size[b])
				out[n++] = (struct res){d->iov_size[b], iov_align(d, b), (int)i,
							RES_IOV, b};
		}
		if (d->type != PHB3_FN_ENDPOINT && d->win_size[space])
			out[n++] = (struct res){d->win_size[space], d->win_align[space], (int)i,
						RES_WIN, space};
	}
	return n;
}

static int cmp_align(const void *a, const void *b)
{
	const struct res *x = a, *y = b;

	if (x->align != y->align)
		return x->align < y->align ? 1 : -1;
	if (x->size != y->size)
		return x->size < y->size ? 1 : -1;
	return x->dev != y->dev ? x->dev - y->dev : x->index - y->index;
}

static uint64_t packed_size(struct res *r, size_t n)
{
	uint64_t off = 0;

	qsort(r, n, sizeof(*r), cmp_align);
	for (size_t i = 0; i < n; i++)
		off = align_up(off, r[i].align) + r[i].size;
	return off;
}

static int size_windows(struct ioda_phb *p, struct res *tmp)
{
	for (unsigned i = p->ndev; i-- > 0;) {
		struct ioda_dev *d = &p->dev[i];

		if (d->type == PHB3_FN_ENDPOINT)
			continue;
		for (int s = 0; s < 2; s++) {
			size_t n = collect(p, d->secondary, s, tmp);
			uint64_t seg = s ? p->m64_segsize : p->m32_segsize;

			/* Sorted by alignment: the first child's is the window's, if above seg. */
			d->win_size[s] = n ? align_up(packed_size(tmp, n), seg) : 0;
			d->win_align[s] = n && tmp[0].align > seg ? tmp[0].align : seg;
		}
	}
	return 0;
}

static void set_start(struct ioda_phb *p, const struct res *r, uint64_t start)
{
	struct ioda_dev *d = &p->dev[r->dev];

	if (r->kind == RES_BAR)
		d->bar_start[r->index] = start;
	else if (r->kind == RES_IOV)
		d->iov_start[r->index] = start;
	else
		d->win_start[r->index] = start;
}

static bool below(const struct ioda_phb *p, const struct ioda_dev *d, const struct ioda_dev *br)
{
	for (int b = d->bus; b > 0; b = p->bus[b].parent)
		if (p->bus[b].number == br->secondary)
			return true;
	return false;
}

/* The largest BAR (or IOV arena) of the space below a bridge: the usual culprit. */
static struct res largest_below(const struct ioda_phb *p, const struct ioda_dev *br, int space)
{
	struct res best = {0};

	for (unsigned i = 0; i < p->ndev; i++) {
		const struct ioda_dev *d = &p->dev[i];

		for (int b = 0; b < IODA_BARS && below(p, d, br); b++) {
			if (d->bar_size[b] > best.size && bar_space(p, d->bar_flags[b]) == space)
				best = (struct res){d->bar_size[b], 0, (int)i, RES_BAR, b};
			if (space && d->iov_size[b] > best.size)
				best = (struct res){d->iov_size[b], 0, (int)i, RES_IOV, b};
		}
	}
	return best;
}

static int too_large(struct ioda_phb *p, const struct res *r, int space, uint64_t avail)
{
	char bdf[16], a[16], b[16];
	struct res big = r->kind == RES_WIN ? largest_below(p, &p->dev[r->dev], space) : *r;
	const char *sp = space ? "M64" : "M32";

	if (big.size > avail || r->kind != RES_WIN)
		snprintf(p->error, sizeof(p->error),
			 "BAR too large: %s %s %d needs %s, %s space has %s",
			 ioda_bdf(p, p->dev[big.dev].rid, bdf, sizeof(bdf)),
			 big.kind == RES_IOV ? "VF BAR" : "BAR", big.index,
			 size_format(big.size, a, sizeof(a)), sp, size_format(avail, b, sizeof(b)));
	else
		snprintf(p->error, sizeof(p->error),
			 "%s space exhausted: the %s-bit window of %s needs %s, %s has %s", sp,
			 space ? "64" : "32", ioda_bdf(p, p->dev[r->dev].rid, bdf, sizeof(bdf)),
			 size_format(r->size, a, sizeof(a)), sp, size_format(avail, b, sizeof(b)));
	return -ENOSPC;
}

static int place(struct ioda_phb *p, uint8_t bus, int space, uint64_t base, uint64_t limit)
{
	struct res *r = calloc(p->ndev * (IODA_BARS * 2 + 1) + 1, sizeof(*r));
	size_t n;
	uint64_t at = base;
	int ret = 0;

	if (!r)
		return -ENOMEM;
	n = collect(p, bus, space, r);
	qsort(r, n, sizeof(*r), cmp_align);
	for (size_t i = 0; i < n && !ret; i++) {
		at = align_up(at, r[i].align);
		if (at + r[i].size > limit || at + r[i].size < at) {
			ret = too_large(p, &r[i], space, limit - base);
			break;
		}
		set_start(p, &r[i], at);
		at += r[i].size;
	}
	for (size_t i = 0; i < n && !ret; i++) {
		struct ioda_dev *d = &p->dev[r[i].dev];

		if (r[i].kind == RES_WIN)
			ret = place(p, d->secondary, space, d->win_start[space],
				    d->win_start[space] + d->win_size[space]);
	}
	free(r);
	return ret;
}

static void program_bars(struct ioda_phb *p)
{
	for (unsigned i = 0; i < p->ndev; i++) {
		struct ioda_dev *d = &p->dev[i];

		for (int b = 0; b < IODA_BARS; b++) {
			if (d->bar_size[b])
				ioda_fn_write(p, d->fn, PHB3_FN_BAR_BASE(b), d->bar_start[b]);
			if (d->iov_size[b])
				ioda_fn_write(p, d->fn, PHB3_FN_VF_BAR_BASE(b), d->iov_start[b]);
		}
	}
}

static void m64_init(struct ioda_phb *p)
{
	unsigned def = p->m64_first + p->m64_count - 1;

	p->m64_segsize = p->m64_size / PHB3_NUM_SEGS;
	p->m64_on = p->m64_size && p->m64_count && def < PHB3_NUM_M64;
	for (unsigned w = 0; w < PHB3_NUM_M64; w++)
		p->m64[w] = (struct ioda_m64){.used = true, .owner = -1, .pe = IODA_NO_PE};
	if (!p->m64_on)
		return;
	if (ioda_opal(p, PHB3_SET_M64, def, p->m64_base, p->m64_size) ||
	    ioda_opal(p, PHB3_ENABLE_M64, def, OPAL_ENABLE_M64_SPLIT)) {
		ioda_opal(p, PHB3_ENABLE_M64, def, OPAL_DISABLE_M64);
		p->m64_on = false;
		return;
	}
	p->m64_default = def;
	p->m64[def] = (struct ioda_m64){.used = true,
					.owner = -1,
					.mode = OPAL_ENABLE_M64_SPLIT,
					.base = p->m64_base,
					.size = p->m64_size,
					.pe = IODA_NO_PE};
	/* Linux frees first .. count - 2, reading count as an end index. */
	for (unsigned w = p->m64_first; w + 1 < p->m64_count; w++)
		p->m64[w].used = false;
	p->m64_res_start = p->m64_base;
	p->m64_res_end = p->m64_base + p->m64_size;
	if (p->reserved_pe == 0)
		p->m64_res_start += 2 * p->m64_segsize;
	else if (p->reserved_pe == p->num_pes - 1)
		p->m64_res_end -= 2 * p->m64_segsize;
}

int ioda_assign(struct ioda_phb *p)
{
	struct res *tmp;
	int ret;

	/* Linux's M32 resource lacks the MSI space; it adds it back for the segment size. */
	p->m32_segsize = (p->m32_size - SZ_64K + SZ_64K) / PHB3_NUM_SEGS;
	m64_init(p);
	for (unsigned i = 0; i < p->ndev; i++)
		if (p->dev[i].total_vfs)
			fixup_iov(p, &p->dev[i]);
	tmp = calloc(p->ndev * (IODA_BARS * 2 + 1) + 1, sizeof(*tmp));
	if (!tmp)
		return -ENOMEM;
	ret = size_windows(p, tmp);
	free(tmp);
	if (!ret && p->m64_on)
		ret = place(p, 0, 1, p->m64_res_start, p->m64_res_end);
	/* Bridge windows stay out of the top 1 MiB (the MSI space is in it). */
	if (!ret)
		ret = place(p, 0, 0, p->m32_cpu_base, p->m32_cpu_base + p->m32_size - SZ_1M);
	if (!ret)
		program_bars(p);
	return ret;
}
