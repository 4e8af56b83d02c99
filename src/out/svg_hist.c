// SPDX-License-Identifier: GPL-2.0-only
/*
 * Histogram: adjacent bars of equal width on a linear value axis, so that
 * the shape of a latency distribution (its mode and tail) shows directly.
 */
#include "svg_internal.h"

void svg_histogram(FILE *f, const char *title, double x0, double w, const double *count, size_t n,
		   const char *xunit)
{
	struct svg_scale s = {x0, x0 + w * (double)(n ? n : 1), 0, 0};
	double max = 0, step;

	for (size_t i = 0; i < n; i++)
		if (count[i] > max)
			max = count[i];
	step = svg_nice_step(max, 5);
	s.yhi = svg_nice_ceil(max, step);
	svg_open(f, title);
	svg_y_axis(f, &s, step, "count");
	svg_x_axis(f, &s, xunit);
	for (size_t i = 0; i < n; i++) {
		double l = svg_px(&s, x0 + w * (double)i), r = svg_px(&s, x0 + w * (double)(i + 1));
		double y = svg_py(&s, count[i]);

		fprintf(f,
			"<rect class=\"bin\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#c0504d\" stroke=\"#fff\" stroke-width=\"0.5\"/>\n",
			l, y, r - l, PLOT_T + PLOT_H - y);
	}
	svg_close(f);
}
