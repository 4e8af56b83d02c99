/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stream construction shared by the workload files: workload.c turns names
 * and parameters into streams, workload_<kind>.c say what each stream does.
 */
#ifndef PCIESCOPE_FABRIC_WORKLOAD_H
#define PCIESCOPE_FABRIC_WORKLOAD_H

#include "internal.h"

#define RATE_MAX UINT64_MAX

int stream_add(struct fabric *f, const struct fstream *tpl);
/*
 * A stream of endpoint ep (peer -1 if none) paced and sized by the workload
 * parameters; the caller sets what it does (fire, done) and, for streams
 * that queue commands, qd.
 */
struct fstream stream_template(struct fabric *f, int ep, int peer);
uint64_t rate_period(struct fabric *f, uint64_t per_s);
uint64_t jitter(struct fabric *f, uint64_t period);
/* A free command slot of a stream with qd= commands (workload_storage.c). */
uint16_t stream_cmd_slot(struct fstream *s);

/* The streams of one endpoint for the current workload. */
int workload_endpoint(struct fabric *f, int ep);
/* Peer-to-peer streams between endpoints of different Root Ports. */
int workload_pairs(struct fabric *f);

/* Stream kinds (workload_storage.c, workload_nic.c, workload_host.c, workload_p2p.c). */
int stream_storage_read(struct fabric *f, int ep);
int stream_storage_write(struct fabric *f, int ep);
int stream_nic(struct fabric *f, int ep);
int stream_p2p(struct fabric *f, int ep, int peer);
int streams_host(struct fabric *f, int ep, uint64_t mmio);

#endif
