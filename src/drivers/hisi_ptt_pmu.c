// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMU hisi_ptt<sicl>_<core>: event_init validation in the kernel's
 * order (PMU type -> ENOENT, CPU/task -> EOPNOTSUPP, then filter, direction,
 * type, format -> EINVAL), start/stop programming TRACE_CTRL, and the AUX
 * path of the newer kernels: every full 4 MiB buffer is copied into the AUX
 * area and committed at once, then a new handle is begun.
 *
 * As Linux (6.1 to 6.18) does, the copy never asks whether the area has
 * 4 MiB free: begin only has to give some room, and the area's write
 * position has to leave 4 MiB before its end.  A 16 MiB area nobody drains
 * so takes four whole buffers; the next begin finds it full and the trace
 * stops, with no flag in any record: the tools tell it from the records'
 * times (perf/aux_streams.h).
 *
 * The trace is the device's, not an event's.  perf record -a opens one
 * event per CPU of cpumask (the node's CPUs): the first one started traces,
 * the others stay stopped ("trace has already started"); a stop of any
 * event that is not stopped ends the running trace, and its last data goes
 * to the tracing event's AUX area, whose handle the device holds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hisi_ptt.h"

#define PTT_CFG_FILTER(c) ((c)&0xfffffull)
#define PTT_CFG_DIRECTION(c) (((c) >> 20) & 0xf)
#define PTT_CFG_TYPE(c) (((c) >> 24) & 0xff)
#define PTT_CFG_FORMAT(c) (((c) >> 32) & 0xf)

static struct hisi_ptt *to_ptt(struct perf_event *e)
{
	return e->pmu->priv;
}

static int hisi_ptt_event_init(struct perf_event *e)
{
	struct hisi_ptt *ptt = to_ptt(e);
	uint64_t c = e->attr.config;
	unsigned type = (unsigned)PTT_CFG_TYPE(c);

	if (e->attr.type != (uint32_t)ptt->pmu.type)
		return -ENOENT;
	if (e->cpu < 0 || e->pid >= 0)
		return -EOPNOTSUPP;
	if (hisi_ptt_filter_check(ptt, PTT_CFG_FILTER(c)))
		return -EINVAL;
	if (PTT_CFG_DIRECTION(c) > PTT_DIR_MAX)
		return -EINVAL;
	if (!type || (type & ~PTT_TYPE_ALL))
		return -EINVAL;
	if (PTT_CFG_FORMAT(c) > PTT_FORMAT_8DW)
		return -EINVAL;
	return 0;
}

static uint32_t hisi_ptt_ctrl(uint64_t c)
{
	uint32_t ctrl = PTT_TRACE_CTRL_EN;

	ctrl |= (uint32_t)PTT_CFG_DIRECTION(c) << PTT_TRACE_CTRL_RXTX_SHIFT;
	ctrl |= (uint32_t)PTT_CFG_TYPE(c) << PTT_TRACE_CTRL_TYPE_SHIFT;
	if (PTT_CFG_FORMAT(c))
		ctrl |= PTT_TRACE_CTRL_FORMAT;
	if (!(c & HISI_PTT_PORT_FILTER))
		ctrl |= PTT_TRACE_CTRL_FILTER_MODE;
	return ctrl | (uint32_t)(c & 0xffff) << PTT_TRACE_CTRL_TARGET_SHIFT;
}

/* Sets or clears RST, keeping the rest of TRACE_CTRL. */
static void hisi_ptt_dma_reset(struct hisi_ptt *ptt, bool on)
{
	uint32_t ctrl = bus_read32(ptt->bd, PTT_BAR, PTT_TRACE_CTRL);

	ctrl = on ? ctrl | PTT_TRACE_CTRL_RST : ctrl & ~PTT_TRACE_CTRL_RST;
	bus_write32(ptt->bd, PTT_BAR, PTT_TRACE_CTRL, ctrl);
}

static int hisi_ptt_trace_start(struct hisi_ptt *ptt, uint64_t config)
{
	struct bus_device *bd = ptt->bd;

	if (hisi_ptt_poll(ptt, PTT_TRACE_STS, PTT_TRACE_IDLE, PTT_TRACE_IDLE, HISI_PTT_IDLE_POLLS))
		return -EBUSY;
	hisi_ptt_dma_reset(ptt, true);
	/* Newer stable kernels give up here rather than trace into a DMA engine not reset. */
	if (hisi_ptt_poll(ptt, PTT_TRACE_WR_STS, 0xffffffffu, 0, HISI_PTT_RESET_POLLS)) {
		kcore_log(ptt->k, "%s: timed out waiting for DMA reset", ptt->name);
		hisi_ptt_dma_reset(ptt, false);
		return -ETIMEDOUT;
	}
	hisi_ptt_dma_reset(ptt, false);
	ptt->buffer_index = 0;
	for (int i = 0; i < PTT_TRACE_BUF_CNT; i++)
		memset(ptt->buf[i], 0, HISI_PTT_TRACE_BUF_SIZE);
	bus_write32(bd, PTT_BAR, PTT_TRACE_INT_STAT, PTT_TRACE_INT_STAT_MASK);
	bus_write32(bd, PTT_BAR, PTT_TRACE_INT_MASK, 0);
	bus_write32(bd, PTT_BAR, PTT_TRACE_CTRL, hisi_ptt_ctrl(config));
	ptt->started = true;
	return 0;
}

static void hisi_ptt_trace_end(struct hisi_ptt *ptt)
{
	bus_write32(ptt->bd, PTT_BAR, PTT_TRACE_CTRL, 0);
	bus_write32(ptt->bd, PTT_BAR, PTT_TRACE_INT_MASK, PTT_TRACE_INT_MASK_ALL);
	ptt->started = false;
}

/*
 * Begins a handle on the tracing event's AUX area at its head.  For the
 * interrupt path (need_room) the position must leave a whole buffer before
 * the area's end; the start path takes any position.
 */
static int hisi_ptt_begin_aux(struct hisi_ptt *ptt, bool need_room)
{
	struct hisi_ptt_aux *aux = perf_aux_output_begin(&ptt->handle, ptt->event);

	if (!aux)
		return -EINVAL;
	aux->pos = ptt->handle.head % aux->length;
	if (need_room && aux->length - aux->pos < HISI_PTT_TRACE_BUF_SIZE) {
		perf_aux_output_end(&ptt->handle, 0);
		return -EINVAL;
	}
	ptt->aux = aux;
	return 0;
}

/* Copies buffer index (WR_STS bytes of it when stopping) into AUX and commits. */
static int hisi_ptt_update_aux(struct hisi_ptt *ptt, unsigned index, bool stop)
{
	struct perf_output_handle *h = &ptt->handle;
	struct hisi_ptt_aux *aux = ptt->aux;
	size_t size = HISI_PTT_TRACE_BUF_SIZE;

	if (!aux || !h->size)
		return -EINVAL;
	if (stop)
		size = bus_read32(ptt->bd, PTT_BAR, PTT_TRACE_WR_STS) & PTT_TRACE_WR_STS_WRITE;
	perf_aux_write(h->aux, aux->pos, ptt->buf[index], size);
	aux->pos += size;
	ptt->aux = NULL;
	perf_aux_output_end(h, size);
	return stop ? 0 : hisi_ptt_begin_aux(ptt, true);
}

void hisi_ptt_irq(void *ctx, int vector)
{
	struct hisi_ptt *ptt = ctx;
	uint32_t status = bus_read32(ptt->bd, PTT_BAR, PTT_TRACE_INT_STAT);
	unsigned i;

	if (!(status & PTT_TRACE_INT_STAT_MASK))
		return;
	i = (unsigned)__builtin_ctz(status & PTT_TRACE_INT_STAT_MASK);
	/* Clears every pending bit: with two pending, one buffer is copied. */
	bus_write32(ptt->bd, PTT_BAR, PTT_TRACE_INT_STAT, status);
	if (!ptt->started)
		return;
	if (hisi_ptt_update_aux(ptt, ptt->buffer_index, false)) {
		hisi_ptt_trace_end(ptt);
		return;
	}
	ptt->buffer_index = (i + 1) % PTT_TRACE_BUF_CNT;
}

static void hisi_ptt_start(struct perf_event *e, int flags)
{
	struct hisi_ptt *ptt = to_ptt(e);

	if (ptt->started) {
		e->hw.state |= PERF_HES_STOPPED;
		return;
	}
	e->hw.state = 0;
	ptt->trace_cpu = e->cpu;
	ptt->event = e;
	if (hisi_ptt_begin_aux(ptt, false)) {
		e->hw.state |= PERF_HES_STOPPED;
		return;
	}
	if (hisi_ptt_trace_start(ptt, e->attr.config)) {
		ptt->aux = NULL;
		perf_aux_output_end(&ptt->handle, 0);
		e->hw.state |= PERF_HES_STOPPED;
	}
}

static void hisi_ptt_stop(struct perf_event *e, int flags)
{
	struct hisi_ptt *ptt = to_ptt(e);

	if (e->hw.state & PERF_HES_STOPPED)
		return;
	if (ptt->started) {
		hisi_ptt_trace_end(ptt);
		if (hisi_ptt_poll(ptt, PTT_TRACE_STS, PTT_TRACE_IDLE, PTT_TRACE_IDLE,
				  HISI_PTT_IDLE_POLLS))
			kcore_log(ptt->k, "%s: device is still busy", ptt->name);
		hisi_ptt_update_aux(ptt, ptt->buffer_index, true);
	}
	e->hw.state |= PERF_HES_STOPPED;
}

static bool hisi_ptt_cpu_on_node(struct hisi_ptt *ptt, int cpu)
{
	int node = ptt->bd->numa_node;

	if (node < 0 || cpu < 0 || cpu >= ptt->k->ncpus)
		return node < 0;
	return ptt->k->cpu_node[cpu] == node;
}

static int hisi_ptt_add(struct perf_event *e, int flags)
{
	struct hisi_ptt *ptt = to_ptt(e);

	/* On a CPU of another node the event never starts, and add succeeds. */
	if (!hisi_ptt_cpu_on_node(ptt, e->cpu))
		return 0;
	e->hw.state = PERF_HES_STOPPED;
	if (flags & PERF_EF_START) {
		hisi_ptt_start(e, 0);
		if (e->hw.state & PERF_HES_STOPPED)
			return -EINVAL;
	}
	return 0;
}

static void hisi_ptt_del(struct perf_event *e, int flags)
{
	hisi_ptt_stop(e, PERF_EF_UPDATE);
}

static void hisi_ptt_read(struct perf_event *e)
{
}

static void *hisi_ptt_setup_aux(struct perf_event *e, void *pages, int nr_pages, bool overwrite)
{
	struct hisi_ptt_aux *aux;

	if (nr_pages <= 0 || (size_t)nr_pages * 4096 < HISI_PTT_AUX_MIN || overwrite)
		return NULL;
	aux = calloc(1, sizeof(*aux));
	if (aux)
		aux->length = (size_t)nr_pages * 4096;
	return aux;
}

static void hisi_ptt_free_aux(void *aux_priv)
{
	free(aux_priv);
}

static ssize_t hisi_ptt_cpumask_show(void *ctx, char *buf, size_t n)
{
	struct hisi_ptt *ptt = ctx;
	int ret;

	if (ptt->bd->numa_node < 0)
		ret = snprintf(buf, n, "0-%d", ptt->k->ncpus - 1);
	else
		ret = kcore_node_cpulist(ptt->k, ptt->bd->numa_node, buf, n);
	if (ret < 0)
		return ret;
	ret = (int)strlen(buf);
	return snprintf(buf + ret, n - (size_t)ret, "\n") + ret;
}

static ssize_t hisi_ptt_type_show(void *ctx, char *buf, size_t n)
{
	struct hisi_ptt *ptt = ctx;

	return snprintf(buf, n, "%d\n", ptt->pmu.type);
}

static const struct sysfs_attr_ops hisi_ptt_cpumask_ops = {.show = hisi_ptt_cpumask_show};
static const struct sysfs_attr_ops hisi_ptt_type_ops = {.show = hisi_ptt_type_show};

static int hisi_ptt_format_register(struct sysfs_node *pmu_dir)
{
	static const char *const formats[][2] = {
	    {"filter", "config:0-19\n"},
	    {"direction", "config:20-23\n"},
	    {"type", "config:24-31\n"},
	    {"format", "config:32-35\n"},
	};
	struct sysfs_node *dir = sysfs_mkdir(pmu_dir, "format");

	if (!dir)
		return -ENOMEM;
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		int ret = sysfs_add_const(dir, formats[i][0], formats[i][1]);

		if (ret)
			return ret;
	}
	return 0;
}

