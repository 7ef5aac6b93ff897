#!/usr/bin/env bash
# A fuzzing campaign on one target: [FUZZ_BIN=DIR] fuzz/run.sh TARGET SECONDS [OUT]
# Builds the fuzz project into its own folder, instruments the tool's assemblies with SharpFuzz, and runs AFL++
# (Debian's afl++ package; `dotnet tool install -g SharpFuzz.CommandLine --version 2.3.0`) niced, from the seed corpus
# fuzz/corpus/TARGET, for SECONDS. Findings land in OUT (default artifacts/fuzz/TARGET); fuzz/stats.sh summarises them.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?target: nettrace, dump-header, http1, grpc, trigger, ipc-peer, report-json or input-file}
seconds=${2:?seconds}
out=${3:-artifacts/fuzz/$target}
export PATH="$PATH:$HOME/.dotnet/tools"
# FUZZ_BIN: a folder already built and instrumented (fuzz/short.sh makes one for every target).
if [ -n "${FUZZ_BIN:-}" ]; then
  bin=$FUZZ_BIN
else
  bin=artifacts/fuzz/bin-$target
  rm -rf "$bin"
  dotnet build fuzz/PoolDoctor.Fuzz -c Release -o "$bin" >/dev/null
  bash fuzz/instrument.sh "$bin"
fi
mkdir -p "$out"
# A hang is an input that runs past 5 s (the tool's own read limit is a minute plus 2 s per MB: far longer);
# -m none: the .NET runtime reserves more address space than AFL's default limit allows.
# AFL_NO_AFFINITY: on a shared 2-core host, a third campaign (or another helper's) finds no free core to pin to.
export AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1
export DOTNET_TieredCompilation=0
exec nice -n 19 afl-fuzz -V "$seconds" -t 5000 -m none -i "fuzz/corpus/$target" -o "$out" -- dotnet "$bin/PoolDoctor.Fuzz.dll" "$target"
