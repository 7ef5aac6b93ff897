#!/usr/bin/env bash
# Instruments, in place, the tool's assemblies in a build of the fuzz project (fuzz/instrument.sh BIN), so that AFL++
# sees which branches of the parsers an input reaches. The framework and the packages stay uninstrumented, except
# NETCore.Client: the ipc-peer target's replies are parsed by it, and without its branches AFL++ would see none of them.
set -euo pipefail
bin=${1:?folder of a build of fuzz/PoolDoctor.Fuzz}
export PATH="$PATH:$HOME/.dotnet/tools"
for dll in PoolDoctor.Collect PoolDoctor.Load PoolDoctor.Analysis PoolDoctor.Report PoolDoctor.Fix dotnet-pooldoctor Microsoft.Diagnostics.NETCore.Client; do
  sharpfuzz "$bin/$dll.dll" >/dev/null
done
