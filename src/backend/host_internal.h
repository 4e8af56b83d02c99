/* SPDX-License-Identifier: GPL-2.0-only */
/* The host backend's event table and its AUX mapping, shared by host.c and host_aux.c. */
#ifndef PCIESCOPE_BACKEND_HOST_INTERNAL_H
#define PCIESCOPE_BACKEND_HOST_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <pciescope/backend/backend.h>

struct host_event {
	int fd; /* -1 once closed */
	bool leader;
	void *base; /* user page + data ring */
	size_t base_len;
	uint8_t *aux; /* AUX area */
	size_t aux_len;
};

struct host {
	struct host_event *ev;
	int nev;
};

/* Where path ("/sys/...") is on this machine: under $PCIESCOPE_SYSFS_ROOT if set (host.c). */
const char *host_sysfs_path(const char *path, char *buf, size_t n);
struct host_event *host_event(struct host *h, int ev);
int host_store(struct host *h, int fd, bool leader);
int host_close_event(struct host *h, int ev);
void host_free(struct host *h);
int host_paranoid(void);

int host_aux_map(struct backend *b, int ev, size_t aux_bytes);
ssize_t host_next_record(struct backend *b, int ev, void *buf, size_t n);
size_t host_aux_peek(struct backend *b, int ev, uint64_t *tail, const void **p1, size_t *n1,
		     const void **p2, size_t *n2);
void host_aux_consume(struct backend *b, int ev, size_t bytes);

#endif
