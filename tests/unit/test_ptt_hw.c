// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT hardware model through its registers only, as a driver sees it:
 * identity, the tune protocol and the hardware clamp, the trace engine's
 * direction tables, filters, entry layouts, the buffer ring with its
 * interrupts, the defined loss when a buffer's interrupt is pending, and a
 * DMA reset that takes its time.
 * TLPs are fed straight to the model's observer, with a real fabric only
 * for the Root Port nodes the port filter looks up.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/bus/bus.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/hw/ptt.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/regs/ptt.h>

#define BUF_SIZE 64 /* two 8DW or four 4DW entries per buffer */

struct rig {
	struct bus_device dev;
	struct fabric *f;
	struct ptt_hw *h;
	int rp10, rp11;
	uint8_t *buf[4];
	uint32_t irq_stat[16];
	int nirq;
	bool clear_in_irq;
};

static uint32_t rd(struct rig *r, uint64_t off)
{
	return bus_read32(&r->dev, PTT_BAR, off);
}

static void wr(struct rig *r, uint64_t off, uint32_t v)
{
	bus_write32(&r->dev, PTT_BAR, off, v);
}

static void on_irq(void *ctx, int vector)
{
	struct rig *r = ctx;
	uint32_t st = rd(r, PTT_TRACE_INT_STAT);

	if (r->nirq < 16)
		r->irq_stat[r->nirq] = st;
	r->nirq++;
	if (r->clear_in_irq)
		wr(r, PTT_TRACE_INT_STAT, st);
}

/* TRACE_WR_STS reads the next rig's DMA reset takes. */
static unsigned reset_reads;

static int rig_setup(void **state)
{
	struct rig *r = calloc(1, sizeof(*r));
	struct fabric_node_desc rp = {
	    .kind = FABRIC_ROOT_PORT, .parent = -1, .core = 2, .width = 8, .speed = 4};
	struct ptt_hw_config c;

	r->f = fabric_create(1);
	rp.rid = PCI_RID(0, 0x10, 0);
	r->rp10 = fabric_add_node(r->f, &rp);
	rp.rid = PCI_RID(0, 0x11, 0);
	r->rp11 = fabric_add_node(r->f, &rp);
	assert_true(r->rp10 >= 0 && r->rp11 >= 0);
	r->dev.dma = bus_dma_create();
	r->dev.bdf.rid = PCI_RID(0, 0x0f, 0);
	c = (struct ptt_hw_config){.dev = &r->dev,
				   .fabric = r->f,
				   .sicl = 0,
				   .core = 2,
				   .rp_lo = PCI_RID(0, 0x10, 0),
				   .rp_hi = PCI_RID(0, 0x11, 0),
				   .dma_reset_reads = reset_reads};
	assert_int_equal(ptt_hw_create(&c, &r->h), 0);
	assert_int_equal(bus_request_irq(&r->dev, PTT_IRQ_DMA, on_irq, r), 0);
	wr(r, PTT_TRACE_ADDR_SIZE, BUF_SIZE);
	for (int i = 0; i < 4; i++) {
		uint64_t a;

		r->buf[i] = bus_dma_alloc(r->dev.dma, BUF_SIZE, &a);
		wr(r, PTT_TRACE_ADDR_BASE_LO(i), (uint32_t)a);
		wr(r, PTT_TRACE_ADDR_BASE_HI(i), (uint32_t)(a >> 32));
	}
	r->clear_in_irq = true;
	*state = r;
	return 0;
}

static int rig_setup_slow_reset(void **state)
{
	reset_reads = 3;
	rig_setup(state);
	reset_reads = 0;
	return 0;
}

static int rig_teardown(void **state)
{
	struct rig *r = *state;

	ptt_hw_destroy(r->h);
	bus_dma_destroy(r->dev.dma);
	fabric_destroy(r->f);
	free(r);
	return 0;
}

/* A TLP of class cls crossing Root Port node port, requester rid. */
static struct fabric_tlp tlp(int port, int dir, int cls, int cpl_set, uint16_t rid, uint64_t t)
{
	struct fabric_tlp x = {.time_ns = t,
			       .port = port,
			       .core = 2,
			       .dir = (uint8_t)dir,
			       .cls = (uint8_t)cls,
			       .cpl_set = (uint8_t)cpl_set};

