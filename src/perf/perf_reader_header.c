// SPDX-License-Identifier: GPL-2.0-only
/*
 * File-mode header: sections, attributes with their ids, and the event names
 * of the EVENT_DESC feature.  Feature sections are located by the table
 * that follows the data section, one entry per bit set in the header; a
 * feature this reader does not use is never touched, so unknown or newer
 * features cannot hurt.  Every section is checked against the file size.
 */
#include <errno.h>
#include <stdlib.h>

#include "perf_bytes.h"
#include "perf_reader.h"

struct section {
	uint64_t off, size;
};

static struct section get_section(const struct perf_reader *r, uint64_t at)
{
	struct section s = {pb_get64(r->base + at, r->swap), pb_get64(r->base + at + 8, r->swap)};

	return s;
}

static bool section_ok(const struct perf_reader *r, struct section s)
{
	return s.off <= r->len && s.size <= r->len - s.off;
}

int perf_reader_add_attr(struct perf_reader *r, const uint8_t *attr, size_t attr_len,
			 const uint8_t *ids, size_t nr_ids)
{
	struct perf_attr_info *a, *n = realloc(r->attrs, (r->nr_attrs + 1) * sizeof(*n));

	if (!n)
		return perf_reader_fail(r, -ENOMEM, "out of memory");
	r->attrs = n;
	a = &n[r->nr_attrs];
	memset(a, 0, sizeof(*a));
	perf_attr_load(&a->attr, attr, attr_len, r->swap);
	if (nr_ids) {
		a->ids = malloc(nr_ids * sizeof(*a->ids));
		if (!a->ids)
			return perf_reader_fail(r, -ENOMEM, "out of memory");
		for (size_t i = 0; i < nr_ids; i++)
			a->ids[i] = pb_get64(ids + 8 * i, r->swap);
	}
	a->nr_ids = nr_ids;
	r->nr_attrs++;
	return 0;
}

static int parse_attrs(struct perf_reader *r, uint64_t attr_size, struct section attrs)
{
	if (attr_size < PERF_ATTR_SIZE_VER0 + 16 || attrs.size % attr_size)
		return perf_reader_fail(r, -EPROTO, "corrupt header: attribute size %llu",
					(unsigned long long)attr_size);
	for (uint64_t at = attrs.off; at < attrs.off + attrs.size; at += attr_size) {
		struct section ids = get_section(r, at + attr_size - 16);
		uint32_t len = pb_get32(r->base + at + 4, r->swap);
		int err;

		if (!len || len > attr_size - 16)
			len = (uint32_t)(attr_size - 16);
		if (!section_ok(r, ids) || ids.size % 8)
			return perf_reader_fail(r, -EPROTO, "truncated: ids of attribute %zu",
						r->nr_attrs);
		err = perf_reader_add_attr(r, r->base + at, len, r->base + ids.off, ids.size / 8);
		if (err)
			return err;
	}
	return 0;
}

/* A perf string: u32 length (padded, NUL included) + bytes. */
static const char *get_string(const struct perf_reader *r, const uint8_t **p, const uint8_t *end)
{
	uint32_t len;
	const char *s;

	if (end - *p < 4)
		return NULL;
	len = pb_get32(*p, r->swap);
	if ((uint64_t)(end - *p - 4) < len || !len || !memchr(*p + 4, 0, len))
		return NULL;
	s = (const char *)*p + 4;
	*p += 4 + len;
	return s;
}

/* Names from EVENT_DESC; a malformed section only costs the names. */
static void parse_event_desc(struct perf_reader *r, struct section s)
{
	const uint8_t *p = r->base + s.off, *end = p + s.size;
	uint32_t nr, attr_size;

	if (s.size < 8)
		return;
	nr = pb_get32(p, r->swap);
	attr_size = pb_get32(p + 4, r->swap);
	p += 8;
	for (uint32_t i = 0; i < nr; i++) {
		uint32_t nr_ids;
		const char *name;

		if ((uint64_t)(end - p) < (uint64_t)attr_size + 4)
			return;
		p += attr_size;
		nr_ids = pb_get32(p, r->swap);
		p += 4;
		name = get_string(r, &p, end);
		if (!name || (uint64_t)(end - p) / 8 < nr_ids)
			return;
		p += 8 * (uint64_t)nr_ids;
		if (i < r->nr_attrs && !r->attrs[i].name)
			r->attrs[i].name = strdup(name);
	}
}

