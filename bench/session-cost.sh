#!/usr/bin/env bash
# What a watching session costs INSIDE the target, by hand (not in CI): the lab's own CPU per 1,000 requests at a fixed
# request rate (open model, so both arms serve the same work), with no session, with this build's SESSION attached and,
# when PEER_TOOL names another build's dotnet-pooldoctor.dll, with that build's SESSION. Arms rotate every round so a
# drift of the machine falls on all of them. With PIN=1 (default) the lab runs on CPU 0, the load and the sessions on
# CPU 1: the lab's CPU is then its own work plus what the session makes it do (events written, stacks walked, counters
# computed, the EventPipe thread that streams them), not time stolen by the other processes.
# Prints per arm: median lab CPU ms per 1,000 requests, the lab's ".NET EventPipe" thread CPU, the session's own CPU.
# Usage: bench/session-cost.sh [ROUNDS=6] [SECONDS=15]
#   env: ROUTE=hello RATE=1500 CONNS=50 SESSION=counters (or watch) PEER_TOOL= PIN=1 LEAD=5
# RATE is chosen so the pool completes fewer than QueueDelaySession.MaxItemsPerSecond items a second: the queue-delay
# session (two events per work item) then runs, the costliest thing a session does.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-6}
WINDOW=${2:-15}
ROUTE=${ROUTE:-hello}; RATE=${RATE:-1500}; CONNS=${CONNS:-50}; SESSION=${SESSION:-counters}; LEAD=${LEAD:-5}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
PEER_TOOL=${PEER_TOOL:-}
SERVICE_CPU=(); CLIENT_CPU=()
if [ "${PIN:-1}" = 1 ]; then SERVICE_CPU=(taskset -c 0); CLIENT_CPU=(taskset -c 1); fi
OUT=$(mktemp -d /tmp/pooldoctor-session-cost-XXXXXX)
dotnet build -c Release src/PoolDoctor -v q -nologo >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"${SERVICE_CPU[@]}" dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab.log" 2>&1 &
launcher=$!
session=""
cleanup() { if [ -n "$session" ]; then kill "$session" 2>/dev/null || true; fi; kill "$launcher" 2>/dev/null || true; if [ -n "${lab:-}" ]; then kill "$lab" 2>/dev/null || true; fi; rm -rf "$OUT"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
url="http://127.0.0.1:$port/api/diagscenario/$ROUTE"
echo "machine: $(nproc) cores, $(uname -sr), .NET $(dotnet --version); date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD)"
echo "route $ROUTE at $RATE req/s (-c $CONNS), $WINDOW s windows, session: $SESSION, peer: ${PEER_TOOL:-none}, pinned: ${PIN:-1}, load average $(cut -d' ' -f1-3 /proc/loadavg)"
cpu_of() { awk '{print ($14+$15)/100}' "/proc/$1/stat" 2>/dev/null || echo 0; }
pipe_cpu() { python3 bench/thread-cpu.py "$lab" | python3 -c 'import json,sys; print(json.load(sys.stdin).get(".NET EventPipe", 0))'; }
window() { # ARM: prints "ARM cpu_ms_per_1000 eventpipe_s session_s"
  local l0 p0 s0 l1 p1 s1
  l0=$(cpu_of "$lab"); p0=$(pipe_cpu); s0=$( [ -n "$session" ] && cpu_of "$session" || echo 0)
  "${CLIENT_CPU[@]}" dotnet "$TOOL" load "$url" -c "$CONNS" -r "$RATE" -d "${WINDOW}s" --format json >"$OUT/m.json"
  l1=$(cpu_of "$lab"); p1=$(pipe_cpu); s1=$( [ -n "$session" ] && cpu_of "$session" || echo 0)
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); a=sys.argv[2:]; print(a[0], round(1e6*(float(a[2])-float(a[1]))/max(1,d["requests"]),2), round(float(a[4])-float(a[3]),2), round(float(a[6])-float(a[5]),2), d["requests"])' \
    "$OUT/m.json" "$1" "$l0" "$l1" "$p0" "$p1" "$s0" "$s1"
}
with_session() { # TOOL ARM
  "${CLIENT_CPU[@]}" dotnet "$1" "$SESSION" -p "$lab" $( [ "$SESSION" = watch ] && echo --reports "$OUT/reports" || echo --format json ) >/dev/null 2>&1 &
  session=$!
  sleep "$LEAD"
  window "$2"
  kill -TERM "$session"; wait "$session" || true; session=""
}
"${CLIENT_CPU[@]}" dotnet "$TOOL" load "$url" -c "$CONNS" -r "$RATE" -d 30s >/dev/null 2>&1 # warm-up
arms=(none this); [ -n "$PEER_TOOL" ] && arms+=(peer)
for round in $(seq "$ROUNDS"); do
  n=${#arms[@]}
  for i in $(seq 0 $((n - 1))); do
    arm=${arms[$(( (i + round) % n ))]}
    case "$arm" in
      none) sleep "$LEAD"; window none ;;
      this) with_session "$TOOL" this ;;
      peer) with_session "$PEER_TOOL" peer ;;
    esac
  done
done | tee "$OUT/runs.txt"
python3 - "$OUT/runs.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
base = statistics.median(float(r[1]) for r in rows if r[0] == 'none')
for arm in ('none', 'this', 'peer'):
    rs = [r for r in rows if r[0] == arm]
    if not rs:
        continue
    cpu = statistics.median(float(r[1]) for r in rs)
    print(f"{arm:5}: lab CPU {cpu:.1f} ms per 1,000 requests (x{cpu / base:.3f} of none; runs {' '.join(r[1] for r in rs)}), "
          f"its EventPipe thread {statistics.median(float(r[2]) for r in rs):.2f} s, the session's own CPU {statistics.median(float(r[3]) for r in rs):.2f} s per window")
PY
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
