#!/usr/bin/env bash
# Benchmark (not a test): the employees table and login with 100,000 employees.
# Prints p50/p99 latency and requests/s measured with wrk against a release build.
# Usage: tests/bench/employees.sh [employees=100000] [seconds=20]
source "$(dirname "$0")/lib.sh"
n=${1:-100000}
secs=${2:-20}
need_wrk
bench_build
port=18181

echo "== generating $n employees"
start=$(date +%s.%N)
"$bin" demo --empleados "$n" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
echo "   loaded in $(secs_since "$start") s"

bench_serve "$port" --login-limit-per-ip 100000000

generic=$(bench_generic)
token=$(bench_login admin@sierramadre.mx)

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
