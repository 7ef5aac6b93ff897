#!/usr/bin/env bash
# Records tests/PoolDoctor.Tests/fixtures/packages/order-store*: ShopKit.OrderStore (a repository over Npgsql whose
# GetTotal uses the driver's sync API) packed into a local folder feed, the PackagedOrders app restored from it (its
# deps.json says "package") and built in Release, against the PostgreSQL of POOLDOCTOR_TEST_DB; then 125 connections
# on /orders/42/total for 20 s and a 1 s `stacks` capture DELAY_S (default 5) seconds in. WARM_S (default 0) first
# loads the route WARM_S seconds at 4 connections (tier-1 code; the capture is then order-store-warmed). The app's
# assembly, PDB and deps.json are copied to OUT/orders-app. Build the tool first. Run under the shared lock:
#   flock /tmp/pooldoctor-load.lock scripts/stack-fixtures/record-package-db.sh OUT_DIR [DELAY_S] [WARM_S]
set -euo pipefail
OUT=$1; DELAY=${2:-5}; WARM=${3:-0}
: "${POOLDOCTOR_TEST_DB:?set POOLDOCTOR_TEST_DB to the connection string of the test PostgreSQL}"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
APPS="$ROOT/tests/apps/packaged"
WORK=$(mktemp -d /tmp/pooldoctor-package-db.XXXXXX)
FEED="$WORK/feed"
mkdir -p "$FEED" "$OUT/orders-app"
dotnet pack "$APPS/ShopKit.OrderStore" -c Release -o "$FEED" > "$WORK/pack.log"
# A private packages folder: the feed's 1.0.0 must not be served from an older copy in the global cache.
dotnet build "$APPS/PackagedOrders" -c Release -o "$WORK/app" -p:RestoreAdditionalProjectSources="$FEED" \
  -p:RestorePackagesPath="$WORK/packages" > "$WORK/build.log"
PORT=$((20000 + RANDOM % 20000)); BASE="http://127.0.0.1:$PORT"; ROUTE=/orders/42/total
APP=; LOAD=
cleanup() { [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null; [ -n "$APP" ] && kill "$APP" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT
NAME=order-store; [ "$WARM" -gt 0 ] && NAME=order-store-warmed
(cd "$WORK/app" && exec dotnet PackagedOrders.dll --urls "$BASE" --Db "$POOLDOCTOR_TEST_DB") > "$WORK/app.log" 2>&1 &
APP=$!
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
curl -s -m 10 -o /dev/null "$BASE$ROUTE" # one request first, as a deployed service has had
if [ "$WARM" -gt 0 ]; then
  timeout $((WARM + 30)) dotnet "$TOOL" load "$BASE$ROUTE" -c 4 -d "${WARM}s" > "$OUT/$NAME.warm.txt" 2>&1
fi
timeout 60 dotnet "$TOOL" load "$BASE$ROUTE" -c 125 -d 20s > "$OUT/$NAME.load.txt" 2>&1 &
LOAD=$!
sleep "$DELAY"
timeout 120 dotnet "$TOOL" stacks -p "$APP" --duration 1s --output "$OUT/$NAME.nettrace" > "$OUT/$NAME.stacks.txt" 2>&1 || true
wait "$LOAD" || true; LOAD=
kill "$APP"; wait "$APP" 2>/dev/null || true; APP=
gzip -9f "$OUT/$NAME.nettrace"
cp "$WORK/app/PackagedOrders.dll" "$WORK/app/PackagedOrders.pdb" "$WORK/app/PackagedOrders.deps.json" "$OUT/orders-app/"
echo "recorded $NAME ($(date -u +%FT%TZ), load $BASE$ROUTE); feed and app in $WORK"
