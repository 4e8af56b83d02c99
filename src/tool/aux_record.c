// SPDX-License-Identifier: GPL-2.0-only
/*
 * Setting a recording up and finishing it (the loop is aux_record_drain.c).
 * The file is perf's: one attribute per event with its id, one
 * AUXTRACE_INFO for the session (HISI_PTT with priv[0] = the PMU type of
 * the first event, as perf's recorder writes it for any number of PTT
 * devices), a PMU mapping per device.  Events of several AUX kinds in one
 * recording are refused, as perf refuses them; so is one device twice.
 * An existing output file is kept as <file>.old, as perf does, and said
 * (tool_warn); a directory is refused: pciescope writes no directory, so one
 * there is the user's, and moving it aside would hide it.  "-" is perf's
 * pipe mode on standard output.
 *
 * The PTT PMU of newer kernels has no ITRACE capability, so no ITRACE_START
 * comes from the kernel; one is synthesized at enable so the file always
 * says where tracing began.  On a host the tool's clock is not perf's: the
 * record then waits for the first AUX record and is placed by its time, less
 * the time that passed since the enable (aux_record_drain.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/interrupt.h>
#include <pciescope/perf/aux_streams.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/trace/ptt_entry.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/ptt_rules.h>
#include <pciescope/tool/warn.h>

#include "aux_record_internal.h"

/*
 * Which AUX buffer (the AUXTRACE records' idx, the event's index here) is
 * which event, as perf record says it: without it a reader pairs buffers
 * and events of one CPU by the order their data came, and the busier PTT
 * of two on a CPU is drained first.
 */
static int add_id_index(struct rec *s)
{
	struct perf_id_index_entry ids[AUX_RECORD_MAX_EVENTS];

	for (int i = 0; i < s->n; i++)
		ids[i] = (struct perf_id_index_entry){.id = s->e[i].id,
						      .idx = (uint64_t)i,
						      .cpu = (uint64_t)s->e[i].cpu,
						      .tid = -1ull};
	return perf_writer_id_index(s->w, ids, (size_t)s->n);
}

static int add_events(struct rec *s)
{
	uint64_t priv[1] = {s->e[0].attr.type};
	int ret = 0;

	for (int i = 0; i < s->n && !ret; i++) {
		struct rec_event *e = &s->e[i];

		ret = perf_writer_add_attr(s->w, &e->attr, e->spec, &e->id, 1);
		if (!ret)
			ret = perf_writer_add_pmu(s->w, e->pmu, e->attr.type);
	}
	if (!ret)
		ret = perf_writer_auxtrace_info(
		    s->w, ptt_is_pmu(s->e[0].pmu) ? PERF_AUXTRACE_HISI_PTT : PERF_AUXTRACE_UNKNOWN,
		    priv, 1);
	if (!ret)
		ret = add_id_index(s);
	/* out at once: from here on the file is a perf.data that perf opens */
	return ret ? ret : perf_writer_flush(s->w);
}

/* Moves an existing file out to <out>.old, with a word; a directory is refused. */
static int keep_old(struct rec *s, const char *out)
{
	char old[4096];
	struct stat st;
	bool replaced;

	if (!strcmp(out, "-") || s->o->overwrite || lstat(out, &st))
		return 0;
	if (S_ISDIR(st.st_mode))
		return error_set(&s->r->err, -EISDIR,
				 "-o %s: is a directory: pciescope writes a file, and moves aside "
				 "only a file; name one, e.g. -o %s/perf.data",
				 out, out);
	if (!S_ISREG(st.st_mode))
		return 0; /* a device or a pipe: written to, nothing to keep */
	snprintf(old, sizeof(old), "%s.old", out);
	replaced = !lstat(old, &st);
	if (rename(out, old))
		return error_set_errno(&s->r->err, -errno,
				       "cannot keep the existing %s as %s, so nothing was written",
				       out, old);
	tool_warn("the existing %s was moved to %s%s", out, old,
		  replaced ? " (in place of the one there before)" : "");
	return 0;
}

