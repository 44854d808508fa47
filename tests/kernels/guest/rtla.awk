# SPDX-License-Identifier: GPL-2.0-only
# What `rtla timerlat ... -a N` said of the spike it stopped on (its auto-analysis), as
# key=value lines:
#   cpu=N  kind=thread|irq  latency_us=...  blocking=COMM:PID  blocking_us=...
#   blocking_pct=...  top=WHAT (the largest of IRQ/softirq/thread interference, "kind:name")
#   top_us=...  stack=f1,f2,... (the blocking thread's frames below the timer interrupt)
#   irq_us=... (the IRQ latency)  irq_delay_us=...  irq_delay_pct=...  idle=1 (rtla called
#   the IRQ handler delay "exit from idle")  irq_dur_us=... (the timerlat IRQ's duration)
#   part=WHAT part_us=...: the largest part rtla's analysis names (the IRQ handler delay, the
#   timerlat IRQ's duration, the blocking thread or one interference)
function big(what, us) { if (us + 0 > partv) { partv = us + 0; part = what } }
/## CPU [0-9]+ hit stop tracing/ { cpu = $3; on = 1; next }
!on { next }
/^  IRQ handler delay:/ {
	if ($0 ~ /exit from idle/) idle = 1
	if (match($0, /[0-9.]+ us/)) idelay = substr($0, RSTART, RLENGTH - 3)
	big("IRQ handler delay" (idle ? " (exit from idle)" : ""), idelay)
	if (match($0, /\(([0-9.]+) %\)/)) idpct = substr($0, RSTART + 1, RLENGTH - 4)
	next
}
/^  IRQ latency:/ { irqlat = $(NF - 1); next }
/^  Timerlat IRQ duration:/ {
	if (match($0, /[0-9.]+ us/)) idur = substr($0, RSTART, RLENGTH - 3)
	big("timerlat IRQ duration", idur)
	next
}
/^  Blocking thread:/ {
	blk = 1
	if (match($0, /\(([0-9.]+) %\)/)) { s = substr($0, RSTART + 1, RLENGTH - 4); bpct = s + 0 }
	next
}
blk == 1 && NF >= 1 && $1 ~ /:[0-9]+$/ {
	blocking = $1; if (NF >= 3) bus = $2; blk = 2
	big("blocking thread " blocking, bus)
	next
}
/Blocking thread stack trace/ { st = 1; next }
st && /->/ {
	f = $2
	if (f == "asm_sysvec_apic_timer_interrupt") { below = 1; next }
	if (below) stack = stack (stack == "" ? "" : ",") f
	next
}
{ st = 0 }
/^  (IRQ|Softirq|Thread) interference/ { sect = $1; next }
sect != "" && $1 ~ /:[0-9]+$/ && $(NF) == "us" {
	v = $(NF - 1) + 0
	if (v > topv) { topv = v; top = tolower(sect) ":" $1 }
	big(tolower(sect) " interference " $1, v)
	next
}
/^  (NMI|IRQ handler|Timerlat IRQ)/ { sect = "" }
/^ *(Thread|IRQ) latency:.*100%/ { kind = ($1 == "Thread") ? "thread" : "irq"; lat = $3 }
END {
	printf "cpu=%s\nkind=%s\nlatency_us=%s\nblocking=%s\nblocking_us=%s\nblocking_pct=%s\n",
		cpu, kind, lat, blocking, bus, bpct
	printf "top=%s\ntop_us=%s\nstack=%s\n", top, topv, stack
	printf "irq_us=%s\nirq_delay_us=%s\nirq_delay_pct=%s\nidle=%s\nirq_dur_us=%s\n", irqlat,
		idelay, idpct, idle, idur
	printf "part=%s\npart_us=%.2f\n", part, partv
}
