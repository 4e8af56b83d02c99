/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Findings: what diagnosis says about a link, as data.  Each finding has a
 * stable id from the catalogue (docs/diagnose.md), a severity, a subject (a
 * BDF, a Root Port or a PMU), a one-line summary with its numbers, the
 * figures it rests on (evidence), what to change (advice) and, for the HTML
 * page, an optional bar chart of its evidence.  Nothing here prints.
 */
#ifndef PCIESCOPE_DIAG_FINDING_H
#define PCIESCOPE_DIAG_FINDING_H

#include <stddef.h>

enum diag_severity { DIAG_INFO, DIAG_WARNING, DIAG_ERROR };

#define DIAG_MAX_FIGURES 8
#define DIAG_MAX_BARS 32

struct diag_figure {
	char name[32]; /* snake_case: the JSON key */
	double value;
};

struct diag_bar {
	char label[24];
	double value;
};

struct diag_finding {
	char id[32];
	enum diag_severity severity;
	char subject[48];
	char summary[256];
	char advice[256];
	/* "id subject" of the finding that explains this one; "" = none */
	char cause[80];
	struct diag_figure fig[DIAG_MAX_FIGURES];
	size_t nfig;
	char chart_title[80], chart_unit[16]; /* chart_title "" = no chart */
	struct diag_bar bar[DIAG_MAX_BARS];
	size_t nbar;
};

struct diag_findings {
	struct diag_finding *f;
	size_t n, cap;
};

const char *diag_severity_name(enum diag_severity s); /* "info", "warning", "error" */

/* A new finding at the end of l (zeroed but for id, severity, subject); NULL if out of memory. */
struct diag_finding *diag_add(struct diag_findings *l, const char *id, enum diag_severity s,
			      const char *subject);
/* Appends a figure (dropped beyond DIAG_MAX_FIGURES). */
void diag_figure(struct diag_finding *f, const char *name, double value);
/* Appends a bar of the finding's chart (dropped beyond DIAG_MAX_BARS). */
void diag_bar(struct diag_finding *f, const char *label, double value);
void diag_findings_free(struct diag_findings *l);
/* Number of findings of at least severity s. */
size_t diag_count_at_least(const struct diag_findings *l, enum diag_severity s);

#endif
