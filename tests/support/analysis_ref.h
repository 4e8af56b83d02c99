/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The yardstick of the analyser's fast and threaded paths, shared by the
 * unit tests (cmocka asserts) and fuzz_trace (abort): feeding each entry
 * through ptt_entry_decode, tlp_decode and analysis_feed, and a comparison
 * of every result two analysers give.
 */
#ifndef PCIESCOPE_TESTS_ANALYSIS_REF_H
#define PCIESCOPE_TESTS_ANALYSIS_REF_H

#include <pciescope/trace/analysis.h>

/* Every whole entry of buf, one at a time, the slow way. */
void feed_one_by_one(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
		     enum analysis_dir d);

/* The name of the first result in which a and b differ; NULL when none does. */
const char *analysis_difference(const struct analysis *a, const struct analysis *b);

#endif
