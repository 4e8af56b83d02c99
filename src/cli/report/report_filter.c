// SPDX-License-Identifier: GPL-2.0-only
/*
 * report --requester BDF, --kind K[,K...], --time A..B and --top N: the
 * option values, parsed by the trace library's filter parsers
 * (trace/ptt_filter.h) and worded here as one error line each.  --time
 * is kept as typed until every option is read, because a duration needs
 * --tick, which may come after it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "cli.h"
#include "cli_number.h"
#include "report_views.h"

#define KIND_NAME_MAX 16

/* Lower-case copies of the names --kind takes, for a suggestion in any case. */
struct kind_names {
	char lower[TLP_KIND_COUNT + 3][KIND_NAME_MAX];
	const char *real[TLP_KIND_COUNT + 3];
	const char *list[TLP_KIND_COUNT + 4];
};

static void lower(char *d, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && i + 1 < KIND_NAME_MAX; i++)
		d[i] = (char)tolower((unsigned char)s[i]);
	d[i] = 0;
}

static void kind_names(struct kind_names *k)
{
	static const char *const classes[] = {"P", "NP", "CPL"};
	size_t n = 0;

	for (int i = 0; i < TLP_KIND_COUNT; i++)
		k->real[n++] = tlp_kind_name((enum tlp_kind)i);
	for (size_t i = 0; i < 3; i++)
		k->real[n++] = classes[i];
	for (size_t i = 0; i < n; i++) {
		lower(k->lower[i], k->real[i], strlen(k->real[i]));
		k->list[i] = k->lower[i];
	}
	k->list[n] = NULL;
}

static int bad_kind(const char *bad, size_t len)
{
	struct kind_names k;
	char typed[KIND_NAME_MAX];
	const char *pick;

	if (!len)
		return cli_error("report: --kind: an empty name (give kinds as MRd64,CplD)");
	kind_names(&k);
	lower(typed, bad, len);
	pick = len < KIND_NAME_MAX ? cli_suggest(typed, k.list) : NULL;
	for (size_t i = 0; pick && k.list[i]; i++)
		if (k.list[i] == pick) {
			pick = k.real[i];
			break;
		}
	return cli_did_you_mean(pick,
				"kinds as the views name them, e.g. MRd64, CplD, or a class P, NP, "
				"CPL",
				"report: --kind: unknown TLP kind '%.*s'", (int)len, bad);
}

static int take_top(const char *arg, size_t *top)
{
	uint64_t n;

	if (cli_parse_uint(arg, 10, REPORT_MAX_TOP, &n) || !n)
		return cli_error("report: --top: '%s' is not a number from 1 to %u", arg,
				 REPORT_MAX_TOP);
	*top = (size_t)n;
	return 0;
}

int report_filter_opt(struct report_views_opts *o, int c, const char *arg)
{
	const char *bad;
	size_t len;

	switch (c) {
	case REPORT_OPT_REQUESTER:
		if (ptt_filter_parse_requester(arg, &o->filter))
			return cli_error("report: --requester: '%s' is not a BDF (bb:dd.f in hex, "
					 "e.g. 01:00.0)",
					 arg);
		return 0;
	case REPORT_OPT_KIND:
		return ptt_filter_parse_kinds(arg, &o->filter, &bad, &len) ? bad_kind(bad, len) : 0;
	case REPORT_OPT_TIME:
		o->time_arg = arg;
		return 0;
	case REPORT_OPT_TOP:
		return take_top(arg, &o->top);
	default:
		return -1;
	}
}

int report_filter_resolve(struct report_views_opts *o)
{
	double tick = o->tick_ns ? o->tick_ns : ANALYSIS_DEFAULT_TICK_NS;
	int err;

	if (!o->time_arg)
		return 0;
	err = ptt_filter_parse_time(o->time_arg, tick, &o->filter);
	if (err == -ERANGE)
		return cli_error("report: --time: '%s': the window ends before it starts",
				 o->time_arg);
	if (err)
		return cli_error("report: --time: '%s' is not a time window (A..B, A.. or ..B; "
				 "ticks, or a time in ns, us, ms, s)",
				 o->time_arg);
	return 0;
}

bool report_filter_given(const struct report_views_opts *o)
{
	return !ptt_filter_none(&o->filter) || o->time_arg;
}

/* Appends to buf at *len like snprintf, never past n. */
static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*len >= n)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *len, n - *len, fmt, ap);
	va_end(ap);
	*len += k > 0 ? (size_t)k : 0;
}

size_t report_filter_describe(const struct ptt_filter *f, char *buf, size_t n)
{
	size_t len = 0;
	char rid[16];

	buf[0] = 0;
	if (f->by_requester)
		put(buf, n, &len, "requester %s", pci_rid_format(f->requester, rid, sizeof(rid)));
	if (f->by_kind) {
		put(buf, n, &len, "%skinds", len ? "; " : "");
		for (int k = 0, first = 1; k < TLP_KIND_COUNT; k++)
			if (f->kinds >> k & 1) {
				put(buf, n, &len, "%s%s", first ? " " : ",", tlp_kind_name(k));
				first = 0;
			}
	}
	if (f->by_time) {
		put(buf, n, &len, "%sticks %llu..", len ? "; " : "", (unsigned long long)f->from);
		if (f->to != UINT64_MAX)
			put(buf, n, &len, "%llu", (unsigned long long)f->to);
	}
	return len < n ? len : n - 1;
}
