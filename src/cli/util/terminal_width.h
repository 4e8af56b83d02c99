/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How many columns a command's screen lines may take: $COLUMNS when it is
 * set (the user's word, and the only one a pipe has), else the terminal's
 * own (TIOCGWINSZ on fd), else 80, the width every terminal has.
 */
#ifndef PCIESCOPE_CLI_TERMINAL_WIDTH_H
#define PCIESCOPE_CLI_TERMINAL_WIDTH_H

int cli_terminal_width(int fd);

#endif
