#!/usr/bin/env bash
# Records what three verbs saw of ONE process, for the detector's "one verdict whichever verb asks" fixtures: a fresh
# lab, 125 connections on ROUTE, and beside it `counters --format json` (1 s, the interval of `counters` and `watch`)
# for the whole run, `detect -p --format json` (0.5 s) attached 1 s into the load, and `diagnose -p` on the same process
# as soon as detect ends. Output, in OUT: NAME-counters.jsonl, NAME-detect.jsonl and NAME-diagnose.jsonl (the samples
# and injections of detect's JSON and of report.json, one line per sample with each injection on the first sample at or
# after it, as fixtures/counters/README.md describes), NAME-detect.json and NAME-diagnose.txt (what the verbs printed).
# HOG=N runs N busy workers per core (`stress-ng --cpu`, ended with the run; keep it short on a shared machine);
# LAB_ENV="NAME=VALUE ..." sets the lab's environment only (e.g. DOTNET_PROCESSOR_COUNT=1).
# Usage: [HOG=2] [LAB_ENV=...] scripts/record-verb-agreement.sh ROUTE NAME OUT [LOAD_SECONDS=30]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUTE=$1; NAME=$2; OUT=$3; LOAD_SECONDS=${4:-30}; HOG=${HOG:-0}; CONNS=${CONNS:-125}
TOOL=$PWD/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
WORK=$(mktemp -d /tmp/pooldoctor-agreement-XXXXXX)
mkdir -p "$OUT"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
grpc=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
env ${LAB_ENV:-} dotnet "$TOOL" lab --urls "http://127.0.0.1:$port" --grpc-urls "http://127.0.0.1:$grpc" >"$WORK/lab.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do grep -q "listening on" "$WORK/lab.log" && break; sleep 0.1; done
lab=$(grep -o 'pid [0-9]*' "$WORK/lab.log" | head -1 | cut -d' ' -f2)
echo "machine: $(nproc) cores, $(uname -sr); date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD); route $ROUTE, $HOG busy worker(s) per core, lab env '${LAB_ENV:-}', load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$HOG" -gt 0 ]; then
  stress-ng --cpu $(( HOG * $(nproc) )) --timeout "$(( LOAD_SECONDS + 4 ))s" --quiet &
  pids+=($!)
fi
dotnet "$TOOL" counters -p "$lab" --format json --duration "$(( LOAD_SECONDS + 1 ))s" >"$OUT/$NAME-counters.jsonl" 2>"$WORK/counters.err" &
pids+=($!)
counters=$!
dotnet "$TOOL" load "http://127.0.0.1:$port/api/diagscenario/$ROUTE" -c "$CONNS" -d "${LOAD_SECONDS}s" >"$WORK/load.txt" 2>&1 &
pids+=($!)
sleep 1
timeout 30 dotnet "$TOOL" detect -p "$lab" --timeout 10s --format json >"$OUT/$NAME-detect.json" 2>"$WORK/detect.err" || true
timeout 40 dotnet "$TOOL" diagnose -p "$lab" --min-duration 0 --duration 10s --no-evidence --output "$WORK" >"$OUT/$NAME-diagnose.txt" 2>&1 || true
wait "$counters" || true
python3 - "$OUT/$NAME-detect.json" "$WORK/report.json" "$OUT/$NAME-detect.jsonl" "$OUT/$NAME-diagnose.jsonl" <<'PY'
import json, sys
def convert(src, dst):
    r = json.load(open(src))
    samples, injections = r["samples"], sorted(r.get("injections", []), key=lambda i: i["seconds"])
    with open(dst, "w") as out:
        for s in samples:
            s = dict(s)
            s["injections"] = [i for i in injections if i["seconds"] <= s["seconds"]]
            injections = injections[len(s["injections"]):]
            out.write(json.dumps(s, separators=(",", ":")) + "\n")
    verdict = r["verdict"]["kind"] if isinstance(r["verdict"], dict) else r["verdict"]
    rule = r["verdict"].get("rule") if isinstance(r["verdict"], dict) else r.get("rule")
    print(f"{dst}: {len(samples)} samples, verdict {verdict} ({rule})")
convert(sys.argv[1], sys.argv[3])
convert(sys.argv[2], sys.argv[4])
PY
echo "$OUT/$NAME-counters.jsonl: $(wc -l <"$OUT/$NAME-counters.jsonl") intervals"
