// SPDX-License-Identifier: GPL-2.0-only
/*
 * The key/value table of struct kstate, its journal and its text form.
 * Keys may not hold '=', newlines or be empty; values may hold anything but
 * NUL.  The table stays sorted so the file is the same bytes for the same
 * contents.  Setting a key to the value it has is no change and is not
 * journaled, so a platform that saves every value at shutdown does not
 * overwrite what a concurrent invocation changed.
 *
 * A file edited by hand or damaged still boots: a line that is not
 * key=value, or a value its user cannot parse, is noted (kstate_warning
 * says the first, by line number) and skipped, the rest is used, and the
 * file is not rewritten until something changes.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/core/state.h>

#include "state_internal.h"

/* Index of key, or of where it would go (found tells which). */
static size_t find(struct kstate *s, const char *key, bool *found)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(s->e[mid].key, key);

		if (!c) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = false;
	return lo;
}

static int insert(struct kstate *s, size_t i, char *key, char *val, unsigned line)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 32;
		struct kstate_entry *e = realloc(s->e, cap * sizeof(*e));

		if (!e)
			return -ENOMEM;
		s->e = e;
		s->cap = cap;
	}
	memmove(&s->e[i + 1], &s->e[i], (s->n - i) * sizeof(*s->e));
	s->e[i].key = key;
	s->e[i].val = val;
	s->e[i].line = line;
	s->n++;
	return 0;
}

static int put(struct kstate *s, const char *key, const char *val, unsigned line)
{
	bool found;
	size_t i;
	char *k, *v;

	if (!*key || strpbrk(key, "=\n"))
		return -EINVAL;
	i = find(s, key, &found);
	v = strdup(val);
	if (!v)
		return -ENOMEM;
	if (found) {
		free(s->e[i].val);
		s->e[i].val = v;
		s->e[i].line = line;
		return 0;
	}
	k = strdup(key);
	if (!k || insert(s, i, k, v, line)) {
		free(k);
		free(v);
		return -ENOMEM;
	}
	return 0;
}

static int journal(struct kstate *s, const char *key, const char *val)
{
	struct kstate_entry *j = realloc(s->journal, (s->njournal + 1) * sizeof(*j));

	if (!j)
		return -ENOMEM;
	s->journal = j;
	j[s->njournal].key = strdup(key);
	j[s->njournal].val = val ? strdup(val) : NULL;
	if (!j[s->njournal].key || (val && !j[s->njournal].val)) {
		free(j[s->njournal].key);
		free(j[s->njournal].val);
		return -ENOMEM;
	}
	s->njournal++;
	return 0;
}

void kstate_baseline(struct kstate *s)
{
	for (size_t i = 0; i < s->njournal; i++) {
		free(s->journal[i].key);
		free(s->journal[i].val);
	}
	s->njournal = 0;
}

int kstate_set_str(struct kstate *s, const char *key, const char *val)
{
	const char *old = kstate_get_str(s, key);
	int ret;

	if (old && !strcmp(old, val))
		return 0;
	ret = put(s, key, val, 0);
	return ret ?: journal(s, key, val);
}

int kstate_set_u64(struct kstate *s, const char *key, uint64_t val)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, val);
	return kstate_set_str(s, key, buf);
}

const char *kstate_get_str(struct kstate *s, const char *key)
{
	bool found;
	size_t i = find(s, key, &found);

	return found ? s->e[i].val : NULL;
}

/* What a warning quotes of a damaged file's text: 40 characters, a byte not printable ASCII as '?'.
 */
