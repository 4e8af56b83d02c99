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
 * emulated clock is behind the wall clock.  The lines fit the width given
 * (terminal_width.h): cells that do not are left out whole, from the
 * right.  JSON: one object per frame with the same values as numbers at
 * the screen's precision (null where unknown), for scripts (`--json`,
 * `--once`).
 */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "top.h"

/*
 * One screen line, cell by cell: a cell that would pass the terminal's
 * width ends the line there, so a narrow terminal shows the left columns
 * whole and aligned under their header rather than wrapped or cut mid-number.
 */
struct line {
	FILE *out;
	int left; /* columns still free */
	bool full;
};

static void put(struct line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct line *l, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (l->full || n < 0 || n > l->left) {
		l->full = true;
		return;
	}
	fputs(buf, l->out);
	l->left -= n;
}

static void end_line(struct line *l, int width)
{
	fputc('\n', l->out);
	l->left = width;
	l->full = false;
}

static void cell(struct line *l, int width, int prec, double v)
{
	if (v < 0)
		put(l, " %*s", width, "-");
	else
		put(l, " %*.*f", width, prec, v);
}

static void tune_cell(struct line *l, const struct top_row *r)
{
	char buf[64];
	size_t n = 0;

	if (r->tune[0] < 0) {
		put(l, "  -");
		return;
	}
	for (int k = 0; k < HISI_PTT_TUNE_NPARAM && n < sizeof(buf); k++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%d", k ? "/" : "", r->tune[k]);
	put(l, "  %s", buf);
}

/* The name columns as wide as this frame's longest entry, so they leave room for the numbers. */
struct widths {
	int bdf, pmu, link;
};

static void names(const struct serve_port *p, char *pmu, size_t pn, char *link, size_t ln)
{
	snprintf(pmu, pn, "pcie%u_core%u:%#x", p->sicl, p->core, p->port);
	if (p->nlinks > 1)
		snprintf(link, ln, "%u links", p->nlinks);
	else if (p->speed_gts > 0)
		snprintf(link, ln, "%.1fGT/s x%ld", p->speed_gts, p->width);
	else
		snprintf(link, ln, "-");
}

static struct widths name_widths(const struct top_frame *f)
{
	struct widths w = {(int)strlen("ROOT PORT"), (int)strlen("PMU:PORT"), (int)strlen("LINK")};
	char pmu[48], link[24];

	for (size_t i = 0; i < f->n; i++) {
		int b = (int)strlen(f->rows[i].p.bdf), p, k;

		names(&f->rows[i].p, pmu, sizeof(pmu), link, sizeof(link));
		p = (int)strlen(pmu);
		k = (int)strlen(link);
		w.bdf = b > w.bdf ? b : w.bdf;
		w.pmu = p > w.pmu ? p : w.pmu;
		w.link = k > w.link ? k : w.link;
	}
	return w;
}

static void text_row(struct line *l, const struct widths *w, const struct top_row *r)
{
	const struct serve_port *p = &r->p;
	char pmu[48], link[24];

	names(p, pmu, sizeof(pmu), link, sizeof(link));
	put(l, "%-*s", w->bdf, p->bdf);
	put(l, " %-*s", w->pmu, pmu);
	put(l, " %-*s", w->link, link);
	for (int k = 0; k < HISI_PCIE_BW_KINDS; k++)
		cell(l, 8, 1, p->mbps[k]);
	put(l, " ");
	for (int k = 0; k < HISI_PCIE_LAT_KINDS; k++)
		cell(l, 7, 0, p->lat_ns[k]);
	put(l, " ");
	cell(l, 5, 1, p->util[0]);
	cell(l, 5, 1, p->util[1]);
	tune_cell(l, r);
}

/* A note per shared port bit, cut to the width like every line. */
static void shared_notes(struct line *l, const struct top_frame *f, int width)
{
	for (size_t i = 0; i < f->n; i++) {
		const struct serve_port *p = &f->rows[i].p;

		if (p->nlinks < 2)
			continue;
		put(l, "port bit %#x of pcie%u_core%u is shared by %s:", p->port, p->sicl, p->core,
		    p->bdf);
		put(l, " RX%%/TX%% are its total over the %.0f MB/s of their links together",
		    p->capacity_mbps);
		end_line(l, width);
	}
}

static void header(struct line *l, const struct widths *w)
{
	static const char *const bw[] = {"RX_MWR", "RX_MRD", "RX_CPL",
					 "TX_MWR", "TX_MRD", "TX_CPL"};
	static const char *const lat[] = {"L_RXMWR", "L_RXMRD", "L_TXMRD"};

	put(l, "%-*s", w->bdf, "ROOT PORT");
	put(l, " %-*s", w->pmu, "PMU:PORT");
	put(l, " %-*s", w->link, "LINK");
	for (int k = 0; k < HISI_PCIE_BW_KINDS; k++)
		put(l, " %8s", bw[k]);
	put(l, " ");
	for (int k = 0; k < HISI_PCIE_LAT_KINDS; k++)
		put(l, " %7s", lat[k]);
	put(l, " ");
	put(l, " %5s", "RX%");
	put(l, " %5s", "TX%");
	put(l, "  %s", "TUNE");
}

void top_render_text(FILE *out, const struct top_frame *f, bool clear, int width)
{
	struct line l = {out, width, false};
	struct widths w = name_widths(f);

	if (clear)
		fputs("\033[H\033[2J", out);
	put(&l, "pciescope top - %s - %.3f s - every %u ms", f->backend, f->time_s, f->interval_ms);
	put(&l, " - q quits");
	/*
	 * A frame drawn on time with less simulated says what it covers and the
	 * lag, on a line of its own when the title has no room for it.
	 */
	if (f->span_s * 1e3 < f->interval_ms * 0.999 || f->lag_s >= 1) {
		char note[96];

		snprintf(note, sizeof(note),
			 " - %.1f ms simulated in this frame, %.1f s behind the "
			 "wall clock",
			 f->span_s * 1e3, f->lag_s);
		if ((int)strlen(note) > l.left)
			end_line(&l, width);
		put(&l, "%s", l.left == width ? note + 3 : note);
	}
	end_line(&l, width);
	put(&l, "MB/s, latency ns, link use %% per direction,");
	put(&l, " PTT tune levels cpl/np/p/rxbuf/txbuf");
	end_line(&l, width);
	end_line(&l, width);
	header(&l, &w);
	end_line(&l, width);
	for (size_t i = 0; i < f->n; i++) {
		text_row(&l, &w, &f->rows[i]);
		end_line(&l, width);
	}
	shared_notes(&l, f, width);
	fflush(out);
}

/*
 * A value as JSON, at the precision the screen shows it (digits after the
 * point): the counts behind it are no finer, and a script reading 263.7
 * should not get 263.69999999999999.
 */
static json_t *rounded(double v, int digits)
{
	double scale = pow(10, digits);

	return json_real(round(v * scale) / scale);
}

static json_t *num(double v, int digits)
{
	return v < 0 ? json_null() : rounded(v, digits);
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
	for (int k = 0; k < HISI_PCIE_BW_KINDS; k++)
		json_object_set_new(bw, hisi_pcie_bw_kinds[k], num(p->mbps[k], 1));
	for (int k = 0; k < HISI_PCIE_LAT_KINDS; k++)
		json_object_set_new(lat, hisi_pcie_lat_kinds[k], num(p->lat_ns[k], 0));
	json_object_set_new(wire, "rx", num(p->traffic_mbps[0], 1));
	json_object_set_new(wire, "tx", num(p->traffic_mbps[1], 1));
	json_object_set_new(reads, "rx", num(p->reads_per_s[0], 0));
	json_object_set_new(reads, "tx", num(p->reads_per_s[1], 0));
	for (int k = 0; k < HISI_PTT_TUNE_NPARAM; k++)
		json_object_set_new(tune, hisi_ptt_tune_params[k],
				    r->tune[k] < 0 ? json_null() : json_integer(r->tune[k]));
	json_object_set_new(o, "root_ports", bdfs);
	json_object_set_new(o, "sicl", json_integer(p->sicl));
	json_object_set_new(o, "core", json_integer(p->core));
	json_object_set_new(o, "port", json_integer(p->port));
	json_object_set_new(o, "shared_port_bit", json_boolean(p->nlinks > 1));
	json_object_set_new(o, "link_speed_gts",
			    p->speed_gts > 0 ? json_real(p->speed_gts) : json_null());
	json_object_set_new(o, "link_width", p->width > 0 ? json_integer(p->width) : json_null());
	json_object_set_new(o, "capacity_mb_per_s",
			    p->capacity_unknown ? json_null() : rounded(p->capacity_mbps, 1));
	json_object_set_new(o, "bandwidth_mb_per_s", bw);
	json_object_set_new(o, "traffic_mb_per_s", wire);
	json_object_set_new(o, "latency_ns", lat);
	json_object_set_new(o, "reads_per_s", reads);
	json_object_set_new(o, "utilization_rx_pct", num(p->util[0], 2));
	json_object_set_new(o, "utilization_tx_pct", num(p->util[1], 2));
	json_object_set_new(o, "tune", tune);
	return o;
}

void top_render_json(FILE *out, const struct top_frame *f)
{
	json_t *o = json_object(), *rows = json_array();

	for (size_t i = 0; i < f->n; i++)
		json_array_append_new(rows, json_row(&f->rows[i]));
	json_object_set_new(o, "backend", json_string(f->backend));
	json_object_set_new(o, "time_s", rounded(f->time_s, 6));
	json_object_set_new(o, "interval_ms", json_integer(f->interval_ms));
	json_object_set_new(o, "span_s", rounded(f->span_s, 6));
	json_object_set_new(o, "lag_s", rounded(f->lag_s, 3));
	json_object_set_new(o, "rows", rows);
	/* 15 significant digits: the rounded values print as they read, no binary tail */
	json_dumpf(o, out, JSON_COMPACT | JSON_REAL_PRECISION(15));
	fputc('\n', out);
	fflush(out);
	json_decref(o);
}
