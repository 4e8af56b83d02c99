// SPDX-License-Identifier: GPL-2.0-only
/*
 * A link has two ends, and it trains to the most both support: an x8 card
 * in an x16 slot runs at x8 by design, not by fault.  So a link is
 * downgraded only where it runs below what *both* ends support (a marginal
 * riser, a dirty connector); where it runs below one end's maximum because
 * the other end can do no more, that end limits it and topo says which.
 * (pcie/link.h holds the rule; this file finds the ends.)  The ends: a
 * device below a port links to that port; a port links to the
 * device on its secondary bus (the lowest function, as functions of one
 * device share the link).  lspci's "(downgraded)" compares one end with
 * itself, which is why it cried wolf on kunpeng930.
 */
#include <pciescope/pcie/link.h>
#include <pciescope/tool/topo.h>

static int partner_of(const struct topo *t, size_t i)
{
	int p = t->d[i].parent;

	if (p >= 0 && t->d[p].link)
		return p;
	for (size_t c = 0; c < t->n; c++)
		if (t->d[c].parent == (int)i && t->d[c].link)
			return (int)c;
	return -1;
}

struct topo_link topo_link_of(const struct topo *t, size_t i)
{
	const struct topo_dev *d = &t->d[i];
	struct topo_link l = {.partner = partner_of(t, i), .limited_by = -1};
	struct pcie_link_end self = {d->max_speed, d->max_width}, other;
	struct pcie_link_judgement j;

	if (l.partner >= 0)
		other = (struct pcie_link_end){t->d[l.partner].max_speed, t->d[l.partner].max_width};
	j = pcie_link_judge(d->speed, d->width, &self, l.partner >= 0 ? &other : NULL);
	l.best_speed = j.best_speed;
	l.best_width = j.best_width;
	l.downgraded = j.downgraded;
	if (j.limited)
		l.limited_by = l.partner;
	return l;
}
