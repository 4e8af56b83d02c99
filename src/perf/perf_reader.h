/* SPDX-License-Identifier: GPL-2.0-only */
/* The reader's state, shared by the files of src/perf/ that fill it. */
#ifndef PCIESCOPE_SRC_PERF_READER_H
#define PCIESCOPE_SRC_PERF_READER_H

#include <stdarg.h>

#include <pciescope/base/error.h>
#include <pciescope/perf/perf_data.h>

struct perf_reader {
	/* Whole image (file mode, or a memory image in either mode). */
	const uint8_t *base;
	size_t len;
	size_t map_len; /* > 0: base is an mmap of that length */
	int map_fd;	/* the mapped file, kept for perf_reader_aux_bytes; else -1 */

	/* Pipe read from a descriptor: buf[beg, end) holds stream bytes from spos. */
	int fd;
	uint8_t *buf;
	size_t cap, beg, end;
	uint64_t spos;
	bool eof;

	bool pipe, swap;
	bool cut;	   /* file shorter than its data section: read what exists */
	bool features_cut; /* file cut in its feature sections: read without them */
	bool unclosed;	   /* never closed: read up to the last complete record */
	uint64_t claimed_end;
	/* An AUXTRACE record the data ended in: handed out with what it held, then the end. */
	bool cut_pending, has_cut;
	struct perf_reader_cut cut_aux;
	uint64_t data_start;	      /* file mode: offset of the first record */
	uint64_t nr_records, dropped; /* records handed out; bytes of a partial last one */
	uint64_t pos, data_end;	      /* image mode: next record, end of the data */
	uint64_t features[PERF_FEAT_BITS / 64];

	struct perf_attr_info *attrs;
	size_t nr_attrs;

	bool has_clock;
	struct perf_clock_data clock;
	bool has_sample_time;
	uint64_t sample_time[2]; /* first, last */

	char **argv; /* the CMDLINE feature's words, or NULL */
	uint32_t argc;

	struct error err; /* the last failure, handed to the caller's e */
};

int perf_reader_fail(struct perf_reader *r, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* File mode: header, attributes, ids, EVENT_DESC names. */
int perf_reader_parse_file_header(struct perf_reader *r);
/* Pipe mode HEADER_ATTR / EVENT_UPDATE / HEADER_FEATURE bookkeeping. */
int perf_reader_note_pipe_record(struct perf_reader *r, const struct perf_rec *rec);
/* A SAMPLE_TIME section (n bytes at p); a short one is ignored. */
void perf_reader_note_sample_time(struct perf_reader *r, const uint8_t *p, uint64_t n);
/* A CLOCK_DATA section (n bytes at p); a malformed one is ignored, as perf does. */
void perf_reader_note_clock_data(struct perf_reader *r, const uint8_t *p, uint64_t n);
/* A CMDLINE section (n bytes at p); a malformed one is ignored, as perf does. */
void perf_reader_note_cmdline(struct perf_reader *r, const uint8_t *p, uint64_t n);
void perf_reader_free_cmdline(struct perf_reader *r);
/* Fills the typed fields of rec from rec->raw (rec->size bytes). */
int perf_reader_parse_record(struct perf_reader *r, struct perf_rec *rec);

int perf_reader_add_attr(struct perf_reader *r, const uint8_t *attr, size_t attr_len,
			 const uint8_t *ids, size_t nr_ids);

#endif