static const char *printable(const char *text, char out[static 41])
{
	size_t i;

	for (i = 0; text[i] && i < 40; i++)
		out[i] =
		    (unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7e ? '?' : text[i];
	out[i] = '\0';
	return out;
}

/* A value from the file that is not a number is noted once, at its line. */
bool kstate_get_u64(struct kstate *s, const char *key, uint64_t *val)
{
	bool found;
	size_t i = find(s, key, &found);
	char *end, why[192], q[41];
	unsigned long long x;

	if (!found)
		return false;
	errno = 0;
	x = strtoull(s->e[i].val, &end, 0);
	if (!*s->e[i].val || *end || errno) {
		if (s->e[i].line) {
			snprintf(why, sizeof(why), "%s='%s' is not a number: the default is used",
				 key, printable(s->e[i].val, q));
			kstate_note_bad(s, s->e[i].line, why);
			s->e[i].line = 0;
		}
		return false;
	}
	*val = x;
	return true;
}

static int remove_key(struct kstate *s, const char *key)
{
	bool found;
	size_t i = find(s, key, &found);

	if (!found)
		return -ENOENT;
	free(s->e[i].key);
	free(s->e[i].val);
	memmove(&s->e[i], &s->e[i + 1], (s->n - i - 1) * sizeof(*s->e));
	s->n--;
	return 0;
}

int kstate_del(struct kstate *s, const char *key)
{
	return remove_key(s, key) ?: journal(s, key, NULL);
}

int kstate_replay(struct kstate *s, struct kstate *into)
{
	int ret = 0;

	for (size_t i = 0; i < s->njournal && !ret; i++) {
		const struct kstate_entry *j = &s->journal[i];

		if (j->val)
			ret = put(into, j->key, j->val, 0);
		else
			remove_key(into, j->key); /* someone else may have deleted it */
	}
	return ret;
}

void kstate_foreach(struct kstate *s, const char *prefix,
		    void (*fn)(void *ctx, const char *key, const char *val), void *ctx)
{
	size_t plen = strlen(prefix);

	for (size_t i = 0; i < s->n; i++)
		if (!strncmp(s->e[i].key, prefix, plen))
			fn(ctx, s->e[i].key, s->e[i].val);
}

/* Undoes the escapes in place. */
static void unescape(char *v)
{
	char *o = v;

	for (; *v; v++) {
		if (*v == '\\' && v[1]) {
			v++;
			*o++ = *v == 'n' ? '\n' : *v;
		} else {
			*o++ = *v;
		}
	}
	*o = '\0';
}

/* A line we did not write is skipped and noted rather than refused: the machine still boots. */
int kstate_parse(struct kstate *s, FILE *f)
{
	char *line = NULL, *eq, why[96], q[41];
	size_t cap = 0;
	ssize_t len;
	unsigned no = 0;
	int ret = 0;

	while (!ret && (len = getline(&line, &cap, f)) > 0) {
		no++;
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		eq = strchr(line, '=');
		if (eq)
			*eq = '\0';
		if (eq && *line) {
			unescape(eq + 1);
			ret = put(s, line, eq + 1, no) == -ENOMEM ? -ENOMEM : 0;
			continue;
		}
		snprintf(why, sizeof(why), "'%s' is not key=value: ignored", printable(line, q));
		kstate_note_bad(s, no, why);
	}
	if (!ret && ferror(f))
		ret = errno ? -errno : -EIO;
	free(line);
	return ret;
}

/* The path and the reason bounded so the line always fits s->bad (PATH_MAX + 192). */
void kstate_note_bad(struct kstate *s, unsigned line, const char *why)
{
	if (!s->nbad++ && line)
		snprintf(s->bad, sizeof(s->bad), "%.*s:%u: %.160s", PATH_MAX - 1, s->path, line,
			 why);
	else if (s->nbad == 1)
		snprintf(s->bad, sizeof(s->bad), "%.*s: %.160s", PATH_MAX - 1, s->path, why);
}

const char *kstate_warning(struct kstate *s, char *buf, size_t n)
{
	if (!s->nbad)
		return NULL;
	if (s->nbad == 1)
		snprintf(buf, n, "%s", s->bad);
	else
		snprintf(buf, n, "%s (and %u more line%s not used)", s->bad, s->nbad - 1,
			 s->nbad > 2 ? "s" : "");
	return buf;
}

int kstate_load(struct kstate *s)
{
	FILE *f = fopen(s->path, "re");
	int ret;

	if (!f)
		return errno == ENOENT ? 0 : -errno;
	ret = kstate_parse(s, f);
	fclose(f);
	return ret;
}

static void write_escaped(FILE *f, const char *v)
{
	for (; *v; v++) {
		if (*v == '\n')
			fputs("\\n", f);
		else if (*v == '\\')
			fputs("\\\\", f);
		else
			fputc(*v, f);
	}
}

void kstate_write(struct kstate *s, FILE *f)
{
	for (size_t i = 0; i < s->n; i++) {
		fprintf(f, "%s=", s->e[i].key);
		write_escaped(f, s->e[i].val);
		fputc('\n', f);
	}
}

int kstate_save(struct kstate *s)
{
	char tmp[sizeof(s->path) + 32];
	FILE *f;
	int ret = 0;

	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", s->path, (int)getpid());
	f = fopen(tmp, "we");
	if (!f)
		return -errno;
	kstate_write(s, f);
	if (fflush(f) || fsync(fileno(f)))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, s->path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}

void kstate_free(struct kstate *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->e[i].key);
		free(s->e[i].val);
	}
	free(s->e);
	kstate_baseline(s);
	free(s->journal);
	free(s);
}
