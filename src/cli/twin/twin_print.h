/* SPDX-License-Identifier: GPL-2.0-only */
/* `pciescope twin`'s printing (twin_print.c). */
#ifndef PCIESCOPE_CLI_TWIN_PRINT_H
#define PCIESCOPE_CLI_TWIN_PRINT_H

#include <pciescope/tool/twin.h>

/* The twin as tables, then its notes, on standard output. */
void twin_print(const struct twin *t);

#endif
