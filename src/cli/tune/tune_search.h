/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope tune DEVICE --search ...` (tune_search.c): dev is DEVICE (NULL
 * if none was given: only --help works then), argv[0] the command's name.
 */
#ifndef PCIESCOPE_CLI_TUNE_SEARCH_H
#define PCIESCOPE_CLI_TUNE_SEARCH_H

int tune_search_main(const char *dev, int argc, char **argv);

#endif
