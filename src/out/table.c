// SPDX-License-Identifier: GPL-2.0-only
/*
 * Table cells are kept as separate strings until printing: widths are only
 * known once every row is in, and the CSV and HTML renderings need the raw
 * cell text rather than padded lines.
 */
#define _GNU_SOURCE /* vasprintf */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/out/csv.h>
#include <pciescope/out/html.h>
#include <pciescope/out/table.h>

struct out_table {
	int ncols;
	char **header;
	char *align;
	char **cell;
	size_t ncell, cap;
};

struct out_table *out_table_new(int ncols, const char *const *headers, const char *align)
{
	struct out_table *t;

	if (ncols < 1 || ncols > OUT_TABLE_MAX_COLS)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->ncols = ncols;
	t->header = calloc((size_t)ncols, sizeof(char *));
	t->align = strdup(align);
	if (!t->header || !t->align) {
		out_table_free(t);
		return NULL;
	}
	for (int i = 0; i < ncols; i++)
		if (!(t->header[i] = strdup(headers[i]))) {
			out_table_free(t);
			return NULL;
		}
	return t;
}

void out_table_free(struct out_table *t)
{
	if (!t)
		return;
	for (int i = 0; t->header && i < t->ncols; i++)
		free(t->header[i]);
	for (size_t i = 0; i < t->ncell; i++)
		free(t->cell[i]);
	free(t->header);
	free(t->cell);
	free(t->align);
	free(t);
}

int out_table_cell(struct out_table *t, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	if (t->ncell == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		char **p = realloc(t->cell, cap * sizeof(char *));

		if (!p)
			return -1;
		t->cell = p;
		t->cap = cap;
	}
	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	t->cell[t->ncell++] = s;
	return 0;
}

size_t out_table_rows(const struct out_table *t)
{
	return t->ncell / (size_t)t->ncols;
}

static const char *cell(const struct out_table *t, size_t row, int col)
{
	size_t i = row * (size_t)t->ncols + (size_t)col;

	return i < t->ncell ? t->cell[i] : "";
}

static void print_row(const struct out_table *t, FILE *f, const size_t *w, size_t row, bool header)
{
	for (int c = 0; c < t->ncols; c++) {
		const char *s = header ? t->header[c] : cell(t, row, c);
		bool last = c == t->ncols - 1;

		if (t->align[c] == 'r')
			fprintf(f, "%*s", (int)w[c], s);
		else
			fprintf(f, "%-*s", last ? 0 : (int)w[c], s);
		fputs(last ? "\n" : "  ", f);
	}
}

static size_t rows_incl_partial(const struct out_table *t)
{
	return (t->ncell + (size_t)t->ncols - 1) / (size_t)t->ncols;
}

void out_table_print(const struct out_table *t, FILE *f)
{
	size_t w[OUT_TABLE_MAX_COLS] = {0}, n = rows_incl_partial(t);

	for (int c = 0; c < t->ncols; c++) {
		w[c] = strlen(t->header[c]);
		for (size_t r = 0; r < n; r++)
			if (strlen(cell(t, r, c)) > w[c])
				w[c] = strlen(cell(t, r, c));
	}
	print_row(t, f, w, 0, true);
	for (size_t r = 0; r < n; r++)
		print_row(t, f, w, r, false);
}

void out_table_print_csv(const struct out_table *t, FILE *f)
{
	size_t n = rows_incl_partial(t);
	const char **row = calloc((size_t)t->ncols, sizeof(char *));

	if (!row)
		return;
	csv_record(f, (const char *const *)t->header, (size_t)t->ncols);
	for (size_t r = 0; r < n; r++) {
		for (int c = 0; c < t->ncols; c++)
			row[c] = cell(t, r, c);
		csv_record(f, row, (size_t)t->ncols);
	}
	free(row);
}

void out_table_print_html(const struct out_table *t, FILE *f)
{
	size_t n = rows_incl_partial(t);

	fputs("<table>\n<thead><tr>", f);
	for (int c = 0; c < t->ncols; c++) {
		fputs("<th>", f);
		html_escape(f, t->header[c]);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t r = 0; r < n; r++) {
		fputs("<tr>", f);
		for (int c = 0; c < t->ncols; c++) {
			fputs(t->align[c] == 'r' ? "<td class=\"num\">" : "<td>", f);
			html_escape(f, cell(t, r, c));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
}
