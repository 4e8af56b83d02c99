// SPDX-License-Identifier: GPL-2.0-only
/*
 * The hisi_ptt driver on a small machine built by hand (one PCIe core with
 * Root Ports 00:10.0 and 00:11.0, a two-function NIC 01:00.0/1 below the
 * first, an NVMe 02:00.0 below the second, the PTT RCiEP 00:0f.0), as a
 * user reaches it: sysfs files, perf_event_open, AUX data.  A fabric
 * observer keeps the ground truth that the decoded trace is compared with.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "aux_drain.h"

#include <pciescope/bus/bus.h>
#include <pciescope/core/kernel.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/hw/ptt.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/regs/ptt.h>

extern const struct kdriver hisi_ptt_driver;

#define PMU "/sys/bus/event_source/devices/hisi_ptt0_2"
#define NDEV 6

enum { RP10, RP11, NIC0, NIC1, NVME, PTT };

struct truth {
	int port;
	int dir, cls;
	uint32_t hdr[4];
};

struct machine {
	struct kcore *k;
	struct fabric *f;
	struct bus_dma *dma;
	struct bus_device bd[NDEV];
	struct kdevice kd[NDEV];
	int node[NDEV];
	struct ptt_hw *hw;
	struct truth *log;
	size_t nlog, caplog;
	bool logging;
	int want_port, want_dir, want_cls; /* port -1: any; cls: mask of 1 << tlp_class */
};

static const struct {
	uint16_t rid;
	int parent, kind, role, type;
} layout[NDEV] = {
    [RP10] = {PCI_RID(0, 0x10, 0), -1, FABRIC_ROOT_PORT, 0, PCIE_TYPE_ROOT_PORT},
    [RP11] = {PCI_RID(0, 0x11, 0), -1, FABRIC_ROOT_PORT, 0, PCIE_TYPE_ROOT_PORT},
    [NIC0] = {PCI_RID(1, 0, 0), RP10, FABRIC_ENDPOINT, FABRIC_EP_NIC, PCIE_TYPE_ENDPOINT},
    [NIC1] = {PCI_RID(1, 0, 1), RP10, FABRIC_ENDPOINT, FABRIC_EP_NIC, PCIE_TYPE_ENDPOINT},
    [NVME] = {PCI_RID(2, 0, 0), RP11, FABRIC_ENDPOINT, FABRIC_EP_NVME, PCIE_TYPE_ENDPOINT},
    [PTT] = {PCI_RID(0, 0x0f, 0), -1, FABRIC_RCIEP, 0, PCIE_TYPE_RCIEP},
};

static void ground_truth(void *ctx, const struct fabric_tlp *t)
{
	struct machine *m = ctx;

	if (!m->logging || (m->want_port >= 0 && t->port != m->want_port) ||
	    t->dir != m->want_dir || !(m->want_cls & (1 << t->cls)))
		return;
	if (m->nlog == m->caplog) {
		m->caplog = m->caplog ? m->caplog * 2 : 4096;
		m->log = realloc(m->log, m->caplog * sizeof(*m->log));
	}
	m->log[m->nlog++] =
	    (struct truth){t->port, t->dir, t->cls, {t->hdr[0], t->hdr[1], t->hdr[2], t->hdr[3]}};
}

static void add_fabric_nodes(struct machine *m)
{
	for (int i = 0; i < NDEV; i++) {
		struct fabric_node_desc d = {
		    .kind = layout[i].kind,
		    .rid = layout[i].rid,
		    .core = 2,
		    .width = 8,
		    .speed = 4,
		    .role = layout[i].role,
		    .parent = layout[i].parent < 0 ? -1 : m->node[layout[i].parent],
		};

		m->node[i] = fabric_add_node(m->f, &d);
		assert_true(m->node[i] >= 0);
	}
}