static int open_writer(struct rec *s)
{
	const char *out = s->o->output;
	struct utsname u;
	struct perf_writer_env env = {0};
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
	};
	ret = keep_old(s, out);
	if (ret)
		return ret;
	ret = perf_writer_open(out, &env, &s->w);
	if (ret) {
		s->w = NULL;
		return error_set_errno(&s->r->err, ret, "cannot create %s", out);
	}
	ret = add_events(s);
	if (ret)
		return error_set_errno(&s->r->err, ret, "writing %s", out);
	return 0;
}

static int same_device(const struct rec *s, int i)
{
	for (int j = 0; j < i; j++)
		if (!strcmp(s->e[j].pmu, s->e[i].pmu))
			return j;
	return -1;
}

/* One `pmu/term=value,.../` event, as perf parses it; its terms stay for the PTT rules. */
static int parse_event(struct rec *s, struct rec_event *e)
{
	struct perf_pmu_source src;
	int r;

	pmu_source_backend(s->b, &src);
	if ((r = perf_events_parse(&e->parsed, e->spec, &src, &s->r->err)))
		return r;
	if (e->parsed.n != 1)
		return error_set(&s->r->err, -EINVAL, "'%s': expected exactly one event", e->spec);
	if (!e->parsed.ev[0].pmu)
		return error_set(&s->r->err, -EINVAL,
				 "'%s': expected one pmu/term=value,.../ event", e->spec);
	e->pmu = e->parsed.ev[0].pmu;
	e->attr = e->parsed.ev[0].attr;
	return 0;
}

static int prepare_event(struct rec *s, int i)
{
	struct rec_event *e = &s->e[i];
	int twin, ret = parse_event(s, e);
	struct error broken;

	if (ret)
		return ret;
	if (ptt_is_pmu(e->pmu) && !s->o->force &&
	    (ret = ptt_rules_check(s->b, &e->parsed.ev[0], &broken)))
		return error_set(&s->r->err, ret,
				 "%s: %s (--force passes the event to the driver as is)", e->spec,
				 broken.msg);
	if (i && ptt_is_pmu(e->pmu) != ptt_is_pmu(s->e[0].pmu))
		return error_set(&s->r->err, -EINVAL,
				 "-e %s: %s and %s are not the same kind of tracer; a "
				 "recording holds one kind of AUX trace (perf refuses a mix too)",
				 e->spec, s->e[0].pmu, e->pmu);
	twin = same_device(s, i);
	if (twin >= 0)
		return error_set(&s->r->err, -EINVAL,
				 "-e %s: %s is already traced by -e %s (one trace per "
				 "device at a time)",
				 e->spec, e->pmu, s->e[twin].spec);
	e->attr.sample_period = 1;
	e->attr.sample_type =
	    PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU;
	e->attr.sample_id_all = 1;
	e->attr.disabled = 1;
	return 0;
}

static int open_event(struct rec *s, struct rec_event *e)
{
	int ret;

	e->cpu = event_cpu(s->b, e->pmu);
	if (e->cpu < 0)
		e->cpu = 0;
	e->ev = s->b->ops->event_open(s->b, &e->attr, -1, e->cpu, -1);
	if (e->ev == -EINVAL && !s->o->force && ptt_is_pmu(e->pmu) && (e->attr.config & 0x80000))
		return error_set(&s->r->err, -EINVAL,
				 "%s: the %s driver refused the Root Port filter: a port "
				 "sharing its bit was removed ('pciescope platform rescan')",
				 e->spec, e->pmu);
	if ((e->ev == -EACCES || e->ev == -EPERM) && backend_strerror(s->b))
		return error_set(&s->r->err, e->ev, "%s: %s", e->spec, backend_strerror(s->b));
	if (e->ev < 0)
		return error_set_errno(&s->r->err, e->ev, "%s: the %s driver refused the event",
				       e->spec, e->pmu);
	e->id = s->b->ops->event_id(s->b, e->ev);
	ret = s->b->ops->aux_map(s->b, e->ev, s->o->aux_bytes);
	if (ret)
		return error_set_errno(&s->r->err, ret,
				       "%s refused an AUX area of %zu KiB (-m; the PTT driver "
				       "needs at least 16 MiB, a power-of-two number of pages)",
				       e->pmu, s->o->aux_bytes >> 10);
	return 0;
}

