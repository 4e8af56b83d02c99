// SPDX-License-Identifier: GPL-2.0-only
/*
 * Traced TLPs per second of the PTT trace engine: a stream of inbound TLPs
 * (P, NP, CPL B) crossing two Root Ports of one core is fed to the model's fabric observer with a
 * filter that matches all of them, the four 4 MiB buffers are written in a
 * ring and a minimal interrupt handler copies each full buffer out, as the
 * driver does into AUX.  Prints one line per entry format.
 *
 * Then the whole path on the kunpeng930 platform: the mixed workload at its
 * full rates (not the light default of the platform file) runs
 * while hisi_ptt0_2 traces every inbound TLP of its core through the driver
 * and the perf core into a 16 MiB AUX area that is drained after every
 * slice, as `pciescope record` does; the fabric's own simulation is the
 * larger part of that time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pciescope/bus/bus.h>
#include <pciescope/core/kernel.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/hw/ptt.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/platform/platform.h>
#include <pciescope/regs/ptt.h>

#define NTLP 4096
#define BUF (4u << 20)

struct sink {
	struct bus_device *dev;
	void *buf[4];
	unsigned next;
	uint8_t *out;
	uint64_t copied;
};

static void on_irq(void *ctx, int vector)
{
	struct sink *s = ctx;
	uint32_t st = bus_read32(s->dev, PTT_BAR, PTT_TRACE_INT_STAT);

	bus_write32(s->dev, PTT_BAR, PTT_TRACE_INT_STAT, st);
	memcpy(s->out, s->buf[s->next], BUF);
	s->next = (s->next + 1) % 4;
	s->copied += BUF;
}

/* CPU time of this process: the figure does not depend on other load. */
static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void make_tlps(struct fabric_tlp *t, int rp10, int rp11)
{
	for (int i = 0; i < NTLP; i++) {
		t[i] = (struct fabric_tlp){.time_ns = (uint64_t)i * 3,
					   .seq = (uint64_t)i,
					   .port = i & 1 ? rp11 : rp10,
					   .core = 2,
					   .dir = FABRIC_INBOUND,
					   .cls = (uint8_t)(i % 3),
					   .cpl_set = FABRIC_CPL_B};
		t[i].hdr[0] = i % 3 == 0 ? 0x60000010 : i % 3 == 1 ? 0x20000010 : 0x4a000010;
		t[i].hdr[1] = 0x01000000u | (uint32_t)i;
		t[i].hdr[2] = (uint32_t)i * 64;
	}
}

static void run(struct ptt_hw *h, struct bus_device *dev, const struct fabric_tlp *t, unsigned fmt8,
		uint64_t n)
{
	struct ptt_hw_stats st;
	double t0, t1;

	bus_write32(dev, PTT_BAR, PTT_TRACE_CTRL, PTT_TRACE_CTRL_RST);
	bus_write32(dev, PTT_BAR, PTT_TRACE_CTRL, 0);
	bus_write32(dev, PTT_BAR, PTT_TRACE_INT_MASK, 0);
	bus_write32(dev, PTT_BAR, PTT_TRACE_CTRL,
		    PTT_TRACE_CTRL_EN | 2u << 2 | 7u << 4 | (fmt8 ? PTT_TRACE_CTRL_FORMAT : 0) |
			(0x5u << 16));
	ptt_hw_stats(h, &st);
	t0 = now_s();
	for (uint64_t i = 0; i < n; i++)
		ptt_hw_observe(h, &t[i & (NTLP - 1)]);
	t1 = now_s();
	n = st.traced;
	ptt_hw_stats(h, &st);
	bus_write32(dev, PTT_BAR, PTT_TRACE_CTRL, 0);
	printf("ptt trace engine, %s entries: %.1f M traced TLPs per CPU second "
	       "(%llu TLPs, %.3f s)\n",
	       fmt8 ? "8DW" : "4DW", (double)(st.traced - n) / (t1 - t0) / 1e6,
	       (unsigned long long)(st.traced - n), t1 - t0);
}

struct drain_ctx {
	struct perf_event *e;
	uint64_t bytes;
};

