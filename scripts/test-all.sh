#!/usr/bin/env bash
# `npm test`: the static checks, then every suite in two lanes side by side. Vitest and Playwright
# each keep one worker busy on a 2-core machine, and the database suites spend much of their time
# waiting on their server, so two lanes finish in about the time of the longer one:
#   sqlite: the unit and API tests on SQLite (and the web, schema and script tests), then e2e;
#   servers: the server tests on PostgreSQL, then again on MariaDB (both with Redis).
# Each lane's lines carry its name; the run fails when either lane does.
set -uo pipefail
cd "$(dirname "$0")/.."

npm run lint && npm run typecheck || exit 1

# Installing and starting the servers first, one at a time: apt cannot run twice at once.
for need in postgres mariadb redis chromium; do
  bash "scripts/ensure-$need.sh" || exit 1
done

lane() {
  local name=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
}

# A lane's second suite runs even when its first failed, so one run reports every failure.
both() { bash -c "npm run $1; first=\$?; npm run $2 && exit \$first"; }
lane sqlite both test:unit test:e2e &
sqlite=$!
lane servers both test:pg test:mysql &
servers=$!

status=0
wait "$sqlite" || { status=1; echo "[sqlite] lane failed"; }
wait "$servers" || { status=1; echo "[servers] lane failed"; }
exit "$status"
