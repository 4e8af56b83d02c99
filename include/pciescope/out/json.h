/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal JSON emitting for writers that stream large documents (trace
 * events) and cannot build a tree first: escaped strings and numbers that
 * are always valid JSON (no NaN or infinity), written as out/num.h says.
 */
#ifndef PCIESCOPE_OUT_JSON_H
#define PCIESCOPE_OUT_JSON_H

#include <stdio.h>

/* s as a quoted JSON string: ", \ and control characters escaped. */
void out_json_string(FILE *f, const char *s);
/* A number a program reads back, every digit it needs (a timestamp); NaN or infinity: null. */
void out_json_number(FILE *f, double v);
/* A measured figure, to OUT_NUM_DIGITS significant digits; nothing measured (NaN): null. */
void out_json_figure(FILE *f, double v);

#endif
