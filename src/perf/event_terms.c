// SPDX-License-Identifier: GPL-2.0-only
/*
 * The term lexer for the part between a PMU's slashes and for events/ alias
 * files.  Names and values follow perf's lexer: a name may hold letters,
 * digits, '_', '-', '.', ':', '*', '?'; a number is decimal or 0x hex (so
 * "010" is ten, as in perf); any other value is a string, which only name=
 * and metric-id= accept.  Blanks between terms are ignored.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_internal.h"

static bool name_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '*' || c == '?';
}

static bool name_char(char c)
{
	return name_start(c) || isdigit((unsigned char)c) || c == '-' || c == '.' || c == ':';
}

static size_t span(const char *s, size_t len, size_t i, bool (*ok)(char))
{
	while (i < len && ok(s[i]))
		i++;
	return i;
}

static bool hex_char(char c)
{
	return isxdigit((unsigned char)c);
}

static bool dec_char(char c)
{
	return isdigit((unsigned char)c);
}

static int lex_number(const char *s, size_t len, size_t *i, uint64_t *val)
{
	bool hex = *i + 1 < len && s[*i] == '0' && (s[*i + 1] == 'x' || s[*i + 1] == 'X');
	size_t start = hex ? *i + 2 : *i;
	size_t end = span(s, len, start, hex ? hex_char : dec_char);
	char num[32];

	if (end == start || end - start >= sizeof(num))
		return -EINVAL;
	memcpy(num, s + start, end - start);
	num[end - start] = 0;
	errno = 0;
	*val = strtoull(num, NULL, hex ? 16 : 10);
	if (errno)
		return -EINVAL;
	*i = end;
	return 0;
}

static int lex_value(const char *s, size_t len, size_t *i, struct perf_term *t)
{
	size_t end;

	if (*i < len && isdigit((unsigned char)s[*i]))
		return lex_number(s, len, i, &t->val);
	if (*i >= len || !name_start(s[*i]))
		return -EINVAL;
	end = span(s, len, *i, name_char);
	t->str = strndup(s + *i, end - *i);
	if (!t->str)
		return -ENOMEM;
	*i = end;
	return 0;
}

static size_t skip_blank(const char *s, size_t len, size_t i)
{
	while (i < len && isspace((unsigned char)s[i]))
		i++;
	return i;
}

static int lex_term(const char *s, size_t len, size_t *i, struct perf_term *t)
{
	size_t end;

	*i = skip_blank(s, len, *i);
	if (*i >= len || !name_start(s[*i]))
		return -EINVAL;
	end = span(s, len, *i, name_char);
	t->name = strndup(s + *i, end - *i);
	if (!t->name)
		return -ENOMEM;
	*i = skip_blank(s, len, end);
	if (*i < len && s[*i] == '=') {
		*i = skip_blank(s, len, *i + 1);
		if (lex_value(s, len, i, t))
			return -EINVAL;
		*i = skip_blank(s, len, *i);
	} else {
		t->bare = true;
		t->val = 1;
	}
	return 0;
}

static int push(struct term_list *out, struct perf_term **t)
{
	struct perf_term *v = out->v;

	if (out->n >= out->cap) {
		size_t cap = out->n < 4 ? 8 : 2 * out->n;

		v = realloc(v, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		out->v = v;
		out->cap = cap;
	}
	*t = &v[out->n++];
	memset(*t, 0, sizeof(**t));
	return 0;
}

int terms_lex(const char *s, size_t len, bool from_alias, struct term_list *out, struct error *e)
{
	size_t i = skip_blank(s, len, 0);
	struct term_list tl = {0};
	int r = 0;

	while (!r && i < len) {
		struct perf_term *t;

		r = push(&tl, &t);
		if (!r) {
			t->from_alias = from_alias;
			r = lex_term(s, len, &i, t);
		}
		if (!r && i < len && s[i] != ',')
			r = -EINVAL;
		if (!r && i < len && ++i >= len)
			r = -EINVAL; /* a trailing comma */
	}
	if (r) {
		r = error_set(e, r == -ENOMEM ? r : -EINVAL, "parser error at '%.*s'",
			      (int)(len - (i < len ? i : len)), s + (i < len ? i : len));
		terms_free(&tl);
		return r;
	}
	*out = tl;
	return 0;
}

void terms_free(struct term_list *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->v[i].name);
		free(t->v[i].str);
	}
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}
