// SPDX-License-Identifier: GPL-2.0-only
/*
 * AUXTRACE payloads read piece by piece.  Decoders that make one pass over
 * a large trace ask for pieces of a few hundred KiB: from a mapped file
 * they are read with pread(2) into the caller's buffer, which stays in the
 * CPU cache while it is decoded (see perf_data.h for why not the mapping).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "perf_reader.h"

static int read_at(struct perf_reader *r, uint8_t *dst, size_t n, uint64_t pos)
{
	while (n) {
		ssize_t got = pread(r->map_fd, dst, n, (off_t)pos);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return perf_reader_fail(r, -errno, "read error at offset %#llx: %s",
						(unsigned long long)pos, strerror(errno));
		if (got == 0)
			return perf_reader_fail(r, -EIO, "file shrank while read (offset %#llx)",
						(unsigned long long)pos);
		dst += got;
		pos += (uint64_t)got;
		n -= (size_t)got;
	}
	return 0;
}

const uint8_t *perf_reader_aux_bytes(struct perf_reader *r, const struct perf_rec *rec,
				     uint64_t off, size_t n, void *scratch)
{
	const uint8_t *p = rec->auxtrace.data + off;

	if (off > rec->auxtrace.size || n > rec->auxtrace.size - off) {
		perf_reader_fail(r, -EINVAL, "AUXTRACE payload has no bytes [%#llx, +%zu)",
				 (unsigned long long)off, n);
		return NULL;
	}
	if (r->map_fd < 0)
		return p;
	if (read_at(r, scratch, n, (uint64_t)(p - r->base)))
		return NULL;
	return scratch;
}