static void add_devices(struct machine *m)
{
	for (int i = 0; i < NDEV; i++) {
		m->bd[i].bdf.rid = layout[i].rid;
		m->bd[i].vendor = i == PTT ? PTT_VENDOR_ID : 0x1234;
		m->bd[i].device = i == PTT ? PTT_DEVICE_ID : (uint16_t)(0x100 + i);
		m->bd[i].dma = m->dma;
		m->bd[i].identity_iommu = true;
		m->kd[i].bus = &m->bd[i];
		m->kd[i].port_type = layout[i].type;
		m->kd[i].is_bridge = layout[i].type == PCIE_TYPE_ROOT_PORT;
		m->kd[i].parent = layout[i].parent < 0 ? NULL : &m->kd[layout[i].parent];
	}
	for (int i = 0; i < NDEV; i++)
		assert_int_equal(kcore_add_device(m->k, &m->kd[i]), 0);
}

/* TRACE_WR_STS reads the PTT model's DMA reset takes (ptt_hw_config). */
static unsigned reset_reads;

static int machine_up(void **state)
{
	struct machine *m = calloc(1, sizeof(*m));
	struct ptt_hw_config c;
	struct error err;

	m->k = kcore_create(8, 2);
	m->f = fabric_create(7);
	m->dma = bus_dma_create();
	add_fabric_nodes(m);
	assert_int_equal(fabric_set_workload(m->f, "mixed", NULL, &err), 0);
	c = (struct ptt_hw_config){.dev = &m->bd[PTT],
				   .fabric = m->f,
				   .core = 2,
				   .rp_lo = layout[RP10].rid,
				   .rp_hi = layout[RP11].rid,
				   .dma_reset_reads = reset_reads};
	assert_int_equal(ptt_hw_create(&c, &m->hw), 0);
	add_devices(m);
	assert_int_equal(kcore_register_driver(m->k, &hisi_ptt_driver), 0);
	assert_int_equal(fabric_add_observer(m->f, 0, 2, ground_truth, m), 0);
	*state = m;
	return 0;
}

/* A DMA engine whose reset shows after 11 reads, one more than the driver polls. */
static int machine_up_slow_reset(void **state)
{
	reset_reads = 11;
	machine_up(state);
	reset_reads = 0;
	return 0;
}

/* The same after 10 reads: slow, within the driver's limit. */
static int machine_up_reset_in_time(void **state)
{
	reset_reads = 10;
	machine_up(state);
	reset_reads = 0;
	return 0;
}

static int machine_down(void **state)
{
	struct machine *m = *state;

	for (int i = NDEV - 1; i >= 0; i--)
		kcore_remove_device(m->k, &m->kd[i]);
	ptt_hw_destroy(m->hw);
	kcore_destroy(m->k);
	fabric_destroy(m->f);
	bus_dma_destroy(m->dma);
	free(m->log);
	free(m);
	return 0;
}

static const char *rd(struct machine *m, const char *path)
{
	static char buf[4096];
	ssize_t n = sysfs_read(m->k->sysfs, path, buf, sizeof(buf) - 1);

	if (n < 0)
		return NULL;
	buf[n] = 0;
	return buf;
}

static ssize_t wr(struct machine *m, const char *path, const char *s)
{
	return sysfs_write(m->k->sysfs, path, s, strlen(s));
}

