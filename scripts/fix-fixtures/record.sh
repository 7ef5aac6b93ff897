#!/usr/bin/env bash
# Records the reports tests/PoolDoctor.Fix.Tests reads: `diagnose` of each blocking route of tests/apps/FixShop and of
# the lab (MVC and minimal taskwait) under the tool's own load, warmed up by the load itself, under the shared load
# lock; then maps their paths onto another machine's (the fix maps them back) with map.py.
# Usage: scripts/fix-fixtures/record.sh [OUT_DIR]   (needs: dotnet build -c Release of the tool and tests/apps/FixShop)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$(mktemp -d /tmp/fix-fixtures-XXXX)}
tool=$repo/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
app=$repo/tests/apps/FixShop/bin/Release/net10.0/FixShop.dll
port=5640
record() { # name, path, command...
  local name=$1 path=$2; shift 2
  port=$((port + 1))
  flock /tmp/pooldoctor-load.lock timeout 150 dotnet "$tool" diagnose --load "http://127.0.0.1:$port$path" -c 125 -d 25s \
    -o "$out/$name" -- "$@" --urls "http://127.0.0.1:$port" > "$out/$name.log" 2>&1 || echo "$name: diagnose exited $?"
}
for route in orders:/orders/42 products:/products/apple prices:/prices/apple audit:/admin/ping stock:/stock/apple \
             settings:/settings/currency shipping:/shipping/eu; do
  record "shop-${route%%:*}" "${route#*:}" dotnet "$app"
done
record lab-mvc-taskwait /api/diagscenario/taskwait dotnet "$tool" lab
record lab-minimal-taskwait /api/minimal/taskwait dotnet "$tool" lab
python3 "$(dirname "$0")/map.py" "$repo" "$out" "$repo/tests/PoolDoctor.Fix.Tests/fixtures"
