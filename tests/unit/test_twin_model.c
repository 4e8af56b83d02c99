// SPDX-License-Identifier: GPL-2.0-only
/*
 * The twin's model file (tool/twin.h) as specifications: what is written
 * reads back as the same model, every field of it; a key the reader does
 * not know, a value out of its range or of the wrong kind is refused with
 * the file, the place and the key named.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <pciescope/tool/twin.h>

/* A file of this run's own directory, which the last test removes. */
static char dir[] = "/tmp/test_twin_model.XXXXXX";

static const char *path(void)
{
	static char p[64];

	snprintf(p, sizeof(p), "%s/twin_model.json", dir);
	return p;
}

static int setup(void **state)
{
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	remove(path());
	return rmdir(dir);
}

static void fill(struct twin *t)
{
	struct fabric_replay_dev *d = &t->m.dev[0];

	memset(t, 0, sizeof(*t));
	snprintf(t->platform, sizeof(t->platform), "kunpeng930");
	t->m.ndev = 2;
	*d = (struct fabric_replay_dev){.rid = 0x0200, .window = 32, .nops = 3};
	d->eng[FABRIC_REPLAY_READS] = (struct fabric_replay_engine){.burst_milli = 1000};
	d->eng[FABRIC_REPLAY_POSTED] =
	    (struct fabric_replay_engine){.burst_milli = 1000, .per_milli = 222};
	d->op[0] =
	    (struct fabric_replay_op){FABRIC_REPLAY_READ, FABRIC_REPLAY_HOST, 0, 4096, 4096, 9};
	d->op[1] = (struct fabric_replay_op){FABRIC_REPLAY_WRITE, FABRIC_REPLAY_MSI, 0, 4, 4, 1};
	d->op[2] = (struct fabric_replay_op){FABRIC_REPLAY_MSG, FABRIC_REPLAY_HOST, 0, 4, 4096, 1};
	d = &t->m.dev[1];
	*d = (struct fabric_replay_dev){.domain = 1, .rid = 0x2200, .nops = 1};
	d->eng[FABRIC_REPLAY_READS] =
	    (struct fabric_replay_engine){.rate = 12345, .burst_milli = 2500};
	d->eng[FABRIC_REPLAY_POSTED] = (struct fabric_replay_engine){.burst_milli = 1000};
	d->op[0] =
	    (struct fabric_replay_op){FABRIC_REPLAY_READ, FABRIC_REPLAY_PEER, 0x0300, 512, 512, 7};
	t->m.ncpu = 1;
	t->m.cpu[0] = (struct fabric_replay_cpu){.rid = 0x0200,
						 .wr_rate = FABRIC_REPLAY_MAX_RATE,
						 .nsizes = 2,
						 .wr = {{64, 98}, {4, 2}},
						 .rd_rate = 100000,
						 .remote_pct = 25,
						 .cfg_rate = 1000};
}

static void written_model_reads_back_the_same(void **state)
{
	struct twin *t = calloc(2, sizeof(*t));
	struct error e;

	assert_non_null(t);
	fill(&t[0]);
	assert_int_equal(twin_json_write(&t[0], path(), &e), 0);
	assert_int_equal(twin_json_read(path(), &t[1], &e), 0);
	assert_string_equal(t[1].platform, "kunpeng930");
	assert_memory_equal(&t[0].m, &t[1].m, sizeof(t[0].m));
	free(t);
}

/* The model with one field of device 1 (or of the file) replaced by text. */
static int read_with(const char *from, const char *to, struct error *e)
{
	struct twin *t = calloc(1, sizeof(*t));
	char *s, *at;
	FILE *f;
	int r;

	assert_non_null(t);
	fill(t);
	s = twin_json_dump(t);
	assert_non_null(s);
	at = strstr(s, from);
	assert_non_null(at);
	f = fopen(path(), "w");
	assert_non_null(f);
	fprintf(f, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	fclose(f);
	r = twin_json_read(path(), t, e);
	free(s);
	free(t);
	return r;
}

static void refused(const char *from, const char *to, const char *why)
{
	struct error e = {0};

	assert_int_equal(read_with(from, to, &e), -EINVAL);
	if (!strstr(e.msg, why))
		fail_msg("'%s' for '%s': %s", to, from, e.msg);
	assert_non_null(strstr(e.msg, "twin_model.json: "));
}

static void mistakes_are_named(void **state)
{
	refused("\"window\": 32", "\"widnow\": 32", "devices 1: unknown key \"widnow\"");
	refused("\"window\": 32", "\"window\": 2000",
		"\"window\" must be a whole number from 0 to 1024");
	refused("\"rid\": \"02:00.0\"", "\"rid\": \"nvme\"", "\"rid\" must be a PCI function");
	refused("\"kind\": \"read\"", "\"kind\": \"fetch\"", "op 1: \"kind\" must be one of read");
	refused("\"follows\": 0.222", "\"follows\": -1", "\"follows\" must be a number from 0.001");
	refused("\"writes_per_s\": \"max\"", "\"writes_per_s\": \"fast\"",
		"cpu 1: \"writes_per_s\" must be a number per second or \"max\"");
	refused("\"remote_pct\": 25", "\"remote_pct\": 101",
		"\"remote_pct\" must be a whole number");
	refused("\"pciescope_twin\": 1", "\"pciescope_twim\": 1", "unknown key \"pciescope_twim\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_model_reads_back_the_same),
	    cmocka_unit_test(mistakes_are_named),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
