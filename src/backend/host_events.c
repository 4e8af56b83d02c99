// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host backend's table of open events: handle -> file descriptor and
 * mappings.  Handles are never reused within one backend, so a stale handle
 * fails with EBADF instead of naming someone else's event.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "host_internal.h"

struct host_event *host_event(struct host *h, int ev)
{
	if (ev < 0 || ev >= h->nev || h->ev[ev].fd < 0)
		return NULL;
	return &h->ev[ev];
}

int host_store(struct host *h, int fd, bool leader)
{
	struct host_event *v = realloc(h->ev, (size_t)(h->nev + 1) * sizeof(*v));

	if (!v) {
		close(fd);
		return -ENOMEM;
	}
	h->ev = v;
	v[h->nev] = (struct host_event){.fd = fd, .leader = leader};
	return h->nev++;
}

int host_close_event(struct host *h, int ev)
{
	struct host_event *e = host_event(h, ev);

	if (!e)
		return -EBADF;
	if (e->aux)
		munmap(e->aux, e->aux_len);
	if (e->base)
		munmap(e->base, e->base_len);
	close(e->fd);
	*e = (struct host_event){.fd = -1};
	return 0;
}

void host_free(struct host *h)
{
	for (int i = h->nev - 1; i >= 0; i--)
		host_close_event(h, i);
	free(h->ev);
	free(h);
}

int host_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int v = 2;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = 2;
		fclose(f);
	}
	return v;
}
