#!/usr/bin/env bash
# The per-second load series' cost per request on the recording thread (bench/SeriesCost), to set beside the load
# generator's CPU per request (bench/load-vs-wrk.sh). Usage: bench/series-cost.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet build bench/SeriesCost -c Release -v q -nologo >/dev/null
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
dotnet bench/SeriesCost/bin/Release/net10.0/SeriesCost.dll
