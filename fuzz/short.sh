#!/usr/bin/env bash
# The short fuzz CI runs (fuzz/short.sh SECONDS OUT): every target for SECONDS from its seed corpus, on a copy of the
# solution's Release build of the fuzz project, instrumented once. Leaves AFL++'s output in OUT/TARGET, its log in
# OUT/TARGET.log, and OUT/summary.tsv: target, executions, crashes saved, hangs saved. Exits 0 when every target ran,
# whatever it found: the test that calls it (ShortFuzzTests) judges the findings, one target at a time. A target AFL++
# refused to run is left out of the summary, and the others still run; the exit code is then 1.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?seconds per target}
out=${2:?output folder}
built=fuzz/PoolDoctor.Fuzz/bin/Release/net10.0
[ -f "$built/PoolDoctor.Fuzz.dll" ] || { echo "no Release build of the fuzz project in $built: build the solution first"; exit 2; }
rm -rf "$out"
mkdir -p "$out"
cp -r "$built" "$out/bin"
bash fuzz/instrument.sh "$out/bin"
stat() { sed -n "s/^$1 *: *\([0-9]*\).*/\1/p" "$2"; }
printf 'target\texecutions\tcrashes\thangs\n' > "$out/summary.tsv"
refused=0
for target in nettrace dump-header http1 grpc trigger ipc-peer report-json input-file; do
  if ! FUZZ_BIN="$out/bin" bash fuzz/run.sh "$target" "$seconds" "$out/$target" > "$out/$target.log" 2>&1; then
    echo "afl-fuzz did not run on $target:"; tail -n 20 "$out/$target.log"; refused=1; continue
  fi
  stats="$out/$target/default/fuzzer_stats"
  printf '%s\t%s\t%s\t%s\n' "$target" "$(stat execs_done "$stats")" "$(stat saved_crashes "$stats")" "$(stat saved_hangs "$stats")" >> "$out/summary.tsv"
done
cat "$out/summary.tsv"
exit $refused
