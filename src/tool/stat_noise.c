// SPDX-License-Identifier: GPL-2.0-only
/*
 * `stat -r N`: the runs' mean and perf's spread, the standard deviation of
 * the mean (sample variance over n, square-rooted) relative to the mean.
 * Welford's update keeps it exact without storing the runs.
 */
#include <math.h>

#include <pciescope/tool/stat.h>

void stat_noise_add(struct stat_noise *z, double v)
{
	double d = v - z->mean;

	z->n++;
	z->mean += d / z->n;
	z->m2 += d * (v - z->mean);
}

double stat_noise_sd_mean(const struct stat_noise *z)
{
	if (z->n < 2)
		return 0;
	return sqrt(z->m2 / (z->n - 1) / z->n);
}

double stat_noise_pct(const struct stat_noise *z)
{
	return z->mean ? 100.0 * stat_noise_sd_mean(z) / fabs(z->mean) : 0;
}
