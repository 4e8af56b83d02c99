/* SPDX-License-Identifier: GPL-2.0-only */
/* The writer's state, shared by the files of src/perf/ that fill it. */
#ifndef PCIESCOPE_SRC_PERF_WRITER_H
#define PCIESCOPE_SRC_PERF_WRITER_H

#include <pciescope/perf/perf_data.h>

#define PERF_WRITER_BUF (64 * 1024)

struct perf_writer {
	int fd;
	int err;              /* first error; every later call returns it */
	uint64_t data_size;   /* bytes of records written after the header */
	size_t len;           /* bytes pending in buf */
	struct perf_attr_info *attrs;
	size_t nr_attrs;
	struct perf_writer_env env;
	char **argv;          /* owned copies of env's strings */
	char *strs[6];
	struct perf_clock_data clock; /* env.clock points here when set */
	uint8_t buf[PERF_WRITER_BUF];
};

/* Appends n bytes to the output (buffered). */
int perf_writer_put(struct perf_writer *w, const void *p, size_t n);
int perf_writer_flush(struct perf_writer *w);
/* Writes the feature table and sections at the current end; sets the bitmap. */
int perf_writer_features(struct perf_writer *w, uint64_t bitmap[PERF_FEAT_BITS / 64]);

/* Frees the writer's memory (the descriptor is the caller's business). */
void perf_writer_release(struct perf_writer *w);

#endif
