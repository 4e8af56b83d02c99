// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCI tree as sysfs shows it: /sys/bus/pci/devices lists every device,
 * and a bridge's directory holds its children's directories, on Linux and
 * on the emulated platform alike; so the tree and the IDs come through the
 * backend.  Link speed and width come from the sysfs link files when they
 * exist; on a host whose sysfs lacks them, from the PCIe capability's Link
 * Capabilities and Link Status registers read through libpci.
 */
#include <errno.h>
#include <pci/pci.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "topo.h"

#define PCI_DEVICES "/sys/bus/pci/devices"

static const double gts[] = {0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0};

static bool read_text(struct backend *b, const char *bdf, const char *file, char *buf, size_t n)
{
	char path[256];
	ssize_t r;

	snprintf(path, sizeof(path), PCI_DEVICES "/%s/%s", bdf, file);
	r = b->ops->sysfs_read(b, path, buf, n - 1);
	if (r <= 0)
		return false;
	buf[r] = 0;
	return true;
}

static unsigned long read_hex(struct backend *b, const char *bdf, const char *file)
{
	char t[64];

	return read_text(b, bdf, file, t, sizeof(t)) ? strtoul(t, NULL, 0) : 0;
}

static bool link_from_sysfs(struct backend *b, struct topo_dev *d)
{
	char s[64], ms[64];

	if (!read_text(b, d->bdf, "current_link_speed", s, sizeof(s)) ||
	    !read_text(b, d->bdf, "max_link_speed", ms, sizeof(ms)))
		return false;
	d->speed = strtod(s, NULL);
	d->max_speed = strtod(ms, NULL);
	d->width = (unsigned)read_hex(b, d->bdf, "current_link_width");
	d->max_width = (unsigned)read_hex(b, d->bdf, "max_link_width");
	return d->speed > 0 && d->max_speed > 0 && d->width && d->max_width;
}

static double speed_of(unsigned code)
{
	return code < sizeof(gts) / sizeof(gts[0]) ? gts[code] : 0;
}

static bool link_from_config(struct pci_access *acc, struct topo_dev *d)
{
	struct pci_bdf a;
	struct pci_dev *p;
	struct pci_cap *cap;
	bool ok = false;

	if (pci_bdf_parse(d->bdf, &a))
		return false;
	p = pci_get_dev(acc, a.domain, a.rid >> 8, (a.rid >> 3) & 0x1f, a.rid & 7);
	if (!p)
		return false;
	pci_fill_info(p, PCI_FILL_CAPS);
	cap = pci_find_cap(p, PCI_CAP_ID_EXP, PCI_CAP_NORMAL);
	if (cap) {
		uint32_t lnkcap = pci_read_long(p, cap->addr + PCI_EXP_LNKCAP);
		uint16_t lnksta = pci_read_word(p, cap->addr + PCI_EXP_LNKSTA);

		d->max_speed = speed_of(lnkcap & 0xf);
		d->max_width = (lnkcap >> 4) & 0x3f;
		d->speed = speed_of(lnksta & 0xf);
		d->width = (lnksta >> 4) & 0x3f;
		ok = d->speed > 0 && d->max_speed > 0 && d->width && d->max_width;
	}
	pci_free_dev(p);
	return ok;
}

static int index_of(const struct topo *t, const char *bdf)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->d[i].bdf, bdf))
			return (int)i;
	return -1;
}

/* Children are the entries of a device's directory that are device names. */
static void link_children(struct backend *b, struct topo *t, size_t i)
{
	char path[256], **names;
	size_t n;

	snprintf(path, sizeof(path), PCI_DEVICES "/%s", t->d[i].bdf);
	if (b->ops->sysfs_list(b, path, &names, &n))
		return;
	for (size_t k = 0; k < n; k++) {
		int c = index_of(t, names[k]);

		if (c >= 0 && c != (int)i)
			t->d[c].parent = (int)i;
		free(names[k]);
	}
	free(names);
}

int topo_scan(struct backend *b, struct pci_access *acc, struct topo *t)
{
	char **names;
	size_t n;
	int r = b->ops->sysfs_list(b, PCI_DEVICES, &names, &n);
	struct pci_bdf bdf;

	if (r)
		return r;
	t->d = calloc(n ? n : 1, sizeof(*t->d));
	t->n = 0;
	for (size_t i = 0; i < n; i++) {
		struct topo_dev *d = &t->d[t->n];

		if (t->d && !pci_bdf_parse(names[i], &bdf)) {
			snprintf(d->bdf, sizeof(d->bdf), "%s", names[i]);
			d->parent = -1;
			d->vendor = (uint16_t)read_hex(b, d->bdf, "vendor");
			d->device = (uint16_t)read_hex(b, d->bdf, "device");
			d->class_code = (uint32_t)read_hex(b, d->bdf, "class");
			d->link = link_from_sysfs(b, d) || (acc && link_from_config(acc, d));
			t->n++;
		}
		free(names[i]);
	}
	free(names);
	if (!t->d)
		return -ENOMEM;
	for (size_t i = 0; i < t->n; i++)
		link_children(b, t, i);
	return 0;
}

void topo_free(struct topo *t)
{
	free(t->d);
	t->d = NULL;
	t->n = 0;
}

bool topo_downgraded(const struct topo_dev *d)
{
	return d->link && (d->speed < d->max_speed || d->width < d->max_width);
}
