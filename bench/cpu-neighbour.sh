#!/usr/bin/env bash
# What the counters and the verdict say about a lab route while other processes hold every core: starts the lab, one
# busy loop per core (each pinned to its core, ended after the run), 125 connections on the route, and `counters
# --format json` at 0.5 s; prints each sample's CPU, runnable workers, the workers' time on a CPU and in the run queue
# (schedstat, ms per second), queue and completions, and the verdict. HOG=0 runs the same without the busy loops,
# HOG=N runs N busy loops per core; KEEP=FILE keeps the counters' JSON lines (a detector fixture).
# Usage (under the load lock): flock /tmp/pooldoctor-load.lock bench/cpu-neighbour.sh ROUTE [SECONDS=12]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUTE=$1; SECONDS_RUN=${2:-12}; HOG=${HOG:-1}; CONNS=${CONNS:-125}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
OUT=$(mktemp -d /tmp/pooldoctor-neighbour-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$OUT"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
grpc=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" --grpc-urls "http://127.0.0.1:$grpc" >"$OUT/lab.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
echo "machine: $(nproc) cores, $(uname -sr); date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD); route $ROUTE, hog=$HOG, -c $CONNS, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq 1 "$HOG"); do
  for c in $(seq 0 $(( $(nproc) - 1 ))); do
    taskset -c "$c" timeout $(( SECONDS_RUN + 8 )) sh -c 'while :; do :; done' &
    pids+=($!)
  done
done
dotnet "$TOOL" load "http://127.0.0.1:$port/api/diagscenario/$ROUTE" -c "$CONNS" -d "$(( SECONDS_RUN + 2 ))s" >/dev/null 2>&1 &
pids+=($!)
dotnet "$TOOL" counters -p "$lab" --format json --refresh-interval 0.5 --duration "${SECONDS_RUN}s" >"$OUT/counters.jsonl" 2>"$OUT/counters.err" || true
[ -n "${KEEP:-}" ] && cp "$OUT/counters.jsonl" "$KEEP"
python3 - "$OUT/counters.jsonl" <<'PY'
import json, sys
print("t     cpu%  runnable  onCpu  runQ  slices  ms/slice  queue  done/s  verdict(rule)")
for line in open(sys.argv[1]):
    s = json.loads(line)
    w = s.get("workerScheduling") or {}
    on, rq, sl = w.get("onCpuMsPerSecond"), w.get("runQueueMsPerSecond"), w.get("timeslicesPerSecond")
    per = f"{on / sl:.2f}" if on is not None and sl else "-"
    v = s.get("verdict", {})
    print(f"{s['seconds']:5.1f} {s['cpuPercent']:5.1f} {s.get('runnableWorkers', '-'):>8} {on!s:>6} {rq!s:>5} {sl!s:>7} {per:>9} {s['queueLength']:6.0f} {s['completedPerSecond']:7.0f}  {v.get('kind', v) if isinstance(v, dict) else v}({v.get('rule', '') if isinstance(v, dict) else ''})")
PY
