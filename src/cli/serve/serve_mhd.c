// SPDX-License-Identifier: GPL-2.0-only
/* The libmicrohttpd functions serve calls, resolved on use (lazy_lib.h). */
#include "lazy_lib.h"
#include "serve_mhd.h"

struct mhd_api lib_mhd;

int mhd_load(void)
{
	const struct lazy_sym syms[] = {
	    LAZY_SYM(lib_mhd, MHD_start_daemon, NULL),
	    LAZY_SYM(lib_mhd, MHD_stop_daemon, NULL),
	    LAZY_SYM(lib_mhd, MHD_get_daemon_info, NULL),
	    LAZY_SYM(lib_mhd, MHD_create_response_from_buffer, NULL),
	    LAZY_SYM(lib_mhd, MHD_add_response_header, NULL),
	    LAZY_SYM(lib_mhd, MHD_queue_response, NULL),
	    LAZY_SYM(lib_mhd, MHD_destroy_response, NULL),
	};

	return lazy_lib_load("serve", PCIESCOPE_SONAME_MHD, syms, sizeof(syms) / sizeof(syms[0]));
}
