// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which fds are emulated events.  Every read(), close() and ioctl() of the
 * program asks, so the question is one atomic load with no lock: the table
 * is allocated once (at the first emulated open) and published with
 * release; entries change only under machine_lock(), and a caller that
 * found an entry looks it up again under the lock before using it, since a
 * close may have freed it meanwhile.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "interpose.h"

/* fds beyond this are refused for emulated events (EMFILE), never misread. */
#define FDTAB_MAX 65536

static _Atomic(struct efd *) *_Atomic table;

struct efd *fdtab_peek(int fd)
{
	_Atomic(struct efd *) *t = atomic_load_explicit(&table, memory_order_acquire);

	if (!t || fd < 0 || fd >= FDTAB_MAX)
		return NULL;
	return atomic_load_explicit(&t[fd], memory_order_acquire);
}

int fdtab_put(struct efd *e)
{
	_Atomic(struct efd *) *t = atomic_load_explicit(&table, memory_order_acquire);

	if (!t) {
		t = calloc(FDTAB_MAX, sizeof(*t));
		if (!t)
			return -ENOMEM;
		atomic_store_explicit(&table, t, memory_order_release);
	}
	if (e->fd >= FDTAB_MAX)
		return -EMFILE;
	atomic_store_explicit(&t[e->fd], e, memory_order_release);
	return 0;
}

void fdtab_remove(int fd)
{
	_Atomic(struct efd *) *t = atomic_load_explicit(&table, memory_order_acquire);

	if (t && fd >= 0 && fd < FDTAB_MAX)
		atomic_store_explicit(&t[fd], NULL, memory_order_release);
}
