#!/usr/bin/env bash
# Records a large trace for bench/big-trace.sh (by hand, not in CI): bench/BlockedJobs keeping JOBS sync-over-async
# jobs queued, its pool minimum raised to JOBS (DOTNET_ThreadPool_ForceMinWorkerThreads, as a server sized for blocking
# code would set it) so JOBS pool threads are blocked at once, captured by the tool's own `stacks --output` for
# SECONDS. The trace grows with samples, one per thread per sampling round, so many blocked threads make a big trace
# in few minutes; a console worker rather than the lab under HTTP load leaves the 2 cores to the sampler. Under the lock:
#   flock /tmp/pooldoctor-load.lock bench/big-trace-record.sh OUT.nettrace [SECONDS=360] [JOBS=1000]
# With STOP_AT_BYTES=N in the environment the capture is ended (SIGTERM) once the trace holds N bytes.
# Prints the trace's size and the capture's own summary (`stacks` header); never commit the trace.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: bench/big-trace-record.sh OUT.nettrace [SECONDS=360] [JOBS=1000]}
WINDOW=${2:-360}; JOBS=${3:-1000}
WARM=15
TOOL=$PWD/artifacts/bench/tool-here
APP=$PWD/artifacts/bench/blocked-jobs
dotnet build src/PoolDoctor -c Release -v q -nologo -o "$TOOL" >/dev/null
dotnet build bench/BlockedJobs -c Release -v q -nologo -o "$APP" >/dev/null
LOG=$(mktemp -d)
# The worker outlives the capture: the capture's own analysis runs after the session stops; it is killed at the end.
env DOTNET_ThreadPool_ForceMinWorkerThreads="$(printf '0x%X' "$JOBS")" \
  dotnet "$APP/BlockedJobs.dll" "$((WARM + WINDOW + 900))" "$JOBS" >"$LOG/app.log" 2>&1 &
APP_PID=$!
trap 'kill "$APP_PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$LOG"' EXIT
sleep "$WARM"
echo "BlockedJobs pid $APP_PID, $JOBS jobs, pool minimum $JOBS, $(ls /proc/$APP_PID/task | wc -l) threads after ${WARM}s;" \
  "capture ${WINDOW}s; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
start=$(date +%s)
dotnet "$TOOL/dotnet-pooldoctor.dll" stacks -p "$APP_PID" --duration "${WINDOW}s" --output "$OUT" >"$LOG/stacks.txt" 2>&1 &
STACKS_PID=$!
# STOP_AT_BYTES: end the capture once the trace holds that many bytes, with SIGTERM, which the tool takes as Ctrl+C
# (SIGINT itself is ignored by a command a script starts with '&'). The tool then stops the session and reads what it
# recorded; past its 60 s grace for that read (a trace of a gigabyte on a busy machine) it exits 143 without a summary,
# and the trace is whole either way: the session was stopped first. How fast a trace grows depends on how busy the
# machine is, hence a size rather than a duration.
STOPPED=
if [ -n "${STOP_AT_BYTES:-}" ]; then
  while kill -0 "$STACKS_PID" 2>/dev/null; do
    if [ "$(stat -c %s "$OUT" 2>/dev/null || echo 0)" -ge "$STOP_AT_BYTES" ]; then
      echo "trace reached $STOP_AT_BYTES bytes after $(( $(date +%s) - start )) s: SIGTERM to the capture"
      kill -TERM "$STACKS_PID"; STOPPED=1; break
    fi
    sleep 2
  done
fi
status=0; wait "$STACKS_PID" || status=$?
if [ "$status" -ne 0 ] && ! { [ -n "$STOPPED" ] && { [ "$status" -eq 130 ] || [ "$status" -eq 143 ]; }; }; then
  echo "stacks failed (exit $status):"; tail -5 "$LOG/stacks.txt"; exit 1
fi
echo "capture + its analysis: $(( $(date +%s) - start )) s; trace $(stat -c %s "$OUT") bytes ($(du -h "$OUT" | cut -f1));" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
sed -n '1p' "$LOG/stacks.txt"
