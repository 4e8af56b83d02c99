// SPDX-License-Identifier: GPL-2.0-only
/*
 * The finding list: grown by the rules, read by the printers.  Fixed-size
 * text fields keep a finding one allocation-free value, so rules fill them
 * with snprintf and never fail half-way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/finding.h>

const char *diag_severity_name(enum diag_severity s)
{
	static const char *const names[] = {"info", "warning", "error"};

	return s <= DIAG_ERROR ? names[s] : "?";
}

struct diag_finding *diag_add(struct diag_findings *l, const char *id, enum diag_severity s,
			      const char *subject)
{
	struct diag_finding *f;

	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		struct diag_finding *p = realloc(l->f, cap * sizeof(*p));

		if (!p)
			return NULL;
		l->f = p;
		l->cap = cap;
	}
	f = &l->f[l->n++];
	memset(f, 0, sizeof(*f));
	snprintf(f->id, sizeof(f->id), "%s", id);
	f->severity = s;
	snprintf(f->subject, sizeof(f->subject), "%s", subject);
	return f;
}

void diag_figure(struct diag_finding *f, const char *name, double value)
{
	if (f->nfig == DIAG_MAX_FIGURES)
		return;
	snprintf(f->fig[f->nfig].name, sizeof(f->fig[0].name), "%s", name);
	f->fig[f->nfig++].value = value;
}

void diag_bar(struct diag_finding *f, const char *label, double value)
{
	if (f->nbar == DIAG_MAX_BARS)
		return;
	snprintf(f->bar[f->nbar].label, sizeof(f->bar[0].label), "%s", label);
	f->bar[f->nbar++].value = value;
}

void diag_findings_free(struct diag_findings *l)
{
	free(l->f);
	l->f = NULL;
	l->n = l->cap = 0;
}

size_t diag_count_at_least(const struct diag_findings *l, enum diag_severity s)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += l->f[i].severity >= s;
	return n;
}
