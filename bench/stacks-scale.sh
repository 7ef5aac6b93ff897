#!/usr/bin/env bash
# Stack capture at scale, by hand (not in CI): prints the figures to paste into bench/RESULTS.md.
#  1. Time for `stacks -p PID --all --format json` (capture 1 s + rundown + read + group + culprits) with N = 100 and
#     N = 1000 extra threads parked in the lab, beside dotnet-trace recording the same sample profiler (1 ms) for 1 s, with its default rundown.
#  2. `analyze` throughput (MB/s) on a large trace recorded with --output, beside TraceEvent's own TraceLog conversion
#     of the same file (bench/TraceLogPeer), in the same run.
# Usage: bench/stacks-scale.sh [runs per figure, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
OUT=$(mktemp -d /tmp/pooldoctor-bench-XXXXXX)
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
PEER=bench/TraceLogPeer/bin/Release/net10.0/TraceLogPeer.dll
DOTNET_TRACE=${DOTNET_TRACE:-$HOME/.dotnet/tools/dotnet-trace}

dotnet build src/PoolDoctor -c Release -v q -nologo >/dev/null
dotnet build bench/TraceLogPeer -c Release -v q -nologo >/dev/null

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dotnet "$TOOL" lab --urls "http://127.0.0.1:$PORT" >"$OUT/lab.log" 2>&1 &
LAB_LAUNCHER=$!
cleanup() { kill "$LAB_LAUNCHER" 2>/dev/null || true; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$OUT/lab.log" 2>/dev/null && break; sleep 0.2; done
LAB=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | cut -d' ' -f2)
URL="http://127.0.0.1:$PORT/api/diagscenario"
curl -sf -m 10 "$URL/hello" >/dev/null

now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo), $(uname -sr), .NET $(dotnet --version)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
for N in 100 1000; do
  curl -sf -m 60 "$URL/park/$N?seconds=110" >/dev/null
  THREADS=$(ls /proc/"$LAB"/task | wc -l)
  ours=(); peer=()
  for _ in $(seq 1 "$RUNS"); do
    t0=$(now); POOLDOCTOR_TIMING=1 dotnet "$TOOL" stacks -p "$LAB" --all --format json >"$OUT/stacks.json" 2>"$OUT/timing.txt"; t1=$(now)
    echo "  N=$N $(cat "$OUT/timing.txt")"
    ours+=("$(echo "$t1 - $t0" | bc)")
    t0=$(now); "$DOTNET_TRACE" collect -p "$LAB" --providers Microsoft-DotNETCore-SampleProfiler --duration 00:00:00:01 -o "$OUT/peer.nettrace" >/dev/null 2>&1; t1=$(now)
    peer+=("$(echo "$t1 - $t0" | bc)")
  done
  GROUPED=$(python3 -c "import json; d=json.load(open('$OUT/stacks.json')); print(d['threads'], len(d['groups']))")
  O=$(printf '%s\n' "${ours[@]}" | median); P=$(printf '%s\n' "${peer[@]}" | median)
  echo "  dotnet-trace trace size: $(echo "scale=1; $(stat -c %s "$OUT/peer.nettrace") / 1048576" | bc) MB"
  echo "N=$N parked (process has $THREADS threads; sampled threads, groups: $GROUPED): stacks capture+group median ${O} s (runs: ${ours[*]}); dotnet-trace collect 1 s median ${P} s (runs: ${peer[*]}); ratio $(echo "scale=2; $O / $P" | bc)"
  curl -sf -m 10 "$URL/park/release" >/dev/null
done

# A large trace: 1000 parked threads sampled for 5 s.
curl -sf -m 60 "$URL/park/1000?seconds=110" >/dev/null
dotnet "$TOOL" stacks -p "$LAB" --duration 5s --all --output "$OUT/big.nettrace" --format json >/dev/null 2>&1
curl -sf -m 10 "$URL/park/release" >/dev/null
MB=$(echo "scale=1; $(stat -c %s "$OUT/big.nettrace") / 1048576" | bc)
ours=(); peer=()
for _ in $(seq 1 "$RUNS"); do
  t0=$(now); dotnet "$TOOL" analyze "$OUT/big.nettrace" --all --format json >/dev/null; t1=$(now)
  ours+=("$(echo "$t1 - $t0" | bc)")
  t0=$(now); dotnet "$PEER" "$OUT/big.nettrace" >"$OUT/peer.txt"; t1=$(now)
  peer+=("$(echo "$t1 - $t0" | bc)")
done
O=$(printf '%s\n' "${ours[@]}" | median); P=$(printf '%s\n' "${peer[@]}" | median)
echo "analyze on a ${MB} MB trace ($(cut -d' ' -f2 "$OUT/peer.txt") events): median ${O} s = $(echo "scale=1; $MB / $O" | bc) MB/s (runs: ${ours[*]}); TraceEvent TraceLog conversion alone median ${P} s = $(echo "scale=1; $MB / $P" | bc) MB/s (runs: ${peer[*]}); ratio $(echo "scale=2; $O / $P" | bc)"
