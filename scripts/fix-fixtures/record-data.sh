#!/usr/bin/env bash
# Records the reports the FixIo and FixData fix tests read: `diagnose` of a Release build of tests/apps/FixIo and
# tests/apps/FixData under the tool's own load, each route alone, against the PostgreSQL of scripts/start-postgres.sh;
# then maps their paths onto another machine's with map.py. GET routes use `diagnose --load`; a POST route (diagnose
# has no method option) is loaded by `load -m POST` while `diagnose -p` watches the running app.
# The two databases are created here if missing. Their tables sit behind views whose every row read costs 100 ms
# (pg_sleep in the view's filter), a database that answers in 100-200 ms as a busy one does: with the local
# server's sub-millisecond answers, sync ADO.NET/Dapper/EF calls would return before the pool notices them.
# Every route is warmed up first (one request, then the load runs 5 s before the capture for a POST; `diagnose --load`
# waits for the first answer), so the report is of the running service, not of EF Core building its model.
# Usage: scripts/fix-fixtures/record-data.sh [OUT_DIR] [NAME-SUBSTRING]   (needs: dotnet build -c Release of the tool;
# run it as is: every load run takes the shared load lock itself; NAME-SUBSTRING records only the matching reports)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$(mktemp -d /tmp/fix-data-fixtures-XXXX)}
only=${2:-}
tool=$repo/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll
pg="host=127.0.0.1 port=${POOLDOCTOR_PG_PORT:-55432} user=postgres"
conn() { echo "Host=127.0.0.1;Port=${POOLDOCTOR_PG_PORT:-55432};Username=postgres;Database=$1;Maximum Pool Size=200"; }

database() { # name, schema (run only when the database is new)
  if ! psql "$pg dbname=postgres" -Atc "select 1 from pg_database where datname = '$1'" | grep -q 1; then
    psql "$pg dbname=postgres" -qc "create database $1"
    psql "$pg dbname=$1" -v ON_ERROR_STOP=1 -qc "$2"
  fi
}
latency="create function latency() returns boolean language plpgsql volatile as \$\$ begin perform pg_sleep(0.1); return true; end \$\$;"
database pooldoctor_fixio "$latency
  create table customer_rows (id int primary key, name text not null, email text not null);
  insert into customer_rows values (42, 'Ada', 'ada@example.com'), (7, 'Grace', 'grace@example.com');
  create view customers as select id, name, email from customer_rows where latency();
  create table order_rows (id int primary key, customer_id int not null, total numeric not null, shipped boolean not null);
  insert into order_rows values (1, 42, 10.5, false), (2, 42, 20, false), (3, 7, 5, false);
  create view orders as select id, customer_id, total, shipped from order_rows where latency();
  create table outbox (id serial primary key, created timestamp not null, sent boolean not null);"
database pooldoctor_fixdata "$latency
  create table product_rows (\"Id\" serial primary key, \"Name\" text not null, \"Price\" numeric not null);
  insert into product_rows (\"Name\", \"Price\") values ('apple', 3), ('pear', 4), ('melon', 12);
  create view \"Products\" as select \"Id\", \"Name\", \"Price\" from product_rows where latency();"

for app in FixIo FixData; do
  dotnet build "$repo/tests/apps/$app/$app.csproj" -c Release > /dev/null
done
export ConnectionStrings__shop=$(conn pooldoctor_fixio) ConnectionStrings__catalog=$(conn pooldoctor_fixdata)
port=$((20000 + RANDOM % 20000))

get() { # name, app, path
  port=$((port + 1))
  [[ $1 == *"$only"* ]] || return 0
  flock /tmp/pooldoctor-load.lock timeout 150 dotnet "$tool" diagnose --load "http://127.0.0.1:$port$3" -c 125 -d 25s \
    -o "$out/$1" -- dotnet "$repo/tests/apps/$2/bin/Release/net10.0/$2.dll" --urls "http://127.0.0.1:$port" \
    > "$out/$1.log" 2>&1 || echo "$1: diagnose exited $?"
}

post() { # name, app, path
  port=$((port + 1))
  [[ $1 == *"$only"* ]] || return 0
  flock /tmp/pooldoctor-load.lock bash -c '
    out=$1 name=$2 app=$3 path=$4 port=$5 tool=$6 repo=$7
    dotnet "$repo/tests/apps/$app/bin/Release/net10.0/$app.dll" --urls "http://127.0.0.1:$port" > /dev/null 2>&1 &
    pid=$!
    trap "kill $pid 2>/dev/null; wait $pid 2>/dev/null" EXIT
    for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.5; done
    curl -s -m 30 -o /dev/null -X POST "http://127.0.0.1:$port$path"
    timeout 60 dotnet "$tool" load -m POST "http://127.0.0.1:$port$path" -c 125 -d 30s > "$out/$name.load.txt" 2>&1 &
    load=$!
    sleep 5
    timeout 60 dotnet "$tool" diagnose -p "$pid" -d 25s -o "$out/$name" > "$out/$name.log" 2>&1 || echo "$name: diagnose exited $?"
    kill $load 2>/dev/null; wait $load 2>/dev/null || true' _ "$out" "$1" "$2" "$3" "$port" "$tool" "$repo"
}

get fixio-customers FixIo /customers/42
get fixio-count FixIo /customers/count
get fixio-orders FixIo /orders/42
post fixio-ship FixIo /orders/1/ship
get fixdata-cheap FixData /products/cheap
post fixdata-discount FixData /products/1/discount
python3 "$(dirname "$0")/map.py" "$repo" "$out" "$repo/tests/PoolDoctor.Fix.Tests/fixtures"
