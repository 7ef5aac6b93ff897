#!/usr/bin/env bash
# Reading a large trace (by hand, not in CI): peak RSS and wall time of one read (nettrace -> stacks -> culprits,
# bench/ReadLoop with 1 read) by this tree's streaming reader and by REF's reader (default main), alternated, in
# fresh processes, the same run. Run it under the shared lock: flock /tmp/pooldoctor-load.lock bench/big-trace.sh FILE
# Both builds are kept (REF's under artifacts/bench/peer-COMMIT): `bench/big-trace.sh --build-only [REF]` makes them
# outside the lock, so the lock is held only for the reads. Each round also runs this tree's `analyze FILE` (the whole
# verb: read, analysis, text output) under /usr/bin/time and prints its header line. REF=none skips the peer reader
# (main streams since cf15c96, so the peer run only costs lock time). Record a large trace with bench/big-trace-record.sh.
# Usage: bench/big-trace.sh FILE.nettrace [ROUNDS=2] [REF=main|none]
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:?usage: bench/big-trace.sh FILE.nettrace [ROUNDS=2] [REF=main] | --build-only [REF=main]}
if [ "$FILE" = --build-only ]; then ROUNDS=0; REF=${2:-main}; else ROUNDS=${2:-2}; REF=${3:-main}; fi
peer=
[ "$REF" = none ] || peer=$PWD/artifacts/bench/peer-$(git rev-parse --short "$REF^{commit}")
if [ -n "$peer" ] && [ ! -f "$peer/out/ReadLoop.dll" ]; then
  rm -rf "$peer" && mkdir -p "$peer"
  git archive "$REF" | tar -x -C "$peer"
  dotnet build "$peer/bench/ReadLoop" -c Release -v q -nologo -o "$peer/out" >/dev/null
fi
dotnet build bench/ReadLoop -c Release -v q -nologo -o artifacts/bench/readloop-here >/dev/null
dotnet build src/PoolDoctor -c Release -v q -nologo -o artifacts/bench/tool-here >/dev/null
[ "$ROUNDS" -gt 0 ] || { echo "built: artifacts/bench/readloop-here, artifacts/bench/tool-here${peer:+ and $peer/out}"; exit 0; }
echo "file: $FILE ($(du -h "$FILE" | cut -f1)), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "reader,round,wall_s,peak_rss_mb,rss_after_gc_mb,stacks"
run() {
  local name=$1 dll=$2 round=$3 out
  out=$( { /usr/bin/time -f "TIME %e %M" timeout 1800 dotnet "$dll" "$FILE" 1; } 2>&1 )
  local wall rss after stacks
  wall=$(sed -n 's/^TIME \([0-9.]*\) .*/\1/p' <<<"$out")
  rss=$(sed -n 's/^TIME [0-9.]* \([0-9]*\)/\1/p' <<<"$out")
  after=$(grep '^1,' <<<"$out" | cut -d, -f2)
  stacks=$(grep '^1,' <<<"$out" | cut -d, -f7)
  echo "$name,$round,$wall,$((rss / 1024)),$after,$stacks"
}
analyze() {
  local round=$1 out wall rss
  out=$( { /usr/bin/time -f "TIME %e %M" timeout 1800 dotnet artifacts/bench/tool-here/dotnet-pooldoctor.dll analyze "$FILE"; } 2>&1 )
  wall=$(sed -n 's/^TIME \([0-9.]*\) .*/\1/p' <<<"$out")
  rss=$(sed -n 's/^TIME [0-9.]* \([0-9]*\)/\1/p' <<<"$out")
  echo "analyze,$round,$wall,$((rss / 1024)),,\"$(grep -m1 -E '^(Stacks|Trace|Samples)' <<<"$out" || head -1 <<<"$out")\""
}
for round in $(seq "$ROUNDS"); do
  run streaming artifacts/bench/readloop-here/ReadLoop.dll "$round"
  [ -z "$peer" ] || run "$REF" "$peer/out/ReadLoop.dll" "$round"
  analyze "$round"
done
