#!/usr/bin/env bash
# npm test: installs what the tests need (PostgreSQL's server, Chromium) when missing, then runs
# every test: typecheck, unit and database tests on PGlite and on a real PostgreSQL server,
# a production build, and Playwright in Chromium against the built app on both databases.
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
echo "== typecheck"
node_modules/.bin/tsc --noEmit

echo "== lint and format (Biome; npm run format fixes most of it)"
node_modules/.bin/biome check --error-on-warnings .

echo "== import rules (dependency-cruiser)"
npm run -s depcheck

echo "== PostgreSQL test server"
read -r TEST_PG_URL PG_DIR < <(node_modules/.bin/tsx tests/support/pg-cluster.ts start)
export TEST_PG_URL
trap 'node_modules/.bin/tsx tests/support/pg-cluster.ts stop "$PG_DIR"' EXIT
echo "   $TEST_PG_URL"

echo "== unit and database tests (PGlite and PostgreSQL)"
node_modules/.bin/vitest run

echo "== production build"
node_modules/.bin/next build >/tmp/switchboard-build.log 2>&1 || { cat /tmp/switchboard-build.log; exit 1; }

echo "== end-to-end tests in Chromium (PGlite and PostgreSQL servers)"
node_modules/.bin/playwright test