static int drain(void *ctx)
{
	struct drain_ctx *d = ctx;
	const void *p1, *p2;
	size_t n1, n2;
	uint64_t tail, rec[64];

	while (perf_event_next_record(d->e, rec, sizeof(rec)) > 0) {
		struct perf_event_header h;

		memcpy(&h, rec, sizeof(h));
		if (h.type == PERF_RECORD_AUX)
			d->bytes += rec[2];
	}
	perf_aux_consume(d->e, perf_aux_data(d->e, &tail, &p1, &n1, &p2, &n2));
	return 0;
}

static int run_platform(uint64_t sim_ns)
{
	struct platform_options o = {.workload = "mixed", .seed = 1, .ephemeral = true};
	struct perf_event_attr a = {
	    .size = sizeof(a), .disabled = 1, .sample_period = 1, .config = 0x80011 | 7ull << 24};
	struct drain_ctx d = {0};
	struct platform *p;
	struct kcore *k;
	struct error err;
	double t0, t1;
	uint64_t bytes;

	if (platform_boot(&o, &p, &err)) {
		fprintf(stderr, "bench_ptt: %s\n", err.msg);
		return 1;
	}
	k = platform_kcore(p);
	a.type = (uint32_t)perf_pmu_find(k->perf, "hisi_ptt0_2")->type;
	if (perf_event_open(k->perf, &a, -1, 0, NULL, &d.e) ||
	    perf_event_aux_map(d.e, 16u << 20, false))
		return 1;
	perf_event_enable(d.e);
	t0 = now_s();
	platform_run_for(p, sim_ns, drain, &d);
	t1 = now_s();
	perf_event_disable(d.e);
	drain(&d);
	bytes = d.bytes;
	perf_event_close(d.e);
	platform_shutdown(p);
	printf("kunpeng930 + hisi_ptt0_2 + AUX drain, 4DW, all inbound TLPs of core 2: "
	       "%.1f M traced TLPs per CPU second, %.1f M per simulated second "
	       "(%llu TLPs in %.1f ms simulated, %.3f s)\n",
	       (double)bytes / 16 / (t1 - t0) / 1e6,
	       (double)bytes / 16 / ((double)sim_ns / 1e9) / 1e6, (unsigned long long)(bytes / 16),
	       (double)sim_ns / 1e6, t1 - t0);
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000000ull;
	struct fabric_node_desc rp = {
	    .kind = FABRIC_ROOT_PORT, .parent = -1, .core = 2, .width = 8, .speed = 4};
	struct fabric *f = fabric_create(1);
	struct bus_device dev = {.dma = bus_dma_create()};
	struct fabric_tlp *t = calloc(NTLP, sizeof(*t));
	struct sink s = {.dev = &dev, .out = malloc(BUF)};
	struct ptt_hw_config c = {.dev = &dev, .fabric = f, .core = 2};
	struct ptt_hw *h;
	int rp10, rp11;

	rp.rid = PCI_RID(0, 0x10, 0);
	rp10 = fabric_add_node(f, &rp);
	rp.rid = PCI_RID(0, 0x11, 0);
	rp11 = fabric_add_node(f, &rp);
	if (!t || !s.out || !dev.dma || ptt_hw_create(&c, &h))
		return 1;
	make_tlps(t, rp10, rp11);
	bus_request_irq(&dev, PTT_IRQ_DMA, on_irq, &s);
	bus_write32(&dev, PTT_BAR, PTT_TRACE_ADDR_SIZE, BUF);
	for (int i = 0; i < 4; i++) {
		uint64_t a;

		s.buf[i] = bus_dma_alloc(dev.dma, BUF, &a);
		bus_write32(&dev, PTT_BAR, PTT_TRACE_ADDR_BASE_LO(i), (uint32_t)a);
		bus_write32(&dev, PTT_BAR, PTT_TRACE_ADDR_BASE_HI(i), (uint32_t)(a >> 32));
	}
	run(h, &dev, t, 0, n);
	run(h, &dev, t, 1, n);
	ptt_hw_destroy(h);
	fabric_destroy(f);
	bus_dma_destroy(dev.dma);
	free(t);
	free(s.out);
	return run_platform(argc > 2 ? strtoull(argv[2], NULL, 10) : 5000000);
}
