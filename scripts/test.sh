#!/usr/bin/env bash
# Runs every test on a fresh machine: installs PostgreSQL and Chromium if missing, starts PostgreSQL,
# runs the whole solution's tests, and ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-test-deps.sh || { echo "could not install the test dependencies"; echo "0 passed, 1 failed"; exit 1; }
POOLDOCTOR_TEST_DB=$(bash scripts/start-postgres.sh) || { echo "could not start PostgreSQL"; echo "0 passed, 1 failed"; exit 1; }
export POOLDOCTOR_TEST_DB

results=artifacts/test-results
rm -rf "$results"
dotnet test PoolDoctor.slnx -c Release --logger "trx" --logger "console;verbosity=normal" --results-directory "$results" "$@"
status=$?

passed=0; failed=0
for trx in "$results"/*.trx; do
  [ -f "$trx" ] || continue
  counters=$(grep -o '<Counters [^>]*>' "$trx" | head -n 1)
  p=$(sed -n 's/.* passed="\([0-9]*\)".*/\1/p' <<<"$counters"); f=$(sed -n 's/.* failed="\([0-9]*\)".*/\1/p' <<<"$counters")
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
done
if [ $status -ne 0 ] && [ $failed -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
exit $status
