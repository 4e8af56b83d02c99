// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decoded views of `pciescope report`: JSON keys (a contract) and the
 * readable line, for one entry of each shape, both entry formats.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_print.h>

struct sample {
	uint32_t hdr[4];
	uint32_t time;
	const char *json, *line;
};

static const struct sample mrd64 = {
    {0x20000010, 0x010112ff, 0x00000001, 0x23456780},
    0x2a5,
    "{\"offset\":4096,\"format\":\"4dw\",\"time\":677,"
    "\"dw\":[\"0x010112ff\",\"0x00000001\",\"0x23456780\"],\"ticks\":677,\"fmt\":1,\"type\":0,"
    "\"length\":16,\"kind\":\"MRd64\",\"requester\":\"01:00.1\",\"tag\":18,"
    "\"address\":\"0x0000000123456780\",\"first_be\":15,\"last_be\":15}\n",
    "0x0000001000 4dw        677 MRd64      req=01:00.1 tag=0x12 len=16 "
    "addr=0x0000000123456780 lbe=f fbe=f\n",
};

static const struct sample cfgrd0 = {
    {0x04000001, 0x0000010f, 0x01080010, 0},
    7,
    "{\"offset\":4096,\"format\":\"4dw\",\"time\":7,"
    "\"dw\":[\"0x0000010f\",\"0x01080010\",\"0x00000000\"],\"ticks\":7,\"fmt\":0,\"type\":4,"
    "\"length\":1,\"kind\":\"CfgRd0\",\"requester\":\"00:00.0\",\"tag\":1,"
    "\"bus\":1,\"device\":1,\"function\":0,\"register\":4,\"first_be\":15,\"last_be\":0}\n",
    "0x0000001000 4dw          7 CfgRd0     req=00:00.0 tag=0x01 len=1 cfg=01:01.0 reg=0x010 lbe=0 "
    "fbe=f\n",
};

static const struct sample msg = {
    {0x30000000, 0x01000020, 0, 0},
    1,
    "{\"offset\":4096,\"format\":\"4dw\",\"time\":1,"
    "\"dw\":[\"0x01000020\",\"0x00000000\",\"0x00000000\"],\"ticks\":1,\"fmt\":1,\"type\":16,"
    "\"length\":0,\"kind\":\"Msg\",\"requester\":\"01:00.0\",\"tag\":0,\"message_code\":32}\n",
    "0x0000001000 4dw          1 Msg        req=01:00.0 tag=0x00 code=0x20\n",
};

/* Length is reserved in a completion without data: the line leaves it out. */
static const struct sample cpl_ur = {
    {0x0a000005, 0x01002004, 0x00100500, 0},
    9,
    "{\"offset\":4096,\"format\":\"4dw\",\"time\":9,"
    "\"dw\":[\"0x01002004\",\"0x00100500\",\"0x00000000\"],\"ticks\":9,\"fmt\":0,\"type\":10,"
    "\"length\":5,\"kind\":\"Cpl\",\"completer\":\"01:00.0\",\"status\":\"UR\","
    "\"byte_count\":4,\"lower_address\":0,\"requester\":\"00:02.0\",\"tag\":5}\n",
    "0x0000001000 4dw          9 Cpl        cpl=01:00.0 status=UR req=00:02.0 tag=0x05 bc=4 "
    "la=0x00\n",
};

static const struct sample reserved = {
    {0x7f0003e9, 0xacba3222, 0x700cb529, 0x351a3914},
    562,
    "{\"offset\":4096,\"format\":\"4dw\",\"time\":562,"
    "\"dw\":[\"0xacba3222\",\"0x700cb529\",\"0x351a3914\"],\"ticks\":562,\"fmt\":3,\"type\":31,"
    "\"length\":1001,\"kind\":\"Unknown\"}\n",
    "0x0000001000 4dw        562 Unknown    hdr=7f0003e9 acba3222 700cb529 351a3914\n",
};

