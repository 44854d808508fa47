# SPDX-License-Identifier: GPL-2.0-only
# A jflat listing of rtwhy's --json -> one line per spike, fields split by "|":
#   INDEX|VERDICT|KIND|COMM|NAME|IRQ|PID|POLICY|PRIO|BLOCK_US|DEADLINE_NS|CSOFT|CSOFT_PCT|TEXT|HINT
# KIND..PRIO: the verdict's culprit (empty when none); BLOCK_US: the BLOCK softirq's time
# (a softirq culprit's, plus what a thread ran of it inside itself); CSOFT, CSOFT_PCT: the
# softirq the culprit ran inside itself, and what per cent of its time that was.
# Usage: awk -f spikes.awk FILE.flat
/^spikes\.[0-9]+\./ {
	eq = index($0, "="); k = substr($0, 1, eq - 1); v = substr($0, eq + 1)
	n = split(k, p, ".")
	i = p[2] + 0
	if (i + 1 > nr) nr = i + 1
	if (n == 4 && p[3] == "verdict") verdict[i, p[4]] = v
	else if (n == 3) top[i, p[3]] = v
	else if (n == 5 && p[3] == "culprits") {
		c[i, p[4], p[5]] = v
		if (p[5] == "name" && v == "BLOCK") blockc[i] = p[4]
		# a BLOCK softirq run inside a thread (irq/N-... on PREEMPT_RT or threadirqs)
		if (p[5] == "softirq" && v == "BLOCK") blockin[i] = p[4]
	}
}
END {
	for (i = 0; i < nr; i++) {
		j = verdict[i, "culprit"]
		if (j == "" || j == "null") j = -1
		b = (i in blockc) ? c[i, blockc[i], "us"] : 0
		if (i in blockin) b += c[i, blockin[i], "softirq_us"]
		cs = c[i, j, "softirq"]; cp = 0
		if (cs != "" && c[i, j, "us"] > 0) cp = int(100 * c[i, j, "softirq_us"] / c[i, j, "us"])
		printf "%d|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%d|%s|%s\n", i, verdict[i, "kind"],
			c[i, j, "kind"], c[i, j, "comm"], c[i, j, "name"], c[i, j, "irq"], c[i, j, "pid"],
			c[i, j, "policy"], c[i, j, "prio"], b, top[i, "deadline_ns"], cs, cp,
			verdict[i, "text"], verdict[i, "hint"]
	}
}
