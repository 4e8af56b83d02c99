/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * perf.data files as Linux perf writes and reads them.
 *
 * Reader: one streaming iterator for both layouts.  File mode is mapped and
 * walked in place (an AUXTRACE payload is a pointer into the mapping, never a
 * copy); pipe mode ("-" or a FIFO) is read through a growing buffer.  Every
 * length is checked against the bytes that exist, and a file written on a
 * machine of the other endianness (the magic tells) is decoded field by field
 * the way perf swaps it.  Record fields are returned in host order; AUX trace
 * payloads are returned as stored (PTT words are little-endian anyway).
 *
 * Writer: file and pipe mode.  Small records go through a buffer; an
 * AUXTRACE chunk leaves in one writev(2) of header + caller's buffer +
 * padding, so a recorder can stream 16 MiB chunks without copying them.  A
 * file is a valid perf.data from its first write: the header and the
 * attributes with their ids come first, the header's data size follows
 * every write, and perf_writer_close() adds the feature sections and the
 * bitmap that marks the file closed.
 */
#ifndef PCIESCOPE_PERF_PERF_DATA_H
#define PCIESCOPE_PERF_PERF_DATA_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/base/error.h>

#define PERF_MAGIC2 0x32454c4946524550ull /* "PERFILE2" read as little-endian u64 */
#define PERF_FILE_HEADER_SIZE 104
#define PERF_PIPE_HEADER_SIZE 16

/* Records perf synthesizes (the kernel's own types are in linux/perf_event.h). */
enum perf_user_record {
	PERF_REC_HEADER_ATTR = 64,
	PERF_REC_HEADER_EVENT_TYPE = 65,
	PERF_REC_HEADER_TRACING_DATA = 66,
	PERF_REC_HEADER_BUILD_ID = 67,
	PERF_REC_FINISHED_ROUND = 68,
	PERF_REC_ID_INDEX = 69,
	PERF_REC_AUXTRACE_INFO = 70,
	PERF_REC_AUXTRACE = 71,
	PERF_REC_AUXTRACE_ERROR = 72,
	PERF_REC_EVENT_UPDATE = 78,
	PERF_REC_TIME_CONV = 79,
	PERF_REC_HEADER_FEATURE = 80,
	PERF_REC_COMPRESSED = 81,
	PERF_REC_FINISHED_INIT = 82,
};

/* Feature bits of the file header (perf's HEADER_* numbering). */
enum perf_feature {
	PERF_FEAT_TRACING_DATA = 1,
	PERF_FEAT_BUILD_ID = 2,
	PERF_FEAT_HOSTNAME = 3,
	PERF_FEAT_OSRELEASE = 4,
	PERF_FEAT_VERSION = 5,
	PERF_FEAT_ARCH = 6,
	PERF_FEAT_NRCPUS = 7,
	PERF_FEAT_CPUDESC = 8,
	PERF_FEAT_CPUID = 9,
	PERF_FEAT_TOTAL_MEM = 10,
	PERF_FEAT_CMDLINE = 11,
	PERF_FEAT_EVENT_DESC = 12,
	PERF_FEAT_PMU_MAPPINGS = 16,
	PERF_FEAT_AUXTRACE = 18,
	PERF_FEAT_SAMPLE_TIME = 21,
	PERF_FEAT_CLOCK_DATA = 29,
	PERF_FEAT_BITS = 256,
};

/* perf's enum auxtrace_type */
enum perf_auxtrace_type {
	PERF_AUXTRACE_UNKNOWN = 0,
	PERF_AUXTRACE_INTEL_PT = 1,
	PERF_AUXTRACE_INTEL_BTS = 2,
	PERF_AUXTRACE_CS_ETM = 3,
	PERF_AUXTRACE_ARM_SPE = 4,
	PERF_AUXTRACE_S390_CPUMSF = 5,
	PERF_AUXTRACE_HISI_PTT = 6,
};

#define PERF_AUXTRACE_RECORD_SIZE 48 /* header.size of an AUXTRACE record */
#define PERF_AUXTRACE_MAX_PRIV 64

