// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT tune engine.  TUNING_CTRL selects an event, a write of TUNING_DATA
 * either requests a read (all ones) or sets a level.  The hardware, not the
 * driver, converts levels above 2 to 2 (the document's "out of range values
 * will be converted to 2"), so a read-back after writing 7 shows 2.
 * Each level goes straight into the fabric: the QoS events are the Tx
 * arbitration weights of the core's links, the buffer events their Tx buffer
 * watermarks, so a tune is visible in the traffic that follows.
 * TUNING_INT_STAT stays busy for one poll after each operation, so the
 * driver's wait loop is exercised as on the real device.
 */
#include "ptt_internal.h"

static const struct {
	uint32_t code;
	const char *key;
} ptt_tune_events[PTT_HW_TUNE_COUNT] = {
    [PTT_HW_QOS_TX_CPL] = {PTT_TUNE_QOS_TX_CPL, "qos_tx_cpl"},
    [PTT_HW_QOS_TX_NP] = {PTT_TUNE_QOS_TX_NP, "qos_tx_np"},
    [PTT_HW_QOS_TX_P] = {PTT_TUNE_QOS_TX_P, "qos_tx_p"},
    [PTT_HW_RX_BUF] = {PTT_TUNE_RX_ALLOC_BUF_LEVEL, "rx_alloc_buf_level"},
    [PTT_HW_TX_BUF] = {PTT_TUNE_TX_ALLOC_BUF_LEVEL, "tx_alloc_buf_level"},
};

static int ptt_tune_selected(const struct ptt_hw *h)
{
	uint32_t code = h->tuning_ctrl & PTT_TUNING_CTRL_EVENT;

	for (int t = 0; t < PTT_HW_TUNE_COUNT; t++)
		if (ptt_tune_events[t].code == code)
			return t;
	return -1;
}

void ptt_tune_push(struct ptt_hw *h, enum ptt_hw_tune t)
{
	static const enum fabric_qos_class qos[] = {
	    [PTT_HW_QOS_TX_CPL] = FABRIC_QOS_CPL,
	    [PTT_HW_QOS_TX_NP] = FABRIC_QOS_NP,
	    [PTT_HW_QOS_TX_P] = FABRIC_QOS_P,
	};

	if (!h->fabric)
		return;
	if (t == PTT_HW_RX_BUF || t == PTT_HW_TX_BUF)
		fabric_set_buf_level(h->fabric, h->sicl, h->core, t == PTT_HW_RX_BUF, h->tune[t]);
	else
		fabric_set_qos_weight(h->fabric, h->sicl, h->core, qos[t], h->tune[t]);
}

void ptt_tune_write_data(struct ptt_hw *h, uint32_t val)
{
	int t = ptt_tune_selected(h);

	h->tuning_busy_polls = 1;
	if (t < 0) {
		/* Unknown event: the operation completes with no data. */
		h->tuning_data = 0;
		return;
	}
	if (val == PTT_TUNING_DATA_READ) {
		h->tuning_data = h->tune[t];
		return;
	}
	val &= PTT_TUNING_DATA_VAL;
	h->tune[t] = val > PTT_TUNE_MAX_LEVEL ? PTT_TUNE_MAX_LEVEL : val;
	h->tuning_data = h->tune[t];
	ptt_tune_push(h, t);
}

unsigned ptt_hw_tune_level(const struct ptt_hw *h, enum ptt_hw_tune t)
{
	return h->tune[t];
}

void ptt_hw_tune_restore(struct ptt_hw *h, enum ptt_hw_tune t, unsigned level)
{
	h->tune[t] = level > PTT_TUNE_MAX_LEVEL ? PTT_TUNE_MAX_LEVEL : level;
	ptt_tune_push(h, t);
}

const char *ptt_hw_tune_key(enum ptt_hw_tune t)
{
	return ptt_tune_events[t].key;
}
