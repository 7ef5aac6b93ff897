#!/usr/bin/env bash
# A watch's cost in req/s and p99 on the CPU-bound `hello` route, by hand (not in CI), measured so that this VM's
# noise cancels: two labs run AT THE SAME TIME on the same core (CPU 0), each in its own cpu cgroup of equal weight, so
# each gets half of that core whatever its thread count; two identical closed-model loads (-c CONNS) and the session
# run on CPU 1. Whatever the host does to CPU 0 in a window it does to both labs, so their ratio keeps only what the
# session makes the watched one do. Which lab is watched alternates every round (A, B, none, ...): a difference between
# the two processes themselves (their JIT, their PGO) cancels in the geometric mean of the watched/unwatched ratios,
# and the rounds with no session give that difference and the noise floor (an A/A control).
# Validity is printed per round: CPU 0 must be busy (the labs are the bottleneck) and CPU 1 not saturated (the load
# generators are not); a round that fails either is reported and left out.
# Usage: bench/side-by-side.sh [ROUNDS=12] [SECONDS=20]
#   env: SESSION=watch (or counters) SESSION_ARGS= (more watch options, e.g. "--flight-recorder 30s") CONNS=64 LEAD=5 WARMUP=60 PEER_TOOL= (another build's dll, watched instead of this one)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-12}
WINDOW=${2:-20}
SESSION=${SESSION:-watch}; CONNS=${CONNS:-64}; LEAD=${LEAD:-5}; WARMUP=${WARMUP:-60}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
SESSION_TOOL=${PEER_TOOL:-$TOOL}
CG=/sys/fs/cgroup/cpu
OUT=$(mktemp -d /tmp/pooldoctor-side-by-side-XXXXXX)
dotnet build -c Release src/PoolDoctor -v q -nologo >/dev/null
session=""; labs=(); launchers=()
cleanup() {
  [ -n "$session" ] && kill "$session" 2>/dev/null || true
  for p in "${launchers[@]}" "${labs[@]}"; do kill "$p" 2>/dev/null || true; done
  sleep 0.5; for g in A B; do rmdir "$CG/pooldoctor-$g" 2>/dev/null || true; done
  rm -rf "$OUT"
}
trap cleanup EXIT
grouped=0
if mkdir -p "$CG/pooldoctor-A" "$CG/pooldoctor-B" 2>/dev/null && echo 1024 >"$CG/pooldoctor-A/cpu.shares" && echo 1024 >"$CG/pooldoctor-B/cpu.shares"; then
  grouped=1
else
  echo "no writable cpu cgroup ($CG): the labs share CPU 0 by thread, so a lab with more runnable threads gets more of it"
fi
ports=(); urls=()
for g in A B; do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  # The shell puts itself in the group, then becomes the lab: every thread the lab starts inherits the group.
  sh -c 'if [ "$1" = 1 ]; then echo $$ > "$2/cgroup.procs"; fi; shift 2; exec "$@"' _ "$grouped" "$CG/pooldoctor-$g" \
    taskset -c 0 dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab-$g.log" 2>&1 &
  launchers+=($!)
  ports+=("$port"); urls+=("http://127.0.0.1:$port/api/diagscenario/hello")
done
for g in A B; do
  for _ in $(seq 600); do grep -q "listening on" "$OUT/lab-$g.log" && break; sleep 0.1; done
  grep -q "listening on" "$OUT/lab-$g.log" || { echo "lab $g did not start"; cat "$OUT/lab-$g.log"; exit 1; }
  labs+=("$(grep -o 'pid [0-9]*' "$OUT/lab-$g.log" | head -1 | cut -d' ' -f2)")
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr), .NET $(dotnet --version)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), session: $SESSION of ${PEER_TOOL:-this build}, cgroups: $grouped, labs ${labs[*]} on CPU 0, loads -c $CONNS each and the session on CPU 1, $WINDOW s windows, load average $(cut -d' ' -f1-3 /proc/loadavg)"

