#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on 127.0.0.1 for the tests and prints the connection string.
# max_connections is well above the 125 concurrent queries of the load tests (the lab's pool allows 200).
set -euo pipefail

PORT="${POOLDOCTOR_PG_PORT:-55432}"
DATA="${POOLDOCTOR_PG_DIR:-/tmp/pooldoctor-pg}"
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
CONN="Host=127.0.0.1;Port=$PORT;Username=postgres;Database=postgres;Timeout=15"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; elif [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  echo "$CONN"
  exit 0
fi

rm -rf "$DATA"
mkdir -p "$DATA"
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$DATA"
as_postgres "$BIN/initdb" -D "$DATA" -A trust -U postgres >/dev/null
as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 60 \
  -o "-p $PORT -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=64MB -k $DATA" start >/dev/null
echo "$CONN"