static int enable_all(struct rec *s)
{
	for (int i = 0; i < s->n; i++) {
		struct rec_event *e = &s->e[i];
		struct perf_sample_id sid = {
		    .pid = (uint32_t)-1,
		    .tid = (uint32_t)-1,
		    .time = s->b->ops->now_ns(s->b),
		    .id = e->id,
		    .cpu = (uint32_t)e->cpu,
		};
		int ret = s->b->ops->event_enable(s->b, e->ev);

		if (ret)
			return error_set_errno(&s->r->err, ret, "cannot enable %s", e->spec);
		if (e->itrace_seen)
			continue;
		if (s->b->ops->clock_apart) {
			e->start_pending = true;
			e->enable_ns = sid.time;
		} else {
			e->start_ns = sid.time;
			perf_writer_itrace_start(s->w, (uint32_t)-1, (uint32_t)-1, &sid);
		}
	}
	return 0;
}

/*
 * When the recording ended, in perf's clock: now, or on a backend whose
 * clock is not perf's, the latest AUX record's time plus what passed on
 * the tool's clock since it was read.
 */
static uint64_t end_ns(const struct rec *s)
{
	uint64_t now = s->b->ops->now_ns(s->b), end = 0;

	if (!s->b->ops->clock_apart)
		return now;
	for (int i = 0; i < s->n; i++) {
		const struct rec_event *e = &s->e[i];
		uint64_t t = e->handover_ns + (now - e->handover_read_ns);

		if (e->handed && t > end)
			end = t;
	}
	return end;
}

/*
 * The traces that stopped before the recording ended: flagged TRUNCATED,
 * or (Linux's PTT driver flags nothing) told by their last hand-over being
 * whole buffers (perf/aux_streams.h).  The file gets the recording's span
 * (SAMPLE_TIME), which tells the readers the same.
 */
static void tell_stops(struct rec *s)
{
	struct aux_record_result *r = s->r;
	uint64_t end = end_ns(s), first = end;

	for (int i = 0; i < s->n; i++) {
		const struct rec_event *e = &s->e[i];
		bool whole = ptt_is_pmu(e->pmu) && e->handed &&
			     perf_aux_stopped_early(PTT_TRACE_BUF_BYTES, e->handover_bytes,
						    e->handover_ns, end);
		uint64_t at = e->flagged ? e->truncated_ns : e->handover_ns;
		uint64_t since = at > e->start_ns ? at - e->start_ns : 0;

		if (e->start_ns < first)
			first = e->start_ns;
		if (!e->flagged && !whole)
			continue;
		if (!r->stopped++ || since < r->stopped_at_ns) {
			r->stopped_at_ns = since;
			r->stopped_before_ns = end > at ? end - at : 0;
		}
	}
	perf_writer_sample_time(s->w, first, end);
}

/*
 * What the kernel logged of pmu, last (the emulated kernel's log is a sysfs
 * file); "see dmesg" where no log can be read.
 */
static void driver_said(struct backend *b, const char *pmu, char *buf, size_t n)
{
	char log[8192], want[80];
	ssize_t got = b->ops->sysfs_read(b, "/sys/kernel/pciescope_dmesg", log, sizeof(log) - 1);
	const char *line = NULL;

	snprintf(buf, n, "see dmesg");
	if (got <= 0)
		return;
	log[got] = 0;
	snprintf(want, sizeof(want), "%s: ", pmu);
	for (const char *p = strstr(log, want); p; p = strstr(p + 1, want))
		line = p;
	if (line)
		snprintf(buf, n, "the kernel log says \"%.*s\"", (int)strcspn(line, "\n"), line);
}

/*
 * An event that never ran (the driver refused every start: another trace
 * of the device, a DMA reset that timed out) traced nothing: a recording of
 * no trace is not a success, though its file is kept.
 */
