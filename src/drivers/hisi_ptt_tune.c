// SPDX-License-Identifier: GPL-2.0-only
/*
 * tune/: one 0600 file per tune event.  A read or write selects the event in
 * TUNING_CTRL (bits [31:24] preserved), then writes TUNING_DATA (all ones
 * requests a read) and waits for TUNING_INT_STAT to clear.  Values parse as
 * the kernel's kstrtou16 in base 10 does (optional '+', one trailing newline,
 * 0..65535), anything else is -EINVAL before the device is touched; the
 * driver writes 3..65535 unchanged and the hardware clamps them.
 *
 * The seed's listing names the buffer files tx_path_rx_req_alloc_buf_level
 * and tx_path_tx_req_alloc_buf_level; they are added as aliases of
 * rx_alloc_buf_level and tx_alloc_buf_level (same event, same mode).
 */
#include <errno.h>
#include <stdio.h>

#include "hisi_ptt.h"

struct hisi_ptt_tune_attr {
	const char *name;
	uint32_t event;
};

static const struct hisi_ptt_tune_attr hisi_ptt_tunes[] = {
    {"qos_tx_cpl", PTT_TUNE_QOS_TX_CPL},
    {"qos_tx_np", PTT_TUNE_QOS_TX_NP},
    {"qos_tx_p", PTT_TUNE_QOS_TX_P},
    {"rx_alloc_buf_level", PTT_TUNE_RX_ALLOC_BUF_LEVEL},
    {"tx_alloc_buf_level", PTT_TUNE_TX_ALLOC_BUF_LEVEL},
    {"tx_path_rx_req_alloc_buf_level", PTT_TUNE_RX_ALLOC_BUF_LEVEL},
    {"tx_path_tx_req_alloc_buf_level", PTT_TUNE_TX_ALLOC_BUF_LEVEL},
};

_Static_assert(sizeof(hisi_ptt_tunes) / sizeof(hisi_ptt_tunes[0]) == HISI_PTT_TUNE_FILES,
	       "one context per tune file");

static int hisi_ptt_tune_op(struct hisi_ptt *ptt, uint32_t event, uint32_t data, uint16_t *out)
{
	uint32_t ctrl = bus_read32(ptt->bd, PTT_BAR, PTT_TUNING_CTRL);
	int ret;

	ctrl = (ctrl & ~PTT_TUNING_CTRL_EVENT) | event;
	bus_write32(ptt->bd, PTT_BAR, PTT_TUNING_CTRL, ctrl);
	bus_write32(ptt->bd, PTT_BAR, PTT_TUNING_DATA, data);
	ret = hisi_ptt_poll(ptt, PTT_TUNING_INT_STAT, PTT_TUNING_INT_BUSY, 0, HISI_PTT_TUNE_POLLS);
	if (ret)
		return ret;
	if (out)
		*out =
		    (uint16_t)(bus_read32(ptt->bd, PTT_BAR, PTT_TUNING_DATA) & PTT_TUNING_DATA_VAL);
	return 0;
}

static ssize_t hisi_ptt_tune_show(void *ctx, char *buf, size_t n)
{
	struct hisi_ptt_tune_ctx *c = ctx;
	uint16_t val;
	int ret = hisi_ptt_tune_op(c->ptt, c->event, PTT_TUNING_DATA_READ, &val);

	if (ret)
		return ret;
	return snprintf(buf, n, "%u\n", val);
}

/* kstrtou16(buf, 10): optional '+', digits, one optional trailing newline. */
static int hisi_ptt_parse_u16(const char *buf, size_t len, uint16_t *out)
{
	uint32_t v = 0;
	size_t i = 0;

	if (len && buf[len - 1] == '\n')
		len--;
	if (i < len && buf[i] == '+')
		i++;
	if (i == len)
		return -EINVAL;
	for (; i < len; i++) {
		if (buf[i] < '0' || buf[i] > '9')
			return -EINVAL;
		v = v * 10 + (uint32_t)(buf[i] - '0');
		if (v > 0xffff)
			return -EINVAL;
	}
	*out = (uint16_t)v;
	return 0;
}

static ssize_t hisi_ptt_tune_store(void *ctx, const char *buf, size_t len)
{
	struct hisi_ptt_tune_ctx *c = ctx;
	uint16_t val;
	int ret = hisi_ptt_parse_u16(buf, len, &val);

	if (ret)
		return ret;
	ret = hisi_ptt_tune_op(c->ptt, c->event, val, NULL);
	return ret ? ret : (ssize_t)len;
}

static const struct sysfs_attr_ops hisi_ptt_tune_ops = {
    .show = hisi_ptt_tune_show,
    .store = hisi_ptt_tune_store,
};

int hisi_ptt_tune_register(struct hisi_ptt *ptt, struct sysfs_node *pmu_dir)
{
	struct sysfs_node *dir = sysfs_mkdir(pmu_dir, "tune");
	struct hisi_ptt_tune_ctx *ctx = ptt->tune_ctx;

	if (!dir)
		return -ENOMEM;
	for (size_t i = 0; i < HISI_PTT_TUNE_FILES; i++) {
		int ret;

		ctx[i] = (struct hisi_ptt_tune_ctx){ptt, hisi_ptt_tunes[i].event};
		ret =
		    sysfs_add_attr(dir, hisi_ptt_tunes[i].name, 0600, &hisi_ptt_tune_ops, &ctx[i]);
		if (ret)
			return ret;
	}
	return 0;
}
