// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMU names of perf/pmu_name.h: one table of patterns, read by a small
 * matcher of its own rather than sscanf, whose %u would also take a sign or
 * blanks ("hisi_ptt-1_2") that no kernel name holds.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/pmu_name.h>

/* Each family's name; "%u" stands for a decimal number. */
static const struct {
	enum pmu_family family;
	const char *pattern;
} names[] = {
    {PMU_HISI_PTT, "hisi_ptt%u_%u"},
    {PMU_HISI_PCIE, "hisi_pcie%u_core%u"},
    {PMU_AMD_IOMMU, "amd_iommu_%u"},
    {PMU_IOMMUV2, "iommuv2"},
};

#define NNAMES (sizeof(names) / sizeof(names[0]))

/* s against pattern: the numbers in v (at most 2); true when the whole of s matches. */
static bool match(const char *s, const char *pattern, unsigned v[2])
{
	int nv = 0;

	while (*pattern) {
		if (strncmp(pattern, "%u", 2)) {
			if (*s++ != *pattern++)
				return false;
			continue;
		}
		if (*s < '0' || *s > '9')
			return false;
		for (unsigned long long n = 0; *s >= '0' && *s <= '9'; s++) {
			n = n * 10 + (unsigned)(*s - '0');
			if (n > UINT_MAX)
				return false;
			v[nv] = (unsigned)n;
		}
		nv++;
		pattern += 2;
	}
	return !*s;
}

enum pmu_family pmu_name_parse(const char *name, struct pmu_name *out)
{
	struct pmu_name n = {PMU_OTHER};
	unsigned v[2] = {0};

	for (size_t i = 0; name && i < NNAMES && n.family == PMU_OTHER; i++) {
		if (!match(name, names[i].pattern, v))
			continue;
		n.family = names[i].family;
		if (n.family == PMU_AMD_IOMMU) {
			n.index = v[0];
		} else if (n.family != PMU_IOMMUV2) {
			n.sicl = v[0];
			n.core = v[1];
		}
	}
	if (out)
		*out = n;
	return n.family;
}

char *pmu_name_format(struct pmu_name n, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < NNAMES; i++) {
		if (names[i].family != n.family)
			continue;
		/* The table's patterns are the only formats; a number they lack is not read. */
		if (n.family == PMU_AMD_IOMMU)
			snprintf(buf, len, names[i].pattern, n.index);
		else
			snprintf(buf, len, names[i].pattern, n.sicl, n.core);
	}
	return buf;
}
