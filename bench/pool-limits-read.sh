#!/usr/bin/env bash
# What reading the pool's bounds from a target's memory (LivePoolLimits: ClrMD, suspend: false, as diagnose does once
# at the watch's start) costs the target, by hand (not in CI). The lab serves ROUTE at a fixed RATE (open model, so
# both arms serve the same work) for WINDOW seconds per arm; in the `read` arm bench/LimitsRead reads the bounds every
# INTERVAL seconds the whole window (far more often than diagnose's one read), in the `none` arm nothing reads. Arms
# alternate for ROUNDS rounds. Prints per window: the lab's CPU ms per 1,000 requests, the load's p50/p99 latency, and
# for the read arm the reads' wall times (the tool's side).
# Usage: bench/pool-limits-read.sh [ROUNDS=3] [WINDOW=10]   env: ROUTE=hello RATE=500 CONNS=20 INTERVAL=1
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}; WINDOW=${2:-10}
ROUTE=${ROUTE:-hello}; RATE=${RATE:-500}; CONNS=${CONNS:-20}; INTERVAL=${INTERVAL:-1}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
READER=bench/LimitsRead/bin/Release/net10.0/LimitsRead.dll
OUT=$(mktemp -d /tmp/pooldoctor-limits-read-XXXXXX)
dotnet build -c Release bench/LimitsRead -v q -nologo >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab.log" 2>&1 &
launcher=$!
cleanup() { kill "$launcher" 2>/dev/null || true; if [ -n "${lab:-}" ]; then kill "$lab" 2>/dev/null || true; fi; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
url="http://127.0.0.1:$port/api/diagscenario/$ROUTE"
echo "machine: $(nproc) cores, $(uname -sr), .NET $(dotnet --version); date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD)"
echo "route $ROUTE at $RATE req/s (-c $CONNS), $WINDOW s windows, a read every $INTERVAL s in the read arm, load average $(cut -d' ' -f1-3 /proc/loadavg)"
cpu_of() { awk '{print ($14+$15)*10}' "/proc/$1/stat"; }
window() { # ARM
  local c0 c1 reader=""
  c0=$(cpu_of "$lab")
  if [ "$1" = read ]; then dotnet "$READER" "$lab" "$WINDOW" "$INTERVAL" >"$OUT/reads.txt" & reader=$!; fi
  dotnet "$TOOL" load "$url" -c "$CONNS" -r "$RATE" -d "${WINDOW}s" --format json >"$OUT/m.json"
  if [ -n "$reader" ]; then wait "$reader"; fi
  c1=$(cpu_of "$lab")
  python3 - "$1" "$c0" "$c1" "$OUT/m.json" "$OUT/reads.txt" <<'PY'
import json, sys, statistics
arm, c0, c1, m, reads = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), json.load(open(sys.argv[4])), sys.argv[5]
req = max(1, m.get("requests", 0))
lat = m.get("latencyMs", {})
line = f"{arm:5} lab CPU {1000 * (c1 - c0) / req:7.1f} ms/1000 req, requests {req}, p50 {lat.get('p50', float('nan')):.2f} ms, p99 {lat.get('p99', float('nan')):.2f} ms"
if arm == "read":
    rows = [l.split() for l in open(reads)]
    ok = [float(r[1]) for r in rows if r[0] == "read"]
    line += f"; reads {len(ok)}/{len(rows)} ok, wall median {statistics.median(ok) if ok else float('nan'):.0f} ms, max {max(ok) if ok else float('nan'):.0f} ms, bounds {rows[0][2:4] if ok else rows[:1]}"
print(line)
PY
  rm -f "$OUT/reads.txt"; touch "$OUT/reads.txt"
}
touch "$OUT/reads.txt"
dotnet "$TOOL" load "$url" -c "$CONNS" -r "$RATE" -d 3s >/dev/null # warm up
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then window none; window read; else window read; window none; fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
