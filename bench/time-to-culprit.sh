#!/usr/bin/env bash
# Time to culprit, by hand (not in CI). Prints the figures to paste into bench/RESULTS.md.
#  (a) `diagnose -p LAB` on an already-starving lab: a fresh lab per run, `load .../taskwait -c 125` started, 5 s later
#      `diagnose -p LAB --output DIR` started; the figure is wall clock from diagnose's start until DIR/report.json exists.
#  (b) capture + grouping of ~1,000 blocked threads (GET /api/diagscenario/park/1000: dedicated threads blocked on a
#      wait): `stacks -p LAB --duration 1s --all --format json` wall time (and its own POOLDOCTOR_TIMING split), alternated
#      in the same run with the peer: dotnet-trace recording the same providers (sample profiler, the runtime's
#      loader/JIT/IL-map/contention/wait-handle keywords, TPL task waits; not the ASP.NET Core bridge) for 1 s with its
#      default rundown, resolving and grouping nothing.
# Usage: bench/time-to-culprit.sh [RUNS=3]   env: DOTNET_TRACE=path to dotnet-trace (else part (b) has no peer),
#        PARTS="a b", ROUTES="taskwait" (part (a): lab routes under /api/diagscenario), PEER_TOOL=another build to alternate with in (a)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
PARTS=${PARTS:-a b}
ROUTES=${ROUTES:-taskwait}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
DOTNET_TRACE=${DOTNET_TRACE:-$(command -v dotnet-trace || true)}
OUT=$(mktemp -d /tmp/pooldoctor-ttc-XXXXXX)
dotnet build -c Release src/PoolDoctor -v q -nologo >/dev/null
launcher=""; loader=""; doctor=""
stop_all() {
  for p in "$doctor" "$loader" "$launcher"; do if [ -n "$p" ]; then kill "$p" 2>/dev/null || true; fi; done
  for p in "$doctor" "$loader" "$launcher"; do if [ -n "$p" ]; then wait "$p" 2>/dev/null || true; fi; done
  if [ -n "${lab:-}" ]; then kill "$lab" 2>/dev/null || true; fi
  doctor=""; loader=""; launcher=""; lab=""
}
trap 'stop_all; rm -rf "$OUT"' EXIT
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
start_lab() {
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >"$OUT/lab.log" 2>&1 &
  launcher=$!
  for _ in $(seq 600); do grep -q "listening on" "$OUT/lab.log" && break; sleep 0.1; done
  grep -q "listening on" "$OUT/lab.log" || { echo "the lab did not start"; cat "$OUT/lab.log"; exit 1; }
  lab=$(grep -o 'pid [0-9]*' "$OUT/lab.log" | head -1 | cut -d' ' -f2)
  base="http://127.0.0.1:$port/api/diagscenario"
  curl -sf -m 10 "$base/hello" >/dev/null
}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr), .NET $(dotnet --version)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# (a) diagnose on an already-starving target; with PEER_TOOL (another build's dotnet-pooldoctor.dll) the same run
# alternates both builds on the same routes, so the comparison is a ratio from one run; which build goes first swaps
# every run.
if [[ " $PARTS " == *" a "* ]]; then
for route in $ROUTES; do
  for tool in "$TOOL" ${PEER_TOOL:+"$PEER_TOOL"}; do times_var="t_$(echo "$route$tool" | md5sum | cut -c1-8)"; declare -a "$times_var=()"; done
  for run in $(seq "$RUNS"); do
    # The order swaps every run: the first build of a pair ran on a machine that had just started a lab less often.
    order=("$TOOL" ${PEER_TOOL:+"$PEER_TOOL"})
    if [ -n "${PEER_TOOL:-}" ] && [ $((run % 2)) -eq 0 ]; then order=("$PEER_TOOL" "$TOOL"); fi
    for tool in "${order[@]}"; do
      start_lab
      dotnet "$TOOL" load "$base/$route" -c 125 -d 40s --format json >/dev/null 2>&1 &
      loader=$!
      sleep 5
      rm -rf "$OUT/diag"; mkdir -p "$OUT/diag"
      t0=$(now)
      # The time to the culprit, not to the end of the record's tail: --min-duration 0 where the build has it.
      fast=(); dotnet "$tool" diagnose --help 2>/dev/null | grep -q -- --min-duration && fast=(--min-duration 0)
      POOLDOCTOR_TIMING=1 dotnet "$tool" diagnose -p "$lab" "${fast[@]}" --duration 30s --output "$OUT/diag" >"$OUT/diag.txt" 2>&1 &
      doctor=$!
      while [ ! -s "$OUT/diag/report.json" ] && kill -0 "$doctor" 2>/dev/null; do sleep 0.02; done
      t1=$(now)
      wait "$doctor" || true; doctor=""
      [ -s "$OUT/diag/report.json" ] || { echo "run $run: no report.json"; cat "$OUT/diag.txt"; exit 1; }
      verdict=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=d.get("culprits") or [{}]; print(d.get("verdict"), "at", d.get("verdictAtSeconds"), "s after attach (its own clock), culprit", c[0].get("method"))' "$OUT/diag/report.json" 2>/dev/null || echo "?")
      s=$(echo "$t1 - $t0" | bc)
      times_var="t_$(echo "$route$tool" | md5sum | cut -c1-8)"; eval "$times_var+=(\"\$s\")"
      echo "(a) $route, $tool, run $run: diagnose start -> report.json ${s} s, verdict $verdict, load average $(cut -d' ' -f1 /proc/loadavg)"
      # diagnose's own timeline (POOLDOCTOR_TIMING=1; a build without it prints none), in seconds from its start.
      python3 - "$t0" "$OUT/diag.txt" <<'PY'
