// SPDX-License-Identifier: GPL-2.0-only
/*
 * Chrome trace-event writer.  Events are streamed as they come (a trace may
 * hold millions of slices); every slice gets an id of its own so that the
 * viewer pairs each "e" with its "b" even when slices of a track overlap.
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

void chrome_trace_track(struct chrome_trace *c, int pid, const char *name)
{
	sep(c);
	fprintf(c->f,
		"{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"tid\":0,"
		"\"args\":{\"name\":",
		pid);
	out_json_string(c->f, name);
	fputs("}}", c->f);
}

static void event(struct chrome_trace *c, char ph, int pid, const char *name, double ts,
		  uint64_t id, const char *args)
{
	sep(c);
	fprintf(c->f, "{\"ph\":\"%c\",\"cat\":\"tlp\",\"name\":", ph);
	out_json_string(c->f, name);
	fprintf(c->f, ",\"pid\":%d,\"tid\":0,\"id\":\"0x%llx\",\"ts\":", pid,
		(unsigned long long)id);
	out_json_number(c->f, ts);
	if (args)
		fprintf(c->f, ",\"args\":%s", args);
	fputc('}', c->f);
}

void chrome_trace_slice(struct chrome_trace *c, int pid, const char *name, double ts_us,
			double dur_us, const char *args)
{
	uint64_t id = c->next_id++;

	event(c, 'b', pid, name, ts_us, id, args);
	event(c, 'e', pid, name, ts_us + dur_us, id, NULL);
}

int chrome_trace_end(struct chrome_trace *c)
{
	fputs("\n]}\n", c->f);
	return out_stream_flush(c->f);
}
