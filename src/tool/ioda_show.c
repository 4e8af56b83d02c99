// SPDX-License-Identifier: GPL-2.0-only
/*
 * `ioda show` below the printing (tool/ioda.h): a PHB's record, its
 * windows (M32 and the enabled M64 windows) apart from the M32 segments a
 * PE owns (the "windows" file holds both kinds of line), and the record of
 * every PE in use.
 */
#include <stdio.h>

#include "ioda_internal.h"

static json_t *read_records(struct backend *b, uint16_t dom, const char *file)
{
	char path[96], buf[PHB_FILE_MAX];

	phb_path(dom, file, path, sizeof(path));
	return phb_read(b, path, buf, sizeof(buf)) ? json_array() : phb_records(buf);
}

static json_t *read_pes(struct backend *b, uint16_t dom)
{
	char path[96], name[16], one[PHB_FILE_MAX];
	bool used[PHB_MAX_PES];
	json_t *pes = json_array();

	if (phb_pes_in_use(b, dom, used))
		return pes;
	for (unsigned pe = 0; pe < PHB_MAX_PES; pe++) {
		if (!used[pe])
			continue;
		snprintf(name, sizeof(name), "pe/%u", pe);
		phb_path(dom, name, path, sizeof(path));
		if (!phb_read(b, path, one, sizeof(one)))
			json_array_append_new(pes, phb_record(one));
	}
	return pes;
}

json_t *phb_show(struct backend *b, uint16_t domain)
{
	json_t *recs = read_records(b, domain, "phb"), *phb = json_array_get(recs, 0);
	json_t *win = read_records(b, domain, "windows");
	json_t *windows = json_array(), *segs = json_array();
	size_t i;
	json_t *r;

	phb = phb ? json_incref(phb) : json_object();
	/* A failed assignment is the second line of the PHB's record file. */
	if (json_array_size(recs) > 1)
		json_object_set(phb, "error", json_object_get(json_array_get(recs, 1), "error"));
	json_array_foreach(win, i, r)
	    json_array_append(json_object_get(r, "window") ? windows : segs, r);
	json_object_set_new(phb, "windows", windows);
	json_object_set_new(phb, "m32_segments", segs);
	json_object_set_new(phb, "pes", read_pes(b, domain));
	json_decref(recs);
	json_decref(win);
	return phb;
}
