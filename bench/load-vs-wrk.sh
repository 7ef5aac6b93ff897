#!/usr/bin/env bash
# Throughput of `dotnet-pooldoctor load` against Debian's wrk on the lab's /api/diagscenario/hello, same
# connections and duration, alternating runs so both see the same machine noise. Prints ours / wrk in req/s.
# Both figures are total responses / elapsed seconds (wrk's "Requests/sec", our JSON rps.overall).
# Usage: bench/load-vs-wrk.sh [connections=125] [seconds=10] [rounds=3]
set -euo pipefail
cd "$(dirname "$0")/.."

connections=${1:-125}
seconds=${2:-10}
rounds=${3:-3}
threads=$(nproc)

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian package)..." >&2
  apt-get update -qq >/dev/null && apt-get install -y -qq wrk >/dev/null
fi
dotnet build src/PoolDoctor/PoolDoctor.csproj -c Release -nologo -v quiet >/dev/null
tool="dotnet src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
log=$(mktemp)
$tool lab --urls "http://127.0.0.1:$port" >"$log" 2>&1 &
lab=$!
trap 'kill $lab 2>/dev/null; wait $lab 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.2; done
grep -q "listening on" "$log" || { echo "the lab did not start:"; cat "$log"; exit 1; }
url="http://127.0.0.1:$port/api/diagscenario/hello"

# Warm the lab's JIT so the first measured run is not penalised.
wrk -t"$threads" -c"$connections" -d2s "$url" >/dev/null

echo "machine: $(nproc) cores, $(uname -sr); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "url: $url, connections: $connections, duration: ${seconds}s, wrk threads: $threads"
ours_total=0; wrk_total=0
for round in $(seq 1 "$rounds"); do
  w=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" "$url" | awk '/^Requests\/sec:/ {print $2}')
  o=$($tool load "$url" -c "$connections" -d "${seconds}s" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["rps"]["overall"])')
  printf 'round %d: wrk %10.0f req/s   pooldoctor load %10.0f req/s   ratio %.2f\n' "$round" "$w" "$o" "$(python3 -c "print($o/$w)")"
  wrk_total=$(python3 -c "print($wrk_total+$w)"); ours_total=$(python3 -c "print($ours_total+$o)")
done
printf 'mean: wrk %.0f req/s, pooldoctor load %.0f req/s, ours / wrk = %.2f\n' \
  "$(python3 -c "print($wrk_total/$rounds)")" "$(python3 -c "print($ours_total/$rounds)")" "$(python3 -c "print($ours_total/$wrk_total)")"
