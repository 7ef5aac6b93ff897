#!/usr/bin/env bash
# The one-run accuracy table (issue 34, "docs/accuracy.md: one table from one run with the new rows"), by hand, not in
# CI: every request-pattern route of the lab in both hosts and its gRPC service (the routes `lab --list` prints), and
# the test apps written for issue 34 (FilterShop's filter beside a polling loop, HubShop's hub method, QuotaShop over
# ShopKit.QuotaLimiter, PaymentsApi's blocking POST), each in a fresh process, one after the other, each under
# `/tmp/pooldoctor-load.lock` (the lock other load runs on this machine take). Prints one markdown table: shape,
# expected culprit, named culprit, right/wrong, verdict, seconds to verdict (the tool's own clock from attach) and the
# wall seconds of the row.
#   Right: a blocking shape reads Starving or BlockingCompensated and its culprit #1 is the expected call site (and,
#   where the shape names one, #2); a healthy shape reads neither and names no culprit.
# Not here: the lab's timer and hosted-service routes (started by a request, diagnosed with -p: the corpus test in CI
# has them) and the DB routes against PostgreSQL (the lab's embedded simulated database is used).
# Usage: bench/accuracy-corpus.sh [OUT_DIR]   env: ONLY=REGEX (rows whose shape matches), DURATION=15s (each row's -d),
#        SKIP_BUILD=1 (the tool and the apps are already built in Release from this tree)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-$(mktemp -d /tmp/pooldoctor-accuracy-XXXXXX)}
ONLY=${ONLY:-.}
DURATION=${DURATION:-15s}
TOOL=$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
LOCK=/tmp/pooldoctor-load.lock
mkdir -p "$OUT"
ROWS=$OUT/rows.md
: > "$ROWS"

build() { nice -n 10 dotnet build "$1" -c Release -nodeReuse:false -p:UseSharedCompilation=false -v q -nologo > "$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }; }
if [ -z "${SKIP_BUILD:-}" ]; then
  build src/PoolDoctor
  for app in FilterShop HubShop HubShopClient PaymentsApi; do build "tests/apps/$app"; done
fi
# QuotaShop restores ShopKit.QuotaLimiter from a folder feed, as record-quota.sh does, so its deps.json says "package".
QUOTA_WORK=$(mktemp -d /tmp/pooldoctor-accuracy-quota.XXXXXX)
dotnet pack tests/apps/packaged/ShopKit.QuotaLimiter -c Release -o "$QUOTA_WORK/feed" > "$QUOTA_WORK/pack.log"
dotnet build tests/apps/packaged/QuotaShop -c Release -o "$QUOTA_WORK/app" -p:RestoreAdditionalProjectSources="$QUOTA_WORK/feed" \
  -p:RestorePackagesPath="$QUOTA_WORK/packages" > "$QUOTA_WORK/build.log"

PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$QUOTA_WORK"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() { for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$1" && return 0; sleep 0.5; done; return 1; }

# row SHAPE EXPECTED EXPECTED2 DIR SECONDS: one table row from DIR/report.json (EXPECTED "healthy" for a negative;
# EXPECTED2 "-" when only #1 is checked).
row() {
  python3 - "$@" >> "$ROWS" <<'PY'
import json, os, sys
shape, expected, expected2, folder, seconds = sys.argv[1:6]
path = os.path.join(folder, "report.json")
if not os.path.exists(path):
    print(f"| {shape} | {expected} | (no report) | **wrong** | – | – | {seconds} |"); sys.exit()
d = json.load(open(path))
verdict = d.get("verdict", "–")
culprits = d.get("culprits") or []
def name(c): return f"`{c['method']}` {c.get('kind', '')} {round(c.get('share', 0) * 100)} %" + (" (permanent)" if (c.get("hold") or {}).get("pattern") == "Permanent" else "")
shown = culprits[:1] + [c for c in culprits[1:2] if expected2 != "-" or c.get("share", 0) >= 0.01]  # under 1 %: "other", as the text report folds it
named = "; ".join(f"#{i + 1} {name(c)}" for i, c in enumerate(shown)) or "none"
blocking = verdict in ("Starving", "BlockingCompensated")
if expected == "healthy":
    right = not blocking and not culprits
else:
    right = blocking and culprits and culprits[0]["method"] == expected
    if expected2 != "-":
        right = right and len(culprits) > 1 and culprits[1]["method"] == expected2
exp = expected + ("" if expected2 == "-" else f", then {expected2}")
at = d.get("verdictAtSeconds")
print(f"| {shape} | {exp} | {named} | {'right' if right else '**wrong**'} | {verdict} | {'–' if at is None else f'{at:.1f}'} | {seconds} |")
PY
}

