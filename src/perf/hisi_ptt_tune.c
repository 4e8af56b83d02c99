// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT tune file names (perf/hisi_ptt_tune.h).  The PTT document calls
 * the two buffer levels tx_path_rx_req_alloc_buf_level and
 * tx_path_tx_req_alloc_buf_level; the driver's files are the short names,
 * and both spellings are taken.
 */
#include <string.h>

#include <pciescope/perf/hisi_ptt_tune.h>

const char *const hisi_ptt_tune_params[HISI_PTT_TUNE_NPARAM + 1] = {
    "qos_tx_cpl", "qos_tx_np", "qos_tx_p", "rx_alloc_buf_level", "tx_alloc_buf_level", NULL};

int hisi_ptt_tune_param_index(const char *name)
{
	if (!strcmp(name, "tx_path_rx_req_alloc_buf_level"))
		return 3;
	if (!strcmp(name, "tx_path_tx_req_alloc_buf_level"))
		return 4;
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		if (!strcmp(name, hisi_ptt_tune_params[i]))
			return i;
	return -1;
}
