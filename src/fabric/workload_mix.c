// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which streams each workload gives which endpoint, by the endpoint's role.
 * storage-*: NVMe endpoints; nic: NICs and their VFs; p2p: GPU/accelerator
 * pairs (or any two endpoints of different Root Ports when there are none);
 * mixed: all of it at once, NVMe endpoints alternating read and write, so
 * that every kind of TLP crosses the Root Ports.
 */
#include <string.h>

#include "workload.h"

static bool is(const struct fabric *f, const char *name)
{
	return !strcmp(f->workload, name);
}

int workload_endpoint(struct fabric *f, int ep)
{
	enum fabric_ep_role role = f->nodes[ep].d.role;
	int r = 0;

	if (is(f, "replay"))
		return workload_replay_endpoint(f, ep);
	if (is(f, "idle") || is(f, "p2p"))
		return 0;
	if (role == FABRIC_EP_NVME && is(f, "storage-read"))
		r = stream_storage_read(f, ep);
	else if (role == FABRIC_EP_NVME && is(f, "storage-write"))
		r = stream_storage_write(f, ep);
	else if (role == FABRIC_EP_NIC && (is(f, "nic") || is(f, "mixed")))
		r = stream_nic(f, ep);
	else if (role == FABRIC_EP_NVME && is(f, "mixed"))
		r = ep % 2 ? stream_storage_write(f, ep) : stream_storage_read(f, ep);
	else if (!is(f, "mixed"))
		return 0;
	return r ? r : streams_host(f, ep, f->wp.mmio);
}

static bool p2p_capable(const struct fnode *n)
{
	return n->present && n->d.kind == FABRIC_ENDPOINT &&
	       (n->d.role == FABRIC_EP_GPU || n->d.role == FABRIC_EP_ACCEL);
}

static int pair_from(struct fabric *f, int a, bool any_role)
{
	for (int b = a + 1; b < f->nnodes; b++) {
		const struct fnode *n = &f->nodes[b];

		if (n->port == f->nodes[a].port || !n->present || n->d.kind != FABRIC_ENDPOINT)
			continue;
		if (any_role || p2p_capable(n))
			return b;
	}
	return -1;
}

int workload_pairs(struct fabric *f)
{
	int found = 0;

	if (!is(f, "p2p") && !is(f, "mixed"))
		return 0;
	for (int a = 0; a < f->nnodes; a++) {
		int b = p2p_capable(&f->nodes[a]) ? pair_from(f, a, false) : -1;

		if (b >= 0) {
			int r = stream_p2p(f, a, b);

			if (r)
				return r;
			found++;
			a = b;
		}
	}
	for (int a = 0; !found && is(f, "p2p") && a < f->nnodes; a++) {
		int b = f->nodes[a].present && f->nodes[a].d.kind == FABRIC_ENDPOINT
			    ? pair_from(f, a, true)
			    : -1;

		if (b >= 0)
			return stream_p2p(f, a, b);
	}
	return 0;
}
