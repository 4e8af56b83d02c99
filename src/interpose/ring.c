// SPDX-License-Identifier: GPL-2.0-only
/*
 * The perf mmap ABI of an emulated event, as the kernel gives it: mmap at
 * offset 0 of 1 + 2^n pages is the user page (struct perf_event_mmap_page)
 * and the data ring; then, with aux_offset and aux_size written into the
 * user page, mmap at aux_offset is the AUX area, in non-overwrite mode (a
 * mapping without PROT_WRITE, the kernel's overwrite mode, is EOPNOTSUPP).
 *
 * The machine is in exec's server, not in this process, so a thread of the
 * library plays the kernel's part: every PUMP_US it moves what the machine
 * produced — side-band records (PERF_RECORD_AUX with its flags,
 * ITRACE_START, LOST, ...) into the data ring, AUX bytes into the AUX area
 * — as far as the reader's tails leave room, and publishes the heads with
 * release stores, the order the user page's documentation asks of a
 * writer (a reader loads the heads with acquire).  What does not fit stays
 * in the machine, which then loses data and says so in its records, as a
 * kernel whose reader is late.  The AUX area has the size the machine's
 * has, so a record's aux_offset names the same bytes in both.  A disable
 * and a poll pump at once, so a reader that drains after DISABLE, or wakes
 * from poll, finds everything produced until then.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "interpose.h"

#define MAX_RINGS 64
#define PUMP_US 1000
#define RECORD_MAX 4096 /* room a side-band record is fetched for */

/* The events with a ring, under machine_lock(). */
static struct efd *rings[MAX_RINGS];
static pthread_t pumper;
static bool pumping;

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

static bool pow2(size_t n)
{
	return n && !(n & (n - 1));
}

static void put_bytes(uint8_t *ring, size_t size, uint64_t head, const void *src, size_t n)
{
	size_t off = (size_t)(head % size), first = size - off < n ? size - off : n;

	memcpy(ring + off, src, first);
	memcpy(ring, (const uint8_t *)src + first, n - first);
}

static void pump_records(struct backend *b, struct efd *e)
{
	struct perf_event_mmap_page *pg = e->base;
	uint8_t *data = (uint8_t *)e->base + pg->data_offset, rec[RECORD_MAX];
	uint64_t head = pg->data_head;
	ssize_t n;

	while (pg->data_size - (head - __atomic_load_n(&pg->data_tail, __ATOMIC_ACQUIRE)) >=
		   RECORD_MAX &&
	       (n = b->ops->next_record(b, e->handle, rec, sizeof(rec))) > 0) {
		put_bytes(data, pg->data_size, head, rec, (size_t)n);
		head += (uint64_t)n;
		__atomic_store_n(&pg->data_head, head, __ATOMIC_RELEASE);
	}
}

static void pump_aux(struct backend *b, struct efd *e)
{
	struct perf_event_mmap_page *pg = e->base;
	uint64_t head = pg->aux_head, tail;
	const void *p1, *p2;
	size_t n1, n2, room;

	for (;;) {
		room = e->aux_len - (size_t)(head - __atomic_load_n(&pg->aux_tail, __ATOMIC_ACQUIRE));
		if (!room || !b->ops->aux_peek(b, e->handle, &tail, &p1, &n1, &p2, &n2))
			break;
		n1 = n1 < room ? n1 : room;
		n2 = n2 < room - n1 ? n2 : room - n1;
		put_bytes(e->aux, e->aux_len, head, p1, n1);
		put_bytes(e->aux, e->aux_len, head + n1, p2, n2);
		b->ops->aux_consume(b, e->handle, n1 + n2);
		head += n1 + n2;
		__atomic_store_n(&pg->aux_head, head, __ATOMIC_RELEASE);
	}
}

void ring_pump(struct efd *e)
{
	struct backend *b = machine_backend();

	if (!b || !e->base)
		return;
	if (e->aux)
		pump_aux(b, e);
	pump_records(b, e);
}

bool ring_ready(struct efd *e)
{
	struct perf_event_mmap_page *pg = e->base;

	return pg && __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE) != pg->data_tail;
}

static void *pump_main(void *arg)
{
	(void)arg;
	for (;;) {
		usleep(PUMP_US);
		machine_lock();
		machine_follow_wall();
		for (int i = 0; i < MAX_RINGS; i++)
			if (rings[i])
				ring_pump(rings[i]);
		machine_unlock();
	}
	return NULL;
}

static int add_ring(struct efd *e)
{
	for (int i = 0; i < MAX_RINGS; i++)
		if (!rings[i]) {
			rings[i] = e;
			if (!pumping && !pthread_create(&pumper, NULL, pump_main, NULL)) {
				pthread_detach(pumper);
				pumping = true;
			}
			return 0;
		}
	return -ENOMEM;
}

static void *map_data(struct efd *e, size_t len)
{
	size_t page = page_size();
	struct perf_event_mmap_page *pg;

	if (e->base || len < page || len % page || (len > page && !pow2(len / page - 1)))
		return (void *)(long)-EINVAL;
	pg = real_mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pg == MAP_FAILED)
		return (void *)(long)-ENOMEM;
	pg->data_offset = page;
	pg->data_size = len - page;
	e->base = pg;
	e->base_len = len;
	if (add_ring(e)) {
		real_munmap(pg, len);
		e->base = NULL;
		return (void *)(long)-ENOMEM;
	}
	return pg;
}

static void *map_aux(struct efd *e, size_t len, int prot, off_t off)
{
	struct perf_event_mmap_page *pg = e->base;
	struct backend *b = machine_backend();
	void *aux;
	int r;

	if (!pg || e->aux || pg->aux_offset != (uint64_t)off || pg->aux_size != len ||
	    (uint64_t)off < e->base_len || len % page_size() || !pow2(len / page_size()))
		return (void *)(long)-EINVAL;
	if (!(prot & PROT_WRITE))
		return (void *)(long)-EOPNOTSUPP;
	if (!b)
		return (void *)(long)-ENODEV;
	if ((r = b->ops->aux_map(b, e->handle, len)))
		return (void *)(long)r;
	aux = real_mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (aux == MAP_FAILED)
		return (void *)(long)-ENOMEM;
	e->aux = aux;
	e->aux_len = len;
	return aux;
}

void *efd_mmap(struct efd *e, size_t len, int prot, off_t off)
{
	return off ? map_aux(e, len, prot, off) : map_data(e, len);
}

void ring_detach(struct efd *e)
{
	for (int i = 0; i < MAX_RINGS; i++)
		if (rings[i] == e)
			rings[i] = NULL;
	e->aux = e->base = NULL;
}

/* The user page gone, nothing more is pumped; an AUX area still mapped stays the program's. */
bool ring_unmap(void *addr)
{
	for (int i = 0; i < MAX_RINGS; i++) {
		struct efd *e = rings[i];

		if (e && e->aux == addr) {
			real_munmap(e->aux, e->aux_len);
			e->aux = NULL;
			return true;
		}
		if (e && e->base == addr) {
			real_munmap(e->base, e->base_len);
			ring_detach(e);
			return true;
		}
	}
	return false;
}
