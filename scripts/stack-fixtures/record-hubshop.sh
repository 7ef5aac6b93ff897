#!/usr/bin/env bash
# Records the tests/apps/HubShop capture for tests/PoolDoctor.Tests/fixtures/packages (hub-method-warmed.nettrace.gz,
# hubshop-app/) with the tool built in this tree (`dotnet build src/PoolDoctor -c Release` first; the script builds the
# app and its client): scripts/stack-fixtures/record-hubshop.sh OUT_DIR [WARM_S] [CONNECTIONS]
# The hub is warmed WARM_S seconds (default 35) by 4 client connections invoking GetStock (.Result) and GetReserved
# (await) in turn, so both are tier-1 code, as in a service that has run for a while; then CONNECTIONS (default 64)
# connections do the same for 40 s, and `diagnose -p` attaches 5 s into that load. OUT_DIR gets diagnose's folder
# (report.json with its counter series, capture.nettrace) and the app's assembly, PDB and deps.json (the symbols the
# tests read). Every process it starts is killed at the end. Run it under the shared load lock.
set -euo pipefail
OUT=$1; WARM=${2:-35}; CONNECTIONS=${3:-64}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
APP="$ROOT/tests/apps/HubShop/bin/Release/net10.0"
CLIENT="$ROOT/tests/apps/HubShopClient/bin/Release/net10.0/HubShopClient.dll"
PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
mkdir -p "$OUT"
dotnet build "$ROOT/tests/apps/HubShop/HubShop.csproj" -c Release > /dev/null
dotnet build "$ROOT/tests/apps/HubShopClient/HubShopClient.csproj" -c Release > /dev/null
dotnet "$APP/HubShop.dll" --urls "$BASE" > /dev/null 2>&1 &
APP_PID=$!
LOADS=()
cleanup() { for l in "${LOADS[@]}"; do kill "$l" 2>/dev/null || true; done; kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
timeout $((WARM + 30)) dotnet "$CLIENT" "$BASE/hubs/inventory" 4 "$WARM" 100000 > "$OUT/warm.client.txt" 2>&1 || true
timeout 90 dotnet "$CLIENT" "$BASE/hubs/inventory" "$CONNECTIONS" 40 100000 > "$OUT/load.client.txt" 2>&1 &
LOADS=($!)
sleep 5
timeout 120 dotnet "$TOOL" diagnose -p "$APP_PID" --duration 30s --output "$OUT/diagnose" > "$OUT/diagnose.txt" 2>&1 || true
wait "${LOADS[@]}" || true
LOADS=()
echo "recorded $OUT/diagnose ($(date -u +%FT%TZ), app pid $APP_PID, $CONNECTIONS connections to $BASE/hubs/inventory)"
cp "$APP/HubShop.dll" "$APP/HubShop.pdb" "$APP/HubShop.deps.json" "$OUT/"
