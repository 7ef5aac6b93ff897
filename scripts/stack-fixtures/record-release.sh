#!/usr/bin/env bash
# Records one Release-lab capture for tests/PoolDoctor.Tests/fixtures/release with the tool built in this tree
# (`dotnet build PoolDoctor.slnx -c Release` first):
#   scripts/stack-fixtures/record-release.sh ROUTE_PATH OUT.nettrace [DELAY_S] [DURATION]
# ROUTE_PATH is a scenario's path (/api/diagscenario/taskwait). 125 connections load it for 20 s; the 1 s `stacks`
# session starts DELAY_S (default 5) seconds into the load, so the pool is already starving when it attaches.
# With BACKGROUND=1 the route is called once (?seconds=30, it starts a timer or hosted service) and the load goes to
# the host's hello route instead, as the corpus test does. The lab is always killed. Gzip OUT afterwards.
set -euo pipefail
ROUTE=$1; OUT=$2; DELAY=${3:-5}; DURATION=${4:-1s}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
LOG=$(mktemp)
dotnet "$TOOL" lab --urls "$BASE" > "$LOG" 2>&1 &
LAB=$!
LOAD=
cleanup() { [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null; kill "$LAB" 2>/dev/null; wait "$LAB" 2>/dev/null; rm -f "$LOG"; }
trap cleanup EXIT
HELLO="${ROUTE%/*}/hello"
case "$ROUTE" in /api/diagscenario/*) HELLO=/api/diagscenario/hello;; /api/minimal/*) HELLO=/api/minimal/hello;; esac
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE$HELLO" && break; sleep 0.5; done
URL="$BASE$ROUTE"
if [ "${BACKGROUND:-0}" = 1 ]; then
  curl -s -m 10 -o /dev/null "$URL?seconds=30"
  URL="$BASE$HELLO"
fi
timeout 60 dotnet "$TOOL" load "$URL" -c 125 -d 20s > /dev/null 2>&1 &
LOAD=$!
sleep "$DELAY"
timeout 120 dotnet "$TOOL" stacks -p "$LAB" --duration "$DURATION" --output "$OUT" > "$OUT.stacks.txt" 2>&1
echo "recorded $OUT ($(date -u +%FT%TZ), lab pid $LAB, load $URL)"
