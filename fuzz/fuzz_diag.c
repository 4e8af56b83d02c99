// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the diagnosis collector and its rules: the first
 * byte picks the recording setting (bit 0: 8DW, bits 1-2: direction, bit 3:
 * completions in the type), the rest are trace entries.  Whatever the
 * entries, the rules must finish and every finding must be whole: a known
 * severity and a non-empty id, subject, summary and advice.
 */
#include <stdint.h>
#include <stdlib.h>

#include <pciescope/diag/trace.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag_trace_opts o = {.have_config = true, .pmu = "hisi_ptt0_2"};
	struct diag_findings l = {0};
	struct diag_thresholds th;
	struct diag_trace *t;
	enum ptt_format f;
	size_t es;

	if (!size)
		return 0;
	f = data[0] & 1 ? PTT_FMT_8DW : PTT_FMT_4DW;
	o.config = (uint64_t)f << 32 | (data[0] & 8 ? 7ull : 3ull) << 24 |
		   (uint64_t)(data[0] >> 1 & 3) << 20 | 0x80001;
	if (diag_trace_create(&o, &t))
		return 0;
	es = ptt_entry_size(f);
	diag_trace_feed(t, data + 1, (size - 1) / es * es, f);
	diag_trace_finish(t);
	diag_thresholds_default(&th);
	/* thresholds low enough that small inputs reach every rule */
	th.small_read_min = th.latency_min_reads = th.outstanding_min_reads = 2;
	th.unmatched_min = th.cfg_min = 2;
	th.cfg_rate = th.hint_tx_busy = 0;
	if (!diag_trace_rules(t, &th, NULL, &l))
		for (size_t i = 0; i < l.n; i++)
			if (l.f[i].severity > DIAG_ERROR || !l.f[i].id[0] || !l.f[i].subject[0] ||
			    !l.f[i].summary[0] || !l.f[i].advice[0])
				abort();
	diag_findings_free(&l);
	diag_trace_destroy(t);
	return 0;
}