	if (cls == TLP_CLASS_P)
		x.hdr[0] = 0x60000001; /* MWr64, 1 DW */
	else if (cls == TLP_CLASS_NP)
		x.hdr[0] = 0x20000010; /* MRd64, 16 DW */
	else
		x.hdr[0] = 0x4a000010; /* CplD, 16 DW */
	if (cls == TLP_CLASS_CPL) {
		x.hdr[1] = 0x00010040; /* completer 00:00.0 */
		x.hdr[2] = (uint32_t)rid << 16;
	} else {
		x.hdr[1] = (uint32_t)rid << 16 | 0x0f;
		x.hdr[2] = 0x1;
		x.hdr[3] = 0x81020040;
	}
	return x;
}

static uint32_t ctrl(unsigned dir, unsigned type, unsigned fmt8, bool rid_mode, uint16_t target)
{
	return PTT_TRACE_CTRL_EN | dir << 2 | type << 4 | (fmt8 ? PTT_TRACE_CTRL_FORMAT : 0) |
	       (rid_mode ? PTT_TRACE_CTRL_FILTER_MODE : 0) | (uint32_t)target << 16;
}

static void start(struct rig *r, uint32_t c)
{
	wr(r, PTT_TRACE_CTRL, PTT_TRACE_CTRL_RST);
	assert_int_equal(rd(r, PTT_TRACE_WR_STS), 0);
	wr(r, PTT_TRACE_CTRL, 0);
	wr(r, PTT_TRACE_INT_STAT, 0xf);
	wr(r, PTT_TRACE_INT_MASK, 0);
	wr(r, PTT_TRACE_CTRL, c);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void identity_registers(void **state)
{
	struct rig *r = *state;

	assert_int_equal(rd(r, PTT_LOCATION), 0x00000002);
	assert_int_equal(rd(r, PTT_DEVICE_RANGE), 0x00880080);
	assert_int_equal(rd(r, PTT_TRACE_STS) & PTT_TRACE_IDLE, PTT_TRACE_IDLE);
}

static unsigned tune_op(struct rig *r, uint32_t event, uint32_t data)
{
	int polls = 0;

	wr(r, PTT_TUNING_CTRL, (rd(r, PTT_TUNING_CTRL) & 0xff000000u) | event);
	wr(r, PTT_TUNING_DATA, data);
	while (rd(r, PTT_TUNING_INT_STAT) & PTT_TUNING_INT_BUSY)
		polls++;
	assert_int_equal(polls, 1);
	return rd(r, PTT_TUNING_DATA) & 0xffff;
}

static void tune_default_write_and_clamp(void **state)
{
	struct rig *r = *state;

	assert_int_equal(tune_op(r, PTT_TUNE_QOS_TX_CPL, PTT_TUNING_DATA_READ), 1);
	for (unsigned v = 0; v <= 2; v++) {
		tune_op(r, PTT_TUNE_QOS_TX_CPL, v);
		assert_int_equal(tune_op(r, PTT_TUNE_QOS_TX_CPL, PTT_TUNING_DATA_READ), v);
	}
	tune_op(r, PTT_TUNE_TX_ALLOC_BUF_LEVEL, 65535);
	assert_int_equal(tune_op(r, PTT_TUNE_TX_ALLOC_BUF_LEVEL, PTT_TUNING_DATA_READ), 2);
	assert_int_equal(ptt_hw_tune_level(r->h, PTT_HW_TX_BUF), 2);
	/* Other events are untouched; bits [31:24] of TUNING_CTRL survive. */
	assert_int_equal(tune_op(r, PTT_TUNE_QOS_TX_NP, PTT_TUNING_DATA_READ), 1);
	wr(r, PTT_TUNING_CTRL, 0xab000000u | PTT_TUNE_QOS_TX_P);
	assert_int_equal(rd(r, PTT_TUNING_CTRL) >> 24, 0xab);
	ptt_hw_tune_restore(r->h, PTT_HW_QOS_TX_P, 9);
	assert_int_equal(tune_op(r, PTT_TUNE_QOS_TX_P, PTT_TUNING_DATA_READ), 2);
}

/* Expected accept sets: [fmt][dir] -> bits out-P,out-NP,out-CPL,in-P,in-NP,in-CPL A,in-CPL B */
static const char *const dir_table[2][4] = {
    {"0001111", "1110000", "1111101", "1110010"},
    {"0000000", "1110000", "0001101", "0000010"},
};

static void direction_tables_follow_the_document(void **state)
{
	struct rig *r = *state;
	static const struct {
		int dir, cls, set;
	} cases[7] = {
	    {FABRIC_OUTBOUND, TLP_CLASS_P, 0},
	    {FABRIC_OUTBOUND, TLP_CLASS_NP, 0},
	    {FABRIC_OUTBOUND, TLP_CLASS_CPL, 0},
	    {FABRIC_INBOUND, TLP_CLASS_P, 0},
	    {FABRIC_INBOUND, TLP_CLASS_NP, 0},
	    {FABRIC_INBOUND, TLP_CLASS_CPL, FABRIC_CPL_A},
	    {FABRIC_INBOUND, TLP_CLASS_CPL, FABRIC_CPL_B},
	};

	for (unsigned fmt = 0; fmt < 2; fmt++) {
		for (unsigned dir = 0; dir < 4; dir++) {
			for (int c = 0; c < 7; c++) {
				struct fabric_tlp t = tlp(r->rp10, cases[c].dir, cases[c].cls,
							  cases[c].set, 0x0101, 5);
				struct ptt_hw_stats before, after;

				start(r, ctrl(dir, 7, fmt, false, 0x1));
				ptt_hw_stats(r->h, &before);
				ptt_hw_observe(r->h, &t);
				ptt_hw_stats(r->h, &after);
				wr(r, PTT_TRACE_CTRL, 0);
				assert_int_equal(after.traced - before.traced,
						 dir_table[fmt][dir][c] - '0');
			}
		}
	}
}

static void type_and_filters_select(void **state)
{
	struct rig *r = *state;
	struct fabric_tlp p10 = tlp(r->rp10, FABRIC_INBOUND, TLP_CLASS_P, 0, 0x0101, 1);
	struct fabric_tlp np10 = tlp(r->rp10, FABRIC_INBOUND, TLP_CLASS_NP, 0, 0x0101, 2);
	struct fabric_tlp p11 = tlp(r->rp11, FABRIC_INBOUND, TLP_CLASS_P, 0, 0x0200, 3);
	struct fabric_tlp cpl = tlp(r->rp10, FABRIC_OUTBOUND, TLP_CLASS_CPL, 0, 0x0101, 4);
	struct ptt_hw_stats s;

	/* Root Port mask 0x4 = 00:11.0 only; type P only. */
	start(r, ctrl(0, 1, 0, false, 0x4));
	ptt_hw_observe(r->h, &p10);
	ptt_hw_observe(r->h, &np10);
	ptt_hw_observe(r->h, &p11);
	ptt_hw_stats(r->h, &s);
	assert_int_equal(s.traced, 1);
	assert_int_equal(rd(r, PTT_TRACE_WR_STS), 16);
	assert_int_equal(le32(r->buf[0] + 4), p11.hdr[1]);

	/* Requester 01:00.1, outbound completions: matched by the requester field. */
	start(r, ctrl(1, 4, 0, true, 0x0101));
	ptt_hw_observe(r->h, &cpl);
	ptt_hw_observe(r->h, &p11);
	assert_int_equal(rd(r, PTT_TRACE_WR_STS), 16);
	assert_int_equal(le32(r->buf[0] + 8), cpl.hdr[2]);
}

static void entry_layouts(void **state)
{
	struct rig *r = *state;
	struct fabric_tlp t = tlp(r->rp10, FABRIC_INBOUND, TLP_CLASS_P, 0, 0x0101, 0x12345);
	uint32_t dw0;

	t.prefix = 0x91000abc;
	start(r, ctrl(2, 1, 1, false, 0x1));
	ptt_hw_observe(r->h, &t);
	assert_int_equal(le32(r->buf[0]), 0xffffffffu);
	assert_int_equal(le32(r->buf[0] + 4), 0x91000abc);
	for (int i = 0; i < 4; i++)
		assert_int_equal(le32(r->buf[0] + 8 + 4 * i), t.hdr[i]);
	assert_int_equal(le32(r->buf[0] + 24), 0);
	assert_int_equal(le32(r->buf[0] + 28), 0x12345);

	start(r, ctrl(0, 1, 0, false, 0x1));
	ptt_hw_observe(r->h, &t);
	dw0 = le32(r->buf[0]);
	assert_int_equal(dw0 >> 30, 0x3 & (t.hdr[0] >> 29)); /* Fmt[1:0] */
	assert_int_equal((dw0 >> 25) & 0x1f, 0);	     /* Type of MWr */
	assert_int_equal((dw0 >> 11) & 0x3ff, 1);	     /* Length */
	assert_int_equal(dw0 & 0x7ff, 0x12345 & 0x7ff);	     /* Time */
	assert_int_equal(le32(r->buf[0] + 12), t.hdr[3]);
}

static void ring_fills_in_order_and_interrupts(void **state)
{
	struct rig *r = *state;
	struct fabric_tlp t = tlp(r->rp10, FABRIC_OUTBOUND, TLP_CLASS_P, 0, 0, 1);

	start(r, ctrl(1, 1, 1, false, 0x1));
	for (int i = 0; i < 9; i++)
		ptt_hw_observe(r->h, &t);
	assert_int_equal(r->nirq, 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(r->irq_stat[i], 1u << i);
	/* The 9th entry went into buffer 0 again. */
	assert_int_equal(rd(r, PTT_TRACE_WR_STS), 0 << 28 | 32);
	assert_int_equal(rd(r, PTT_TRACE_STS) & PTT_TRACE_IDLE, 0);
	wr(r, PTT_TRACE_CTRL, 0);
	assert_int_equal(rd(r, PTT_TRACE_STS) & PTT_TRACE_IDLE, PTT_TRACE_IDLE);
}

static void pending_buffer_is_overwritten_and_counted(void **state)
{
	struct rig *r = *state;
	struct fabric_tlp t = tlp(r->rp10, FABRIC_OUTBOUND, TLP_CLASS_P, 0, 0, 1);
	struct ptt_hw_stats s;

	r->clear_in_irq = false;
	start(r, ctrl(1, 1, 1, false, 0x1));
	wr(r, PTT_TRACE_INT_MASK, 0xf);
	for (int i = 0; i < 10; i++)
		ptt_hw_observe(r->h, &t);
	ptt_hw_stats(r->h, &s);
	assert_int_equal(r->nirq, 0);
	assert_int_equal(rd(r, PTT_TRACE_INT_STAT), 0xf);
	assert_int_equal(s.buffers_full, 5);
	/* Buffers 0 and 1 (2 entries each) were re-entered with their bits pending. */
	assert_int_equal(s.overwritten, 4);
	assert_int_equal(rd(r, PTT_TRACE_WR_STS), 1u << 28);
}

/* A slow DMA reset: TRACE_WR_STS reads not 0 for the configured reads after each RST. */
static void dma_reset_shows_after_its_reads(void **state)
{
	struct rig *r = *state;
	struct fabric_tlp t = tlp(r->rp10, FABRIC_OUTBOUND, TLP_CLASS_P, 0, 0, 1);

	for (int round = 0; round < 2; round++) {
		wr(r, PTT_TRACE_CTRL, PTT_TRACE_CTRL_RST);
		for (int i = 0; i < 3; i++)
			assert_int_equal(rd(r, PTT_TRACE_WR_STS), PTT_HW_WR_STS_RESETTING);
		assert_int_equal(rd(r, PTT_TRACE_WR_STS), 0);
		wr(r, PTT_TRACE_CTRL, 0);
		wr(r, PTT_TRACE_CTRL, ctrl(1, 1, 1, false, 0x1));
		ptt_hw_observe(r->h, &t);
		assert_int_equal(rd(r, PTT_TRACE_WR_STS), 32);
		wr(r, PTT_TRACE_CTRL, 0);
	}
}

/* The time field of an entry: DW0[10:0] of a 4DW one, DW7 of an 8DW one. */
static uint32_t entry_time(const uint8_t *e, bool fmt8)
{
	return fmt8 ? le32(e + 28) : le32(e) & PTT_ENTRY_4DW_TIME_MASK;
}

/*
 * What the fabric's rate model asks of a trace: keep what it writes from a
 * time on, and write the entries of a stretch again with their times moved,
 * through the same ring and interrupts; nothing once told to keep nothing,
 * nor of a trace enabled again.
 */
static void repeat_writes_kept_entries_again(void **state)
{
	struct rig *r = *state;
	struct fabric_repeat keep = {.keep_ns = 150};
	struct fabric_repeat again = {
	    .from_ns = 150, .to_ns = 301, .shift_ns = 2000, .keep_ns = 150};
	struct fabric_repeat none = {.keep_ns = UINT64_MAX};

	for (int fmt8 = 0; fmt8 < 2; fmt8++) {
		struct ptt_hw_stats s0, s;
		const uint8_t *e1, *e2;

		/* inbound posted TLPs: direction 0 of the 4DW table, 2 of the 8DW one */
		start(r, ctrl(fmt8 ? 2 : 0, 7, (unsigned)fmt8, false, 0x1));
		ptt_hw_stats(r->h, &s0);
		ptt_hw_repeat(r->h, &keep);
		for (uint64_t t = 100; t <= 300; t += 100) {
			struct fabric_tlp x =
			    tlp(r->rp10, FABRIC_INBOUND, TLP_CLASS_P, 0, (uint16_t)t, t);

			ptt_hw_observe(r->h, &x);
		}
		ptt_hw_repeat(r->h, &again);
		ptt_hw_stats(r->h, &s);
		assert_int_equal(s.traced - s0.traced, 5);
		/* 4DW: four entries a buffer, the fifth in buffer 1; 8DW: two, in buffer 2 */
		e1 = fmt8 ? r->buf[1] + 32 : r->buf[0] + 48;
		e2 = fmt8 ? r->buf[2] : r->buf[1];
		assert_memory_equal(e1 + (fmt8 ? 8 : 4), fmt8 ? r->buf[0] + 40 : r->buf[0] + 20,
				    fmt8 ? 16 : 12);
		assert_int_equal(entry_time(e1, fmt8), (200 + 2000) & (fmt8 ? ~0u : 0x7ffu));
		assert_int_equal(entry_time(e2, fmt8), (300 + 2000) & (fmt8 ? ~0u : 0x7ffu));
		ptt_hw_repeat(r->h, &none);
		ptt_hw_repeat(r->h, &again);
		wr(r, PTT_TRACE_CTRL, 0);
		start(r, ctrl(fmt8 ? 2 : 0, 7, (unsigned)fmt8, false, 0x1));
		ptt_hw_repeat(r->h, &again);
		ptt_hw_stats(r->h, &s0);
		assert_int_equal(s0.traced, s.traced);
		wr(r, PTT_TRACE_CTRL, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(identity_registers, rig_setup, rig_teardown),
	    cmocka_unit_test_setup_teardown(tune_default_write_and_clamp, rig_setup, rig_teardown),
	    cmocka_unit_test_setup_teardown(direction_tables_follow_the_document, rig_setup,
					    rig_teardown),
	    cmocka_unit_test_setup_teardown(type_and_filters_select, rig_setup, rig_teardown),
	    cmocka_unit_test_setup_teardown(repeat_writes_kept_entries_again, rig_setup,
					    rig_teardown),
	    cmocka_unit_test_setup_teardown(entry_layouts, rig_setup, rig_teardown),
	    cmocka_unit_test_setup_teardown(ring_fills_in_order_and_interrupts, rig_setup,
					    rig_teardown),
	    cmocka_unit_test_setup_teardown(pending_buffer_is_overwritten_and_counted, rig_setup,
					    rig_teardown),
	    cmocka_unit_test_setup_teardown(dma_reset_shows_after_its_reads, rig_setup_slow_reset,
					    rig_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
