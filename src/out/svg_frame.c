// SPDX-License-Identifier: GPL-2.0-only
/*
 * Chart frame: the three charts share one layout (fixed size, plot area
 * with margins for labels) so a page of them lines up, and tick values are
 * 1, 2 or 5 times a power of ten so that axes read at a glance.
 */
#include <math.h>
#include <string.h>

#include <pciescope/out/html.h>

#include <pciescope/out/num.h>

#include "svg_internal.h"

double svg_px(const struct svg_scale *s, double x)
{
	double span = s->xhi - s->xlo;

	return PLOT_L + (span > 0 ? (x - s->xlo) / span : 0) * PLOT_W;
}

double svg_py(const struct svg_scale *s, double y)
{
	double span = s->yhi - s->ylo;

	return PLOT_T + PLOT_H - (span > 0 ? (y - s->ylo) / span : 0) * PLOT_H;
}

double svg_nice_step(double span, int n)
{
	double raw, mag, r;

	if (!(span > 0) || !isfinite(span))
		return 1;
	raw = span / n;
	mag = pow(10, floor(log10(raw)));
	r = raw / mag;
	return (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * mag;
}

double svg_nice_ceil(double v, double step)
{
	return v > 0 ? ceil(v / step - 1e-9) * step : step;
}

char *svg_fmt_si(double v, char *buf, size_t n)
{
	static const char *const pre[] = {"", "k", "M", "G", "T", "P"};
	int i = 0;

	if (fabs(v) < 1e-12)
		v = 0; /* no "-0" from rounding */
	while (fabs(v) >= 1000 && i < 5) {
		v /= 1000;
		i++;
	}
	out_num_sig(buf, n, v, 3);
	snprintf(buf + strlen(buf), n - strlen(buf), "%s", pre[i]);
	return buf;
}

void svg_text(FILE *f, double x, double y, const char *anchor, const char *text)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", x, y, anchor);
	html_escape(f, text);
	fputs("</text>\n", f);
}

void svg_open(FILE *f, const char *title)
{
	fprintf(f,
		"<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
		SVG_WIDTH, SVG_HEIGHT, SVG_WIDTH, SVG_HEIGHT);
	html_escape(f, title);
	fprintf(f, "\">\n<text class=\"title\" x=\"8\" y=\"%.0f\">", TITLE_Y);
	html_escape(f, title);
	fputs("</text>\n", f);
}

void svg_close(FILE *f)
{
	fputs("</svg>\n", f);
}

void svg_y_axis(FILE *f, const struct svg_scale *s, double step, const char *unit)
{
	char buf[32];

	for (double y = s->ylo; y <= s->yhi + step / 2; y += step) {
		double py = svg_py(s, y);

		fprintf(f,
			"<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			PLOT_L, py, PLOT_L + PLOT_W, py);
		svg_text(f, PLOT_L - 6, py + 4, "end", svg_fmt_si(y, buf, sizeof(buf)));
	}
	fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		PLOT_L, PLOT_T, PLOT_L, PLOT_T + PLOT_H);
	fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		PLOT_L, PLOT_T + PLOT_H, PLOT_L + PLOT_W, PLOT_T + PLOT_H);
	fprintf(f,
		"<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" "
		"text-anchor=\"middle\">",
		PLOT_T + PLOT_H / 2, PLOT_T + PLOT_H / 2);
	html_escape(f, unit);
	fputs("</text>\n", f);
}

void svg_x_axis(FILE *f, const struct svg_scale *s, const char *unit)
{
	double step = svg_nice_step(s->xhi - s->xlo, 8);
	double x = ceil(s->xlo / step - 1e-9) * step;
	char buf[32];

	for (; x <= s->xhi + step * 1e-9; x += step) {
		double px = svg_px(s, x);

		fprintf(f,
			"<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			px, PLOT_T + PLOT_H, px, PLOT_T + PLOT_H + 5);
		svg_text(f, px, PLOT_T + PLOT_H + 18, "middle", svg_fmt_si(x, buf, sizeof(buf)));
	}
	svg_text(f, PLOT_L + PLOT_W / 2, SVG_HEIGHT - 12, "middle", unit);
}
