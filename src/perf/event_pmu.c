// SPDX-License-Identifier: GPL-2.0-only
/*
 * Turning a PMU event's terms into perf_event_attr the way perf 6.1 does, in
 * its three passes:
 *  1. aliases: a term that is not a format and has the value 1 (bare or
 *     "=1"), or event=<name>, is replaced in place by the terms of the
 *     events/ file of that name (matched without regard to case);
 *  2. hardcoded terms, in order: config=, config1=, config2= assign their
 *     field (the last one wins), name=, period=, percore, metric-id=;
 *  3. format terms, in order, OR their value into the field's bits; an
 *     unknown term or a value wider than the format is an error naming the
 *     term and the PMU.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "event_internal.h"

static const char *const hardcoded[] = {"config", "config1", "config2",	 "name",
					"period", "percore", "metric-id"};

static bool is_hardcoded(const char *name)
{
	for (size_t i = 0; i < sizeof(hardcoded) / sizeof(hardcoded[0]); i++)
		if (!strcmp(name, hardcoded[i]))
			return true;
	return false;
}

static const struct perf_pmu_alias *alias_of(const struct perf_pmu *p, const struct perf_term *t)
{
	if (is_hardcoded(t->name))
		return NULL;
	if (t->str)
		return strcasecmp(t->name, "event") ? NULL : perf_pmu__alias(p, t->str);
	if (t->val != 1 || perf_pmu__format(p, t->name))
		return NULL;
	return perf_pmu__alias(p, t->name);
}

static int splice(struct perf_event_spec *ev, size_t at, struct term_list *in)
{
	size_t n = ev->nterms - 1 + in->n;
	struct perf_term *v = malloc((n ? n : 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	memcpy(v, ev->terms, at * sizeof(*v));
	memcpy(v + at, in->v, in->n * sizeof(*v));
	memcpy(v + at + in->n, ev->terms + at + 1, (ev->nterms - at - 1) * sizeof(*v));
	free(ev->terms[at].name);
	free(ev->terms[at].str);
	free(ev->terms);
	free(in->v);
	ev->terms = v;
	ev->nterms = n;
	return 0;
}

static int expand_aliases(const struct perf_pmu *p, struct perf_event_spec *ev, struct error *e)
{
	/* No i++ after a splice: the spliced terms are from_alias, so skipped. */
	for (size_t i = 0; i < ev->nterms;) {
		const struct perf_pmu_alias *a;
		struct term_list tl;
		int r;

		if (ev->terms[i].from_alias || !(a = alias_of(p, &ev->terms[i]))) {
			i++;
			continue;
		}
		if (ev->alias) {
			return error_set(e, -EINVAL,
					 "more than one event ('%s', '%s') for pmu '%s'", ev->alias,
					 a->name, p->name);
		}
		ev->alias = strdup(a->name);
		if (!ev->alias)
			return -ENOMEM;
		r = terms_lex(a->terms, strlen(a->terms), true, &tl, e);
		if (r) {
			return error_set(e, r, "bad event '%s' of pmu '%s': '%s'", a->name, p->name,
					 a->terms);
		}
		r = splice(ev, i, &tl);
		if (r)
			return r;
	}
	return 0;
}

static int need_number(const struct perf_pmu *p, const struct perf_term *t, struct error *e)
{
	if (!t->str)
		return 0;
	return error_set(e, -EINVAL, "expected numeric value for term '%s' of pmu '%s'", t->name,
			 p->name);
}

static int apply_hardcoded(const struct perf_pmu *p, struct perf_event_spec *ev,
			   const struct perf_term *t, struct error *e)
{
	struct perf_event_attr *a = &ev->attr;

	if (!strcmp(t->name, "name") || !strcmp(t->name, "metric-id")) {
		if (!t->str) {
			return error_set(e, -EINVAL, "expected a string for term '%s' of pmu '%s'",
					 t->name, p->name);
		}
		if (t->name[0] == 'n') {
			free(ev->name);
			ev->name = strdup(t->str);
			return ev->name ? 0 : -ENOMEM;
		}
		return 0;
	}
	if (need_number(p, t, e))
		return -EINVAL;
	if (!strcmp(t->name, "config"))
		a->config = t->val;
	else if (!strcmp(t->name, "config1"))
		a->config1 = t->val;
	else if (!strcmp(t->name, "config2"))
		a->config2 = t->val;
	else if (!strcmp(t->name, "period"))
		a->sample_period = t->val;
	return 0;
}

static void valid_terms(const struct perf_pmu *p, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = 0;
	for (size_t i = 0; i < p->nformats + sizeof(hardcoded) / sizeof(hardcoded[0]); i++) {
		const char *name =
		    i < p->nformats ? p->formats[i].name : hardcoded[i - p->nformats];
		int w = snprintf(buf + len, n - len, "%s%s", len ? "," : "", name);

		if (w < 0 || (size_t)w >= n - len)
			return;
		len += (size_t)w;
	}
}

static int apply_format(const struct perf_pmu *p, struct perf_event_spec *ev,
			const struct perf_term *t, struct error *e)
{
	const struct perf_format *f = perf_pmu__format(p, t->name);
	char valid[512];

	if (!f) {
		valid_terms(p, valid, sizeof(valid));
		return error_set(e, -EINVAL, "unknown term '%s' for pmu '%s' (valid terms: %s)",
				 t->name, p->name, valid);
	}
	if (need_number(p, t, e))
		return -EINVAL;
	if (t->val > perf_format_max(f)) {
		return error_set(e, -EINVAL,
				 "value too big for format '%s' of pmu '%s', maximum is %llu",
				 t->name, p->name, (unsigned long long)perf_format_max(f));
	}
	perf_format_apply(f, t->val, &ev->attr);
	return 0;
}

int pmu_event_encode(const struct perf_pmu *p, struct perf_event_spec *ev, struct error *e)
{
	int r = expand_aliases(p, ev, e);

	ev->attr.type = p->type;
	for (size_t i = 0; !r && i < ev->nterms; i++)
		if (is_hardcoded(ev->terms[i].name))
			r = apply_hardcoded(p, ev, &ev->terms[i], e);
	for (size_t i = 0; !r && i < ev->nterms; i++)
		if (!is_hardcoded(ev->terms[i].name))
			r = apply_format(p, ev, &ev->terms[i], e);
	return r;
}
