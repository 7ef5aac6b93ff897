#!/usr/bin/env bash
# Overhead of `counters`: taskasyncwait req/s (125 connections) without and with `counters` attached, alternated
# PAIRS times in one run against one lab. Goal: <= 1 % loss. Usage: bench/overhead.sh [PAIRS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-5}
SECONDS_PER_RUN=${2:-10}
ROUTE=${ROUTE:-taskasyncwait}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
dotnet build -c Release src/PoolDoctor >/dev/null
port=$((30000 + RANDOM % 20000))
dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >/tmp/overhead-lab.log 2>&1 &
lab=$!
trap 'kill $lab 2>/dev/null || true' EXIT
for _ in $(seq 600); do grep -q listening /tmp/overhead-lab.log && break; sleep 0.1; done
grep -q listening /tmp/overhead-lab.log || { echo "the lab did not start"; cat /tmp/overhead-lab.log; exit 1; }
url="http://127.0.0.1:$port/api/diagscenario/$ROUTE"
measure() { dotnet "$TOOL" load "$url" -c 125 -d "${SECONDS_PER_RUN}s" --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["rps"]["overall"], d["latencyMs"]["p99"])'; }
measure >/dev/null # warm-up: JIT, connections, thread pool
for pair in $(seq "$PAIRS"); do
  echo "without $(measure)"
  dotnet "$TOOL" counters -p "$lab" --format json >/dev/null &
  counters=$!
  sleep 2
  echo "with $(measure)"
  kill -TERM "$counters"; wait "$counters" || true  # SIGTERM: background jobs of a script ignore SIGINT
done | tee /tmp/overhead-runs.txt
python3 - <<'PY'
import statistics
rows = [l.split() for l in open('/tmp/overhead-runs.txt') if l.strip()]
without = [float(r[1]) for r in rows if r[0] == 'without']
with_ = [float(r[1]) for r in rows if r[0] == 'with']
p99w = [float(r[2]) for r in rows if r[0] == 'without']; p99c = [float(r[2]) for r in rows if r[0] == 'with']
mw, mc = statistics.median(without), statistics.median(with_)
print(f"median req/s without counters: {mw:.1f}  with counters: {mc:.1f}  ratio with/without: {mc/mw:.4f}  loss: {(1-mc/mw)*100:.2f} %")
print(f"median p99 latency ms without: {statistics.median(p99w):.1f}  with: {statistics.median(p99c):.1f}")
PY