/* sample_id trailer of kernel records when attr.sample_id_all is set. */
struct perf_sample_id {
	uint32_t pid, tid;
	uint64_t time, id, stream_id;
	uint32_t cpu;
};

struct perf_id_index_entry {
	uint64_t id, idx, cpu, tid;
};

struct perf_time_conv {
	uint64_t time_shift, time_mult, time_zero, time_cycles, time_mask;
	bool cap_user_time_zero, cap_user_time_short;
};

/*
 * HEADER_CLOCK_DATA, written by `perf record -k CLOCK`: the wall clock and
 * the events' clock read at one moment, so that an event time t is the
 * wall time wall_ns + (t - clock_ns).
 */
struct perf_clock_data {
	uint32_t clockid;
	uint64_t wall_ns, clock_ns;
};

/* One record, fields decoded to host order for the types listed. */
struct perf_rec {
	uint32_t type;
	uint16_t misc;
	uint16_t size;	    /* header.size (AUXTRACE: without the payload) */
	uint64_t offset;    /* byte offset of the record in the file / stream */
	const uint8_t *raw; /* the record as stored (size bytes, not swapped) */
	union {
		struct {
			uint32_t type;
			uint32_t nr_priv;
			uint64_t priv[PERF_AUXTRACE_MAX_PRIV];
		} auxtrace_info;
		struct {
			uint64_t size, offset, reference;
			uint32_t idx, tid, cpu;
			const uint8_t *data; /* size bytes */
		} auxtrace;
		struct {
			uint64_t aux_offset, aux_size, flags; /* PERF_AUX_FLAG_* */
		} aux;
		struct {
			uint32_t pid, tid;
		} itrace_start;
		struct {
			uint64_t id, lost;
		} lost;
		struct {
			uint64_t nr;
			const uint8_t *entries; /* use perf_rec_id_index_entry() */
		} id_index;
		struct perf_time_conv time_conv;
	};
};

struct perf_attr_info {
	struct perf_event_attr attr; /* host order */
	uint64_t *ids;
	size_t nr_ids;
	char *name; /* from EVENT_DESC / EVENT_UPDATE, or NULL */
};

struct perf_reader;

/*
 * Opens path ("-" = standard input) for reading.  Returns 0 or a negative
 * errno with what is wrong in e (here and below, e may be NULL when the
 * caller takes the code alone).
 */
int perf_reader_open(const char *path, struct perf_reader **out, struct error *e);
/* Reads from a memory image (tests, fuzzing).  The buffer must outlive the reader. */
int perf_reader_open_mem(const void *buf, size_t len, struct perf_reader **out, struct error *e);
void perf_reader_close(struct perf_reader *r);

bool perf_reader_is_pipe(const struct perf_reader *r);
bool perf_reader_needs_swap(const struct perf_reader *r);
/* Feature bit set in the file header (file mode) or seen as HEADER_FEATURE (pipe). */
bool perf_reader_has_feature(const struct perf_reader *r, int feat);
/* The CLOCK_DATA feature (pipe mode: once its record was read): 0, or -ENOENT. */
int perf_reader_clock_data(const struct perf_reader *r, struct perf_clock_data *out);
/*
 * The SAMPLE_TIME feature: the first and last time of the session in
 * perf's clock (pipe mode: once its record was read).  0, or -ENOENT.
 */
int perf_reader_sample_time(const struct perf_reader *r, uint64_t *first, uint64_t *last);
/*
 * The CMDLINE feature, the recorded command's words (pipe mode: once its
 * record was read), valid until the reader closes: 0, or -ENOENT.
 */
int perf_reader_cmdline(const struct perf_reader *r, const char *const **argv, uint32_t *argc);

/*
 * Next record of the data section (pipe mode: of the stream).  Returns 1 and
 * fills rec, 0 at the end, or a negative errno with what is wrong in e.
 * rec's pointers stay valid until the next call.
 */
int perf_reader_next(struct perf_reader *r, struct perf_rec *rec, struct error *e);

