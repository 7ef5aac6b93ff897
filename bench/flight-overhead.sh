#!/usr/bin/env bash
# The flight recorder's cost, by hand (not in CI): one lab, a warm-up load, then PAIRS pairs of arms on ROUTE (default
# `hello`, CPU-bound), each arm a fresh `watch -p LAB` (arm "watch") or `watch -p LAB --flight-recorder 30s` (arm
# "flight") attached, LEAD (15) s of the same load first (a watch beside traffic in its steady state), then the measured
# `load -c 125 -d SECONDS`; the order alternates (ABBA). Prints per arm req/s, p99, the lab's CPU seconds per 1,000
# requests (steadier than req/s on a shared box; it holds what the recorder's events cost inside the target) and the
# watch's own CPU, then the flight/watch ratios per pair and their medians.
# Usage: bench/flight-overhead.sh [PAIRS=4] [SECONDS=10]   env: ROUTE=hello LEAD=15 WARMUP=40 WINDOW=30s
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-4}
SECONDS_PER_RUN=${2:-10}
ROUTE=${ROUTE:-hello}
LEAD=${LEAD:-15}
WINDOW=${WINDOW:-30s}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
OUT=$(mktemp -d /tmp/pooldoctor-flight-XXXXXX)
dotnet build -c Release src/PoolDoctor -v q -nologo >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab.log" 2>&1 &
launcher=$!
watcher=""; lab=""
cleanup() { if [ -n "$watcher" ]; then kill "$watcher" 2>/dev/null || true; fi; kill "$launcher" 2>/dev/null || true; if [ -n "$lab" ]; then kill "$lab" 2>/dev/null || true; fi; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
grep -q "listening on" "$OUT/lab.log" || { echo "the lab did not start"; cat "$OUT/lab.log"; exit 1; }
lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
url="http://127.0.0.1:$port/api/diagscenario/$ROUTE"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr), .NET $(dotnet --version)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
cpu_of() { awk '{print ($14+$15)/100}' "/proc/$1/stat" 2>/dev/null || echo 0; }
dotnet "$TOOL" load "$url" -c 125 -d "${WARMUP:-40}s" >/dev/null 2>&1
arm() {
  local name=$1; shift
  dotnet "$TOOL" watch -p "$lab" --reports "$OUT/r-$name" "$@" >"$OUT/watch.log" 2>&1 & watcher=$!
  dotnet "$TOOL" load "$url" -c 125 -d "${LEAD}s" >/dev/null 2>&1
  local l0 w0 l1 w1
  l0=$(cpu_of "$lab"); w0=$(cpu_of "$watcher")
  dotnet "$TOOL" load "$url" -c 125 -d "${SECONDS_PER_RUN}s" --format json >"$OUT/m.json"
  l1=$(cpu_of "$lab"); w1=$(cpu_of "$watcher")
  kill -TERM "$watcher"; wait "$watcher" || true; watcher=""
  grep -q "flight recorder:.*off\|not recorded" "$OUT/watch.log" && echo "note: $(grep -m1 'flight recorder:' "$OUT/watch.log")" >&2
  python3 -c 'import json,sys; d=json.load(open(sys.argv[2])); l=float(sys.argv[4])-float(sys.argv[3]); w=float(sys.argv[6])-float(sys.argv[5]); print(sys.argv[1], d["rps"]["overall"], d["latencyMs"]["p99"], round(1000*l/max(1,d["requests"]),4), round(w,2), sys.argv[7])' \
    "$name" "$OUT/m.json" "$l0" "$l1" "$w0" "$w1" "$(cut -d' ' -f1 /proc/loadavg)"
}
for pair in $(seq "$PAIRS"); do
  if (( pair % 2 )); then arm watch; arm flight --flight-recorder "$WINDOW"; else arm flight --flight-recorder "$WINDOW"; arm watch; fi
done | tee "$OUT/runs.txt"
python3 - "$OUT/runs.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
a = [r for r in rows if r[0] == 'watch']; b = [r for r in rows if r[0] == 'flight']
col = lambda rs, i: [float(r[i]) for r in rs]
for name, i in (("req/s", 1), ("p99 ms", 2), ("lab CPU s per 1,000 requests", 3), ("watch's own CPU s per window", 4)):
    ratios = [y / x for x, y in zip(col(a, i), col(b, i)) if x > 0]
    print(f"{name}: watch {' '.join(f'{x:g}' for x in col(a, i))}; flight {' '.join(f'{x:g}' for x in col(b, i))}; "
          f"flight/watch per pair {' '.join(f'{x:.3f}' for x in ratios)}; median {statistics.median(ratios):.3f}")
PY
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
