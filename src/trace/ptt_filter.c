// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report filter (ptt_filter.h): matching a decoded entry as the line
 * view sees it, and the parsers of what users type.  The parsers accept
 * only what they document, so that a typo is an error and never a filter
 * that silently keeps nothing.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/trace/ptt_filter.h>

#include "ptt_view.h"

bool ptt_filter_entry(const struct ptt_filter *f, const struct ptt_entry *e, uint64_t ticks)
{
	struct ptt_view v;

	ptt_view_decode(e, &v);
	return ptt_view_keeps(f, &v, ticks);
}

int ptt_filter_parse_requester(const char *s, struct ptt_filter *f)
{
	struct pci_bdf b;

	if (pci_bdf_parse(s, &b))
		return -EINVAL;
	f->requester = b.rid;
	f->by_requester = true;
	return 0;
}

uint32_t ptt_filter_class_kinds(enum tlp_class c)
{
	uint32_t set = 0;

	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (k != TLP_UNKNOWN && tlp_class_of((enum tlp_kind)k) == c)
			set |= 1u << k;
	return set;
}

static const struct {
	const char *name;
	enum tlp_class cls;
} classes[] = {{"P", TLP_CLASS_P}, {"NP", TLP_CLASS_NP}, {"CPL", TLP_CLASS_CPL}};

/* The kind named by the len bytes at s (in any case, or exactly); TLP_KIND_COUNT if none. */
static enum tlp_kind kind_named(const char *s, size_t len, bool exact)
{
	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		const char *n = tlp_kind_name((enum tlp_kind)k);

		if (strlen(n) == len && !(exact ? strncmp : strncasecmp)(s, n, len))
			return (enum tlp_kind)k;
	}
	return TLP_KIND_COUNT;
}

/*
 * The kinds the name of len bytes at s stands for; 0 if none.  The kind
 * Cpl and the class CPL differ only in case: a kind's exact name wins,
 * then a class in any case, then a kind in any case.
 */
static uint32_t kinds_of(const char *s, size_t len)
{
	enum tlp_kind k = kind_named(s, len, true);
	uint32_t set = 0;

	if (k != TLP_KIND_COUNT)
		return 1u << k;
	for (size_t c = 0; c < sizeof(classes) / sizeof(classes[0]); c++)
		if (strlen(classes[c].name) == len && !strncasecmp(s, classes[c].name, len))
			set |= ptt_filter_class_kinds(classes[c].cls);
	k = set ? TLP_KIND_COUNT : kind_named(s, len, false);
	return k != TLP_KIND_COUNT ? 1u << k : set;
}

int ptt_filter_parse_kinds(const char *s, struct ptt_filter *f, const char **bad, size_t *bad_len)
{
	uint32_t set = 0;

	for (const char *p = s;; p++) {
		size_t len = strcspn(p, ",");
		uint32_t k = kinds_of(p, len);

		if (!k) {
			*bad = p;
			*bad_len = len;
			return -EINVAL;
		}
		set |= k;
		p += len;
		if (!*p)
			break;
	}
	f->kinds = set;
	f->by_kind = true;
	return 0;
}

/* One end of a window: a whole number of ticks, or a duration in ns. */
struct end {
	bool in_ticks;
	uint64_t ticks;
	double ns;
};

static int parse_end(const char *s, size_t len, struct end *e)
{
	static const struct {
		const char *suffix;
		double scale;
	} units[] = {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
	char buf[64], *end;
	double v;

	if (!len || len >= sizeof(buf) || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = 0;
	if (strspn(buf, "0123456789") == len) {
		errno = 0;
		e->in_ticks = true;
		e->ticks = strtoull(buf, NULL, 10);
		return errno ? -EINVAL : 0;
	}
	v = strtod(buf, &end);
	if (end == buf || !isfinite(v))
		return -EINVAL;
	for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++)
		if (!strcmp(end, units[k].suffix)) {
			e->in_ticks = false;
			e->ns = v * units[k].scale;
			return isfinite(e->ns) ? 0 : -EINVAL;
		}
	return -EINVAL;
}

/* An end in ticks of tick_ns: a duration rounded up (from) or down (to), kept within uint64_t. */
static uint64_t ticks_of(const struct end *e, double tick_ns, bool up)
{
	double t;

	if (e->in_ticks)
		return e->ticks;
	t = e->ns / tick_ns;
	t = up ? ceil(t) : floor(t);
	return t >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)t;
}

/* Whether b is before a; in ticks when both are, else in ns. */
static bool before(const struct end *a, const struct end *b, double tick_ns)
{
	if (a->in_ticks && b->in_ticks)
		return b->ticks < a->ticks;
	return (b->in_ticks ? (double)b->ticks * tick_ns : b->ns) <
	       (a->in_ticks ? (double)a->ticks * tick_ns : a->ns);
}

int ptt_filter_parse_time(const char *s, double tick_ns, struct ptt_filter *f)
{
	const char *dots = strstr(s, "..");
	struct end a, b;
	size_t alen, blen;

	if (!dots || !(tick_ns > 0) || !isfinite(tick_ns))
		return -EINVAL;
	alen = (size_t)(dots - s);
	blen = strlen(dots + 2);
	if ((!alen && !blen) || (alen && parse_end(s, alen, &a)) ||
	    (blen && parse_end(dots + 2, blen, &b)))
		return -EINVAL;
	if (alen && blen && before(&a, &b, tick_ns))
		return -ERANGE;
	f->from = alen ? ticks_of(&a, tick_ns, true) : 0;
	f->to = blen ? ticks_of(&b, tick_ns, false) : UINT64_MAX;
	f->by_time = true;
	return 0;
}
