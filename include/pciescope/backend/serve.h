/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One machine served to many processes, as a kernel is: a server owns a
 * backend and answers the remote backends (backend_options.kind "remote")
 * that connect to its Unix socket.  `pciescope exec` serves its emulated
 * machine so to every process of the command (docs/exec.md).
 *
 * The server runs the machine's clock: simulated time follows the wall
 * clock while any group leader is enabled and stands still otherwise, so a
 * count read after a disable costs no simulation.
 */
#ifndef PCIESCOPE_BACKEND_SERVE_H
#define PCIESCOPE_BACKEND_SERVE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>

struct backend_server;

struct backend_server_stats {
	uint64_t simulated; /* simulated ns run by the clock */
	uint64_t busy;	    /* wall ns spent simulating them */
	uint64_t max_lag;   /* wall ns by which an answer came late */
};

/*
 * Listens at addr (a path, or "@name" in the abstract namespace) for
 * clients of this user only.  lock guards b: the server takes it for each
 * request, so other users of b (a FUSE view) take it too.
 */
int backend_server_open(struct backend *b, pthread_mutex_t *lock, const char *addr,
			struct backend_server **out, struct error *e);
/* Answers requests until backend_server_stop; returns 0 or -errno. */
int backend_server_run(struct backend_server *s);
/* From another thread: makes run return once the request in hand is answered. */
void backend_server_stop(struct backend_server *s);
void backend_server_stats(struct backend_server *s, struct backend_server_stats *st);
/* Closes the clients' events and the socket; b stays open. */
void backend_server_close(struct backend_server *s);

#endif
