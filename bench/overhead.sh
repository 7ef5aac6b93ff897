#!/usr/bin/env bash
# Overhead of watching, by hand (not in CI). Prints the figures to paste into bench/RESULTS.md.
#  1. A watching session's cost on the CPU-bound `hello` route: one lab, a warm-up load, then PAIRS pairs of
#     `load .../hello -c 125 -d SECONDS` without and with `SESSION` attached (default `counters`; `watch` also works),
#     started LEAD (5) s before the load and stopped with SIGTERM after it; the order alternates (ABBA). req/s and p99 ratios with/without.
#  2. The stack capture's pause: PARK (default 500) extra threads parked in the lab (GET /api/diagscenario/park/N,
#     dedicated threads blocked on a wait: to the sampler they are what an idle or blocked pool thread is), a light
#     open-model load (`-c 4 -r 200`, latency from each request's scheduled send, so a stall is not hidden), 6 s
#     windows alternated: without, then with `stacks -p LAB --duration 1s` started 1.5 s in. Max and p99 latency per window.
# Usage: bench/overhead.sh [PAIRS=3] [SECONDS=10]   env: ROUTE=hello SESSION=counters PARK=500 PARTS="session pause" LEAD=5 WARM=0 PIN=0 WARMUP=40
# PIN=1 runs the lab on CPU 0 and the load generator and the session on CPU 1: the service has a core of its own, so
# req/s measures what the session costs inside the target (its events, its counters), not the cores the three processes
# share; the session's own CPU is printed apart (on a box where the service uses every core it comes out of its share).
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-3}
SECONDS_PER_RUN=${2:-10}
ROUTE=${ROUTE:-hello}
SESSION=${SESSION:-counters}
PARK=${PARK:-500}
PARTS=${PARTS:-session pause}
LEAD=${LEAD:-5}  # seconds the session runs before the load: a watch is warm when traffic comes
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
SERVICE_CPU=(); CLIENT_CPU=()
if [ "${PIN:-0}" = 1 ]; then SERVICE_CPU=(taskset -c 0); CLIENT_CPU=(taskset -c 1); fi
OUT=$(mktemp -d /tmp/pooldoctor-overhead-XXXXXX)
dotnet build -c Release src/PoolDoctor -v q -nologo >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"${SERVICE_CPU[@]}" dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab.log" 2>&1 &
launcher=$!
watcher=""
cleanup() { if [ -n "$watcher" ]; then kill "$watcher" 2>/dev/null || true; fi; kill "$launcher" 2>/dev/null || true; if [ -n "${lab:-}" ]; then kill "$lab" 2>/dev/null || true; fi; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
grep -q "listening on" "$OUT/lab.log" || { echo "the lab did not start"; cat "$OUT/lab.log"; exit 1; }
lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
base="http://127.0.0.1:$port/api/diagscenario"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr), .NET $(dotnet --version)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# 1. session cost on a CPU-bound route
if [[ " $PARTS " == *" session "* ]]; then
cpu_of() { awk '{print ($14+$15)/100}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# req/s, p99, then the lab's CPU seconds per 1,000 requests (what serving costs the target: far steadier than req/s
# on a shared box, and it holds the in-target cost of the session's events) and the session's own CPU seconds.
measure() {
  local l0 w0 l1 w1
  l0=$(cpu_of "$lab"); w0=$( [ -n "$watcher" ] && cpu_of "$watcher" || echo 0)
  "${CLIENT_CPU[@]}" dotnet "$TOOL" load "$base/$ROUTE" -c 125 -d "${SECONDS_PER_RUN}s" --format json >"$OUT/m.json"
  l1=$(cpu_of "$lab"); w1=$( [ -n "$watcher" ] && cpu_of "$watcher" || echo 0)
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); l=float(sys.argv[3])-float(sys.argv[2]); w=float(sys.argv[5])-float(sys.argv[4]); print(d["rps"]["overall"], d["latencyMs"]["p99"], round(1000*l/max(1,d["requests"]),4), round(w,2))' "$OUT/m.json" "$l0" "$l1" "$w0" "$w1"
}
# Warm-up: JIT (tiered, with PGO: on hello the lab's req/s still doubles between the first and the fourth 8 s load),
# connections, thread pool. WARMUP seconds of load, default 40.
SECONDS_PER_RUN_MEASURED=$SECONDS_PER_RUN; SECONDS_PER_RUN=${WARMUP:-40}; measure >/dev/null; SECONDS_PER_RUN=$SECONDS_PER_RUN_MEASURED
# Before each measured window: LEAD seconds of idle (the session starts on a quiet service and the traffic arrives),
# or with WARM=1 of the same load (a watch that has run beside the traffic for a while: its steady cost). Both arms alike.
lead() {
  if [ "${WARM:-0}" = 1 ]; then "${CLIENT_CPU[@]}" dotnet "$TOOL" load "$base/$ROUTE" -c 125 -d "${LEAD}s" >/dev/null 2>&1; else sleep "$LEAD"; fi
}
watched() {
  case "$SESSION" in
    watch) "${CLIENT_CPU[@]}" dotnet "$TOOL" watch -p "$lab" --reports "$OUT/watch" >/dev/null 2>&1 & ;;
    *) "${CLIENT_CPU[@]}" dotnet "$TOOL" "$SESSION" -p "$lab" --format json >/dev/null 2>&1 & ;;
  esac
  watcher=$!
  lead
  echo "with $(measure) load $(cut -d' ' -f1 /proc/loadavg)"
  kill -TERM "$watcher"; wait "$watcher" || true  # SIGTERM: background jobs of a script ignore SIGINT
  watcher=""
}
unwatched() { lead; echo "without $(measure) load $(cut -d' ' -f1 /proc/loadavg)"; }
# Odd pairs run unwatched first, even pairs watched first (ABBA), so a drift in the machine's other load does not
# always fall on the same arm.
for pair in $(seq "$PAIRS"); do
  if (( pair % 2 )); then unwatched; watched; else watched; unwatched; fi
