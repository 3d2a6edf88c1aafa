#!/usr/bin/env bash
# Benchmark (not a test): a bulk upload of 100,000 employees from xlsx against a release
# build. Prints the file size, the time from upload to the end of the job, rows/s and the
# server's peak memory (VmHWM) and memory before the upload.
# Usage: tests/bench/import.sh [rows=100000]
source "$(dirname "$0")/lib.sh"
n=${1:-100000}
bench_build -p aula --bin aula --example import_file
port=18182

"$bin" demo --empleados 60 --data-dir "$work/data" --storage "$work/uploads" >/dev/null
org=$(python3 - "$work/data/aula.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
row = db.execute("""SELECT s2.nombre, s3.nombre, s4.nombre, coalesce(s5.nombre,''), coalesce(s6.nombre,''), coalesce(s7.nombre,''), p.puesto
  FROM empleados e JOIN estructura s2 ON s2.cve_estructura=e.n2 JOIN estructura s3 ON s3.cve_estructura=e.n3
  JOIN estructura s4 ON s4.cve_estructura=e.n4 LEFT JOIN estructura s5 ON s5.cve_estructura=e.n5
  LEFT JOIN estructura s6 ON s6.cve_estructura=e.n6 LEFT JOIN estructura s7 ON s7.cve_estructura=e.n7
  JOIN puestos p ON p.cve_puesto=e.cve_puesto WHERE e.correo_empleado='participante@sierramadre.mx'""").fetchone()
print("\t".join(row))
PY
)
IFS=$'\t' read -r n2 n3 n4 n5 n6 n7 puesto <<<"$org"
echo "== writing $n employee rows"
"$target/release/examples/import_file" "$n" "$work/empleados.xlsx" "$n2" "$n3" "$n4" "$n5" "$n6" "$n7" "$puesto"
echo "   file: $(du -k "$work/empleados.xlsx" | cut -f1) KB"

bench_serve "$port"
token=$(bench_login admin@sierramadre.mx)
echo "== server memory before the upload: $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"

upload() {
  echo "== $1"
  start=$(date +%s.%N)
  id=$(curl -sf -X POST "http://127.0.0.1:$port/api/pri/cargas_masivas/empleados" -H "Authorization: Bearer $token" \
    -F "archivo=@$work/empleados.xlsx" | python3 -c 'import sys,json;print(json.load(sys.stdin)["id_carga"])')
  accepted=$(date +%s.%N)
  while :; do
    status=$(curl -sf "http://127.0.0.1:$port/api/pri/cargas_masivas/$id" -H "Authorization: Bearer $token")
    estatus=$(python3 -c 'import sys,json;print(json.loads(sys.argv[1])["estatus"])' "$status")
    [ "$estatus" = terminada ] || [ "$estatus" = fallida ] && break
    sleep 0.2
  done
  end=$(date +%s.%N)
  python3 - "$status" "$start" "$accepted" "$end" "$n" <<'PY'
import json, sys
s = json.loads(sys.argv[1]); start, acc, end, n = map(float, sys.argv[2:6])
print(f"   {s['estatus']}: {s['insertadas']} inserted, {s['actualizadas']} updated, {s['sin_cambios']} unchanged, "
      f"{s['errores']} rejected, {s['lotes_fallidos']} failed batches")
print(f"   upload checked and accepted in {acc - start:.1f} s; whole import {end - start:.1f} s; {n / (end - start):,.0f} rows/s")
PY
}
upload "first upload of the file"
upload "the same file again (nothing changes)"
echo "== server peak memory: $(grep VmHWM /proc/$pid/status | awk '{printf "%.0f MB", $2/1024}') (VmHWM); now $(ps -o rss= -p $pid | awk '{printf "%.0f MB", $1/1024}') RSS"
