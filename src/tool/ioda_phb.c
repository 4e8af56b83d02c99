// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PHBs' debug files through the backend (tool/ioda.h): which PHBs
 * there are, which one decodes an address, and the request files, where a
 * write asks and the read that follows answers.  A refused request leaves
 * the driver's reason in the PHB's "error" file, the sentence a user
 * reading the debug files would see, so that is the message.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ioda_internal.h"

int phb_read(struct backend *b, const char *path, char *buf, size_t n)
{
	ssize_t len = b->ops->sysfs_read(b, path, buf, n - 1);

	if (len < 0)
		return (int)len;
	buf[len] = '\0';
	return 0;
}

int phb_write(struct backend *b, const char *path, const char *text)
{
	ssize_t len = b->ops->sysfs_write(b, path, text, strlen(text));

	return len < 0 ? (int)len : 0;
}

void phb_path(uint16_t domain, const char *file, char *buf, size_t n)
{
	snprintf(buf, n, PHB_DEBUG_DIR "/PCI%04x/%s", domain, file);
}

int phb_fail(struct backend *b, uint16_t domain, int err, const char *what, struct error *e)
{
	char path[96], why[256];

	phb_path(domain, "error", path, sizeof(path));
	if (phb_read(b, path, why, sizeof(why)))
		return error_set(e, err, "%s: no PHB %04x on this platform", what, domain);
	if (why[0] && why[0] != '\n') {
		why[strcspn(why, "\n")] = '\0';
		return error_set(e, err, "%s", why);
	}
	return error_set_errno(e, err, "%s", what);
}

int phb_ask(struct backend *b, uint16_t domain, const char *file, const char *cmd, json_t **out,
	    struct error *e)
{
	char path[96], buf[PHB_FILE_MAX];
	int err;

	phb_path(domain, file, path, sizeof(path));
	err = phb_write(b, path, cmd);
	if (!err)
		err = phb_read(b, path, buf, sizeof(buf));
	if (err)
		return phb_fail(b, domain, err, file, e);
	*out = phb_record(buf);
	return 0;
}

int phb_pes_in_use(struct backend *b, uint16_t domain, bool used[PHB_MAX_PES])
{
	char path[96], buf[PHB_FILE_MAX], *save = NULL;
	unsigned first, last;
	int err;

	memset(used, 0, PHB_MAX_PES * sizeof(used[0]));
	phb_path(domain, "pes", path, sizeof(path));
	if ((err = phb_read(b, path, buf, sizeof(buf))))
		return err;
	for (char *t = strtok_r(buf, " \n", &save); t; t = strtok_r(NULL, " \n", &save))
		if (sscanf(t, "%u-%u", &first, &last) == 2)
			for (unsigned pe = first; pe <= last && pe < PHB_MAX_PES; pe++)
				used[pe] = true;
	return 0;
}

int phb_list(struct backend *b, uint16_t *dom, int max)
{
	char **names = NULL;
	size_t count = 0;
	int n = 0;

	if (b->ops->sysfs_list(b, PHB_DEBUG_DIR, &names, &count))
		return 0;
	for (size_t i = 0; i < count; i++) {
		unsigned d;

		if (n < max && sscanf(names[i], "PCI%4x", &d) == 1)
			dom[n++] = (uint16_t)d;
		free(names[i]);
	}
	free(names);
	return n;
}

int phb_of_address(struct backend *b, uint64_t addr, uint16_t *domain)
{
	uint16_t dom[64];
	int n = phb_list(b, dom, 64);
	struct error ignored;
	char cmd[32];

	snprintf(cmd, sizeof(cmd), "0x%" PRIx64, addr);
	for (int i = 0; i < n; i++) {
		json_t *r = NULL;

		if (!phb_ask(b, dom[i], "resolve", cmd, &r, &ignored)) {
			json_decref(r);
			*domain = dom[i];
			return 0;
		}
	}
	return -ENXIO;
}
