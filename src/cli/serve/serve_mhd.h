/* SPDX-License-Identifier: GPL-2.0-only */
/* libmicrohttpd for serve, loaded on use (lazy_lib.h): call lib_mhd.MHD_x(). */
#ifndef PCIESCOPE_CLI_SERVE_MHD_H
#define PCIESCOPE_CLI_SERVE_MHD_H

#include <microhttpd.h>

struct mhd_api {
	__typeof__(MHD_start_daemon) *MHD_start_daemon;
	__typeof__(MHD_stop_daemon) *MHD_stop_daemon;
	__typeof__(MHD_get_daemon_info) *MHD_get_daemon_info;
	__typeof__(MHD_create_response_from_buffer) *MHD_create_response_from_buffer;
	__typeof__(MHD_add_response_header) *MHD_add_response_header;
	__typeof__(MHD_queue_response) *MHD_queue_response;
	__typeof__(MHD_destroy_response) *MHD_destroy_response;
};

extern struct mhd_api lib_mhd;

/* 0, or 1 after the error line: libmicrohttpd is not there. */
int mhd_load(void);

#endif
