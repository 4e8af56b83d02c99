// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CLI's option table (src/cli/util/parse_options.c): what a command
 * gets from the command line it is given.  Built with the CLI's util/ files
 * (tests/CMakeLists.txt), since they are not in the library.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "cli.h"
#include "parse_options.h"

struct seen {
	bool json, verbose;
	const char *out;
	uint64_t n;
	int events;
	const char *last_event;
};

static int add_event(const struct cli_option *opt, const char *arg)
{
	struct seen *s = opt->value;

	s->events++;
	s->last_event = arg;
	return 0;
}

static const char *const synopsis[] = {"test [-j] [-v] [-o FILE] [-n N] [-e E...] ARGS", NULL};

/* Parses the NULL-terminated words (the first is the command) into *s. */
static int parse(struct seen *s, unsigned flags, char **argv)
{
	struct cli_option options[] = {
	    OPT_BOOL('j', "json", &s->json, "json"),
	    OPT_BOOL('v', "verbose", &s->verbose, "verbose"),
	    OPT_STRING('o', "output", &s->out, "FILE", "output"),
	    OPT_UINT('n', "count", &s->n, 1, 10, "N", "count"),
	    OPT_CALLBACK('e', "event", s, "E", "event", add_event),
	    OPT_END(),
	};
	const struct cli_command_options c = {synopsis, options, NULL, flags};
	int argc = 0;

	while (argv[argc])
		argc++;
	return cli_parse_options(argc, argv, &c);
}

static void positional_arguments_keep_their_order_around_options(void **state)
{
	char *argv[] = {"test", "a", "-j", "b", "--output", "f", "c", NULL};
	struct seen s = {0};

	assert_int_equal(parse(&s, 0, argv), 3);
	assert_string_equal(argv[0], "a");
	assert_string_equal(argv[1], "b");
	assert_string_equal(argv[2], "c");
	assert_null(argv[3]);
	assert_true(s.json);
	assert_string_equal(s.out, "f");
}

static void a_value_comes_after_equals_attached_or_as_the_next_word(void **state)
{
	char *a[] = {"test", "--output=x", NULL}, *b[] = {"test", "-ox", NULL},
	     *c[] = {"test", "-o", "x", NULL}, *d[] = {"test", "--output", "-", NULL};
	struct seen s = {0};

	assert_int_equal(parse(&s, 0, a), 0);
	assert_string_equal(s.out, "x");
	s.out = NULL;
	assert_int_equal(parse(&s, 0, b), 0);
	assert_string_equal(s.out, "x");
	s.out = NULL;
	assert_int_equal(parse(&s, 0, c), 0);
	assert_string_equal(s.out, "x");
	assert_int_equal(parse(&s, 0, d), 0);
	assert_string_equal(s.out, "-");
}

static void short_flags_bundle_and_a_repeated_option_repeats(void **state)
{
	char *argv[] = {"test", "-jv", "-e", "a", "-eb", "--event=c", NULL};
	struct seen s = {0};

	assert_int_equal(parse(&s, 0, argv), 0);
	assert_true(s.json && s.verbose);
	assert_int_equal(s.events, 3);
	assert_string_equal(s.last_event, "c");
}

static void double_dash_ends_the_options(void **state)
{
	char *argv[] = {"test", "-j", "--", "-v", "--output", NULL};
	struct seen s = {0};

	assert_int_equal(parse(&s, 0, argv), 2);
	assert_false(s.verbose);
	assert_string_equal(argv[0], "-v");
	assert_string_equal(argv[1], "--output");
}

static void stop_at_non_option_leaves_a_commands_own_options(void **state)
{
	char *argv[] = {"test", "-j", "sleep", "-v", "1", NULL};
	struct seen s = {0};

	assert_int_equal(parse(&s, CLI_PARSE_STOP_AT_NON_OPTION, argv), 3);
	assert_false(s.verbose);
	assert_string_equal(argv[0], "sleep");
	assert_string_equal(argv[1], "-v");
	assert_null(argv[3]);
}

static void numbers_are_bounded_and_whole(void **state)
{
	const char *bad[] = {"0", "11", "1x", "", "-1", "+1"};
	struct seen s = {0};
	char *ok[] = {"test", "-n", "0xa", NULL};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *argv[] = {"test", "--count", (char *)bad[i], NULL};

		assert_int_equal(parse(&s, 0, argv), CLI_PARSE_ERROR);
	}
	assert_int_equal(parse(&s, 0, ok), 0);
	assert_int_equal(s.n, 10);
}

static void refusals_and_help_are_told_apart(void **state)
{
	char *unknown[] = {"test", "--jsn", NULL}, *abbrev[] = {"test", "--js", NULL},
	     *missing[] = {"test", "-o", NULL}, *flag_value[] = {"test", "--json=1", NULL},
	     *help[] = {"test", "a", "-h", NULL}, *long_help[] = {"test", "--help", NULL};
	struct seen s = {0};

	assert_int_equal(parse(&s, 0, unknown), CLI_PARSE_ERROR);
	assert_int_equal(parse(&s, 0, abbrev), CLI_PARSE_ERROR);
	assert_int_equal(parse(&s, 0, missing), CLI_PARSE_ERROR);
	assert_int_equal(parse(&s, 0, flag_value), CLI_PARSE_ERROR);
	assert_false(s.json);
	assert_int_equal(parse(&s, 0, help), CLI_PARSE_HELP);
	assert_int_equal(parse(&s, 0, long_help), CLI_PARSE_HELP);
	assert_int_equal(cli_parse_status(CLI_PARSE_HELP), 0);
	assert_int_equal(cli_parse_status(CLI_PARSE_ERROR), 1);
}

static void a_typo_is_answered_with_the_closest_known_word(void **state)
{
	static const char *const actions[] = {"export", "mount", NULL};

	assert_string_equal(cli_suggest("expor", actions), "export");
	assert_string_equal(cli_suggest("muont", actions), "mount");
	assert_null(cli_suggest("frobnicate", actions));
}

static void a_name_one_edit_away_beats_a_longer_name_it_begins(void **state)
{
	static const char *const options[] = {"--metrics-group", "--metrics", NULL};

	assert_string_equal(cli_suggest("--metric", options), "--metrics");
	assert_string_equal(cli_suggest("--metrics-gr", options), "--metrics-group");
}

static void another_number_is_another_device_not_a_typo(void **state)
{
	static const char *const pmus[] = {"hisi_pcie0_core0", "hisi_ptt0_2", NULL};

	assert_null(cli_suggest("hisi_pcie0_core2", pmus));
	assert_null(cli_suggest("hisi_ptt9_9", pmus));
	assert_string_equal(cli_suggest("hisi_pt0_2", pmus), "hisi_ptt0_2");
	assert_string_equal(cli_suggest("hisi_pcie0_cor0", pmus), "hisi_pcie0_core0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(positional_arguments_keep_their_order_around_options),
	    cmocka_unit_test(a_value_comes_after_equals_attached_or_as_the_next_word),
	    cmocka_unit_test(short_flags_bundle_and_a_repeated_option_repeats),
	    cmocka_unit_test(double_dash_ends_the_options),
	    cmocka_unit_test(stop_at_non_option_leaves_a_commands_own_options),
	    cmocka_unit_test(a_name_one_edit_away_beats_a_longer_name_it_begins),
	    cmocka_unit_test(another_number_is_another_device_not_a_typo),
	    cmocka_unit_test(numbers_are_bounded_and_whole),
	    cmocka_unit_test(refusals_and_help_are_told_apart),
	    cmocka_unit_test(a_typo_is_answered_with_the_closest_known_word),
	};

	cli_set_command("test");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
