#!/usr/bin/env bash
# Records the quota-limiter fixtures (tests/PoolDoctor.Tests/fixtures/packages/quota-limiter*, and its report.json for
# tests/PoolDoctor.Fix.Tests/fixtures): tests/apps/packaged/ShopKit.QuotaLimiter packed with `dotnet pack` into a
# folder feed, tests/apps/packaged/QuotaShop restored from it (its deps.json says "package") and built in Release, a
# threaded quota service on a loopback port answering "1" after 20 ms; the app started alone, one request, WARM_S
# (default 0) seconds at 4 connections, then `diagnose -p PID --load ... -c 125` (the report, its capture.nettrace).
# Build the tool first (`dotnet build src/PoolDoctor -c Release`). Run under the shared lock:
#   flock /tmp/pooldoctor-load.lock scripts/stack-fixtures/record-quota.sh OUT_DIR [WARM_S]
set -euo pipefail
OUT=$1; WARM=${2:-0}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
APPS="$ROOT/tests/apps/packaged"
WORK=$(mktemp -d /tmp/pooldoctor-quota.XXXXXX)
FEED="$WORK/feed"
mkdir -p "$FEED" "$OUT"
dotnet pack "$APPS/ShopKit.QuotaLimiter" -c Release -o "$FEED" > "$WORK/pack.log"
# A private packages folder: the feed's 1.0.0 must not be served from an older copy in the global cache.
dotnet build "$APPS/QuotaShop" -c Release -o "$WORK/app" -p:RestoreAdditionalProjectSources="$FEED" \
  -p:RestorePackagesPath="$WORK/packages" > "$WORK/build.log"
PORT=$((20000 + RANDOM % 20000)); QUOTA_PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
# The quota service: a remote answering in 20 ms (threaded, so it is not the bottleneck).
python3 -c '
import http.server, sys, time
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0))); time.sleep(0.02)
        self.send_response(200); self.send_header("Content-Length", "1"); self.end_headers(); self.wfile.write(b"1")
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()' "$QUOTA_PORT" > "$WORK/quota.log" 2>&1 &
QUOTA=$!
APP=
cleanup() { [ -n "$APP" ] && kill "$APP" 2>/dev/null; kill "$QUOTA" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT
(cd "$WORK/app" && exec dotnet QuotaShop.dll --urls "$BASE" --Quota "http://127.0.0.1:$QUOTA_PORT/") > "$WORK/app.log" 2>&1 &
APP=$!
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
curl -s -m 10 -o /dev/null "$BASE/orders/42" # one request first, as a deployed service has had: the partition exists
NAME=quota-limiter
if [ "$WARM" -gt 0 ]; then
  timeout $((WARM + 30)) dotnet "$TOOL" load "$BASE/orders/42" -c 4 -d "${WARM}s" > "$OUT/$NAME.warm.txt" 2>&1
  NAME=quota-limiter-warmed
fi
timeout 180 dotnet "$TOOL" diagnose -p "$APP" --load "$BASE/orders/42" -c 125 --duration 15s -o "$OUT/$NAME/report.json" \
  > "$OUT/$NAME.diagnose.txt" 2>&1 || true
kill "$APP"; wait "$APP" 2>/dev/null || true; APP=
mkdir -p "$OUT/$NAME-app"
cp "$WORK/app/QuotaShop.dll" "$WORK/app/QuotaShop.pdb" "$WORK/app/QuotaShop.deps.json" "$OUT/$NAME-app/"
echo "recorded $NAME ($(date -u +%FT%TZ), load $BASE/orders/42); feed and app in $WORK"
