#!/usr/bin/env bash
# Time to verdict: RUNS times (fresh lab, `load` on taskwait with 125 connections, then `detect`), the seconds from
# load start to the Starving verdict. Reference measured in the same run: when the runtime itself first announced a
# blocking injection (event 55, Reason Starvation or CooperativeBlocking), which no detector can beat.
# Usage: bench/time-to-verdict.sh [RUNS]   Goal: median <= 2 s.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
dotnet build -c Release src/PoolDoctor >/dev/null
now() { date +%s.%N; }
results=()
for run in $(seq "$RUNS"); do
  port=$((30000 + RANDOM % 20000))
  dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" >/tmp/ttv-lab.log 2>&1 &
  lab=$!
  for _ in $(seq 600); do grep -q listening /tmp/ttv-lab.log && break; sleep 0.1; done
  curl -s "http://127.0.0.1:$port/api/diagscenario/hello" >/dev/null
  load_start=$(now)
  dotnet "$TOOL" load "http://127.0.0.1:$port/api/diagscenario/taskwait" -c 125 -d 25s --timeout 30s >/dev/null 2>&1 &
  load=$!
  detect_start=$(now)
  dotnet "$TOOL" detect -p "$lab" --timeout 20s --format json >/tmp/ttv-detect.json
  detect_end=$(now)
  kill "$load" "$lab" 2>/dev/null || true
  wait "$load" "$lab" 2>/dev/null || true
  line=$(python3 - "$load_start" "$detect_start" "$detect_end" <<'PY'
import json, sys
load_start, detect_start, detect_end = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
d = json.load(open('/tmp/ttv-detect.json'))
offset = detect_start - load_start          # detect was started this long after the load
first = [i['seconds'] for i in d['injections'] if i['reason'] in ('Starvation', 'CooperativeBlocking')]
runtime = offset + d['watchStartedSeconds'] + first[0] if first else float('nan')
# Wall clock until `detect` exited: includes its process start-up (before its own clock starts), the session stop
# and printing, so it is an upper bound of "load start -> verdict".
verdict = detect_end - load_start if d['secondsToVerdict'] is not None else float('nan')
print(f"{d['verdict']} {verdict:.2f} {runtime:.2f} {d['secondsToVerdict']} {d['rule']}")
PY
)
  echo "run $run: verdict, load start -> detect exited with it (s), load start -> runtime's first blocking injection (s, lower bound), detect's own secondsToVerdict, rule: $line"
  results+=("$line")
done
printf '%s\n' "${results[@]}" | python3 -c '
import sys, statistics
rows = [l.split() for l in sys.stdin if l.strip()]
starving = [float(r[1]) for r in rows if r[0] == "Starving"]
runtime = [float(r[2]) for r in rows if r[2] != "nan"]
print(f"runs={len(rows)} starving={len(starving)}")
if starving: print(f"median load-start->Starving (detect exited): {statistics.median(starving):.2f} s (min {min(starving):.2f}, max {max(starving):.2f})")
if runtime: print(f"median load-start->runtime first blocking injection: {statistics.median(runtime):.2f} s")
if starving and runtime: print(f"ratio verdict/runtime signal: {statistics.median(starving)/statistics.median(runtime):.2f}")
'