cpu_of() { awk '{print ($14+$15)/100}' "/proc/$1/stat" 2>/dev/null || echo 0; }
cores() { awk '/^cpu[01] /{print $1, $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat | tr '\n' ' '; }
loads() { # SECONDS TAG [CONNS]: both labs loaded at once; the two start together, neither first
  taskset -c 1 dotnet "$TOOL" load "${urls[0]}" -c "${3:-$CONNS}" -d "${1}s" --format json >"$OUT/$2-A.json" 2>/dev/null &
  local a=$!
  taskset -c 1 dotnet "$TOOL" load "${urls[1]}" -c "${3:-$CONNS}" -d "${1}s" --format json >"$OUT/$2-B.json" 2>/dev/null &
  local b=$!
  wait "$a" "$b"
}
window() { # WATCHED (A, B or none): one line per round
  local c0 la0 lb0 c1 la1 lb1
  c0=$(cores); la0=$(cpu_of "${labs[0]}"); lb0=$(cpu_of "${labs[1]}")
  loads "$WINDOW" m
  c1=$(cores); la1=$(cpu_of "${labs[0]}"); lb1=$(cpu_of "${labs[1]}")
  python3 - "$1" "$OUT" "$c0" "$c1" "$la0" "$la1" "$lb0" "$lb1" <<'PY'
import json, sys
w, out, c0, c1 = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split()
la, lb = float(sys.argv[6]) - float(sys.argv[5]), float(sys.argv[8]) - float(sys.argv[7])
def busy(i):  # fields: name busy total, twice
    b0, t0, b1, t1 = int(c0[3 * i + 1]), int(c0[3 * i + 2]), int(c1[3 * i + 1]), int(c1[3 * i + 2])
    return 100 * (b1 - b0) / max(1, t1 - t0)
a, b = (json.load(open(f"{out}/m-{g}.json")) for g in "AB")
print(w, a["rps"]["overall"], b["rps"]["overall"], a["latencyMs"]["p99"], b["latencyMs"]["p99"],
      round(1e6 * la / max(1, a["requests"]), 2), round(1e6 * lb / max(1, b["requests"]), 2), round(busy(0), 1), round(busy(1), 1))
PY
}
loads "$WARMUP" warm  # tiered JIT and PGO: hello's req/s still climbs for a minute after the start
order=(A B none)
for round in $(seq "$ROUNDS"); do
  watched=${order[$(( (round - 1) % 3 ))]}
  if [ "$watched" != none ]; then
    lab=${labs[0]}; [ "$watched" = B ] && lab=${labs[1]}
    case "$SESSION" in
      watch) taskset -c 1 dotnet "$SESSION_TOOL" watch -p "$lab" --reports "$OUT/reports" ${SESSION_ARGS:-} >/dev/null 2>&1 & ;;
      *) taskset -c 1 dotnet "$SESSION_TOOL" "$SESSION" -p "$lab" --format json >/dev/null 2>&1 & ;;
    esac
    session=$!
  fi
  # A light load on both labs spans the round, so both stay saturated while the measured loads start and stop (a
  # lab alone on the core for a moment would get all of it) and the session is warm when the window opens.
  loads $((LEAD + WINDOW + 4)) filler 8 & filler=$!
  sleep "$LEAD"
  window "$watched"
  wait "$filler"
  if [ -n "$session" ]; then kill -TERM "$session"; wait "$session" || true; session=""; fi
done | tee "$OUT/rounds.txt"
python3 - "$OUT/rounds.txt" <<'PY'
import math, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
T = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 11: 2.20, 12: 2.18, 15: 2.13, 20: 2.09, 30: 2.04}
def interval(logs):
    m = statistics.mean(logs)
    if len(logs) < 2:
        return math.exp(m), float('nan'), float('nan')
    se = statistics.stdev(logs) / math.sqrt(len(logs)); t = T.get(len(logs) - 1, 2.0 if len(logs) > 31 else 2.3)
    return math.exp(m), math.exp(m - t * se), math.exp(m + t * se)
ok = [r for r in rows if float(r[7]) >= 90 and float(r[8]) <= 90]
bad = len(rows) - len(ok)
print(f"rounds: {len(rows)}, valid (CPU 0 >= 90 % busy, CPU 1 <= 90 %): {len(ok)}" + (f"; left out: {bad}" if bad else ""))
if not ok:
    sys.exit("no valid round: nothing to summarise (the machine's other load saturated a CPU)")
print(f"CPU 0 busy {min(float(r[7]) for r in rows):.0f}-{max(float(r[7]) for r in rows):.0f} %, CPU 1 busy {min(float(r[8]) for r in rows):.0f}-{max(float(r[8]) for r in rows):.0f} %")
def ratio(r, col):  # watched over unwatched (A over B when none)
    a, b = float(r[col]), float(r[col + 1])
    return b / a if r[0] == 'B' else a / b
for name, col in (("req/s", 1), ("p99", 3), ("lab CPU per request", 5)):
    none = [math.log(ratio(r, col)) for r in ok if r[0] == 'none']
    # A watched gives (A/B)*c, B watched gives (B/A)*c: the product of a pair cancels the labs' own difference.
    # Rounds go A, B, none, A, B, none...: the k-th A-watched and k-th B-watched rounds make a pair, a minute apart.
    pa = [math.log(ratio(r, col)) for r in ok if r[0] == 'A']
    pb = [math.log(ratio(r, col)) for r in ok if r[0] == 'B']
    watched = [(x + y) / 2 for x, y in zip(pa, pb)]
    g, lo, hi = interval(watched)
    n, nlo, nhi = interval(none) if none else (float('nan'),) * 3
    print(f"{name:20} watched/unwatched: geometric mean {g:.4f}, 95 % interval {lo:.4f}..{hi:.4f} ({len(watched)} A/B pairs); "
          f"A/B with no session: {n:.4f} ({nlo:.4f}..{nhi:.4f}, {len(none)} rounds)")
for w in ('A', 'B'):
    rs = [r for r in ok if r[0] == w]
    if rs:
        print(f"  {w} watched: req/s ratio per round {' '.join(f'{ratio(r, 1):.4f}' for r in rs)}")
print(f"  none: A/B req/s per round {' '.join(f'{ratio(r, 1):.4f}' for r in ok if r[0] == 'none')}")
PY
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
