#!/usr/bin/env bash
# The two suites of `make test` side by side: the whole suite on SQLite (browser tests
# included) in the foreground, tests/web on PostgreSQL 15 in the background, each with its
# own var directory. Each pytest is one Python process, so on a 2-core machine the pair takes
# about as long as the longer one instead of the sum. The PostgreSQL run's output is printed
# when it ends; the script fails if either suite failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=.venv/bin/python
mkdir -p var/pg
# The test run's settings (pyproject.toml names them too): set here so that a
# DJANGO_SETTINGS_MODULE exported in the shell cannot run the suite on a server's settings.
export DJANGO_SETTINGS_MODULE=marias_admin.settings_test
log=var/pg/pytest-postgres.log

echo "== pytest tests/web (PostgreSQL 15), in the background: $log =="
MARIAS_VAR_DIR="$PWD/var/pg" bash scripts/with-postgres.sh $PY -m pytest tests/web -p no:cacheprovider >"$log" 2>&1 &
pg_pid=$!
trap 'kill $pg_pid 2>/dev/null || true' INT TERM

echo "== pytest (SQLite, whole suite) =="
env -u DATABASE_URL $PY -m pytest
sqlite_rc=$?

wait $pg_pid
pg_rc=$?
echo "== pytest tests/web (PostgreSQL 15): output =="
cat "$log"
echo "== results: SQLite exit $sqlite_rc, PostgreSQL exit $pg_rc =="
[[ $sqlite_rc -eq 0 && $pg_rc -eq 0 ]]
