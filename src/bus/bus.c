// SPDX-License-Identifier: GPL-2.0-only
/*
 * Register access and interrupts between a driver and a model.  A 64-bit
 * access to a model that only has 32-bit ops is split low word first, the
 * way a 32-bit bus would do it.
 */
#include <errno.h>

#include <pciescope/bus/bus.h>

static struct bus_bar *bar_of(struct bus_device *d, int bar)
{
	if (bar < 0 || bar >= BUS_MAX_BARS || !d->bar[bar].ops)
		return NULL;
	return &d->bar[bar];
}

uint32_t bus_read32(struct bus_device *d, int bar, uint64_t off)
{
	struct bus_bar *b = bar_of(d, bar);

	/* An unclaimed or out-of-range access reads all ones, as on PCIe. */
	if (!b || off + 4 > b->size)
		return 0xffffffffu;
	return b->ops->read32(b->model, off);
}

void bus_write32(struct bus_device *d, int bar, uint64_t off, uint32_t val)
{
	struct bus_bar *b = bar_of(d, bar);

	if (b && off + 4 <= b->size)
		b->ops->write32(b->model, off, val);
}

uint64_t bus_read64(struct bus_device *d, int bar, uint64_t off)
{
	struct bus_bar *b = bar_of(d, bar);

	if (!b || off + 8 > b->size)
		return ~0ull;
	if (b->ops->read64)
		return b->ops->read64(b->model, off);
	return b->ops->read32(b->model, off) | (uint64_t)b->ops->read32(b->model, off + 4) << 32;
}

void bus_write64(struct bus_device *d, int bar, uint64_t off, uint64_t val)
{
	struct bus_bar *b = bar_of(d, bar);

	if (!b || off + 8 > b->size)
		return;
	if (b->ops->write64) {
		b->ops->write64(b->model, off, val);
		return;
	}
	b->ops->write32(b->model, off, (uint32_t)val);
	b->ops->write32(b->model, off + 4, (uint32_t)(val >> 32));
}

int bus_request_irq(struct bus_device *d, int vector, bus_irq_handler h, void *ctx)
{
	if (vector < 0 || vector >= d->nvectors || vector >= BUS_MAX_VECTORS)
		return -EINVAL;
	if (d->irq[vector])
		return -EBUSY;
	d->irq[vector] = h;
	d->irq_ctx[vector] = ctx;
	return 0;
}

void bus_free_irq(struct bus_device *d, int vector)
{
	if (vector >= 0 && vector < BUS_MAX_VECTORS) {
		d->irq[vector] = NULL;
		d->irq_ctx[vector] = NULL;
	}
}

void bus_raise_irq(struct bus_device *d, int vector)
{
	/* No handler: the interrupt is lost, as an unrequested MSI would be. */
	if (vector >= 0 && vector < BUS_MAX_VECTORS && d->irq[vector])
		d->irq[vector](d->irq_ctx[vector], vector);
}

void bus_raise_irq_at(struct bus_device *d, int vector, uint64_t ns)
{
	if (d->irq_time)
		d->irq_time(d->irq_time_ctx, ns);
	bus_raise_irq(d, vector);
}
