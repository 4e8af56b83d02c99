/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A link's figures as the commands print them (tool/link_model.h): one
 * spelling of a known figure, a range and an unknown one for top, stat
 * and diagnose.
 */
#ifndef PCIESCOPE_CLI_LINK_TEXT_H
#define PCIESCOPE_CLI_LINK_TEXT_H

#include <stddef.h>

#include <pciescope/tool/link_model.h>

/* Traffic in MB/s at digits after the point: "14028.2", a range "40-7267", or "-". */
void cli_link_traffic(const struct link_flow *f, int digits, char *buf, size_t n);
/* Use in percent: "93.6", a range "40-96", or "-". */
void cli_link_use(const struct link_flow *f, char *buf, size_t n);

#endif
