#!/usr/bin/env bash
# Time to verdict over the lab's whole scenario table (read from `dotnet-pooldoctor lab --list`, so it cannot drift):
# for every blocking route in both hosts, a fresh lab, `load` with 125 connections, and at once `detect`; the figure
# is the wall clock from load start until `detect` exited with its verdict. Peer from the same run: the runtime's first
# signal (its first blocking injection, event 55 Reason Starvation/CooperativeBlocking; else the first sample whose
# queue held one item per core), which no detector can beat. Then the negatives (healthy routes), each loaded for
# --negatives-seconds under `detect` with the same timeout: Starving or BlockingCompensated is a failure.
# Usage: bench/time-to-verdict.sh [--negatives-seconds 60] [--only ROUTE-SUBSTRING] [--no-negatives] [--no-blocking] [--repeat N]
#        [--peer-tool OTHER/dotnet-pooldoctor.dll] (alternate another build's detect on the same rows; rows marked *)
# Each blocking row also prints detect's own timeline (POOLDOCTOR_TIMING=1), and the end the median of each part.
# Goal (issue 37 item 4; issue 9 asked 2.0 / 3.0 s): every blocking route Starving, median <= 1.5 s, max <= 2.0 s; no
# negative ever Starving. The lab reads POOLDOCTOR_DB for its database routes (`export POOLDOCTOR_DB=$(bash
# scripts/start-postgres.sh)`); without it they have no database to block on.
# Its files go to a private temporary directory (TTV_DIR to keep them), so two runs on one machine do not mix.
set -euo pipefail
cd "$(dirname "$0")/.."
NEG=60 ONLY="" DO_NEG=1 DO_BLOCK=1 REPEAT=1 PEER=""
while [ $# -gt 0 ]; do
  case "$1" in
    --negatives-seconds) NEG=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --no-negatives) DO_NEG=0; shift ;;
    --no-blocking) DO_BLOCK=0; shift ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --peer-tool) PEER=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
export TTV_DIR=${TTV_DIR:-$(mktemp -d /tmp/pooldoctor-ttv-XXXXXX)}
mkdir -p "$TTV_DIR"
dotnet build -c Release src/PoolDoctor >"$TTV_DIR/build.log" 2>&1 || { tail -20 "$TTV_DIR/build.log"; exit 1; }
TOOL=src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
dotnet "$TOOL" lab --list >"$TTV_DIR/scenarios.tsv"
echo "files: $TTV_DIR; database routes: $([ -n "${POOLDOCTOR_DB:-}" ] && echo "PostgreSQL (POOLDOCTOR_DB)" || echo "no POOLDOCTOR_DB: not blocking on a database")"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)"
exec python3 - "$TOOL" "$NEG" "$ONLY" "$DO_NEG" "$DO_BLOCK" "$REPEAT" "$PEER" <<'PY'
import json, os, random, signal, statistics, subprocess, sys, time, urllib.request

tool, neg_seconds, only, do_neg, do_block, repeats, peer = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1", sys.argv[5] == "1", int(sys.argv[6]), sys.argv[7]
# With --peer-tool each blocking row runs twice, alternating this build's detect ("") with the other's ("*"), on the
# same lab build: a before/after ratio from one run on a shared machine.
work = os.environ["TTV_DIR"]
tools = [("", tool)] + ([("*", peer)] if peer else [])
# Healthy routes that must never read as starvation: the CPU-bound one, the tutorial's fix, an async database call,
# a slow async dependency and the allocation-heavy async route.
NEGATIVES = ["hello", "cpu/20", "taskasyncwait", "db/async", "slowasync", "alloc"]
# The two HTTP/1 hosts (controllers, minimal APIs); the gRPC service's methods need `load --grpc`, not measured here.
rows = [r for r in (dict(zip(["host", "path", "kind", "pool", "run"], l.rstrip("\n").split("\t")))
                    for l in list(open(f"{work}/scenarios.tsv"))[1:]) if r["host"] in ("mvc", "minimal")]

