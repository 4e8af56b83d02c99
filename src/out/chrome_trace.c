// SPDX-License-Identifier: GPL-2.0-only
/*
 * Chrome trace-event writer.  Events are streamed as they come (a trace may
 * hold millions of them); every async slice and every flow gets an id of
 * its own so that the viewer pairs each "e" with its "b" even when slices
 * of a track overlap, and each "f" with its "s".
 */
#include <errno.h>

#include <pciescope/out/chrome_trace.h>
#include <pciescope/out/json.h>
#include <pciescope/out/stream_err.h>

void chrome_trace_begin(struct chrome_trace *c, FILE *f)
{
	c->f = f;
	c->first = true;
	c->next_id = 1;
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
}

static void sep(struct chrome_trace *c)
{
	fputs(c->first ? "\n" : ",\n", c->f);
	c->first = false;
}

static void meta(struct chrome_trace *c, const char *what, int pid, int tid, const char *name)
{
	sep(c);
	fprintf(c->f,
		"{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":", what,
		pid, tid);
	out_json_string(c->f, name);
	fputs("}}", c->f);
}

void chrome_trace_track(struct chrome_trace *c, int pid, const char *name)
{
	meta(c, "process_name", pid, 0, name);
}

void chrome_trace_thread(struct chrome_trace *c, int pid, int tid, const char *name)
{
	meta(c, "thread_name", pid, tid, name);
}

/* The fields every event has; the caller closes the object. */
static void head(struct chrome_trace *c, char ph, const struct chrome_event *e, double ts)
{
	sep(c);
	fprintf(c->f, "{\"ph\":\"%c\",\"cat\":", ph);
	out_json_string(c->f, e->cat);
	fputs(",\"name\":", c->f);
	out_json_string(c->f, e->name);
	fprintf(c->f, ",\"pid\":%d,\"tid\":%d,\"ts\":", e->pid, e->tid);
	out_json_number(c->f, ts);
}

static void tail(struct chrome_trace *c, const struct chrome_event *e)
{
	if (e->cname) {
		fputs(",\"cname\":", c->f);
		out_json_string(c->f, e->cname);
	}
	if (e->args)
		fprintf(c->f, ",\"args\":%s", e->args);
	fputc('}', c->f);
}

static void with_id(struct chrome_trace *c, char ph, const struct chrome_event *e, double ts,
		    uint64_t id, const char *extra)
{
	head(c, ph, e, ts);
	fprintf(c->f, ",\"id\":\"0x%llx\"%s", (unsigned long long)id, extra);
	tail(c, e);
}

void chrome_trace_slice(struct chrome_trace *c, int pid, const char *name, double ts_us,
			double dur_us, const char *args)
{
	struct chrome_event b = {.pid = pid, .cat = "tlp", .name = name, .args = args};
	struct chrome_event e = {.pid = pid, .cat = "tlp", .name = name};
	uint64_t id = c->next_id++;

	with_id(c, 'b', &b, ts_us, id, "");
	with_id(c, 'e', &e, ts_us + dur_us, id, "");
}

void chrome_trace_complete(struct chrome_trace *c, const struct chrome_event *e, double ts_us,
			   double dur_us)
{
	head(c, 'X', e, ts_us);
	fputs(",\"dur\":", c->f);
	out_json_number(c->f, dur_us);
	tail(c, e);
}

void chrome_trace_instant(struct chrome_trace *c, const struct chrome_event *e, double ts_us)
{
	head(c, 'i', e, ts_us);
	fputs(",\"s\":\"t\"", c->f);
	tail(c, e);
}

void chrome_trace_counter(struct chrome_trace *c, int pid, const char *name, double ts_us,
			  const char *args)
{
	struct chrome_event e = {.pid = pid, .cat = "counter", .name = name, .args = args};

	head(c, 'C', &e, ts_us);
	tail(c, &e);
}

void chrome_trace_flow(struct chrome_trace *c, const struct chrome_event *from, double from_us,
		       const struct chrome_event *to, double to_us)
{
	struct chrome_event s = *from, f = *to;
	uint64_t id = c->next_id++;

	s.cname = f.cname = NULL;
	s.args = f.args = NULL;
	f.cat = s.cat;
	f.name = s.name;
	with_id(c, 's', &s, from_us, id, "");
	/* "bp":"e": the end binds to the slice enclosing it, not to the next one. */
	with_id(c, 'f', &f, to_us, id, ",\"bp\":\"e\"");
}

int chrome_trace_end(struct chrome_trace *c)
{
	fputs("\n]}\n", c->f);
	return out_stream_flush(c->f);
}
