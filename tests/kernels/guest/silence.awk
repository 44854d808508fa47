# SPDX-License-Identifier: GPL-2.0-only
# The longest stretch of [FROM, TO] in which CPU showed no event at all in an ftrace text
# file (rtla's -t trace, rtwhy's --save-trace): a timer interrupt due at FROM that came only at
# the end of such a stretch was held off with no trace of why (interrupts off, or the vCPU not
# run). Prints the stretch in microseconds (0 when the CPU has events all through); with
# -v who=1 also the pid of the task in whose context the event ending it came (the task that
# was on the CPU through it, no switch being an event; -1 when it runs to TO).
#   awk -v cpu=N -v from=SECONDS -v to=SECONDS [-v who=1] -f silence.awk TRACE.txt
function ts(  i) {
	for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) return $i + 0
	return -1
}
BEGIN { c = sprintf("[%03d]", cpu); from += 0; to += 0; last = -1; best = 0 }
{
	at = 0
	for (i = 2; i <= NF; i++) if ($i == c) { at = i; break }
	if (!at) next
	t = ts()
	if (t < 0) next
	p = $(at - 1); sub(/.*-/, "", p)
	if (last >= 0) gap(last, t, p)
	last = t
}
# gap A B PID: the silence between two events of CPU, the part of it inside [from, to], ended
# by an event of PID
function gap(a, b, pid) {
	if (a < from) a = from
	if (b > to) b = to
	if (b - a > best) { best = b - a; bpid = pid }
}
END {
	if (last >= 0 && last < to) gap(last, to, -1)
	if (who) printf "%.0f %s\n", best * 1e6, (bpid == "" ? -1 : bpid)
	else printf "%.0f\n", best * 1e6
}
