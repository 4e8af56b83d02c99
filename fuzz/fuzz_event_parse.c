// SPDX-License-Identifier: GPL-2.0-only
/*
 * The event parser on arbitrary -e strings against a hisi_pcie-like PMU
 * whose events/ files are themselves odd, so alias expansion is exercised.
 * Every successfully parsed event must have a text and a leader in range.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/event_parse.h>
#include <pciescope/perf/pmu_table.h>

static const struct perf_pmu_table_file files[] = {
    {"p/type", "30\n"},
    {"p/format/event", "config:0-16\n"},
    {"p/format/thr_len", "config1:0-3\n"},
    {"p/format/split", "config1:20-23,40-43\n"},
    {"p/format/port", "config2:0-15\n"},
    {"p/format/all", "config2:0-63\n"},
    {"p/events/ev", "config=0x10010\n"},
    {"p/events/multi", "event=0x5,port=0x3,split=7\n"},
    {"p/events/self", "self\n"},
    {"p/events/bad", "event=,,\n"},
    {NULL, NULL},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_event_list l = {0};
	struct perf_pmu_source src;
	char *s = malloc(size + 1);
	struct error e;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = 0;
	perf_pmu_table_source(files, &src);
	if (!perf_events_parse(&l, s, &src, &e)) {
		for (size_t i = 0; i < l.n; i++)
			if (!l.ev[i].text || l.ev[i].leader > i)
				abort();
	}
	perf_events_free(&l);
	free(s);
	return 0;
}
