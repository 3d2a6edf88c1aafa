#!/usr/bin/env bash
# Benchmark (not a test): training plans with 100,000 employees, 300 requirements of mixed
# targets and 2,000,000 ledger rows. Prints one employee's plan p50/p99 (wrk against a release
# build), the company-wide progress views by N2–N4 and by topic, and the expiry scan.
# Targets (issue 11): one plan p99 < 20 ms; the consolidated views < 1 s; the expiry scan < 2 s.
# Usage: tests/bench/plans.sh [employees=100000] [ledger rows=2000000] [requirements=300] [seconds=20]
source "$(dirname "$0")/lib.sh"
n=${1:-100000}
rows=${2:-2000000}
reqs=${3:-300}
secs=${4:-20}
need_wrk
bench_build
port=18182

echo "== generating $n employees"
start=$(date +%s.%N)
"$bin" demo --empleados "$n" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
echo "   loaded in $(secs_since "$start") s"
echo "== adding $reqs requirements and $rows ledger rows"
start=$(date +%s.%N)
AULA_LOG=warn,sqlx=error "$bin" datos-bench-planes --requerimientos "$reqs" --acreditaciones "$rows" \
  --data-dir "$work/data" --storage "$work/uploads" | sed 's/^/   /'
echo "   done in $(secs_since "$start") s; database $(du -m "$work/data/aula.db" | cut -f1) MB"

bench_serve "$port" --login-limit-per-ip 100000000
token=$(bench_login admin@sierramadre.mx)

# One employee's plan: a different employee (of 5,000 drawn at random) on every request.
python3 - "$work/data/aula.db" "$token" >"$work/plan.lua" <<'PY'
import random, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
ids = [r[0] for r in db.execute("SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0")]
random.seed(11)
pick = random.sample(ids, min(5000, len(ids)))
print('wrk.method = "POST"')
print('wrk.headers["Content-Type"] = "application/json"')
print(f'wrk.headers["Authorization"] = "Bearer {sys.argv[2]}"')
print('wrk.body = "{}"')
print("local ids = {" + ",".join(map(str, pick)) + "}")
print("local i = 0")
print("request = function()")
print("  i = i + 1")
print("  local where = (i % 2 == 0) and '/completados' or '/pendientes'")
print("  return wrk.format(nil, '/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/' .. ids[(i % #ids) + 1] .. where)")
print("end")
PY
sqlite3_plan() {
  python3 - "$work/data/aula.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
q = lambda s: db.execute(s).fetchone()[0]
print("   plan rows:", q("SELECT COUNT(*) FROM plan_empleados_temas"),
      "| ledger rows:", q("SELECT COUNT(*) FROM plan_acreditaciones"),
      "| requirements:", q("SELECT COUNT(*) FROM plan_requerimientos"),
      "| employees:", q("SELECT COUNT(*) FROM empleados"))
PY
}
sqlite3_plan
echo "== one employee's plan (pending / completed alternately, 5,000 employees, ${secs}s each)"
wrk -t1 -c2 -d3s -s "$work/plan.lua" "$base/" >/dev/null
for c in 1 4; do
  echo "   -- $c connection(s)"
  wrk -t1 -c$c -d"${secs}s" --latency -s "$work/plan.lua" "$base/" \
    | grep -E " 50%| 99%|Requests/sec|Non-2xx" | sed 's/^/   /'
done

# The company-wide views: median and worst of 5 requests each (first page of 10 rows; the
# server computes every group to sort and count them).
n2=$(python3 -c "import sqlite3,sys;db=sqlite3.connect(sys.argv[1]);print(db.execute('SELECT n2 FROM empleados GROUP BY n2 ORDER BY COUNT(*) DESC LIMIT 1').fetchone()[0])" "$work/data/aula.db")
n3=$(python3 -c "import sqlite3,sys;db=sqlite3.connect(sys.argv[1]);print(db.execute('SELECT n3 FROM empleados GROUP BY n3 ORDER BY COUNT(*) DESC LIMIT 1').fetchone()[0])" "$work/data/aula.db")
view() {
  local label=$1 path=$2 body=$3
  local times=()
  for _ in 1 2 3 4 5; do
    times+=("$(curl -s -o "$work/view.json" -w '%{time_total}' -X POST "$base/$path" -H "Authorization: Bearer $token" \
      -H 'content-type: application/json' -d "$body")")
  done
  python3 - "$label" "$work/view.json" "${times[@]}" <<'PY'
import json, statistics, sys
label, answer, *t = sys.argv[1:]
ms = sorted(float(x) * 1000 for x in t)
try:
    total = json.load(open(answer))["pages"]["cantidad_registros"]
except Exception as e:  # an error answer: show it
    total = f"error: {open(answer).read()[:200]}"
print(f"   {label:<44} median {statistics.median(ms):7.1f} ms   worst {ms[-1]:7.1f} ms   ({total} groups)")
PY
}
page='"page":1,"cantPP":10'
echo "== company-wide views (5 requests each)"
view "population control by N2" "catalogos/control_poblacion/tabla" "{$page,\"filtersEXT\":{\"nivel\":2}}"
view "population control by N3 (largest N2)" "catalogos/control_poblacion/tabla" "{$page,\"filtersEXT\":{\"nivel\":3,\"padre\":$n2}}"
view "population control by N4 (largest N3)" "catalogos/control_poblacion/tabla" "{$page,\"filtersEXT\":{\"nivel\":4,\"padre\":$n3}}"
view "population control by plant" "catalogos/control_poblacion/tabla" "{$page,\"filtersEXT\":{\"nivel\":\"planta\"}}"
view "formation plan: consolidated by position" "plan_capacitacion/plan_formacion/avance_consolidado/tabla" "{$page}"
view "institutional: progress by topic" "plan_capacitacion/capacitacion_institucional/avance_tema/tabla" "{$page}"
view "formation plan: progress by topic" "plan_capacitacion/plan_formacion/avance_tema/tabla" "{$page}"
view "specific training: progress by topic" "plan_capacitacion/capacitacion_especifica/avance_tema/tabla" "{$page}"
view "expiring in 30 days (report)" "plan_capacitacion/capacitaciones_proximas_vencer/tabla" "{$page}"
echo "== server memory: $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"
