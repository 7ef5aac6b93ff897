#!/usr/bin/env bash
# Throughput of `dotnet-pooldoctor load` against Debian's wrk on the lab's /api/diagscenario/hello, same
# connections and duration, in alternated pairs (ours, wrk, ours, wrk, ...) so both see the same machine noise;
# after each pair, the same load through SocketsHttpHandler (`--http-client`), the engine's in-process peer.
# Prints ours / wrk in req/s and CPU per request for each connection count.
# Both figures are total responses / elapsed seconds (wrk's "Requests/sec", our JSON rps.overall). Beside them,
# each client's own CPU time (user+sys) per response: on a shared 2-core box that is the steadier figure, since
# the client and the lab compete for the same cores and every other process adds noise to the req/s.
# Usage: bench/load-vs-wrk.sh ["connections..."="64 125"] [seconds=10] [pairs=3]
set -euo pipefail
cd "$(dirname "$0")/.."

connection_counts=${1:-64 125}
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
wrk -t"$threads" -c64 -d2s "$url" >/dev/null

echo "machine: $(nproc) cores, $(uname -sr); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "url: $url, connections: $connection_counts, duration: ${seconds}s, pairs: $rounds, wrk threads: $threads"
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
print(f"{rps:.0f} {(usage.ru_utime + usage.ru_stime) * 1e6 / max(count, 1):.2f} {count} {usage.ru_utime + usage.ru_stime:.3f}")
PY
}

ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
# Our CPU per request includes the .NET host's start-up and JIT, which wrk (C) does not pay. Measured alone (a run of
# 64 requests, the smaller of two), it is subtracted for the "net" figure; both are printed.
startup=$(for _ in 1 2; do measure $tool load "$url" -c 64 --requests 64 --format json | cut -d' ' -f4; done | sort -n | head -1)
echo "pooldoctor load start-up (64 requests): ${startup} s CPU"
for connections in $connection_counts; do
  echo "== $connections connections"
  ours_total=0; wrk_total=0; ours_cpu=0; wrk_cpu=0; hc_total=0; hc_cpu=0
  for round in $(seq 1 "$rounds"); do
    read -r o oc ocount ocpu < <(measure $tool load "$url" -c "$connections" -d "${seconds}s" --format json)
    read -r w wc _ _ < <(measure wrk -t"$threads" -c"$connections" -d"${seconds}s" "$url")
    read -r h hc _ _ < <(measure $tool load "$url" -c "$connections" -d "${seconds}s" --format json --http-client)
    onet=$(python3 -c "print(f'{max($ocpu-$startup,0)*1e6/max($ocount,1):.2f}')")
    printf 'pair %d: pooldoctor load %7.0f req/s (%5.2f us CPU/req, %5.2f net of start-up)   wrk %7.0f req/s (%5.2f us CPU/req)   ratio %s, CPU/req ratio %s (net %s)   [SocketsHttpHandler %7.0f req/s, %5.2f us CPU/req]   load avg %s\n' \
      "$round" "$o" "$oc" "$onet" "$w" "$wc" "$(ratio "$o" "$w")" "$(ratio "$oc" "$wc")" "$(ratio "$onet" "$wc")" "$h" "$hc" "$(cut -d' ' -f1 /proc/loadavg)"
    net_total=$(python3 -c "print(${net_total:-0}+$onet)")
    ours_total=$(python3 -c "print($ours_total+$o)"); wrk_total=$(python3 -c "print($wrk_total+$w)"); hc_total=$(python3 -c "print($hc_total+$h)")
    ours_cpu=$(python3 -c "print($ours_cpu+$oc)"); wrk_cpu=$(python3 -c "print($wrk_cpu+$wc)"); hc_cpu=$(python3 -c "print($hc_cpu+$hc)")
  done
  printf 'mean: pooldoctor load %.0f req/s (%.2f us CPU/req), wrk %.0f req/s (%.2f us CPU/req), SocketsHttpHandler %.0f req/s (%.2f us CPU/req)\n' \
    "$(python3 -c "print($ours_total/$rounds)")" "$(python3 -c "print($ours_cpu/$rounds)")" \
    "$(python3 -c "print($wrk_total/$rounds)")" "$(python3 -c "print($wrk_cpu/$rounds)")" \
    "$(python3 -c "print($hc_total/$rounds)")" "$(python3 -c "print($hc_cpu/$rounds)")"
  printf '%d connections: ours / wrk (req/s) = %s; ours / wrk (CPU per request) = %s, net of start-up %s; epoll engine / SocketsHttpHandler (req/s) = %s\n' \
    "$connections" "$(ratio "$ours_total" "$wrk_total")" "$(ratio "$ours_cpu" "$wrk_cpu")" "$(ratio "$net_total" "$wrk_cpu")" "$(ratio "$ours_total" "$hc_total")"
  net_total=0
done
