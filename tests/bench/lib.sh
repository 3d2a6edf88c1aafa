# Shared preamble of the benchmark scripts (sourced, not run): the release build, a
# scratch directory removed on exit, the server started on it, and an API login.
# After sourcing: $root (the project), $bin (release aula), $target, $work (scratch dir).

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$(pwd)
# Where cargo puts the build (CARGO_TARGET_DIR, a .cargo/config.toml target-dir, or ./target).
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import sys,json;print(json.load(sys.stdin)["target_directory"])')
bin="$target/release/aula"
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && { kill $pid 2>/dev/null; wait $pid 2>/dev/null; }; rm -rf "$work"' EXIT

# The release build (extra cargo arguments, e.g. `--example import_file`, are passed on);
# AULA_BENCH_NO_BUILD=1 runs the release binary already built.
bench_build() { [ -n "${AULA_BENCH_NO_BUILD:-}" ] || cargo build --release --locked -q "$@"; }

# Fails early when wrk is missing.
need_wrk() { command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }; }

# Seconds (one decimal) since a `date +%s.%N` instant.
secs_since() { python3 -c "print(round($(date +%s.%N) - $1, 1))"; }

# Starts the server on 127.0.0.1:$1 (its content origin on $1 + 1) over $work (extra serve
# arguments follow), sets $pid, $base (the /api/pri URL) and $content (the content origin's
# URL) and waits for its health check.
bench_serve() {
  local port=$1
  shift
  AULA_LOG=warn "$bin" serve --addr "127.0.0.1:$port" --content-addr "127.0.0.1:$((port + 1))" --data-dir "$work/data" --storage "$work/uploads" \
    "$@" >"$work/server.log" 2>&1 &
  pid=$!
  base="http://127.0.0.1:$port/api/pri"
  content="http://127.0.0.1:$((port + 1))"
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && return 0; sleep 0.2; done
  echo "the server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
}

# Prints the generic (pre-login) token of the running server.
bench_generic() {
  curl -sf "${base%/pri}/pub/token/generico" | python3 -c 'import sys,json;print(json.load(sys.stdin)["token"])'
}

# Prints a session token of a demo user ($1) of the running server.
bench_login() {
  curl -sf -X POST "$base/login" -H "Authorization: Bearer $(bench_generic)" \
    -H 'content-type: application/json' -d "{\"usuario\":\"$1\",\"password\":\"Demo.Aula2026\"}" \
    | python3 -c 'import sys,json;print(json.load(sys.stdin)["jwt"])'
}
