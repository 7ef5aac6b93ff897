#!/usr/bin/env python3
"""The flatness verdict of a soak, computed from its samples (bench/soak-watch.sh writes them).

  python3 bench/soak-verdict.py SAMPLES.csv [MAX_SLOPE_MB_PER_HOUR=5]

The first third of the run is warm-up (the first captures JIT the trace reader, the GC sizes its budgets). Over the
last two thirds, for RSS and its parts: the least-squares slope in MB/hour with its standard error, max - min, and the
mean of the last third minus the mean of the middle third. Memory is called flat when the RSS slope is at most
MAX_SLOPE_MB_PER_HOUR (5 MB/h: 120 MB a day, the most a watch meant to run for weeks may grow), judged on the slope
itself; the range at two standard errors is printed beside it, since captures and GC cycles make RSS a sawtooth and a
short run cannot tell a few MB/h from zero. The exit code is 0
when flat, 1 when not, 2 when there are too few samples to say.
"""
import csv
import math
import sys


def fit(points):
    n = len(points)
    mt = sum(t for t, _ in points) / n
    mv = sum(v for _, v in points) / n
    stt = sum((t - mt) ** 2 for t, _ in points)
    if stt == 0:
        return 0.0, float("nan")
    slope = sum((t - mt) * (v - mv) for t, v in points) / stt
    residual = sum((v - (mv + slope * (t - mt))) ** 2 for t, v in points)
    se = math.sqrt(residual / (n - 2) / stt) if n > 2 else float("nan")
    return slope * 3600, se * 3600


def number(text):
    try:
        value = float(text)
        return None if math.isnan(value) else value
    except (TypeError, ValueError):
        return None


def main():
    path = sys.argv[1]
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    with open(path) as f:
        rows = list(csv.DictReader(f))
    times = [number(r["t_s"]) for r in rows]
    end = max(t for t in times if t is not None) if rows else 0
    warm = end / 3
    verdict_slope, verdict_se = None, float("nan")
    for column, label in (("rss_mb", "RSS"), ("anon_mb", "RssAnon"), ("file_mb", "RssFile"), ("malloc_mb", "malloc heaps")):
        if not rows or column not in rows[0]:
            continue
        points = [(t, v) for t, v in ((number(r["t_s"]), number(r[column])) for r in rows) if t is not None and v is not None and t >= warm]
        if len(points) < 6:
            print(f"{label}: too few samples after warm-up ({len(points)})")
            continue
        slope, se = fit(points)
        values = [v for _, v in points]
        middle = [v for t, v in points if t < 2 * end / 3]
        last = [v for t, v in points if t >= 2 * end / 3]
        step = (sum(last) / len(last) - sum(middle) / len(middle)) if middle and last else float("nan")
        print(f"{label}: slope {slope:+.1f} MB/h (standard error {se:.1f}) over t >= {warm:.0f} s ({len(points)} samples); "
              f"max - min {max(values) - min(values):.1f} MB ({min(values):.1f}..{max(values):.1f}); "
              f"last third minus middle third {step:+.1f} MB")
        if column == "rss_mb":
            verdict_slope, verdict_se = slope, se
    if verdict_slope is None:
        print("verdict: UNDECIDED (too few samples)")
        sys.exit(2)
    flat = verdict_slope <= limit
    print(f"verdict: {'FLAT' if flat else 'NOT FLAT'} (RSS slope {verdict_slope:+.1f} MB/h, about {verdict_slope - 2 * verdict_se:+.1f}.."
          f"{verdict_slope + 2 * verdict_se:+.1f} at two standard errors; limit {limit:g} MB/h; {verdict_slope * 24:+.0f} MB a day at that rate)")
    sys.exit(0 if flat else 1)


if __name__ == "__main__":
    main()
