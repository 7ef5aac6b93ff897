#!/usr/bin/env bash
# Live check of inline recovery on tests/apps/ShopApi (Release, no inlining attributes), tier-1 like a service that
# has run a while: every blocking route under load together for WARM_S seconds (default 35), then for each route
# `diagnose -p` on the running app with 125 connections of `load` on that route. Prints one docs/accuracy.md row per
# route from report.json. Run it under the shared load lock:
#   flock /tmp/pooldoctor-load.lock scripts/measure-shopapi.sh [WARM_S]
set -euo pipefail
cd "$(dirname "$0")/.."
TOOL=${TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
APP=tests/apps/ShopApi/bin/Release/net10.0/ShopApi.dll
WARM=${1:-35}
[ -f "$TOOL" ] || dotnet build -c Release src/PoolDoctor >/dev/null
dotnet build -c Release tests/apps/ShopApi >/dev/null
OUT=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
ROUTES=(/customers/42 /invoices/42 /products/expensive /orders/7 /stock/lamp /reports/monday)
dotnet "$APP" --urls "$BASE" >/dev/null 2>&1 &
APP_PID=$!
LOADS=()
cleanup() { for l in "${LOADS[@]}"; do kill "$l" 2>/dev/null || true; done; kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null || true; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
for r in "${ROUTES[@]}"; do
  timeout $((WARM + 20)) dotnet "$TOOL" load "$BASE$r" -c 32 -d "${WARM}s" >/dev/null 2>&1 &
  LOADS+=($!)
done
wait "${LOADS[@]}" || true
LOADS=()
echo "| route | verdict | method | kind | api | share | chain | entry | source | file:line | s to verdict |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for r in "${ROUTES[@]}"; do
  name=${r#/}; name=${name%%/*}
  timeout 60 dotnet "$TOOL" diagnose -p "$APP_PID" --duration 15s --output "$OUT/$name" >/dev/null 2>&1 &
  DIAG=$!
  sleep 1
  timeout 30 dotnet "$TOOL" load "$BASE$r" -c 125 -d 15s >/dev/null 2>&1 &
  LOADS=($!)
  wait "$DIAG" || true
  kill "${LOADS[@]}" 2>/dev/null || true; wait "${LOADS[@]}" 2>/dev/null || true
  LOADS=()
  jq -r --arg route "$r" '(.culprits[0] // {}) as $c
    | "| `\($route)` | \(.verdict) | `\($c.method // "–")` | \($c.kind // "–") | \($c.api // "–") | \(if $c.share then ($c.share * 100 | round | tostring) + " %" else "–" end) | \(($c.chain // []) | join(" → ")) | \($c.entry // "–") | \($c.source // "–") | \(if $c.file then ($c.file | split("/") | last) + ":" + ($c.line | tostring) else "–" end) | \(.verdictAtSeconds // "–") |"' "$OUT/$name/report.json" 2>/dev/null || echo "| \`$r\` | (no report) |"
  sleep 3
done
