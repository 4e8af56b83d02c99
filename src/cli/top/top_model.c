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

#include "backend_opts.h"
#include "top.h"

static void read_tune(struct backend *b, struct top_row *r)
{
	char path[320], t[32];

	for (int k = 0; k < HISI_PTT_TUNE_NPARAM; k++) {
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/hisi_ptt%u_%u/tune/%s", r->p.sicl,
			 r->p.core, hisi_ptt_tune_params[k]);
		r->tune[k] = backend_read_line(b, path, t, sizeof(t)) > 0 ? strtol(t, NULL, 0) : -1;
	}
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
