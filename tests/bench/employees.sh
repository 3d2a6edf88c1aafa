#!/usr/bin/env bash
# Benchmark (not a test): the employees table and login with 100,000 employees.
# Prints p50/p99 latency and requests/s measured with wrk against a release build.
# Usage: tests/bench/employees.sh [employees=100000] [seconds=20]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
n=${1:-100000}
secs=${2:-20}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
# Where cargo puts the build (CARGO_TARGET_DIR, a .cargo/config.toml target-dir, or ./target).
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import sys,json;print(json.load(sys.stdin)["target_directory"])')
cargo build --release --locked -q
bin="$target/release/aula"
work=$(mktemp -d)
port=18181
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT

echo "== generating $n employees"
start=$(date +%s.%N)
"$bin" demo --empleados "$n" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
echo "   loaded in $(python3 -c "print(round($(date +%s.%N) - $start, 1))") s"

AULA_LOG=warn "$bin" serve --addr "127.0.0.1:$port" --data-dir "$work/data" --storage "$work/uploads" \
  --login-limit-per-ip 100000000 >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done

generic=$(curl -sf "http://127.0.0.1:$port/api/pub/token/generico" | python3 -c 'import sys,json;print(json.load(sys.stdin)["token"])')
token=$(curl -sf -X POST "http://127.0.0.1:$port/api/pri/login" -H "Authorization: Bearer $generic" \
  -H 'content-type: application/json' -d '{"usuario":"admin@sierramadre.mx","password":"Demo.Aula2026"}' \
  | python3 -c 'import sys,json;print(json.load(sys.stdin)["jwt"])')

cat >"$work/table.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
wrk.body = '{"page":1,"cantPP":10,"order":"nombre_empleado","ordertype":"asc","columns_with_selects":[{"nomfield":"nombre_empleado","input":"hernandez"}]}'
LUA
echo "== employees table: page 1, text filter 'hernandez', sorted by name (${secs}s each)"
curl -sf -X POST "http://127.0.0.1:$port/api/pri/catalogos/empleados" -H "Authorization: Bearer $token" \
  -H 'content-type: application/json' \
  -d '{"page":1,"cantPP":10,"order":"nombre_empleado","columns_with_selects":[{"nomfield":"nombre_empleado","input":"hernandez"}]}' \
  | python3 -c 'import sys,json;d=json.load(sys.stdin);print("   matching rows:", d["pages"]["cantidad_registros"])'
# Warm the page cache first, as a running server would be.
wrk -t1 -c2 -d3s -s "$work/table.lua" "http://127.0.0.1:$port/api/pri/catalogos/empleados" >/dev/null
for c in 1 4; do
  echo "   -- $c connection(s)"
  wrk -t1 -c$c -d"${secs}s" --latency -s "$work/table.lua" "http://127.0.0.1:$port/api/pri/catalogos/empleados" \
    | grep -E " 50%| 99%|Requests/sec|Non-2xx" | sed 's/^/   /'
done
echo "== server memory after the table run: $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"

# Login: each request logs a different employee in (argon2id verify + new session).
python3 - "$work/data/aula.db" "$generic" >"$work/login.lua" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
emails = [r[0] for r in db.execute("SELECT correo_empleado FROM empleados WHERE correo_empleado IS NOT NULL LIMIT 20000")]
print('wrk.method = "POST"')
print('wrk.headers["Content-Type"] = "application/json"')
print(f'wrk.headers["Authorization"] = "Bearer {sys.argv[2]}"')
print("local emails = {" + ",".join('"%s"' % e for e in emails) + "}")
print("local i = 0")
print("request = function()")
print("  i = i + 1")
print("  local e = emails[(i % #emails) + 1]")
print('  return wrk.format(nil, nil, nil, \'{"usuario":"\' .. e .. \'","password":"Demo.Aula2026"}\')')
print("end")
PY
echo "== login (4 connections, ${secs}s)"
wrk -t2 -c4 -d"${secs}s" --latency -s "$work/login.lua" "http://127.0.0.1:$port/api/pri/login" \
  | grep -E "Latency|50%|99%|Requests/sec|Non-2xx" | sed 's/^/   /'
echo "== server memory: $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"
