// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf.data writer (file mode).  Records stream after a reserved header;
 * perf_writer_close() appends the feature sections (perf finds them right
 * after the data section), then the attributes and their ids, and finally
 * writes the header that points at all of it.  Small records collect in a
 * 64 KiB buffer; AUXTRACE payloads go straight from the caller's memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <unistd.h>

#include "perf_bytes.h"
#include "perf_writer.h"

static int write_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t got = writev(fd, iov, n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -errno : -EIO;
		while (n > 0 && (size_t)got >= iov->iov_len) {
			got -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + got;
			iov->iov_len -= (size_t)got;
		}
	}
	return 0;
}

int perf_writer_flush(struct perf_writer *w)
{
	struct iovec iov = { w->buf, w->len };

	if (w->err || !w->len)
		return w->err;
	w->err = write_all(w->fd, &iov, 1);
	w->len = 0;
	return w->err;
}

int perf_writer_put(struct perf_writer *w, const void *p, size_t n)
{
	if (w->err || !n)
		return w->err;
	if (n > sizeof(w->buf) - w->len) {
		struct iovec iov[2] = { { w->buf, w->len }, { (void *)p, n } };

		w->err = write_all(w->fd, iov, 2);
		w->len = 0;
		return w->err;
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
	return 0;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

static int copy_env(struct perf_writer *w, const struct perf_writer_env *env)
{
	const char *src[6] = { env->hostname, env->os_release, env->version,
			       env->arch,     env->cpudesc,    env->pmu_name };
	const char **dst[6] = { &w->env.hostname, &w->env.os_release, &w->env.version,
				&w->env.arch,     &w->env.cpudesc,    &w->env.pmu_name };

	w->env = *env;
	for (int i = 0; i < 6; i++) {
		w->strs[i] = dup_or_null(src[i]);
		if (src[i] && !w->strs[i])
			return -ENOMEM;
		*dst[i] = w->strs[i];
	}
	w->argv = calloc((size_t)env->argc + 1, sizeof(*w->argv));
	if (!w->argv)
		return -ENOMEM;
	for (int i = 0; i < env->argc; i++)
		if (!(w->argv[i] = strdup(env->argv[i])))
			return -ENOMEM;
	w->env.argv = (const char *const *)w->argv;
	if (env->clock) {
		w->clock = *env->clock;
		w->env.clock = &w->clock;
	}
	return 0;
}

void perf_writer_release(struct perf_writer *w)
{
	for (size_t i = 0; i < w->nr_attrs; i++) {
		free(w->attrs[i].ids);
		free(w->attrs[i].name);
	}
	free(w->attrs);
	for (int i = 0; w->argv && i < w->env.argc; i++)
		free(w->argv[i]);
	free(w->argv);
	for (int i = 0; i < 6; i++)
		free(w->strs[i]);
	free(w);
}

int perf_writer_open(const char *path, const struct perf_writer_env *env,
		     struct perf_writer **out)
{
	static const uint8_t zero[PERF_FILE_HEADER_SIZE];
	struct perf_writer *w = calloc(1, sizeof(*w));
	int err;

	if (!w)
		return -ENOMEM;
	err = copy_env(w, env);
	if (err) {
		perf_writer_release(w);
		return err;
	}
	w->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (w->fd < 0) {
		err = -errno;
		perf_writer_release(w);
		return err;
	}
	perf_writer_put(w, zero, sizeof(zero));
	*out = w;
	return 0;
}

int perf_writer_add_attr(struct perf_writer *w, const struct perf_event_attr *attr,
			 const char *name, const uint64_t *ids, size_t nr_ids)
{
	struct perf_attr_info *a, *n;

	if (w->data_size)
		return -EBUSY;
	n = realloc(w->attrs, (w->nr_attrs + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	w->attrs = n;
	a = &n[w->nr_attrs];
	memset(a, 0, sizeof(*a));
	a->attr = *attr;
	a->attr.size = sizeof(a->attr);
	a->name = dup_or_null(name);
	a->ids = malloc((nr_ids ? nr_ids : 1) * sizeof(*ids));
	if (!a->ids || (name && !a->name)) {
		free(a->ids);
		free(a->name);
		return -ENOMEM;
	}
	memcpy(a->ids, ids, nr_ids * sizeof(*ids));
	a->nr_ids = nr_ids;
	w->nr_attrs++;
	return 0;
}

/* Writes one record: header + body, size rounded to 8 with zeros. */
static int put_record(struct perf_writer *w, uint32_t type, const void *body, size_t n)
{
	static const uint8_t pad[8];
	size_t size = (8 + n + 7) & ~(size_t)7;
	struct perf_event_header h = { type, 0, (uint16_t)size };

	if (size > UINT16_MAX)
		return -EMSGSIZE;
	perf_writer_put(w, &h, sizeof(h));
	perf_writer_put(w, body, n);
	perf_writer_put(w, pad, size - 8 - n);
	w->data_size += size;
	return w->err;
}

int perf_writer_raw(struct perf_writer *w, const void *rec, size_t size)
{
	if (size < 8 || size > UINT16_MAX)
		return -EINVAL;
	perf_writer_put(w, rec, size);
	w->data_size += size;
	return w->err;
}

int perf_writer_auxtrace_info(struct perf_writer *w, uint32_t type, const uint64_t *priv,
			      size_t nr_priv)
{
	uint8_t body[8 + 8 * PERF_AUXTRACE_MAX_PRIV] = { 0 };

	if (nr_priv > PERF_AUXTRACE_MAX_PRIV)
		return -EINVAL;
	pb_put32(body, type);
	memcpy(body + 8, priv, 8 * nr_priv);
	return put_record(w, PERF_REC_AUXTRACE_INFO, body, 8 + 8 * nr_priv);
}

int perf_writer_auxtrace_iov(struct perf_writer *w, const struct perf_auxtrace_chunk *c,
			     const struct iovec *data, int n)
{
	static const uint8_t pad[8];
	uint8_t rec[PERF_AUXTRACE_RECORD_SIZE] = { 0 };
	struct perf_event_header h = { PERF_REC_AUXTRACE, 0, PERF_AUXTRACE_RECORD_SIZE };
	struct iovec iov[PERF_WRITER_MAX_SPANS + 1];
	uint64_t size = 0, padded;

	if (n < 0 || n > PERF_WRITER_MAX_SPANS)
		return -EINVAL;
	for (int i = 0; i < n; i++) {
		iov[i] = data[i];
		size += data[i].iov_len;
	}
	padded = (size + 7) & ~(uint64_t)7;
	iov[n] = (struct iovec){ (void *)pad, padded - size };
	memcpy(rec, &h, sizeof(h));
	pb_put64(rec + 8, padded);
	pb_put64(rec + 16, c->offset);
	pb_put64(rec + 24, c->reference);
	pb_put32(rec + 32, c->idx);
	pb_put32(rec + 36, c->tid);
	pb_put32(rec + 40, c->cpu);
	if (perf_writer_put(w, rec, sizeof(rec)) || perf_writer_flush(w))
		return w->err;
	w->err = write_all(w->fd, iov, n + 1);
	w->data_size += sizeof(rec) + padded;
	return w->err;
}

int perf_writer_auxtrace(struct perf_writer *w, const struct perf_auxtrace_chunk *c,
			 const void *data, uint64_t size)
{
	struct iovec iov = { (void *)data, (size_t)size };

	return perf_writer_auxtrace_iov(w, c, &iov, 1);
}

/* The sample_id trailer the first attribute announces. */
static size_t sample_id(const struct perf_writer *w, const struct perf_sample_id *sid,
			uint8_t *out)
{
	struct perf_sample_id none = { 0 };
	uint64_t st;
	size_t n = 0;

	if (!w->nr_attrs || !w->attrs[0].attr.sample_id_all)
		return 0;
	st = w->attrs[0].attr.sample_type;
	if (!sid)
		sid = &none;
	if (st & PERF_SAMPLE_TID) {
		pb_put32(out + n, sid->pid);
		pb_put32(out + n + 4, sid->tid);
		n += 8;
	}
	if (st & PERF_SAMPLE_TIME)
		pb_put64(out + (n += 8) - 8, sid->time);
	if (st & PERF_SAMPLE_ID)
		pb_put64(out + (n += 8) - 8, sid->id);
	if (st & PERF_SAMPLE_STREAM_ID)
		pb_put64(out + (n += 8) - 8, sid->stream_id);
	if (st & PERF_SAMPLE_CPU) {
		pb_put32(out + n, sid->cpu);
		pb_put32(out + n + 4, 0);
		n += 8;
	}
	if (st & PERF_SAMPLE_IDENTIFIER)
		pb_put64(out + (n += 8) - 8, sid->id);
	return n;
}

int perf_writer_aux(struct perf_writer *w, uint64_t aux_offset, uint64_t aux_size,
		    uint64_t flags, const struct perf_sample_id *sid)
{
	uint8_t body[24 + 64];

	pb_put64(body, aux_offset);
	pb_put64(body + 8, aux_size);
	pb_put64(body + 16, flags);
	return put_record(w, PERF_RECORD_AUX, body, 24 + sample_id(w, sid, body + 24));
}

int perf_writer_itrace_start(struct perf_writer *w, uint32_t pid, uint32_t tid,
			     const struct perf_sample_id *sid)
{
	uint8_t body[8 + 64];

	pb_put32(body, pid);
	pb_put32(body + 4, tid);
	return put_record(w, PERF_RECORD_ITRACE_START, body, 8 + sample_id(w, sid, body + 8));
}

int perf_writer_lost(struct perf_writer *w, uint64_t id, uint64_t lost,
		     const struct perf_sample_id *sid)
{
	uint8_t body[16 + 64];

	pb_put64(body, id);
	pb_put64(body + 8, lost);
	return put_record(w, PERF_RECORD_LOST, body, 16 + sample_id(w, sid, body + 16));
}

int perf_writer_finished_round(struct perf_writer *w)
{
	return put_record(w, PERF_REC_FINISHED_ROUND, NULL, 0);
}

int perf_writer_time_conv(struct perf_writer *w, const struct perf_time_conv *tc)
{
	uint8_t body[48] = { 0 };

	pb_put64(body, tc->time_shift);
	pb_put64(body + 8, tc->time_mult);
	pb_put64(body + 16, tc->time_zero);
	pb_put64(body + 24, tc->time_cycles);
	pb_put64(body + 32, tc->time_mask);
	body[40] = tc->cap_user_time_zero;
	body[41] = tc->cap_user_time_short;
	return put_record(w, PERF_REC_TIME_CONV, body, sizeof(body));
}

int perf_writer_id_index(struct perf_writer *w, const struct perf_id_index_entry *e, size_t n)
{
	uint8_t body[8 + 32 * 64];

	if (n > 64)
		return -EINVAL;
	pb_put64(body, n);
	for (size_t i = 0; i < n; i++) {
		pb_put64(body + 8 + 32 * i, e[i].id);
		pb_put64(body + 16 + 32 * i, e[i].idx);
		pb_put64(body + 24 + 32 * i, e[i].cpu);
		pb_put64(body + 32 + 32 * i, e[i].tid);
	}
	return put_record(w, PERF_REC_ID_INDEX, body, 8 + 32 * n);
}