/*
 * A file whose recording was never closed (perf record or pciescope record
 * killed, a power cut, a full disk): its header says data size 0, as perf
 * leaves it, or has no feature bitmap, as pciescope leaves it.  Its records
 * are read up to wherever the file ends; an incomplete last record ends the
 * iteration (return 0) instead of being an error.  rc (may be NULL) then
 * says what was read: records handed out, their bytes, and the bytes of the
 * incomplete record left out.
 */
struct perf_reader_recovery {
	uint64_t records, bytes, dropped;
};
bool perf_reader_unclosed(const struct perf_reader *r, struct perf_reader_recovery *rc);

/*
 * An AUXTRACE record the file (or stream) ends in: perf_reader_next hands
 * it out with the payload bytes there are (rec->auxtrace.size), so every
 * whole entry among them is read, then reports the end: an error saying
 * what the record promised and what was there, or, for a file never
 * closed, the end of its records.  This says so after the fact: true with
 * c filled when the last record was cut so.
 */
struct perf_reader_cut {
	uint64_t offset;   /* of the record in the file or stream */
	uint64_t promised; /* payload bytes its header promised */
	uint64_t present;  /* of them, the bytes there were */
};
bool perf_reader_cut_auxtrace(const struct perf_reader *r, struct perf_reader_cut *c);
/*
 * Whether the file ends in its feature sections, after every record: its
 * records are read, its features (event names, the host) are not there.
 */
bool perf_reader_features_cut(const struct perf_reader *r);
/* c in words ("the AUXTRACE record at offset 0x188 promised ..."), into buf like snprintf. */
int perf_reader_cut_describe(const struct perf_reader *r, const struct perf_reader_cut *c,
			     char *buf, size_t n);

/*
 * n bytes from offset off of the payload of rec, the AUXTRACE record the
 * last perf_reader_next returned.  A mapped file is read with pread(2) into
 * scratch (n bytes) rather than through the mapping: a pass over hundreds
 * of MiB of trace costs a third of the CPU time that way, page-table walks
 * and faults of the mapping being dearer than the kernel's copy into a
 * buffer that stays in cache.  Pipes and memory images return a pointer into
 * the record.  NULL on a read error (e says which).
 */
const uint8_t *perf_reader_aux_bytes(struct perf_reader *r, const struct perf_rec *rec,
				     uint64_t off, size_t n, void *scratch, struct error *e);
/*
 * For readers on several threads, file and memory images only (not pipes):
 * where the payload of rec lies in the image, and n bytes of the image from
 * pos read into buf (pread(2) for a mapped file).  perf_reader_read_at
 * touches no reader state, so threads may call it at once; it returns 0,
 * -errno, -EIO past the end, or -ESPIPE for a pipe.
 */
uint64_t perf_reader_aux_pos(const struct perf_reader *r, const struct perf_rec *rec);
int perf_reader_read_at(const struct perf_reader *r, uint64_t pos, size_t n, void *buf);

/*
 * The time of a kernel record other than a sample (AUX, ITRACE_START, ...)
 * from its sample_id trailer, in perf's clock (ns).  0, or -ENODATA when the
 * record has none (no sample_id_all or no PERF_SAMPLE_TIME in the first
 * event's attr, a user record, a sample).
 */
int perf_rec_sample_time(const struct perf_reader *r, const struct perf_rec *rec, uint64_t *time);
/*
 * The whole sample_id trailer of such a record into out (fields it lacks
 * are 0); returns the PERF_SAMPLE_* bits of the fields it has (0: none;
 * IDENTIFIER and ID both fill out->id).
 */
uint64_t perf_rec_sample_id(const struct perf_reader *r, const struct perf_rec *rec,
			    struct perf_sample_id *out);

/* Attributes: from the header (file) or HEADER_ATTR records seen so far (pipe). */
size_t perf_reader_nr_attrs(const struct perf_reader *r);
const struct perf_attr_info *perf_reader_attr(const struct perf_reader *r, size_t i);

/* i-th entry of an ID_INDEX record, host order. */
void perf_rec_id_index_entry(const struct perf_reader *r, const struct perf_rec *rec, uint64_t i,
			     struct perf_id_index_entry *e);

const char *perf_record_name(uint32_t type);

/* Writer --------------------------------------------------------------- */

struct perf_writer;

