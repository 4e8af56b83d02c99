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
 * right.  The JSON of a frame is top_json.c's.
 */
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
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%d", k ? "/" : "", r->tune[k]);
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
