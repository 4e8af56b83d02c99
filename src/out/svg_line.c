// SPDX-License-Identifier: GPL-2.0-only
/*
 * Line chart: one polyline per series over a shared x axis, with a legend.
 * Plain polylines (no markers) keep the file small for long timelines.
 */
#include "svg_internal.h"

static void legend(FILE *f, const struct svg_series *s, size_t ns)
{
	for (size_t k = 0; k < ns; k++) {
		/* on a row of its own: a long title would run under it */
		double x = PLOT_L + PLOT_W - 130.0 * (double)(ns - k), y = LEGEND_Y;

		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
			x, y - 10, s[k].color);
		svg_text(f, x + 16, y, "start", s[k].name);
	}
}

void svg_line_chart(FILE *f, const char *title, const double *x, size_t n,
		    const struct svg_series *s, size_t ns, const char *xunit, const char *yunit)
{
	struct svg_scale sc = {0, 1, 0, 0};
	double max = 0, step;

	if (n) {
		sc.xlo = x[0];
		sc.xhi = x[n - 1] > x[0] ? x[n - 1] : x[0] + 1;
	}
	for (size_t k = 0; k < ns; k++)
		for (size_t i = 0; i < n; i++)
			if (s[k].y[i] > max)
				max = s[k].y[i];
	step = svg_nice_step(max, 5);
	sc.yhi = svg_nice_ceil(max, step);
	svg_open(f, title);
	svg_y_axis(f, &sc, step, yunit);
	svg_x_axis(f, &sc, xunit);
	for (size_t k = 0; k < ns; k++) {
		fprintf(f,
			"<polyline class=\"series\" fill=\"none\" stroke=\"%s\" "
			"stroke-width=\"1.5\" points=\"",
			s[k].color);
		for (size_t i = 0; i < n; i++)
			fprintf(f, "%s%.1f,%.1f", i ? " " : "", svg_px(&sc, x[i]),
				svg_py(&sc, s[k].y[i]));
		fputs("\"/>\n", f);
	}
	legend(f, s, ns);
	svg_close(f);
}