static void sysfs_layout(void **state)
{
	struct machine *m = *state;
	struct sysfs_stat st;

	assert_string_equal(rd(m, PMU "/format/filter"), "config:0-19\n");
	assert_string_equal(rd(m, PMU "/format/direction"), "config:20-23\n");
	assert_string_equal(rd(m, PMU "/format/type"), "config:24-31\n");
	assert_string_equal(rd(m, PMU "/format/format"), "config:32-35\n");
	assert_non_null(rd(m, PMU "/type"));
	assert_string_equal(rd(m, PMU "/cpumask"), "0-3\n");
	assert_string_equal(rd(m, PMU "/root_port_filters/0000:00:10.0"), "0x80001\n");
	assert_string_equal(rd(m, PMU "/root_port_filters/0000:00:11.0"), "0x80004\n");
	assert_string_equal(rd(m, PMU "/root_port_filters/multiselect"), "1\n");
	assert_string_equal(rd(m, PMU "/requester_filters/0000:01:00.1"), "0x00101\n");
	assert_string_equal(rd(m, PMU "/requester_filters/0000:02:00.0"), "0x00200\n");
	assert_string_equal(rd(m, PMU "/requester_filters/multiselect"), "0\n");
	assert_null(rd(m, PMU "/requester_filters/0000:00:10.0"));
	assert_null(rd(m, PMU "/requester_filters/0000:00:0f.0"));
	assert_int_equal(sysfs_stat(m->k->sysfs, PMU "/root_port_filters/0000:00:10.0", &st), 0);
	assert_int_equal(st.mode & 0777, 0400);
	assert_int_equal(sysfs_stat(m->k->sysfs, PMU "/tune/qos_tx_cpl", &st), 0);
	assert_int_equal(st.mode & 0777, 0600);
	assert_int_equal(sysfs_stat(m->k->sysfs, PMU "/tune/tx_path_rx_req_alloc_buf_level", &st),
			 0);
	assert_null(rd(m, PMU "/tune/qos_tx_dp"));
}

static void tune_semantics(void **state)
{
	struct machine *m = *state;
	const char *f = PMU "/tune/qos_tx_cpl";
	static const char *const bad[] = {"-1", "65536", "0x1", "1 ", "abc", "\n", "+"};

	assert_string_equal(rd(m, f), "1\n");
	for (int v = 0; v <= 2; v++) {
		char s[4] = {(char)('0' + v), '\n', 0};

		assert_int_equal(wr(m, f, s), 2);
		assert_string_equal(rd(m, f), s);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(wr(m, f, bad[i]), -EINVAL);
		assert_string_equal(rd(m, f), "2\n");
	}
	/* A zero-length write never reaches the driver, as with write(2) on sysfs. */
	assert_int_equal(wr(m, f, ""), 0);
	assert_string_equal(rd(m, f), "2\n");
	assert_int_equal(wr(m, f, "+0"), 2);
	assert_string_equal(rd(m, f), "0\n");
	assert_int_equal(wr(m, f, "65535"), 5);
	assert_string_equal(rd(m, f), "2\n");
	/* The seed's long name is the same event as the kernel's name. */
	assert_int_equal(wr(m, PMU "/tune/tx_path_rx_req_alloc_buf_level", "0"), 1);
	assert_string_equal(rd(m, PMU "/tune/rx_alloc_buf_level"), "0\n");
	assert_string_equal(rd(m, PMU "/tune/tx_alloc_buf_level"), "1\n");
}

static struct perf_event_attr ptt_attr(struct machine *m, uint64_t config)
{
	struct perf_event_attr a = {
	    .size = sizeof(a), .config = config, .sample_period = 1, .disabled = 1};

	a.type = (uint32_t)perf_pmu_find(m->k->perf, "hisi_ptt0_2")->type;
	return a;
}

static int try_open(struct machine *m, uint64_t config, int pid, int cpu)
{
	struct perf_event_attr a = ptt_attr(m, config);
	struct perf_event *e;
	int ret = perf_event_open(m->k->perf, &a, pid, cpu, NULL, &e);

	if (!ret)
		perf_event_close(e);
	return ret;
}

#define CFG(filter, dir, type, fmt)                                                                \
	((uint64_t)(filter) | (uint64_t)(dir) << 20 | (uint64_t)(type) << 24 |                     \
	 (uint64_t)(fmt) << 32)

