// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rows of `top`: the links of the sampler's link model that a PCIe PMU
 * counts (tool/link_model.h: traffic, utilisation, bandwidth per TLP
 * kind, latency) and the PTT tune levels of each row's core.  All read
 * through the backend, so the rows are the same on the emulated platform
 * and on a host.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/ptt_tune.h>

#include "backend_opts.h"
#include "top.h"

static void read_tune(struct backend *b, struct top_row *r)
{
	char ptt[PMU_NAME_LEN];

	pmu_name_format((struct pmu_name){PMU_HISI_PTT, r->k->sicl, r->k->core}, ptt, sizeof(ptt));
	ptt_tune_read(b, ptt, r->tune, NULL);
}

int top_frame_build(struct top_frame *f, struct pmu_sampler *ps, const struct backend_count *delta)
{
	const struct link_model *m = &ps->links;
	int r = pmu_sampler_links(ps, delta);

	if (!r && m->n && !(f->rows = calloc(m->n, sizeof(*f->rows))))
		r = -ENOMEM;
	for (size_t i = 0; !r && i < m->n; i++) {
		if (!m->l[i].on_pmu)
			continue;
		f->rows[f->n].k = &m->l[i];
		read_tune(ps->s.b, &f->rows[f->n++]);
	}
	return r;
}

void top_frame_free(struct top_frame *f)
{
	free(f->rows);
	f->rows = NULL;
	f->n = 0;
}
