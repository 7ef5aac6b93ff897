#!/usr/bin/env bash
# By hand: the seconds each test class took in a TRX file (its tests' start-to-end times summed), longest first, in the
# form tests/PoolDoctor.IntegrationTests/fixtures/schedule/class-seconds.txt holds (LongestFirst reads it).
# Usage: scripts/class-seconds.sh artifacts/test-results/integration.trx > tests/PoolDoctor.IntegrationTests/fixtures/schedule/class-seconds.txt
set -euo pipefail
trx=${1:?usage: scripts/class-seconds.sh TRX}
python3 - "$trx" <<'PY'
import collections, datetime, re, sys
import xml.etree.ElementTree as ET
ns = {'t': 'http://microsoft.com/schemas/VisualStudio/TeamTest/2010'}
def at(s): return datetime.datetime.fromisoformat(re.sub(r'(\.\d{6})\d*', r'\1', s))
seconds = collections.Counter()
for r in ET.parse(sys.argv[1]).getroot().findall('.//t:UnitTestResult', ns):
    seconds[r.get('testName').split('(')[0].rsplit('.', 1)[0]] += (at(r.get('endTime')) - at(r.get('startTime'))).total_seconds()
print(f"# Seconds each integration test class took in one CI run ({sys.argv[1]}): LongestFirst starts the longest classes")
print("# first, so no long class is left to run alone at the end. A class not listed counts as 30 s. Re-derive after a large")
print("# change: bash scripts/class-seconds.sh TRX > this file.")
for name, s in seconds.most_common():
    print(f"{name} {s:.0f}")
PY
