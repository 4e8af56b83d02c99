// SPDX-License-Identifier: GPL-2.0-only
/*
 * The top level of the event syntax: a comma list of events and {groups}.
 * An event is pmu/terms/[mods], a legacy symbol[:mods] or rHEX[:mods]; a
 * group may carry :mods for all its members.  Events are parsed into a
 * scratch list first, so a bad -e leaves the caller's list untouched; it
 * grows by doubling, since growing it by one event made a long -e list
 * quadratic (found by fuzz_event_parse).  The PMUs used are loaded once per
 * call.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_internal.h"

struct parser {
	const char *s;
	size_t i;
	const struct perf_pmu_source *src;
	struct perf_event_list out;
	size_t cap;  /* events out.ev has room for: grows by doubling */
	size_t base; /* index the scratch list will have in the caller's */
	struct perf_pmu **pmus;
	size_t npmus;
	struct error *e;
};

static int syntax(struct parser *p, const char *what)
{
	return error_set(p->e, -EINVAL, "event syntax error: '%s': %s at offset %zu", p->s, what,
			 p->i);
}

static bool token_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

static bool mod_char(char c)
{
	return isalpha((unsigned char)c);
}

static int get_pmu(struct parser *p, const char *name, struct perf_pmu **out)
{
	struct perf_pmu **v;
	int r;

	for (size_t i = 0; i < p->npmus; i++) {
		if (!strcmp(p->pmus[i]->name, name)) {
			*out = p->pmus[i];
			return 0;
		}
	}
	v = realloc(p->pmus, (p->npmus + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	p->pmus = v;
	r = perf_pmu__load(p->src, name, out, p->e);
	if (r == -ENOENT)
		error_set(p->e, r,
			  "event syntax error: '%s': Cannot find PMU `%s'. Missing kernel support?",
			  p->s, name);
	if (r)
		return r;
	v[p->npmus++] = *out;
	return 0;
}

static int new_event(struct parser *p, struct perf_event_spec **ev)
{
	struct perf_event_spec *v = p->out.ev;

	if (p->out.n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 8;

		v = realloc(v, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		p->out.ev = v;
		p->cap = cap;
	}
	*ev = &v[p->out.n++];
	memset(*ev, 0, sizeof(**ev));
	(*ev)->leader = p->base + p->out.n - 1;
	(*ev)->attr.size = sizeof((*ev)->attr);
	return 0;
}

static int set_text(struct perf_event_spec *ev, const char *s, size_t from, size_t to)
{
	ev->text = strndup(s + from, to - from);
	return ev->text ? 0 : -ENOMEM;
}

static int parse_mods(struct parser *p, struct perf_event_spec *ev)
{
	size_t start = p->i;

	while (mod_char(p->s[p->i]))
		p->i++;
	if (modifiers_apply(p->s + start, p->i - start, &ev->attr, &ev->exclude_gh)) {
		p->i = start;
		return syntax(p, "bad modifier");
	}
	return 0;
}

static int prefix_error(struct parser *p, const char *text)
{
	char msg[768];

	snprintf(msg, sizeof(msg), "%s", p->e->msg);
	return error_set(p->e, -EINVAL, "event syntax error: '%s': %s", text, msg);
}

static int parse_pmu_event(struct parser *p, size_t start, size_t name_end)
{
	char *name = strndup(p->s + start, name_end - start);
	const char *close = strchr(p->s + name_end + 1, '/');
	struct perf_event_spec *ev;
	struct term_list tl;
	struct perf_pmu *pmu;
	int r;

	if (!close) {
		free(name);
		p->i = name_end;
		return syntax(p, "missing '/'");
	}
	if (!name)
		return -ENOMEM;
	r = get_pmu(p, name, &pmu);
	free(name);
	if (r)
		return r;
	r = terms_lex(p->s + name_end + 1, (size_t)(close - p->s) - name_end - 1, false, &tl, p->e);
	if (r)
		return r == -EINVAL ? prefix_error(p, p->s + start) : r;
	r = new_event(p, &ev);
	if (r) {
		terms_free(&tl);
		return r;
	}
	ev->terms = tl.v;
	ev->nterms = tl.n;
	p->i = (size_t)(close - p->s) + 1;
	ev->pmu = strdup(pmu->name);
	if (!ev->pmu)
		return -ENOMEM;
	r = parse_mods(p, ev);
	if (!r)
		r = set_text(ev, p->s, start, p->i);
	if (!r)
		r = pmu_event_encode(pmu, ev, p->e);
	return r == -EINVAL && ev->text ? prefix_error(p, ev->text) : r;
}

static bool raw_token(const char *s, size_t len)
{
	if (len < 2 || s[0] != 'r')
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static int parse_symbol(struct parser *p, size_t start, size_t end)
{
	struct perf_event_spec *ev;
	uint32_t type;
	uint64_t config;
	int r;

	if (legacy_event_lookup(p->s + start, end - start, &type, &config)) {
		if (!raw_token(p->s + start, end - start)) {
			p->i = start;
			return syntax(p, "unknown event");
		}
		type = PERF_TYPE_RAW;
		config = strtoull(p->s + start + 1, NULL, 16);
	}
	r = new_event(p, &ev);
	if (r)
		return r;
	ev->attr.type = type;
	ev->attr.config = config;
	p->i = end;
	if (p->s[p->i] == ':') {
		p->i++;
		r = parse_mods(p, ev);
	}
	return r ? r : set_text(ev, p->s, start, p->i);
}

static int parse_event(struct parser *p)
{
	size_t start = p->i, end = start;

	while (token_char(p->s[end]))
		end++;
	if (end == start)
		return syntax(p, "expected an event");
	if (p->s[end] == '/')
		return parse_pmu_event(p, start, end);
	return parse_symbol(p, start, end);
}

static int parse_group(struct parser *p)
{
	size_t first = p->out.n;
	int r;

	p->i++;
	for (;;) {
		if (p->s[p->i] == '{')
			return syntax(p, "nested group");
		r = parse_event(p);
		if (r)
			return r;
		p->out.ev[p->out.n - 1].leader = p->base + first;
		if (p->s[p->i] != ',')
			break;
		p->i++;
	}
	if (p->s[p->i] != '}')
		return syntax(p, "expected '}'");
	p->i++;
	if (p->s[p->i] != ':')
		return 0;
	p->i++;
	for (size_t k = first; k < p->out.n; k++) {
		size_t at = p->i;

		r = parse_mods(p, &p->out.ev[k]);
		if (r)
			return r;
		if (k + 1 < p->out.n)
			p->i = at;
	}
	return 0;
}

static int parse_list(struct parser *p)
{
	for (;;) {
		int r = p->s[p->i] == '{' ? parse_group(p) : parse_event(p);

		if (r)
			return r;
		if (!p->s[p->i])
			return 0;
		if (p->s[p->i] != ',')
			return syntax(p, "unexpected character");
		p->i++;
	}
}

static void free_events(struct perf_event_spec *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct term_list tl = {ev[i].terms, ev[i].nterms};

		terms_free(&tl);
		free(ev[i].text);
		free(ev[i].pmu);
		free(ev[i].alias);
		free(ev[i].name);
	}
}

static int append(struct perf_event_list *l, struct parser *p)
{
	struct perf_event_spec *v = realloc(l->ev, (l->n + p->out.n) * sizeof(*v));

	if (!v && l->n + p->out.n)
		return -ENOMEM;
	l->ev = v;
	memcpy(v + l->n, p->out.ev, p->out.n * sizeof(*v));
	l->n += p->out.n;
	return 0;
}

int perf_events_parse(struct perf_event_list *l, const char *str, const struct perf_pmu_source *src,
		      struct error *e)
{
	struct parser p = {.s = str, .src = src, .base = l->n, .e = e};
	int r = parse_list(&p);

	if (!r)
		r = append(l, &p);
	if (r) {
		free_events(p.out.ev, p.out.n);
		if (r == -ENOMEM)
			error_set(e, r, "out of memory");
	}
	free(p.out.ev);
	for (size_t i = 0; i < p.npmus; i++)
		perf_pmu__free(p.pmus[i]);
	free(p.pmus);
	return r;
}

void perf_events_free(struct perf_event_list *l)
{
	free_events(l->ev, l->n);
	free(l->ev);
	l->ev = NULL;
	l->n = 0;
}

bool perf_event_term(const struct perf_event_spec *ev, const char *name, uint64_t *val)
{
	bool found = false;

	for (size_t i = 0; i < ev->nterms; i++) {
		if (!strcmp(ev->terms[i].name, name) && !ev->terms[i].str) {
			*val = ev->terms[i].val;
			found = true;
		}
	}
	return found;
}