# A lab row: `diagnose --load URL -- dotnet-pooldoctor lab`, the tool attached before the first request.
lab_row() {
  local host=$1 path=$2 expected=$3 grpc=${4:-}
  local shape="lab $host \`$path\`"
  [[ "$shape" =~ $ONLY ]] || return 0
  local dir; dir=$OUT/$(echo "$host$path" | tr '/{}' '___')
  local web grpcport; web=$(port); grpcport=$(port)
  local url="http://127.0.0.1:$web$path" extra=()
  if [ -n "$grpc" ]; then url="http://127.0.0.1:$grpcport$path"; extra=(--grpc); fi
  local t0; t0=$(date +%s.%N)
  flock "$LOCK" timeout 120 dotnet "$TOOL" diagnose --load "$url" "${extra[@]}" -c 125 -d "$DURATION" --min-duration 0 -o "$dir/report.json" \
    -- dotnet "$TOOL" lab --urls "http://127.0.0.1:$web" --grpc-urls "http://127.0.0.1:$grpcport" > "$dir.txt" 2>&1 || true
  row "$shape" "$expected" - "$dir" "$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.0f')"
}

# What each lab route should name (src/PoolDoctor.Lab/Scenarios/LabScenarios.cs is the source; the route list itself
# comes from `lab --list`, so a new route shows up as a row with "?" expected until it is added here).
expect() {
  local host=$1 route=$2 kind=$3 endpoints
  [ "$kind" = healthy ] && { echo healthy; return; }
  endpoints=$([ "$host" = mvc ] && echo DiagScenarioController || echo MinimalScenarios)
  case $route in
    taskwait) echo "$endpoints.TaskWait" ;; tasksleepwait) echo "$endpoints.TaskSleepWait" ;;
    getresult) echo "$endpoints.GetResult" ;; wait) echo "$endpoints.Wait" ;; lock) echo "$endpoints.LockConvoy" ;;
    semaphore) echo "$endpoints.SemaphoreWait" ;; sleep) echo "$endpoints.Sleep" ;;
    db/sync|db/asyncoversync|db/taskrun) echo SimulatedDbCommand.ExecuteNonQuery ;;
    db/syncoverasync) echo "$endpoints.DbSyncOverAsync" ;;
    customers/42) echo CustomerRepository.Load ;; queue/sync) echo ReportQueue.Render ;;
    middleware/sync) echo TenantMiddleware.UseTenantLookup ;;
    filter/sync) [ "$host" = mvc ] && echo QuotaFilter.OnActionExecuting || echo QuotaEndpointFilter.InvokeAsync ;;
    http/sync) echo PricingClient.GetPrice ;; stream/sync) echo InventoryFeed.ReadStock ;; tenant/sync) echo LabApp.AddShop ;;
    invoices/7) echo InvoiceStore.Load ;; orders/7) echo OrderStatusClient.Status ;; reports/monday) echo DailyReports.For ;;
    stock/sku-1) echo WarehouseLedger.Count ;; Check) echo WarehouseLedger.Count ;;
    *) echo "?" ;;
  esac
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr), .NET $(dotnet --version)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)

