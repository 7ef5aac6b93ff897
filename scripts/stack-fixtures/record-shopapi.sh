#!/usr/bin/env bash
# Records the tests/apps/ShopApi captures for tests/PoolDoctor.Tests/fixtures/shopapi with the tool built in this tree
# (`dotnet build PoolDoctor.slnx -c Release` first; the script builds the app): scripts/stack-fixtures/record-shopapi.sh OUT_DIR [WARM_S] [DURATION]
# The app runs from its Release build. All its blocking routes are loaded together for WARM_S seconds (default 35) so
# their code is tier-1, as in a service that has run for a while; then each route alone gets 125 connections, and a
# `stacks` session of DURATION (default 1s) starts 5 s into that load; its hosted service refreshes rates all along. The app's assembly, PDB and deps.json are copied beside the captures (the
# symbols the tests read). The app is always killed. Run it under the shared load lock.
set -euo pipefail
OUT=$1; WARM=${2:-35}; DURATION=${3:-1s}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
APP="$ROOT/tests/apps/ShopApi/bin/Release/net10.0"
PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
ROUTES=(/customers/42 /invoices/42 /products/expensive /orders/7 /stock/lamp /reports/monday)
NAMES=(customers invoices products orders stock reports)
mkdir -p "$OUT"
dotnet build "$ROOT/tests/apps/ShopApi/ShopApi.csproj" -c Release > /dev/null
dotnet "$APP/ShopApi.dll" --urls "$BASE" > /dev/null 2>&1 &
APP_PID=$!
LOADS=()
cleanup() { for l in "${LOADS[@]}"; do kill "$l" 2>/dev/null || true; done; kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
for r in "${ROUTES[@]}"; do
  timeout $((WARM + 20)) dotnet "$TOOL" load "$BASE$r" -c 32 -d "${WARM}s" > /dev/null 2>&1 &
  LOADS+=($!)
done
wait "${LOADS[@]}" || true
LOADS=()
for i in "${!ROUTES[@]}"; do
  timeout 60 dotnet "$TOOL" load "$BASE${ROUTES[$i]}" -c 125 -d 8s > /dev/null 2>&1 &
  LOADS=($!)
  sleep 5
  timeout 120 dotnet "$TOOL" stacks -p "$APP_PID" --duration "$DURATION" --output "$OUT/${NAMES[$i]}.nettrace" > "$OUT/${NAMES[$i]}.stacks.txt" 2>&1
  wait "${LOADS[@]}" || true
  LOADS=()
  echo "recorded $OUT/${NAMES[$i]}.nettrace ($(date -u +%FT%TZ), app pid $APP_PID, load $BASE${ROUTES[$i]})"
done
cp "$APP/ShopApi.dll" "$APP/ShopApi.pdb" "$APP/ShopApi.deps.json" "$OUT/"