static int check_started(struct rec *s)
{
	for (int i = 0; i < s->n; i++) {
		struct rec_event *e = &s->e[i];
		struct backend_count c;
		char why[320];

		if (s->b->ops->event_read(s->b, e->ev, &c) || !c.enabled || c.running)
			continue;
		driver_said(s->b, e->pmu, why, sizeof(why));
		return error_set(&s->r->err, -EIO,
				 "%s: the driver never started the trace of %s, so nothing was "
				 "traced (%s); %s keeps the empty recording",
				 e->spec, e->pmu, why, s->o->output);
	}
	return 0;
}

static int run_traced(struct rec *s)
{
	struct aux_record_result *r = s->r;
	int ret = enable_all(s);

	if (ret)
		return ret;
	ret = s->b->ops->run(s->b, s->o->argv, rec_poll, s, &r->elapsed_ns, &r->exit_status);
	for (int i = 0; i < s->n; i++)
		s->b->ops->event_disable(s->b, s->e[i].ev);
	r->signal = interrupt_signal();
	/* a drain's error is the output's (a full disk), not the command's */
	if (s->err)
		return error_set_errno(&s->r->err, s->err, "writing %s", s->o->output);
	if (ret && !(ret == -EINTR && r->signal))
		return error_set_errno(&s->r->err, ret, "running '%s'", s->o->argv[0]);
	ret = rec_drain(s);
	if (ret)
		return error_set_errno(&s->r->err, ret, "writing %s", s->o->output);
	tell_stops(s);
	return check_started(s);
}

static void tally(struct rec *s)
{
	struct aux_record_result *r = s->r;

	r->config = s->e[0].attr.config;
	for (int i = 0; i < s->n; i++) {
		const struct rec_event *e = &s->e[i];
		unsigned size = (e->attr.config >> 32) & 0xf ? 32 : 16;

		if (!ptt_is_pmu(e->pmu))
			continue;
		if (!i)
			r->entry_size = size;
		else if (size != r->entry_size)
			r->mixed_formats = true;
		r->tlps += e->aux_bytes / size;
	}
}

static void close_events(struct rec *s)
{
	for (int i = s->n; i-- > 0;)
		if (s->e[i].ev >= 0)
			s->b->ops->event_close(s->b, s->e[i].ev);
}

static int finish(struct rec *s, int ret)
{
	struct stat st;
	uint64_t bytes = perf_writer_bytes(s->w);
	int err;

	close_events(s);
	err = perf_writer_close(s->w);
	if (err && !ret)
		ret = error_set_errno(&s->r->err, err, "writing %s", s->o->output);
	s->r->file_bytes =
	    strcmp(s->o->output, "-") && !stat(s->o->output, &st) ? (uint64_t)st.st_size : bytes;
	if (!ret)
		tally(s);
	return ret;
}

static int setup(struct rec *s)
{
	int ret = 0;

	for (int i = 0; i < s->n && !ret; i++)
		ret = prepare_event(s, i);
	for (int i = 0; i < s->n && !ret; i++)
		ret = open_event(s, &s->e[i]);
	return ret ? ret : open_writer(s);
}

int aux_record(struct backend *b, const struct aux_record_opts *o, struct aux_record_result *r)
{
	struct rec *s = calloc(1, sizeof(*s));
	int ret;

	memset(r, 0, sizeof(*r));
	if (!s)
		return error_set(&r->err, -ENOMEM, "out of memory");
	*s = (struct rec){.b = b, .o = o, .r = r, .n = o->nr_events};
	for (int i = 0; i < s->n; i++)
		s->e[i] = (struct rec_event){.spec = o->events[i], .ev = -1};
	ret = setup(s);
	if (!ret)
		ret = run_traced(s);
	if (s->w)
		ret = finish(s, ret);
	else
		close_events(s);
	for (int i = 0; i < s->n; i++)
		perf_events_free(&s->e[i].parsed);
	free(s);
	return ret;
}
