// SPDX-License-Identifier: GPL-2.0-only
/*
 * The recording loop of aux_record.h.  The file is perf's: attributes with
 * the event id, AUXTRACE_INFO (HISI_PTT with priv[0] = the PMU type, which
 * is what perf's decoder reads), side-band records passed through byte for
 * byte (AUX, ITRACE_START, LOST: the core already appends the sample_id
 * fields the attribute asks for), one AUXTRACE record per drained span, a
 * FINISHED_ROUND after each drain that wrote something.  An existing output
 * file is kept as <file>.old, as perf does.
 *
 * The PTT PMU of newer kernels has no ITRACE capability, so no ITRACE_START
 * comes from the kernel; one is synthesized at enable so the file always
 * says where tracing began.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <pciescope/perf/perf_data.h>

#include "aux_record.h"
#include "backend_opts.h"
#include "cli.h"
#include "pmu_event.h"
#include "ptt_rules.h"

struct rec {
	struct backend *b;
	const struct aux_record_opts *o;
	struct aux_record_result *r;
	struct perf_writer *w;
	int ev, cpu;
	unsigned polls;
	bool itrace_seen;
	int err;
	uint64_t buf[65536 / 8]; /* records, 8-byte aligned as in the ring */
};

/*
 * Side-band bookkeeping.  The sample_id trailer follows the body in the order
 * TID, TIME, CPU, IDENTIFIER (the sample_type prepare_event asks for), so an
 * AUX record's time is the word after its TID.
 */
static void rec_note(struct rec *s, const struct perf_event_header *h)
{
	const uint64_t *body = (const uint64_t *)(h + 1);

	if (h->type == PERF_RECORD_AUX) {
		s->r->aux_records++;
		if (body[2] & PERF_AUX_FLAG_TRUNCATED) {
			s->r->truncated++;
			s->r->truncated_at_ns =
			    h->size >= 8 + 5 * 8 ? body[4] : s->b->ops->now_ns(s->b);
		}
	} else if (h->type == PERF_RECORD_LOST) {
		s->r->lost += body[1];
	} else if (h->type == PERF_RECORD_ITRACE_START) {
		s->itrace_seen = true;
	}
}

static int drain_records(struct rec *s, bool *wrote)
{
	ssize_t n;

	while ((n = s->b->ops->next_record(s->b, s->ev, s->buf, sizeof(s->buf))) > 0) {
		rec_note(s, (const struct perf_event_header *)s->buf);
		if (perf_writer_raw(s->w, s->buf, (size_t)n))
			return -EIO;
		*wrote = true;
	}
	return (int)n;
}

static int write_span(struct rec *s, uint64_t offset, const void *p, size_t n)
{
	struct perf_auxtrace_chunk c = {
	    .offset = offset,
	    .reference = s->b->ops->now_ns(s->b) + offset,
	    .idx = 0,
	    .tid = (uint32_t)-1,
	    .cpu = (uint32_t)s->cpu,
	};

	if (!n)
		return 0;
	s->r->aux_bytes += n;
	return perf_writer_auxtrace(s->w, &c, p, n);
}

static int drain(struct rec *s)
{
	const void *p1, *p2;
	size_t n1, n2, total;
	uint64_t tail;
	bool wrote = false;
	int ret = drain_records(s, &wrote);

	if (ret)
		return ret;
	total = s->b->ops->aux_peek(s->b, s->ev, &tail, &p1, &n1, &p2, &n2);
	if (total) {
		ret = write_span(s, tail, p1, n1);
		if (!ret)
			ret = write_span(s, tail + n1, p2, n2);
		if (ret)
			return ret;
		s->b->ops->aux_consume(s->b, s->ev, total);
		wrote = true;
	}
	if (wrote) {
		s->r->wakeups++;
		return perf_writer_finished_round(s->w);
	}
	return 0;
}

static int rec_poll(void *ctx)
{
	struct rec *s = ctx;

	if (++s->polls % (s->o->drain_every ? s->o->drain_every : 1))
		return 0;
	s->err = drain(s);
	return s->err;
}

static int first_cpu(struct backend *b, const char *pmu)
{
	char path[384], val[256];

	snprintf(path, sizeof(path), "%s/%s/cpumask", PMU_SYSFS, pmu);
	if (cli_sysfs_read(b, path, val, sizeof(val)) < 0)
		return 0;
	return atoi(val);
}

static int open_writer(struct rec *s, const struct pmu_event *pe, uint64_t id)
{
	struct utsname u;
	struct perf_writer_env env = {0};
	uint64_t priv[1] = {pe->attr.type};
	char old[4096];
	int ret;

	uname(&u);
	env = (struct perf_writer_env){
	    .hostname = u.nodename,
	    .os_release = u.release,
	    .version = PCIESCOPE_VERSION,
	    .arch = u.machine,
	    .cpudesc = "pciescope",
	    .nr_cpus_online = 1,
	    .nr_cpus_avail = 1,
	    .argc = s->o->cmd_argc,
	    .argv = s->o->cmd_argv,
	    .pmu_name = pe->pmu,
	    .pmu_type = pe->attr.type,
	};
	snprintf(old, sizeof(old), "%s.old", s->o->output);
	if (strcmp(s->o->output, "-") && !access(s->o->output, F_OK))
		rename(s->o->output, old);
	ret = perf_writer_open(s->o->output, &env, &s->w);
	if (ret) {
		s->w = NULL;
		return cli_errno(ret, "record: cannot create %s", s->o->output);
	}
	ret = perf_writer_add_attr(s->w, &pe->attr, s->o->event, &id, 1);
	if (!ret)
		ret = perf_writer_auxtrace_info(
		    s->w, ptt_is_pmu(pe->pmu) ? PERF_AUXTRACE_HISI_PTT : PERF_AUXTRACE_UNKNOWN,
		    priv, 1);
	if (ret) {
		perf_writer_abort(s->w);
		s->w = NULL;
		return cli_errno(ret, "record: writing %s", s->o->output);
	}
	return 0;
}

