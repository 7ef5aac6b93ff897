#!/usr/bin/env bash
# The verdict's rate beside busy neighbours (issue 37 item 3): N runs of a healthy route and N of a blocking one, each
# beside one and then two busy workers per core (`stress-ng --cpu`), on a fresh lab per run with 125 connections. Each
# run attaches `detect -p` ATTACH_AFTER s (2) into the load (as an on-call engineer does), then `diagnose -p` on the same process as
# soon as detect ends, and prints one line per run and a table: how often each verb said Starving, CpuSaturated, Healthy
# (no finding), BlockingCompensated, and how often the two verbs named the same kind.
# Wanted: 0 Starving over the healthy runs, every blocking run Starving, detect = diagnose on every run.
# For a quiet machine (the neighbours are the point: other load makes the rate meaningless). Needs stress-ng.
# Usage: bench/crowded-verdicts.sh [N=20]
#   HEALTHY=alloc BLOCKING=taskwait HOGS="1 2" LOAD_SECONDS=30 ATTACH_AFTER=2 KEEP=DIR (keeps each run's detect.json
#   and report.json)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20}; HEALTHY=${HEALTHY:-alloc}; BLOCKING=${BLOCKING:-taskwait}; HOGS=${HOGS:-1 2}; LOAD_SECONDS=${LOAD_SECONDS:-30}
ATTACH_AFTER=${ATTACH_AFTER:-2}
TOOL=$PWD/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
command -v stress-ng >/dev/null || { echo "crowded-verdicts: stress-ng is not installed (apt-get install -y stress-ng)" >&2; exit 2; }
[ -f "$TOOL" ] || { echo "crowded-verdicts: build first: dotnet build src/PoolDoctor -c Release" >&2; exit 2; }
WORK=$(mktemp -d /tmp/pooldoctor-crowded-XXXXXX)
RESULTS=$WORK/results.tsv
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; pids=(); }
trap 'cleanup; rm -rf "$WORK"' EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
verdict_of() { # FILE KEY-PATH (detect.json: verdict, report.json: verdict): prints KIND(RULE)
  python3 - "$1" <<'PY'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception:
    print("none(no-output)"); sys.exit()
kind = r.get("verdict"); rule = r.get("rule")
if isinstance(kind, dict):
    kind, rule = kind.get("kind"), kind.get("rule")
print(f"{kind}({rule})")
PY
}

echo "machine: $(nproc) cores, $(uname -sr); date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD); N=$N, healthy=$HEALTHY, blocking=$BLOCKING, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for hog in $HOGS; do
  for kind in healthy blocking; do
    route=$HEALTHY; [ "$kind" = blocking ] && route=$BLOCKING
    for i in $(seq 1 "$N"); do
      run=$WORK/$hog-$kind-$i; mkdir -p "$run"
      port=$(free_port); grpc=$(free_port)
      dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" --grpc-urls "http://127.0.0.1:$grpc" >"$run/lab.log" 2>&1 &
      pids+=($!)
      for _ in $(seq 600); do grep -q "listening on" "$run/lab.log" && break; sleep 0.1; done
      lab=$(grep -o 'pid [0-9]*' "$run/lab.log" | head -1 | cut -d' ' -f2)
      stress-ng --cpu $(( hog * $(nproc) )) --timeout "$(( LOAD_SECONDS + 5 ))s" --quiet &
      pids+=($!)
      dotnet "$TOOL" load "http://127.0.0.1:$port/api/diagscenario/$route" -c 125 -d "${LOAD_SECONDS}s" >/dev/null 2>&1 &
      pids+=($!)
      sleep "$ATTACH_AFTER"
      timeout 30 dotnet "$TOOL" detect -p "$lab" --timeout 10s --format json >"$run/detect.json" 2>"$run/detect.err" || true
      timeout 40 dotnet "$TOOL" diagnose -p "$lab" --min-duration 0 --duration 10s --no-evidence --output "$run" >"$run/diagnose.log" 2>&1 || true
      d=$(verdict_of "$run/detect.json"); g=$(verdict_of "$run/report.json")
      printf '%s\t%s\t%s\t%s\t%s\n' "$hog" "$kind" "$i" "$d" "$g" | tee -a "$RESULTS"
      [ -n "${KEEP:-}" ] && { mkdir -p "$KEEP/$hog-$kind-$i"; cp "$run"/detect.json "$run"/report.json "$KEEP/$hog-$kind-$i/" 2>/dev/null || true; }
      cleanup
      sleep 1
    done
  done
done
python3 - "$RESULTS" <<'PY'
import sys, collections
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
print()
print("| busy workers/core | route | runs | verb | Starving | CpuSaturated | BlockingCompensated | no finding | detect = diagnose |")
print("|---|---|---|---|---|---|---|---|---|")
groups = collections.defaultdict(list)
for hog, kind, i, d, g in rows:
    groups[(hog, kind)].append((d, g))
for (hog, kind), runs in sorted(groups.items()):
    same = sum(1 for d, g in runs if d.split("(")[0] == g.split("(")[0])
    for verb, pick in (("detect", 0), ("diagnose", 1)):
        kinds = collections.Counter(r[pick].split("(")[0] for r in runs)
        none = len(runs) - kinds["Starving"] - kinds["CpuSaturated"] - kinds["BlockingCompensated"]
        print(f"| {hog} | {kind} | {len(runs)} | {verb} | {kinds['Starving']} | {kinds['CpuSaturated']} | {kinds['BlockingCompensated']} | {none} | {same} of {len(runs)} |")
PY
