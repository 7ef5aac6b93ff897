#!/usr/bin/env bash
# Records the detector's fixtures: for each scenario a fresh lab, `counters --format json` for RECORD seconds,
# and loopback load on one route starting LOAD_DELAY seconds in. Output: tests/PoolDoctor.Tests/fixtures/counters/load-verb/*.jsonl (or $OUT)
# Usage: scripts/record-counter-fixtures.sh [scenario...]   (LOADER="cmd URL CONNS SECONDS" overrides the load tool;
#   LAB_ENV="NAME=VALUE ..." sets the lab's environment only, as a user configures the runtime, e.g.
#   LAB_ENV=DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C for MinThreads 300: the runtime reads the value as hex;
#   PREFIX names the files PREFIX<scenario>.jsonl)
set -euo pipefail
cd "$(dirname "$0")/.."
TOOL=${TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
OUT=${OUT:-tests/PoolDoctor.Tests/fixtures/counters/load-verb}
RECORD=${RECORD:-20}
LOAD_DELAY=${LOAD_DELAY:-4}
LOAD_SECONDS=${LOAD_SECONDS:-14}
mkdir -p "$OUT"
[ -f "$TOOL" ] || dotnet build -c Release src/PoolDoctor >/dev/null

load() { # URL CONNECTIONS SECONDS
  if [ -n "${LOADER:-}" ]; then $LOADER "$1" "$2" "$3"; else dotnet "$TOOL" load "$1" -c "$2" -d "${3}s"; fi
}

record() { # NAME ROUTE CONNECTIONS
  local name=$1 route=$2 conns=$3 port=$((20000 + RANDOM % 20000))
  env ${LAB_ENV:-} dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >/tmp/fixture-lab.log 2>&1 &
  local lab=$!
  for _ in $(seq 50); do grep -q "listening" /tmp/fixture-lab.log && break; sleep 0.2; done
  dotnet "$TOOL" counters -p "$lab" --format json --duration "${RECORD}s" >"$OUT/${PREFIX:-}$name.jsonl" &
  local counters=$!
  if [ "$route" != "-" ]; then
    sleep "$LOAD_DELAY"
    load "http://127.0.0.1:$port/api/diagscenario/$route" "$conns" "$LOAD_SECONDS" || true
  fi
  wait "$counters" || true
  kill "$lab"; wait "$lab" 2>/dev/null || true
  echo "$name: $(wc -l <"$OUT/${PREFIX:-}$name.jsonl") intervals"
}

declare -A ROUTES=([idle]="- 0" [taskasyncwait]="taskasyncwait 125" [taskwait]="taskwait 125" [tasksleepwait]="tasksleepwait 125"
  [db-sync]="db/sync 125" [lock]="lock 125" [cpu]="cpu/200 16" [hello]="hello 125" [db-async]="db/async 125")
for name in "${@:-idle taskasyncwait taskwait tasksleepwait db-sync lock cpu}"; do
  for n in $name; do read -r route conns <<<"${ROUTES[$n]}"; record "$n" "$route" "$conns"; done
done
