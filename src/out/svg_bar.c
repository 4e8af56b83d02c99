// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bar chart.  Labels are slanted when bars are narrow so that names such as
 * "FetchAdd64" stay readable, and each bar carries its value on top.
 */
#include <pciescope/out/html.h>

#include "svg_internal.h"

void svg_bar_chart(FILE *f, const char *title, const char *const *labels, const double *v, size_t n,
		   const char *unit)
{
	struct svg_scale s = {0, 1, 0, 0};
	double max = 0, step, slot, bw;
	char buf[32];

	for (size_t i = 0; i < n; i++)
		if (v[i] > max)
			max = v[i];
	step = svg_nice_step(max, 5);
	s.yhi = svg_nice_ceil(max, step);
	svg_open(f, title);
	svg_y_axis(f, &s, step, unit);
	slot = n ? PLOT_W / (double)n : PLOT_W;
	bw = slot * 0.7;
	for (size_t i = 0; i < n; i++) {
		double x = PLOT_L + slot * (double)i + (slot - bw) / 2, y = svg_py(&s, v[i]);
		double lx = x + bw / 2, ly = PLOT_T + PLOT_H + 14;

		fprintf(f,
			"<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#4a7fb5\"/>\n",
			x, y, bw, PLOT_T + PLOT_H - y);
		svg_text(f, lx, y - 4, "middle", svg_fmt_si(v[i], buf, sizeof(buf)));
		if (slot < 60) {
			fprintf(f,
				"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
				"transform=\"rotate(-40 %.1f %.1f)\">",
				lx, ly, lx, ly);
			html_escape(f, labels[i]);
			fputs("</text>\n", f);
		} else {
			svg_text(f, lx, ly, "middle", labels[i]);
		}
	}
	svg_close(f);
}
