/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libfuse for sysfs mount, loaded on use (lazy_lib.h): call lib_fuse.fuse_x().
 * Include this, not fuse.h, after defining FUSE_USE_VERSION.
 */
#ifndef PCIESCOPE_CLI_SYSFS_FUSE_H
#define PCIESCOPE_CLI_SYSFS_FUSE_H

#include <fuse.h>

/* With versioned symbols (every Linux distribution's libfuse) fuse.h declares
 * the plain names, each the version sysfs_fuse.c asks dlvsym for. */
#ifndef LIBFUSE_BUILT_WITH_VERSIONED_SYMBOLS
#error "sysfs mount needs a libfuse 3 built with versioned symbols"
#endif

struct fuse_api {
	__typeof__(fuse_get_context) *fuse_get_context;
	__typeof__(fuse_new) *fuse_new;
	__typeof__(fuse_mount) *fuse_mount;
	__typeof__(fuse_unmount) *fuse_unmount;
	__typeof__(fuse_destroy) *fuse_destroy;
	__typeof__(fuse_daemonize) *fuse_daemonize;
	__typeof__(fuse_get_session) *fuse_get_session;
	__typeof__(fuse_set_signal_handlers) *fuse_set_signal_handlers;
	__typeof__(fuse_remove_signal_handlers) *fuse_remove_signal_handlers;
	__typeof__(fuse_loop_cfg_create) *fuse_loop_cfg_create;
	__typeof__(fuse_loop_cfg_set_max_threads) *fuse_loop_cfg_set_max_threads;
	__typeof__(fuse_loop_cfg_destroy) *fuse_loop_cfg_destroy;
	__typeof__(fuse_loop_mt) *fuse_loop_mt;
	__typeof__(fuse_opt_free_args) *fuse_opt_free_args;
};

extern struct fuse_api lib_fuse;

/* 0, or 1 after the error line: libfuse is not there. */
int fuse_load(void);

/*
 * A FUSE read's answer from a whole attribute of len bytes (or -errno):
 * the size bytes from off copied to out, and their count.
 */
int fuse_read_window(const char *buf, ssize_t len, char *out, size_t size, off_t off);

#endif
