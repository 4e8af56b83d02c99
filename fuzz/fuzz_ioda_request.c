// SPDX-License-Identifier: GPL-2.0-only
/*
 * The powernv_ioda request files (resolve, access, freeze, unfreeze) take
 * text a user writes: the input picks a file (first byte) and is the command.
 * A PHB like power8's PHB 0 with 4 VFs enabled answers; nothing may crash
 * and every failure must come with a reason.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/unit/ioda_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fixture f;
	static int booted;
	static const char *const files[] = {"resolve", "access", "freeze", "unfreeze", "bogus"};
	char cmd[300], ans[4096];
	struct error err;
	int ret;

	if (!booted) {
		fx_phb0(&f);
		if (fx_boot(&f) || ioda_sriov_set(f.phb, 0x100, 4, &err))
			abort();
		booted = 1;
	}
	if (!size || size >= sizeof(cmd))
		return 0;
	memcpy(cmd, data + 1, size - 1);
	cmd[size - 1] = '\0';
	err.msg[0] = '\0';
	ret = ioda_request(f.phb, files[data[0] % 5], cmd, &err);
	if (ret && !err.msg[0])
		abort();
	ioda_show_answer(f.phb, ans, sizeof(ans));
	/* Thaw what the input froze so later inputs see the same PHB. */
	for (unsigned pe = 0; pe < 256; pe++)
		ioda_pe_unfreeze(f.phb, pe, 3);
	return 0;
}
