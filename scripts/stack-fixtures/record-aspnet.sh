#!/usr/bin/env bash
# Records the request-context fixtures (ASP.NET Core events joined to samples) with the tool's own `stacks` verb:
#   scripts/stack-fixtures/record-aspnet.sh lab  OUT.nettrace [LATE]   the lab's taskwait (minimal API), 125 connections
#   scripts/stack-fixtures/record-aspnet.sh mvc  OUT.nettrace          MvcTarget's /api/orders/7 (MVC), 60 connections
# Default: the 3 s session starts 1.5 s before the load, so requests start inside it. LATE=1: a 1 s session 8 s into
# the load (every blocked request began before the session). Gzip the output into tests/PoolDoctor.Tests/fixtures/stacks.
set -euo pipefail
KIND=$1; OUT=$2; LATE=${3:-0}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
dotnet build "$ROOT/src/PoolDoctor" -c Release -v q -o "$WORK/tool" > /dev/null
if [ "$KIND" = mvc ]; then
  dotnet build "$ROOT/scripts/stack-fixtures/MvcTarget" -c Release -v q -o "$WORK/mvc" > /dev/null
  ASPNETCORE_URLS="http://127.0.0.1:$PORT" dotnet "$WORK/mvc/MvcTarget.dll" > "$WORK/target.log" 2>&1 &
  URL="http://127.0.0.1:$PORT/api/orders/7"; CONNECTIONS=60
else
  dotnet "$WORK/tool/dotnet-pooldoctor.dll" lab --urls "http://127.0.0.1:$PORT" > "$WORK/target.log" 2>&1 &
  URL="http://127.0.0.1:$PORT/api/diagscenario/taskwait"; CONNECTIONS=125
fi
TARGET=$!
trap 'kill $TARGET 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 60); do curl -s -m 2 -o /dev/null "$URL" && break; sleep 0.5; done
if [ "$LATE" = 1 ]; then
  timeout 60 dotnet "$WORK/tool/dotnet-pooldoctor.dll" load "$URL" -c $CONNECTIONS -d 20s > /dev/null 2>&1 &
  LOAD=$!
  sleep 8
  timeout 90 dotnet "$WORK/tool/dotnet-pooldoctor.dll" stacks -p $TARGET --duration 1s --output "$OUT" > /dev/null
else
  timeout 90 dotnet "$WORK/tool/dotnet-pooldoctor.dll" stacks -p $TARGET --duration 3s --output "$OUT" > /dev/null &
  STACKS=$!
  sleep 1.5
  timeout 60 dotnet "$WORK/tool/dotnet-pooldoctor.dll" load "$URL" -c $CONNECTIONS -d 5s > /dev/null 2>&1 &
  LOAD=$!
  wait $STACKS
fi
kill $LOAD 2>/dev/null || true
wait $LOAD 2>/dev/null || true
