// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading a PMU's type, format/ and events/ through the caller's source.
 * Everything is copied into one struct so that parsing several events of the
 * same PMU never re-reads the source.  Event files with perf's side-car
 * suffixes (.scale, .unit, .per-pkg, .snapshot) are not events.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <pciescope/perf/pmu.h>

#define PMU_FILE_MAX 4096

struct names {
	char **v;
	size_t n;
};

static int collect(void *arg, const char *name)
{
	struct names *ns = arg;
	char **v = realloc(ns->v, (ns->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	ns->v = v;
	v[ns->n] = strdup(name);
	if (!v[ns->n])
		return -ENOMEM;
	ns->n++;
	return 0;
}

static void names_free(struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->v[i]);
	free(ns->v);
}

static void trim(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = 0;
}

static bool is_sidecar(const char *name)
{
	static const char *const sfx[] = {".scale", ".unit", ".per-pkg", ".snapshot"};
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
		size_t k = strlen(sfx[i]);

		if (n > k && !strcmp(name + n - k, sfx[i]))
			return true;
	}
	return false;
}

static int read_file(const struct perf_pmu_source *src, const char *pmu, const char *dir,
		     const char *name, char *buf)
{
	char path[512];
	int r;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	r = src->read(src->ctx, pmu, path, buf, PMU_FILE_MAX);
	if (r < 0)
		return r;
	buf[r < PMU_FILE_MAX ? r : PMU_FILE_MAX - 1] = 0;
	trim(buf);
	return 0;
}

static int load_formats(const struct perf_pmu_source *src, struct perf_pmu *p, char *buf,
			struct error *e)
{
	struct names ns = {0};
	int r = src->list(src->ctx, p->name, "format", collect, &ns);

	if (r == -ENOENT)
		r = 0;
	p->formats = r ? NULL : calloc(ns.n ? ns.n : 1, sizeof(*p->formats));
	if (!r && !p->formats)
		r = -ENOMEM;
	for (size_t i = 0; !r && i < ns.n; i++) {
		struct perf_pmu_format *f = &p->formats[p->nformats];

		r = read_file(src, p->name, "format", ns.v[i], buf);
		if (!r && perf_format_parse(buf, &f->fmt)) {
			r = error_set(e, -EINVAL, "bad format '%s' of pmu '%s': '%s'", ns.v[i],
				      p->name, buf);
		}
		if (!r) {
			f->name = ns.v[i];
			ns.v[i] = NULL;
			p->nformats++;
		}
	}
	names_free(&ns);
	return r;
}

static int load_aliases(const struct perf_pmu_source *src, struct perf_pmu *p, char *buf)
{
	struct names ns = {0};
	int r = src->list(src->ctx, p->name, "events", collect, &ns);

	if (r == -ENOENT)
		r = 0;
	p->aliases = r ? NULL : calloc(ns.n ? ns.n : 1, sizeof(*p->aliases));
	if (!r && !p->aliases)
		r = -ENOMEM;
	for (size_t i = 0; !r && i < ns.n; i++) {
		struct perf_pmu_alias *a = &p->aliases[p->naliases];

		if (is_sidecar(ns.v[i]) || read_file(src, p->name, "events", ns.v[i], buf))
			continue;
		a->terms = strdup(buf);
		if (!a->terms) {
			r = -ENOMEM;
			break;
		}
		a->name = ns.v[i];
		ns.v[i] = NULL;
		p->naliases++;
	}
	names_free(&ns);
	return r;
}

static int load_type(const struct perf_pmu_source *src, struct perf_pmu *p, char *buf,
		     struct error *e)
{
	char *end;
	unsigned long t;
	int r = src->read(src->ctx, p->name, "type", buf, PMU_FILE_MAX - 1);

	if (r < 0)
		return r;
	buf[r] = 0;
	t = strtoul(buf, &end, 10);
	if (end == buf || (*end && *end != '\n') || t > UINT32_MAX) {
		return error_set(e, -EINVAL, "bad type of pmu '%s'", p->name);
	}
	p->type = (uint32_t)t;
	return 0;
}

int perf_pmu__load(const struct perf_pmu_source *src, const char *name, struct perf_pmu **out,
		   struct error *e)
{
	struct perf_pmu *p = calloc(1, sizeof(*p));
	char *buf = malloc(PMU_FILE_MAX);
	int r = -ENOMEM;

	if (p && buf && (p->name = strdup(name))) {
		r = load_type(src, p, buf, e);
		if (!r)
			r = load_formats(src, p, buf, e);
		if (!r)
			r = load_aliases(src, p, buf);
	}
	free(buf);
	if (r) {
		/* the parse errors said what is wrong; the others are the system's */
		if (r != -EINVAL)
			error_set_errno(e, r, "pmu '%s'", name);
		perf_pmu__free(p);
		return r;
	}
	*out = p;
	return 0;
}

void perf_pmu__free(struct perf_pmu *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nformats; i++)
		free(p->formats[i].name);
	for (size_t i = 0; i < p->naliases; i++) {
		free(p->aliases[i].name);
		free(p->aliases[i].terms);
	}
	free(p->formats);
	free(p->aliases);
	free(p->name);
	free(p);
}

const struct perf_format *perf_pmu__format(const struct perf_pmu *p, const char *name)
{
	for (size_t i = 0; i < p->nformats; i++)
		if (!strcmp(p->formats[i].name, name))
			return &p->formats[i].fmt;
	return NULL;
}

const struct perf_pmu_alias *perf_pmu__alias(const struct perf_pmu *p, const char *name)
{
	for (size_t i = 0; i < p->naliases; i++)
		if (!strcasecmp(p->aliases[i].name, name))
			return &p->aliases[i];
	return NULL;
}
