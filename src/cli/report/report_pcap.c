// SPDX-License-Identifier: GPL-2.0-only
/*
 * report --pcap FILE (format in report_pcap.h and docs/ecosystem.md).  The
 * file is written with libpcap's dump API on a "dead" handle, so the
 * header and record layout are libpcap's own and every reader of pcap
 * opens it.  Packets are written as the chunks come: memory does not grow
 * with the trace.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_libpcap.h"
#include "report_pcap.h"

struct report_pcap {
	const char *path;
	pcap_t *dead;
	pcap_dumper_t *d;
	FILE *f;
	int err; /* errno of the first failed write; nothing is written after it */
	double tick_ns;
	uint64_t wall_ns; /* of the first entry; 0 without a wall clock */
	bool started;
	struct ptt_clock clk; /* the views' one unwrapping rule */
	uint64_t first;	      /* the first entry's unwrapped time */
	const struct ptt_filter *filter; /* NULL: every entry */
};

int report_pcap_open(const char *path, double tick_ns, struct report_pcap **out)
{
	struct report_pcap *p;

	if (pcap_load())
		return 1;
	p = calloc(1, sizeof(*p));
	if (!p)
		return cli_errno(-ENOMEM, "report");
	p->path = path;
	p->tick_ns = tick_ns;
	p->dead = lib_pcap.pcap_open_dead_with_tstamp_precision(REPORT_PCAP_LINKTYPE,
						       REPORT_PCAP_PSEUDO_BYTES + PTT_8DW_BYTES,
						       PCAP_TSTAMP_PRECISION_NANO);
	if (!p->dead) {
		free(p);
		return cli_errno(-ENOMEM, "report");
	}
	p->d = lib_pcap.pcap_dump_open(p->dead, path);
	if (!p->d) {
		/* libpcap's message already names the file and the reason. */
		cli_error("report: --pcap: %s", lib_pcap.pcap_geterr(p->dead));
		lib_pcap.pcap_close(p->dead);
		free(p);
		return 1;
	}
	p->f = lib_pcap.pcap_dump_file(p->d);
	*out = p;
	return 0;
}

/* The unwrapped time, as every view unwraps it (ptt_clock); p->first is the first entry's. */
static uint64_t unwrap(struct report_pcap *p, uint32_t raw, enum ptt_format f)
{
	uint64_t t = ptt_clock_tick(&p->clk, f, raw);

	if (!p->started)
		p->first = t;
	p->started = true;
	return t;
}

void report_pcap_filter(struct report_pcap *p, const struct ptt_filter *f)
{
	p->filter = ptt_filter_none(f) ? NULL : f;
}

/* Whether the filter keeps the entry at e (unwrapped time t). */
static bool keeps(const struct report_pcap *p, const uint8_t *e, enum ptt_format f, uint64_t t)
{
	struct ptt_entry d;

	if (!p->filter)
		return true;
	ptt_entry_decode(e, f, &d);
	return ptt_filter_entry(p->filter, &d, t);
}

void report_pcap_start_at(struct report_pcap *p, uint64_t wall_ns)
{
	if (!p->started)
		p->wall_ns = wall_ns;
}

static void put_le64(uint8_t *o, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		o[i] = (uint8_t)(v >> 8 * i);
}

void report_pcap_chunk(struct report_pcap *p, const uint8_t *buf, size_t len, enum ptt_format f,
		       uint64_t base, enum analysis_dir d)
{
	size_t step = ptt_entry_size(f);
	uint8_t pkt[REPORT_PCAP_PSEUDO_BYTES + PTT_8DW_BYTES] = {'P', 'T', 'T', 1};
	struct pcap_pkthdr h = {.caplen = (bpf_u_int32)(REPORT_PCAP_PSEUDO_BYTES + step)};

	h.len = h.caplen;
	pkt[4] = (uint8_t)f;
	pkt[5] = (uint8_t)d;
	for (size_t off = 0; off + step <= len && !p->err; off += step) {
		const uint8_t *e = buf + off;
		uint32_t raw = f == PTT_FMT_8DW ? ptt_le32(e + 28) : ptt_le32(e) & 0x7ff;
		uint64_t t = unwrap(p, raw, f), ns;

		if (!keeps(p, e, f, t))
			continue; /* after the clock ticked: the next times need this one */
		ns = p->wall_ns + (uint64_t)llround((double)(t - p->first) * p->tick_ns);

		h.ts.tv_sec = (time_t)(ns / 1000000000u);
		h.ts.tv_usec = (suseconds_t)(ns % 1000000000u); /* ns: the handle's precision */
		put_le64(pkt + 8, base + off);
		memcpy(pkt + REPORT_PCAP_PSEUDO_BYTES, e, step);
		errno = 0;
		lib_pcap.pcap_dump((u_char *)p->d, &h, pkt);
		/* libpcap writes through stdio and tells nothing: ask now, while errno says why. */
		if (ferror(p->f)) {
			p->err = errno ? errno : EIO;
			return;
		}
	}
}

int report_pcap_close(struct report_pcap *p)
{
	int err = p->err;

	errno = 0;
	if (!err && (fflush(p->f) == EOF || ferror(p->f)))
		err = errno ? errno : EIO;
	lib_pcap.pcap_dump_close(p->d);
	lib_pcap.pcap_close(p->dead);
	if (err)
		cli_errno(err, "report: writing %s", p->path);
	free(p);
	return err ? 1 : 0;
}
