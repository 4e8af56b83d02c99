// SPDX-License-Identifier: GPL-2.0-only
/*
 * powernv_ioda in the core: the driver binds to each PHB3 (IBM 1014:03dc,
 * whose register window the model puts in BAR 0), runs the assignment and
 * publishes it: BAR placement in the functions' own `resource` files,
 * sriov_totalvfs/sriov_numvfs on PFs (VF devices come and go with numvfs,
 * as the PCI core adds them), and a debug tree
 * /sys/kernel/debug/powerpc/PCI<dddd>/ (docs/ioda2.md).  Functions may be
 * registered after the PHB, so a notifier catches them as they arrive.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/kernel.h>
#include <pciescope/drivers/powernv_ioda.h>
#include <pciescope/regs/phb3.h>

struct ioda_sys;

struct ioda_attr {
	struct ioda_sys *s;
	const char *file;
	unsigned arg;
	struct ioda_attr *next;
};

struct ioda_vf {
	struct kdevice kd;
	struct bus_device bd;
};

struct ioda_sys {
	struct kcore *k;
	struct kdevice *phb_dev;
	struct ioda_phb *phb;
	struct sysfs_node *dir;
	struct ioda_attr *attrs;
	struct ioda_vf **vfs;
	size_t nvfs;
	struct error error; /* the last request refused, for the error file */
};

static ssize_t file_show(void *ctx, char *buf, size_t n)
{
	struct ioda_attr *a = ctx;
	struct ioda_phb *p = a->s->phb;
	const char *f = a->file;

	if (!strcmp(f, "phb"))
		return ioda_show_phb(p, buf, n);
	if (!strcmp(f, "windows"))
		return ioda_show_windows(p, buf, n);
	if (!strcmp(f, "pes"))
		return ioda_show_pes(p, buf, n);
	if (!strcmp(f, "pe"))
		return ioda_show_pe(p, a->arg, buf, n);
	if (!strcmp(f, "sriov"))
		return ioda_show_sriov(p, (uint16_t)a->arg, buf, n);
	if (!strcmp(f, "sriov_totalvfs"))
		return snprintf(buf, n, "%u\n", ioda_sriov_totalvfs(p, (uint16_t)a->arg));
	if (!strcmp(f, "sriov_numvfs"))
		return snprintf(buf, n, "%u\n", ioda_sriov_numvfs(p, (uint16_t)a->arg));
	if (!strcmp(f, "error"))
		return snprintf(buf, n, "%s\n",
				a->s->error.msg[0]  ? a->s->error.msg
				: ioda_phb_error(p) ? ioda_phb_error(p)
						    : "");
	return ioda_show_answer(p, buf, n);
}

static void sync_vfs(struct ioda_sys *s);

static ssize_t numvfs_store(struct ioda_attr *a, const char *buf, size_t len)
{
	char *end;
	unsigned long n = strtoul(buf, &end, 0);
	int ret;

	if (end == buf || (*end && *end != '\n'))
		return -EINVAL;
	ret = ioda_sriov_set(a->s->phb, (uint16_t)a->arg, n > 0xffff ? 0x10000 : (unsigned)n,
			     &a->s->error);
	if (ret)
		return ret;
	a->s->error.msg[0] = '\0';
	sync_vfs(a->s);
	return (ssize_t)len;
}

static ssize_t file_store(void *ctx, const char *buf, size_t len)
{
	struct ioda_attr *a = ctx;
	int ret;

	if (!strcmp(a->file, "sriov_numvfs"))
		return numvfs_store(a, buf, len);
	ret = ioda_request(a->s->phb, a->file, buf, &a->s->error);
	if (!ret)
		a->s->error.msg[0] = '\0';
	return ret ? ret : (ssize_t)len;
}

static const struct sysfs_attr_ops ro_ops = {.show = file_show};
static const struct sysfs_attr_ops rw_ops = {.show = file_show, .store = file_store};
static const struct sysfs_attr_ops wo_ops = {.store = file_store};

