// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCI tree as sysfs shows it: /sys/bus/pci/devices lists every device,
 * and a bridge's directory holds its children's directories, on Linux and
 * on the emulated platform alike; so the tree, the IDs and the
 * configuration space come through the backend.  Link speed and width come
 * from the sysfs link files when they exist, else from the PCI Express
 * capability in `config` (which a host shows in full to root only: without
 * it, MPS, ASPM and AER stay unknown).  A VF (it has `physfn`) has no link
 * of its own, whatever files it has.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/tool/topo.h>

static bool read_text(struct backend *b, const char *bdf, const char *file, char *buf, size_t n)
{
	char path[256];
	ssize_t r;

	snprintf(path, sizeof(path), PCI_DEVICES_DIR "/%s/%s", bdf, file);
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

/* GT/s of a Link Speed code (Link Capabilities / Link Status); 0 if unknown. */
static double topo_gts(int generation)
{
	static const double gts[] = {0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0};

	return generation >= 0 && generation < (int)(sizeof(gts) / sizeof(gts[0])) ? gts[generation]
										   : 0;
}

static bool link_from_config(struct topo_dev *d)
{
	if (!d->have_cfg)
		return false;
	d->max_speed = topo_gts(d->cfg.max_speed);
	d->max_width = (unsigned)d->cfg.max_width;
	d->speed = topo_gts(d->cfg.speed);
	d->width = (unsigned)d->cfg.width;
	return d->speed > 0 && d->max_speed > 0 && d->width && d->max_width;
}

static void read_config(struct backend *b, struct topo_dev *d)
{
	static uint8_t buf[PCIE_CFG_SIZE];
	char path[256];
	ssize_t r;

	snprintf(path, sizeof(path), PCI_DEVICES_DIR "/%s/config", d->bdf);
	r = b->ops->sysfs_read(b, path, (char *)buf, sizeof(buf));
	d->have_cfg = r > 0 && !pcie_cfg_parse(buf, (size_t)r, &d->cfg) && d->cfg.pcie;
}

static bool is_vf(struct backend *b, const char *bdf)
{
	char path[256];

	snprintf(path, sizeof(path), PCI_DEVICES_DIR "/%s/physfn", bdf);
	return b->ops->sysfs_is_dir(b, path) == 1;
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

	snprintf(path, sizeof(path), PCI_DEVICES_DIR "/%s", t->d[i].bdf);
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

static void scan_one(struct backend *b, struct topo_dev *d, const char *name)
{
	snprintf(d->bdf, sizeof(d->bdf), "%s", name);
	d->parent = -1;
	d->vendor = (uint16_t)read_hex(b, d->bdf, "vendor");
	d->device = (uint16_t)read_hex(b, d->bdf, "device");
	d->class_code = (uint32_t)read_hex(b, d->bdf, "class");
	d->numa_node = (int)read_hex(b, d->bdf, "numa_node");
	d->vf = is_vf(b, d->bdf);
	read_config(b, d);
	d->link = !d->vf && (link_from_sysfs(b, d) || link_from_config(d));
}

int topo_scan(struct backend *b, struct topo *t)
{
	char **names;
	size_t n;
	int r = b->ops->sysfs_list(b, PCI_DEVICES_DIR, &names, &n);
	struct pci_bdf bdf;

	if (r)
		return r;
	t->d = calloc(n ? n : 1, sizeof(*t->d));
	t->n = 0;
	for (size_t i = 0; i < n; i++) {
		if (t->d && !pci_bdf_parse(names[i], &bdf))
			scan_one(b, &t->d[t->n++], names[i]);
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
