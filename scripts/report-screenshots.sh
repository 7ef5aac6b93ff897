#!/usr/bin/env bash
# The screenshots of report.html in docs/images: a real `diagnose` of the lab's taskwait route under the doctor's own
# --load (the evidence files kept beside the report), then ReportLinksAndColoursBrowserTests' screenshot test shoots
# that report at 1400 px in the light and the dark scheme (Debian's chromium through Playwright). The diagnose drives
# load, so run it under the shared load lock:
#   flock /tmp/pooldoctor-load.lock scripts/report-screenshots.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
TOOL=${TOOL:-src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll}
SHOTS=$(realpath -m "${1:-docs/images}")
[ -f "$TOOL" ] || dotnet build -c Release src/PoolDoctor >/dev/null
dotnet build -c Release tests/PoolDoctor.IntegrationTests >/dev/null
REPORT=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
# Exit 0: the gate is not asked; the lab is launched and stopped by diagnose itself.
dotnet "$TOOL" diagnose --load "http://127.0.0.1:$PORT/api/diagscenario/taskwait" -c 125 -d 30s -o "$REPORT" \
  -- dotnet "$TOOL" lab --urls "http://127.0.0.1:$PORT"
ls -l "$REPORT"
POOLDOCTOR_SCREENSHOT_REPORT="$REPORT/report.html" POOLDOCTOR_SCREENSHOTS="$SHOTS" \
  dotnet test tests/PoolDoctor.IntegrationTests -c Release --no-build --filter "FullyQualifiedName~Screenshots_of_report_html"
ls -l "$SHOTS"/report-*-1400.png
