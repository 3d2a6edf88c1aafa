#!/usr/bin/env bash
# Benchmark (not a test): exporting 1,000,000 rows of a report to CSV and to xlsx, streamed
# by the server. Prints, per format: time to first byte, total time, rows/s, the file's size
# and the server's peak memory while exporting: its anonymous resident memory (RssAnon,
# sampled every 20 ms by one small process: the heap, what the export itself holds) and its whole resident set
# (VmRSS, which also counts the pages of the memory-mapped database file it reads).
# Each format is run once to warm the page cache, then measured.
# Targets (issue 17): CSV ≥ 200,000 rows/s; xlsx under 30 s; both under 200 MB peak.
# The report is the builder's 'acreditaciones' source (the ledger joined to the employee,
# topic, position, plant and structure names) with eight columns.
# Usage: tests/bench/reports.sh [employees=100000] [ledger=1000000]
# AULA_BENCH_DATA=<dir> reuses a data dir generated before (copied; its data/ and uploads/).
source "$(dirname "$0")/lib.sh"
n=${1:-100000}
rows=${2:-1000000}
bench_build
port=18196

if [ -n "${AULA_BENCH_DATA:-}" ]; then
  cp -r "$AULA_BENCH_DATA/data" "$AULA_BENCH_DATA/uploads" "$work/"
else
  echo "== generating $n employees and a ledger of $rows accreditations"
  start=$(date +%s.%N)
  "$bin" demo --empleados "$n" --data-dir "$work/data" --storage "$work/uploads" >/dev/null
  AULA_LOG=warn,sqlx=error "$bin" datos-bench-planes --requerimientos 30 --acreditaciones "$rows" \
    --data-dir "$work/data" --storage "$work/uploads" | sed 's/^/   /'
  echo "   done in $(secs_since "$start") s"
fi
echo "   database $(du -m "$work/data/aula.db" | cut -f1) MB; ledger rows: $(python3 -c "import sqlite3,sys;print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM plan_acreditaciones').fetchone()[0])" "$work/data/aula.db")"

bench_serve "$port" --login-limit-per-ip 100000000
token=$(bench_login analista@sierramadre.mx)
rss() { awk '/VmRSS/{printf "%.0f", $2/1024}' "/proc/$pid/status"; }
# Samples RssAnon and VmRSS every 20 ms into $work/mem.txt until $work/stop exists (one
# process: a shell loop forking awk 50 times a second took a core from the server).
sample() {
  rm -f "$work/stop"
  python3 - "$pid" "$work" <<'PY'
import os, sys, time
pid, work = sys.argv[1], sys.argv[2]
with open(f"{work}/mem.txt", "w") as out:
    while not os.path.exists(f"{work}/stop"):
        f = {l.split(":")[0]: l.split()[1] for l in open(f"/proc/{pid}/status") if l.startswith(("RssAnon", "VmRSS"))}
        out.write(f"{f['RssAnon']} {f['VmRSS']}\n")
        time.sleep(0.02)
PY
}
def='{"fuente":"acreditaciones","columnas":["num_empleado","nombre_empleado","puesto","planta","tema_clave","fecha","calificacion","vigente"]}'
echo "== server before: $(rss) MB RSS"
for fmt in csv xlsx; do
  out="$work/export.$fmt"
  export_once() {
    curl -sf -o "$out" -w '%{time_starttransfer} %{time_total} %{size_download}\n' \
      -X POST "$base/reportes/exportar" -H "Authorization: Bearer $token" \
      -H 'content-type: application/json' -d "{\"definicion\":$def,\"formato\":\"$fmt\"}" >"$work/t.txt"
  }
  export_once
  sample & sampler=$!
  export_once
  touch "$work/stop"; wait $sampler
  peak=$(awk '{if ($1>a) a=$1; if ($2>r) r=$2} END{printf "%.0f MB heap (RssAnon), %.0f MB resident with the mapped database", a/1024, r/1024}' "$work/mem.txt")
  read -r ttfb total size <"$work/t.txt"
  if [ "$fmt" = csv ]; then
    lines=$(($(wc -l <"$out") - 1))
  else
    lines=$(python3 - "$out" <<'PY'
import re, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open("xl/worksheets/sheet1.xml") as f:
    n, tail = 0, b""
    for chunk in iter(lambda: f.read(1 << 20), b""):
        data = tail + chunk
        n += data.count(b"<row ")
        tail = data[-4:]  # a tag cut by the chunk is counted in the next one, never twice
    print(n - 1)
PY
)
  fi
  python3 - "$fmt" "$ttfb" "$total" "$size" "$lines" "$peak" <<'PY'
import sys
fmt, ttfb, total, size, lines, peak = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
print(f"   {fmt:4}: {lines:,} rows in {total:.1f} s = {lines/total:,.0f} rows/s; first byte after {ttfb*1000:.0f} ms; "
      f"{size/1e6:.1f} MB; peak {peak}")
PY
done
echo "== server after: $(rss) MB RSS"
