/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A table of text cells built row by row and printed once complete, so that
 * column widths fit the widest cell.  The same table prints as aligned text,
 * CSV or an HTML <table>, so every view has its three renderings for free.
 */
#ifndef PCIESCOPE_OUT_TABLE_H
#define PCIESCOPE_OUT_TABLE_H

#include <stdio.h>

#define OUT_TABLE_MAX_COLS 32

struct out_table;

/*
 * ncols columns named by headers; align holds one letter per column, 'l' or
 * 'r' (text output only).  NULL when out of memory or ncols is not
 * 1..OUT_TABLE_MAX_COLS.
 */
struct out_table *out_table_new(int ncols, const char *const *headers, const char *align);
void out_table_free(struct out_table *t);

/* Appends a cell to the current row; a row is complete after ncols cells. */
int out_table_cell(struct out_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
size_t out_table_rows(const struct out_table *t);

void out_table_print(const struct out_table *t, FILE *f);
void out_table_print_csv(const struct out_table *t, FILE *f);
void out_table_print_html(const struct out_table *t, FILE *f);

#endif
