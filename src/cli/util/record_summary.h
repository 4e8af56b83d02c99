/* SPDX-License-Identifier: GPL-2.0-only */
/* The lines a finished recording prints on stderr (record, demo, diagnose). */
#ifndef PCIESCOPE_CLI_RECORD_SUMMARY_H
#define PCIESCOPE_CLI_RECORD_SUMMARY_H

#include <pciescope/tool/aux_record.h>

/* Truncation and loss warnings always; the summary lines unless o->quiet. */
void record_summary(const struct aux_record_opts *o, const struct aux_record_result *r);

#endif