import sys
t0 = float(sys.argv[1])
line = next((l for l in open(sys.argv[2]) if l.startswith("timeline:")), None)
if line:
    print("    moments (s): " + " ".join(f"{k}={float(v) - t0:.2f}" for k, v in (kv.split("=") for kv in line.split()[1:])))
PY
      stop_all
    done
  done
  for tool in "$TOOL" ${PEER_TOOL:+"$PEER_TOOL"}; do
    times_var="t_$(echo "$route$tool" | md5sum | cut -c1-8)[@]"
    echo "(a) $route, $tool: diagnose -p PID on a starving lab -> report.json: median $(printf '%s\n' "${!times_var}" | median) s (runs: ${!times_var})"
  done
done
fi

# (b) 1,000 blocked threads: stacks vs a bare 1 s capture of the same providers
if [[ " $PARTS " == *" b "* ]]; then
start_lab
curl -sf -m 120 "$base/park/1000?seconds=120" >/dev/null
threads=$(ls /proc/"$lab"/task | wc -l)
providers="Microsoft-DotNETCore-SampleProfiler,Microsoft-Windows-DotNETRuntime:0x40000024018:5,System.Threading.Tasks.TplEventSource:0x2:5"
ours=(); peer=(); reads=()
for run in $(seq "$RUNS"); do
  t0=$(now); POOLDOCTOR_TIMING=1 dotnet "$TOOL" stacks -p "$lab" --duration 1s --all --format json >"$OUT/stacks.json" 2>"$OUT/timing.txt"; t1=$(now)
  ours+=("$(echo "$t1 - $t0" | bc)")
  reads+=("$(grep -o 'read [0-9.]* s' "$OUT/timing.txt" | cut -d' ' -f2)")
  echo "(b) run $run: stacks ${ours[-1]} s; $(grep -o 'timing: .*' "$OUT/timing.txt")"
  if [ -n "$DOTNET_TRACE" ]; then
    t0=$(now); "$DOTNET_TRACE" collect -p "$lab" --providers "$providers" --duration 00:00:00:01 -o "$OUT/peer.nettrace" >/dev/null 2>&1; t1=$(now)
    peer+=("$(echo "$t1 - $t0" | bc)")
    echo "(b) run $run: dotnet-trace collect 1 s ${peer[-1]} s ($(echo "scale=1; $(stat -c %s "$OUT/peer.nettrace") / 1048576" | bc) MB)"
  fi
done
grouped=$(python3 -c "import json; d=json.load(open('$OUT/stacks.json')); print(d['threads'], 'sampled threads,', len(d['groups']), 'groups')")
O=$(printf '%s\n' "${ours[@]}" | median); R=$(printf '%s\n' "${reads[@]}" | median)
echo "(b) $threads threads in the lab ($grouped): stacks capture+group median $O s (runs: ${ours[*]}); its read phase median $R s"
if [ -n "$DOTNET_TRACE" ]; then
  P=$(printf '%s\n' "${peer[@]}" | median)
  echo "(b) dotnet-trace bare 1 s capture median $P s (runs: ${peer[*]}); ratio stacks/peer $(echo "scale=2; $O / $P" | bc)"
fi
curl -sf -m 10 "$base/park/release" >/dev/null || true
fi
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
