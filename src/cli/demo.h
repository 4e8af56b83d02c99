/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PCIESCOPE_CLI_DEMO_H
#define PCIESCOPE_CLI_DEMO_H

/* Steps first, first+1, ... of the demo after the trace: stat, IOMMU, IODA. */
int demo_tour(int first, const char *state_dir);
/* Removes the demo's scratch directory and everything in it. */
void demo_remove_dir(const char *dir);

#endif
