# SPDX-License-Identifier: GPL-2.0-only
# Shared by the benchmarks (sourced): the integration helpers plus statistics.
. tests/integration/lib.sh

# median of numbers on stdin
median() { sort -g | awk '{v[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }
# percentile P of numbers on stdin
pctl() { sort -g | awk -v p="$1" '{v[NR]=$1} END {i=int(NR*p/100+0.5); if (i<1) i=1; if (NR == 0) print "nan"; else print v[i]}'; }
# ratio A/B with 2 decimals
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b == 0) print "n/a"; else printf "%.2f", a/b}'; }
# field N ("min", "avg", "max") of the T: lines of a cyclictest/rtwhy -q run, one per thread
tfield() { sed -n "s/^T:.* Min: *\([0-9]*\) Act: *[0-9]* Avg: *\([0-9]*\) Max: *\([0-9]*\).*/\1 \2 \3/p" "$1" |
	awk -v f="$2" '{print (f=="min") ? $1 : (f=="avg") ? $2 : $3}'; }
# tm CMD...: "SECONDS MAXRSS_MB" of CMD, the shortest time and the median RSS of 5 runs
tm() {
	for i in 1 2 3 4 5; do
		/usr/bin/time -f "%e %M" -o "$TMP/tm" "$@" >/dev/null 2>&1
		tail -n 1 "$TMP/tm"
	done >"$TMP/tms"
	echo "$(awk '{print $1}' "$TMP/tms" | sort -g | head -n 1) $(awk '{print $2 / 1024}' "$TMP/tms" | median)"
}
