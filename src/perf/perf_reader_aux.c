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

/* pread(2) until n bytes came: 0, -errno, or -EIO when the file ends first. */
static int pread_all(int fd, uint8_t *dst, size_t n, uint64_t pos)
{
	while (n) {
		ssize_t got = pread(fd, dst, n, (off_t)pos);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -errno : -EIO;
		dst += got;
		pos += (uint64_t)got;
		n -= (size_t)got;
	}
	return 0;
}

static int read_at(struct perf_reader *r, uint8_t *dst, size_t n, uint64_t pos)
{
	int err = pread_all(r->map_fd, dst, n, pos);

	if (err == -EIO)
		return perf_reader_fail(r, err, "file shrank while read (offset %#llx)",
					(unsigned long long)pos);
	if (err)
		return perf_reader_fail(r, err, "read error at offset %#llx: %s",
					(unsigned long long)pos, strerror(-err));
	return 0;
}

uint64_t perf_reader_aux_pos(const struct perf_reader *r, const struct perf_rec *rec)
{
	return (uint64_t)(rec->auxtrace.data - r->base);
}

int perf_reader_read_at(const struct perf_reader *r, uint64_t pos, size_t n, void *buf)
{
	if (!r->base)
		return -ESPIPE;
	if (pos > r->len || n > r->len - pos)
		return -EIO;
	if (r->map_fd >= 0)
		return pread_all(r->map_fd, buf, n, pos);
	memcpy(buf, r->base + pos, n);
	return 0;
}

const uint8_t *perf_reader_aux_bytes(struct perf_reader *r, const struct perf_rec *rec,
				     uint64_t off, size_t n, void *scratch, struct error *e)
{
	const uint8_t *p = rec->auxtrace.data + off;
	int err;

	if (off > rec->auxtrace.size || n > rec->auxtrace.size - off) {
		perf_reader_fail(r, -EINVAL, "AUXTRACE payload has no bytes [%#llx, +%zu)",
				 (unsigned long long)off, n);
		if (e)
			*e = r->err;
		return NULL;
	}
	if (r->map_fd < 0)
		return p;
	err = read_at(r, scratch, n, (uint64_t)(p - r->base));
	if (err && e)
		error_set_errno(e, err, "reading the AUXTRACE payload at offset %#llx",
				(unsigned long long)rec->offset);
	return err ? NULL : scratch;
}
