#!/usr/bin/env bash
# Benchmark (not a test): courses. (1) 1,000 simultaneous enrolment attempts into a course of
# 50 seats — exactly 50 must get one — and the time the burst takes to settle; (2) the
# calendar's month query with 50,000 courses (1–3 sessions each over four years): p50/p99
# with wrk against a release build, a different month on every request.
# Targets (issue 12): exactly 50 enrolled; calendar month p99 < 30 ms.
# Usage: tests/bench/courses.sh [courses=50000] [attempts=1000] [seats=50] [seconds=20]
source "$(dirname "$0")/lib.sh"
courses=${1:-50000}
attempts=${2:-1000}
seats=${3:-50}
secs=${4:-20}
need_wrk
bench_build
port=18183

employees=$((attempts + 500))
echo "== generating $employees employees"
"$bin" demo --empleados "$employees" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
echo "== adding $courses courses"
start=$(date +%s.%N)
AULA_LOG=warn,sqlx=error "$bin" datos-bench-cursos --cursos "$courses" \
  --data-dir "$work/data" --storage "$work/uploads" | sed 's/^/   /'
echo "   done in $(secs_since "$start") s; database $(du -m "$work/data/aula.db" | cut -f1) MB"

bench_serve "$port" --login-limit-per-ip 100000000
token=$(bench_login analista@sierramadre.mx)

# A course of an e-learning-free topic with no prerequisite, far in the future (no clashes).
read -r tema people < <(python3 - "$work/data/aula.db" "$attempts" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
t = db.execute("""SELECT cve_tema FROM temas WHERE activo = 1 AND requiere_sala = 0 AND requiere_instructor = 0
                   AND cve_tema NOT IN (SELECT cve_tema FROM temas_prerrequisitos) ORDER BY cve_tema LIMIT 1""").fetchone()
if t is None:
    t = db.execute("""SELECT cve_tema FROM temas WHERE activo = 1
                       AND cve_tema NOT IN (SELECT cve_tema FROM temas_prerrequisitos) ORDER BY cve_tema LIMIT 1""").fetchone()
ids = [r[0] for r in db.execute("""SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0
                                    AND cve_empleado NOT IN (SELECT cve_empleado FROM instructores WHERE cve_empleado IS NOT NULL)
                                    ORDER BY cve_empleado LIMIT ?""", (int(sys.argv[2]),))]
print(t[0], ",".join(map(str, ids)))
PY
)
room=$(python3 -c "import sqlite3,sys;db=sqlite3.connect(sys.argv[1]);r=db.execute('SELECT cve_sala, cve_sede FROM salas ORDER BY capacidad DESC LIMIT 1').fetchone();print(r[0],r[1])" "$work/data/aula.db")
instr=$(python3 -c "import sqlite3,sys;db=sqlite3.connect(sys.argv[1]);print(db.execute('SELECT cve_instructor FROM instructores ORDER BY cve_instructor LIMIT 1').fetchone()[0])" "$work/data/aula.db")
curso=$(curl -sf -X POST "$base/cursos/programar" -H "Authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"cve_tema\":$tema,\"nombre_corto\":\"Benchmark de inscripciones\",\"modalidad\":\"VIRTUAL\",\"sesiones\":[{\"fecha\":\"2031-03-03\",\"hora_inicio\":\"09:00\",\"hora_fin\":\"11:00\"}],\"capacidad\":$seats,\"moneda\":\"MXN\",\"tipo_cambio\":18.5,\"cve_instructor\":$instr}" \
  | python3 -c 'import sys,json;print(json.load(sys.stdin)["cve_curso"])')
echo "== $attempts simultaneous enrolment attempts into $seats seats (course $curso)"
node tests/bench/enrol-burst.mjs "$base" "$token" "$curso" "$people"
python3 - "$work/data/aula.db" "$curso" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
c = int(sys.argv[2])
inscritos, capacidad = db.execute("SELECT inscritos, capacidad FROM cursos WHERE cve_curso = ?", (c,)).fetchone()
filas = db.execute("SELECT COUNT(*) FROM cursos_inscripciones WHERE cve_curso = ? AND estatus = 'inscrito'", (c,)).fetchone()[0]
print(f"   database: {filas} enrolment rows, seat counter {inscritos} of {capacidad}")
PY

# The calendar month: a different month (of the 48 the data spans) on every request.
python3 - "$token" >"$work/month.lua" <<'PY'
import sys, datetime, calendar
today = datetime.date.today()
months = []
y, m = today.year - 2, today.month
for _ in range(48):
    last = calendar.monthrange(y, m)[1]
    months.append((f"{y:04d}-{m:02d}-01", f"{y:04d}-{m:02d}-{last:02d}"))
    m += 1
    if m == 13:
        y, m = y + 1, 1
print(f'wrk.headers["Authorization"] = "Bearer {sys.argv[1]}"')
print("local months = {" + ",".join(f'{{"{a}","{b}"}}' for a, b in months) + "}")
print("local i = 0")
print("request = function()")
print("  i = i + 1")
print("  local mo = months[(i % #months) + 1]")
print("  return wrk.format('GET', '/api/pri/cursos/calendario?desde=' .. mo[1] .. '&hasta=' .. mo[2])")
print("end")
PY
curl -s -o "$work/month.json" -H "Authorization: Bearer $token" "$base/cursos/calendario?desde=$(date +%Y-%m-01)&hasta=$(date -d "$(date +%Y-%m-01) +1 month -1 day" +%Y-%m-%d)"
echo "== calendar month with $courses courses: $(python3 -c "import json,sys;print(len(json.load(open(sys.argv[1]))))" "$work/month.json") sessions this month"
wrk -t1 -c2 -d3s -s "$work/month.lua" "$base/" >/dev/null
for c in 1 4; do
  echo "   -- $c connection(s)"
  wrk -t1 -c$c -d"${secs}s" --latency -s "$work/month.lua" "$base/" \
    | grep -E " 50%| 99%|Requests/sec|Non-2xx" | sed 's/^/   /'
done
echo "== server memory: $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"
