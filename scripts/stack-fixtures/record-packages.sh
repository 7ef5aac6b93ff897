#!/usr/bin/env bash
# Records tests/PoolDoctor.Tests/fixtures/packages: the ShopKit packages packed into a local folder feed, the
# PackagedShop app restored from it (its deps.json says "package") and built in Release, a Redis on a loopback port,
# then per route: 125 connections for 20 s, a 1 s `stacks` capture DELAY_S (default 5) seconds in. WARM_S (default 0)
# first loads the route WARM_S seconds at 4 connections, so its hot code is tier-1 as in a service that has run for a
# while (the captures are then named NAME-warmed). Build the tool first (`dotnet build PoolDoctor.slnx -c Release`).
# Run under the shared lock:
#   flock /tmp/pooldoctor-load.lock scripts/stack-fixtures/record-packages.sh OUT_DIR [DELAY_S] [WARM_S]
set -euo pipefail
OUT=$1; DELAY=${2:-5}; WARM=${3:-0}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
APPS="$ROOT/tests/apps/packaged"
WORK=$(mktemp -d /tmp/pooldoctor-packages.XXXXXX)
FEED="$WORK/feed"
mkdir -p "$FEED" "$OUT"
dotnet pack "$APPS/ShopKit.RedisWindow" -c Release -o "$FEED" > "$WORK/pack.log"
dotnet pack "$APPS/ShopKit.AuditLog" -c Release -o "$FEED" >> "$WORK/pack.log"
# A private packages folder: the feed's 1.0.0 must not be served from an older copy in the global cache.
dotnet build "$APPS/PackagedShop" -c Release -o "$WORK/app" -p:RestoreAdditionalProjectSources="$FEED" \
  -p:RestorePackagesPath="$WORK/packages" > "$WORK/build.log"
REDIS_PORT=$((20000 + RANDOM % 20000)); PORT=$((20000 + RANDOM % 20000)); COLLECTOR_PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no > "$WORK/redis.log" 2>&1 &
REDIS=$!
# The audit sink's collector: a remote service answering in 20 ms (threaded, so it is not the bottleneck).
python3 -c '
import http.server, socketserver, sys, time
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0))); time.sleep(0.02)
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()' "$COLLECTOR_PORT" > "$WORK/collector.log" 2>&1 &
COLLECTOR=$!
APP=; LOAD=
cleanup() { [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null; [ -n "$APP" ] && kill "$APP" 2>/dev/null; kill "$REDIS" "$COLLECTOR" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT
sleep 0.5
record() { # route name
  (cd "$WORK/app" && exec dotnet PackagedShop.dll --urls "$BASE" --Redis "127.0.0.1:$REDIS_PORT" --Audit:Collector "http://127.0.0.1:$COLLECTOR_PORT/collect") > "$WORK/app.log" 2>&1 &
  APP=$!
  for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
  curl -s -m 10 -o /dev/null "$BASE$1" # one request first, as a deployed service has had: the limiter's partition exists
  if [ "$WARM" -gt 0 ]; then
    timeout $((WARM + 30)) dotnet "$TOOL" load "$BASE$1" -c 4 -d "${WARM}s" > "$OUT/$2.warm.txt" 2>&1
  fi
  timeout 60 dotnet "$TOOL" load "$BASE$1" -c 125 -d 20s > "$OUT/$2.load.txt" 2>&1 &
  LOAD=$!
  sleep "$DELAY"
  timeout 120 dotnet "$TOOL" stacks -p "$APP" --duration 1s --output "$OUT/$2.nettrace" > "$OUT/$2.stacks.txt" 2>&1 || true
  wait "$LOAD" || true; LOAD=
  kill "$APP"; wait "$APP" 2>/dev/null || true; APP=
  gzip -9f "$OUT/$2.nettrace"
  echo "recorded $2 ($(date -u +%FT%TZ), load $BASE$1)"
}
SUFFIX=; [ "$WARM" -gt 0 ] && SUFFIX=-warmed
record /orders/42 "redis-window$SUFFIX"
record /audited/orders/42 "audit-log$SUFFIX"
cp "$WORK/app/PackagedShop.deps.json" "$OUT/"
echo "feed and app in $WORK"
