#!/usr/bin/env bash
# Records one culprit-analyzer fixture: starts the lab, loads ROUTE with 125 connections, samples 3 s of stacks
# (sample profiler + WaitHandle/Contention/TPL wait events) with dotnet-trace after WARM seconds, converts to JSON.
#   scripts/stack-fixtures/record.sh ROUTE NAME [CONNECTION_STRING]
#   e.g. record.sh db/sync db-sync-postgres "$POOLDOCTOR_TEST_DB"; LABENV=DOTNET_ThreadPool_ForceMinWorkerThreads=0x10 record.sh lock lock-min16
# Output: tests/PoolDoctor.Tests/fixtures/stacks/snapshots/NAME.json
set -euo pipefail
ROUTE=$1; NAME=$2; DB=${3:-}
WARM=${WARM:-10}
LABENV=${LABENV:-POOLDOCTOR_RECORDING=1}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/tests/PoolDoctor.Tests/fixtures/stacks/snapshots"
WORK=$(mktemp -d)
TRACE_TOOL=${DOTNET_TRACE:-$HOME/.dotnet/tools/dotnet-trace}
PORT=$((20000 + RANDOM % 20000))
URL="http://127.0.0.1:$PORT/api/diagscenario/$ROUTE"

dotnet build "$ROOT/src/PoolDoctor" -v q -o "$WORK/tool" > /dev/null
dotnet build "$ROOT/scripts/stack-fixtures/StackFixtureRecorder" -v q -o "$WORK/recorder" > /dev/null

ARGS=(lab --urls "http://127.0.0.1:$PORT")
[ -n "$DB" ] && ARGS+=(--db "$DB")
env "$LABENV" dotnet "$WORK/tool/dotnet-pooldoctor.dll" "${ARGS[@]}" > "$WORK/lab.log" 2>&1 &
LAB=$!
trap 'kill $LAB 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 60); do curl -s -m 2 -o /dev/null "http://127.0.0.1:$PORT/api/diagscenario/hello" && break; sleep 0.5; done

timeout 40 dotnet "$WORK/recorder/StackFixtureRecorder.dll" load "$URL" 125 $((WARM + 15)) > "$WORK/load.log" 2>&1 &
LOAD=$!
sleep "$WARM"
"$TRACE_TOOL" collect -p "$LAB" --duration 00:00:03 -o "$WORK/$NAME.nettrace" \
  --providers "Microsoft-DotNETCore-SampleProfiler,Microsoft-Windows-DotNETRuntime:0x40040004018:5,System.Threading.Tasks.TplEventSource:0x2:5" > /dev/null
kill $LOAD 2>/dev/null || true
wait $LOAD 2>/dev/null || true
mkdir -p "$OUT"
dotnet "$WORK/recorder/StackFixtureRecorder.dll" convert "$WORK/$NAME.nettrace" "$OUT/$NAME.json"
