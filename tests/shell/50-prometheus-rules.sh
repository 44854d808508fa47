#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# contrib/prometheus/: the rules pass promtool check rules, the prometheus.yml
# excerpt promtool check config, and the rules promtool test rules on the sample
# series of rtwhy.rules.test.yml (the latency alert fires for the host above
# the budget only, the spike-rate alert for the host above its rate, the
# new-verdict alert only while the new kind is new; the recording rules'
# values). The test file can fail: a rule that fires or stays silent where it
# says otherwise fails it (checked here once with a budget changed). No root.
#   sh tests/shell/50-prometheus-rules.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-rules.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh
show() { sed 's/^/#   /' "$1" | head -n 15; }
P=contrib/prometheus

if ! command -v promtool >/dev/null; then
	for k in 1 2 3 4; do ok "# SKIP promtool is not installed (Debian: prometheus)"; done
	exit 0
fi
# says NAME ARGS...: promtool ARGS succeeds, its words in $tmp/NAME.out
says() {
	out=$1
	shift
	promtool "$@" >"$tmp/$out.out" 2>&1
}
if says rules check rules "$P/rtwhy.rules.yml" && grep -q 'SUCCESS: 5 rules found' "$tmp/rules.out"
then
	ok "promtool check rules: contrib/prometheus/rtwhy.rules.yml (5 rules)"
else
	notok "promtool check rules: contrib/prometheus/rtwhy.rules.yml"
	show "$tmp/rules.out"
fi
if says config check config "$P/prometheus.yml"; then
	ok "promtool check config: contrib/prometheus/prometheus.yml and its rules"
else
	notok "promtool check config: contrib/prometheus/prometheus.yml"
	show "$tmp/config.out"
fi
if says test test rules "$P/rtwhy.rules.test.yml"; then
	ok "promtool test rules: every alert and recording rule as the sample series say"
else
	notok "promtool test rules: contrib/prometheus/rtwhy.rules.test.yml"
	show "$tmp/test.out"
fi
# the same test against rules with the spike budget raised to 200 an hour: it must fail
cp "$P/rtwhy.rules.test.yml" "$tmp/"
sed 's/\* 3600 > 60$/* 3600 > 200/' "$P/rtwhy.rules.yml" >"$tmp/rtwhy.rules.yml"
if ! grep -q '3600 > 200' "$tmp/rtwhy.rules.yml"; then
	notok "the spike budget of the rules found (to change it)"
elif says changed test rules "$tmp/rtwhy.rules.test.yml"; then
	notok "promtool test rules fails when the spike-rate alert does not fire"
elif grep -q 'alertname: RtwhySpikeRateHigh' "$tmp/changed.out"; then
	ok "promtool test rules fails when the spike-rate alert does not fire (the test can fail)"
else
	notok "promtool test rules fails for the spike-rate alert"
	show "$tmp/changed.out"
fi
exit $((failed > 0))
