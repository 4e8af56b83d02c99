// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf list's layout, so that the PMU document's example line
 * (`hisi_pcie0_core0/rx_mwr_latency/ [Kernel PMU event]`) and scripts that
 * grep perf's output find the same text here.  As Linux perf 6.1 prints it:
 * one "  %-50s [Kernel PMU event]" line per events/ entry (attribute files
 * such as .scale and .unit are not events), core PMUs first as
 * "name OR cpu/name/", the rest sorted by name; a PMU without events that
 * perf can open as a whole (the AUX tracers: hisi_ptt on arm64, cs_etm,
 * arm_spe, intel_pt, intel_bts) as "pmu//".  Then, as perf 6.9 and later
 * add, one "Raw hardware event descriptor" line per PMU with formats, which
 * is where perf shows the PTT's terms: "pmu/f1=0..N,f2,f3=0..0xN,.../modifier"
 * (a one-bit term bare, up to 8 bits in decimal, wider in hex, three terms
 * and "..." on the line; all of them under it with --details).  A pattern
 * selects as perf's event glob does (full name, or the event name of a
 * non-core PMU, without case) and, beyond perf, a PMU name selects all of
 * that PMU's lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/pmu_format.h>

#include "list.h"

struct list_line {
	char *name;
	bool is_cpu;
};

static const char *const aux_tracers[] = {"hisi_ptt", "arm_spe", "cs_etm", "intel_pt",
					  "intel_bts"};

static bool is_aux_tracer(const char *pmu)
{
	for (size_t i = 0; i < sizeof(aux_tracers) / sizeof(aux_tracers[0]); i++)
		if (!strncmp(pmu, aux_tracers[i], strlen(aux_tracers[i])))
			return true;
	return false;
}

static bool is_attribute_file(const char *ev)
{
	const char *dot = strrchr(ev, '.');

	return dot && (!strcmp(dot, ".scale") || !strcmp(dot, ".unit") ||
		       !strcmp(dot, ".per-pkg") || !strcmp(dot, ".snapshot"));
}

static int line_cmp(const void *a, const void *b)
{
	const struct list_line *x = a, *y = b;

	if (x->is_cpu != y->is_cpu)
		return y->is_cpu - x->is_cpu;
	return strcmp(x->name, y->name);
}

static int push(struct list_line **v, size_t *n, size_t *cap, char *name, bool is_cpu)
{
	if (!name)
		return -1;
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		struct list_line *nv = realloc(*v, c * sizeof(**v));

		if (!nv) {
			free(name);
			return -1;
		}
		*v = nv;
		*cap = c;
	}
	(*v)[(*n)++] = (struct list_line){name, is_cpu};
	return 0;
}

static char *fmt(const char *f, const char *a, const char *b, const char *c)
{
	size_t len = strlen(f) + strlen(a) + strlen(b) + strlen(c);
	char *s = malloc(len + 1);

	if (s)
		snprintf(s, len + 1, f, a, b, c);
	return s;
}

static int pmu_lines(json_t *pmu, struct list_globs *g, struct list_line **v, size_t *n,
		     size_t *cap)
{
	const char *name = json_string_value(json_object_get(pmu, "name")), *ev;
	bool is_cpu = !strcmp(name, "cpu") || json_object_get(pmu, "cpus");
	bool whole = list_glob_match(g, name, false);
	json_t *val;
	int r = 0;

	json_object_foreach(json_object_get(pmu, "events"), ev, val)
	{
		char *full;

		if (is_attribute_file(ev))
			continue;
		full = fmt("%s/%s/%s", name, ev, "");
		if (!full)
			return -1;
		if (!whole && !list_glob_match(g, full, true) &&
		    (is_cpu || !list_glob_match(g, ev, true))) {
			free(full);
			continue;
		}
		if (is_cpu) {
			free(full);
			full = fmt("%s OR %s/%s/", ev, name, ev);
		}
		r |= push(v, n, cap, full, is_cpu);
	}
	if (is_aux_tracer(name) && !json_object_size(json_object_get(pmu, "events")) && whole)
		r |= push(v, n, cap, fmt("%s//%s%s", name, "", ""), false);
	return r;
}

/* "name", "name=0..15" or "name=0..0xfffff", as perf words a term's range. */
static void term_text(char *buf, size_t n, const char *name, const char *format)
{
	struct perf_format f;
	int w = perf_format_parse(format, &f) ? 0 : perf_format_width(&f);

	if (w <= 1)
		snprintf(buf, n, "%s", name);
	else if (w > 8)
		snprintf(buf, n, "%s=0..0x%llx", name, (unsigned long long)perf_format_max(&f));
	else
		snprintf(buf, n, "%s=0..%llu", name, (unsigned long long)perf_format_max(&f));
}

static void print_raw_descriptor(json_t *pmu, bool details)
{
	const char *name = json_string_value(json_object_get(pmu, "name")), *k;
	char shrt[512], full[2048], term[128];
	size_t ns, nf, i = 0;
	json_t *v;

	ns = (size_t)snprintf(shrt, sizeof(shrt), "%s/", name);
	nf = (size_t)snprintf(full, sizeof(full), "%s/", name);
	json_object_foreach(json_object_get(pmu, "format"), k, v)
	{
		term_text(term, sizeof(term), k, json_string_value(v) ?: "");
		if (i < 3 && ns < sizeof(shrt))
			ns += (size_t)snprintf(shrt + ns, sizeof(shrt) - ns, "%s%s", i ? "," : "",
					       term);
		if (nf < sizeof(full))
			nf += (size_t)snprintf(full + nf, sizeof(full) - nf, "%s%s", i ? "," : "",
					       term);
		i++;
	}
	if (ns < sizeof(shrt))
		snprintf(shrt + ns, sizeof(shrt) - ns, "%s/modifier", i > 3 ? ",..." : "");
	if (nf < sizeof(full))
		snprintf(full + nf, sizeof(full) - nf, "/modifier");
	printf("  %-51s[Raw hardware event descriptor]\n", shrt);
	if (details)
		printf("        %s\n", full);
}

int list_print_perf(json_t *pmus, struct list_globs *g, bool details)
{
	struct list_line *v = NULL;
	size_t n = 0, cap = 0, i;
	json_t *pmu;
	int r = 0;

	json_array_foreach(pmus, i, pmu) r |= pmu_lines(pmu, g, &v, &n, &cap);
	if (n) /* qsort wants a valid pointer even for no elements */
		qsort(v, n, sizeof(*v), line_cmp);
	for (i = 0; i < n; i++)
		if (!i || strcmp(v[i].name, v[i - 1].name))
			printf("  %-50s [Kernel PMU event]\n", v[i].name);
	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	json_array_foreach(pmus, i, pmu)
	{
		const char *name = json_string_value(json_object_get(pmu, "name"));

		if (json_object_size(json_object_get(pmu, "format")) &&
		    list_glob_match(g, name, false))
			print_raw_descriptor(pmu, details);
	}
	return r ? -1 : 0;
}
