// SPDX-License-Identifier: GPL-2.0-only
/*
 * The width of the screen a command draws (terminal_width.h).  Asked anew
 * for every frame, so a resized terminal gets lines of its new width.
 */
#include <stdlib.h>
#include <sys/ioctl.h>

#include "cli_number.h"
#include "terminal_width.h"

#define DEFAULT_COLUMNS 80
#define MAX_COLUMNS 10000

int cli_terminal_width(int fd)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	uint64_t n;

	if (env && !cli_parse_uint(env, 10, MAX_COLUMNS, &n) && n > 0)
		return (int)n;
	if (!ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_col > 0)
		return ws.ws_col;
	return DEFAULT_COLUMNS;
}
