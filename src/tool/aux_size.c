// SPDX-License-Identifier: GPL-2.0-only
/*
 * The -m value of `record` (aux_record.h), apart from the recording loop so
 * that the fuzzer can link it alone: pages, or a size in perf/size.h's
 * syntax, a power of two from a page to 1 TiB.
 */
#include <errno.h>

#include <pciescope/perf/size.h>
#include <pciescope/tool/aux_record.h>

#define AUX_SIZE_MAX (1ull << 40)
#define PAGE_BYTES 4096

int aux_record_parse_size(const char *s, size_t *bytes)
{
	uint64_t v;

	if (size_parse(s, PAGE_BYTES, &v) || v > AUX_SIZE_MAX || v < PAGE_BYTES || (v & (v - 1)))
		return -EINVAL;
	*bytes = (size_t)v;
	return 0;
}
