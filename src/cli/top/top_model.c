// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rows of `top`: serve's series grouped by PMU port bit (the Root Ports
 * sharing a bit share its counters, so they are one row), each with the
 * interval's bandwidth per TLP kind and average latency (the stat code's
 * pair metrics), the link of its Root Port and how much of the link's
 * bandwidth per direction the interval used, and the core's PTT tune
 * levels.  All read through the backend, so the rows are the same on the
 * emulated platform and on a host.
 *
 * Link bandwidth per direction: speed [GT/s] x width x encoding / 8 bits,
 * with 8b/10b below 8 GT/s and 128b/130b from 8 GT/s on (PCIe r5.0 4.2).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_opts.h"
#include "top.h"

static void read_link(struct backend *b, struct top_row *r)
{
	char path[320], t[64], first[16];

	snprintf(first, sizeof(first), "%.12s", r->bdf);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/current_link_speed", first);
	r->speed_gts = cli_sysfs_read(b, path, t, sizeof(t)) > 0 ? strtod(t, NULL) : 0;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/current_link_width", first);
	r->width = cli_sysfs_read(b, path, t, sizeof(t)) > 0 ? strtol(t, NULL, 0) : 0;
}

static void read_tune(struct backend *b, struct top_row *r)
{
	char path[320], t[32];

	for (int k = 0; k < DIAG_TUNE_NPARAM; k++) {
		snprintf(path, sizeof(path), PMU_SYSFS "/hisi_ptt%u_%u/tune/%s", r->sicl, r->core,
			 diag_tune_params[k]);
		r->tune[k] = cli_sysfs_read(b, path, t, sizeof(t)) > 0 ? strtol(t, NULL, 0) : -1;
	}
}

static double link_mbps(const struct top_row *r)
{
	double enc = r->speed_gts >= 8 ? 128.0 / 130.0 : 0.8;

	return r->speed_gts * 1e3 * (double)r->width * enc / 8.0;
}

static void utilisation(struct top_row *r)
{
	double cap = link_mbps(r), rx = 0, tx = 0;

	r->util_rx = r->util_tx = -1;
	if (cap <= 0)
		return;
	for (int k = 0; k < TOP_KINDS; k++) {
		double v = r->mbps[k] > 0 ? r->mbps[k] : 0;

		if (k < TOP_TX_MWR)
			rx += v;
		else
			tx += v;
	}
	r->util_rx = 100.0 * rx / cap;
	r->util_tx = 100.0 * tx / cap;
}

static struct top_row *row_of(struct top_frame *f, const struct serve_series *se)
{
	struct top_row *r;

	for (size_t i = 0; i < f->n; i++)
		if (f->rows[i].sicl == se->sicl && f->rows[i].core == se->core &&
		    f->rows[i].port == se->port)
			return &f->rows[i];
	r = realloc(f->rows, (f->n + 1) * sizeof(*r));
	if (!r)
		return NULL;
	f->rows = r;
	r = &r[f->n++];
	*r = (struct top_row){.sicl = se->sicl, .core = se->core, .port = se->port};
	snprintf(r->bdf, sizeof(r->bdf), "%s", se->bdf);
	for (int k = 0; k < TOP_KINDS; k++)
		r->mbps[k] = -1;
	for (int k = 0; k < TOP_LATS; k++)
		r->lat_ns[k] = -1;
	return r;
}

static int kind_index(const char *tlp, const char *const *names, int n)
{
	for (int k = 0; k < n; k++)
		if (!strcmp(tlp, names[k]))
			return k;
	return -1;
}

int top_frame_build(struct top_frame *f, struct serve *sv, const struct backend_count *delta)
{
	for (size_t i = 0; i < sv->nser; i++) {
		const struct serve_series *se = &sv->ser[i];
		struct top_row *r = row_of(f, se);
		const char *unit;
		double v;
		int k;

		if (!r)
			return -ENOMEM;
		if (!stat_metric_value(&sv->s, se->main, delta, &v, &unit))
			v = -1;
		if (se->latency && (k = kind_index(se->tlp, serve_lat_kinds, TOP_LATS)) >= 0)
			r->lat_ns[k] = v;
		else if (!se->latency && (k = kind_index(se->tlp, serve_bw_kinds, TOP_KINDS)) >= 0)
			r->mbps[k] = v;
	}
	for (size_t i = 0; i < f->n; i++) {
		read_link(sv->s.b, &f->rows[i]);
		read_tune(sv->s.b, &f->rows[i]);
		utilisation(&f->rows[i]);
	}
	return 0;
}

void top_frame_free(struct top_frame *f)
{
	free(f->rows);
	f->rows = NULL;
	f->n = 0;
}
