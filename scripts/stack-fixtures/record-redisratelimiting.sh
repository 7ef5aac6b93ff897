#!/usr/bin/env bash
# Records tests/PoolDoctor.Tests/fixtures/packages/redisratelimiting-1.0.11.nettrace.gz: the public RedisRateLimiting
# package built at the commit before its fix (cristipufu/aspnetcore-redis-rate-limiting ccb95be~1, version 1.0.11,
# retargeted from net7.0 to net10.0 — the only SDK here), packed into a local feed; tests/apps/packaged/RateLimitedApi
# restored from it and built in Release; redis-server on a loopback port; one warm-up request, 125 connections for 20 s,
# `stacks --duration 1s` DELAY_S (default 5) seconds in. The package source is fetched to /tmp, never committed:
#   flock /tmp/pooldoctor-load.lock scripts/stack-fixtures/record-redisratelimiting.sh SRC_DIR OUT_DIR [DELAY_S]
# where SRC_DIR holds that commit's src/RedisRateLimiting.
set -euo pipefail
SRC=$1; OUT=$2; DELAY=${3:-5}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL="$ROOT/src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll"
WORK=$(mktemp -d /tmp/pooldoctor-rrl.XXXXXX)
mkdir -p "$WORK/feed" "$OUT"
cp -r "$SRC/src/RedisRateLimiting" "$WORK/RedisRateLimiting"
sed -i 's#<TargetFramework>net7.0</TargetFramework>#<TargetFramework>net10.0</TargetFramework>#; s#<PackageReadmeFile>README.md</PackageReadmeFile>##; s#<None Include="..\\..\\README.md">#<None Include="..\\..\\README.md" Condition="false">#' "$WORK/RedisRateLimiting/RedisRateLimiting.csproj"
dotnet pack "$WORK/RedisRateLimiting" -c Release -o "$WORK/feed" > "$WORK/pack.log"
dotnet build "$ROOT/tests/apps/packaged/RateLimitedApi" -c Release -o "$WORK/app" -p:RestoreAdditionalProjectSources="$WORK/feed" \
  -p:RestorePackagesPath="$WORK/packages" > "$WORK/build.log"
REDIS_PORT=$((20000 + RANDOM % 20000)); PORT=$((20000 + RANDOM % 20000))
BASE="http://127.0.0.1:$PORT"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no > "$WORK/redis.log" 2>&1 &
REDIS=$!
APP=; LOAD=
cleanup() { [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null; [ -n "$APP" ] && kill "$APP" 2>/dev/null; kill "$REDIS" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT
sleep 0.5
(cd "$WORK/app" && exec dotnet RateLimitedApi.dll --urls "$BASE" --Redis "127.0.0.1:$REDIS_PORT") > "$WORK/app.log" 2>&1 &
APP=$!
for _ in $(seq 1 120); do curl -s -m 2 -o /dev/null "$BASE/hello" && break; sleep 0.5; done
curl -s -m 10 -o /dev/null "$BASE/orders/42"
timeout 60 dotnet "$TOOL" load "$BASE/orders/42" -c 125 -d 20s > "$OUT/redisratelimiting-1.0.11.load.txt" 2>&1 &
LOAD=$!
sleep "$DELAY"
timeout 120 dotnet "$TOOL" stacks -p "$APP" --duration 1s --output "$OUT/redisratelimiting-1.0.11.nettrace" > "$OUT/redisratelimiting-1.0.11.stacks.txt" 2>&1 || true
wait "$LOAD" || true; LOAD=
gzip -9f "$OUT/redisratelimiting-1.0.11.nettrace"
mkdir -p "$OUT/rrl-app"
cp "$WORK/app/RateLimitedApi.dll" "$WORK/app/RateLimitedApi.pdb" "$WORK/app/RateLimitedApi.deps.json" "$OUT/rrl-app/"
echo "recorded redisratelimiting-1.0.11 ($(date -u +%FT%TZ), load $BASE/orders/42); feed and app in $WORK"
