// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event modifiers (":u", "/k", "}:G", ...) with perf's semantics: the first
 * of u/k/h excludes all three privilege levels and each letter re-includes
 * its own, so ":u" sets exclude_kernel and exclude_hv; 'u' also excludes
 * the guest unless G or H was given; G/H work alike on guest/host.  A letter
 * given twice (other than 'p') is an error, as in perf.
 */
#include <errno.h>
#include <string.h>

#include "event_internal.h"

struct mod_state {
	int eu, ek, eh, eG, eH, exclude, exclude_gh, precise;
};

static void priv(struct mod_state *m, int *self)
{
	if (!m->exclude)
		m->exclude = m->eu = m->ek = m->eh = 1;
	*self = 0;
}

static void virt(struct mod_state *m, int *self)
{
	if (!m->exclude_gh)
		m->exclude_gh = m->eG = m->eH = 1;
	*self = 0;
}

static int one(struct mod_state *m, char c, struct perf_event_attr *a)
{
	switch (c) {
	case 'u':
		if (!m->exclude_gh)
			m->eG = 1;
		priv(m, &m->eu);
		break;
	case 'k':
		priv(m, &m->ek);
		break;
	case 'h':
		priv(m, &m->eh);
		break;
	case 'G':
		virt(m, &m->eG);
		break;
	case 'H':
		virt(m, &m->eH);
		break;
	case 'I':
		a->exclude_idle = 1;
		break;
	case 'p':
		if (++m->precise > 3)
			return -EINVAL;
		break;
	case 'P':
		m->precise = 3;
		break;
	case 'D':
		a->pinned = 1;
		break;
	case 'e':
		a->exclusive = 1;
		break;
	case 'S':
	case 'W':
	case 'b':
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

int modifiers_apply(const char *mods, size_t len, struct perf_event_attr *a, bool *exclude_gh)
{
	struct mod_state m = {
	    .eu = a->exclude_user,
	    .ek = a->exclude_kernel,
	    .eh = a->exclude_hv,
	    .eG = a->exclude_guest,
	    .eH = a->exclude_host,
	    .exclude_gh = *exclude_gh,
	    .precise = a->precise_ip,
	};

	m.exclude = m.eu | m.ek | m.eh;
	for (size_t i = 0; i < len; i++) {
		if (mods[i] != 'p' && memchr(mods, mods[i], i))
			return -EINVAL;
		if (one(&m, mods[i], a))
			return -EINVAL;
	}
	a->exclude_user = m.eu;
	a->exclude_kernel = m.ek;
	a->exclude_hv = m.eh;
	a->exclude_guest = m.eG;
	a->exclude_host = m.eH;
	a->precise_ip = m.precise;
	*exclude_gh = m.exclude_gh;
	return 0;
}
