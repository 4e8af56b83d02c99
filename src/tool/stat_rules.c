// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rules the PCIe PMU document (seed 003) states for users and the kernel
 * leaves unchecked (spec/README.md #13).  They are checked here, before an
 * event reaches the driver, and refused with a message naming the rule;
 * --force skips them so one can see what the kernel does.  Filter values are
 * decoded through the PMU's own format/ files, and "given" means written in
 * the event string (or its events/ alias), as the document words it.
 */
#include <stdio.h>

#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/stat.h>

#include "cli.h"

struct fields {
	uint64_t port, bdf, len_mode;
	bool bdf_given, len_mode_given, filter_given;
};

static uint64_t field(const struct perf_pmu *p, const char *name, const struct perf_event_spec *ev)
{
	const struct perf_format *f = perf_pmu_format(p, name);

	return f ? perf_format_extract(f, &ev->attr) : 0;
}

static void decode(const struct perf_pmu *p, const struct perf_event_spec *ev, struct fields *f)
{
	static const char *const length_terms[] = {"trig_len", "trig_mode", "thr_len", "thr_mode"};
	uint64_t v;

	f->port = field(p, "port", ev);
	f->bdf = field(p, "bdf", ev);
	f->len_mode = field(p, "len_mode", ev);
	f->bdf_given = perf_event_term(ev, "bdf", &v);
	f->len_mode_given = perf_event_term(ev, "len_mode", &v);
	f->filter_given = false;
	for (size_t i = 0; i < 4; i++)
		if (perf_event_term(ev, length_terms[i], &v) && v)
			f->filter_given = true;
}

static int refuse(const struct perf_event_spec *ev, const char *rule, const char *why)
{
	return cli_error("'%s': refused by the rule \"%s\" of the PCIe PMU document: %s "
			 "(--force passes it on)",
			 ev->text, rule, why);
}

static int check_event(const struct perf_pmu *p, const struct perf_event_spec *ev)
{
	enum hisi_pcie_class cls = hisi_pcie_event_class(ev->attr.config);
	struct fields f;
	char why[160];

	decode(p, ev, &f);
	if (f.port && f.bdf_given)
		return refuse(ev, "port and bdf not both", "bdf is ignored when port is set");
	if (cls != HISI_PCIE_BANDWIDTH && !f.port) {
		snprintf(why, sizeof(why),
			 "port is 0, so bdf=0x%04llx is in effect on a non-bandwidth event; "
			 "give port=",
			 (unsigned long long)f.bdf);
		return refuse(ev, "bdf only for bandwidth events", why);
	}
	if (!f.port && !f.bdf_given)
		return refuse(ev, "port or bdf, one of them",
			      "neither is given, so bdf=0 (0000:00:00.0) would be the target; "
			      "give port= (Root Ports) or bdf= (an endpoint)");
	if (cls != HISI_PCIE_BANDWIDTH && f.filter_given)
		return refuse(ev, "trigger and threshold only for bandwidth events",
			      "trig_*/thr_* given on a non-bandwidth event");
	if (__builtin_popcountll(f.port) > 1 && !hisi_pcie_event_ap_layer(ev->attr.config)) {
		snprintf(why, sizeof(why),
			 "port=0x%llx selects several Root Ports for a TL/DL-layer event",
			 (unsigned long long)f.port);
		return refuse(ev, "several ports only for AP-layer events", why);
	}
	if (f.len_mode_given && !f.len_mode)
		return refuse(ev, "len_mode 0 reserved", "len_mode=0 is undefined behaviour");
	return 0;
}

int stat_check_rules(struct stat_config *s, const struct perf_pmu_source *src)
{
	for (size_t i = 0; i < s->events.n; i++) {
		const struct perf_event_spec *ev = &s->events.ev[i];
		struct perf_pmu *p;
		char err[256];
		int r;

		if (!hisi_pcie_pmu_name(ev->pmu))
			continue;
		if (perf_pmu_load(src, ev->pmu, &p, err, sizeof(err)))
			return cli_error("%s: cannot read pmu '%s'", ev->text, ev->pmu);
		r = check_event(p, ev);
		perf_pmu_free(p);
		if (r)
			return r;
	}
	return 0;
}
