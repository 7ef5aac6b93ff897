#!/usr/bin/env bash
# Throughput of `dotnet-pooldoctor load` against Debian's wrk on the lab's /api/diagscenario/hello, same
# connections and duration, alternating runs so both see the same machine noise. Prints ours / wrk in req/s.
# Both figures are total responses / elapsed seconds (wrk's "Requests/sec", our JSON rps.overall). Beside them,
# each client's own CPU time (user+sys) per response: on a shared 2-core box that is the steadier figure, since
# the client and the lab compete for the same cores and every other process adds noise to the req/s.
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
# Runs a client, prints "req/s cpu-seconds" (CPU of the client process and its children, from getrusage).
measure() {
  python3 - "$@" <<'PY'
import json, re, resource, subprocess, sys
out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
if out.lstrip().startswith("{"):
    doc = json.loads(out); rps, count = doc["rps"]["overall"], doc["requests"]
else:
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)); count = int(re.search(r"(\d+) requests in", out).group(1))
print(f"{rps:.0f} {(usage.ru_utime + usage.ru_stime) * 1e6 / max(count, 1):.2f}")
PY
}

ours_total=0; wrk_total=0; ours_cpu=0; wrk_cpu=0
for round in $(seq 1 "$rounds"); do
  read -r w wc < <(measure wrk -t"$threads" -c"$connections" -d"${seconds}s" "$url")
  read -r o oc < <(measure $tool load "$url" -c "$connections" -d "${seconds}s" --format json)
  printf 'round %d: wrk %7.0f req/s (%5.2f us CPU/req)   pooldoctor load %7.0f req/s (%5.2f us CPU/req)   ratio %.2f\n' \
    "$round" "$w" "$wc" "$o" "$oc" "$(python3 -c "print($o/$w)")"
  wrk_total=$(python3 -c "print($wrk_total+$w)"); ours_total=$(python3 -c "print($ours_total+$o)")
  wrk_cpu=$(python3 -c "print($wrk_cpu+$wc)"); ours_cpu=$(python3 -c "print($ours_cpu+$oc)")
done
printf 'mean: wrk %.0f req/s, pooldoctor load %.0f req/s; client CPU per request: wrk %.2f us, ours %.2f us (includes ~0.2 s .NET start-up)\n' \
  "$(python3 -c "print($wrk_total/$rounds)")" "$(python3 -c "print($ours_total/$rounds)")" \
  "$(python3 -c "print($wrk_cpu/$rounds)")" "$(python3 -c "print($ours_cpu/$rounds)")"
printf 'ours / wrk (req/s) = %.2f\n' "$(python3 -c "print($ours_total/$wrk_total)")"
