// SPDX-License-Identifier: GPL-2.0-only
/*
 * IODA2 assignment time: 16 PHB3s, each with a switch, a GPU, an NVMe drive
 * and 4 SR-IOV PFs (64 PFs in all), brought up by the powernv_ioda driver
 * through the PHB3 register window, then 8 VFs enabled on every PF.
 * Prints the best and median CPU time of several runs; the target is under
 * 10 ms for the bring-up of all 16 PHBs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pciescope/drivers/powernv_ioda.h>
#include <pciescope/hw/phb3.h>
#include <pciescope/regs/phb3.h>

#define PHBS 16
#define RUNS 15
#define MiB (1ull << 20)
#define GiB (1ull << 30)
#define PREF64 (PHB3_BAR_MEM64 | PHB3_BAR_PREFETCH)

struct phb_setup {
	struct phb3_fn_desc fn[16];
	struct phb3_desc desc;
	struct phb3 *model;
	struct bus_dma *dma;
	struct bus_device bd;
	struct ioda_phb *phb;
};

static struct phb3_fn_desc *fn(struct phb_setup *s, uint16_t rid, int type, int sec, int sub)
{
	struct phb3_fn_desc *d = &s->fn[s->desc.nfn++];

	memset(d, 0, sizeof(*d));
	d->rid = rid;
	d->type = type;
	d->secondary = (uint8_t)sec;
	d->subordinate = (uint8_t)sub;
	return d;
}

static void describe(struct phb_setup *s, unsigned i)
{
	struct phb3_fn_desc *d;

	s->desc = (struct phb3_desc){.num_pes = 256,
				     .reserved_pe = 255,
				     .m32_cpu_base = 0x3fe000000000ull + i * 0x100000000ull,
				     .m32_pci_base = 0x80000000ull,
				     .m32_size = 2 * GiB,
				     .m64_base = 0x200000000000ull + i * 64 * GiB,
				     .m64_size = 64 * GiB,
				     .m64_count = 16,
				     .msi_count = 2048,
				     .fn = s->fn};
	fn(s, PCI_RID(0, 0, 0), PHB3_FN_BRIDGE, 1, 8);
	fn(s, PCI_RID(1, 0, 0), PHB3_FN_BRIDGE, 2, 8);
	for (int p = 0; p < 6; p++)
		fn(s, PCI_RID(2, p, 0), PHB3_FN_BRIDGE, 3 + p, 3 + p);
	d = fn(s, PCI_RID(3, 0, 0), PHB3_FN_ENDPOINT, 0, 0);
	d->bar[0] = (struct phb3_bar_desc){16 * MiB, 0};
	d->bar[1] = (struct phb3_bar_desc){16 * GiB, PREF64};
	d = fn(s, PCI_RID(4, 0, 0), PHB3_FN_ENDPOINT, 0, 0);
	d->bar[0] = (struct phb3_bar_desc){16 << 10, PHB3_BAR_MEM64};
	for (int p = 0; p < 4; p++) {
		d = fn(s, PCI_RID(5 + p, 0, 0), PHB3_FN_ENDPOINT, 0, 0);
		d->bar[0] = (struct phb3_bar_desc){1 * MiB, 0};
		d->total_vfs = 32;
		d->vf_offset = 8;
		d->vf_stride = 1;
		d->vf_bar[0] = (struct phb3_bar_desc){(p & 1 ? 32 : 1) * MiB, PREF64};
	}
}

/* CPU time of the process: on a shared machine, wall time also counts waiting for a CPU. */
static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int one_run(struct phb_setup *s, double *boot, double *vfs)
{
	struct error err;
	double t0, t1, t2;

	for (unsigned i = 0; i < PHBS; i++) {
		describe(&s[i], i);
		s[i].dma = bus_dma_create();
		s[i].model = phb3_create(&s[i].desc, s[i].dma);
		s[i].bd = (struct bus_device){.bdf = {(uint16_t)i, 0}, .dma = s[i].dma};
		s[i].bd.bar[0] = (struct bus_bar){&phb3_mmio_ops, s[i].model, PHB3_REGS_SIZE, 0};
	}
	t0 = now_ms();
	for (unsigned i = 0; i < PHBS; i++)
		if (ioda_phb_init(&s[i].bd, &s[i].phb) || ioda_phb_error(s[i].phb))
			return -1;
	t1 = now_ms();
	for (unsigned i = 0; i < PHBS; i++)
		for (int p = 0; p < 4; p++)
			if (ioda_sriov_set(s[i].phb, PCI_RID(5 + p, 0, 0), 8, &err))
				return -1;
	t2 = now_ms();
	for (unsigned i = 0; i < PHBS; i++) {
		ioda_phb_free(s[i].phb);
		phb3_destroy(s[i].model);
		bus_dma_destroy(s[i].dma);
	}
	*boot = t1 - t0;
	*vfs = t2 - t1;
	return 0;
}

int main(void)
{
	static struct phb_setup s[PHBS];
	double boot[RUNS], vfs[RUNS];

	for (int r = 0; r < RUNS; r++)
		if (one_run(s, &boot[r], &vfs[r])) {
			fprintf(stderr, "bench_ioda: assignment failed\n");
			return 1;
		}
	qsort(boot, RUNS, sizeof(double), cmp);
	qsort(vfs, RUNS, sizeof(double), cmp);
	printf("ioda assignment, %d PHBs, %d SR-IOV PFs (%d runs, CPU time)\n", PHBS, PHBS * 4,
	       RUNS);
	printf("  bring-up (enumerate, assign, PEs): best %.3f ms  median %.3f ms\n", boot[0],
	       boot[RUNS / 2]);
	printf("  8 VFs on each of the 64 PFs:        best %.3f ms  median %.3f ms\n", vfs[0],
	       vfs[RUNS / 2]);
	return 0;
}
