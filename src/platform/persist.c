// SPDX-License-Identifier: GPL-2.0-only
/*
 * What of a platform persists between invocations: each model's hardware
 * state under "dev.<bdf>." and the devices the user hot-removed under
 * "removed.<bdf>".  The core's state store merges each invocation's
 * changes into the file at shutdown, so concurrent invocations both land.
 */
#include <stdio.h>
#include <string.h>

#include "boot.h"

#define REMOVED "removed."

static void remove_one(void *ctx, const char *key, const char *val)
{
	struct platform *p = ctx;
	struct pci_bdf bdf;

	if (pci_bdf_parse(key + strlen(REMOVED), &bdf) == 0)
		platform_remove_device(p, bdf);
}

/*
 * The hot removals the file holds.  Then, the models having restored their
 * part, their every value (the defaults of what the file lacks too) is the
 * baseline: otherwise the first run
 * on a fresh state would write its defaults at shutdown over what other
 * invocations changed meanwhile (a `tune` while `serve` runs).
 */
void platform_restore_state(struct platform *p)
{
	if (!p->state)
		return;
	kstate_foreach(p->state, REMOVED, remove_one, p);
	platform_save(p);
	kstate_baseline(p->state);
}

/*
 * Only what changed is written: the state store journals every delete and
 * every set of a new value, and at close replays that journal over whatever
 * other invocations saved meanwhile.  Deleting and re-adding a removal this
 * run did not touch would undo another invocation's rescan.
 */
void platform_save(struct platform *p)
{
	if (!p->state)
		return;
	for (int i = 0; i < p->pf.ndevs; i++) {
		struct pdevice *pd = &p->devs[i];
		char key[48];

		if (pd->model && pd->ops->save)
			pd->ops->save(pd->model, p->state, pd->key);
		snprintf(key, sizeof(key), REMOVED "%s", pd->key + 4);
		key[strlen(key) - 1] = '\0';
		if (pd->removed)
			kstate_set_u64(p->state, key, 1);
		else if (kstate_get_str(p->state, key))
			kstate_del(p->state, key);
	}
}

static int state_name(const char *name, char *buf, size_t n, struct error *e)
{
	struct pfile pf;
	int r;

	if (!name)
		name = "kunpeng930";
	if (!strchr(name, '/') && !strstr(name, ".json")) {
		snprintf(buf, n, "%s", name);
		return 0;
	}
	r = pfile_load(name, &pf, e);
	if (r)
		return r;
	snprintf(buf, n, "%s", pf.name);
	pfile_free(&pf);
	return 0;
}

int platform_state_name(const char *name, char *buf, size_t n)
{
	struct error e; /* a file that cannot be read is said by whoever opens it */

	return state_name(name, buf, n, &e);
}

int platform_reset_state(const char *name, struct error *e)
{
	char state[128];
	int r = state_name(name, state, sizeof(state), e);

	if (r)
		return r;
	r = kstate_reset(state);
	return r ? error_set(e, r, "%s", strerror(-r)) : 0;
}

const char *platform_state_warning(struct platform *p, char *buf, size_t n)
{
	return p->state ? kstate_warning(p->state, buf, n) : NULL;
}

bool platform_state_changed(struct platform *p)
{
	return p->state && kstate_changed(p->state);
}
