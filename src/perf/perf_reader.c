// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf.data reader: opening, the record iterator and its byte sources.
 * A regular file is mapped, so records and AUX payloads are used in place;
 * only a real pipe is read through a buffer that grows to the largest record.
 * The mapped file's descriptor stays open for perf_reader_aux_bytes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "perf_bytes.h"
#include "perf_reader.h"

int perf_reader_fail(struct perf_reader *r, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	r->err.code = err;
	vsnprintf(r->err.msg, sizeof(r->err.msg), fmt, ap);
	va_end(ap);
	return err;
}

/* ret, a failure of r, handed to the caller's e (when it has one). */
static int tell(const struct perf_reader *r, int ret, struct error *e)
{
	if (ret < 0 && e)
		*e = r->err;
	return ret;
}

bool perf_reader_is_pipe(const struct perf_reader *r)
{
	return r->pipe;
}

bool perf_reader_needs_swap(const struct perf_reader *r)
{
	return r->swap;
}

bool perf_reader_has_feature(const struct perf_reader *r, int feat)
{
	if (feat < 0 || feat >= PERF_FEAT_BITS)
		return false;
	return r->features[feat / 64] >> (feat % 64) & 1;
}

size_t perf_reader_nr_attrs(const struct perf_reader *r)
{
	return r->nr_attrs;
}

const struct perf_attr_info *perf_reader_attr(const struct perf_reader *r, size_t i)
{
	return i < r->nr_attrs ? &r->attrs[i] : NULL;
}

/* Stream mode: makes n bytes from the current position contiguous. */
static int stream_fill(struct perf_reader *r, size_t n)
{
	if (r->end - r->beg >= n)
		return 0;
	if (r->beg) {
		memmove(r->buf, r->buf + r->beg, r->end - r->beg);
		r->end -= r->beg;
		r->beg = 0;
	}
	if (n > r->cap) {
		size_t cap = r->cap ? r->cap : 1 << 16;
		uint8_t *p;

		while (cap < n)
			cap *= 2;
		p = realloc(r->buf, cap);
		if (!p)
			return perf_reader_fail(r, -ENOMEM, "out of memory for a %zu-byte record",
						n);
		r->buf = p;
		r->cap = cap;
	}
	while (r->end < n && !r->eof) {
		ssize_t got = read(r->fd, r->buf + r->end, r->cap - r->end);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return perf_reader_fail(r, -errno, "read error: %s", strerror(errno));
		if (got == 0)
			r->eof = true;
		r->end += (size_t)got;
	}
	return 0;
}

/* Pointer to n bytes at the current position, NULL if fewer exist (err set). */
static const uint8_t *peek(struct perf_reader *r, size_t n, int *err)
{
	*err = 0;
	if (r->fd < 0)
		return r->data_end - r->pos >= n ? r->base + r->pos : NULL;
	*err = stream_fill(r, n);
	if (*err || r->end - r->beg < n)
		return NULL;
	return r->buf + r->beg;
}

static uint64_t position(const struct perf_reader *r)
{
	return r->fd < 0 ? r->pos : r->spos;
}

static void advance(struct perf_reader *r, size_t n)
{
	if (r->fd < 0) {
		r->pos += n;
	} else {
		r->beg += n;
		r->spos += n;
	}
}

static bool at_end(struct perf_reader *r)
{
	int err;

	if (r->fd < 0)
		return r->pos >= r->data_end;
	return !peek(r, 1, &err) && !err;
}

/*
 * In a file that was not closed, the records end where the writer was
 * stopped: an incomplete record at the end, or past what the header vouches
 * for one that cannot be a record (blocks the file system allocated but
 * never filled read as zeros), is the end, not an error.
 */
static int unclosed_end(struct perf_reader *r, uint64_t off)
{
	r->dropped = r->len - off;
	r->pos = r->data_end;
	return 0;
}

/* Whether a record at off that cannot be one ends an unclosed file instead of being corrupt. */
static bool unclosed_past_claim(const struct perf_reader *r, uint64_t off)
{
	return r->unclosed && off >= r->claimed_end;
}

static int truncated(struct perf_reader *r, int err, const char *what, uint64_t off, uint64_t need)
{
	if (err)
		return err;
	if (r->unclosed)
		return unclosed_end(r, off);
	return perf_reader_fail(r, -EPROTO,
				"truncated: %s at offset %#llx needs %llu bytes, the %s ends first",
				what, (unsigned long long)off, (unsigned long long)need,
				r->pipe	 ? "stream"
				: r->cut ? "file"
					 : "data section");
}

