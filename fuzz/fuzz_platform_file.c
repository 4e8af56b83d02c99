// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform files: arbitrary bytes through the JSON loader and the topology
 * checks; whatever is accepted must also build a fabric and accept its
 * workload, since boot does exactly that next.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "platform/pfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct error err;
	struct pfile pf;
	struct fabric *f;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (pfile_parse(text, "fuzz.json", &pf, &err) == 0) {
		f = fabric_create(1);
		if (f && pfile_build_fabric(&pf, f, &err) == 0 &&
		    fabric_set_workload(f, pf.workload, pf.workload_params, &err) == 0)
			fabric_run_until(f, 2000);
		fabric_destroy(f);
		pfile_free(&pf);
	}
	free(text);
	return 0;
}
