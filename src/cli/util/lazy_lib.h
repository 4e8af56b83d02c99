/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Libraries only some commands need (libmicrohttpd with GnuTLS for serve,
 * libfuse for sysfs mount) are opened with dlopen when such a command runs,
 * not linked: linking them made every command, `report --help` included,
 * map and relocate some twenty libraries and run GnuTLS's constructor at
 * start-up.  A command that needs one calls lazy_lib_load() first and then
 * calls through the table of function pointers it filled.
 */
#ifndef PCIESCOPE_CLI_LAZY_LIB_H
#define PCIESCOPE_CLI_LAZY_LIB_H

#include <stddef.h>

struct lazy_sym {
	const char *name;
	const char *version; /* the symbol version the header's prototype is, or NULL */
	void *slot;	     /* a function pointer, set with memcpy (POSIX: same representation) */
};

/*
 * Opens SONAME (kept open: its functions are called until exit) and resolves
 * every symbol into its slot.  0, or 1 after "pciescope: CMD: cannot load SONAME (...): why" on
 * stderr.
 */
int lazy_lib_load(const char *cmd, const char *soname, const struct lazy_sym *syms, size_t n);

/* A table entry: the symbol FN into the member of TABLE of the same name. */
#define LAZY_SYM(table, fn, version)                                                               \
	{                                                                                          \
#fn, version, &(table).fn                                                          \
	}

#endif
