// SPDX-License-Identifier: GPL-2.0-only
/*
 * powernv_ioda: bring-up of one PHB and the request files.  Bring-up is
 * Linux's order: enumerate, fix up SR-IOV PFs, assign 64-bit then 32-bit
 * space, create PEs in device-add order.  A PHB keeps its freeze bits and
 * enabled VFs across pciescope invocations (the model restores them), so
 * bring-up notes which PEs are frozen first and leaves them so (cause
 * included) instead of clearing them as a new PE, and re-enables the VFs
 * the PF's SR-IOV registers still show.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "powernv_ioda_internal.h"

static void restore_vfs(struct ioda_phb *p)
{
	struct error ignored;

	for (unsigned i = 0; i < p->ndev; i++) {
		struct ioda_dev *d = &p->dev[i];
		unsigned n;

		if (!d->total_vfs || d->pf >= 0 || d->fn < 0)
			continue;
		n = (unsigned)ioda_fn_read(p, d->fn, PHB3_FN_SRIOV_NUMVFS);
		if (n && (ioda_fn_read(p, d->fn, PHB3_FN_SRIOV_CTRL) & 1)) {
			ioda_fn_write(p, d->fn, PHB3_FN_SRIOV_CTRL, 0);
			ioda_sriov_set(p, d->rid, n, &ignored);
		}
	}
}

int ioda_phb_init(struct bus_device *phb, struct ioda_phb **out)
{
	struct ioda_phb *p = calloc(1, sizeof(*p));
	int ret;

	if (!p)
		return -ENOMEM;
	p->bd = phb;
	p->domain = phb->bdf.domain;
	ret = ioda_enumerate(p);
	if (ret == -ENOMEM) {
		ioda_phb_free(p);
		return ret;
	}
	for (unsigned pe = 0; pe < p->num_pes; pe++)
		p->keep_frozen[pe] = !ioda_opal(p, PHB3_FREEZE_STATUS, pe) && ioda_opal_out(p, 0);
	if (ret)
		snprintf(p->error, sizeof(p->error), "enumeration failed: bus numbering");
	else if (!ioda_assign(p) && !ioda_setup_pes(p))
		restore_vfs(p);
	memset(p->keep_frozen, 0, sizeof(p->keep_frozen));
	*out = p;
	return 0;
}

void ioda_phb_free(struct ioda_phb *p)
{
	if (!p)
		return;
	free(p->dev);
	free(p->bus);
	free(p);
}

const char *ioda_phb_error(const struct ioda_phb *p)
{
	return p->error[0] ? p->error : NULL;
}

uint16_t ioda_phb_domain(const struct ioda_phb *p)
{
	return p->domain;
}

unsigned ioda_dev_count(const struct ioda_phb *p)
{
	return p->ndev;
}

uint16_t ioda_dev_rid(const struct ioda_phb *p, unsigned i)
{
	return p->dev[i].rid;
}

bool ioda_dev_is_vf(const struct ioda_phb *p, unsigned i)
{
	return p->dev[i].pf >= 0;
}

uint16_t ioda_dev_pf_rid(const struct ioda_phb *p, unsigned i)
{
	return p->dev[i].pf >= 0 ? p->dev[p->dev[i].pf].rid : p->dev[i].rid;
}

int ioda_dev_find(const struct ioda_phb *p, uint16_t rid)
{
	int i = ioda_find_dev(p, rid);

	return i < 0 ? -ENODEV : i;
}

unsigned ioda_sriov_totalvfs(const struct ioda_phb *p, uint16_t rid)
{
	int i = ioda_find_dev(p, rid);

	return i < 0 || p->dev[i].pf >= 0 ? 0 : p->dev[i].total_vfs;
}

int ioda_dev_bar(const struct ioda_phb *p, unsigned i, int bar, uint64_t *base, uint64_t *size)
{
	if (i >= p->ndev || bar < 0 || bar >= IODA_BARS || p->dev[i].gone)
		return -EINVAL;
	*base = p->dev[i].bar_start[bar];
	*size = p->dev[i].bar_size[bar];
	return 0;
}

static const char *const window_name[] = {"none", "m32", "m64", "msi"};
static const char *const access_name[] = {"ok", "frozen", "unclaimed", "fault", "rejected"};

/* The function and BAR that decode addr, from the driver's own assignment. */
static int owner_of(const struct ioda_phb *p, uint64_t addr, int *bar)
{
	for (unsigned i = 0; i < p->ndev; i++) {
		const struct ioda_dev *d = &p->dev[i];

		for (int b = 0; !d->gone && b < IODA_BARS; b++)
			if (d->bar_size[b] && addr >= d->bar_start[b] &&
			    addr - d->bar_start[b] < d->bar_size[b]) {
				*bar = b;
				return (int)i;
			}
	}
	return -1;
}