/* Bytes from the current position to the end of the data (a stream: what is buffered). */
static uint64_t remaining(struct perf_reader *r)
{
	return r->fd < 0 ? r->data_end - r->pos : r->end - r->beg;
}

/*
 * An AUXTRACE record whose payload the data ends in, its header whole:
 * handed out with the bytes there are, the end said at the next call.
 */
static int partial_auxtrace(struct perf_reader *r, struct perf_rec *rec, uint64_t total)
{
	uint64_t there = remaining(r);
	int err;

	r->cut_aux = (struct perf_reader_cut){
	    .offset = rec->offset, .promised = total - rec->size, .present = there - rec->size};
	r->has_cut = r->cut_pending = true;
	rec->raw = r->fd < 0 ? r->base + r->pos : r->buf + r->beg;
	err = perf_reader_parse_record(r, rec);
	if (err)
		return err;
	rec->auxtrace.size = r->cut_aux.present;
	advance(r, (size_t)there);
	r->nr_records++;
	return 1;
}

int perf_reader_cut_describe(const struct perf_reader *r, const struct perf_reader_cut *c,
			     char *buf, size_t n)
{
	return snprintf(buf, n,
			"the AUXTRACE record at offset %#llx promised %llu bytes of trace, the %s "
			"holds %llu of them (every whole entry among them was read)",
			(unsigned long long)c->offset, (unsigned long long)c->promised,
			r->pipe ? "stream" : "file", (unsigned long long)c->present);
}

/* The call after a cut AUXTRACE record: the end of an unclosed file, else an error. */
static int after_cut(struct perf_reader *r)
{
	char what[256];

	r->cut_pending = false;
	if (r->unclosed)
		return unclosed_end(r, r->fd < 0 ? r->pos : r->spos);
	perf_reader_cut_describe(r, &r->cut_aux, what, sizeof(what));
	return perf_reader_fail(r, -EPROTO, "truncated: %s", what);
}

bool perf_reader_features_cut(const struct perf_reader *r)
{
	return r->features_cut;
}

bool perf_reader_cut_auxtrace(const struct perf_reader *r, struct perf_reader_cut *c)
{
	if (r->has_cut && c)
		*c = r->cut_aux;
	return r->has_cut;
}

static int next(struct perf_reader *r, struct perf_rec *rec)
{
	const uint8_t *p;
	uint64_t total;
	int err;

	if (r->cut_pending)
		return after_cut(r);
	if (at_end(r) && r->cut)
		return perf_reader_fail(r, -EPROTO,
					"truncated: data section ends at %#llx, file has %zu bytes",
					(unsigned long long)r->claimed_end, r->len);
	if (at_end(r))
		return 0;
	memset(rec, 0, sizeof(*rec));
	rec->offset = position(r);
	p = peek(r, 8, &err);
	if (!p)
		return truncated(r, err, "record header", rec->offset, 8);
	rec->type = pb_get32(p, r->swap);
	rec->misc = pb_get16(p + 4, r->swap);
	rec->size = pb_get16(p + 6, r->swap);
	if (rec->size < 8 && unclosed_past_claim(r, rec->offset))
		return unclosed_end(r, rec->offset);
	if (rec->size < 8)
		return perf_reader_fail(r, -EPROTO, "corrupt record at offset %#llx: size %u",
					(unsigned long long)rec->offset, rec->size);
	total = rec->size;
	if (rec->type == PERF_REC_AUXTRACE) {
		if (rec->size < PERF_AUXTRACE_RECORD_SIZE && unclosed_past_claim(r, rec->offset))
			return unclosed_end(r, rec->offset);
		if (rec->size < PERF_AUXTRACE_RECORD_SIZE)
			return perf_reader_fail(r, -EPROTO,
						"corrupt AUXTRACE record at offset %#llx: size %u",
						(unsigned long long)rec->offset, rec->size);
		p = peek(r, rec->size, &err);
		if (!p)
			return truncated(r, err, "AUXTRACE record", rec->offset, rec->size);
		total += pb_get64(p + 8, r->swap);
		if ((total > SIZE_MAX / 2 || total < rec->size) &&
		    unclosed_past_claim(r, rec->offset))
			return unclosed_end(r, rec->offset);
		if (total > SIZE_MAX / 2 || total < rec->size)
			return perf_reader_fail(
			    r, -EPROTO, "corrupt AUXTRACE record at offset %#llx: payload size",
			    (unsigned long long)rec->offset);
	}
	p = peek(r, (size_t)total, &err);
	if (!p && !err && rec->type == PERF_REC_AUXTRACE && remaining(r) > rec->size)
		return partial_auxtrace(r, rec, total);
	if (!p)
		return truncated(r, err, perf_record_name(rec->type), rec->offset, total);
	rec->raw = p;
	err = perf_reader_parse_record(r, rec);
	if (err && unclosed_past_claim(r, rec->offset))
		return unclosed_end(r, rec->offset);
	if (err)
		return err;
	if (r->pipe) {
		err = perf_reader_note_pipe_record(r, rec);
		if (err)
			return err;
	}
	advance(r, (size_t)total);
	r->nr_records++;
	return 1;
}

