/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Unaligned loads/stores for perf.data parsing, with the byte swap the file's
 * magic asked for.  Internal to src/perf/.
 */
#ifndef PCIESCOPE_SRC_PERF_BYTES_H
#define PCIESCOPE_SRC_PERF_BYTES_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline uint16_t pb_get16(const uint8_t *p, bool swap)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return swap ? __builtin_bswap16(v) : v;
}

static inline uint32_t pb_get32(const uint8_t *p, bool swap)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return swap ? __builtin_bswap32(v) : v;
}

static inline uint64_t pb_get64(const uint8_t *p, bool swap)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return swap ? __builtin_bswap64(v) : v;
}

static inline void pb_put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

static inline void pb_put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, sizeof(v));
}

struct perf_event_attr;
/* Copies a stored attribute of n bytes into a host-order struct (zero-filled). */
void perf_attr_load(struct perf_event_attr *attr, const uint8_t *p, size_t n, bool swap);

#endif
