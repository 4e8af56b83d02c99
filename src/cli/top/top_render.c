// SPDX-License-Identifier: GPL-2.0-only
/*
 * What `top` shows.  The screen: a title line (machine clock, interval,
 * how to quit), a units line, a header and one line per Root Port's link:
 *   ROOT PORT  LINK  RX% TX%  RX TX (traffic, MB/s)  RX MWr MRd Cpl TX MWr
 *   MRd Cpl (MB/s per TLP kind)  LAT RX-MWr RX-MRd TX-MRd (ns)  PMU:PORT
 *   TUNE cpl/np/p/rxbuf/txbuf
 * the headline (link use and traffic) first, so that 80 columns show it.
 * "-" where a value is unknown (not counted this interval, no link, no
 * PTT); "lo-hi" where a shared PMU port bit leaves only a range; "!" after
 * a link use of LINK_BUSY_PCT or more (at its range's top).  The figures
 * are the link model's (tool/link_model.h): traffic as pcie/traffic.h
 * counts it, over what the link carries for TLPs.  Notes under the table,
 * wrapped to the width, say which Root Ports share a port bit and how
 * their counts were split.  The title says when a frame covers less
 * simulated time than its interval and how far the emulated clock is
 * behind the wall clock.  Table lines fit the width given
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

#include "link_text.h"
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

/* A note: words wrapped to the width, later lines indented two columns. */
static void wrapped(struct line *l, int width, const char *text)
{
	const char *w = text;
	bool first = true;

	while (*w) {
		size_t len = strcspn(w, " ");
		int need = (int)len + (first ? 0 : 1);

		if (!first && need > l->left) {
			end_line(l, width);
			put(l, " ");
			first = true;
			need = (int)len;
		}
		fprintf(l->out, "%s%.*s", first ? "" : " ", (int)len, w);
		l->left -= need;
		first = false;
		w += len;
		w += strspn(w, " ");
	}
	end_line(l, width);
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
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%ld", k ? "/" : "", r->tune[k]);
	put(l, "  %s", buf);
}

/* The mark after a link use of LINK_BUSY_PCT or more (at a range's top). */
static char busy(const struct link_flow *f)
{
	return f->busy ? '!' : ' ';
}

/* Columns as wide as this frame's widest entry, so they leave room for the rest. */
struct widths {
	int bdf, link, util, traffic, pmu;
};

static void names(const struct link *k, char *pmu, size_t pn, char *link, size_t ln)
{
	snprintf(pmu, pn, "pcie%u_core%u:%#x", k->sicl, k->core, k->port);
	if (k->speed_gts > 0)
		snprintf(link, ln, "%.1fGT/s x%u", k->speed_gts, k->width);
	else
		snprintf(link, ln, "-");
}

static int wider(int w, const char *s)
{
	return (int)strlen(s) > w ? (int)strlen(s) : w;
}

static struct widths column_widths(const struct top_frame *f)
{
	struct widths w = {(int)strlen("ROOT PORT"), (int)strlen("LINK"), 5, 8,
			   (int)strlen("PMU:PORT")};
	char pmu[48], link[24], t[48];

	for (size_t i = 0; i < f->n; i++) {
		const struct link *k = f->rows[i].k;

		names(k, pmu, sizeof(pmu), link, sizeof(link));
		w.bdf = wider(w.bdf, k->bdf);
		w.link = wider(w.link, link);
		w.pmu = wider(w.pmu, pmu);
		for (int d = 0; d < LINK_NDIR; d++) {
			cli_link_use(&k->dir[d], t, sizeof(t));
			w.util = wider(w.util, t);
			cli_link_traffic(&k->dir[d], 1, t, sizeof(t));
			w.traffic = wider(w.traffic, t);
		}
	}
	return w;
}

