/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Charts as inline SVG: a bar chart (e.g. the TLP mix), a line chart
 * (bandwidth over time) and a histogram (latency).  Each chart is one
 * <svg class="chart"> element of fixed size with axes, ticks at round
 * values, labels and a title, drawn with no script so any browser or
 * image viewer shows it.
 */
#ifndef PCIESCOPE_OUT_SVG_H
#define PCIESCOPE_OUT_SVG_H

#include <stddef.h>
#include <stdio.h>

#define SVG_WIDTH 720
#define SVG_HEIGHT 320

/* One bar per label, heights v[i]; unit names the value axis. */
void svg_bar_chart(FILE *f, const char *title, const char *const *labels, const double *v, size_t n,
		   const char *unit);

struct svg_series {
	const char *name;
	const double *y;
	const char *color; /* CSS colour */
};

/* Lines of ns series over the shared x[0..n). */
void svg_line_chart(FILE *f, const char *title, const double *x, size_t n,
		    const struct svg_series *s, size_t ns, const char *xunit, const char *yunit);

/* n bins of equal width starting at x0: bin i is [x0 + i*w, x0 + (i+1)*w). */
void svg_histogram(FILE *f, const char *title, double x0, double w, const double *count, size_t n,
		   const char *xunit);

/* v with an SI prefix and up to 3 significant digits ("1.5k", "12M", "0.25"). */
char *svg_fmt_si(double v, char *buf, size_t n);

#endif
