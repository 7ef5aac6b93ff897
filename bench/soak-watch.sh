#!/usr/bin/env bash
# Soak of `dotnet-pooldoctor watch` beside the lab: alternating healthy (taskasyncwait) and starving (taskwait) loads,
# sampling the watch's memory from /proc (RSS, RssAnon, RssFile, the malloc heaps; bench/soak-proc.py), its threads,
# open fds and mappings, the temp files it leaves, the lab's open EventPipe sessions (its ".NET EventPipe" threads: one
# for the diagnostic server, one more per session) and the watch's own metrics; now and then the watch's GC heap (a
# 3 s `counters` session on the watch itself, so rarely). SIGTERM at the end, then checks the lab is back to its
# baseline sessions, and prints the flatness verdict bench/soak-verdict.py computes from the samples.
#   bash bench/soak-watch.sh [DURATION_SECONDS=1800] [PHASE_SECONDS=60]
# Environment (defaults in brackets):
#   POOLDOCTOR_TOOL     the dotnet-pooldoctor.dll to run [the Release build]; copy it aside for a long run
#   SOAK_COOLDOWN       watch --cooldown [2m]        SOAK_SAMPLE   seconds between samples [30]
#   SOAK_GC_EVERY       read the GC heap through a `counters` session every N samples, 0 = never [10]; the watch's
#                       /metrics give its heap after the last collection and the GC's committed memory at every sample
#   SOAK_METRICS        1 = watch --metrics on a free loopback port, 0 = without [1]
#   SOAK_STARVE         1 = alternate healthy and starving phases, 0 = healthy phases only (no capture) [1]
#   SOAK_MAX_SLOPE      the verdict's limit on the RSS slope, MB/hour [5]
#   SOAK_OUT            where the samples go (CSV) [WORK_DIR/samples.csv]
# Any other variable (DOTNET_*, MALLOC_ARENA_MAX) reaches the watch as usual. Loopback only; every process it
# starts is killed.
set -uo pipefail
cd "$(dirname "$0")/.."
duration=${1:-1800}
phase=${2:-60}
tool=${POOLDOCTOR_TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
cooldown=${SOAK_COOLDOWN:-2m}
every=${SOAK_SAMPLE:-30}
gc_every=${SOAK_GC_EVERY:-10}
with_metrics=${SOAK_METRICS:-1}
starve=${SOAK_STARVE:-1}
[ -f "$tool" ] || { echo "build first: dotnet build PoolDoctor.slnx -c Release" >&2; exit 1; }
work=$(mktemp -d /tmp/pooldoctor-soak.XXXXXX)
out=${SOAK_OUT:-$work/samples.csv}
# The watch's own temp folder: what it leaves there (traces, .etlx) is counted without other tools' files.
mkdir -p "$work/tmp"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
lab_port=$(free_port); metrics_port=$(free_port)
pids=()
cleanup() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done; }
trap cleanup EXIT

dotnet "$tool" lab --urls "http://127.0.0.1:$lab_port" > "$work/lab.log" 2>&1 & lab=$!; pids+=("$lab")
for _ in $(seq 60); do grep -q "listening on" "$work/lab.log" && break; sleep 0.5; done
sessions() { cat /proc/"$lab"/task/*/comm 2>/dev/null | grep -c '^\.NET EventPipe$'; }
metric() { [ "$with_metrics" = 1 ] && curl -s "127.0.0.1:$metrics_port/metrics" | awk -v m="$1" '$1 == m { print $2 }'; }
# The watch's own GC figures from its /metrics (heap after its last collection, committed): no session into the watch.
mb() { [ -n "$1" ] && python3 -c 'import sys; print(round(float(sys.argv[1]) / 1048576, 1))' "$1"; }
gc_heap() {
  timeout 30 dotnet "$tool" counters -p "$watch" --duration 3s --format json 2>/dev/null | tail -n 1 \
    | python3 -c 'import json,sys; print(json.loads(sys.stdin.read() or "{}").get("gcHeapMb", ""))' 2>/dev/null
}
baseline=$(sessions)

metrics_args=()
[ "$with_metrics" = 1 ] && metrics_args=(--metrics "127.0.0.1:$metrics_port")
TMPDIR="$work/tmp" dotnet "$tool" watch -p "$lab" --reports "$work/reports" --cooldown "$cooldown" --keep 5 "${metrics_args[@]}" \
  > "$work/watch.log" 2> "$work/watch.err" & watch=$!; pids+=("$watch")
sleep 5
echo "$(date -u +%FT%TZ) lab pid $lab, watch pid $watch, baseline EventPipe threads $baseline, $duration s, phases of $phase s, cooldown $cooldown, sample every $every s, metrics $with_metrics, starving phases $starve, load average $(cut -d' ' -f1-3 /proc/loadavg), work dir $work"
header="t_s,phase,rss_mb,anon_mb,file_mb,malloc_mb,threads,fds,maps,gc_heap_mb,lab_eventpipe_threads,pooldoctor_starving,reports_written,report_folders,temp_files,own_gc_heap_mb,own_gc_committed_mb"
echo "$header" | tee "$out"
start=$(date +%s); n=0; samples=0
while [ $(( $(date +%s) - start )) -lt "$duration" ]; do
  if [ $((n % 2)) -eq 0 ] || [ "$starve" != 1 ]; then route=taskasyncwait; conns=50; else route=taskwait; conns=200; fi
  dotnet "$tool" load "http://127.0.0.1:$lab_port/api/diagscenario/$route" -c "$conns" -d "${phase}s" > /dev/null 2>&1 & load=$!; pids+=("$load")
  phase_start=$(date +%s)
  while kill -0 "$load" 2>/dev/null; do
    sleep "$every"
    samples=$((samples + 1))
    heap=""
    if [ "$gc_every" -gt 0 ] && [ $((samples % gc_every)) -eq 0 ]; then heap=$(gc_heap); fi
    echo "$(( $(date +%s) - start )),$route,$(python3 bench/soak-proc.py "$watch"),$heap,$(sessions),$(metric pooldoctor_starving),$(grep -c 'report written' "$work/watch.log"),$(ls "$work/reports" 2>/dev/null | wc -l),$(ls "$work/tmp" | grep -c '^pooldoctor-'),$(mb "$(metric pooldoctor_watch_gc_heap_bytes)"),$(mb "$(metric pooldoctor_watch_gc_committed_bytes)")" | tee -a "$out"
    [ $(( $(date +%s) - phase_start )) -gt $((phase + 60)) ] && kill -9 "$load" 2>/dev/null
  done
  wait "$load" 2>/dev/null
  n=$((n + 1))
done
kill -TERM "$watch"; wait "$watch"; code=$?
sleep 2
echo "$(date -u +%FT%TZ) load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "watch exit code after SIGTERM: $code"
echo "lab EventPipe threads after the watch: $(sessions) (baseline $baseline)"
echo "episodes began: $(grep -c 'episode began' "$work/watch.log"), reports written: $(grep -c 'report written' "$work/watch.log"), report folders kept: $(ls "$work/reports" 2>/dev/null | wc -l) (--keep 5)"
echo "temp files the watch left: $(ls "$work/tmp" | grep -c '^pooldoctor-')"
echo "watch log lines: $(wc -l < "$work/watch.log"), stderr lines: $(wc -l < "$work/watch.err")"
python3 bench/soak-verdict.py "$out" "${SOAK_MAX_SLOPE:-5}"