static int add(struct ioda_sys *s, struct sysfs_node *dir, const char *name, unsigned arg,
	       unsigned mode, const struct sysfs_attr_ops *ops)
{
	struct ioda_attr *a = calloc(1, sizeof(*a));

	if (!a)
		return -ENOMEM;
	*a = (struct ioda_attr){s, name, arg, s->attrs};
	s->attrs = a;
	return sysfs_add_attr(dir, name, mode, ops, a);
}

static int add_as(struct ioda_sys *s, struct sysfs_node *dir, const char *name, const char *file,
		  unsigned arg)
{
	int ret = add(s, dir, name, arg, 0444, &ro_ops);

	if (!ret)
		s->attrs->file = file;
	return ret;
}

static int make_debug_tree(struct ioda_sys *s)
{
	char path[64], name[16];
	struct sysfs_node *pe, *sr;
	uint16_t dom = ioda_phb_domain(s->phb);
	int ret = 0;

	snprintf(path, sizeof(path), "/sys/kernel/debug/powerpc/PCI%04x", dom);
	s->dir = sysfs_mkdir_p(s->k->sysfs, path);
	pe = s->dir ? sysfs_mkdir(s->dir, "pe") : NULL;
	sr = s->dir ? sysfs_mkdir(s->dir, "sriov") : NULL;
	if (!pe || !sr)
		return -ENOMEM;
	ret |= add(s, s->dir, "phb", 0, 0444, &ro_ops);
	ret |= add(s, s->dir, "windows", 0, 0444, &ro_ops);
	ret |= add(s, s->dir, "pes", 0, 0444, &ro_ops);
	ret |= add(s, s->dir, "error", 0, 0444, &ro_ops);
	ret |= add(s, s->dir, "resolve", 0, 0644, &rw_ops);
	ret |= add(s, s->dir, "access", 0, 0644, &rw_ops);
	ret |= add(s, s->dir, "freeze", 0, 0200, &wo_ops);
	ret |= add(s, s->dir, "unfreeze", 0, 0200, &wo_ops);
	for (unsigned i = 0; i < 256 && !ret; i++) {
		snprintf(name, sizeof(name), "%u", i);
		ret = add_as(s, pe, name, "pe", i);
	}
	for (unsigned i = 0; i < ioda_dev_count(s->phb) && !ret; i++) {
		uint16_t rid = ioda_dev_rid(s->phb, i);

		if (!ioda_sriov_totalvfs(s->phb, rid))
			continue;
		pci_bdf_format((struct pci_bdf){dom, rid}, name, sizeof(name));
		ret = add_as(s, sr, name, "sriov", rid);
	}
	return ret ? -ENOMEM : 0;
}

/* Copies the assignment into a function's BARs (its `resource` file). */
static void publish(struct ioda_sys *s, struct kdevice *kd)
{
	int i = ioda_dev_find(s->phb, kd->bus->bdf.rid);

	if (i < 0 || kd->bus->bdf.domain != ioda_phb_domain(s->phb) || kd == s->phb_dev)
		return;
	for (int b = 0; b < BUS_MAX_BARS; b++) {
		uint64_t base, size;

		if (!ioda_dev_bar(s->phb, (unsigned)i, b, &base, &size) && size) {
			kd->bus->bar[b].base = base;
			kd->bus->bar[b].size = size;
		}
	}
	if (kd->dir && ioda_sriov_totalvfs(s->phb, kd->bus->bdf.rid) &&
	    !ioda_dev_is_vf(s->phb, (unsigned)i)) {
		add(s, kd->dir, "sriov_totalvfs", kd->bus->bdf.rid, 0444, &ro_ops);
		add(s, kd->dir, "sriov_numvfs", kd->bus->bdf.rid, 0664, &rw_ops);
	}
}

static bool is_our_vf(const struct ioda_sys *s, const struct kdevice *kd)
{
	for (size_t i = 0; i < s->nvfs; i++)
		if (&s->vfs[i]->kd == kd)
			return true;
	return false;
}

static void on_device(void *ctx, enum kdevice_event ev, struct kdevice *kd)
{
	struct ioda_sys *s = ctx;

	if (ev != KDEV_ADD || is_our_vf(s, kd))
		return;
	publish(s, kd);
	if (kd->bus->bdf.domain == ioda_phb_domain(s->phb) &&
	    ioda_sriov_numvfs(s->phb, kd->bus->bdf.rid))
		sync_vfs(s);
}

