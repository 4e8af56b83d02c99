// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rows of `top`: serve's port bits (pmu_ports.c: bandwidth per TLP kind,
 * latency, what the links carried and how much of their capacity) and the
 * PTT tune levels of each row's core.  All read through the backend, so
 * the rows are the same on the emulated platform and on a host.
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

	pmu_name_format((struct pmu_name){PMU_HISI_PTT, r->p.sicl, r->p.core}, ptt, sizeof(ptt));
	ptt_tune_read(b, ptt, r->tune, NULL);
}

int top_frame_build(struct top_frame *f, struct serve *sv, const struct backend_count *delta)
{
	struct serve_ports ps = {0};
	int r = serve_ports_build(&ps, sv, delta);

	if (!r && ps.n && !(f->rows = calloc(ps.n, sizeof(*f->rows))))
		r = -ENOMEM;
	for (size_t i = 0; !r && i < ps.n; i++) {
		f->rows[i].p = ps.p[i];
		read_tune(sv->s.b, &f->rows[i]);
		f->n++;
	}
	serve_ports_free(&ps);
	return r;
}

void top_frame_free(struct top_frame *f)
{
	free(f->rows);
	f->rows = NULL;
	f->n = 0;
}