static int resolve_addr(struct ioda_phb *p, uint64_t addr)
{
	uint64_t win, idx, seg, pe;
	int bar = 0, dev = owner_of(p, addr, &bar);
	char bdf[16];
	int len;

	ioda_opal(p, PHB3_RESOLVE, addr);
	win = ioda_opal_out(p, 0);
	idx = ioda_opal_out(p, 1);
	seg = ioda_opal_out(p, 2);
	pe = ioda_opal_out(p, 3);
	if (win == PHB3_WIN_NONE)
		return -ENXIO;
	len = snprintf(p->answer, sizeof(p->answer),
		       "address=0x%" PRIx64 " window=%s index=%" PRIu64 " segment=%" PRIu64, addr,
		       window_name[win & 3], idx, seg);
	if (pe < p->num_pes)
		len += snprintf(p->answer + len, sizeof(p->answer) - (size_t)len,
				" pe=%" PRIu64 " master=%d", pe, p->pe[pe].master);
	if (dev >= 0)
		snprintf(p->answer + len, sizeof(p->answer) - (size_t)len,
			 " device=%s bar=%d offset=0x%" PRIx64 "\n",
			 ioda_bdf(p, p->dev[dev].rid, bdf, sizeof(bdf)), bar,
			 addr - p->dev[dev].bar_start[bar]);
	else
		snprintf(p->answer + len, sizeof(p->answer) - (size_t)len, " device=none\n");
	return 0;
}

static int parse_bdf(struct ioda_phb *p, const char *s, int *dev)
{
	struct pci_bdf b;

	if (pci_bdf_parse(s, &b))
		return -EINVAL;
	if (strchr(s, ':') != strrchr(s, ':') && b.domain != p->domain)
		return -ENODEV;
	*dev = ioda_find_dev(p, b.rid);
	return *dev < 0 ? -ENODEV : 0;
}

static int resolve_bdf(struct ioda_phb *p, const char *s)
{
	int dev, ret = parse_bdf(p, s, &dev);
	const struct ioda_dev *d;
	char bdf[16];

	if (ret)
		return ret;
	d = &p->dev[dev];
	snprintf(p->answer, sizeof(p->answer), "bdf=%s rid=0x%04x pe=%d master=%d irq=%d\n",
		 ioda_bdf(p, d->rid, bdf, sizeof(bdf)), d->rid, d->pe,
		 d->pe >= 0 ? p->pe[d->pe].master : -1, d->irq);
	return 0;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *end ? -EINVAL : 0;
}

static int access_answer(struct ioda_phb *p, const char *op, uint64_t addr, uint64_t val)
{
	uint64_t acc = ioda_opal_out(p, 1), pe;

	ioda_opal(p, PHB3_RESOLVE, addr);
	pe = ioda_opal_out(p, 3);
	snprintf(p->answer, sizeof(p->answer),
		 "op=%s address=0x%" PRIx64 " value=0x%" PRIx64 " result=%s pe=%d\n", op, addr, val,
		 acc < 5 ? access_name[acc] : "unknown", pe < p->num_pes ? (int)pe : -1);
	return 0;
}

static void msi_op(struct ioda_phb *p, const struct ioda_dev *d, const char *bdf)
{
	uint64_t addr, data, acc;

	ioda_opal(p, PHB3_GET_MSI, d->irq, 0);
	addr = ioda_opal_out(p, 0);
	data = ioda_opal_out(p, 1);
	ioda_opal(p, PHB3_DEV_MSI, d->rid, addr, data);
	acc = ioda_opal_out(p, 1);
	ioda_opal(p, PHB3_IRQ_COUNT, d->irq);
	snprintf(
	    p->answer, sizeof(p->answer),
	    "op=msi bdf=%s irq=%d address=0x%" PRIx64 " result=%s delivered=%" PRIu64 " pe=%d\n",
	    bdf, d->irq, addr, acc < 5 ? access_name[acc] : "unknown", ioda_opal_out(p, 0), d->pe);
}

/* An error message from the function: its PE and the PEs its PELT-V names freeze. */
static void error_op(struct ioda_phb *p, const struct ioda_dev *d, const char *bdf)
{
	int len, first = 1;

	ioda_opal(p, PHB3_ERR_MSG, d->rid);
	len = snprintf(p->answer, sizeof(p->answer), "op=error bdf=%s pe=%d frozen=", bdf, d->pe);
	for (unsigned s = 0; s < p->num_pes && len < (int)sizeof(p->answer) - 16;) {
		unsigned e = s;

		while (e < p->num_pes && !ioda_opal(p, PHB3_FREEZE_STATUS, e) &&
		       ioda_opal_out(p, 0))
			e++;
		if (e > s) {
			len += snprintf(p->answer + len, sizeof(p->answer) - (size_t)len,
					first ? "%u-%u" : ",%u-%u", s, e - 1);
			first = 0;
		}
		s = e > s ? e : s + 1;
	}
	snprintf(p->answer + len, sizeof(p->answer) - (size_t)len, first ? "none\n" : "\n");
}

