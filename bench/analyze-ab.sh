#!/usr/bin/env bash
# `analyze` (read + culprit search + JSON) on three recorded traces, this checkout's build against another commit's,
# alternating runs; checks both write the same JSON. By hand (not in CI).
# Usage: bench/analyze-ab.sh BASE_COMMIT [runs, default 5]   (exports BASE_COMMIT to /tmp and builds it there)
set -euo pipefail
cd "$(dirname "$0")/.."
BASE_COMMIT=$1
RUNS=${2:-5}
OUT=$(mktemp -d /tmp/pooldoctor-ab-XXXXXX)
trap 'rm -rf "$OUT"' EXIT
F=$PWD/tests/PoolDoctor.Tests/fixtures
git archive "$BASE_COMMIT" | tar -x -C "$OUT" && mkdir -p "$OUT/traces"
dotnet build "$OUT/src/PoolDoctor" -c Release -v q -nologo >/dev/null
dotnet build src/PoolDoctor -c Release -v q -nologo >/dev/null
NEW=$PWD/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
BASE=$OUT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
declare -A TRACE=([invoices]=$F/shopapi/invoices.nettrace.gz [hub]=$F/packages/hub-method-warmed.nettrace.gz [vc]=$F/packages/view-component-warmed.nettrace.gz)
declare -A SYMS=([invoices]=$F/shopapi [hub]=$F/packages/hubshop-app [vc]=$F/packages/viewcomponent-app)
for name in invoices hub vc; do
  zcat "${TRACE[$name]}" > "$OUT/traces/$name.nettrace"
  for _ in $(seq 1 "$RUNS"); do
    for tool in base new; do
      exe=$BASE; [ $tool = new ] && exe=$NEW
      t=$( { /usr/bin/time -f %e dotnet "$exe" analyze "$OUT/traces/$name.nettrace" --symbols "${SYMS[$name]}" --format json > "$OUT/$tool-$name.json"; } 2>&1 )
      echo "$name $tool $t load $(cut -d' ' -f1 /proc/loadavg)"
    done
  done
  cmp "$OUT/base-$name.json" "$OUT/new-$name.json" && echo "$name: identical JSON"
done
