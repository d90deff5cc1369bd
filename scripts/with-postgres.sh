#!/usr/bin/env bash
# Run a command against a local PostgreSQL 15: scripts/with-postgres.sh CMD [ARGS...]
#
# Starts the Debian cluster 15/main if it is not running (and stops it again afterwards if
# this script started it), makes sure a role `marias` (LOGIN CREATEDB) and a database
# `marias` exist, then runs CMD with DATABASE_URL pointing at them. The role's password is
# generated once into var/postgres-password (gitignored) and re-applied on every run.
# Needs root (peer authentication as the `postgres` system user).
set -euo pipefail

PG_VERSION=15
PG_CLUSTER=main
ROLE=marias
DBNAME=marias

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VAR_DIR="${MARIAS_VAR_DIR:-$ROOT/var}"

if [[ $# -eq 0 ]]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

if ! command -v pg_ctlcluster >/dev/null || [[ ! -x /usr/lib/postgresql/$PG_VERSION/bin/postgres ]]; then
    echo "ERROR: PostgreSQL $PG_VERSION is not installed (expected /usr/lib/postgresql/$PG_VERSION)." >&2
    echo "       Install it with: apt-get install postgresql-$PG_VERSION" >&2
    exit 1
fi
if [[ "$(id -u)" -ne 0 ]]; then
    echo "ERROR: $0 must run as root (it manages the cluster and uses peer auth as postgres)." >&2
    exit 1
fi

cluster_status() { pg_lsclusters --no-header | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c {print $4}'; }
cluster_port() { pg_lsclusters --no-header | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c {print $3}'; }

if [[ -z "$(cluster_status)" ]]; then
    echo "ERROR: cluster $PG_VERSION/$PG_CLUSTER does not exist (pg_createcluster $PG_VERSION $PG_CLUSTER)." >&2
    exit 1
fi

STARTED=0
if [[ "$(cluster_status)" != online* ]]; then
    echo "Starting PostgreSQL $PG_VERSION/$PG_CLUSTER..." >&2
    pg_ctlcluster --skip-systemctl-redirect "$PG_VERSION" "$PG_CLUSTER" start
    STARTED=1
fi
stop_cluster() {
    if [[ $STARTED -eq 1 && -z "${KEEP_POSTGRES:-}" ]]; then
        echo "Stopping PostgreSQL $PG_VERSION/$PG_CLUSTER..." >&2
        pg_ctlcluster --skip-systemctl-redirect "$PG_VERSION" "$PG_CLUSTER" stop || true
    fi
}
trap stop_cluster EXIT

PORT="$(cluster_port)"
for _ in $(seq 1 30); do
    if pg_isready -q -h 127.0.0.1 -p "$PORT"; then break; fi
    sleep 0.5
done
pg_isready -h 127.0.0.1 -p "$PORT" >/dev/null

mkdir -p "$VAR_DIR"
PW_FILE="$VAR_DIR/postgres-password"
if [[ ! -s "$PW_FILE" ]]; then
    (umask 077 && python3 -c 'import secrets; print(secrets.token_hex(16))' >"$PW_FILE")
fi
PASSWORD="$(cat "$PW_FILE")"

psql_admin() { runuser -u postgres -- psql -p "$PORT" -v ON_ERROR_STOP=1 -qAt "$@" </dev/null; }

# Role: create if missing, then (re)apply password and privileges. The password is passed as a
# psql variable so it is quoted by psql, never interpolated into SQL text by the shell.
if [[ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != "1" ]]; then
    psql_admin -c "CREATE ROLE $ROLE LOGIN CREATEDB"
fi
printf '%s\n' "ALTER ROLE :\"role\" WITH LOGIN CREATEDB PASSWORD :'pw';" \
    | runuser -u postgres -- psql -p "$PORT" -v ON_ERROR_STOP=1 -qAt -v role="$ROLE" -v pw="$PASSWORD" >/dev/null
if [[ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DBNAME'")" != "1" ]]; then
    psql_admin -c "CREATE DATABASE $DBNAME OWNER $ROLE"
fi

export DATABASE_URL="postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DBNAME"
echo "DATABASE_URL=postgres://$ROLE:***@127.0.0.1:$PORT/$DBNAME" >&2
set +e
"$@"
status=$?
set -e
exit $status