while IFS=$'\t' read -r host path kind _ run; do
  [ "$host" = host ] && continue
  [ "$run" = request ] || continue
  route=${path#/api/diagscenario/}; route=${route#/api/minimal/}; route=${route#/shop.Warehouse/}
  lab_row "$host" "$path" "$(expect "$host" "$route" "$kind")" "$([ "$host" = grpc ] && echo grpc)"
done < <(dotnet "$TOOL" lab --list)

# FilterShop: the filter's SemaphoreSlim.Wait() grows with the load; the polling loop holds one thread from start-up.
if [[ "filtershop" =~ $ONLY ]]; then
  p=$(port); dir=$OUT/filtershop; t0=$(date +%s.%N)
  flock "$LOCK" timeout 120 dotnet "$TOOL" diagnose --load "http://127.0.0.1:$p/orders/42" -c 125 -d "$DURATION" --min-duration 0 -o "$dir/report.json" \
    -- dotnet tests/apps/FilterShop/bin/Release/net10.0/FilterShop.dll --urls "http://127.0.0.1:$p" > "$dir.txt" 2>&1 || true
  row "filtershop: MVC filter beside a polling loop" BackendThrottleFilter.OnActionExecutionAsync PriceSyncService.Poll "$dir" "$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.0f')"
fi

# HubShop: 64 SignalR connections invoking a hub method doing .Result; diagnose -p 5 s into their load.
if [[ "hubshop" =~ $ONLY ]]; then
  p=$(port); dir=$OUT/hubshop; t0=$(date +%s.%N)
  (
    flock 9
    dotnet tests/apps/HubShop/bin/Release/net10.0/HubShop.dll --urls "http://127.0.0.1:$p" > "$dir.app.txt" 2>&1 &
    app=$!
    wait_http "http://127.0.0.1:$p/hello" || true
    timeout 60 dotnet tests/apps/HubShopClient/bin/Release/net10.0/HubShopClient.dll "http://127.0.0.1:$p/hubs/inventory" 64 25 100000 > "$dir.client.txt" 2>&1 &
    client=$!
    sleep 5
    timeout 90 dotnet "$TOOL" diagnose -p "$app" -d "$DURATION" --min-duration 0 -o "$dir/report.json" > "$dir.txt" 2>&1 || true
    kill "$client" "$app" 2>/dev/null || true; wait "$client" "$app" 2>/dev/null || true
  ) 9>"$LOCK"
  row "hubshop: SignalR hub method (64 hub connections, -p)" InventoryHub.GetStock - "$dir" "$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.0f')"
fi

# QuotaShop + ShopKit.QuotaLimiter 1.0.0 (a package whose async twin is internal), a 20 ms quota service on loopback.
if [[ "quotashop" =~ $ONLY ]]; then
  p=$(port); q=$(port); dir=$OUT/quotashop; t0=$(date +%s.%N)
  python3 -c '
import http.server, sys, time
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0))); time.sleep(0.02)
        self.send_response(200); self.send_header("Content-Length", "1"); self.end_headers(); self.wfile.write(b"1")
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()' "$q" > /dev/null 2>&1 &
  PIDS+=($!)
  flock "$LOCK" timeout 120 dotnet "$TOOL" diagnose --load "http://127.0.0.1:$p/orders/42" -c 125 -d "$DURATION" --min-duration 0 -o "$dir/report.json" \
    -- dotnet "$QUOTA_WORK/app/QuotaShop.dll" --urls "http://127.0.0.1:$p" --Quota "http://127.0.0.1:$q/" > "$dir.txt" 2>&1 || true
  row "quotashop: rate limiter package, internal twin" QuotaClient.TryTake - "$dir" "$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.0f')"
fi

# PaymentsApi: a POST with a JSON body and an Idempotency-Key header; the blocking route and its awaiting twin.
for route in payments payments/async; do
  [[ "paymentsapi /$route" =~ $ONLY ]] || continue
  p=$(port); dir=$OUT/$(echo "paymentsapi_$route" | tr '/' '_'); t0=$(date +%s.%N)
  flock "$LOCK" timeout 120 dotnet "$TOOL" diagnose --load "http://127.0.0.1:$p/$route" -m POST -H "Content-Type: application/json" \
    -H "Idempotency-Key: 6f1c2a" --body '{"card":"4242","amount":12.5,"currency":"EUR"}' -c 125 -d "$DURATION" --min-duration 0 -o "$dir/report.json" \
    -- dotnet tests/apps/PaymentsApi/bin/Release/net10.0/PaymentsApi.dll --urls "http://127.0.0.1:$p" > "$dir.txt" 2>&1 || true
  expected=$([ "$route" = payments ] && echo PaymentService.Charge || echo healthy)
  row "paymentsapi: POST \`/$route\` (JSON body, header)" "$expected" - "$dir" "$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.0f')"
done

echo "command: bench/accuracy-corpus.sh $OUT (each row: -c 125 -d $DURATION --min-duration 0)"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg); $(( $(date +%s) - start )) s for the rows"
echo "right: $(grep -c '| right |' "$ROWS") of $(wc -l < "$ROWS")"
echo
echo "| shape | expected culprit | named culprit (#1; #2) | right/wrong | verdict | s to verdict | s for the row |"
echo "|---|---|---|---|---|---|---|"
cat "$ROWS"
