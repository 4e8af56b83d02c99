// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rules the PCIe PMU document states for users and the kernel leaves
 * unchecked (docs/pcie_pmu.md, "Each refusal names its rule").  They are checked here, before an
 * event reaches the driver, and refused with a message naming the rule;
 * --force skips them so one can see what the kernel does.  Filter values are
 * decoded through the PMU's own format/ files, and "given" means written in
 * the event string (or its events/ alias), as the document words it.
 */
#include <errno.h>
#include <stdio.h>

#include <pciescope/base/error.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/stat.h>

struct fields {
	uint64_t port, bdf, len_mode;
	bool bdf_given, len_mode_given, filter_given;
};

static uint64_t field(const struct perf_pmu *p, const char *name, const struct perf_event_spec *ev)
{
	const struct perf_format *f = perf_pmu__format(p, name);

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

static int refuse(struct error *e, const struct perf_event_spec *ev, const char *rule,
		  const char *why)
{
	return error_set(e, -EINVAL,
			 "'%s': refused by the rule \"%s\" of the PCIe PMU document: %s "
			 "(--force passes it on)",
			 ev->text, rule, why);
}

static int check_event(struct error *e, const struct perf_pmu *p, const struct perf_event_spec *ev)
{
	enum hisi_pcie_class cls = hisi_pcie_event_class(ev->attr.config);
	struct fields f;
	char why[160];

	decode(p, ev, &f);
	if (f.port && f.bdf_given)
		return refuse(e, ev, "port and bdf not both", "bdf is ignored when port is set");
	if (cls != HISI_PCIE_BANDWIDTH && !f.port) {
		snprintf(why, sizeof(why),
			 "port is 0, so bdf=0x%04llx is in effect on a non-bandwidth event; "
			 "give port=",
			 (unsigned long long)f.bdf);
		return refuse(e, ev, "bdf only for bandwidth events", why);
	}
	if (!f.port && !f.bdf_given)
		return refuse(e, ev, "port or bdf, one of them",
			      "neither is given, so bdf=0 (0000:00:00.0) would be the target; "
			      "give port= (Root Ports) or bdf= (an endpoint)");
	if (cls != HISI_PCIE_BANDWIDTH && f.filter_given)
		return refuse(e, ev, "trigger and threshold only for bandwidth events",
			      "trig_*/thr_* given on a non-bandwidth event");
	if (__builtin_popcountll(f.port) > 1 && !hisi_pcie_event_ap_layer(ev->attr.config)) {
		snprintf(why, sizeof(why),
			 "port=0x%llx selects several Root Ports for a TL/DL-layer event",
			 (unsigned long long)f.port);
		return refuse(e, ev, "several ports only for AP-layer events", why);
	}
	if (f.len_mode_given && !f.len_mode)
		return refuse(e, ev, "len_mode 0 reserved", "len_mode=0 is undefined behaviour");
	return 0;
}

int stat_check_rules(struct stat_config *s, const struct perf_pmu_source *src)
{
	return stat_check_event_rules(&s->events.parsed, src, &s->err);
}

int stat_check_event_rules(const struct perf_event_list *l, const struct perf_pmu_source *src,
			   struct error *e)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct perf_event_spec *ev = &l->ev[i];
		struct perf_pmu *p;
		int r;

		if (!hisi_pcie_pmu_name(ev->pmu))
			continue;
		if ((r = perf_pmu__load(src, ev->pmu, &p, e)))
			return error_set(e, r, "%s: cannot read pmu '%s'", ev->text, ev->pmu);
		r = check_event(e, p, ev);
		perf_pmu__free(p);
		if (r)
			return r;
	}
	return 0;
}
