#!/usr/bin/env bash
# Soak of `dotnet-pooldoctor watch` beside the lab: alternating healthy (taskasyncwait) and starving (taskwait) loads,
# sampling the watch's RSS, the lab's open EventPipe sessions (its ".NET EventPipe" threads: one for the diagnostic
# server, one more per session) and the watch's own metrics every 30 s; SIGTERM at the end, then checks the lab is
# back to its baseline sessions. Prints one CSV row per sample and a summary.
#   bash bench/soak-watch.sh [DURATION_SECONDS=1800] [PHASE_SECONDS=60]
# Needs a Release build (dotnet build PoolDoctor.slnx -c Release), or POOLDOCTOR_TOOL=path/to/dotnet-pooldoctor.dll.
# Loopback only; every process it starts is killed.
set -uo pipefail
cd "$(dirname "$0")/.."
duration=${1:-1800}
phase=${2:-60}
tool=${POOLDOCTOR_TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
[ -f "$tool" ] || { echo "build first: dotnet build PoolDoctor.slnx -c Release" >&2; exit 1; }
work=$(mktemp -d /tmp/pooldoctor-soak.XXXXXX)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
lab_port=$(free_port); metrics_port=$(free_port)
pids=()
cleanup() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done; }
trap cleanup EXIT

dotnet "$tool" lab --urls "http://127.0.0.1:$lab_port" > "$work/lab.log" 2>&1 & lab=$!; pids+=("$lab")
for _ in $(seq 60); do grep -q "listening on" "$work/lab.log" && break; sleep 0.5; done
sessions() { cat /proc/"$lab"/task/*/comm 2>/dev/null | grep -c '^\.NET EventPipe$'; }
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2/1024 }' /proc/"$1"/status 2>/dev/null; }
metric() { curl -s "127.0.0.1:$metrics_port/metrics" | awk -v m="$1" '$1 == m { print $2 }'; }
baseline=$(sessions)

dotnet "$tool" watch -p "$lab" --reports "$work/reports" --cooldown 2m --keep 5 --metrics "127.0.0.1:$metrics_port" \
  > "$work/watch.log" 2> "$work/watch.err" & watch=$!; pids+=("$watch")
sleep 5
echo "lab pid $lab, watch pid $watch, baseline EventPipe threads $baseline, $duration s, phases of $phase s, work dir $work"
echo "t_s,phase,watch_rss_mb,lab_eventpipe_threads,pooldoctor_starving,reports_total,report_folders"
start=$(date +%s); n=0
while [ $(( $(date +%s) - start )) -lt "$duration" ]; do
  if [ $((n % 2)) -eq 0 ]; then route=taskasyncwait; conns=50; else route=taskwait; conns=200; fi
  dotnet "$tool" load "http://127.0.0.1:$lab_port/api/diagscenario/$route" -c "$conns" -d "${phase}s" > /dev/null 2>&1 & load=$!; pids+=("$load")
  phase_start=$(date +%s)
  while kill -0 "$load" 2>/dev/null; do
    sleep 30
    echo "$(( $(date +%s) - start )),$route,$(rss_mb "$watch"),$(sessions),$(metric pooldoctor_starving),$(metric pooldoctor_reports_total),$(ls "$work/reports" 2>/dev/null | wc -l)"
    [ $(( $(date +%s) - phase_start )) -gt $((phase + 60)) ] && kill -9 "$load" 2>/dev/null
  done
  wait "$load" 2>/dev/null
  n=$((n + 1))
done
kill -TERM "$watch"; wait "$watch"; code=$?
sleep 2
echo "watch exit code after SIGTERM: $code"
echo "lab EventPipe threads after the watch: $(sessions) (baseline $baseline)"
echo "episodes began: $(grep -c 'episode began' "$work/watch.log"), reports written: $(grep -c 'report written' "$work/watch.log"), report folders kept: $(ls "$work/reports" | wc -l) (--keep 5)"
echo "watch log lines: $(wc -l < "$work/watch.log"), stderr lines: $(wc -l < "$work/watch.err")"
