#!/usr/bin/env python3
"""What one process holds now, from /proc only (nothing attaches to it): used by bench/soak-watch.sh.

Prints one CSV fragment: rss_mb,anon_mb,file_mb,malloc_mb,threads,fds,maps
  rss/anon/file: VmRSS, RssAnon, RssFile of /proc/PID/status.
  malloc_mb:     resident memory of glibc's malloc heaps (the main arena and the per-thread arenas, from smaps): the
                 native allocations of the runtime and of Marshal.AllocHGlobal. The managed heap is in RssAnon
                 outside them (the GC maps its own regions).
  threads, fds:  entries of /proc/PID/task and /proc/PID/fd; maps: lines of /proc/PID/maps.
"""
import os
import sys


def status(pid):
    values = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                values[key] = int(rest.split()[0]) / 1024.0
    return values


def smaps(pid):
    """(start, end, perms, path, rss_kb) per mapping."""
    mappings = []
    current = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            parts = line.split()
            if "-" in parts[0] and not parts[0].endswith(":"):
                start, end = (int(x, 16) for x in parts[0].split("-"))
                current = [start, end, parts[1], " ".join(parts[5:]) if len(parts) > 5 else "", 0]
                mappings.append(current)
            elif parts[0] == "Rss:" and current is not None:
                current[4] = int(parts[1])
    return mappings


ARENA = 64 * 1024 * 1024


def malloc_mb(mappings):
    """glibc's heaps: the main arena ([heap]) and each thread arena, a 64 MB-aligned 64 MB reservation that starts
    with its read-write part."""
    total = 0
    for i, (start, end, perms, path, rss) in enumerate(mappings):
        if path == "[heap]":
            total += rss
        elif path == "" and perms.startswith("rw") and start % ARENA == 0 and end - start <= ARENA:
            rest = mappings[i + 1] if i + 1 < len(mappings) else None
            if end - start == ARENA or (rest and rest[3] == "" and rest[2].startswith("---") and rest[0] == end and rest[1] == start + ARENA):
                total += rss
    return total / 1024.0


def count(path):
    try:
        return len(os.listdir(path))
    except OSError:
        return -1


def main():
    pid = int(sys.argv[1])
    try:
        s = status(pid)
        maps = smaps(pid)
    except OSError:
        print(",,,,,,")
        return
    print(",".join([
        f"{s.get('VmRSS', 0):.1f}", f"{s.get('RssAnon', 0):.1f}", f"{s.get('RssFile', 0):.1f}",
        f"{malloc_mb(maps):.1f}", str(count(f"/proc/{pid}/task")), str(count(f"/proc/{pid}/fd")), str(len(maps)),
    ]))


if __name__ == "__main__":
    main()
