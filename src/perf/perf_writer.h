/* SPDX-License-Identifier: GPL-2.0-only */
/* The writer's state, shared by the files of src/perf/ that fill it. */
#ifndef PCIESCOPE_SRC_PERF_WRITER_H
#define PCIESCOPE_SRC_PERF_WRITER_H

#include <pciescope/perf/perf_data.h>

#define PERF_WRITER_BUF (64 * 1024)

struct perf_writer_pmu {
	char *name;
	uint32_t type;
};

struct perf_writer {
	int fd;
	bool pipe;	      /* pipe mode: header records, never a seek */
	bool started;	      /* the header (file) or preamble (pipe) is out */
	int err;	      /* first error; every later call returns it */
	uint64_t data_offset; /* file mode: where the records begin */
	uint64_t data_size;   /* bytes of records accepted after the header */
	uint64_t synced;      /* data bytes the file header vouches for */
	uint64_t written;     /* bytes that reached the descriptor */
	size_t len;	      /* bytes pending in buf */
	struct perf_attr_info *attrs;
	size_t nr_attrs;
	struct perf_writer_pmu *pmus;
	size_t nr_pmus;
	struct perf_writer_env env;
	char **argv;		      /* owned copies of env's strings */
	char *strs[5];		      /* hostname, os_release, version, arch, cpudesc */
	struct perf_clock_data clock; /* env.clock points here when set */
	bool has_sample_time;
	uint64_t sample_time[2]; /* first, last */
	uint8_t buf[PERF_WRITER_BUF];
};

/* Appends n bytes to the output (buffered). */
int perf_writer_put(struct perf_writer *w, const void *p, size_t n);
/* Writes iov out after the buffer, as one write at a record boundary. */
struct iovec;
int perf_writer_write_iov(struct perf_writer *w, struct iovec *iov, int n);

/*
 * Puts out what precedes the records: the file header (data size 0) with the
 * ids and attributes, or the pipe header and its HEADER_ATTR, EVENT_UPDATE
 * and HEADER_FEATURE records.  Called before the first record.
 */
int perf_writer_start(struct perf_writer *w);
/* Rewrites the file header: data size, and the feature bitmap at the end. */
int perf_writer_write_header(struct perf_writer *w, const uint64_t bitmap[PERF_FEAT_BITS / 64]);

/* Payload of feature bit into a growing buffer; false when there is nothing to say. */
struct perf_blob {
	uint8_t *p;
	size_t len, cap;
	int err;
};
bool perf_writer_feature(struct perf_writer *w, int bit, struct perf_blob *b);
/* Pipe mode: feature bit as a HEADER_FEATURE record, if it has anything to say. */
int perf_writer_pipe_feature(struct perf_writer *w, int bit);
void perf_blob_put(struct perf_blob *b, const void *p, size_t n);

/* Writes one record: header + body, size rounded to 8 with zeros. */
int perf_writer_record(struct perf_writer *w, uint32_t type, const void *body, size_t n);

/* Frees the writer's memory (the descriptor is the caller's business). */
void perf_writer_release(struct perf_writer *w);

#endif
