#!/usr/bin/env bash
# The watcher's own CPU beside a busy service, by hand (not in CI): per environment given, a fresh lab, `counters -p LAB`
# started on the idle lab, then `load .../hello -c 125` from 5 s later; the watcher's CPU seconds (/proc/PID/stat
# utime+stime) from its start to the load, over the load's first 3 s (traffic arriving: new code paths, the queue-delay
# session's flood guard) and over the next 7 s (steady). CPU time is far steadier than req/s on a shared box.
# Usage: bench/watcher-cpu.sh [ENV ...]   e.g. bench/watcher-cpu.sh X=1 DOTNET_TieredPGO=0 X=1 DOTNET_TieredPGO=0
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet build -c Release src/PoolDoctor -v q -nologo >/dev/null
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
OUT=$(mktemp -d /tmp/pooldoctor-wcpu-XXXXXX)
lab=""; launcher=""; watcher=""
cleanup() { for p in "$watcher" "$launcher" "$lab"; do if [ -n "$p" ]; then kill "$p" 2>/dev/null || true; fi; done; rm -rf "$OUT"; }
trap cleanup EXIT
cpu() { awk '{print ($14+$15)/100}' "/proc/$1/stat"; }
echo "machine: $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for envs in "${@:-X=1}"; do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab.log" 2>&1 & launcher=$!
  for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
  lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
  env "$envs" dotnet "$TOOL" counters -p "$lab" >/dev/null 2>&1 & watcher=$!
  sleep 5; a=$(cpu "$watcher")
  dotnet "$TOOL" load "http://127.0.0.1:$port/api/diagscenario/hello" -c 125 -d 12s >/dev/null 2>&1 &
  sleep 3; b=$(cpu "$watcher"); sleep 7; c=$(cpu "$watcher")
  echo "$envs: start to load ${a} s, first 3 s of load $(echo "$b - $a" | bc) s, next 7 s $(echo "$c - $b" | bc) s"
  kill "$watcher"; wait "$watcher" 2>/dev/null || true; watcher=""
  sleep 3; kill "$launcher" "$lab" 2>/dev/null || true; wait "$launcher" 2>/dev/null || true; lab=""; launcher=""
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
