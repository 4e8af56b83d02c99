#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report --html opened in headless Chromium (Debian's, from
# scripts/install-deps.sh): the four charts must be laid out at their size
# with their marks, the page must load no resource and raise no error or
# console message, and a screenshot is saved under the build folder.
# The page itself has no script; a copy gets a small probe script that
# writes what the browser sees into the DOM, read back with --dump-dom.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
chromium=/usr/bin/chromium
[ -x "$chromium" ] || fail "$chromium missing: run scripts/install-deps.sh"

"$BUILD_DIR/bench/bench_stats_gen" trace.data 2 8dw > truth.txt
"$PCIESCOPE" report -i trace.data --html report.html
grep -qi '<script' report.html && fail "the report page has a script"
grep -Eqi '(src|href)=' report.html && fail "the report page refers to another resource"

cat > probe.html <<'PROBE'
<script>
var probeErrors = [];
window.addEventListener('error', function (e) {
	probeErrors.push(String(e.message || (e.target && e.target.outerHTML) || e.type));
}, true);
window.addEventListener('load', function () {
	var out = [];
	document.querySelectorAll('svg.chart').forEach(function (s) {
		var r = s.getBoundingClientRect(), shown = 0;
		s.querySelectorAll('rect.bar, rect.bin, polyline.series').forEach(function (m) {
			var b = m.getBBox();
			if (b.width > 0 || b.height > 0)
				shown++;
		});
		out.push('chart ' + Math.round(r.width) + 'x' + Math.round(r.height) +
			 ' shown=' + shown + ' label=' + s.getAttribute('aria-label'));
	});
	out.push('resources ' + performance.getEntriesByType('resource').length);
	out.push('errors ' + probeErrors.length + ' ' + probeErrors.join(' | '));
	var p = document.createElement('pre');
	p.id = 'probe';
	p.textContent = out.join('\n');
	document.body.appendChild(p);
});
</script>
PROBE
sed '/<head>/r probe.html' report.html > probed.html

browse() {
	local profile
	profile=$(mktemp -d "$TEST_TMP/profile.XXXXXX")
	timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$profile" --enable-logging=stderr --v=0 \
		--window-size=1000,2600 "$@"
	rm -rf "$profile"
}

browse --dump-dom "file://$TEST_TMP/probed.html" > dom.html 2> chromium.log
sed -n '/<pre id="probe">/,/<\/pre>/p' dom.html | sed 's/<[^>]*>//g' > probe.txt
cat probe.txt
[ "$(grep -c '^chart 720x320 ' probe.txt)" = 4 ] || fail "not four charts of 720x320"
kinds=$(grep -c '^kind ' truth.txt)
grep -q "^chart 720x320 shown=$kinds label=TLP mix" probe.txt || fail "TLP mix: not $kinds bars"
grep -q '^chart 720x320 shown=3 label=Link traffic' probe.txt || fail "bandwidth: not 3 lines"
grep -Eq '^chart 720x320 shown=[1-9][0-9]* label=Latency' probe.txt || fail "latency: no bins"
grep -q '^chart 720x320 shown=1 label=Outstanding' probe.txt || fail "outstanding requests: no line"
grep -qx 'resources 0' probe.txt || fail "the page loaded resources"
grep -qx 'errors 0 ' probe.txt || fail "errors in the page"
grep -q ':CONSOLE' chromium.log && fail "console messages: $(grep ':CONSOLE' chromium.log)"

shot=$BUILD_DIR/report-html-screenshot.png
rm -f "$shot"
browse --screenshot="$shot" "file://$TEST_TMP/report.html" > /dev/null 2>&1
[ -s "$shot" ] || fail "no screenshot"
[ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || fail "not a PNG"
echo "screenshot: $shot"
