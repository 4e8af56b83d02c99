// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT trace chunks as an AUXTRACE payload holds them: arbitrary bytes go
 * through every text view (dump, line, JSON) and through the analyser, as
 * `report` would feed them.  The first input byte picks the analyser's
 * window (so both the automatic and a tiny fixed window are exercised); the
 * rest is the chunk.  Whole-entry rounding must never exceed the chunk, and
 * the analyser must account every whole entry exactly once.
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

static void analyse(const uint8_t *buf, size_t len, uint8_t mode)
{
	struct analysis_opts o = {.window_ns = mode & 1 ? 1 + (mode >> 1) : 0};
	struct analysis *a;
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(buf, len, &f), sz = ptt_entry_size(f), n = 0;
	const struct analysis_window *win;
	uint64_t width;

	if (whole > len || whole % sz)
		abort();
	if (analysis_create(&o, &a))
		return;
	for (size_t off = 0; off + sz <= whole; off += sz, n++) {
		struct ptt_entry e;
		struct tlp_hdr h;

		ptt_entry_decode(buf + off, f, &e);
		if (tlp_decode(e.hdr, 4, &h) > 0)
			analysis_feed(a, &e, &h, analysis_dir_of_setting(f, mode >> 7));
		else
			analysis_feed_undecoded(a, &e);
	}
	analysis_finish(a);
	if (analysis_summary(a)->entries != n)
		abort();
	analysis_windows(a, &win, &width);
	analysis_destroy(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	views(data + 1, size - 1);
	analyse(data + 1, size - 1, data[0]);
	return 0;
}
