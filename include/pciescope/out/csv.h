/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CSV fields quoted as RFC 4180 does: a field is quoted when it holds a
 * comma, a quote, CR or LF, and quotes inside are doubled.  Records end in
 * LF rather than the RFC's CRLF, as the Unix tools that read them expect.
 */
#ifndef PCIESCOPE_OUT_CSV_H
#define PCIESCOPE_OUT_CSV_H

#include <stddef.h>
#include <stdio.h>

void csv_field(FILE *f, const char *s);
/* n fields separated by commas, then a newline. */
void csv_record(FILE *f, const char *const *fields, size_t n);

#endif