int perf_reader_next(struct perf_reader *r, struct perf_rec *rec, struct error *e)
{
	return tell(r, next(r, rec), e);
}

bool perf_reader_unclosed(const struct perf_reader *r, struct perf_reader_recovery *rc)
{
	if (rc)
		*rc = (struct perf_reader_recovery){
		    .records = r->nr_records,
		    .bytes = r->pos - r->data_start - r->dropped,
		    .dropped = r->dropped,
		};
	return r->unclosed;
}

static int parse_start(struct perf_reader *r)
{
	uint64_t magic, hsize;

	if (r->len < 16 && r->fd < 0)
		return perf_reader_fail(r, -EINVAL, "not a perf.data file (only %zu bytes)",
					r->len);
	magic = pb_get64(r->fd < 0 ? r->base : r->buf, false);
	if (magic == __builtin_bswap64(PERF_MAGIC2))
		r->swap = true;
	else if (magic != PERF_MAGIC2)
		return perf_reader_fail(r, -EINVAL, "not a perf.data file (bad magic)");
	hsize = pb_get64((r->fd < 0 ? r->base : r->buf) + 8, r->swap);
	if (hsize == PERF_PIPE_HEADER_SIZE) {
		r->pipe = true;
		r->pos = PERF_PIPE_HEADER_SIZE;
		r->data_end = r->len;
		if (r->fd >= 0)
			advance(r, PERF_PIPE_HEADER_SIZE);
		return 0;
	}
	if (r->fd >= 0)
		return perf_reader_fail(r, -EINVAL,
					"a file-mode perf.data cannot be read from a pipe");
	return perf_reader_parse_file_header(r);
}

static struct perf_reader *reader_new(void)
{
	struct perf_reader *r = calloc(1, sizeof(*r));

	if (r)
		r->fd = r->map_fd = -1;
	return r;
}

static int finish_open(struct perf_reader *r, struct perf_reader **out, struct error *e)
{
	int err = tell(r, parse_start(r), e);

	if (err) {
		perf_reader_close(r);
		return err;
	}
	*out = r;
	return 0;
}

int perf_reader_open_mem(const void *buf, size_t len, struct perf_reader **out, struct error *e)
{
	struct perf_reader *r = reader_new();

	if (!r)
		return e ? error_set_errno(e, -ENOMEM, "reading") : -ENOMEM;
	r->base = buf;
	r->len = len;
	return finish_open(r, out, e);
}

static int open_stream(struct perf_reader *r, int fd)
{
	int err;

	r->fd = fd;
	err = stream_fill(r, 16);
	if (err)
		return err;
	if (r->end < 16)
		return perf_reader_fail(r, -EINVAL, "not a perf.data file (only %zu bytes)",
					r->end);
	return 0;
}

int perf_reader_open(const char *path, struct perf_reader **out, struct error *e)
{
	struct perf_reader *r = reader_new();
	bool std_in = !strcmp(path, "-");
	struct stat st;
	int fd, err;

	if (!r)
		return e ? error_set_errno(e, -ENOMEM, "reading") : -ENOMEM;
	fd = std_in ? dup(0) : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		err = perf_reader_fail(r, -errno, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		tell(r, err, e);
		free(r);
		return err;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (m == MAP_FAILED) {
			err = perf_reader_fail(r, -errno, "cannot map: %s", strerror(errno));
			close(fd);
			tell(r, err, e);
			free(r);
			return err;
		}
		r->map_fd = fd;
		madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
		r->base = m;
		r->len = r->map_len = (size_t)st.st_size;
		return finish_open(r, out, e);
	}
	err = tell(r, open_stream(r, fd), e);
	if (err) {
		perf_reader_close(r);
		return err;
	}
	return finish_open(r, out, e);
}

void perf_reader_close(struct perf_reader *r)
{
	if (!r)
		return;
	if (r->map_len)
		munmap((void *)r->base, r->map_len);
	if (r->map_fd >= 0)
		close(r->map_fd);
	if (r->fd >= 0)
		close(r->fd);
	for (size_t i = 0; i < r->nr_attrs; i++) {
		free(r->attrs[i].ids);
		free(r->attrs[i].name);
	}
	free(r->attrs);
	free(r->buf);
	perf_reader_free_cmdline(r);
	free(r);
}
