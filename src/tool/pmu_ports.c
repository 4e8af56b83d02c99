// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sampler's series grouped by PMU port bit, one interval at a time: the
 * bandwidth per TLP kind and average latency (the stat code's pair
 * metrics), and what the bit's links carried per direction and how much
 * of their capacity that was (pcie/traffic.h).  `top` draws these rows
 * and `serve` exports them, so the two agree.
 *
 * A read request's flux counts the length it asks for, data that flows
 * the other way as completions, so the traffic takes only its header: the
 * number of reads (the read latency pair's count) times a request header.
 * Root Ports whose device numbers share a port bit share its counters, so
 * their row is the bit's total against the sum of their links' capacity.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/event_list.h>
#include <pciescope/pcie/traffic.h>
#include <pciescope/tool/pmu_sampler.h>

static bool read_text(struct backend *b, const char *bdf, const char *file, char *t, size_t n)
{
	char path[320];
	ssize_t r;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s", bdf, file);
	r = b->ops->sysfs_read(b, path, t, n - 1);
	if (r <= 0)
		return false;
	t[r] = 0;
	return true;
}

/* The link of one Root Port, through its sysfs files; false if unknown. */
static bool read_link(struct backend *b, const char *bdf, double *gts, long *width)
{
	char t[64];

	*gts = read_text(b, bdf, "current_link_speed", t, sizeof(t)) ? strtod(t, NULL) : 0;
	*width = read_text(b, bdf, "current_link_width", t, sizeof(t)) ? strtol(t, NULL, 0) : 0;
	return *gts > 0 && *width > 0;
}

/* Every Root Port of the bit's comma-separated list: the first's link, the sum of capacities. */
static void read_links(struct backend *b, struct serve_port *p)
{
	char list[sizeof(p->bdf)], *save = NULL;

	snprintf(list, sizeof(list), "%s", p->bdf);
	for (char *bdf = strtok_r(list, ",", &save); bdf; bdf = strtok_r(NULL, ",", &save)) {
		double gts;
		long width;
		bool known = read_link(b, bdf, &gts, &width);

		if (!p->nlinks++) {
			p->speed_gts = gts;
			p->width = width;
		}
		if (known)
			p->capacity_mbps += pcie_link_capacity_mbps(gts, (unsigned)width);
		else
			p->capacity_unknown = true;
	}
}

static double known(double v)
{
	return v > 0 ? v : 0;
}

static void traffic(struct serve_port *p)
{
	struct pcie_flow rx = {known(p->mbps[HISI_PCIE_RX_MWR]), known(p->mbps[HISI_PCIE_RX_CPL]),
			       p->reads_per_s[0] * PCIE_READ_REQ_HDR_BYTES * 1e-6},
			 tx = {known(p->mbps[HISI_PCIE_TX_MWR]), known(p->mbps[HISI_PCIE_TX_CPL]),
			       p->reads_per_s[1] * PCIE_READ_REQ_HDR_BYTES * 1e-6};
	double cap = p->capacity_unknown ? 0 : p->capacity_mbps;

	/* a kind the multiplexed PMU did not count this interval leaves the total unknown */
	bool rx_known = p->mbps[HISI_PCIE_RX_MWR] >= 0 && p->mbps[HISI_PCIE_RX_CPL] >= 0 &&
			p->reads_per_s[0] >= 0,
	     tx_known = p->mbps[HISI_PCIE_TX_MWR] >= 0 && p->mbps[HISI_PCIE_TX_CPL] >= 0 &&
			p->reads_per_s[1] >= 0;

	p->traffic_mbps[0] = rx_known ? pcie_flow_total(&rx) : -1;
	p->traffic_mbps[1] = tx_known ? pcie_flow_total(&tx) : -1;
	p->util[0] = rx_known ? pcie_link_utilisation(p->traffic_mbps[0], cap) : -1;
	p->util[1] = tx_known ? pcie_link_utilisation(p->traffic_mbps[1], cap) : -1;
}

static struct serve_port *port_of(struct serve_ports *ps, const struct serve_series *se)
{
	struct serve_port *p;

	for (size_t i = 0; i < ps->n; i++)
		if (ps->p[i].sicl == se->sicl && ps->p[i].core == se->core &&
		    ps->p[i].port == se->port)
			return &ps->p[i];
	p = realloc(ps->p, (ps->n + 1) * sizeof(*p));
	if (!p)
		return NULL;
	ps->p = p;
	p = &p[ps->n++];
	*p = (struct serve_port){.sicl = se->sicl, .core = se->core, .port = se->port};
	snprintf(p->bdf, sizeof(p->bdf), "%s", se->bdf);
	for (int k = 0; k < HISI_PCIE_BW_KINDS; k++)
		p->mbps[k] = -1;
	for (int k = 0; k < HISI_PCIE_LAT_KINDS; k++)
		p->lat_ns[k] = -1;
	p->reads_per_s[0] = p->reads_per_s[1] = -1;
	return p;
}

static int kind_index(const char *tlp, const char *const *names, int n)
{
	for (int k = 0; k < n; k++)
		if (!strcmp(tlp, names[k]))
			return k;
	return -1;
}

/*
 * Reads that completed per second: the latency pair's count over the time
 * it was enabled; < 0 when the multiplexed PMU did not run it.
 */
static double per_second(const struct serve_series *se, const struct backend_count *delta)
{
	const struct backend_count *cnt = &delta[se->main + 1];

	return cnt->running ? count_scaled(cnt) * 1e9 / (double)cnt->enabled : -1;
}

static void add_series(struct serve_port *p, const struct serve *sv, const struct serve_series *se,
		       const struct backend_count *delta)
{
	const char *unit;
	double v;
	int k;

	if (!stat_metric_value(&sv->s, se->main, delta, &v, &unit))
		v = -1;
	if (!se->latency) {
		if ((k = kind_index(se->tlp, hisi_pcie_bw_kinds, HISI_PCIE_BW_KINDS)) >= 0)
			p->mbps[k] = v;
		return;
	}
	if ((k = kind_index(se->tlp, hisi_pcie_lat_kinds, HISI_PCIE_LAT_KINDS)) < 0)
		return;
	p->lat_ns[k] = v;
	/* rx_mrd's latency counts the device's reads, tx_mrd's the host's */
	if (!strcmp(se->tlp, "rx_mrd"))
		p->reads_per_s[0] = per_second(se, delta);
	else if (!strcmp(se->tlp, "tx_mrd"))
		p->reads_per_s[1] = per_second(se, delta);
}

int serve_ports_build(struct serve_ports *ps, struct serve *sv, const struct backend_count *delta)
{
	for (size_t i = 0; i < sv->nser; i++) {
		struct serve_port *p = port_of(ps, &sv->ser[i]);

		if (!p)
			return -ENOMEM;
		add_series(p, sv, &sv->ser[i], delta);
	}
	for (size_t i = 0; i < ps->n; i++) {
		read_links(sv->s.b, &ps->p[i]);
		traffic(&ps->p[i]);
	}
	return 0;
}

void serve_ports_free(struct serve_ports *ps)
{
	free(ps->p);
	ps->p = NULL;
	ps->n = 0;
}