static void event_init_rules(void **state)
{
	struct machine *m = *state;
	struct pmu *pmu = perf_pmu_find(m->k->perf, "hisi_ptt0_2");
	struct perf_event e = {.pmu = pmu, .cpu = 0, .pid = -1};

	e.attr = ptt_attr(m, CFG(0x80001, 1, 1, 1));
	e.attr.type++;
	assert_int_equal(pmu->event_init(&e), -ENOENT);
	/* Task-attached fails before the (bad) filter is looked at. */
	assert_int_equal(try_open(m, CFG(0x00105, 9, 0, 3), 0, -1), -EOPNOTSUPP);
	assert_int_equal(try_open(m, CFG(0x80001, 1, 1, 1), -1, 0), 0);
	assert_int_equal(try_open(m, CFG(0x00101, 0, 7, 0), -1, 0), 0);
	assert_int_equal(try_open(m, CFG(0x80005, 0, 7, 0), -1, 0), 0);
	assert_int_equal(try_open(m, CFG(0x80000, 0, 7, 0), -1, 0), 0); /* empty mask: subset */
	assert_int_equal(try_open(m, CFG(0x80010, 0, 1, 0), -1, 0), -EINVAL);
	assert_int_equal(try_open(m, CFG(0x00105, 0, 1, 0), -1, 0), -EINVAL);
	assert_int_equal(try_open(m, CFG(0x00080, 0, 1, 0), -1, 0), -EINVAL); /* a Root Port */
	assert_int_equal(try_open(m, CFG(0x80001, 4, 1, 0), -1, 0), -EINVAL);
	assert_int_equal(try_open(m, CFG(0x80001, 0, 0, 0), -1, 0), -EINVAL);
	assert_int_equal(try_open(m, CFG(0x80001, 0, 8, 0), -1, 0), -EINVAL);
	assert_int_equal(try_open(m, CFG(0x80001, 0, 1, 2), -1, 0), -EINVAL);
	/* Rules of the document the kernel does not enforce. */
	assert_int_equal(try_open(m, CFG(0x80001, 0, 1, 1), -1, 0), 0);
	assert_int_equal(try_open(m, CFG(0x80001, 1, 7, 0), -1, 0), 0);
	assert_int_equal(try_open(m, CFG(0x70101, 0, 1, 0), -1, 0), 0);
}

static void filters_follow_hotplug(void **state)
{
	struct machine *m = *state;

	kcore_remove_device(m->k, &m->kd[NIC1]);
	assert_null(rd(m, PMU "/requester_filters/0000:01:00.1"));
	assert_int_equal(try_open(m, CFG(0x00101, 0, 1, 0), -1, 0), -EINVAL);
	assert_int_equal(kcore_add_device(m->k, &m->kd[NIC1]), 0);
	assert_string_equal(rd(m, PMU "/requester_filters/0000:01:00.1"), "0x00101\n");
	assert_int_equal(try_open(m, CFG(0x00101, 0, 1, 0), -1, 0), 0);

	kcore_remove_device(m->k, &m->kd[RP11]);
	assert_null(rd(m, PMU "/root_port_filters/0000:00:11.0"));
	assert_null(rd(m, PMU "/requester_filters/0000:02:00.0"));
	assert_int_equal(try_open(m, CFG(0x80004, 0, 1, 0), -1, 0), -EINVAL);
	assert_int_equal(kcore_add_device(m->k, &m->kd[RP11]), 0);
	assert_int_equal(kcore_add_device(m->k, &m->kd[NVME]), 0);
	assert_string_equal(rd(m, PMU "/root_port_filters/0000:00:11.0"), "0x80004\n");
	assert_int_equal(try_open(m, CFG(0x80004, 0, 1, 0), -1, 0), 0);
}

static void aux_size_and_mode(void **state)
{
	struct machine *m = *state;
	struct perf_event_attr a = ptt_attr(m, CFG(0x80001, 1, 1, 1));
	struct perf_event *e;

	assert_int_equal(perf_event_open(m->k->perf, &a, -1, 0, NULL, &e), 0);
	assert_true(perf_event_aux_map(e, 8u << 20, false) < 0);
	assert_true(perf_event_aux_map(e, 16u << 20, true) < 0);
	assert_int_equal(perf_event_aux_map(e, 16u << 20, false), 0);
	perf_event_close(e);
}

