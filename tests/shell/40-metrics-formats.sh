#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The two formats of --metrics, rendered by the unit tests (RTWHY_METRICS_SAMPLES:
# a running run with explained spikes, and an ended one without tracing), each
# read by the parsers of its readers: --metrics-format=openmetrics by the strict
# OpenMetrics parser of Debian's python3-prometheus-client and by promtool's
# OpenMetrics parser (its backfill, which needs timestamps: added for it);
# the default (Prometheus text 0.0.4) by promtool check metrics, which is
# node_exporter's textfile collector's parser. The number of verdicts
# doc/service.md states is the table's. No root; a second.
#   sh tests/shell/40-metrics-formats.sh (RTWHY_BUILD=build)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-metrics-formats.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh
show() { sed 's/^/#   /' "$1" | head -n 10; }
# Debian's python3 (the package's module), not a python3 of PATH that lacks it
py=/usr/bin/python3

RTWHY_METRICS_SAMPLES=$tmp "$build/unit-tests" -r metrics >"$tmp/unit.log" 2>&1
if [ -s "$tmp/running.om" ] && [ -s "$tmp/final.om" ] && [ -s "$tmp/running.prom" ]; then
	ok "the unit tests rendered both formats"
else
	notok "the unit tests rendered both formats"
	show "$tmp/unit.log"
fi

# 2-3. OpenMetrics: prometheus_client's strict parser; the Prometheus text it refuses
if ! $py -c 'import prometheus_client.openmetrics.parser' 2>/dev/null; then
	ok "# SKIP python3-prometheus-client is not installed (scripts/deps.sh check)"
	ok "# SKIP python3-prometheus-client is not installed"
else
	for f in running final; do
		if $py - "$tmp/$f.om" >"$tmp/$f.py" 2>&1 <<'PY'; then
import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
fams = list(text_string_to_metric_families(open(sys.argv[1]).read()))
types = {f.name: f.type for f in fams}
assert types["rtwhy_build"] == "info", types
assert types["rtwhy_latency_seconds"] == "histogram", types
assert all(f.unit == "seconds" for f in fams if f.name.endswith("_seconds")), fams
if "rtwhy_spikes" in types:
    assert types["rtwhy_spikes"] == types["rtwhy_blind_seconds"] == "counter", types
print(len(fams), "families,", sum(len(f.samples) for f in fams), "samples")
PY
			ok "openmetrics ($f): prometheus_client's parser reads $(cat "$tmp/$f.py")"
		else
			notok "openmetrics ($f): prometheus_client's parser"
			show "$tmp/$f.py"
		fi
	done
	# the reason for two formats: the strict parser refuses the Prometheus text
	if $py -c 'import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families as p
list(p(open(sys.argv[1]).read()))' "$tmp/running.prom" >"$tmp/clash.out" 2>&1; then
		notok "prometheus_client's OpenMetrics parser refuses the Prometheus text"
	elif grep -q 'Clashing name: rtwhy_spikes_total' "$tmp/clash.out"; then
		ok "prometheus_client's OpenMetrics parser refuses the Prometheus text (Clashing name)"
	else
		notok "prometheus_client refuses the Prometheus text for the known reason"
		show "$tmp/clash.out"
	fi
fi

if ! command -v promtool >/dev/null; then
	for k in 1 2 3; do ok "# SKIP promtool is not installed (Debian: prometheus)"; done
	exit $((failed > 0))
fi
# 5. promtool's OpenMetrics parser (its backfill: every sample needs a timestamp there)
sed -E '/^#/!s/$/ 1700000000/' "$tmp/running.om" >"$tmp/ts.om"
if promtool tsdb create-blocks-from openmetrics "$tmp/ts.om" "$tmp/blocks" >"$tmp/bf.out" 2>&1 &&
	[ -n "$(ls "$tmp/blocks")" ]; then
	ok "openmetrics: promtool's OpenMetrics parser reads it (a TSDB block made)"
else
	notok "openmetrics: promtool's OpenMetrics parser"
	show "$tmp/bf.out"
fi
# 6-7. Prometheus text: promtool check metrics (node_exporter's parser), lint clean
for f in running final; do
	if promtool check metrics <"$tmp/$f.prom" >"$tmp/$f.pt" 2>&1; then
		ok "prometheus text ($f): promtool check metrics accepts it, lint clean"
	else
		notok "prometheus text ($f): promtool check metrics"
		show "$tmp/$f.pt"
	fi
done
# 8. the docs' number of verdicts is the file's: one rtwhy_spikes_total series each
nr=$(grep -c '^	{ BLAME_V_' analysis/verdict.c)
series=$(grep -c '^rtwhy_spikes_total{verdict=' "$tmp/running.prom")
said=$(grep -o 'each of the [0-9]* verdicts' doc/service.md | grep -o '[0-9]*')
if [ "$nr" -gt 0 ] && [ "$series" = "$nr" ] && [ "$said" = "$nr" ]; then
	ok "$nr verdicts in analysis/verdict.c, $series rtwhy_spikes_total series, doc/service.md says $said"
else
	notok "verdicts: $nr in the table, $series series, doc/service.md says '$said'"
fi
exit $((failed > 0))