static int prepare_event(struct rec *s, struct pmu_event *pe)
{
	char err[512];
	int ret = pmu_event_parse(s->b, s->o->event, pe, err, sizeof(err));

	if (ret)
		return cli_error("record: %s", err);
	if (ptt_is_pmu(pe->pmu) && !s->o->force && ptt_rules_check(s->b, pe, err, sizeof(err)))
		return cli_error("record: %s: %s (--force passes the event to the driver as is)",
				 s->o->event, err);
	pe->attr.sample_period = 1;
	pe->attr.sample_type =
	    PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU;
	pe->attr.sample_id_all = 1;
	pe->attr.disabled = 1;
	s->r->config = pe->attr.config;
	if (ptt_is_pmu(pe->pmu))
		s->r->entry_size = (pe->attr.config >> 32) & 0xf ? 32 : 16;
	return 0;
}

static int open_event(struct rec *s, struct pmu_event *pe)
{
	int ret;

	s->cpu = first_cpu(s->b, pe->pmu);
	s->ev = s->b->ops->event_open(s->b, &pe->attr, -1, s->cpu, -1);
	if (s->ev == -EINVAL && !s->o->force && ptt_is_pmu(pe->pmu) &&
	    (pe->attr.config & 0x80000))
		return cli_error("record: %s: the %s driver refused the Root Port filter: a port "
				 "sharing its bit was removed ('pciescope platform rescan')",
				 s->o->event, pe->pmu);
	if ((s->ev == -EACCES || s->ev == -EPERM) && backend_strerror(s->b))
		return cli_error("record: %s: %s", s->o->event, backend_strerror(s->b));
	if (s->ev < 0)
		return cli_errno(s->ev, "record: %s: the %s driver refused the event", s->o->event,
				 pe->pmu);
	ret = s->b->ops->aux_map(s->b, s->ev, s->o->aux_bytes);
	if (ret) {
		s->b->ops->event_close(s->b, s->ev);
		return cli_errno(ret,
				 "record: %s refused an AUX area of %zu KiB (-m; the PTT driver "
				 "needs at least 16 MiB, a power-of-two number of pages)",
				 pe->pmu, s->o->aux_bytes >> 10);
	}
	return 0;
}

static int run_traced(struct rec *s)
{
	struct aux_record_result *r = s->r;
	int ret = s->b->ops->event_enable(s->b, s->ev);

	if (ret)
		return cli_errno(ret, "record: cannot enable %s", s->o->event);
	if (!s->itrace_seen)
		perf_writer_itrace_start(s->w, (uint32_t)-1, (uint32_t)-1, NULL);
	ret = s->b->ops->run(s->b, s->o->argv, rec_poll, s, &r->elapsed_ns, &r->exit_status);
	s->b->ops->event_disable(s->b, s->ev);
	/* a drain's error is the output's (a full disk), not the command's */
	if (s->err)
		return cli_errno(s->err, "record: writing %s", s->o->output);
	if (ret)
		return cli_errno(ret, "record: running '%s'", s->o->argv[0]);
	ret = drain(s);
	if (ret)
		return cli_errno(ret, "record: writing %s", s->o->output);
	return 0;
}

static void summary(struct rec *s)
{
	struct aux_record_result *r = s->r;
	FILE *f = fopen(s->o->output, "rb");
	long size = 0;

	if (f && !fseek(f, 0, SEEK_END))
		size = ftell(f);
	if (f)
		fclose(f);
	if (r->truncated)
		fprintf(stderr,
			"Warning: AUX data was truncated %llu time(s): the trace filled the %zu "
			"KiB AUX area faster than it was drained, and the driver stopped tracing "
			"at %llu ns; TLPs after that were not traced (use a larger -m)\n",
			(unsigned long long)r->truncated, s->o->aux_bytes >> 10,
			(unsigned long long)r->truncated_at_ns);
	if (r->lost)
		fprintf(stderr, "Warning: %llu side-band records were lost\n",
			(unsigned long long)r->lost);
	if (s->o->quiet)
		return;
	fprintf(stderr, "[ pciescope record: Woken up %llu times to write data ]\n",
		(unsigned long long)r->wakeups);
	fprintf(stderr, "[ pciescope record: Captured and wrote %.3f MB %s", size / 1048576.0,
		s->o->output);
	if (r->entry_size)
		fprintf(stderr, " (%llu TLP headers, %s)",
			(unsigned long long)(r->aux_bytes / r->entry_size),
			r->entry_size == 32 ? "8DW" : "4DW");
	fprintf(stderr, " ]\n");
}

int aux_record(struct backend *b, const struct aux_record_opts *o, struct aux_record_result *r)
{
	struct rec *s = calloc(1, sizeof(*s));
	struct pmu_event pe;
	int ret;

	if (!s)
		return cli_errno(-ENOMEM, "record");
	memset(r, 0, sizeof(*r));
	*s = (struct rec){.b = b, .o = o, .r = r, .ev = -1};
	ret = prepare_event(s, &pe);
	if (!ret)
		ret = open_event(s, &pe);
	if (!ret) {
		ret = open_writer(s, &pe, b->ops->event_id(b, s->ev));
		if (!ret)
			ret = run_traced(s);
		b->ops->event_close(b, s->ev);
		if (s->w && perf_writer_close(s->w) && !ret)
			ret = cli_errno(-EIO, "record: writing %s", o->output);
		if (!ret)
			summary(s);
	}
	free(s);
	return ret;
}