/* Runs ns of traffic in 100 us slices; drains AUX after each slice if asked. */
static void run(struct machine *m, struct perf_event *e, uint64_t ns, bool drain_each,
		struct aux_drained *d)
{
	uint64_t end = fabric_now(m->f) + ns;

	while (fabric_now(m->f) < end) {
		uint64_t next = fabric_now(m->f) + 100000;

		assert_int_equal(fabric_run_until(m->f, next < end ? next : end), 0);
		perf_core_run_until(m->k->perf, fabric_now(m->f));
		if (drain_each)
			aux_drain(e, d);
	}
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static struct perf_event *open_on(struct machine *m, uint64_t config, int cpu)
{
	struct perf_event_attr a = ptt_attr(m, config);
	struct perf_event *e;

	assert_int_equal(perf_event_open(m->k->perf, &a, -1, cpu, NULL, &e), 0);
	assert_int_equal(perf_event_aux_map(e, 16u << 20, false), 0);
	return e;
}

static struct perf_event *trace_start(struct machine *m, uint64_t config)
{
	struct perf_event *e = open_on(m, config, 0);

	m->nlog = 0;
	m->logging = true;
	assert_int_equal(perf_event_enable(e), 0);
	return e;
}

static void trace_stop(struct machine *m, struct perf_event *e, struct aux_drained *d)
{
	assert_int_equal(perf_event_disable(e), 0);
	m->logging = false;
	aux_drain(e, d);
	perf_event_close(e);
}

/* The seed's example: 8DW entries of outbound posted TLPs through 00:10.0, all of them. */
static void seed_example_matches_ground_truth(void **state)
{
	struct machine *m = *state;
	struct aux_drained d = {0};
	struct perf_event *e;

	m->want_port = m->node[RP10];
	m->want_dir = FABRIC_OUTBOUND;
	m->want_cls = 1 << TLP_CLASS_P;
	e = trace_start(m, CFG(0x80001, 1, 1, 1));
	run(m, e, 10000000, true, &d);
	trace_stop(m, e, &d);
	assert_true(m->nlog > 0);
	assert_int_equal(d.len, m->nlog * 32);
	assert_int_equal(d.truncated, 0);
	for (size_t i = 0; i < m->nlog; i++) {
		const uint8_t *p = d.data + i * 32;

		assert_int_equal(le32(p), 0xffffffffu);
		for (int w = 0; w < 4; w++)
			assert_int_equal(le32(p + 8 + 4 * w), m->log[i].hdr[w]);
		assert_int_equal(tlp_class_of(tlp_kind_of(le32(p + 8))), TLP_CLASS_P);
	}
	free(d.data);
}

/*
 * A reader that never drains: the driver copies a whole 4 MiB buffer
 * whenever the area gives any room, so the 16 MiB area takes four, the
 * next begin finds it full and the trace stops, flagging nothing, as Linux
 * does.  What was recorded is exactly the first 4 * 4 MiB / 16 matching
 * TLPs, in order; everything after was not.
 */
static void slow_reader_gets_four_whole_buffers(void **state)
{
	struct machine *m = *state;
	struct aux_drained d = {0};
	struct perf_event *e;
	size_t n = 4 * (4u << 20) / 16;

	m->want_port = -1;
	m->want_dir = FABRIC_INBOUND;
	m->want_cls = 1 << TLP_CLASS_P | 1 << TLP_CLASS_NP | 1 << TLP_CLASS_CPL;
	e = trace_start(m, CFG(0x80005, 0, 7, 0));
	while (m->nlog < n + 1000)
		run(m, e, 1000000, false, &d);
	trace_stop(m, e, &d);
	assert_int_equal(d.truncated, 0);
	assert_int_equal(d.aux_flags, 0);
	assert_int_equal(d.aux_records, 4);
	assert_int_equal(d.len, n * 16);
	for (size_t i = 0; i < n; i++) {
		const uint8_t *p = d.data + i * 16;

		assert_int_equal(le32(p) >> 11 & 0x3ff, m->log[i].hdr[0] & 0x3ff);
		for (int w = 1; w < 4; w++)
			assert_int_equal(le32(p + 4 * w), m->log[i].hdr[w]);
	}
	assert_true(m->nlog > n);
	free(d.data);
}

/* 32 MiB never drained: eight whole buffers. */
static void slow_reader_fills_32_mib(void **state)
{
	struct machine *m = *state;
	struct perf_event_attr a = ptt_attr(m, CFG(0x80005, 0, 7, 0));
	struct aux_drained d = {0};
	struct perf_event *e;

	assert_int_equal(perf_event_open(m->k->perf, &a, -1, 0, NULL, &e), 0);
	assert_int_equal(perf_event_aux_map(e, 32u << 20, false), 0);
	assert_int_equal(perf_event_enable(e), 0);
	run(m, e, 60000000, false, &d);
	assert_int_equal(perf_event_disable(e), 0);
	aux_drain(e, &d);
	assert_int_equal(d.aux_records, 8);
	assert_int_equal(d.len, 32u << 20);
	assert_int_equal(d.aux_flags, 0);
	perf_event_close(e);
	free(d.data);
}

static uint64_t trace_ctrl(struct machine *m)
{
	return bus_read32(&m->bd[PTT], PTT_BAR, PTT_TRACE_CTRL);
}

/*
 * perf record -a: one event per CPU of the node.  The first one enabled
 * traces; the others stay stopped, whatever the scheduler retries.
 */
static void first_cpu_traces_the_others_wait(void **state)
{
	struct machine *m = *state;
	struct aux_drained d[4] = {{0}};
	struct perf_event *e[4];

	for (int cpu = 0; cpu < 4; cpu++) {
		e[cpu] = open_on(m, CFG(0x80005, 0, 7, 0), cpu);
		assert_int_equal(perf_event_enable(e[cpu]), 0);
	}
	assert_int_equal(e[0]->state, PERF_EVENT_STATE_ACTIVE);
	for (int cpu = 1; cpu < 4; cpu++)
		assert_int_equal(e[cpu]->state, PERF_EVENT_STATE_INACTIVE);
	for (int i = 0; i < 20; i++) {
		run(m, e[0], 1000000, true, &d[0]);
		for (int cpu = 1; cpu < 4; cpu++)
			aux_drain(e[cpu], &d[cpu]);
	}
	assert_true(d[0].len > (4u << 20));
	for (int cpu = 1; cpu < 4; cpu++) {
		assert_int_equal(d[cpu].len, 0);
		assert_int_equal(d[cpu].aux_records, 0);
	}
	for (int cpu = 3; cpu >= 0; cpu--) {
		assert_int_equal(perf_event_disable(e[cpu]), 0);
		aux_drain(e[cpu], &d[cpu]);
		perf_event_close(e[cpu]);
		free(d[cpu].data);
	}
}

/*
 * A trace that ends in the interrupt path without the area being full (its
 * write position leaves less than a buffer before the area's end) leaves
 * its event running; another CPU's event then starts a trace of its own,
 * and the stop of the first event ends that trace, its last data going to
 * the second event's area.
 */
static void any_stop_ends_the_trace(void **state)
{
	struct machine *m = *state;
	struct aux_drained d0 = {0}, d1 = {0};
	struct perf_event *e0 = open_on(m, CFG(0x80005, 0, 7, 0), 0);
	struct perf_event *e1 = open_on(m, CFG(0x80005, 0, 7, 0), 1);
	size_t before;

	/* a first, partial stretch leaves the head off a buffer boundary */
	assert_int_equal(perf_event_enable(e0), 0);
	run(m, e0, 100000, true, &d0);
	assert_int_equal(perf_event_disable(e0), 0);
	aux_drain(e0, &d0);
	assert_true(d0.len % (4u << 20) != 0);
	assert_int_equal(perf_event_enable(e0), 0);
	assert_int_equal(perf_event_enable(e1), 0);
	/* three buffers later the position check fails; e1's rotation then starts it */
	while (!d1.len) {
		run(m, e0, 1000000, true, &d0);
		aux_drain(e1, &d1);
	}
	assert_int_equal(d0.aux_records, 4);
	assert_int_equal(d0.len, d0.announced);
	assert_int_equal(e0->state, PERF_EVENT_STATE_ACTIVE);
	assert_int_equal(e1->state, PERF_EVENT_STATE_ACTIVE);
	assert_true(trace_ctrl(m) & PTT_TRACE_CTRL_EN);
	before = d1.len;
	assert_int_equal(perf_event_disable(e0), 0);
	aux_drain(e0, &d0);
	aux_drain(e1, &d1);
	assert_int_equal(trace_ctrl(m), 0);
	assert_true(d1.len > before && d1.len - before < (4u << 20));
	assert_int_equal(d0.aux_records, 4);
	before = d1.len;
	run(m, e1, 10000000, true, &d1);
	assert_int_equal(d1.len, before);
	assert_int_equal(perf_event_disable(e1), 0);
	aux_drain(e1, &d1);
	assert_int_equal(d1.len, before);
	perf_event_close(e1);
	perf_event_close(e0);
	free(d0.data);
	free(d1.data);
}

static bool klog_has(struct machine *m, const char *what)
{
	const char *log = rd(m, "/sys/kernel/pciescope_dmesg");

	return log && strstr(log, what);
}

/*
 * A DMA reset that does not show within the driver's 10 polls: the start
 * fails with RST cleared and nothing traced, as the newer stable kernels
 * do; one that shows on the 10th poll starts.
 */
static void dma_reset_timeout_leaves_the_trace_unstarted(void **state)
{
	struct machine *m = *state;
	struct aux_drained d = {0};
	struct perf_event *e = trace_start(m, CFG(0x80005, 0, 7, 0));

	assert_int_equal(e->state, PERF_EVENT_STATE_INACTIVE);
	assert_int_equal(trace_ctrl(m), 0);
	assert_true(klog_has(m, "hisi_ptt0_2: timed out waiting for DMA reset"));
	run(m, e, 2000000, true, &d);
	assert_int_equal(d.len, 0);
	assert_int_equal(d.aux_records, 0);
	trace_stop(m, e, &d);
	free(d.data);
}

static void dma_reset_in_time_starts(void **state)
{
	struct machine *m = *state;
	struct aux_drained d = {0};
	struct perf_event *e = trace_start(m, CFG(0x80005, 0, 7, 0));

	assert_int_equal(e->state, PERF_EVENT_STATE_ACTIVE);
	assert_true(trace_ctrl(m) & PTT_TRACE_CTRL_EN);
	assert_false(trace_ctrl(m) & PTT_TRACE_CTRL_RST);
	run(m, e, 1000000, true, &d);
	trace_stop(m, e, &d);
	assert_true(d.len > 0);
	assert_false(klog_has(m, "DMA reset"));
	free(d.data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(sysfs_layout, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(tune_semantics, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(event_init_rules, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(filters_follow_hotplug, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(aux_size_and_mode, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(seed_example_matches_ground_truth, machine_up,
					    machine_down),
	    cmocka_unit_test_setup_teardown(slow_reader_gets_four_whole_buffers, machine_up,
					    machine_down),
	    cmocka_unit_test_setup_teardown(slow_reader_fills_32_mib, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(first_cpu_traces_the_others_wait, machine_up,
					    machine_down),
	    cmocka_unit_test_setup_teardown(any_stop_ends_the_trace, machine_up, machine_down),
	    cmocka_unit_test_setup_teardown(dma_reset_timeout_leaves_the_trace_unstarted,
					    machine_up_slow_reset, machine_down),
	    cmocka_unit_test_setup_teardown(dma_reset_in_time_starts, machine_up_reset_in_time,
					    machine_down),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
