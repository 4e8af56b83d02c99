/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Self-contained HTML pages: the style sheet is inline and nothing is loaded
 * from anywhere (no scripts, fonts or images), so a report opens offline
 * and can be mailed as one file.
 */
#ifndef PCIESCOPE_OUT_HTML_H
#define PCIESCOPE_OUT_HTML_H

#include <stdio.h>

/* s with &, <, >, " and ' escaped; for text and attribute values alike. */
void html_escape(FILE *f, const char *s);

/* Doctype, head with title and inline style, opening of the body, <h1>. */
void html_begin(FILE *f, const char *title);
/* A <section> with an <h2> heading; html_section_end closes it. */
void html_section(FILE *f, const char *heading);
void html_section_end(FILE *f);
/* A paragraph of escaped text. */
void html_para(FILE *f, const char *text);
/* Closes the page; returns 0 or -EIO if writing failed. */
int html_end(FILE *f);

#endif
