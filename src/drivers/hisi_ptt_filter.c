// SPDX-License-Identifier: GPL-2.0-only
/*
 * Filter lists: the Root Ports of this PTT's core (BDF within DEVICE_RANGE)
 * become port filters, every other device below them a requester filter.
 * Each filter is a 0400 file named by its BDF under root_port_filters/ or
 * requester_filters/ holding its `filter` value ("0x%05x").
 *
 * The lists follow hotplug, removal and rescan through a device notifier.
 * The kernel queues notifications in a 16-entry FIFO drained by a worker
 * (losing updates when full); here the core delivers notifications one at a
 * time on the caller's thread, so they are applied at once and none is lost.
 * As in the kernel, removing a Root Port clears its bit from port_mask even
 * if another port (same slot & 7) shares it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hisi_ptt.h"

static ssize_t hisi_ptt_filter_show(void *ctx, char *buf, size_t n)
{
	const struct hisi_ptt_filter *f = ctx;

	return snprintf(buf, n, "0x%05x\n", f->value);
}

static const struct sysfs_attr_ops hisi_ptt_filter_ops = {.show = hisi_ptt_filter_show};

/* The Root Port of d if it is in this PTT's range (d may be the port itself). */
static struct kdevice *hisi_ptt_port_of(struct hisi_ptt *ptt, struct kdevice *d)
{
	struct kdevice *rp = kdevice_root_port(d);

	if (!rp || rp->bus->bdf.domain != ptt->bd->bdf.domain)
		return NULL;
	if (rp->bus->bdf.rid < ptt->lower_bdf || rp->bus->bdf.rid > ptt->upper_bdf)
		return NULL;
	return rp;
}

static uint16_t hisi_ptt_port_bit(uint16_t rid)
{
	return (uint16_t)(1u << ((PCI_RID_DEV(rid) & 7) * 2));
}

static void hisi_ptt_filter_add(struct hisi_ptt *ptt, struct kdevice *d, bool is_port)
{
	struct hisi_ptt_filter *f = calloc(1, sizeof(*f)), **list;

	if (!f)
		return;
	f->ptt = ptt;
	f->is_port = is_port;
	f->rid = d->bus->bdf.rid;
	f->value = is_port ? HISI_PTT_PORT_FILTER | hisi_ptt_port_bit(f->rid) : f->rid;
	pci_bdf_format(d->bus->bdf, f->name, sizeof(f->name));
	/* As in the kernel: a filter whose file cannot be created is dropped. */
	if (sysfs_add_attr(is_port ? ptt->port_dir : ptt->req_dir, f->name, 0400,
			   &hisi_ptt_filter_ops, f)) {
		free(f);
		return;
	}
	list = is_port ? &ptt->port_filters : &ptt->req_filters;
	while (*list)
		list = &(*list)->next;
	*list = f;
	if (is_port)
		ptt->port_mask |= (uint16_t)f->value;
}

static void hisi_ptt_filter_del(struct hisi_ptt *ptt, struct kdevice *d, bool is_port)
{
	struct hisi_ptt_filter **list = is_port ? &ptt->port_filters : &ptt->req_filters, *f;
	char path[160];

	for (; (f = *list); list = &f->next) {
		if (f->rid != d->bus->bdf.rid)
			continue;
		*list = f->next;
		snprintf(path, sizeof(path), "%s/%s/%s", ptt->path,
			 is_port ? "root_port_filters" : "requester_filters", f->name);
		sysfs_remove_path(ptt->k->sysfs, path);
		if (is_port)
			ptt->port_mask &= (uint16_t)~f->value;
		free(f);
		return;
	}
}

static void hisi_ptt_notify(void *ctx, enum kdevice_event ev, struct kdevice *d)
{
	struct hisi_ptt *ptt = ctx;
	struct kdevice *rp = hisi_ptt_port_of(ptt, d);

	if (!rp)
		return;
	if (ev == KDEV_ADD)
		hisi_ptt_filter_add(ptt, d, rp == d);
	else
		hisi_ptt_filter_del(ptt, d, rp == d);
}

int hisi_ptt_filters_init(struct hisi_ptt *ptt, struct sysfs_node *pmu_dir)
{
	int ret;

	ptt->port_dir = sysfs_mkdir(pmu_dir, "root_port_filters");
	ptt->req_dir = sysfs_mkdir(pmu_dir, "requester_filters");
	if (!ptt->port_dir || !ptt->req_dir)
		return -ENOMEM;
	ret = sysfs_add_const(ptt->port_dir, "multiselect", "1\n");
	if (!ret)
		ret = sysfs_add_const(ptt->req_dir, "multiselect", "0\n");
	if (ret)
		return ret;
	for (struct kdevice *d = kcore_first_device(ptt->k); d; d = d->next) {
		struct kdevice *rp = hisi_ptt_port_of(ptt, d);

		if (rp)
			hisi_ptt_filter_add(ptt, d, rp == d);
	}
	ret = kcore_register_notifier(ptt->k, hisi_ptt_notify, ptt);
	ptt->notifier = !ret;
	return ret;
}

static void hisi_ptt_free_list(struct hisi_ptt_filter *f)
{
	while (f) {
		struct hisi_ptt_filter *next = f->next;

		free(f);
		f = next;
	}
}

void hisi_ptt_filters_release(struct hisi_ptt *ptt)
{
	if (ptt->notifier)
		kcore_unregister_notifier(ptt->k, hisi_ptt_notify, ptt);
	ptt->notifier = false;
	hisi_ptt_free_list(ptt->port_filters);
	hisi_ptt_free_list(ptt->req_filters);
	ptt->port_filters = ptt->req_filters = NULL;
	ptt->port_mask = 0;
}

int hisi_ptt_filter_check(struct hisi_ptt *ptt, uint64_t filter)
{
	uint16_t val = (uint16_t)filter;

	if (filter & HISI_PTT_PORT_FILTER)
		return (val & ~ptt->port_mask) ? -EINVAL : 0;
	for (struct hisi_ptt_filter *f = ptt->req_filters; f; f = f->next)
		if (f->rid == val)
			return 0;
	return -EINVAL;
}
