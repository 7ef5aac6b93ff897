#!/usr/bin/env bash
# What the IL-to-native maps (source lines for every frame) cost a stacks capture, by hand (not in CI): the same lab
# process, under the same taskwait load, captured alternately by this build (maps in the session and the rundown) and
# by a PEER build without them (e.g. main before the source-lines change). Prints trace size and wall time per run and
# the medians' ratio. Usage: PEER=/path/to/other/dotnet-pooldoctor.dll bench/il-maps-cost.sh [runs, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
PEER=${PEER:?set PEER to the dotnet-pooldoctor.dll of a build without the IL maps}
OUT=$(mktemp -d /tmp/pooldoctor-bench-XXXXXX)
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dotnet "$TOOL" lab --urls "http://127.0.0.1:$PORT" >"$OUT/lab.log" 2>&1 &
LAB_LAUNCHER=$!
LOAD=""
cleanup() { [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null; kill "$LAB_LAUNCHER" 2>/dev/null || true; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$OUT/lab.log" 2>/dev/null && break; sleep 0.2; done
LAB=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | cut -d' ' -f2)
URL="http://127.0.0.1:$PORT/api/diagscenario"
curl -sf -m 10 "$URL/hello" >/dev/null
timeout 300 dotnet "$TOOL" load "$URL/taskwait" -c 125 -d $((RUNS * 40))s >/dev/null 2>&1 &
LOAD=$!
sleep 3

now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo "machine: $(nproc) cores, $(uname -sr), .NET $(dotnet --version); date: $(date -u +%Y-%m-%dT%H:%MZ)"
: >"$OUT/ours"; : >"$OUT/peer"; : >"$OUT/ours.t"; : >"$OUT/peer.t"
for i in $(seq 1 "$RUNS"); do
  for who in ours peer; do
    dll=$TOOL; [ "$who" = peer ] && dll=$PEER
    t0=$(now); timeout 120 dotnet "$dll" stacks -p "$LAB" -o "$OUT/$who-$i.nettrace" --format json >/dev/null 2>&1; t1=$(now)
    size=$(stat -c %s "$OUT/$who-$i.nettrace")
    echo "$size" >>"$OUT/$who"; echo "$t1 - $t0" | bc >>"$OUT/$who.t"
    echo "  run $i $who: $((size / 1024)) KB, $(echo "$t1 - $t0" | bc) s"
  done
done
so=$(median <"$OUT/ours"); sp=$(median <"$OUT/peer"); to=$(median <"$OUT/ours.t"); tp=$(median <"$OUT/peer.t")
echo "median trace: ours $((${so%.*} / 1024)) KB, peer $((${sp%.*} / 1024)) KB, ratio $(echo "scale=2; $so / $sp" | bc)"
echo "median wall time of stacks: ours $to s, peer $tp s, ratio $(echo "scale=2; $to / $tp" | bc)"