struct perf_writer_env {
	const char *hostname, *os_release, *version, *arch, *cpudesc;
	uint32_t nr_cpus_online, nr_cpus_avail;
	int argc;
	const char *const *argv; /* recorded command line (CMDLINE feature) */
	const char *pmu_name;	 /* for PMU_MAPPINGS, with pmu_type; NULL = none */
	uint32_t pmu_type;
	const struct perf_clock_data *clock; /* CLOCK_DATA; NULL = none */
};

/*
 * Creates path (truncating it); "-" writes pipe mode to standard output.
 * Nothing is written until the first record.  0 or -errno.
 */
int perf_writer_open(const char *path, const struct perf_writer_env *env, struct perf_writer **out);
bool perf_writer_is_pipe(const struct perf_writer *w);
/* Bytes of output so far (written or buffered). */
uint64_t perf_writer_bytes(const struct perf_writer *w);
/*
 * The session's first and last time in perf's clock, for the SAMPLE_TIME
 * feature: written at close, as a section (file mode) or a HEADER_FEATURE
 * record after the data (pipe mode).
 */
void perf_writer_sample_time(struct perf_writer *w, uint64_t first, uint64_t last);
/* One more PMU_MAPPINGS entry beside env's (a type already listed is skipped). */
int perf_writer_add_pmu(struct perf_writer *w, const char *name, uint32_t type);
/*
 * Adds an event before any record is written.  The first attribute decides
 * the sample_id trailer of AUX, ITRACE_START and LOST records.
 */
int perf_writer_add_attr(struct perf_writer *w, const struct perf_event_attr *attr,
			 const char *name, const uint64_t *ids, size_t nr_ids);

int perf_writer_auxtrace_info(struct perf_writer *w, uint32_t type, const uint64_t *priv,
			      size_t nr_priv);
struct perf_auxtrace_chunk {
	uint64_t offset;    /* position of the data in the AUX area */
	uint64_t reference; /* unique per chunk (perf uses a timestamp) */
	uint32_t idx, tid, cpu;
};
/* Writes an AUXTRACE record and its size-byte payload (padded to 8 bytes). */
int perf_writer_auxtrace(struct perf_writer *w, const struct perf_auxtrace_chunk *c,
			 const void *data, uint64_t size);
/*
 * The same with the payload in up to PERF_WRITER_MAX_SPANS pieces, e.g. the
 * two spans of a wrapped AUX ring: one record, one writev(2), no copy.
 */
#define PERF_WRITER_MAX_SPANS 8
struct iovec;
int perf_writer_auxtrace_iov(struct perf_writer *w, const struct perf_auxtrace_chunk *c,
			     const struct iovec *data, int n);
int perf_writer_aux(struct perf_writer *w, uint64_t aux_offset, uint64_t aux_size, uint64_t flags,
		    const struct perf_sample_id *sid);
int perf_writer_itrace_start(struct perf_writer *w, uint32_t pid, uint32_t tid,
			     const struct perf_sample_id *sid);
int perf_writer_lost(struct perf_writer *w, uint64_t id, uint64_t lost,
		     const struct perf_sample_id *sid);
int perf_writer_finished_round(struct perf_writer *w);
int perf_writer_time_conv(struct perf_writer *w, const struct perf_time_conv *tc);
int perf_writer_id_index(struct perf_writer *w, const struct perf_id_index_entry *e, size_t n);
/*
 * Writes out what is buffered; in file mode the header then vouches for
 * every record written, so the file on disk reads up to here whatever
 * happens to the writer next.  (Every write does that; this one is for a
 * recorder that wants a round on disk now.)
 */
int perf_writer_flush(struct perf_writer *w);
/* Any other record, already laid out (header included). */
int perf_writer_raw(struct perf_writer *w, const void *rec, size_t size);

/*
 * Writes what is buffered, the feature sections and the final header;
 * closes.  0 or -errno; after a write error the file still holds every
 * record written before it, read as a file that was not closed.
 */
int perf_writer_close(struct perf_writer *w);
/* Closes without finishing: records already written stay readable, unclosed. */
void perf_writer_abort(struct perf_writer *w);

#endif
