// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT tune files take user text: any bytes written to tune/qos_tx_cpl
 * either fail with EINVAL and leave the value as it was, or succeed and
 * leave a level 0..2 that is the written number clamped by the hardware.
 * One emulated core with a PTT (no fabric) is built once and reused.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/kernel.h>
#include <pciescope/hw/ptt.h>
#include <pciescope/regs/ptt.h>

extern const struct kdriver hisi_ptt_driver;

#define TUNE "/sys/bus/event_source/devices/hisi_ptt0_2/tune/qos_tx_cpl"

static struct kcore *k;

static void setup(void)
{
	static struct bus_device bd = {
	    .vendor = PTT_VENDOR_ID, .device = PTT_DEVICE_ID, .identity_iommu = true};
	static struct kdevice kd = {.bus = &bd, .port_type = PCIE_TYPE_RCIEP};
	struct ptt_hw_config c = {.dev = &bd, .core = 2};
	struct ptt_hw *h;

	bd.dma = bus_dma_create();
	k = kcore_create(4, 1);
	if (!k || ptt_hw_create(&c, &h) || kcore_add_device(k, &kd) ||
	    kcore_register_driver(k, &hisi_ptt_driver))
		abort();
}

static int level(void)
{
	char buf[16];
	ssize_t n = sysfs_read(k->sysfs, TUNE, buf, sizeof(buf));

	if (n != 2 || buf[1] != '\n' || buf[0] < '0' || buf[0] > '2')
		abort();
	return buf[0] - '0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int before, after;
	ssize_t r;

	if (!k)
		setup();
	before = level();
	r = sysfs_write(k->sysfs, TUNE, (const char *)data, size);
	after = level();
	if (r == -EINVAL && after != before)
		abort();
	if (r != -EINVAL && r != (ssize_t)size)
		abort();
	return 0;
}
