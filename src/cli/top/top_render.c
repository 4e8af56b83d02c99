// SPDX-License-Identifier: GPL-2.0-only
/*
 * What `top` shows.  The screen: a title line (machine clock, interval,
 * how to quit), a units line, a header and one line per PMU port bit:
 *   ROOT PORT  PMU:PORT  LINK  RX MWr MRd Cpl  TX MWr MRd Cpl (MB/s)
 *   LAT RX-MWr RX-MRd TX-MRd (ns)  UTIL RX% TX%  TUNE cpl/np/p/rxbuf/txbuf
 * "-" where a value is unknown (not counted this interval, no link, no
 * PTT).  RX% and TX% are what crossed the links (pcie/traffic.h: a read
 * request counts its header, not the data it asks for) over their
 * capacity; Root Ports sharing a port bit are one row against the sum of
 * their links, and a line under the table says so.  The title says when a
 * frame covers less simulated time than its interval and how far the
 * emulated clock is behind the wall clock.  JSON: one object per frame
 * with the same values as numbers (null where unknown), for scripts
 * (`--json`, `--once`).
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
	const struct serve_port *p = &r->p;
	char pmu[48], link[24];

	snprintf(pmu, sizeof(pmu), "pcie%u_core%u:%#x", p->sicl, p->core, p->port);
	if (p->nlinks > 1)
		snprintf(link, sizeof(link), "%u links", p->nlinks);
	else if (p->speed_gts > 0)
		snprintf(link, sizeof(link), "%.1fGT/s x%ld", p->speed_gts, p->width);
	else
		snprintf(link, sizeof(link), "-");
	fprintf(out, "%-27s %-18s %-13s", p->bdf, pmu, link);
	for (int k = 0; k < SERVE_BW_KINDS; k++)
		cell(out, 8, 1, p->mbps[k]);
	fputs(" ", out);
	for (int k = 0; k < SERVE_LAT_KINDS; k++)
		cell(out, 7, 0, p->lat_ns[k]);
	fputs(" ", out);
	cell(out, 5, 1, p->util[0]);
	cell(out, 5, 1, p->util[1]);
	tune_cell(out, r);
	fputc('\n', out);
}

static void shared_notes(FILE *out, const struct top_frame *f)
{
	for (size_t i = 0; i < f->n; i++) {
		const struct serve_port *p = &f->rows[i].p;

		if (p->nlinks > 1)
			fprintf(out, "port bit %#x of pcie%u_core%u is shared by %s: RX%%/TX%% are "
				     "its total over the %.0f MB/s of their links together\n",
				p->port, p->sicl, p->core, p->bdf, p->capacity_mbps);
	}
}

void top_render_text(FILE *out, const struct top_frame *f, bool clear)
{
	if (clear)
		fputs("\033[H\033[2J", out);
	fprintf(out, "pciescope top - %s - %.3f s - every %u ms - q quits", f->backend, f->time_s,
		f->interval_ms);
	/* a frame drawn on time with less simulated says what it covers and the lag */
	if (f->span_s * 1e3 < f->interval_ms * 0.999 || f->lag_s >= 1)
		fprintf(out, " - %.1f ms simulated in this frame, %.1f s behind the wall clock",
			f->span_s * 1e3, f->lag_s);
	fputc('\n', out);
	fprintf(out, "bandwidth MB/s, average latency ns, link utilisation %% per direction, PTT "
		     "tune levels (cpl/np/p/rxbuf/txbuf)\n\n");
	fprintf(out, "%-27s %-18s %-13s %8s %8s %8s %8s %8s %8s  %7s %7s %7s  %5s %5s  %s\n",
		"ROOT PORT", "PMU:PORT", "LINK", "RX_MWR", "RX_MRD", "RX_CPL", "TX_MWR", "TX_MRD",
		"TX_CPL", "L_RXMWR", "L_RXMRD", "L_TXMRD", "RX%", "TX%", "TUNE");
	for (size_t i = 0; i < f->n; i++)
		text_row(out, &f->rows[i]);
	shared_notes(out, f);
	fflush(out);
}

static json_t *num(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

static json_t *json_row(const struct top_row *r)
{
	const struct serve_port *p = &r->p;
	json_t *o = json_object(), *bdfs = json_array(), *bw = json_object(), *lat = json_object();
	json_t *tune = json_object(), *wire = json_object(), *reads = json_object();
	char copy[128], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", p->bdf);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		json_array_append_new(bdfs, json_string(t));
	for (int k = 0; k < SERVE_BW_KINDS; k++)
		json_object_set_new(bw, serve_bw_kinds[k], num(p->mbps[k]));
	for (int k = 0; k < SERVE_LAT_KINDS; k++)
		json_object_set_new(lat, serve_lat_kinds[k], num(p->lat_ns[k]));
	json_object_set_new(wire, "rx", num(p->traffic_mbps[0]));
	json_object_set_new(wire, "tx", num(p->traffic_mbps[1]));
	json_object_set_new(reads, "rx", num(p->reads_per_s[0]));
	json_object_set_new(reads, "tx", num(p->reads_per_s[1]));
	for (int k = 0; k < DIAG_TUNE_NPARAM; k++)
		json_object_set_new(tune, diag_tune_params[k],
				    r->tune[k] < 0 ? json_null() : json_integer(r->tune[k]));
	json_object_set_new(o, "root_ports", bdfs);
	json_object_set_new(o, "sicl", json_integer(p->sicl));
	json_object_set_new(o, "core", json_integer(p->core));
	json_object_set_new(o, "port", json_integer(p->port));
	json_object_set_new(o, "shared_port_bit", json_boolean(p->nlinks > 1));
	json_object_set_new(o, "link_speed_gts", p->speed_gts > 0 ? json_real(p->speed_gts)
								  : json_null());
	json_object_set_new(o, "link_width", p->width > 0 ? json_integer(p->width) : json_null());
	json_object_set_new(o, "capacity_mb_per_s",
			    p->capacity_unknown ? json_null() : json_real(p->capacity_mbps));
	json_object_set_new(o, "bandwidth_mb_per_s", bw);
	json_object_set_new(o, "traffic_mb_per_s", wire);
	json_object_set_new(o, "latency_ns", lat);
	json_object_set_new(o, "reads_per_s", reads);
	json_object_set_new(o, "utilization_rx_pct", num(p->util[0]));
	json_object_set_new(o, "utilization_tx_pct", num(p->util[1]));
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
	json_object_set_new(o, "span_s", json_real(f->span_s));
	json_object_set_new(o, "lag_s", json_real(f->lag_s));
	json_object_set_new(o, "rows", rows);
	json_dumpf(o, out, JSON_COMPACT);
	fputc('\n', out);
	fflush(out);
	json_decref(o);
}