static void text_row(struct line *l, const struct widths *w, const struct top_row *r)
{
	const struct link *k = r->k;
	char pmu[48], link[24], t[48];

	names(k, pmu, sizeof(pmu), link, sizeof(link));
	put(l, "%-*s", w->bdf, k->bdf);
	put(l, " %-*s", w->link, link);
	for (int d = 0; d < LINK_NDIR; d++) {
		cli_link_use(&k->dir[d], t, sizeof(t));
		put(l, " %*s%c", w->util, t, busy(&k->dir[d]));
	}
	for (int d = 0; d < LINK_NDIR; d++) {
		cli_link_traffic(&k->dir[d], 1, t, sizeof(t));
		put(l, " %*s", w->traffic, t);
	}
	put(l, " ");
	for (int c = 0; c < HISI_PCIE_BW_KINDS; c++)
		cell(l, 8, 1, k->kind_mbps[c]);
	put(l, " ");
	for (int c = 0; c < HISI_PCIE_LAT_KINDS; c++)
		cell(l, 7, 0, k->lat_ns[c]);
	put(l, "  %-*s", w->pmu, pmu);
	tune_cell(l, r);
}

static void header(struct line *l, const struct widths *w)
{
	static const char *const bw[] = {"RX_MWR", "RX_MRD", "RX_CPL",
					 "TX_MWR", "TX_MRD", "TX_CPL"};
	static const char *const lat[] = {"L_RXMWR", "L_RXMRD", "L_TXMRD"};

	put(l, "%-*s", w->bdf, "ROOT PORT");
	put(l, " %-*s", w->link, "LINK");
	put(l, " %*s ", w->util, "RX%");
	put(l, " %*s ", w->util, "TX%");
	put(l, " %*s", w->traffic, "RX MB/s");
	put(l, " %*s", w->traffic, "TX MB/s");
	put(l, " ");
	for (int k = 0; k < HISI_PCIE_BW_KINDS; k++)
		put(l, " %8s", bw[k]);
	put(l, " ");
	for (int k = 0; k < HISI_PCIE_LAT_KINDS; k++)
		put(l, " %7s", lat[k]);
	put(l, "  %-*s", w->pmu, "PMU:PORT");
	put(l, "  %s", "TUNE");
}

static bool ranged(const struct link *k)
{
	return k->dir[LINK_RX].basis == LINK_RANGE || k->dir[LINK_TX].basis == LINK_RANGE;
}

/* A note per shared port bit, on its first Root Port's row: who shares it and how it was split. */
static void shared_note(struct line *l, int width, const struct top_frame *f, size_t i)
{
	const struct link *k = f->rows[i].k;
	bool range = ranged(k);
	char note[512];

	for (size_t j = 0; j < i; j++)
		if (strstr(k->shares, f->rows[j].k->bdf))
			return;
	for (size_t j = i + 1; j < f->n; j++)
		if (strstr(k->shares, f->rows[j].k->bdf))
			range |= ranged(f->rows[j].k);
	snprintf(note, sizeof(note),
		 "%s shares port bit %#x of pcie%u_core%u with %s: their traffic is split by "
		 "requester (bdf=) counters%s; their latencies are the bit's.",
		 k->bdf, k->port, k->sicl, k->core, k->shares,
		 range ? ", and a range is what the bit counted beyond them (a peer's traffic, or "
			 "counters the PMU has not run yet), which either link may have carried"
		       : "");
	wrapped(l, width, note);
}

static void notes(struct line *l, int width, const struct top_frame *f)
{
	bool busy = false;

	for (size_t i = 0; i < f->n; i++) {
		const struct link *k = f->rows[i].k;

		busy |= k->dir[LINK_RX].busy || k->dir[LINK_TX].busy;
		if (k->shares[0])
			shared_note(l, width, f, i);
	}
	if (busy)
		wrapped(l, width,
			"!: at 90 % or more of what the link carries for TLPs (for a range, at its "
			"top): saturated, or may be.");
}

static void title(struct line *l, const struct top_frame *f, int width)
{
	put(l, "pciescope top - %s - %.3f s - every %u ms", f->backend, f->time_s, f->interval_ms);
	put(l, " - q quits");
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
		if ((int)strlen(note) > l->left)
			end_line(l, width);
		put(l, "%s", l->left == width ? note + 3 : note);
	}
	end_line(l, width);
}

