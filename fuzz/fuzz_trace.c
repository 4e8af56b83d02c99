// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT trace chunks as an AUXTRACE payload holds them: arbitrary bytes go
 * through every text view (dump, line, JSON) and through the analyser, as
 * `report` would feed them.  The first input byte picks the direction
 * setting; the rest is the chunk.  Whole-entry rounding must never exceed
 * the chunk, and the analyser must account every whole entry exactly once.
 */
#include <stdint.h>
#include <stdlib.h>

#include <pciescope/out/wbuf.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/analysis.h>
#include <pciescope/trace/ptt_print.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void views(const uint8_t *buf, size_t len)
{
	struct wbuf w;

	if (wbuf_init_mem(&w))
		abort();
	ptt_dump_chunk(&w, buf, len);
	ptt_line_chunk(&w, buf, len, UINT64_MAX - len);
	ptt_json_chunk(&w, buf, len, 0);
	wbuf_close(&w);
}

/*
 * One analyser for the whole run, as `report` feeds every chunk of a file
 * into one (creating one per input costs its big tables each time).
 */
static void analyse(const uint8_t *buf, size_t len, uint8_t mode)
{
	static struct analysis *a;
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(buf, len, &f), sz = ptt_entry_size(f), n = 0;
	uint64_t before;

	if (whole > len || whole % sz)
		abort();
	if (!a && analysis_create(&(struct analysis_opts){.window_ns = 1000}, &a))
		abort();
	before = analysis_summary(a)->entries;
	for (size_t off = 0; off + sz <= whole; off += sz, n++) {
		struct ptt_entry e;
		struct tlp_hdr h;

		ptt_entry_decode(buf + off, f, &e);
		if (tlp_decode(e.hdr, 4, &h) > 0)
			analysis_feed(a, &e, &h, analysis_dir_of_setting(f, mode & 3));
		else
			analysis_feed_undecoded(a, &e);
	}
	if (analysis_summary(a)->entries != before + n)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	views(data + 1, size - 1);
	analyse(data + 1, size - 1, data[0]);
	return 0;
}