static char *render(const struct sample *s, bool json, struct wbuf *w)
{
	uint8_t buf[PTT_4DW_BYTES];
	struct ptt_clock c = {0};

	ptt_entry_encode_4dw(s->hdr, s->time, buf);
	assert_int_equal(wbuf_init_mem(w), 0);
	if (json)
		assert_int_equal(ptt_json_chunk(w, buf, sizeof(buf), 4096, &c), 0);
	else
		assert_int_equal(ptt_line_chunk(w, buf, sizeof(buf), 4096, &c), 0);
	w->buf[w->len] = 0;
	return w->buf;
}

static void renders_4dw_shapes(void **state)
{
	const struct sample *all[] = {&mrd64, &cfgrd0, &msg, &cpl_ur, &reserved};
	struct wbuf w;

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		assert_string_equal(render(all[i], true, &w), all[i]->json);
		wbuf_close(&w);
		assert_string_equal(render(all[i], false, &w), all[i]->line);
		wbuf_close(&w);
	}
}

static void renders_8dw_completion_with_prefix(void **state)
{
	/* CplD from 01:00.0 to 00:02.0, tag 5, 4 bytes, lower address 0x40 */
	const uint32_t hdr[4] = {0x4a000001, 0x01000004, 0x00100540, 0};
	uint8_t buf[2 * PTT_8DW_BYTES + 8];
	struct wbuf w;
	struct ptt_clock jc = {0}, lc = {0};

	ptt_entry_encode_8dw(hdr, 0x91000001, 123456, buf);
	ptt_entry_encode_8dw(hdr, 0, 7, buf + PTT_8DW_BYTES);
	assert_int_equal(wbuf_init_mem(&w), 0);
	/* the trailing 8 bytes are a partial entry: never decoded */
	assert_int_equal(ptt_json_chunk(&w, buf, sizeof(buf), 0, &jc), 0);
	w.buf[w.len] = 0;
	/* the second time field wrapped: 7 is 2^32 + 7 ticks on the unwrapped clock */
	assert_string_equal(
	    w.buf, "{\"offset\":0,\"format\":\"8dw\",\"time\":123456,\"prefix\":\"0x91000001\","
		   "\"dw\":[\"0x4a000001\",\"0x01000004\",\"0x00100540\",\"0x00000000\"],"
		   "\"ticks\":123456,"
		   "\"fmt\":2,\"type\":10,\"length\":1,\"kind\":\"CplD\",\"completer\":\"01:00.0\","
		   "\"status\":\"SC\",\"byte_count\":4,\"lower_address\":64,"
		   "\"requester\":\"00:02.0\",\"tag\":5}\n"
		   "{\"offset\":32,\"format\":\"8dw\",\"time\":7,\"prefix\":\"0x00000000\","
		   "\"dw\":[\"0x4a000001\",\"0x01000004\",\"0x00100540\",\"0x00000000\"],"
		   "\"ticks\":4294967303,"
		   "\"fmt\":2,\"type\":10,\"length\":1,\"kind\":\"CplD\",\"completer\":\"01:00.0\","
		   "\"status\":\"SC\",\"byte_count\":4,\"lower_address\":64,"
		   "\"requester\":\"00:02.0\",\"tag\":5}\n");
	w.len = 0;
	assert_int_equal(ptt_line_chunk(&w, buf, PTT_8DW_BYTES, 0, &lc), 0);
	assert_int_equal(ptt_line_chunk(&w, buf + PTT_8DW_BYTES, PTT_8DW_BYTES, 32, &lc), 0);
	w.buf[w.len] = 0;
	assert_string_equal(w.buf, "0x0000000000 8dw     123456 CplD       cpl=01:00.0 status=SC "
				   "req=00:02.0 tag=0x05 len=1 bc=4 la=0x40 prefix=0x91000001\n"
				   "0x0000000020 8dw 4294967303 CplD       cpl=01:00.0 status=SC "
				   "req=00:02.0 tag=0x05 len=1 bc=4 la=0x40\n");
	wbuf_close(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(renders_4dw_shapes),
	    cmocka_unit_test(renders_8dw_completion_with_prefix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
