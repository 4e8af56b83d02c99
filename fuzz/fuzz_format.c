// SPDX-License-Identifier: GPL-2.0-only
/*
 * Format strings: whatever parses must print to a text that parses to the
 * same format, and every value up to the maximum must survive apply then
 * extract (the first 8 input bytes are the value).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/pmu_format.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_format f, g;
	struct perf_event_attr a = {0};
	uint64_t v = 0;
	char buf[512];
	char *s;

	if (size >= 8) {
		memcpy(&v, data, 8);
		data += 8;
		size -= 8;
	}
	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = 0;
	if (!perf_format_parse(s, &f) && f.bits) {
		if (perf_format_print(&f, buf, sizeof(buf)) < 0 || perf_format_parse(buf, &g) ||
		    g.bits != f.bits || g.field != f.field)
			abort();
		v &= perf_format_max(&f);
		perf_format_apply(&f, v, &a);
		if (perf_format_extract(&f, &a) != v)
			abort();
	}
	free(s);
	return 0;
}
