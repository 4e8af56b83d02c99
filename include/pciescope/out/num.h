/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Numbers as every exporter writes them, so that the same figure reads the
 * same in text, CSV, HTML and JSON:
 * - a figure a person reads has the digits a measurement has (six
 *   significant), is never in exponent notation, and a whole number is
 *   written as one ("354200000", not "3.542e+08" or "354200000.0");
 * - a value a program reads back (a Chrome trace's timestamp, a Prometheus
 *   sample) keeps every digit it needs to round-trip, and no more
 *   ("0.1", not "0.10000000000000001");
 * - nothing measured (NaN) is "-" in text and null in JSON.
 * Each writes into buf (OUT_NUM_LEN bytes are always enough) and returns it.
 */
#ifndef PCIESCOPE_OUT_NUM_H
#define PCIESCOPE_OUT_NUM_H

#include <stddef.h>

#define OUT_NUM_LEN 48
/* Significant digits of a measured figure. */
#define OUT_NUM_DIGITS 6

/* v to digits significant digits, fixed-point, trailing zeros dropped; NaN: "-". */
char *out_num_sig(char *buf, size_t n, double v, int digits);
/*
 * A quantity that is whole unless a fractional unit scaled it (ticks x
 * --tick in ns): the integer when v is whole, else decimals decimals; NaN: "-".
 */
char *out_num_whole(char *buf, size_t n, double v, int decimals);
/* The shortest form that reads back as v exactly (exponent allowed); NaN: "NaN". */
char *out_num_exact(char *buf, size_t n, double v);

#endif
