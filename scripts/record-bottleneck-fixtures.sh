#!/usr/bin/env bash
# Records the bottleneck fixtures: tests/apps/Bottleneck (a user-style minimal API, Release) where requests wait
# synchronously behind a single-worker queue, a SemaphoreSlim or a BlockingCollection. For each variant and run: a
# fresh app, `counters --format json` for RECORD seconds, `load` with 125 connections from LOAD_DELAY seconds in.
# Output: tests/PoolDoctor.Tests/fixtures/counters/bottleneck/<variant>-<run>.jsonl (or $OUT)
# Usage: scripts/record-bottleneck-fixtures.sh [runs] [variant...]   variants: mres monitor semaphore pool
set -euo pipefail
cd "$(dirname "$0")/.."
TOOL=${TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
APP=tests/apps/Bottleneck/bin/Release/net10.0/Bottleneck.dll
OUT=${OUT:-tests/PoolDoctor.Tests/fixtures/counters/bottleneck}
RECORD=${RECORD:-16}
LOAD_DELAY=${LOAD_DELAY:-3}
LOAD_SECONDS=${LOAD_SECONDS:-12}
RUNS=${1:-2}
shift || true
mkdir -p "$OUT"
[ -f "$TOOL" ] || dotnet build -c Release src/PoolDoctor >/dev/null
dotnet build -c Release tests/apps/Bottleneck >/dev/null

record() { # VARIANT RUN
  local variant=$1 run=$2 port=$((20000 + RANDOM % 20000)) log
  log=$(mktemp)
  dotnet "$APP" --urls "http://127.0.0.1:$port" >"$log" 2>&1 &
  local app=$!
  trap 'kill "$app" 2>/dev/null || true' RETURN
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break; sleep 0.1; done
  dotnet "$TOOL" counters -p "$app" --format json --duration "${RECORD}s" >"$OUT/$variant-$run.jsonl" &
  local counters=$!
  sleep "$LOAD_DELAY"
  dotnet "$TOOL" load "http://127.0.0.1:$port/$variant/1" -c 125 -d "${LOAD_SECONDS}s" --timeout 5s >"$OUT/$variant-$run.load.txt" 2>&1 || true
  wait "$counters" || true
  kill "$app"; wait "$app" 2>/dev/null || true
  rm -f "$log"
  echo "$variant-$run: $(wc -l <"$OUT/$variant-$run.jsonl") intervals; $(grep -m1 -i 'req/s\|requests' "$OUT/$variant-$run.load.txt" || true)"
}

variants=("${@:-mres monitor semaphore pool}")
for run in $(seq "$RUNS"); do
  for v in ${variants[*]}; do record "$v" "$run"; done
done
