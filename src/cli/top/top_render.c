// SPDX-License-Identifier: GPL-2.0-only
/*
 * What `top` shows.  The screen: a title line (machine clock, interval,
 * how to quit), a units line, a header and one line per PMU port bit:
 *   ROOT PORT  PMU:PORT  LINK  RX MWr MRd Cpl  TX MWr MRd Cpl (MB/s)
 *   LAT RX-MWr RX-MRd TX-MRd (ns)  UTIL RX% TX%  TUNE cpl/np/p/rxbuf/txbuf
 * "-" where a value is unknown (not counted this interval, no link, no
 * PTT).  JSON: one object per frame with the same values as numbers (null
 * where unknown), for scripts (`--json`, `--once`).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "top.h"

static void cell(FILE *out, int width, int prec, double v)
{
	if (v < 0)
		fprintf(out, " %*s", width, "-");
	else
		fprintf(out, " %*.*f", width, prec, v);
}

static void tune_cell(FILE *out, const struct top_row *r)
{
	if (r->tune[0] < 0) {
		fputs("  -", out);
		return;
	}
	fputc(' ', out);
	for (int k = 0; k < DIAG_TUNE_NPARAM; k++)
		fprintf(out, "%s%ld", k ? "/" : " ", r->tune[k]);
}

static void text_row(FILE *out, const struct top_row *r)
{
	char pmu[48], link[24];

	snprintf(pmu, sizeof(pmu), "pcie%u_core%u:%#x", r->sicl, r->core, r->port);
	if (r->speed_gts > 0)
		snprintf(link, sizeof(link), "%.1fGT/s x%ld", r->speed_gts, r->width);
	else
		snprintf(link, sizeof(link), "-");
	fprintf(out, "%-27s %-18s %-13s", r->bdf, pmu, link);
	for (int k = 0; k < TOP_KINDS; k++)
		cell(out, 8, 1, r->mbps[k]);
	fputs(" ", out);
	for (int k = 0; k < TOP_LATS; k++)
		cell(out, 7, 0, r->lat_ns[k]);
	fputs(" ", out);
	cell(out, 5, 1, r->util_rx);
	cell(out, 5, 1, r->util_tx);
	tune_cell(out, r);
	fputc('\n', out);
}

void top_render_text(FILE *out, const struct top_frame *f, bool clear)
{
	if (clear)
		fputs("\033[H\033[2J", out);
	fprintf(out, "pciescope top - %s - %.3f s - every %u ms - q quits", f->backend, f->time_s,
		f->interval_ms);
	/* said from 1 s on: less is the wait for the next interval */
	if (f->lag_s >= 1)
		fprintf(out, " - the simulation is %.1f s behind the wall clock", f->lag_s);
	fputc('\n', out);
	fprintf(out, "bandwidth MB/s, average latency ns, link utilisation %% per direction, PTT "
		     "tune levels (cpl/np/p/rxbuf/txbuf)\n\n");
	fprintf(out, "%-27s %-18s %-13s %8s %8s %8s %8s %8s %8s  %7s %7s %7s  %5s %5s  %s\n",
		"ROOT PORT", "PMU:PORT", "LINK", "RX_MWR", "RX_MRD", "RX_CPL", "TX_MWR", "TX_MRD",
		"TX_CPL", "L_RXMWR", "L_RXMRD", "L_TXMRD", "RX%", "TX%", "TUNE");
	for (size_t i = 0; i < f->n; i++)
		text_row(out, &f->rows[i]);
	fflush(out);
}

static json_t *num(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

static json_t *json_row(const struct top_row *r)
{
	json_t *o = json_object(), *bdfs = json_array(), *bw = json_object(), *lat = json_object();
	json_t *tune = json_object();
	char copy[128], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", r->bdf);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		json_array_append_new(bdfs, json_string(t));
	for (int k = 0; k < TOP_KINDS; k++)
		json_object_set_new(bw, serve_bw_kinds[k], num(r->mbps[k]));
	for (int k = 0; k < TOP_LATS; k++)
		json_object_set_new(lat, serve_lat_kinds[k], num(r->lat_ns[k]));
	for (int k = 0; k < DIAG_TUNE_NPARAM; k++)
		json_object_set_new(tune, diag_tune_params[k],
				    r->tune[k] < 0 ? json_null() : json_integer(r->tune[k]));
	json_object_set_new(o, "root_ports", bdfs);
	json_object_set_new(o, "sicl", json_integer(r->sicl));
	json_object_set_new(o, "core", json_integer(r->core));
	json_object_set_new(o, "port", json_integer(r->port));
	json_object_set_new(o, "link_speed_gts", r->speed_gts > 0 ? json_real(r->speed_gts)
								  : json_null());
	json_object_set_new(o, "link_width", r->width > 0 ? json_integer(r->width) : json_null());
	json_object_set_new(o, "bandwidth_mb_per_s", bw);
	json_object_set_new(o, "latency_ns", lat);
	json_object_set_new(o, "utilization_rx_pct", num(r->util_rx));
	json_object_set_new(o, "utilization_tx_pct", num(r->util_tx));
	json_object_set_new(o, "tune", tune);
	return o;
}

void top_render_json(FILE *out, const struct top_frame *f)
{
	json_t *o = json_object(), *rows = json_array();

	for (size_t i = 0; i < f->n; i++)
		json_array_append_new(rows, json_row(&f->rows[i]));
	json_object_set_new(o, "backend", json_string(f->backend));
	json_object_set_new(o, "time_s", json_real(f->time_s));
	json_object_set_new(o, "interval_ms", json_integer(f->interval_ms));
	json_object_set_new(o, "lag_s", json_real(f->lag_s));
	json_object_set_new(o, "rows", rows);
	json_dumpf(o, out, JSON_COMPACT);
	fputc('\n', out);
	fflush(out);
	json_decref(o);
}
