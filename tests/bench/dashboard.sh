#!/usr/bin/env bash
# Benchmark (not a test): the dashboard with 100,000 employees, 2,000,000 enrolments and a
# ledger of 2,000,000 accreditations. Prints p50/p99 (wrk against a release build) of
# dashboard/cards, dashboard/modalidadxmes and dashboard/ranking/Anio for the administrator
# (the whole company: the largest scope) and for a supervisor (a team).
# Targets (issue 16): p99 < 50 ms for each of the three.
# Usage: tests/bench/dashboard.sh [employees=100000] [enrolments=2000000] [ledger=2000000] [courses=100000] [seconds=15]
source "$(dirname "$0")/lib.sh"
n=${1:-100000}
seats=${2:-2000000}
rows=${3:-2000000}
courses=${4:-100000}
secs=${5:-15}
need_wrk
bench_build
port=18186

echo "== generating $n employees"
start=$(date +%s.%N)
"$bin" demo --empleados "$n" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
echo "   loaded in $(secs_since "$start") s"
echo "== adding 30 requirements and a ledger of $rows accreditations"
start=$(date +%s.%N)
AULA_LOG=warn,sqlx=error "$bin" datos-bench-planes --requerimientos 30 --acreditaciones "$rows" \
  --data-dir "$work/data" --storage "$work/uploads" | sed 's/^/   /'
echo "   done in $(secs_since "$start") s"
echo "== adding $courses courses and $seats enrolments"
start=$(date +%s.%N)
AULA_LOG=warn,sqlx=error "$bin" datos-bench-cursos --cursos "$courses" --inscripciones "$seats" \
  --data-dir "$work/data" --storage "$work/uploads" | sed 's/^/   /'
echo "   done in $(secs_since "$start") s; database $(du -m "$work/data/aula.db" | cut -f1) MB"
python3 - "$work/data/aula.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
q = lambda s: db.execute(s).fetchone()[0]
print("   employees:", q("SELECT COUNT(*) FROM empleados"),
      "| enrolments:", q("SELECT COUNT(*) FROM cursos_inscripciones"),
      "| courses:", q("SELECT COUNT(*) FROM cursos"),
      "| ledger rows:", q("SELECT COUNT(*) FROM plan_acreditaciones"),
      "| plan rows:", q("SELECT COUNT(*) FROM plan_empleados_temas"))
PY

bench_serve "$port" --login-limit-per-ip 100000000
for who in admin@sierramadre.mx supervisor@sierramadre.mx; do
  token=$(bench_login "$who")
  echo "== $who"
  for path in dashboard/cards dashboard/modalidadxmes dashboard/ranking/Anio; do
    curl -sf -o /dev/null -H "Authorization: Bearer $token" "$base/$path" || { echo "   $path failed" >&2; exit 1; }
    cat >"$work/get.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $token"
LUA
    wrk -t1 -c1 -d2s -s "$work/get.lua" "$base/$path" >/dev/null
    for c in 1 4; do
      printf '   %-26s %d conn: ' "$path" "$c"
      wrk -t1 -c$c -d"${secs}s" --latency -s "$work/get.lua" "$base/$path" \
        | awk '/ 50%/{p50=$2} / 99%/{p99=$2} /Requests\/sec/{rps=$2} /Non-2xx/{bad=$0} END{printf "p50 %s  p99 %s  %s req/s %s\n", p50, p99, rps, bad}'
    done
  done
done
echo "== server memory: $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"
