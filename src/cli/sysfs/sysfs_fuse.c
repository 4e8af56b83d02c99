// SPDX-License-Identifier: GPL-2.0-only
/*
 * The libfuse functions sysfs mount calls, resolved on use (lazy_lib.h).
 * fuse_new and fuse_loop_mt have several versions in libfuse; the ones named
 * here are those fuse.h declares for FUSE_USE_VERSION 3.12.
 */
#define FUSE_USE_VERSION FUSE_MAKE_VERSION(3, 12)

#include <string.h>

#include "lazy_lib.h"
#include "sysfs_fuse.h"

struct fuse_api lib_fuse;

int fuse_load(void)
{
	const struct lazy_sym syms[] = {
	    LAZY_SYM(lib_fuse, fuse_get_context, NULL),
	    LAZY_SYM(lib_fuse, fuse_new, "FUSE_3.1"),
	    LAZY_SYM(lib_fuse, fuse_mount, NULL),
	    LAZY_SYM(lib_fuse, fuse_unmount, NULL),
	    LAZY_SYM(lib_fuse, fuse_destroy, NULL),
	    LAZY_SYM(lib_fuse, fuse_daemonize, NULL),
	    LAZY_SYM(lib_fuse, fuse_get_session, NULL),
	    LAZY_SYM(lib_fuse, fuse_set_signal_handlers, NULL),
	    LAZY_SYM(lib_fuse, fuse_remove_signal_handlers, NULL),
	    LAZY_SYM(lib_fuse, fuse_loop_cfg_create, NULL),
	    LAZY_SYM(lib_fuse, fuse_loop_cfg_set_max_threads, NULL),
	    LAZY_SYM(lib_fuse, fuse_loop_cfg_destroy, NULL),
	    LAZY_SYM(lib_fuse, fuse_loop_mt, "FUSE_3.12"),
	    LAZY_SYM(lib_fuse, fuse_opt_free_args, NULL),
	};

	return lazy_lib_load("sysfs mount", PCIESCOPE_SONAME_FUSE, syms,
			     sizeof(syms) / sizeof(syms[0]));
}

int fuse_read_window(const char *buf, ssize_t len, char *out, size_t size, off_t off)
{
	if (len < 0)
		return (int)len;
	len = off < len ? len - off : 0;
	len = (size_t)len < size ? len : (ssize_t)size;
	memcpy(out, buf + off, (size_t)len);
	return (int)len;
}
