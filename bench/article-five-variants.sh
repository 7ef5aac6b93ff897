#!/usr/bin/env bash
# The articles' tables, re-run here with the built-in load generator and printed beside the published figures.
#  1. ../shared/background/threadpool-exhaustion-five-variants-es.txt: five database variants (sync, async over sync,
#     Task.Run, sync over async, async) under siege's profile: 120 users, 1 minute, a random pause of 0-200 ms before
#     each request (siege -d), a 1 s database call (WAITFOR DELAY there; pg_sleep(1) on a real PostgreSQL here).
#     Siege's figures: Transaction rate (completed / elapsed), Response time (mean), Longest transaction.
#  2. The ThreadPool starvation tutorial (ms-tutorial-threadpool-starvation-net9-en.txt): taskwait, tasksleepwait and
#     taskasyncwait under bombardier's profile (125 connections, 10 s); its figures are Reqs/sec Avg (the sampled
#     mean, our rps.mean), Latency Avg and Max.
# Each variant gets a fresh lab (threads injected for one never help the next), warmed with one request.
# Usage: bench/article-five-variants.sh [siege-duration=1m] [bombardier-duration=10s]
# Needs PostgreSQL: POOLDOCTOR_TEST_DB, else scripts/start-postgres.sh starts a throw-away cluster.
set -euo pipefail
cd "$(dirname "$0")/.."

siege_duration=${1:-1m}
bombardier_duration=${2:-10s}
dotnet build src/PoolDoctor/PoolDoctor.csproj -c Release -nologo -v quiet >/dev/null
tool="dotnet src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
db=${POOLDOCTOR_TEST_DB:-$(bash scripts/start-postgres.sh)}

lab_pid=""
log=$(mktemp)
out=$(mktemp)
cleanup() { [ -n "$lab_pid" ] && kill "$lab_pid" 2>/dev/null && wait "$lab_pid" 2>/dev/null; rm -f "$log" "$out"; }
trap cleanup EXIT

# Starts a fresh lab (with --db when given a connection string) and prints its base URL.
start_lab() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  if [ -n "${1:-}" ]; then
    POOLDOCTOR_DB_QUERY_DELAY=1 $tool lab --urls "http://127.0.0.1:$port" --db "$1" >"$log" 2>&1 &
  else
    $tool lab --urls "http://127.0.0.1:$port" >"$log" 2>&1 &
  fi
  lab_pid=$!
  for _ in $(seq 1 150); do grep -q "listening on" "$log" && break; sleep 0.2; done
  grep -q "listening on" "$log" || { echo "the lab did not start:" >&2; cat "$log" >&2; exit 1; }
  base="http://127.0.0.1:$port/api/diagscenario"
}
stop_lab() { kill "$lab_pid" 2>/dev/null; wait "$lab_pid" 2>/dev/null || true; lab_pid=""; }

# Prints one table row from the load's JSON and the article's figures.
row() {
  python3 - "$out" "$@" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
name, their_rps, their_mean, their_max, unit = sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
errors = doc["errors"]["total"] + doc["status"]["non2xx"]
rps = doc["rps"]["overall"] if unit == "siege" else doc["rps"]["mean"]
lat = doc["latencyMs"]
print(f"| {name:<15} | {rps:8.2f} | {their_rps:8.2f} | {lat['mean']/1000:7.2f} | {their_mean:7.2f} | {lat['max']/1000:7.2f} | {their_max:7.2f} | {doc['requests']:6d} | {errors:5d} |")
PY
}

echo "machine: $(nproc) cores, $(uname -sr), $(date -u '+%Y-%m-%d %H:%M UTC'); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Five database variants (siege's profile: 120 users, $siege_duration, think time 0-200ms, pg_sleep(1), timeout 60s)"
echo "| variant         | ours r/s | article  | mean s  | article | max s   | article | done   | errs  |"
echo "|-----------------|----------|----------|---------|---------|---------|---------|--------|-------|"
# The article's table (Tasa de solicitud /s, Tiempo promedio s, Tiempo máximo s).
while read -r route name rps mean max; do
  start_lab "$db"
  curl -s -o /dev/null --max-time 30 "$base/$route" || true
  $tool load "$base/$route" -c 120 -d "$siege_duration" --think-time 0-200ms --timeout 60s --format json >"$out"
  stop_lab
  row "$name" "$rps" "$mean" "$max" siege
done <<'TABLE'
db/sync sync 27.38 4.14 16.93
db/asyncoversync async-1 14.33 7.94 14.03
db/taskrun async-2(Task.Run) 24.90 4.57 14.80
db/syncoverasync async-3(.Wait) 32.43 3.52 25.03
db/async async(fix) 88.91 1.23 3.18
TABLE

echo
echo "Tutorial endpoints (bombardier's profile: 125 connections, $bombardier_duration, timeout 30s; req/s is the sampled mean, as bombardier's Avg)"
echo "| endpoint        | ours r/s | tutorial | mean s  | tutorial| max s   | tutorial| done   | errs  |"
echo "|-----------------|----------|----------|---------|---------|---------|---------|--------|-------|"
while read -r route rps mean max; do
  start_lab ""
  curl -s -o /dev/null --max-time 30 "$base/$route" || true
  $tool load "$base/$route" -c 125 -d "$bombardier_duration" --timeout 30s --format json >"$out"
  stop_lab
  row "$route" "$rps" "$mean" "$max" bombardier
done <<'TABLE'
taskwait 33.06 3.48 10.79
tasksleepwait 1.61 15.42 18.30
taskasyncwait 227.92 0.53258 1.14
TABLE
