/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope demo`: builtin-demo.c shows the platform and, where it has a
 * PTT, tunes, traces and summarises; demo_tour.c then runs the real
 * subcommands for what else the platform has (PCIe PMU, AMD IOMMU, IODA2).
 */
#ifndef PCIESCOPE_CLI_DEMO_H
#define PCIESCOPE_CLI_DEMO_H

#include <pciescope/backend/backend.h>

struct demo {
	struct backend *b;
	const char *state_dir; /* scratch state of the subcommands, removed at the end */
	char **pass;	       /* the backend options the user gave, for every subcommand */
	int npass;
	int step; /* number of the next section */
};

/* The counting and planning sections the platform has; 0 or 1 after an error. */
int demo_tour(struct demo *d);
/* Removes the demo's scratch directory and everything in it. */
void demo_remove_dir(const char *dir);

#endif
