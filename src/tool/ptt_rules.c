// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT trace rules, one function each, in the order a user meets them.
 * Seed rules (the kernel accepts these): filter and type are required;
 * several types only when tracing inbound; one Endpoint function per trace;
 * not both a Root Port and a function; filter bits [18:16] reserved; a Root
 * Port filter names at least one port; 8DW direction 0 reserved.  Kernel
 * rules (EINVAL from event_init): the filter is in the current lists;
 * direction 0..3; type a non-zero OR of 1, 2, 4; format 0 or 1.
 *
 * "Traces outbound" follows the direction tables: 4DW directions 1..3 and
 * 8DW direction 1 include outbound TLPs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/ptt_rules.h>

#define PTT_PORT_BIT 0x80000ull

struct ptt_params {
	uint64_t filter, direction, type, format;
	int nfilter, ntype;
	uint32_t port_mask; /* from root_port_filters/ */
	bool requester_ok;  /* filter value is a file of requester_filters/ */
};

bool ptt_is_pmu(const char *pmu)
{
	return pmu_name_parse(pmu, NULL) == PMU_HISI_PTT;
}

static void read_filters(struct backend *b, const char *pmu, const char *dir, struct ptt_params *p)
{
	char path[512], val[32], **names;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s/%s", PMU_SYSFS_DIR, pmu, dir);
	if (backend_list_dir(b, path, &names, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		uint64_t v;

		if (!strcmp(names[i], "multiselect"))
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s/%s", PMU_SYSFS_DIR, pmu, dir, names[i]);
		if (backend_read_line(b, path, val, sizeof(val)) < 0)
			continue;
		v = strtoull(val, NULL, 16);
		if (v & PTT_PORT_BIT)
			p->port_mask |= (uint32_t)(v & 0xffff);
		else if (v == (p->filter & 0xfffff))
			p->requester_ok = true;
	}
	backend_names_free(names, n);
}

static bool traces_outbound(const struct ptt_params *p)
{
	return p->format == 1 ? p->direction == 1 : p->direction != 0;
}

static int rule(struct error *e, const char *text)
{
	return error_set(e, -EINVAL, "%s", text);
}

/* How many times a term was given: a second filter or type is a rule broken, not an override. */
static int times_given(const struct perf_event_spec *ev, const char *name)
{
	int n = 0;

	for (size_t i = 0; i < ev->nterms; i++)
		n += !strcmp(ev->terms[i].name, name);
	return n;
}

static int check_filter_terms(const struct perf_event_spec *ev, struct ptt_params *p,
			      struct error *e)
{
	int ports = 0, funcs = 0;

	for (size_t i = 0; i < ev->nterms; i++) {
		const struct perf_term *t = &ev->terms[i];

		if (strcmp(t->name, "filter"))
			continue;
		if ((t->bare ? 1 : t->val) & PTT_PORT_BIT)
			ports++;
		else
			funcs++;
	}
	if (ports && funcs)
		return rule(e, "not both a Root Port and a function: a trace filters either "
			       "by Root Ports (bit 19 set) or by one Requester ID");
	if (funcs > 1)
		return rule(e, "one Endpoint function per trace: give a single requester "
			       "filter");
	if (p->filter & 0x70000)
		return rule(e, "filter bits [18:16] are reserved and must be 0");
	return 0;
}

static int check_filter_list(const char *pmu, struct ptt_params *p, struct error *e)
{
	char rid[16];

	if (p->filter & PTT_PORT_BIT) {
		if (!(p->filter & 0xffff))
			return rule(e, "a Root Port filter names at least one Root Port "
				       "(0x80000 names none)");
		if (p->filter & 0xffff & ~(uint64_t)p->port_mask) {
			return error_set(
			    e, -EINVAL,
			    "filter must be in the current list: 0x%05llx names a Root "
			    "Port %s does not have (port bits present: 0x%04x; see "
			    "root_port_filters/)",
			    (unsigned long long)p->filter, pmu, p->port_mask);
		}
		return 0;
	}
	if (!p->requester_ok) {
		return error_set(e, -EINVAL,
				 "filter must be in the current list: 0x%05llx (%s) is not a "
				 "requester of %s (see requester_filters/)",
				 (unsigned long long)p->filter,
				 pci_rid_format((uint16_t)p->filter, rid, sizeof(rid)), pmu);
	}
	return 0;
}

static int check_values(struct ptt_params *p, struct error *e)
{
	if (p->direction > 3)
		return rule(e, "direction must be 0..3");
	if (!p->type || (p->type & ~7ull))
		return rule(e, "type must be a non-zero OR of 1 (posted), 2 (non-posted) "
			       "and 4 (completions)");
	if (p->format > 1)
		return rule(e, "format must be 0 (4DW) or 1 (8DW)");
	if (p->format == 1 && p->direction == 0)
		return rule(e, "direction 0 is reserved for the 8DW format (use 1 outbound, "
			       "2 inbound P/NP/CPL B, 3 inbound CPL A)");
	if ((p->type & (p->type - 1)) && traces_outbound(p)) {
		return error_set(e, -EINVAL,
				 "several types only when tracing inbound: direction %llu (%s) "
				 "traces outbound TLPs, give one type",
				 (unsigned long long)p->direction, p->format ? "8DW" : "4DW");
	}
	return 0;
}

int ptt_rules_check(struct backend *b, const struct perf_event_spec *ev, struct error *e)
{
	struct ptt_params p = {0};
	int ret;

	p.nfilter = times_given(ev, "filter");
	p.ntype = times_given(ev, "type");
	p.filter = ev->attr.config & 0xfffff;
	p.direction = (ev->attr.config >> 20) & 0xf;
	p.type = (ev->attr.config >> 24) & 0xff;
	p.format = (ev->attr.config >> 32) & 0xf;
	if (!p.nfilter)
		return rule(e, "the filter parameter is required (a Root Port mask with bit "
			       "19 set, or one Requester ID)");
	if (!p.ntype)
		return rule(e, "the type parameter is required (1 posted, 2 non-posted, 4 "
			       "completions)");
	ret = check_filter_terms(ev, &p, e);
	if (ret)
		return ret;
	read_filters(b, ev->pmu, "root_port_filters", &p);
	read_filters(b, ev->pmu, "requester_filters", &p);
	ret = check_filter_list(ev->pmu, &p, e);
	return ret ? ret : check_values(&p, e);
}
