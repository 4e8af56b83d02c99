// SPDX-License-Identifier: GPL-2.0-only
/* The both-ends rule of pcie/link.h.  Without the far end nothing is judged. */
#include <pciescope/pcie/link.h>

struct pcie_link_judgement pcie_link_judge(double speed, unsigned width,
					   const struct pcie_link_end *self,
					   const struct pcie_link_end *other)
{
	struct pcie_link_judgement j = {self->max_speed, self->max_width, false, false};

	if (!other)
		return j;
	if (other->max_speed > 0 && other->max_speed < j.best_speed)
		j.best_speed = other->max_speed;
	if (other->max_width && other->max_width < j.best_width)
		j.best_width = other->max_width;
	j.downgraded = speed < j.best_speed || width < j.best_width;
	j.limited = !j.downgraded && (speed < self->max_speed || width < self->max_width);
	return j;
}