def start_lab(server_sized, attempts=3):
    try:
        return try_lab(server_sized)
    except RuntimeError:
        if attempts <= 1:
            raise
        return start_lab(server_sized, attempts - 1)  # most often the random port was taken

def try_lab(server_sized):
    port = random.randint(30000, 50000)
    env = dict(os.environ)
    if server_sized:
        env["DOTNET_ThreadPool_ForceMinWorkerThreads"] = "0x10"
    log = open(f"{work}/lab.log", "w")
    lab = subprocess.Popen(["dotnet", tool, "lab", "--urls", f"http://127.0.0.1:{port}"], stdout=log, stderr=subprocess.STDOUT, env=env)
    for _ in range(600):
        if "listening" in open(f"{work}/lab.log").read():
            break
        if lab.poll() is not None:
            raise RuntimeError("lab exited: " + open(f"{work}/lab.log").read()[-400:])
        time.sleep(0.1)
    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/diagscenario/hello", timeout=10).read()
    return lab, port

def stop(*procs):
    for p in procs:
        if p is not None and p.poll() is None:
            p.kill()
    for p in procs:
        if p is not None:
            p.wait()

def run(row, seconds, detect_tool=None):
    """Load start -> detect exited; returns (verdict, seconds, rule, first signal name, first signal seconds)."""
    lab = load = None
    try:
        lab, port = start_lab(row["pool"] == "server-sized")
        url = f"http://127.0.0.1:{port}{row['path']}"
        load_start = time.time()
        if row["run"] == "background":
            # One call starts the work outside any request; it stops by itself after `seconds`.
            urllib.request.urlopen(f"{url}?seconds={min(seconds + 5, 120)}", timeout=10).read()
        else:
            load = subprocess.Popen(["dotnet", tool, "load", url, "-c", "125", "-d", f"{seconds + 5}s", "--timeout", f"{seconds + 10}s"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        detect_start = time.time()
        out = subprocess.run(["dotnet", detect_tool or tool, "detect", "-p", str(lab.pid), "--timeout", f"{seconds}s", "--format", "json"],
                             capture_output=True, text=True, timeout=seconds + 60, env=dict(os.environ, POOLDOCTOR_TIMING="1"))
        detect_end = time.time()
        d = json.loads(out.stdout)
        # detect's own timeline (POOLDOCTOR_TIMING=1): Unix times of its moments, set against the load's start.
        line = next((l for l in out.stderr.splitlines() if l.startswith("timeline:")), "timeline:")
        marks = {k: float(v) - load_start for k, v in (kv.split("=") for kv in line.split()[1:])}
        marks["spawn"], marks["exit"] = detect_start - load_start, detect_end - load_start
        os.makedirs(f"{work}/json", exist_ok=True)
        open(json_path(row), "w").write(out.stdout)
    finally:
        stop(load, lab)
    # Sample and injection seconds count from detect's session start; detect's process start-up is not in them, so the
    # signal's offset from load start is a lower bound.
    base = detect_start - load_start + d["watchStartedSeconds"]
    blocking = [i["seconds"] for i in d["injections"] if i["reason"] in ("Starvation", "CooperativeBlocking")]
    queued = [s["seconds"] for s in d["samples"] if s["queueLength"] >= d["cores"]]
    signal_name, signal_at = ("injection", base + blocking[0]) if blocking else ("queue", base + queued[0]) if queued else ("none", float("nan"))
    took = detect_end - load_start if d["secondsToVerdict"] is not None else float("nan")
    return d["verdict"], took, d["rule"], signal_name, signal_at, d["watchStartedSeconds"], d["secondsToVerdict"], marks

def json_path(row):
    return f"{work}/json/{row['host']}-{row['path'].split('/', 3)[3].replace('/', '-')}.json"

def fmt(x):
    return "  n/a" if x != x else f"{x:5.2f}"

# The parts of detect's run, each a moment in seconds from the load's start (detect's own timeline): the process as
# Linux started it, the first line of Main, the command line parsed, the diagnostics connection, the counter session
# started, its first event, its first samples, the verdict, the sessions stopped, the process gone.
PARTS = ["process", "main", "parsed", "attached", "session", "first-event", "sample1", "sample2", "sample3", "verdict", "printed", "stopped", "exit"]
# Durations between consecutive moments, summarised as medians at the end.
SPANS = [("start-up", "spawn", "main"), ("parse", "main", "parsed"), ("attach", "parsed", "attached"), ("session", "attached", "session"),
         ("first event", "session", "first-event"), ("first sample", "session", "sample1"), ("decide", "sample1", "verdict"),
         ("stop", "verdict", "stopped"), ("exit", "stopped", "exit")]

def repeat_rows():
    for n in range(repeats):
        for row in rows:
            for label, detect_tool in tools:
                yield label, detect_tool, row

if do_block:
    print(f"\n{'route':<38} {'host':<8} {'verdict':<20} {'s':>5}  {'rule':<24} {'first signal (s)':<17} moments from load start (s): " + " ".join(PARTS))
    times, failures, printed = {l: [] for l, _ in tools}, {l: [] for l, _ in tools}, {l: [] for l, _ in tools}
    spans = {l: {name: [] for name, *_ in SPANS} for l, _ in tools}
    for label, detect_tool, row in repeat_rows():
        if row["kind"] == "healthy" or only not in row["path"]:
            continue
        verdict, took, rule, sig, sig_at, up, own, marks = run(row, 20, detect_tool)
        moments = " ".join(fmt(marks.get(p, float("nan"))) for p in PARTS)
        print(f"{row['path']:<38} {row['host'] + label:<8} {verdict:<20} {fmt(took)}  {rule:<24} {sig:<9} {fmt(sig_at)}   {moments}", flush=True)
        for name, a, b in SPANS:
            if a in marks and b in marks:
                spans[label][name].append(marks[b] - marks[a])
        if verdict == "Starving":
            times[label].append(took)
            if "printed" in marks:
                printed[label].append(marks["printed"])
        else:
            failures[label].append(row["path"])
    for label, _ in tools:
        t, f = times[label], failures[label]
        if t:
            print(f"blocking{label}: {len(t)} Starving of {len(t) + len(f)}; median {statistics.median(t):.2f} s, max {max(t):.2f} s"
                  + (f" (verdict printed: median {statistics.median(printed[label]):.2f} s, max {max(printed[label]):.2f} s)" if printed[label] else "")
                  + (f"; not Starving: {' '.join(f)}" if f else ""))
            met = not f and statistics.median(t) <= 1.5 and max(t) <= 2.0
            print(f"goal{label} (issue 37: all Starving, median <= 1.5 s, max <= 2.0 s): {'met' if met else 'not met'}")
            if any(spans[label][name] for name, *_ in SPANS[1:]):  # a build without the timeline has spawn and exit only
                print(f"parts{label}, median (max) s: " + ", ".join(f"{name} {statistics.median(v):.3f} ({max(v):.3f})" for name, v in spans[label].items() if v))

if do_neg:
    print(f"\nnegatives, {neg_seconds} s each under detect --timeout {neg_seconds}s")
    wrong = 0
    for row in rows:
        if row["kind"] != "healthy" or not any(row["path"].endswith("/" + n) for n in NEGATIVES) or only not in row["path"]:
            continue
        verdict, took, rule, *_ = run(row, neg_seconds)
        # CpuSaturated is the right answer for a CPU-bound route on 2 cores; a blocking verdict never is.
        ok = verdict not in ("Starving", "BlockingCompensated")
        wrong += not ok
        kept = ""
        if not ok:
            # The whole series and evidence, for the detector's unit tests (a later route's run overwrites the usual file).
            kept = f" (detect's JSON kept in {json_path(row)[:-5]}-wrong-{int(time.time())}.json)"
            os.replace(json_path(row), kept[len(" (detect's JSON kept in "):-1])
        print(f"{row['path']:<38} {row['host']:<8} {verdict:<20} {'ok' if ok else f'WRONG after {took:.2f} s ({rule})'}{kept}", flush=True)
    print(f"negatives: {wrong} wrong verdict(s)")
PY
