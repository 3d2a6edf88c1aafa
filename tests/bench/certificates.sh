#!/usr/bin/env bash
# Benchmark (not a test): certificates. (1) DC-3s per second on one core: the DC-3 drawn
# with krilla (`server/examples/certificates_bench.rs`, release build) side by side with the
# same page as HTML printed by headless Chromium (`dc3-chromium.mjs`, the way the original
# product printed it), both pinned to core 0 with taskset; prints both rates and the ratio.
# (2) One PDF of 1,000 course certificates (a page each, as a course's batch download builds
# it): time, size and peak memory (VmHWM).
# Target (issue): krilla at least 50× Chromium's rate.
# Needs node, playwright-core (`cd tests && npm ci`) and /usr/bin/chromium (CHROMIUM_PATH).
# CERTIFICATES_BENCH_OUT=<dir> keeps both DC-3 PDFs and the merged one there.
# Usage: tests/bench/certificates.sh [krilla_dc3s=500] [chromium_dc3s=100] [pages=1000]
source "$(dirname "$0")/lib.sh"
krilla_n=${1:-500}
chromium_n=${2:-100}
pages=${3:-1000}
command -v node >/dev/null || { echo "node is needed" >&2; exit 1; }
[ -d tests/node_modules/playwright-core ] || { echo "playwright-core is needed: cd tests && npm ci" >&2; exit 1; }
command -v taskset >/dev/null || { echo "taskset is needed (util-linux)" >&2; exit 1; }
# The example does not serve the web app: no need to rebuild it.
AULA_SKIP_WEB_BUILD=${AULA_SKIP_WEB_BUILD:-1} bench_build -p aula --example certificates_bench
ex="$target/release/examples/certificates_bench"
result() { awk -v k="$1" '$1 == "result" && $2 == k { print $3 }' "$2"; }

echo "== $krilla_n DC-3s (one per worker) drawn with krilla on one thread (core 0)"
taskset -c 0 "$ex" dc3 "$krilla_n" "$work" >"$work/krilla.txt"
grep -v '^result ' "$work/krilla.txt"
echo "== the same DC-3 as HTML printed by headless Chromium, $chromium_n times (core 0)"
taskset -c 0 node tests/bench/dc3-chromium.mjs "$work/dc3.json" "$chromium_n" "$work/chromium.pdf" >"$work/chromium.txt"
grep -v '^result ' "$work/chromium.txt"
python3 - "$(result dc3_per_s "$work/krilla.txt")" "$(result chromium_per_s "$work/chromium.txt")" <<'PY'
import sys
krilla, chromium = float(sys.argv[1]), float(sys.argv[2])
ratio = krilla / chromium
print(f"   krilla {krilla:.1f} DC-3/s, Chromium {chromium:.1f} DC-3/s: {ratio:.1f}x "
      f"(target 50x: {'met' if ratio >= 50 else 'NOT met'})")
PY

echo "== one PDF of $pages course certificates (one thread, core 0)"
taskset -c 0 "$ex" merged "$pages" "$work/merged.pdf" >"$work/merged.txt"
grep -v '^result ' "$work/merged.txt"

if [ -n "${CERTIFICATES_BENCH_OUT:-}" ]; then
  mkdir -p "$CERTIFICATES_BENCH_OUT"
  cp "$work/dc3.pdf" "$CERTIFICATES_BENCH_OUT/dc3-krilla.pdf"
  cp "$work/chromium.pdf" "$CERTIFICATES_BENCH_OUT/dc3-chromium.pdf"
  cp "$work/merged.pdf" "$CERTIFICATES_BENCH_OUT/constancias-$pages.pdf"
  echo "   PDFs kept in $CERTIFICATES_BENCH_OUT"
fi
