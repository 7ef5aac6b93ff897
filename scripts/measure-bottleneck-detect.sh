#!/usr/bin/env bash
# Live check of the persistent-queue rule: for each variant of tests/apps/Bottleneck and each run, a fresh app,
# `detect --format json` attached, then 125 connections of `load` from 2 s in. Prints the verdict, its rule and the
# seconds from the first sample whose queue held at least one item per core to the verdict's sample.
# Usage: scripts/measure-bottleneck-detect.sh [runs] [variant...]   variants: mres monitor semaphore pool
set -euo pipefail
cd "$(dirname "$0")/.."
TOOL=${TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
APP=tests/apps/Bottleneck/bin/Release/net10.0/Bottleneck.dll
RUNS=${1:-3}
shift || true
[ -f "$TOOL" ] || dotnet build -c Release src/PoolDoctor >/dev/null
dotnet build -c Release tests/apps/Bottleneck >/dev/null

measure() { # VARIANT RUN
  local variant=$1 run=$2 port=$((20000 + RANDOM % 20000)) out
  out=$(mktemp)
  dotnet "$APP" --urls "http://127.0.0.1:$port" >/dev/null 2>&1 &
  local app=$!
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break; sleep 0.1; done
  dotnet "$TOOL" detect -p "$app" --timeout 20s --format json >"$out" 2>&1 &
  local detect=$!
  sleep 2
  dotnet "$TOOL" load "http://127.0.0.1:$port/$variant/1" -c 125 -d 10s --timeout 5s >/dev/null 2>&1 &
  local load=$!
  wait "$detect" || true
  kill "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true
  kill "$app"; wait "$app" 2>/dev/null || true
  jq -r --arg name "$variant-$run" '(.samples | map(select(.queueLength >= .cores)) | first | .seconds) as $q
    | "\($name)\t\(.verdict)\t\(.rule)\t\(if $q == null then "-" else ((.samples | last | .seconds) - $q | . * 10 | round / 10 | tostring) + " s after the queue reached the cores" end)"' "$out" \
    || { echo "$variant-$run: detect gave no JSON:"; cat "$out"; }
  rm -f "$out"
}

variants=("${@:-mres monitor semaphore pool}")
for run in $(seq "$RUNS"); do
  for v in ${variants[*]}; do measure "$v" "$run"; done
done
