#!/usr/bin/env bash
# Entry point of the postgres image that scripts/container-images builds from Debian's packages.
# Written for tpkit; it keeps the contract of the official postgres image's entry point (its
# variables, its first-start initialisation, its two starts and their log lines), so that
# Testcontainers' PostgreSQLContainer, tpkit and `docker run -e POSTGRES_PASSWORD=...` lines made
# for the official image work unchanged.
set -Eeuo pipefail

# VAR_FILE names a file that holds VAR (Docker and Kubernetes secrets), as in the official image.
from_file() {
  local var="$1" file_var="$1_FILE"
  if [ -n "${!file_var:-}" ]; then
    if [ -n "${!var:-}" ]; then
      echo "error: both $var and $file_var are set; set one of them" >&2
      exit 1
    fi
    export "$var=$(<"${!file_var}")"
  fi
}

# `docker run IMAGE -c name=value ...`: options are postgres's.
if [ "${1:0:1}" = '-' ]; then
  set -- postgres "$@"
fi
# Any other command (bash, psql...) runs as given.
if [ "$1" != postgres ]; then
  exec "$@"
fi

# As root: give the data folder and the socket folder to the postgres user, then run this script
# again as that user (setpriv from util-linux, where the official image uses gosu).
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql ${POSTGRES_INITDB_WALDIR:+"$POSTGRES_INITDB_WALDIR"}
  chmod 0700 "$PGDATA"
  chmod 3777 /var/run/postgresql
  find "$PGDATA" /var/run/postgresql ${POSTGRES_INITDB_WALDIR:+"$POSTGRES_INITDB_WALDIR"} \
    \! -user postgres -exec chown postgres:postgres '{}' +
  exec setpriv --reuid=postgres --regid=postgres --init-groups \
    env HOME=/var/lib/postgresql "$0" "$@"
fi

if [ -s "$PGDATA/PG_VERSION" ]; then
  echo "PostgreSQL Database directory appears to contain a database; Skipping initialization"
  exec "$@"
fi

# First start: a fresh cluster in $PGDATA.
for var in POSTGRES_PASSWORD POSTGRES_USER POSTGRES_DB POSTGRES_INITDB_ARGS; do
  from_file "$var"
done
export POSTGRES_USER="${POSTGRES_USER:-postgres}"
export POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"

# The official image refuses to create a superuser without a password unless told to trust
# everyone; the first line is the official one, which people and tools search for.
if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
  cat >&2 <<'EOF'
Error: Database is uninitialized and superuser password is not specified.
       Set POSTGRES_PASSWORD to a non-empty value for the superuser, e.g.
       "-e POSTGRES_PASSWORD=password" on "docker run", or, to let every host in
       without a password (not recommended), "-e POSTGRES_HOST_AUTH_METHOD=trust".
EOF
  exit 1
fi
if [ "$auth" = trust ]; then
  echo "warning: POSTGRES_HOST_AUTH_METHOD=trust: every host connects without a password" >&2
fi

# initdb reads the password from standard input (never from the command line); the extra
# arguments are split as a shell would, as the official image does.
initdb_args=(--username="$POSTGRES_USER")
if [ -n "${POSTGRES_PASSWORD:-}" ]; then
  initdb_args+=(--pwfile=/dev/stdin)
fi
if [ -n "${POSTGRES_INITDB_WALDIR:-}" ]; then
  initdb_args+=(--waldir="$POSTGRES_INITDB_WALDIR")
fi
printf '%s\n' "${POSTGRES_PASSWORD:-}" |
  eval 'initdb "${initdb_args[@]}" '"${POSTGRES_INITDB_ARGS:-}"

# initdb trusts local (socket) connections; remote hosts need the password. listen_addresses
# = '*' comes from the image's postgresql.conf.sample.
printf '\n# remote hosts (added at the first start by docker-entrypoint.sh)\nhost all all all %s\n' \
  "$auth" >>"$PGDATA/pg_hba.conf"

# A temporary server on the socket only, with the command's own settings, for the set-up below.
# Its "database system is ready to accept connections" is the first of the two that
# Testcontainers waits for; the real server prints the second.
options=""
if [ $# -gt 1 ]; then
  options="$(printf '%q ' "${@:2}")"
fi
pg_ctl -D "$PGDATA" -w start -o "$options-c listen_addresses='' -p ${PGPORT:-5432}"

psql_run=(psql -X -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password)
"${psql_run[@]}" --dbname postgres --set db="$POSTGRES_DB" -q <<'EOF'
SELECT format('CREATE DATABASE %I', :'db')
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db') \gexec
EOF

# /docker-entrypoint-initdb.d, in name order: executable .sh files run, the others are sourced;
# SQL (plain or gzipped) goes to POSTGRES_DB as POSTGRES_USER.
for f in /docker-entrypoint-initdb.d/*; do
  [ -e "$f" ] || continue
  case "$f" in
    *.sh)
      if [ -x "$f" ]; then
        echo "$0: running $f"
        "$f"
      else
        echo "$0: sourcing $f"
        # shellcheck disable=SC1090
        . "$f"
      fi
      ;;
    *.sql) echo "$0: running $f"; "${psql_run[@]}" --dbname "$POSTGRES_DB" -f "$f" ;;
    *.sql.gz) echo "$0: running $f"; gunzip -c "$f" | "${psql_run[@]}" --dbname "$POSTGRES_DB" ;;
    *) echo "$0: ignoring $f" ;;
  esac
done

pg_ctl -D "$PGDATA" -m fast -w stop
echo
echo "PostgreSQL init process complete; ready for start up."
echo
exec "$@"
