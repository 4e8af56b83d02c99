/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a command says that a hold (tool/hold.h) is in its way: one line
 * naming the holder, what it holds, and how to wait for it.
 */
#ifndef PCIESCOPE_CLI_HOLD_H
#define PCIESCOPE_CLI_HOLD_H

#include <pciescope/tool/hold.h>

/*
 * err from hold_take or hold_guard: -EBUSY "<what>: refused: <holder>
 * holds <object> until it ends; add --wait to wait for it"; -EDEADLK (the
 * holder runs this command, so waiting would never end); -EINTR (stopped
 * while waiting); another -errno as e says.  Returns 1.
 */
int cli_hold_refused(int err, const char *what, const struct hold_info *busy, const char *object,
		     const struct error *e);

/*
 * A live view's hold on its machine (HOLD_VIEW), for as long as it runs;
 * NULL (said on stderr) when it cannot be taken: the view runs anyway.
 */
struct hold *cli_hold_view(const struct backend_options *o);

#endif
