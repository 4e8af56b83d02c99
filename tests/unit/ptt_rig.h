/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For tests that trace the PTT of the emulated kunpeng930 through the perf
 * core, as `pciescope record` does, and hold the result against the
 * fabric's own log of the same TLPs.  The rig boots the platform, records
 * hisi_ptt0_2 for a stretch of simulated time while the test's observer
 * logs the ground truth, and shuts the platform down; what the observer
 * keeps and which TLPs it picks is the test's.
 */
#ifndef PCIESCOPE_TESTS_PTT_RIG_H
#define PCIESCOPE_TESTS_PTT_RIG_H

#include <pciescope/core/kernel.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/platform/platform.h>

#include "aux_drain.h"

/* The PTT event config: filter, direction, type and format fields. */
#define PTT_CFG(filter, dir, type, fmt)                                                            \
	((uint64_t)(filter) | (uint64_t)(dir) << 20 | (uint64_t)(type) << 24 |                     \
	 (uint64_t)(fmt) << 32)

struct ptt_rig {
	struct platform *p;
	struct kcore *k;
	struct fabric *f;
	struct perf_event *e;
	struct aux_drained aux;
	bool logging;	      /* true while recording: observers log only then */
	unsigned drain_every; /* drain the AUX area every this many slices; 0: every one */
	unsigned polls;
	/* what ptt_rig_log_header logs: headers of direction hdr_dir, class hdr_cls (< 0: any) */
	uint32_t (*hdr)[4];
	size_t nhdr, caphdr;
	int hdr_dir, hdr_cls;
};

static inline void ptt_rig_boot(struct ptt_rig *r, const char *workload, uint64_t seed)
{
	struct platform_options o = {.workload = workload, .seed = seed, .ephemeral = true};
	struct error err;

	if (platform_boot(&o, &r->p, &err))
		fail_msg("boot: %s", err.msg);
	r->k = platform_kcore(r->p);
	r->f = platform_fabric(r->p);
}

static inline void ptt_rig_shutdown(struct ptt_rig *r)
{
	platform_shutdown(r->p);
	free(r->aux.data);
	free(r->hdr);
}

/* A cmocka set-up and tear-down: a rig of the test's own in *state. */
static inline int ptt_rig_setup(void **state, const char *workload, uint64_t seed)
{
	struct ptt_rig *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	ptt_rig_boot(r, workload, seed);
	*state = r;
	return 0;
}

static inline int ptt_rig_teardown(void **state)
{
	ptt_rig_shutdown(*state);
	free(*state);
	return 0;
}

static inline int ptt_rig_drain(void *ctx)
{
	struct ptt_rig *r = ctx;

	if (r->drain_every && ++r->polls % r->drain_every)
		return 0;
	aux_drain(r->e, &r->aux);
	return 0;
}

/*
 * Records config on hisi_ptt0_2 into an AUX area of aux_bytes for ns of
 * simulated time, the bytes replacing those of the last recording, while
 * observe (unless NULL) sees the TLPs of the ports the PTT sits on.
 * Returns the bytes recorded.
 */
static inline size_t ptt_rig_record(struct ptt_rig *r, uint64_t config, size_t aux_bytes,
				    uint64_t ns, fabric_observer observe, void *ctx)
{
	struct perf_event_attr a = {
	    .size = sizeof(a), .config = config, .sample_period = 1, .disabled = 1};

	a.type = (uint32_t)perf_pmu_find(r->k->perf, "hisi_ptt0_2")->type;
	r->aux.len = 0;
	if (observe)
		assert_int_equal(fabric_add_observer(r->f, 0, 2, observe, ctx), 0);
	assert_int_equal(perf_event_open(r->k->perf, &a, -1, 0, NULL, &r->e), 0);
	assert_int_equal(perf_event_aux_map(r->e, aux_bytes, false), 0);
	r->logging = true;
	assert_int_equal(perf_event_enable(r->e), 0);
	assert_int_equal(platform_run_for(r->p, ns, ptt_rig_drain, r), 0);
	assert_int_equal(perf_event_disable(r->e), 0);
	r->logging = false;
	r->drain_every = 0;
	ptt_rig_drain(r);
	perf_event_close(r->e);
	if (observe)
		fabric_remove_observer(r->f, observe, ctx);
	return r->aux.len;
}

/* log, grown by doubling if it has no room for element n: for the observers. */
static inline void *ptt_rig_grow(void *log, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return log;
	*cap = *cap ? 2 * *cap : 4096;
	log = realloc(log, *cap * size);
	assert_non_null(log);
	return log;
}

/*
 * An observer for ptt_rig_record (ctx: the rig): logs the headers of the
 * TLPs crossing the Root Ports 00:10.0 and 00:10.1 (PTT filter bit 0x1)
 * that hdr_dir and hdr_cls pick.
 */
static inline void ptt_rig_log_header(void *ctx, const struct fabric_tlp *t)
{
	struct ptt_rig *r = ctx;
	const struct fabric_node_desc *rp = fabric_node(r->f, t->port);

	if (!r->logging || t->dir != r->hdr_dir || (r->hdr_cls >= 0 && t->cls != r->hdr_cls) ||
	    PCI_RID_DEV(rp->rid) != 0x10 || PCI_RID_BUS(rp->rid))
		return;
	r->hdr = ptt_rig_grow(r->hdr, r->nhdr, &r->caphdr, sizeof(*r->hdr));
	memcpy(r->hdr[r->nhdr++], t->hdr, sizeof(t->hdr));
}

#endif
