#!/usr/bin/env bash
# `fix --verify` over the lab's blocking routes (read from `dotnet-pooldoctor lab --list`, so it cannot drift): for each
# route in both HTTP hosts, `diagnose --load` of a fresh lab writes the report, then `fix REPORT --verify` rewrites the
# culprit in a copy of the lab's source (samples/DiagnosticScenarios + src/PoolDoctor.Lab), builds the original and the
# patched copy in Release and loads each as a fresh process. The table (route, culprit, whether the fix compiled,
# before/after verdict and requests, exit code) is written between the markers of docs/fix.md: a full run replaces it,
# a run with --only merges its rows into it by (host, route) and adds its machine line, so batches add up.
# --only matches each substring against "HOST:PATH$", so "db/sync$" is that route alone and "minimal:" one host.
# The db/* routes use PostgreSQL when POOLDOCTOR_DB is set (the lab's variable), else the lab's simulated database;
# the machine line says which.
# Usage: bench/fix-verify.sh [--only ROUTE-SUBSTRING[,ROUTE-SUBSTRING...]] [--duration 10s]   (run it under the load lock; ~2 min a route)
set -euo pipefail
cd "$(dirname "$0")/.."
ONLY="" DURATION=10s
while [ $# -gt 0 ]; do
  case "$1" in
    --only) ONLY=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
dotnet build -c Release src/PoolDoctor >/tmp/fixverify-build.log 2>&1 || { tail -20 /tmp/fixverify-build.log; exit 1; }
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
dotnet "$TOOL" lab --list >/tmp/fixverify-scenarios.tsv
MACHINE="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), database $([ -n "${POOLDOCTOR_DB:-}" ] && echo PostgreSQL || echo simulated)"
exec python3 - "$TOOL" "$ONLY" "$DURATION" "$MACHINE" <<'PY'
import json, os, random, re, subprocess, sys, tempfile, time

tool, only, duration, machine = sys.argv[1:5]
project = "samples/DiagnosticScenarios/DiagnosticScenarios.csproj"
rows = [r for r in (dict(zip(["host", "path", "kind", "pool", "run"], l.rstrip("\n").split("\t")))
                    for l in list(open("/tmp/fixverify-scenarios.tsv"))[1:])
        if r["host"] in ("mvc", "minimal") and r["kind"] != "healthy" and any(o in f"{r['host']}:{r['path']}$" for o in only.split(","))]

def run(args, limit):
    started = time.time()
    p = subprocess.run(args, capture_output=True, text=True, timeout=limit)
    return p.returncode, p.stdout, p.stderr, time.time() - started

def row_of(stdout, name):
    # The compare table's row after its name: requests, req/s, mean, p99, max, errors, peak threads, peak queue, verdict.
    for line in stdout.splitlines():
        if line.strip().startswith(name):
            return line.strip()[len(name):].split()
    return []

results = []
for r in rows:
    # A server-sized pool (16 minimum threads) reproduces the pattern the way services configured for it see it.
    env_prefix = ["env", "DOTNET_ThreadPool_ForceMinWorkerThreads=0x10"] if r["pool"] == "server-sized" else []
    folder = tempfile.mkdtemp(prefix="fixverify-")
    port = random.randint(30000, 50000)
    url = f"http://127.0.0.1:{port}{r['path']}"
    code, out, err, _ = run(["dotnet", tool, "diagnose", "--min-duration", "0", "--load", url, "-d", "30s", "-o", folder, "--"] + env_prefix
                            + ["dotnet", tool, "lab", "--urls", f"http://127.0.0.1:{port}"], 180)
    report = os.path.join(folder, "report.json")
    if code != 0 or not os.path.exists(report):
        results.append((r, "?", "diagnose failed: " + (err.strip().splitlines() or ["exit %d" % code])[-1], [], [], code, 0))
        continue
    culprit = (json.load(open(report)).get("culprits") or [{}])[0].get("method", "none")
    port = random.randint(30000, 50000)
    url = f"http://127.0.0.1:{port}{r['path']}"
    code, out, err, seconds = run(["dotnet", tool, "fix", report, "--project", project, "--verify", "--load", url, "-d", duration, "--"] + env_prefix
                                  + ["dotnet", "bin/Release/net10.0/DiagnosticScenarios.dll", "--urls", f"http://127.0.0.1:{port}"], 900)
    # Kept beside the report so a row that failed can be read afterwards (the diff, the build error, the new culprits).
    open(os.path.join(folder, "fix.out"), "w").write(out)
    open(os.path.join(folder, "fix.err"), "w").write(err)
    refused = next((l for l in err.splitlines() if "fix refused" in l), None)
    fixed = "refused: " + refused.split("fix refused:", 1)[1].strip() if refused else ("compiled" if "compiled with no errors" in err else (err.strip().splitlines() or ["exit %d" % code])[-1])
    results.append((r, culprit, fixed, row_of(out, "before"), row_of(out, "after (fixed)"), code, seconds))
    print(r["host"], r["path"], culprit, fixed, "exit", code, f"{seconds:.0f} s", folder, flush=True)

def cells(rest):
    return (rest[-1], rest[0]) if len(rest) >= 9 else ("", "")

header = ["| host | route | culprit | fix | before: verdict, requests | after: verdict, requests | exit | seconds |", "|---|---|---|---|---|---|---|---|"]
fresh = {}
for r, culprit, fixed, before, after, code, seconds in results:
    bv, bn = cells(before)
    av, an = cells(after)
    fresh[(r["host"], r["path"])] = f"| {r['host']} | `{r['path']}` | {culprit} | {fixed.replace('|', '/')} | {bv} {bn} | {av} {an} | {code} | {seconds:.0f} |"
if only and not fresh:
    sys.exit("no blocking route of mvc or minimal matches --only " + only)
line = f"Machine: {machine}. Command: `bench/fix-verify.sh{(' --only ' + only) if only else ''} --duration {duration}`."
doc = open("docs/fix.md").read()
start, end = "<!-- fix-verify table -->", "<!-- end fix-verify table -->"
old = re.search(re.escape(start) + "(.*?)" + re.escape(end), doc, flags=re.S).group(1)
machines, kept = [], {}
if only:
    # A batch keeps the rows (and the machine lines) of earlier runs; a route run again takes its new row.
    machines = [l for l in old.splitlines() if l.startswith("Machine: ")]
    for l in old.splitlines():
        m = re.match(r"\| (\S+) \| `([^`]+)` \|", l)
        if m:
            kept[(m.group(1), m.group(2))] = l
kept.update(fresh)
# Rows in the order of `lab --list` (both hosts), any row the list no longer names last.
listed = [(r["host"], r["path"]) for r in (dict(zip(["host", "path"], l.split("\t")[:2])) for l in list(open("/tmp/fixverify-scenarios.tsv"))[1:])]
keys = [k for k in listed if k in kept] + [k for k in kept if k not in listed]
text = "\n\n".join([*machines, line]) + "\n\n" + "\n".join([*header, *(kept[k] for k in keys)])
doc = doc.replace(start + old + end, start + "\n" + text + "\n" + end)
open("docs/fix.md", "w").write(doc)
print("\n".join([line, "", *header, *fresh.values()]))
PY
