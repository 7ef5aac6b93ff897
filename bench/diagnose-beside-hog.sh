#!/usr/bin/env bash
# A corpus row by hand with busy loops beside it: `diagnose --load` on one lab route (125 connections, D s, as
# CorpusCases does) while HOG busy loops per core (each pinned to its core, ended after the run) hold the 2 cores.
# Prints the verdict, its rule, and the evidence lines about runnable threads and the run queue; a
# run-queue-held-elsewhere line means the runnable form of cpu-saturated would have fired without schedstat.
# REPORT=FILE keeps report.json.
# Usage (under the load lock): flock /tmp/pooldoctor-load.lock bench/diagnose-beside-hog.sh ROUTE [SECONDS=8]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUTE=$1; D=${2:-8}; HOG=${HOG:-2}
TOOL=$PWD/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
OUT=$(mktemp -d /tmp/pooldoctor-hogdiag-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$OUT"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
grpc=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
echo "machine: $(nproc) cores, $(uname -sr); date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD); route $ROUTE, $HOG busy loop(s) per core, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq 1 "$HOG"); do
  for c in $(seq 0 $(( $(nproc) - 1 ))); do
    taskset -c "$c" timeout $(( D + 40 )) sh -c 'while :; do :; done' &
    pids+=($!)
  done
done
dotnet "$TOOL" diagnose --load "http://127.0.0.1:$port/api/diagscenario/$ROUTE" -c 125 -d "${D}s" --output "$OUT" -- \
  dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" --grpc-urls "http://127.0.0.1:$grpc" >"$OUT/diagnose.log" 2>&1 || true
[ -n "${REPORT:-}" ] && cp "$OUT/report.json" "$REPORT"
python3 - "$OUT/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"verdict {r['verdict']} ({r['rule']}) at {r.get('verdictAtSeconds')} s")
for item, line in zip(r.get("evidenceItems", []), r.get("evidence", [])):
    if item["kind"] in ("run-queue-held-elsewhere", "pool-threads-run", "runnable-threads", "cpu-held-elsewhere", "pool-computes"):
        print("  " + line)
held = sum(1 for s in r.get("samples", []) if s.get("workerScheduling"))
print(f"  samples with workerScheduling: {held} of {len(r.get('samples', []))}")
PY
