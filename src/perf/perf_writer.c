// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf.data writer, file and pipe mode.  What precedes the records goes out
 * before the first one (perf_writer_header.c), so a file is a valid
 * perf.data from its first write on, as perf's own are.  Records are taken
 * whole: a small one joins a 64 KiB buffer, which is written out before it
 * would split a record; an AUXTRACE payload leaves from the caller's memory
 * in the same writev(2) as the buffer.  So every write ends at a record
 * boundary, and after each the file header is rewritten to vouch for the
 * records written so far: a recording cut short by a kill, a power cut or
 * a full disk keeps every record that reached the file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <unistd.h>

#include "perf_bytes.h"
#include "perf_writer.h"

static int write_all(int fd, struct iovec *iov, int n, uint64_t *written)
{
	while (n > 0) {
		ssize_t got = writev(fd, iov, n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -errno : -EIO;
		*written += (uint64_t)got;
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

int perf_writer_write_iov(struct perf_writer *w, struct iovec *iov, int n)
{
	struct iovec all[PERF_WRITER_MAX_SPANS + 2];
	int k = 0;

	if (w->err)
		return w->err;
	if (n > PERF_WRITER_MAX_SPANS + 1)
		return w->err = -EINVAL;
	if (w->len)
		all[k++] = (struct iovec){w->buf, w->len};
	for (int i = 0; i < n; i++)
		if (iov[i].iov_len)
			all[k++] = iov[i];
	w->len = 0;
	if (k)
		w->err = write_all(w->fd, all, k, &w->written);
	if (!w->err && w->started && !w->pipe && w->synced != w->data_size) {
		w->err = perf_writer_write_header(w, NULL);
		if (!w->err)
			w->synced = w->data_size;
	}
	return w->err;
}

int perf_writer_flush(struct perf_writer *w)
{
	return perf_writer_write_iov(w, NULL, 0);
}

int perf_writer_put(struct perf_writer *w, const void *p, size_t n)
{
	if (w->err || !n)
		return w->err;
	if (n > sizeof(w->buf) - w->len) {
		struct iovec iov = {(void *)p, n};

		return perf_writer_write_iov(w, &iov, 1);
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
	return 0;
}

/* Room for a whole record of n bytes in the buffer (n <= its size). */
static int make_room(struct perf_writer *w, size_t n)
{
	if (!w->started && perf_writer_start(w))
		return w->err;
	if (n > sizeof(w->buf) - w->len)
		return perf_writer_flush(w);
	return w->err;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

int perf_writer_add_pmu(struct perf_writer *w, const char *name, uint32_t type)
{
	struct perf_writer_pmu *n;

	for (size_t i = 0; i < w->nr_pmus; i++)
		if (w->pmus[i].type == type)
			return 0;
	if (w->started && w->pipe)
		return -EBUSY;
	n = realloc(w->pmus, (w->nr_pmus + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	w->pmus = n;
	n[w->nr_pmus].type = type;
	if (!(n[w->nr_pmus].name = strdup(name)))
		return -ENOMEM;
	w->nr_pmus++;
	return 0;
}

static int copy_env(struct perf_writer *w, const struct perf_writer_env *env)
{
	const char *src[5] = {env->hostname, env->os_release, env->version, env->arch,
			      env->cpudesc};
	const char **dst[5] = {&w->env.hostname, &w->env.os_release, &w->env.version, &w->env.arch,
			       &w->env.cpudesc};

	w->env = *env;
	w->env.pmu_name = NULL;
	for (int i = 0; i < 5; i++) {
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
	return env->pmu_name ? perf_writer_add_pmu(w, env->pmu_name, env->pmu_type) : 0;
}

void perf_writer_release(struct perf_writer *w)
{
	for (size_t i = 0; i < w->nr_attrs; i++) {
		free(w->attrs[i].ids);
		free(w->attrs[i].name);
	}
	free(w->attrs);
	for (size_t i = 0; i < w->nr_pmus; i++)
		free(w->pmus[i].name);
	free(w->pmus);
	for (int i = 0; w->argv && i < w->env.argc; i++)
		free(w->argv[i]);
	free(w->argv);
	for (int i = 0; i < 5; i++)
		free(w->strs[i]);
	free(w);
}

int perf_writer_open(const char *path, const struct perf_writer_env *env, struct perf_writer **out)
{
	struct perf_writer *w = calloc(1, sizeof(*w));
	int err;

	if (!w)
		return -ENOMEM;
	w->fd = -1;
	err = copy_env(w, env);
	if (err) {
		perf_writer_release(w);
		return err;
	}
	w->pipe = !strcmp(path, "-");
	w->fd = w->pipe ? fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
			: open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (w->fd < 0) {
		err = -errno;
		perf_writer_release(w);
		return err;
	}
	*out = w;
	return 0;
}

bool perf_writer_is_pipe(const struct perf_writer *w)
{
	return w->pipe;
}

uint64_t perf_writer_bytes(const struct perf_writer *w)
{
	return w->written + w->len;
}

int perf_writer_add_attr(struct perf_writer *w, const struct perf_event_attr *attr,
			 const char *name, const uint64_t *ids, size_t nr_ids)
{
	struct perf_attr_info *a, *n;

	if (w->started)
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

int perf_writer_record(struct perf_writer *w, uint32_t type, const void *body, size_t n)
{
	static const uint8_t pad[8];
	size_t size = (8 + n + 7) & ~(size_t)7;
	struct perf_event_header h = {type, 0, (uint16_t)size};

	if (size > UINT16_MAX)
		return -EMSGSIZE;
	if (make_room(w, size))
		return w->err;
	memcpy(w->buf + w->len, &h, sizeof(h));
	if (n)
		memcpy(w->buf + w->len + 8, body, n);
	memcpy(w->buf + w->len + 8 + n, pad, size - 8 - n);
	w->len += size;
	w->data_size += size;
	return 0;
}

int perf_writer_raw(struct perf_writer *w, const void *rec, size_t size)
{
	if (size < 8 || size > UINT16_MAX)
		return -EINVAL;
	if (make_room(w, size))
		return w->err;
	memcpy(w->buf + w->len, rec, size);
	w->len += size;
	w->data_size += size;
	return 0;
}

int perf_writer_auxtrace_info(struct perf_writer *w, uint32_t type, const uint64_t *priv,
			      size_t nr_priv)
{
	uint8_t body[8 + 8 * PERF_AUXTRACE_MAX_PRIV] = {0};

	if (nr_priv > PERF_AUXTRACE_MAX_PRIV)
		return -EINVAL;
	pb_put32(body, type);
	memcpy(body + 8, priv, 8 * nr_priv);
	return perf_writer_record(w, PERF_REC_AUXTRACE_INFO, body, 8 + 8 * nr_priv);
}

int perf_writer_auxtrace_iov(struct perf_writer *w, const struct perf_auxtrace_chunk *c,
			     const struct iovec *data, int n)
{
	static const uint8_t pad[8];
	uint8_t *rec;
	struct perf_event_header h = {PERF_REC_AUXTRACE, 0, PERF_AUXTRACE_RECORD_SIZE};
	struct iovec iov[PERF_WRITER_MAX_SPANS + 1];
	uint64_t size = 0, padded;

	if (n < 0 || n > PERF_WRITER_MAX_SPANS)
		return -EINVAL;
	for (int i = 0; i < n; i++) {
		iov[i] = data[i];
		size += data[i].iov_len;
	}
	padded = (size + 7) & ~(uint64_t)7;
	iov[n] = (struct iovec){(void *)pad, padded - size};
	if (make_room(w, PERF_AUXTRACE_RECORD_SIZE))
		return w->err;
	rec = w->buf + w->len;
	memset(rec, 0, PERF_AUXTRACE_RECORD_SIZE);
	memcpy(rec, &h, sizeof(h));
	pb_put64(rec + 8, padded);
	pb_put64(rec + 16, c->offset);
	pb_put64(rec + 24, c->reference);
	pb_put32(rec + 32, c->idx);
	pb_put32(rec + 36, c->tid);
	pb_put32(rec + 40, c->cpu);
	w->len += PERF_AUXTRACE_RECORD_SIZE;
	w->data_size += PERF_AUXTRACE_RECORD_SIZE + padded;
	return perf_writer_write_iov(w, iov, n + 1);
}

int perf_writer_auxtrace(struct perf_writer *w, const struct perf_auxtrace_chunk *c,
			 const void *data, uint64_t size)
{
	struct iovec iov = {(void *)data, (size_t)size};

	return perf_writer_auxtrace_iov(w, c, &iov, 1);
}
