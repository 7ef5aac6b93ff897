#!/usr/bin/env bash
# Records the tests/apps/FilterShop capture for tests/PoolDoctor.Tests/fixtures/packages (filter-loop.nettrace.gz,
# filtershop-app/) with the tool built in this tree (`dotnet build src/PoolDoctor -c Release` first; the script builds
# the app): scripts/stack-fixtures/record-filtershop.sh OUT_DIR [WARM_S] [CONNECTIONS]
# The app starts (its hosted service takes one pool thread for its Thread.Sleep polling loop), `/orders/{id}` is warmed
# WARM_S seconds (default 0) at 4 connections, then CONNECTIONS (default 125) connections load it for 40 s and
# `diagnose -p` attaches ATTACH_AFTER_S (default 5) seconds into that load; `before`: diagnose attaches
# first and the load starts 7 s later, so the capture on the early sign sees the pool's first few threads. OUT_DIR gets diagnose's folder (report.json with its counter series,
# capture.nettrace) and the app's assembly, PDB and deps.json (the symbols the tests read). Every process it starts is
# killed at the end. Run it under the shared load lock.
set -euo pipefail
OUT=$1; WARM=${2:-0}; CONNECTIONS=${3:-125}; ATTACH_AFTER=${4:-5}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
APP="$ROOT/tests/apps/FilterShop/bin/Release/net10.0"
PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
mkdir -p "$OUT"
dotnet build "$ROOT/tests/apps/FilterShop/FilterShop.csproj" -c Release > /dev/null
dotnet "$APP/FilterShop.dll" --urls "$BASE" > /dev/null 2>&1 &
APP_PID=$!
LOADS=()
cleanup() { for l in "${LOADS[@]}"; do kill "$l" 2>/dev/null || true; done; kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
if [ "$WARM" -gt 0 ]; then
  dotnet "$TOOL" load "$BASE/orders/42" -c 4 -d "${WARM}s" > "$OUT/warm.load.txt" 2>&1 || true
fi
DIAGNOSE=(timeout 120 dotnet "$TOOL" diagnose -p "$APP_PID" --duration 30s --output "$OUT/diagnose")
if [ "$ATTACH_AFTER" = "before" ]; then
  # Attached before the load: the capture taken at attach finds nothing blocked and is dropped, and the one taken on
  # the early sign sees the pool's first threads as the load arrives.
  "${DIAGNOSE[@]}" > "$OUT/diagnose.txt" 2>&1 &
  DIAG_PID=$!
  for _ in $(seq 1 120); do grep -q Diagnosing "$OUT/diagnose.txt" 2>/dev/null && break; sleep 0.5; done
  sleep 7
  dotnet "$TOOL" load "$BASE/orders/42" -c "$CONNECTIONS" -d 40s > "$OUT/load.txt" 2>&1 &
  LOADS=($!)
  wait "$DIAG_PID" || true
else
  dotnet "$TOOL" load "$BASE/orders/42" -c "$CONNECTIONS" -d 40s > "$OUT/load.txt" 2>&1 &
  LOADS=($!)
  sleep "$ATTACH_AFTER"
  "${DIAGNOSE[@]}" > "$OUT/diagnose.txt" 2>&1 || true
fi
wait "${LOADS[@]}" || true
LOADS=()
echo "recorded $OUT/diagnose ($(date -u +%FT%TZ), app pid $APP_PID, $CONNECTIONS connections to $BASE/orders/42)"
cp "$APP/FilterShop.dll" "$APP/FilterShop.pdb" "$APP/FilterShop.deps.json" "$OUT/"
