#!/usr/bin/env bash
# npm test: installs what the tests need (PostgreSQL's server, Chromium) when missing, then runs
# every test: typecheck, lint and format, import rules, unit and database tests on PGlite and on
# a real PostgreSQL server, a production build, and Playwright in Chromium against the built app
# on both databases.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages…"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

export NEXT_TELEMETRY_DISABLED=1
node_modules/.bin/prisma generate >/dev/null
logs=$(mktemp -d)
PG_DIR=""
cleanup() {
  [ -z "$PG_DIR" ] || node_modules/.bin/tsx tests/support/pg-cluster.ts stop "$PG_DIR"
  rm -rf "$logs"
}
trap cleanup EXIT

# The static checks are mostly single-threaded (tsc, dependency-cruiser): they run side by side,
# with the test server's initdb, each printing its output only if it fails.
steps=()
step() {
  local name=$1
  shift
  "$@" >"$logs/$name" 2>&1 &
  steps+=("$!:$name")
}
finish_steps() {
  local failed=0 entry
  for entry in "${steps[@]}"; do
    if wait "${entry%%:*}"; then
      echo "   ${entry#*:}: passed"
    else
      echo "   ${entry#*:}: FAILED"
      cat "$logs/${entry#*:}"
      failed=1
    fi
  done
  steps=()
  return $failed
}

echo "== typecheck (Next's route types too), lint and format, import rules; PostgreSQL test server"
# next typegen writes .next/types, which tsconfig includes: tsc then checks what next build would.
step typecheck sh -c "node_modules/.bin/next typegen >/dev/null && node_modules/.bin/tsc --noEmit"
step "lint and format (npm run format fixes most)" node_modules/.bin/biome check --error-on-warnings .
step "import rules" npm run -s depcheck
node_modules/.bin/tsx tests/support/pg-cluster.ts start >"$logs/pg"
read -r TEST_PG_URL PG_DIR <"$logs/pg"
export TEST_PG_URL
finish_steps
echo "   PostgreSQL: $TEST_PG_URL"

echo "== unit and database tests (PGlite and PostgreSQL)"
node_modules/.bin/vitest run

echo "== production build (typechecked above)"
SWITCHBOARD_TYPECHECKED=1 node_modules/.bin/next build >"$logs/build" 2>&1 || { cat "$logs/build"; exit 1; }

echo "== end-to-end tests in Chromium (PGlite and PostgreSQL servers)"
node_modules/.bin/playwright test
