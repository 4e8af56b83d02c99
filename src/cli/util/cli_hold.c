// SPDX-License-Identifier: GPL-2.0-only
/* The refusal of a command that a hold is in the way of (cli_hold.h). */
#include <errno.h>

#include "cli.h"
#include "cli_hold.h"

int cli_hold_refused(int err, const char *what, const struct hold_info *busy, const char *object,
		     const struct error *e)
{
	char holder[128];

	if (err != -EBUSY && err != -EDEADLK && err != -EINTR)
		return cli_fail(e);
	hold_describe(busy, holder, sizeof(holder));
	if (err == -EDEADLK)
		return cli_error("%s: refused: %s holds %s, and it runs this command: waiting for "
				 "it would never end",
				 what, holder, object);
	if (err == -EINTR)
		return cli_error("%s: stopped while waiting for %s, which holds %s; nothing was "
				 "changed",
				 what, holder, object);
	return cli_error("%s: refused: %s holds %s until it ends; add --wait to wait for it", what,
			 holder, object);
}

struct hold *cli_hold_view(const struct backend_options *o)
{
	struct hold *h = NULL;
	struct hold_info busy;
	struct error e;

	if (hold_take(o, HOLD_VIEW, NULL, cli_command(), false, &h, &busy, &e))
		cli_warn("%s; platform changes are not refused while this runs", e.msg);
	return h;
}