static int device_op(struct ioda_phb *p, const char *op, const char *bdfs, const char *arg)
{
	int dev, ret = parse_bdf(p, bdfs, &dev);
	uint64_t addr, acc;
	const struct ioda_dev *d;
	char bdf[16];

	if (ret)
		return ret;
	d = &p->dev[dev];
	ioda_bdf(p, d->rid, bdf, sizeof(bdf));
	if (!strcmp(op, "msi") && d->irq < 0)
		return -ENXIO;
	if (!strcmp(op, "msi") || !strcmp(op, "error")) {
		(op[0] == 'm' ? msi_op : error_op)(p, d, bdf);
		return 0;
	}
	if (!arg || parse_u64(arg, &addr))
		return -EINVAL;
	ioda_opal(p, PHB3_DEV_DMA, d->rid, addr);
	acc = ioda_opal_out(p, 1);
	snprintf(p->answer, sizeof(p->answer),
		 "op=dma bdf=%s address=0x%" PRIx64 " translated=0x%" PRIx64 " result=%s pe=%d\n",
		 bdf, addr, ioda_opal_out(p, 0), acc < 5 ? access_name[acc] : "unknown", d->pe);
	return 0;
}

static int do_access(struct ioda_phb *p, char *a0, char *a1, char *a2)
{
	uint64_t addr, val;

	if (!strcmp(a0, "msi") || !strcmp(a0, "dma") || !strcmp(a0, "error"))
		return a1 ? device_op(p, a0, a1, a2) : -EINVAL;
	if (parse_u64(a0, &addr) || a2)
		return -EINVAL;
	if (!a1) {
		ioda_opal(p, PHB3_CPU_LOAD, addr);
		return access_answer(p, "load", addr, ioda_opal_out(p, 0));
	}
	if (parse_u64(a1, &val))
		return -EINVAL;
	ioda_opal(p, PHB3_CPU_STORE, addr, val);
	return access_answer(p, "store", addr, val);
}

static int do_unfreeze(struct ioda_phb *p, char *a0, char *a1)
{
	uint64_t pe;
	unsigned action = OPAL_EEH_ACTION_ALL;

	if (parse_u64(a0, &pe) || pe >= p->num_pes)
		return -EINVAL;
	if (a1 && !strcmp(a1, "mmio"))
		action = OPAL_EEH_ACTION_MMIO;
	else if (a1 && !strcmp(a1, "dma"))
		action = OPAL_EEH_ACTION_DMA;
	else if (a1 && strcmp(a1, "all"))
		return -EINVAL;
	return ioda_pe_unfreeze(p, (unsigned)pe, action);
}

static void request_error(struct ioda_phb *p, const char *file, const char *cmd, const char *a0,
			  int ret, struct error *e)
{
	uint64_t pe;
	bool pe_file = !strcmp(file, "freeze") || !strcmp(file, "unfreeze");

	if (pe_file && ret == -EINVAL && !parse_u64(a0, &pe) && pe < p->num_pes &&
	    p->pe[pe].kind == PE_FREE)
		error_set(e, ret, "%s %s: PE %" PRIu64 " of PHB %04x is not in use", file, cmd, pe,
			  p->domain);
	else
		error_set(e, ret, "%s %s: %s", file, cmd,
			  ret == -ENXIO	   ? "not decoded by this PHB"
			  : ret == -ENODEV ? "no such device below this PHB"
			  : ret == -EINVAL ? "invalid argument"
					   : strerror(-ret));
}

int ioda_request(struct ioda_phb *p, const char *file, const char *cmd, struct error *e)
{
	char line[256], *a[4] = {NULL}, *save = NULL;
	uint64_t v;
	int n = 0, ret = -EINVAL;

	snprintf(line, sizeof(line), "%s", cmd);
	for (char *t = strtok_r(line, " \t\n", &save); t && n < 4;
	     t = strtok_r(NULL, " \t\n", &save))
		a[n++] = t;
	p->answer[0] = '\0';
	if (!n || n > 3) {
		return error_set(e, -EINVAL, "%s: expected an argument", file);
	}
	if (!strcmp(file, "resolve") && n == 1)
		ret = strchr(a[0], ':')	    ? resolve_bdf(p, a[0])
		      : parse_u64(a[0], &v) ? -EINVAL
					    : resolve_addr(p, v);
	else if (!strcmp(file, "access"))
		ret = do_access(p, a[0], a[1], a[2]);
	else if (!strcmp(file, "freeze") && n == 1)
		ret = parse_u64(a[0], &v) || v >= p->num_pes ? -EINVAL
							     : ioda_pe_freeze(p, (unsigned)v);
	else if (!strcmp(file, "unfreeze") && n <= 2)
		ret = do_unfreeze(p, a[0], a[1]);
	if (ret)
		request_error(p, file, cmd, a[0], ret, e);
	return ret;
}

ssize_t ioda_show_answer(struct ioda_phb *p, char *buf, size_t n)
{
	return snprintf(buf, n, "%s", p->answer);
}
