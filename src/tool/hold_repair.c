// SPDX-License-Identifier: GPL-2.0-only
/*
 * Putting back what a dead search left (tool/hold.h).  Under the holds'
 * lock, so two commands do not put the same levels back twice, and through
 * a backend of its own that is closed (on the emulated machine: saved) before
 * the lock goes: a `tune` that follows sees the levels put back, and its
 * own setting is not undone by a later save of this command's.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/tool/ptt_tune.h>
#include <pciescope/tool/warn.h>

#include "hold_internal.h"

unsigned hold_restore_mask(const struct hold_info *h, const int cur[HISI_PTT_TUNE_NPARAM])
{
	unsigned mask = 0;

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		if ((h->known[HOLD_LAST] && cur[i] == h->level[HOLD_LAST][i]) ||
		    (h->known[HOLD_NEXT] && cur[i] == h->level[HOLD_NEXT][i]))
			mask |= 1u << i;
	return mask;
}

/* One line on what was put back and what was kept (or why not); 0, or -errno to keep the hold. */
static int put_back(const struct backend_options *o, const struct hold_info *h, struct error *e)
{
	const int *start = h->level[HOLD_START];
	char put[160], kept[160], desc[96];
	int cur[HISI_PTT_TUNE_NPARAM];
	unsigned mask = 0, differ = 0;
	struct backend *b;
	int r = backend_open(o, &b, e);

	if (r)
		return error_wrap(e, "cannot open the machine");
	r = ptt_tune_read(b, h->device, cur, e);
	for (int i = 0; !r && i < HISI_PTT_TUNE_NPARAM; i++)
		differ |= cur[i] != start[i] ? 1u << i : 0;
	if (!r) {
		mask = hold_restore_mask(h, cur) & differ;
		r = ptt_tune_write(b, h->device, start, mask, e);
	}
	r = backend_close(b) ?: r;
	hold_describe(h, desc, sizeof(desc));
	if (r == -ENOENT) {
		tool_warn("%s ended without putting its starting levels back, and they cannot "
			  "be now (%s): forgotten",
			  desc, e->msg);
		return 0;
	}
	if (r) {
		tool_warn("%s ended without putting its starting levels back, and they cannot "
			  "be now (%s): the next command tries again",
			  desc, e->msg);
		return r;
	}
	ptt_tune_text(start, mask, put, sizeof(put));
	ptt_tune_text(cur, differ & ~mask, kept, sizeof(kept));
	tool_warn("%s ended without putting its starting levels back: %s%s%s%s%s%s", desc,
		  mask ? "put back " : "", put,
		  !mask && !kept[0] ? "the device holds them already" : "",
		  kept[0] ? (mask ? "; kept " : "kept ") : "", kept,
		  kept[0] ? " (set by another command after the search's last write)" : "");
	return 0;
}

/* A hold that cannot be put back now stays, said once per command: the next one tries again. */
static int repair_one(void *ctx, struct hold_dir *d, const struct hold_info *h, const char *path)
{
	struct error e;

	(void)ctx;
	if (h->live)
		return 0;
	if (h->kind != HOLD_SEARCH || !h->known[HOLD_START] || !put_back(d->o, h, &e))
		unlink(path);
	return 0;
}

int hold_repair_locked(struct hold_dir *d, struct error *e)
{
	int r = hold_dir_each(d, repair_one, NULL);

	return r ? error_set_errno(e, r, "cannot read the holds in %s", d->path) : 0;
}

int hold_repair(const struct backend_options *o, struct error *e)
{
	struct hold_dir d;
	int r = hold_dir_lock(o, false, &d);

	if (r)
		return r < 0 ? error_set_errno(e, r, "cannot lock the holds in %s", d.path) : 0;
	r = hold_repair_locked(&d, e);
	hold_dir_unlock(&d);
	return r;
}
