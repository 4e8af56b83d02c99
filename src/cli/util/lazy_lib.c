// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlopen on use (lazy_lib.h).  A symbol with a version is looked up with
 * dlvsym, so a library whose default version of the symbol changed ABI is
 * never called through the older prototype this build was compiled against.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "cli.h"
#include "lazy_lib.h"

int lazy_lib_load(const char *cmd, const char *soname, const struct lazy_sym *syms, size_t n)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		return cli_error("cannot load %s (install it to use %s): %s", soname, cmd, dlerror());
	for (size_t i = 0; i < n; i++) {
		void *f = syms[i].version ? dlvsym(h, syms[i].name, syms[i].version)
					  : dlsym(h, syms[i].name);

		if (!f)
			return cli_error("cannot load %s (install it to use %s): no %s%s%s", soname,
					 cmd, syms[i].name, syms[i].version ? "@" : "",
					 syms[i].version ? syms[i].version : "");
		memcpy(syms[i].slot, &f, sizeof(f));
	}
	return 0;
}