/*
 * A file cut after its records, in the feature sections: every record is
 * there, so it is read without the features (perf_reader_features_cut).
 */
static int features_cut(struct perf_reader *r)
{
	r->features_cut = true;
	memset(r->features, 0, sizeof(r->features));
	return 0;
}

static int parse_features(struct perf_reader *r, uint64_t table)
{
	size_t n = 0;

	for (int bit = 0; bit < PERF_FEAT_BITS; bit++)
		n += perf_reader_has_feature(r, bit);
	if (table > r->len || (r->len - table) / 16 < n)
		return features_cut(r);
	for (int bit = 0; bit < PERF_FEAT_BITS; bit++) {
		struct section s;

		if (!perf_reader_has_feature(r, bit))
			continue;
		s = get_section(r, table);
		table += 16;
		if (!section_ok(r, s))
			return features_cut(r);
		if (bit == PERF_FEAT_EVENT_DESC)
			parse_event_desc(r, s);
		if (bit == PERF_FEAT_CLOCK_DATA)
			perf_reader_note_clock_data(r, r->base + s.off, s.size);
		if (bit == PERF_FEAT_SAMPLE_TIME)
			perf_reader_note_sample_time(r, r->base + s.off, s.size);
		if (bit == PERF_FEAT_CMDLINE)
			perf_reader_note_cmdline(r, r->base + s.off, s.size);
	}
	return 0;
}

static bool features_set(const struct perf_reader *r)
{
	for (int i = 0; i < PERF_FEAT_BITS / 64; i++)
		if (r->features[i])
			return true;
	return false;
}

/*
 * A recording that was not closed: perf's header says data size 0 (and may
 * already carry the bitmap of features it never wrote), pciescope's says how
 * much it had written and has no bitmap.  Either way the records run to
 * wherever the file ends, and the features, if any, are not there.
 */
static int open_unclosed(struct perf_reader *r, uint64_t attr_size, struct section attrs)
{
	r->unclosed = true;
	r->claimed_end = r->data_end;
	r->data_end = r->len;
	memset(r->features, 0, sizeof(r->features));
	if (!section_ok(r, attrs))
		return perf_reader_fail(r, -EPROTO, "truncated: attribute section");
	return attrs.size ? parse_attrs(r, attr_size, attrs) : 0;
}

int perf_reader_parse_file_header(struct perf_reader *r)
{
	uint64_t hsize = pb_get64(r->base + 8, r->swap), attr_size;
	struct section attrs, data;

	if (hsize != PERF_FILE_HEADER_SIZE && hsize != PERF_FILE_HEADER_SIZE - 32)
		return perf_reader_fail(r, -EINVAL, "not a perf.data file (header size %llu)",
					(unsigned long long)hsize);
	if (r->len < hsize)
		return perf_reader_fail(r, -EPROTO, "truncated: file header");
	attr_size = pb_get64(r->base + 16, r->swap);
	attrs = get_section(r, 24);
	data = get_section(r, 40);
	if (hsize == PERF_FILE_HEADER_SIZE)
		for (int i = 0; i < PERF_FEAT_BITS / 64; i++)
			r->features[i] = pb_get64(r->base + 72 + 8 * i, r->swap);
	r->pos = r->data_start = data.off;
	r->data_end = data.off + data.size;
	if (data.off <= r->len && (!data.size || !features_set(r)))
		return open_unclosed(r, attr_size, attrs);
	if (!section_ok(r, data)) {
		if (data.off > r->len)
			return perf_reader_fail(r, -EPROTO, "truncated: no data section");
		/* decode what exists; the iterator reports the cut at the end */
		r->cut = true;
		r->claimed_end = r->data_end;
		r->data_end = r->len;
		memset(r->features, 0, sizeof(r->features)); /* they follow the data */
	}
	if (!section_ok(r, attrs))
		return perf_reader_fail(r, -EPROTO, "truncated: attribute section");
	if (attrs.size) {
		int err = parse_attrs(r, attr_size, attrs);

		if (err)
			return err;
	}
	return parse_features(r, r->data_end);
}
