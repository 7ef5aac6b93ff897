#!/usr/bin/env bash
# Where reading one stacks trace spends its time, stage by stage, by hand (not in CI): bench/ReadSplit in a fresh
# process per route (its first run includes the JIT, as a CLI run does; the next runs are warm), the two routes
# alternated in the same run: `tracelog` (TraceEvent's conversion to .etlx, opening it, walking events, resolving
# frames, then the app's IL) and `lean` (the tool's own nettrace reader, grouping with PDB lines, then the app's IL).
# Usage: bench/read-split.sh FILE.nettrace [ROUNDS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:?usage: bench/read-split.sh FILE.nettrace [ROUNDS=3]}
ROUNDS=${2:-3}
dotnet build bench/ReadSplit -c Release -v q -nologo >/dev/null
BIN=bench/ReadSplit/bin/Release/net10.0/ReadSplit.dll
echo "file: $FILE ($(du -h "$FILE" | cut -f1)), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
for round in $(seq "$ROUNDS"); do
  echo "round $round"
  timeout 300 dotnet "$BIN" tracelog "$FILE" 3
  timeout 300 dotnet "$BIN" lean "$FILE" 3
done