static int hisi_ptt_attrs_register(struct hisi_ptt *ptt)
{
	struct sysfs_node *dir = ptt->pmu.dir;
	char path[128];
	int ret;

	if (!dir)
		return -ENODEV;
	ret = hisi_ptt_format_register(dir);
	if (!ret)
		ret = sysfs_add_attr(dir, "cpumask", 0444, &hisi_ptt_cpumask_ops, ptt);
	snprintf(path, sizeof(path), "%s/type", ptt->path);
	if (!ret && !sysfs_lookup(ptt->k->sysfs, path))
		ret = sysfs_add_attr(dir, "type", 0444, &hisi_ptt_type_ops, ptt);
	if (!ret)
		ret = hisi_ptt_tune_register(ptt, dir);
	if (!ret)
		ret = hisi_ptt_filters_init(ptt, dir);
	return ret;
}

int hisi_ptt_pmu_register(struct hisi_ptt *ptt)
{
	struct pmu *p = &ptt->pmu;
	int ret;

	*p = (struct pmu){
	    .capabilities = PERF_PMU_CAP_EXCLUSIVE | PERF_PMU_CAP_NO_EXCLUDE,
	    .task_ctx_invalid = true,
	    .priv = ptt,
	    .event_init = hisi_ptt_event_init,
	    .add = hisi_ptt_add,
	    .del = hisi_ptt_del,
	    .start = hisi_ptt_start,
	    .stop = hisi_ptt_stop,
	    .read = hisi_ptt_read,
	    .setup_aux = hisi_ptt_setup_aux,
	    .free_aux = hisi_ptt_free_aux,
	};
	ret = perf_pmu_register(ptt->k->perf, p, ptt->name, -1);
	if (ret < 0) {
		p->priv = NULL;
		return ret;
	}
	return hisi_ptt_attrs_register(ptt);
}

void hisi_ptt_pmu_unregister(struct hisi_ptt *ptt)
{
	if (ptt->pmu.priv)
		perf_pmu_unregister(ptt->k->perf, &ptt->pmu);
	ptt->pmu.priv = NULL;
}
