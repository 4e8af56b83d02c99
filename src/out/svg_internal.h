/* SPDX-License-Identifier: GPL-2.0-only */
/* The frame shared by the SVG charts: plot area, scales, axes and ticks. */
#ifndef PCIESCOPE_OUT_SVG_INTERNAL_H
#define PCIESCOPE_OUT_SVG_INTERNAL_H

#include <pciescope/out/svg.h>

#define PLOT_L 72.0
#define PLOT_R 20.0
/* The title's row, then the legend's, then the plot. */
#define TITLE_Y 20.0
#define LEGEND_Y 38.0
#define PLOT_T 52.0
#define PLOT_B 64.0
#define PLOT_W (SVG_WIDTH - PLOT_L - PLOT_R)
#define PLOT_H (SVG_HEIGHT - PLOT_T - PLOT_B)

/* A linear scale from [lo, hi] onto the plot area. */
struct svg_scale {
	double xlo, xhi, ylo, yhi;
};

double svg_px(const struct svg_scale *s, double x);
double svg_py(const struct svg_scale *s, double y);

/* A round step giving about n ticks over span, and hi rounded up to it. */
double svg_nice_step(double span, int n);
double svg_nice_ceil(double v, double step);

void svg_open(FILE *f, const char *title);
void svg_close(FILE *f);
/* Grid lines and labels at round values of y, the axis lines, the y unit. */
void svg_y_axis(FILE *f, const struct svg_scale *s, double step, const char *unit);
/* Ticks and labels at round values of x, and the x unit under them. */
void svg_x_axis(FILE *f, const struct svg_scale *s, const char *unit);
void svg_text(FILE *f, double x, double y, const char *anchor, const char *text);

#endif
