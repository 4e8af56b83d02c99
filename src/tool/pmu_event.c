// SPDX-License-Identifier: GPL-2.0-only
/*
 * One `pmu/term=value,.../` event through the perf event parser
 * (perf/event_parse.h), reading the PMU's type and format/ files by path
 * through the backend, so the same code works on both backends.  The
 * tool-side rules want the terms as written, so they are kept.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/event_parse.h>
#include <pciescope/tool/pmu_event.h>

#include "backend_opts.h"

static int src_read(void *ctx, const char *pmu, const char *file, char *buf, size_t n)
{
	char path[512];
	ssize_t len;

	snprintf(path, sizeof(path), "%s/%s/%s", PMU_SYSFS, pmu, file);
	len = cli_sysfs_read(ctx, path, buf, n);
	return (int)len;
}

static int src_list(void *ctx, const char *pmu, const char *dir,
		    int (*fn)(void *arg, const char *name), void *arg)
{
	char path[512], **names;
	size_t n;
	int ret;

	snprintf(path, sizeof(path), "%s/%s/%s", PMU_SYSFS, pmu, dir);
	ret = cli_sysfs_list(ctx, path, &names, &n);
	for (size_t i = 0; !ret && i < n; i++)
		ret = fn(arg, names[i]);
	if (n || !ret)
		cli_names_free(names, n);
	return ret;
}

static int copy_event(const struct perf_event_spec *s, struct pmu_event *ev, char *err,
		      size_t errlen)
{
	if (!s->pmu || strlen(s->pmu) >= sizeof(ev->pmu) || s->nterms > PMU_EVENT_MAX_TERMS) {
		snprintf(err, errlen, "'%s': expected one pmu/term=value,.../ event", s->text);
		return -EINVAL;
	}
	strcpy(ev->pmu, s->pmu);
	ev->attr = s->attr;
	for (size_t i = 0; i < s->nterms; i++) {
		snprintf(ev->term[i].name, sizeof(ev->term[i].name), "%s", s->terms[i].name);
		ev->term[i].value = s->terms[i].bare ? 1 : s->terms[i].val;
	}
	ev->nterms = (int)s->nterms;
	return 0;
}

int pmu_event_parse(struct backend *b, const char *text, struct pmu_event *ev, char *err,
		    size_t errlen)
{
	struct perf_pmu_source src = {.ctx = b, .read = src_read, .list = src_list};
	struct perf_event_list l = {0};
	int ret;

	memset(ev, 0, sizeof(*ev));
	ret = perf_events_parse(&l, text, &src, err, errlen);
	if (ret)
		return ret;
	if (l.n != 1) {
		snprintf(err, errlen, "'%s': expected exactly one event", text);
		ret = -EINVAL;
	} else {
		ret = copy_event(&l.ev[0], ev, err, errlen);
	}
	perf_events_free(&l);
	return ret;
}

int pmu_event_term(const struct pmu_event *ev, const char *name, uint64_t *value)
{
	int n = 0;

	for (int i = 0; i < ev->nterms; i++) {
		if (strcmp(ev->term[i].name, name))
			continue;
		n++;
		if (value)
			*value = ev->term[i].value;
	}
	return n;
}
