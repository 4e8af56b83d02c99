// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Prometheus text writer (out/prom.h).  Numbers never go through a
 * locale-dependent or lossy path a scrape would misread: a double is
 * printed so it reads back the same, a counter and a nanosecond clock as
 * integers, so a _total never loses its last digits to floating point.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include <pciescope/out/num.h>
#include <pciescope/out/prom.h>

static bool name_char(char c, bool first, bool colon)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
		return true;
	if (c == ':')
		return colon;
	return !first && c >= '0' && c <= '9';
}

static bool name_valid(const char *name, bool colon)
{
	if (!*name)
		return false;
	for (const char *p = name; *p; p++)
		if (!name_char(*p, p == name, colon))
			return false;
	return true;
}

bool prom_metric_name_valid(const char *name)
{
	return name_valid(name, true);
}

bool prom_label_name_valid(const char *name)
{
	return name_valid(name, false) && strncmp(name, "__", 2);
}

/* s with backslash and newline escaped, and double quote too when quote is set. */
static void put_escaped(FILE *f, const char *s, bool quote)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '"' && quote)
			fputs("\\\"", f);
		else
			fputc(*s, f);
	}
}

int prom_family(FILE *f, const char *name, const char *type, const char *help)
{
	if (!prom_metric_name_valid(name))
		return -EINVAL;
	fprintf(f, "# HELP %s ", name);
	put_escaped(f, help, false);
	fprintf(f, "\n# TYPE %s %s\n", name, type);
	return 0;
}

static void append(struct prom_labels *l, const char *s, size_t n)
{
	if (l->err)
		return;
	if (n >= sizeof(l->text) - l->len) {
		l->err = -ENOSPC;
		return;
	}
	memcpy(l->text + l->len, s, n);
	l->len += n;
	l->text[l->len] = '\0';
}

void prom_label(struct prom_labels *l, const char *name, const char *value)
{
	if (!l->err && !prom_label_name_valid(name))
		l->err = -EINVAL;
	if (l->len)
		append(l, ",", 1);
	append(l, name, strlen(name));
	append(l, "=\"", 2);
	for (const char *p = value; *p; p++) {
		const char *esc = *p == '\\'   ? "\\\\"
				  : *p == '"'  ? "\\\""
				  : *p == '\n' ? "\\n"
					       : NULL;

		if (esc)
			append(l, esc, 2);
		else
			append(l, p, 1);
	}
	append(l, "\"", 1);
}

void prom_labelf(struct prom_labels *l, const char *name, const char *fmt, ...)
{
	char value[PROM_LABELS_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(value)) {
		if (!l->err)
			l->err = -ENOSPC;
		return;
	}
	prom_label(l, name, value);
}

/* The name and label set of a sample line, or -errno with nothing written. */
static int put_series(FILE *f, const char *name, const struct prom_labels *l)
{
	if (!prom_metric_name_valid(name))
		return -EINVAL;
	if (l && l->err)
		return l->err;
	fputs(name, f);
	if (l && l->len)
		fprintf(f, "{%s}", l->text);
	fputc(' ', f);
	return 0;
}

int prom_sample(FILE *f, const char *name, const struct prom_labels *l, double v)
{
	char buf[OUT_NUM_LEN];
	int r = put_series(f, name, l);

	if (r)
		return r;
	fprintf(f, "%s\n", out_num_exact(buf, sizeof(buf), v));
	return 0;
}

int prom_sample_u64(FILE *f, const char *name, const struct prom_labels *l, uint64_t v)
{
	int r = put_series(f, name, l);

	if (!r)
		fprintf(f, "%" PRIu64 "\n", v);
	return r;
}

int prom_sample_ns(FILE *f, const char *name, const struct prom_labels *l, uint64_t ns)
{
	int r = put_series(f, name, l);

	if (!r)
		fprintf(f, "%" PRIu64 ".%09" PRIu64 "\n", ns / 1000000000u, ns % 1000000000u);
	return r;
}
