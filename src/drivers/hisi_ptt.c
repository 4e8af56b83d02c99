// SPDX-License-Identifier: GPL-2.0-only
/*
 * hisi_ptt: the driver of the HiSilicon PCIe Tune and Trace RCiEP.  It knows
 * its device only through BAR 2 registers, DMA memory and MSI vector 0, as
 * the kernel driver does: identity (LOCATION, DEVICE_RANGE) is read from
 * registers at probe, the four 4 MiB trace buffers are allocated and
 * programmed once, then the filter lists, the tune files and the PMU
 * hisi_ptt<sicl>_<core> are registered.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hisi_ptt.h"

int hisi_ptt_poll(struct hisi_ptt *ptt, uint64_t reg, uint32_t mask, uint32_t want, int polls)
{
	for (int i = 0; i <= polls; i++)
		if ((bus_read32(ptt->bd, PTT_BAR, reg) & mask) == want)
			return 0;
	return -ETIMEDOUT;
}

static void hisi_ptt_free_buffers(struct hisi_ptt *ptt)
{
	for (int i = 0; i < PTT_TRACE_BUF_CNT; i++)
		if (ptt->buf[i])
			bus_dma_free(ptt->bd->dma, ptt->buf[i], HISI_PTT_TRACE_BUF_SIZE);
}

static int hisi_ptt_alloc_buffers(struct hisi_ptt *ptt)
{
	struct bus_device *bd = ptt->bd;

	if (!bd->dma)
		return -ENODEV;
	for (int i = 0; i < PTT_TRACE_BUF_CNT; i++) {
		ptt->buf[i] = bus_dma_alloc(bd->dma, HISI_PTT_TRACE_BUF_SIZE, &ptt->buf_dma[i]);
		if (!ptt->buf[i])
			return -ENOMEM;
	}
	bus_write32(bd, PTT_BAR, PTT_TRACE_ADDR_SIZE, HISI_PTT_TRACE_BUF_SIZE);
	for (int i = 0; i < PTT_TRACE_BUF_CNT; i++) {
		bus_write32(bd, PTT_BAR, PTT_TRACE_ADDR_BASE_LO(i), (uint32_t)ptt->buf_dma[i]);
		bus_write32(bd, PTT_BAR, PTT_TRACE_ADDR_BASE_HI(i),
			    (uint32_t)(ptt->buf_dma[i] >> 32));
	}
	return 0;
}

static void hisi_ptt_read_identity(struct hisi_ptt *ptt)
{
	uint32_t range = bus_read32(ptt->bd, PTT_BAR, PTT_DEVICE_RANGE);
	uint32_t loc = bus_read32(ptt->bd, PTT_BAR, PTT_LOCATION);

	ptt->lower_bdf = (uint16_t)range;
	ptt->upper_bdf = (uint16_t)(range >> 16);
	ptt->core = (uint16_t)loc;
	ptt->sicl = (uint16_t)(loc >> 16);
	pmu_name_format((struct pmu_name){PMU_HISI_PTT, ptt->sicl, ptt->core}, ptt->name,
			sizeof(ptt->name));
	snprintf(ptt->path, sizeof(ptt->path), "/sys/bus/event_source/devices/%s", ptt->name);
}

static void hisi_ptt_teardown(struct hisi_ptt *ptt)
{
	hisi_ptt_pmu_unregister(ptt);
	hisi_ptt_filters_release(ptt);
	bus_free_irq(ptt->bd, PTT_IRQ_DMA);
	hisi_ptt_free_buffers(ptt);
	ptt->kd->bus->drvdata = NULL;
	free(ptt);
}

static int hisi_ptt_probe(struct kcore *k, struct kdevice *kd)
{
	struct hisi_ptt *ptt;
	int ret;

	/* The trace DMA must not be translated (no IOMMU domain or passthrough). */
	if (!kd->bus->identity_iommu)
		return -EOPNOTSUPP;
	if (kd->bus->nvectors < PTT_NVECTORS)
		return -ENODEV;
	ptt = calloc(1, sizeof(*ptt));
	if (!ptt)
		return -ENOMEM;
	ptt->k = k;
	ptt->kd = kd;
	ptt->bd = kd->bus;
	kd->bus->drvdata = ptt;
	hisi_ptt_read_identity(ptt);

	ret = hisi_ptt_alloc_buffers(ptt);
	if (!ret)
		ret = bus_request_irq(ptt->bd, PTT_IRQ_DMA, hisi_ptt_irq, ptt);
	if (!ret)
		ret = hisi_ptt_pmu_register(ptt);
	if (ret) {
		kcore_log(k, "hisi_ptt: probe of %s failed: %d", ptt->name, ret);
		hisi_ptt_teardown(ptt);
		return ret;
	}
	kcore_log(k, "hisi_ptt: %s: Root Ports %02x:%02x.%x..%02x:%02x.%x", ptt->name,
		  PCI_RID_BUS(ptt->lower_bdf), PCI_RID_DEV(ptt->lower_bdf),
		  PCI_RID_FN(ptt->lower_bdf), PCI_RID_BUS(ptt->upper_bdf),
		  PCI_RID_DEV(ptt->upper_bdf), PCI_RID_FN(ptt->upper_bdf));
	return 0;
}

static void hisi_ptt_remove(struct kcore *k, struct kdevice *kd)
{
	struct hisi_ptt *ptt = kd->bus->drvdata;

	if (ptt)
		hisi_ptt_teardown(ptt);
}

static const struct pci_device_id hisi_ptt_ids[] = {
    {PTT_VENDOR_ID, PTT_DEVICE_ID},
    {0, 0},
};

const struct kdriver hisi_ptt_driver = {
    .name = "hisi_ptt",
    .ids = hisi_ptt_ids,
    .probe = hisi_ptt_probe,
    .remove = hisi_ptt_remove,
};
