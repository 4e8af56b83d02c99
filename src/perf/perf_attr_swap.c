// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading a stored perf_event_attr.  Attributes grew over the years; a file
 * may hold a shorter or longer one than this build knows, so only the common
 * prefix is copied.  A foreign-endian attribute is swapped field by field,
 * and its flag bit-fields bit by bit inside each byte (a big-endian compiler
 * allocates bit-fields from the most significant bit), as perf does.
 */
#include <linux/perf_event.h>
#include <stddef.h>

#include "perf_bytes.h"

struct field {
	uint8_t off, width;
};

/* Offsets of the fixed-width fields of struct perf_event_attr (ABI). */
static const struct field attr_fields[] = {
    {0, 4},
    {4, 4},
    {8, 8},
    {16, 8},
    {24, 8},
    {32, 8},
    /* 40: flag bit-fields, below */
    {48, 4},
    {52, 4},
    {56, 8},
    {64, 8},
    {72, 8},
    {80, 8},
    {88, 4},
    {92, 4},
    {96, 8},
    {104, 4},
    {108, 2},
    {110, 2},
    {112, 4},
    {116, 4},
    {120, 8},
};

static uint8_t revbyte(uint8_t b)
{
	b = (uint8_t)((b & 0xf0) >> 4 | (b & 0x0f) << 4);
	b = (uint8_t)((b & 0xcc) >> 2 | (b & 0x33) << 2);
	return (uint8_t)((b & 0xaa) >> 1 | (b & 0x55) << 1);
}

void perf_attr_load(struct perf_event_attr *attr, const uint8_t *p, size_t n, bool swap)
{
	uint8_t *a = (uint8_t *)attr;

	memset(attr, 0, sizeof(*attr));
	if (n > sizeof(*attr))
		n = sizeof(*attr);
	memcpy(attr, p, n);
	if (!swap)
		return;
	for (size_t i = 0; i < sizeof(attr_fields) / sizeof(attr_fields[0]); i++) {
		const struct field *f = &attr_fields[i];
		uint8_t *q = a + f->off;

		if (f->off + f->width > sizeof(*attr))
			continue;
		if (f->width == 8)
			pb_put64(q, pb_get64(q, true));
		else if (f->width == 4)
			pb_put32(q, pb_get32(q, true));
		else
			*(uint16_t *)q = pb_get16(q, true);
	}
	for (int i = 40; i < 48; i++)
		a[i] = revbyte(a[i]);
}
