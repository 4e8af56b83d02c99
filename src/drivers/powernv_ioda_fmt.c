// SPDX-License-Identifier: GPL-2.0-only
/*
 * Text of the debug files.  Every line is a record of space-separated
 * key=value fields (numbers in hex with 0x, sizes in bytes), one record per
 * line, so a tool parses every file the same way and a person can read it.
 * Each file fits one sysfs page: long lists are split per PE.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "powernv_ioda_internal.h"

struct out {
	char *buf;
	size_t n, len;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (o->len >= o->n)
		return;
	va_start(ap, fmt);
	k = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->len = o->len + (size_t)k < o->n ? o->len + (size_t)k : o->n - 1;
}

char *ioda_bdf(const struct ioda_phb *p, uint16_t rid, char *buf, size_t n)
{
	return pci_bdf_format((struct pci_bdf){.domain = p->domain, .rid = rid}, buf, n);
}

ssize_t ioda_show_phb(struct ioda_phb *p, char *buf, size_t n)
{
	struct out o = {buf, n, 0};
	unsigned free_w = 0;

	for (unsigned w = 0; w <= p->m64_default && w < PHB3_NUM_M64; w++)
		free_w += !p->m64[w].used;
	put(&o, "domain=%04x num_pes=%u reserved_pe=%u root_pe=%u", p->domain, p->num_pes,
	    p->reserved_pe, p->root_pe);
	put(&o,
	    " m32_base=0x%" PRIx64 " m32_pci_base=0x%" PRIx64 " m32_size=0x%" PRIx64
	    " m32_segsize=0x%" PRIx64 " msi32=0x%" PRIx64,
	    p->m32_cpu_base, p->m32_pci_base, p->m32_size, p->m32_segsize,
	    (uint64_t)(p->m32_pci_base + p->m32_size - PHB3_MSI_SPACE));
	put(&o,
	    " m64=%s m64_base=0x%" PRIx64 " m64_size=0x%" PRIx64 " m64_segsize=0x%" PRIx64
	    " m64_default=%u m64_free=%u msis=%u",
	    p->m64_on ? "on" : "off", p->m64_base, p->m64_size, p->m64_segsize, p->m64_default,
	    free_w, p->msi_count);
	put(&o, "\n");
	if (p->error[0])
		put(&o, "error=\"%s\"\n", p->error);
	return (ssize_t)o.len;
}

static const char *m64_mode(int mode)
{
	return mode == OPAL_ENABLE_M64_SPLIT	   ? "segmented"
	       : mode == OPAL_ENABLE_M64_NON_SPLIT ? "single-pe"
						   : "disabled";
}

ssize_t ioda_show_windows(struct ioda_phb *p, char *buf, size_t n)
{
	struct out o = {buf, n, 0};
	char bdf[16];

	put(&o,
	    "window=m32 index=0 base=0x%" PRIx64 " size=0x%" PRIx64 " segsize=0x%" PRIx64
	    " mode=segmented\n",
	    p->m32_cpu_base, p->m32_size, p->m32_segsize);
	for (unsigned w = 0; w < PHB3_NUM_M64; w++) {
		const struct ioda_m64 *m = &p->m64[w];

		if (m->mode == OPAL_DISABLE_M64)
			continue;
		put(&o,
		    "window=m64 index=%u base=0x%" PRIx64 " size=0x%" PRIx64 " segsize=0x%" PRIx64
		    " mode=%s owner=%s",
		    w, m->base, m->size,
		    m->mode == OPAL_ENABLE_M64_SPLIT ? m->size / PHB3_NUM_SEGS : m->size,
		    m64_mode(m->mode),
		    m->owner < 0 ? "default" : ioda_bdf(p, p->dev[m->owner].rid, bdf, sizeof(bdf)));
		if (m->pe >= 0)
			put(&o, " pe=%d", m->pe);
		put(&o, "\n");
	}
	for (unsigned s = 0; s < PHB3_NUM_SEGS;) {
		unsigned e = s;

		while (e + 1 < PHB3_NUM_SEGS && p->m32_seg_pe[e + 1] == p->m32_seg_pe[s])
			e++;
		if (p->m32_seg_pe[s] != (int)p->reserved_pe)
			put(&o, "m32seg first=%u last=%u pe=%d\n", s, e, p->m32_seg_pe[s]);
		s = e + 1;
	}
	return (ssize_t)o.len;
}

ssize_t ioda_show_pes(struct ioda_phb *p, char *buf, size_t n)
{
	struct out o = {buf, n, 0};

	for (unsigned s = 0; s < p->num_pes;) {
		unsigned e = s;

		if (p->pe[s].kind == PE_FREE) {
			s++;
			continue;
		}
		while (e + 1 < p->num_pes && p->pe[e + 1].kind != PE_FREE)
			e++;
		put(&o, o.len ? " %u-%u" : "%u-%u", s, e);
		s = e + 1;
	}
	put(&o, "\n");
	return (ssize_t)o.len;
}

static const char *const kind_name[] = {"free",	   "reserved", "root",	   "bus",
					"bus-all", "vf",       "secondary"};
static const char *const cause_name[] = {"none",      "software",      "mmio-ur",
					 "dma-fault", "error-message", "peltv"};

static void pe_devices(struct ioda_phb *p, unsigned pe, struct out *o)
{
	char bdf[16];
	int m = p->pe[pe].master, first = 1;

	put(o, " devices=");
	for (unsigned i = 0; i < p->ndev; i++) {
		if (p->dev[i].gone || p->dev[i].pe != m)
			continue;
		put(o, first ? "%s" : ",%s", ioda_bdf(p, p->dev[i].rid, bdf, sizeof(bdf)));
		first = 0;
	}
	if (first)
		put(o, "none");
}

ssize_t ioda_show_pe(struct ioda_phb *p, unsigned pe, char *buf, size_t n)
{
	struct out o = {buf, n, 0};
	const struct ioda_pe *e;
	uint64_t cause = 0;

	if (pe >= p->num_pes)
		return -EINVAL;
	e = &p->pe[pe];
	put(&o, "pe=%u kind=%s", pe, kind_name[e->kind]);
	if (e->kind == PE_FREE)
		return put(&o, "\n"), (ssize_t)o.len;
	put(&o, " master=%d", e->master);
	if (e->kind != PE_RESERVED)
		put(&o, " rid=0x%04x bus_compare=%u", e->rid, e->bus_compare);
	if (e->kind != PE_SLAVE) {
		int first = 1;

		put(&o, " secondaries=");
		for (unsigned s = 0; s < p->num_pes; s++)
			if (p->pe[s].kind == PE_SLAVE && p->pe[s].master == (int)pe && s != pe) {
				put(&o, first ? "%u" : ",%u", s);
				first = 0;
			}
		if (first)
			put(&o, "none");
	}
	pe_devices(p, pe, &o);
	if (!ioda_opal(p, PHB3_FREEZE_STATUS, pe))
		cause = ioda_opal_out(p, 1);
	put(&o, " state=%d domain_state=%d cause=%s\n", (int)ioda_opal_out(p, 0),
	    ioda_pe_state(p, pe), cause < 6 ? cause_name[cause] : "unknown");
	return (ssize_t)o.len;
}

static void sriov_bars(struct ioda_phb *p, const struct ioda_dev *d, struct out *o)
{
	for (int b = 0; b < IODA_BARS; b++) {
		if (!d->vf_bar_size[b])
			continue;
		put(o, "bar=%d vf_size=0x%" PRIx64 " mode=%s", b, d->vf_bar_size[b],
		    d->iov_mode[b] == IOV_SEGMENTED   ? "segmented"
		    : d->iov_mode[b] == IOV_SINGLE_PE ? "single-pe"
						      : "none");
		if (d->iov_mode[b] != IOV_NONE)
			put(o,
			    " arena=0x%" PRIx64 " arena_size=0x%" PRIx64 " segment_size=0x%" PRIx64
			    " segments_reserved=%" PRIu64 " vf_base=0x%" PRIx64,
			    d->iov_start[b], d->iov_size[b], d->vf_bar_size[b],
			    d->iov_size[b] / d->vf_bar_size[b],
			    d->num_vfs ? d->vf_base[b] : d->iov_start[b]);
		put(o, "\n");
	}
}

ssize_t ioda_show_sriov(struct ioda_phb *p, uint16_t rid, char *buf, size_t n)
{
	struct out o = {buf, n, 0};
	int i = ioda_find_dev(p, rid);
	const struct ioda_dev *d;
	char bdf[16];

	if (i < 0 || !p->dev[i].total_vfs || p->dev[i].pf >= 0)
		return -ENODEV;
	d = &p->dev[i];
	put(&o, "pf=%s total_vfs=%u num_vfs=%u vf_offset=%u vf_stride=%u enabled=%s",
	    ioda_bdf(p, rid, bdf, sizeof(bdf)), d->total_vfs, d->num_vfs, d->vf_offset,
	    d->vf_stride, d->sriov_off ? "no" : "yes");
	if (d->num_vfs)
		put(&o, " pe_base=%d pe_choices=%u", d->vf_pe_base, d->pe_choices);
	if (d->sriov_off)
		put(&o, " reason=\"%s\"", d->sriov_why);
	put(&o, "\n");
	sriov_bars(p, d, &o);
	return (ssize_t)o.len;
}
