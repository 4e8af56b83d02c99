/* SPDX-License-Identifier: GPL-2.0-only */
/* `pciescope tune DEVICE --search ...` (tune_search.c); argv[0] is DEVICE. */
#ifndef PCIESCOPE_CLI_TUNE_SEARCH_H
#define PCIESCOPE_CLI_TUNE_SEARCH_H

int tune_search_main(int argc, char **argv);

#endif
