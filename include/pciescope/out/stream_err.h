/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The errno of a failed stdio stream.  stdio keeps only an error flag, and
 * by the time a writer checks it errno may belong to another call; a full
 * disk is the common cause and the one a user can act on, so it is named.
 */
#ifndef PCIESCOPE_OUT_STREAM_ERR_H
#define PCIESCOPE_OUT_STREAM_ERR_H

#include <stdio.h>

/* Flushes f: 0, or -errno (-ENOSPC when its filesystem is full, else -EIO). */
int out_stream_flush(FILE *f);

#endif
