// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_cuts FILE: places to cut a file-mode perf.data of PTT trace, and
 * what a reader should still get from each, worked out from the file's
 * bytes alone (not with pciescope's reader, which is what is tested).  One
 * line per cut:
 *
 *     CUT ENTRIES PROMISED PRESENT WHERE
 *
 * CUT: the bytes kept; ENTRIES: the whole trace entries whose bytes all lie
 * before the cut, in AUXTRACE payloads whose record header is whole;
 * PROMISED/PRESENT: for a cut inside an AUXTRACE payload, the payload bytes
 * its header promised and those kept (0 0 elsewhere); WHERE: a word for the
 * place.  Cuts: inside the file header and the attributes, inside each
 * record's header, at and inside each AUXTRACE payload at entry boundaries
 * and mid-entry, and in the feature sections after the data.  Lines are in
 * order of CUT, then WHERE.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AUXTRACE 71
/* 8DW entries start with this mark in their first DW's top 21 bits. */
#define MARK_8DW 0xfffff800u

struct chunk {
	uint64_t off, size, esize;
};

struct cut {
	uint64_t at;
	const char *where;
};

struct image {
	uint8_t *b;
	size_t n;
	struct chunk *ch;
	size_t nch;
	struct cut *cut;
	size_t ncut, cap;
};

/* Little-endian n-byte value at off; 0 past the end. */
static uint64_t le(const struct image *im, uint64_t off, unsigned n)
{
	uint64_t v = 0;

	if (off + n > im->n)
		return 0;
	while (n--)
		v = v << 8 | im->b[off + n];
	return v;
}

static void add_cut(struct image *im, uint64_t at, const char *where)
{
	if (im->ncut == im->cap) {
		im->cap = im->cap ? 2 * im->cap : 64;
		im->cut = realloc(im->cut, im->cap * sizeof(*im->cut));
		if (!im->cut) {
			perror("perf_cuts");
			exit(2);
		}
	}
	im->cut[im->ncut++] = (struct cut){at, where};
}

static uint64_t entry_size(const struct image *im, uint64_t off)
{
	return (le(im, off, 4) & MARK_8DW) == MARK_8DW ? 32 : 16;
}

/* The payload of the AUXTRACE record at at (header size bytes): its cuts and its chunk. */
static void payload_cuts(struct image *im, uint64_t at, uint64_t size, uint64_t payload)
{
	uint64_t off = at + size, esize = entry_size(im, off);
	uint64_t k[3] = {0, 1, payload / esize / 2};

	im->ch[im->nch++] = (struct chunk){off, payload, esize};
	add_cut(im, at + 20, "AUXTRACE_header");
	for (int i = 0; i < 3; i++) {
		add_cut(im, off + k[i] * esize, "entry_boundary");
		add_cut(im, off + k[i] * esize + 5, "inside_an_entry");
	}
	add_cut(im, off + payload - 1, "last_entry's_last_byte_missing");
}

static void find_cuts(struct image *im)
{
	uint64_t data_off = le(im, 40, 8), data_end = data_off + le(im, 48, 8);

	add_cut(im, 40, "file_header");
	add_cut(im, 104 + 8, "ids_or_attributes");
	for (uint64_t at = data_off; at + 8 <= data_end;) {
		uint64_t type = le(im, at, 4), size = le(im, at + 6, 2);
		uint64_t payload = type == AUXTRACE ? le(im, at + 8, 8) : 0;

		if (!size)
			break;
		add_cut(im, at + 4, "record_header");
		if (payload)
			payload_cuts(im, at, size, payload);
		at += size + payload;
	}
	add_cut(im, data_end, "end_of_the_data");
	add_cut(im, data_end + 8, "feature_sections");
	add_cut(im, im->n - 1, "last_feature_byte_missing");
}

static int by_place(const void *a, const void *b)
{
	const struct cut *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return strcmp(x->where, y->where);
}

static void print_cut(const struct image *im, const struct cut *c)
{
	uint64_t n = 0, promised = 0, present = 0;

	for (size_t i = 0; i < im->nch; i++) {
		const struct chunk *ch = &im->ch[i];
		uint64_t end = ch->off + ch->size;

		if (c->at > ch->off)
			n += ((c->at < end ? c->at : end) - ch->off) / ch->esize;
		if (ch->off < c->at && c->at < end) {
			promised = ch->size;
			present = c->at - ch->off;
		}
	}
	printf("%llu %llu %llu %llu %s\n", (unsigned long long)c->at, (unsigned long long)n,
	       (unsigned long long)promised, (unsigned long long)present, c->where);
}

static int read_file(const char *path, struct image *im)
{
	FILE *f = fopen(path, "rb");
	size_t got;

	if (!f)
		return -1;
	while ((im->b = realloc(im->b, im->n + 65536)) &&
	       (got = fread(im->b + im->n, 1, 65536, f)) > 0)
		im->n += got;
	fclose(f);
	return im->b ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct image im = {0};

	if (argc != 2 || read_file(argv[1], &im) || im.n < 56) {
		fprintf(stderr, "usage: perf_cuts FILE (a file-mode perf.data)\n");
		return 2;
	}
	/* at most one chunk per 24-byte record header with a payload */
	im.ch = calloc(im.n / 24 + 1, sizeof(*im.ch));
	if (!im.ch)
		return 2;
	find_cuts(&im);
	qsort(im.cut, im.ncut, sizeof(*im.cut), by_place);
	for (size_t i = 0; i < im.ncut; i++) {
		const struct cut *c = &im.cut[i];

		if (c->at == 0 || c->at >= im.n || (i && !by_place(c, c - 1)))
			continue;
		print_cut(&im, c);
	}
	free(im.cut);
	free(im.ch);
	free(im.b);
	return 0;
}
