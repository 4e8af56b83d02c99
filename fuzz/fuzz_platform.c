// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform files (the JSON users write with --platform FILE), parsed from
 * memory as pfile_parse allows, then laid out as a fabric as boot would.
 * A rejected file must say why in the error buffer; an accepted one must
 * have every device's parent before it and every bridge's bus range sane.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/fabric/fabric.h>

#include "platform/pfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct pfile *pf)
{
	for (int i = 0; i < pf->ndevs; i++) {
		const struct pdev *d = &pf->devs[i];

		if (d->parent >= i || d->parent < -1)
			abort();
		if (d->kind != FABRIC_ENDPOINT && d->kind != FABRIC_RCIEP &&
		    d->secondary > d->subordinate)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct error err = {0};
	struct pfile pf;
	struct fabric *f;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	if (pfile_parse(text, "fuzz.json", &pf, &err)) {
		if (!err.msg[0])
			abort();
		free(text);
		return 0;
	}
	check(&pf);
	f = fabric_create(1);
	if (f) {
		pfile_build_fabric(&pf, f, &err);
		fabric_destroy(f);
	}
	pfile_free(&pf);
	free(text);
	return 0;
}
