// SPDX-License-Identifier: GPL-2.0-only
/*
 * AUX tracing on the host, as perf record maps it: a user page plus a data
 * ring of 2^n pages at offset 0, then the AUX area at aux_offset, mapped
 * writable so the kernel runs it in non-overwrite mode and honours
 * aux_tail.  Heads are read with acquire and tails written with release,
 * the ordering the perf_event_mmap_page documentation asks of a reader.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "backend_internal.h"
#include "host_internal.h"

#define DATA_PAGES 128 /* 512 KiB with 4 KiB pages, perf record's default */

static struct perf_event_mmap_page *user_page(struct host_event *e)
{
	return e->base;
}

static int map_data(struct host_event *e)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	e->base_len = page * (DATA_PAGES + 1);
	e->base = mmap(NULL, e->base_len, PROT_READ | PROT_WRITE, MAP_SHARED, e->fd, 0);
	if (e->base == MAP_FAILED) {
		e->base = NULL;
		return -errno;
	}
	return 0;
}

int host_aux_map(struct backend *b, int ev, size_t aux_bytes)
{
	struct host_event *e = host_event(b->priv, ev);
	struct perf_event_mmap_page *pg;
	int ret;

	if (!e)
		return -EBADF;
	if (e->aux)
		return -EBUSY;
	ret = e->base ? 0 : map_data(e);
	if (ret) {
		backend_set_error(b, "cannot map the event's ring buffer: %s", strerror(-ret));
		return ret;
	}
	pg = user_page(e);
	pg->aux_offset = e->base_len;
	pg->aux_size = aux_bytes;
	e->aux =
	    mmap(NULL, aux_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, e->fd, (off_t)pg->aux_offset);
	if (e->aux == MAP_FAILED) {
		ret = -errno;
		e->aux = NULL;
		backend_set_error(b,
				  "cannot map an AUX area of %zu bytes: %s (a power-of-two "
				  "number of pages within the locked-memory limit is needed)",
				  aux_bytes, strerror(-ret));
		return ret;
	}
	e->aux_len = aux_bytes;
	return 0;
}

ssize_t host_next_record(struct backend *b, int ev, void *buf, size_t n)
{
	struct host_event *e = host_event(b->priv, ev);
	struct perf_event_mmap_page *pg;
	struct perf_event_header h;
	uint64_t head, tail, size;
	uint8_t *data;

	if (!e)
		return -EBADF;
	if (!e->base)
		return 0;
	pg = user_page(e);
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	tail = pg->data_tail;
	if (head == tail)
		return 0;
	size = pg->data_size;
	data = (uint8_t *)e->base + pg->data_offset;
	for (size_t i = 0; i < sizeof(h); i++)
		((uint8_t *)&h)[i] = data[(tail + i) % size];
	if (h.size > n)
		return -ENOSPC;
	for (size_t i = 0; i < h.size; i++)
		((uint8_t *)buf)[i] = data[(tail + i) % size];
	__atomic_store_n(&pg->data_tail, tail + h.size, __ATOMIC_RELEASE);
	return h.size;
}

size_t host_aux_peek(struct backend *b, int ev, uint64_t *tail, const void **p1, size_t *n1,
		     const void **p2, size_t *n2)
{
	struct host_event *e = host_event(b->priv, ev);
	struct perf_event_mmap_page *pg;
	uint64_t head, len;
	size_t off;

	*n1 = *n2 = 0;
	if (!e || !e->aux)
		return 0;
	pg = user_page(e);
	head = __atomic_load_n(&pg->aux_head, __ATOMIC_ACQUIRE);
	*tail = pg->aux_tail;
	len = head - *tail;
	off = (size_t)(*tail % e->aux_len);
	*p1 = e->aux + off;
	*n1 = e->aux_len - off < len ? e->aux_len - off : (size_t)len;
	*p2 = e->aux;
	*n2 = (size_t)len - *n1;
	return (size_t)len;
}

void host_aux_consume(struct backend *b, int ev, size_t bytes)
{
	struct host_event *e = host_event(b->priv, ev);

	if (e && e->aux)
		__atomic_store_n(&user_page(e)->aux_tail, user_page(e)->aux_tail + bytes,
				 __ATOMIC_RELEASE);
}