static void drop_vfs(struct ioda_sys *s)
{
	for (size_t i = s->nvfs; i-- > 0;) {
		kcore_remove_device(s->k, &s->vfs[i]->kd);
		free(s->vfs[i]);
	}
	free(s->vfs);
	s->vfs = NULL;
	s->nvfs = 0;
}

static void add_vf(struct ioda_sys *s, unsigned i)
{
	uint16_t rid = ioda_dev_rid(s->phb, i), dom = ioda_phb_domain(s->phb);
	struct ioda_vf *v = calloc(1, sizeof(*v)), **vfs;
	struct kdevice *pf =
	    kcore_find_device(s->k, (struct pci_bdf){dom, ioda_dev_pf_rid(s->phb, i)});

	/* VFs restored at boot wait for their PF to be registered (on_device). */
	if (!pf) {
		free(v);
		return;
	}
	vfs = v ? realloc(s->vfs, (s->nvfs + 1) * sizeof(*vfs)) : NULL;
	if (!vfs) {
		free(v);
		return;
	}
	s->vfs = vfs;
	v->bd.bdf = (struct pci_bdf){dom, rid};
	v->bd.vendor = pf->bus->vendor;
	v->bd.device = pf->bus->device;
	v->bd.class_code = pf->bus->class_code;
	v->bd.numa_node = pf->bus->numa_node;
	v->kd.bus = &v->bd;
	v->kd.port_type = PCIE_TYPE_ENDPOINT;
	v->kd.parent = pf->parent;
	for (int b = 0; b < BUS_MAX_BARS; b++)
		ioda_dev_bar(s->phb, i, b, &v->bd.bar[b].base, &v->bd.bar[b].size);
	s->vfs[s->nvfs++] = v;
	if (kcore_add_device(s->k, &v->kd)) {
		s->nvfs--;
		free(v);
	}
}

/* The VF devices follow the driver's list: all removed, the live ones added again. */
static void sync_vfs(struct ioda_sys *s)
{
	drop_vfs(s);
	for (unsigned i = 0; i < ioda_dev_count(s->phb); i++) {
		uint64_t base, size;

		if (ioda_dev_is_vf(s->phb, i) && !ioda_dev_bar(s->phb, i, 0, &base, &size))
			add_vf(s, i);
	}
}

static void sys_free(struct ioda_sys *s)
{
	drop_vfs(s);
	if (s->dir)
		sysfs_remove(s->dir);
	while (s->attrs) {
		struct ioda_attr *a = s->attrs;

		s->attrs = a->next;
		free(a);
	}
	ioda_phb_free(s->phb);
	free(s);
}

static int ioda_probe(struct kcore *k, struct kdevice *d)
{
	struct ioda_sys *s = calloc(1, sizeof(*s));
	int ret;

	if (!s)
		return -ENOMEM;
	s->k = k;
	s->phb_dev = d;
	ret = ioda_phb_init(d->bus, &s->phb);
	if (!ret)
		ret = make_debug_tree(s);
	if (ret) {
		sys_free(s);
		return ret;
	}
	if (ioda_phb_error(s->phb))
		kcore_log(k, "pci %04x: IODA2 assignment failed: %s", ioda_phb_domain(s->phb),
			  ioda_phb_error(s->phb));
	for (struct kdevice *x = kcore_first_device(k); x; x = x->next)
		publish(s, x);
	sync_vfs(s);
	d->bus->drvdata = s;
	return kcore_register_notifier(k, on_device, s);
}

static void ioda_remove(struct kcore *k, struct kdevice *d)
{
	struct ioda_sys *s = d->bus->drvdata;

	if (!s)
		return;
	kcore_unregister_notifier(k, on_device, s);
	sys_free(s);
	d->bus->drvdata = NULL;
}

static const struct pci_device_id ioda_ids[] = {
    {PHB3_VENDOR, PHB3_DEVICE},
    {0, 0},
};

const struct kdriver powernv_ioda_driver = {
    .name = "powernv_ioda",
    .ids = ioda_ids,
    .probe = ioda_probe,
    .remove = ioda_remove,
};
