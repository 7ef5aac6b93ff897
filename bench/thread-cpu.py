#!/usr/bin/env python3
"""CPU seconds of one process's threads, grouped by thread name, from /proc only (nothing attaches).

  thread-cpu.py PID            prints JSON {name: cpu_seconds} for the threads alive now
Used by bench/session-cost.sh to tell what a diagnostic session costs inside the target (its EventPipe threads, the
counter poller) from what serving costs (the pool's workers, Kestrel's sockets).
"""
import json
import os
import sys

pid = sys.argv[1]
ticks = os.sysconf("SC_CLK_TCK")
groups = {}
for tid in os.listdir(f"/proc/{pid}/task"):
    try:
        with open(f"/proc/{pid}/task/{tid}/stat") as f:
            raw = f.read()
    except OSError:
        continue  # the thread ended between listing and reading
    name = raw[raw.index("(") + 1:raw.rindex(")")]
    fields = raw[raw.rindex(")") + 2:].split()
    cpu = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    groups[name] = round(groups.get(name, 0.0) + cpu, 2)
print(json.dumps(groups, sort_keys=True))