done | tee "$OUT/runs.txt"
SESSION=$SESSION SECONDS_PER_RUN=$SECONDS_PER_RUN python3 - "$OUT/runs.txt" <<'PY'
import os, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
wo = [(float(r[1]), float(r[2])) for r in rows if r[0] == 'without']
wi = [(float(r[1]), float(r[2])) for r in rows if r[0] == 'with']
s = os.environ['SESSION']
ratios = [b[0] / a[0] for a, b in zip(wo, wi)]
pratios = [b[1] / a[1] for a, b in zip(wo, wi)]
print(f"req/s without: median {statistics.median(r[0] for r in wo):.0f} (min {min(r[0] for r in wo):.0f}, max {max(r[0] for r in wo):.0f}); "
      f"with {s}: median {statistics.median(r[0] for r in wi):.0f} (min {min(r[0] for r in wi):.0f}, max {max(r[0] for r in wi):.0f})")
print(f"req/s ratio with/without per pair: {' '.join(f'{x:.3f}' for x in ratios)}; median {statistics.median(ratios):.3f}")
# The mean of the log ratios with a 95 % interval (t over the pairs): what "costs at most 1 %" can be read from.
if len(ratios) > 1:
    import math
    logs = [math.log(x) for x in ratios]
    m = statistics.mean(logs); se = statistics.stdev(logs) / math.sqrt(len(logs))
    t = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26, 12: 2.20, 16: 2.13, 20: 2.09, 24: 2.07, 30: 2.05}
    tv = t.get(len(logs), 2.0 if len(logs) > 30 else 2.3)
    print(f"req/s ratio, geometric mean of {len(logs)} pairs: {math.exp(m):.4f}, 95 % interval {math.exp(m - tv * se):.4f}..{math.exp(m + tv * se):.4f}")
print(f"p99 ms without: {' '.join(f'{r[1]:.1f}' for r in wo)}; with: {' '.join(f'{r[1]:.1f}' for r in wi)}; "
      f"p99 ratio per pair: {' '.join(f'{x:.3f}' for x in pratios)}; median {statistics.median(pratios):.3f}")
wo3 = [float(r[3]) for r in rows if r[0] == 'without']
wi3 = [float(r[3]) for r in rows if r[0] == 'with']
cratios = [b / a for a, b in zip(wo3, wi3)]
print(f"lab CPU s per 1,000 requests without: {' '.join(f'{x:.4f}' for x in wo3)}; with: {' '.join(f'{x:.4f}' for x in wi3)}; "
      f"ratio per pair: {' '.join(f'{x:.3f}' for x in cratios)}; median {statistics.median(cratios):.3f}")
ws = [float(r[4]) for r in rows if r[0] == 'with']
print(f"{s}'s own CPU during each {os.environ.get('SECONDS_PER_RUN', '?')} s load: {' '.join(f'{x:.2f}' for x in ws)} s; median {statistics.median(ws):.2f} s")
PY
fi

# 2. the stack capture's pause on a healthy lab with PARK extra threads
if [[ " $PARTS " == *" pause "* ]]; then
curl -sf -m 60 "$base/park/$PARK?seconds=120" >/dev/null
echo "stack capture pause: $(ls /proc/"$lab"/task | wc -l) threads in the lab, load -c 4 -r 200 on $ROUTE, 6 s windows"
window() { dotnet "$TOOL" load "$base/$ROUTE" -c 4 -r 200 -d 6s --format json >"$OUT/w.json"; }
show() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); l=d["latencyMs"]; print("p99 %.1f ms, max %.1f ms, late sends %s" % (l["p99"], l["max"], d.get("lateSends", "?")))' "$OUT/w.json"; }
window # warm-up
for pair in $(seq "$PAIRS"); do
  window; echo "  without capture: $(show)"
  window & loader=$!
  sleep 1.5
  t0=$(date +%s.%N); POOLDOCTOR_TIMING=1 dotnet "$TOOL" stacks -p "$lab" --duration 1s --format json >/dev/null 2>"$OUT/timing.txt" || true; t1=$(date +%s.%N)
  wait "$loader"
  echo "  with stacks --duration 1s ($(echo "$t1 - $t0" | bc) s wall; $(grep -o 'attach+record [0-9.]* s' "$OUT/timing.txt")): $(show)"
done
curl -sf -m 10 "$base/park/release" >/dev/null
fi
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