void top_render_text(FILE *out, const struct top_frame *f, bool clear, int width)
{
	struct line l = {out, width, false};
	struct widths w = column_widths(f);

	if (clear)
		fputs("\033[H\033[2J", out);
	title(&l, f, width);
	wrapped(&l, width,
		"RX%/TX%: link use per direction, traffic over what the link carries for TLPs; "
		"MB/s, latency ns; PTT tune levels cpl/np/p/rxbuf/txbuf");
	end_line(&l, width);
	header(&l, &w);
	end_line(&l, width);
	for (size_t i = 0; i < f->n; i++) {
		text_row(&l, &w, &f->rows[i]);
		end_line(&l, width);
	}
	notes(&l, width, f);
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

static const char *basis_name(enum link_basis b)
{
	static const char *const names[] = {"unknown", "counted", "split", "range", "traced"};

	return names[b];
}

static json_t *rx_tx(json_t *rx, json_t *tx)
{
	json_t *o = json_object();

	json_object_set_new(o, "rx", rx);
	json_object_set_new(o, "tx", tx);
	return o;
}

static json_t *ranges(const struct link *k)
{
	json_t *o = json_object();

	for (int d = 0; d < LINK_NDIR; d++) {
		const struct link_flow *f = &k->dir[d];
		json_t *r = json_null();

		if (f->lo_mbps >= 0)
			r = json_pack("[oo]", rounded(f->lo_mbps, 1), rounded(f->hi_mbps, 1));
		json_object_set_new(o, d == LINK_RX ? "rx" : "tx", r);
	}
	return o;
}

static void json_figures(json_t *o, const struct link *k)
{
	json_t *bw = json_object(), *lat = json_object(), *basis = json_object(),
	       *busy = json_object();

	for (int c = 0; c < HISI_PCIE_BW_KINDS; c++)
		json_object_set_new(bw, hisi_pcie_bw_kinds[c], num(k->kind_mbps[c], 1));
	for (int c = 0; c < HISI_PCIE_LAT_KINDS; c++)
		json_object_set_new(lat, hisi_pcie_lat_kinds[c], num(k->lat_ns[c], 0));
	for (int d = 0; d < LINK_NDIR; d++) {
		json_object_set_new(basis, d == LINK_RX ? "rx" : "tx",
				    json_string(basis_name(k->dir[d].basis)));
		json_object_set_new(busy, d == LINK_RX ? "rx" : "tx", json_boolean(k->dir[d].busy));
	}
	json_object_set_new(o, "bandwidth_mb_per_s", bw);
	json_object_set_new(
	    o, "traffic_mb_per_s",
	    rx_tx(num(k->dir[LINK_RX].traffic_mbps, 1), num(k->dir[LINK_TX].traffic_mbps, 1)));
	json_object_set_new(o, "traffic_range_mb_per_s", ranges(k));
	json_object_set_new(o, "basis", basis);
	json_object_set_new(o, "latency_ns", lat);
	json_object_set_new(
	    o, "reads_per_s",
	    rx_tx(num(k->dir[LINK_RX].reads_per_s, 0), num(k->dir[LINK_TX].reads_per_s, 0)));
	json_object_set_new(o, "utilization_rx_pct", num(k->dir[LINK_RX].util_pct, 1));
	json_object_set_new(o, "utilization_tx_pct", num(k->dir[LINK_TX].util_pct, 1));
	json_object_set_new(o, "busy", busy);
}

static json_t *json_row(const struct top_row *r)
{
	const struct link *k = r->k;
	json_t *o = json_object(), *tune = json_object(), *shares = json_array();
	char copy[sizeof(k->shares)], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", k->shares);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		json_array_append_new(shares, json_string(t));
	for (int c = 0; c < HISI_PTT_TUNE_NPARAM; c++)
		json_object_set_new(tune, hisi_ptt_tune_params[c],
				    r->tune[c] < 0 ? json_null() : json_integer(r->tune[c]));
	json_object_set_new(o, "root_port", json_string(k->bdf));
	json_object_set_new(o, "sicl", json_integer(k->sicl));
	json_object_set_new(o, "core", json_integer(k->core));
	json_object_set_new(o, "port", json_integer(k->port));
	json_object_set_new(o, "shared_port_bit", json_boolean(k->shares[0] != 0));
	json_object_set_new(o, "shares_port_bit_with", shares);
	json_object_set_new(o, "link_speed_gts",
			    k->speed_gts > 0 ? json_real(k->speed_gts) : json_null());
	json_object_set_new(o, "link_width", k->width ? json_integer(k->width) : json_null());
	json_object_set_new(o, "mps", k->mps ? json_integer(k->mps) : json_null());
	json_object_set_new(o, "capacity_mb_per_s",
			    k->capacity_mbps > 0 ? rounded(k->capacity_mbps, 1) : json_null());
	json_figures(o, k);
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
