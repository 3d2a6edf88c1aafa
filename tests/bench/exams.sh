#!/usr/bin/env bash
# Benchmark (not a test): exams. 1,000 participants of an e-learning course each hand in a
# 20-question exam, all within 10 seconds (an even stream of 100 hand-ins a second against a
# release build); prints p50/p99 of the hand-in POST and checks that every attempt was graded
# exactly once (none lost, none graded twice) and that each pass reached the ledger.
# Target (issue 13): p99 under 100 ms; zero lost or double-graded.
# Usage: tests/bench/exams.sh [participants=1000] [seconds=10]
source "$(dirname "$0")/lib.sh"
participants=${1:-1000}
secs=${2:-10}
bench_build
port=18184

echo "== generating $((participants + 300)) employees"
"$bin" demo --empleados "$((participants + 300))" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
bench_serve "$port" --login-limit-per-ip 100000000
analista=$(bench_login analista@sierramadre.mx)
instructor=$(bench_login instructor@sierramadre.mx)

# A topic with no question bank and no prerequisite, the internal instructor, and the
# participants: active employees who are not instructors.
read -r tema instr people < <(python3 - "$work/data/aula.db" "$participants" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
t = db.execute("""SELECT cve_tema FROM temas WHERE activo = 1 AND modelo_evaluacion = 'conocimiento'
                   AND cve_tema NOT IN (SELECT cve_tema FROM temas_prerrequisitos)
                   AND cve_tema NOT IN (SELECT cve_tema FROM preguntas) ORDER BY cve_tema LIMIT 1""").fetchone()[0]
i = db.execute("""SELECT i.cve_instructor FROM instructores i JOIN empleados e ON e.cve_empleado = i.cve_empleado
                   WHERE e.correo_empleado = 'instructor@sierramadre.mx'""").fetchone()[0]
ids = [r[0] for r in db.execute("""SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0
                                    AND correo_empleado IS NOT NULL AND correo_empleado LIKE '%@%'
                                    AND cve_empleado NOT IN (SELECT cve_empleado FROM instructores WHERE cve_empleado IS NOT NULL)
                                    ORDER BY cve_empleado LIMIT ?""", (int(sys.argv[2]),))]
print(t, i, ",".join(map(str, ids)))
PY
)
echo "== a 20-question bank on topic $tema"
for n in $(seq 1 20); do
  if [ $((n % 5)) -eq 0 ]; then
    body="{\"pregunta\":\"Pregunta $n: ¿qué elementos de protección son obligatorios?\",\"tipo\":\"multiple\",\"respuestas\":[{\"texto\":\"Casco\",\"correcta\":true},{\"texto\":\"Lentes\",\"correcta\":true},{\"texto\":\"Corbata\",\"correcta\":false},{\"texto\":\"Sandalias\",\"correcta\":false}]}"
  else
    body="{\"pregunta\":\"Pregunta $n: ¿cuál es el procedimiento correcto?\",\"tipo\":\"unica\",\"respuestas\":[{\"texto\":\"El del manual\",\"correcta\":true},{\"texto\":\"Improvisar\",\"correcta\":false},{\"texto\":\"Preguntar a un visitante\",\"correcta\":false},{\"texto\":\"Ninguno\",\"correcta\":false}]}"
  fi
  curl -sf -X POST "$base/temas/preguntas/$tema" -H "Authorization: Bearer $analista" -H 'content-type: application/json' -d "$body" >/dev/null
done
hoy=$(python3 -c "import datetime,zoneinfo;print(datetime.datetime.now(zoneinfo.ZoneInfo('America/Mexico_City')).date())")
curso=$(curl -sf -X POST "$base/cursos/programar" -H "Authorization: Bearer $analista" -H 'content-type: application/json' \
  -d "{\"cve_tema\":$tema,\"nombre_corto\":\"Benchmark de exámenes\",\"modalidad\":\"E_LEARNING\",\"sesiones\":[{\"fecha\":\"$hoy\",\"hora_inicio\":\"05:00\",\"hora_fin\":\"05:30\"}],\"capacidad\":$((participants + 200)),\"dias_acceso\":2,\"moneda\":\"MXN\",\"tipo_cambio\":18.5,\"cve_instructor\":$instr}" \
  | python3 -c 'import sys,json;print(json.load(sys.stdin)["cve_curso"])')
echo "== enrolling $participants participants in course $curso"
python3 - "$base" "$analista" "$curso" "$people" <<'PY'
import json, sys, urllib.request
base, token, curso, people = sys.argv[1], sys.argv[2], sys.argv[3], [int(x) for x in sys.argv[4].split(",")]
n = 0
for i in range(0, len(people), 200):
    req = urllib.request.Request(f"{base}/cursos/{curso}/inscribir", method="POST",
        data=json.dumps({"empleados": people[i:i + 200], "lista_espera": False}).encode(),
        headers={"Authorization": f"Bearer {token}", "content-type": "application/json"})
    n += len(json.load(urllib.request.urlopen(req)).get("inscritos", []))
print(f"   {n} enrolled")
PY
curl -sf -X POST "$base/cursos/$curso/examen" -H "Authorization: Bearer $analista" -H 'content-type: application/json' \
  -d '{"num_preguntas":20,"tiempo_estimado":30,"intentos":1}' >/dev/null
curl -sf -X POST "$base/cursos/$curso/examen/asignar" -H "Authorization: Bearer $analista" -H 'content-type: application/json' -d '{}' >/dev/null
curl -sf -X POST "$base/cursos/$curso/examen/activar" -H "Authorization: Bearer $instructor" -H 'content-type: application/json' -d '{}' >/dev/null
emails=$(python3 - "$work/data/aula.db" "$curso" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("""SELECT e.cve_empleado, e.correo_empleado FROM examenes_asignaciones a
                      JOIN examenes x ON x.id_examen = a.id_examen JOIN empleados e ON e.cve_empleado = a.cve_empleado
                     WHERE x.cve_curso = ?""", (int(sys.argv[2]),)).fetchall()
print(",".join(f"{c}:{m}" for c, m in rows))
PY
)
node tests/bench/exam-burst.mjs "$base" "$(bench_generic)" "$curso" "$secs" "$emails"
python3 - "$work/data/aula.db" "$curso" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
c = int(sys.argv[2])
asignados, intentos, calificados, dobles = db.execute("""
  SELECT COUNT(DISTINCT a.id_asignacion), COUNT(t.id_intento), SUM(t.estado = 'calificado'),
         (SELECT COUNT(*) FROM examenes_asignaciones a2 JOIN examenes x2 ON x2.id_examen = a2.id_examen
           WHERE x2.cve_curso = ? AND a2.intentos_usados > 1)
    FROM examenes_asignaciones a JOIN examenes x ON x.id_examen = a.id_examen
    LEFT JOIN examenes_intentos t ON t.id_asignacion = a.id_asignacion WHERE x.cve_curso = ?""", (c, c)).fetchone()
aprobados = db.execute("""SELECT COUNT(*) FROM examenes_asignaciones a JOIN examenes x ON x.id_examen = a.id_examen
                           WHERE x.cve_curso = ? AND a.acreditado = 1""", (c,)).fetchone()[0]
hechos = db.execute("SELECT COUNT(*) FROM plan_acreditaciones WHERE origen = 'examen' AND referencia = (SELECT 'examen:' || id_examen FROM examenes WHERE cve_curso = ?)", (c,)).fetchone()[0]
print(f"   database: {asignados} assigned, {intentos} attempts, {calificados} graded, {dobles} with more than one attempt; "
      f"{aprobados} passed, {hechos} ledger facts")
PY
