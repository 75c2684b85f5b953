#!/usr/bin/env bash
# Entry point of the mariadb image that scripts/container-images builds from Debian's packages.
# Written for tpkit; it keeps the contract of the official mariadb image's entry point (its
# MARIADB_* variables and their MYSQL_* aliases, its first-start initialisation, its two starts
# and their log lines), so that Testcontainers' MariaDBContainer, tpkit and `docker run` lines
# made for the official image work unchanged.
set -Eeuo pipefail

# MARIADB_X falls back on MYSQL_X, and either on a file named by its _FILE variant (Docker and
# Kubernetes secrets), as in the official image.
setting() {
  local name="$1" alias="${2:-MYSQL_${1#MARIADB_}}" value="" var
  for var in "$name" "$alias"; do
    local file_var="${var}_FILE"
    if [ -n "${!var:-}" ]; then
      value="${!var}"
      break
    elif [ -n "${!file_var:-}" ]; then
      value="$(<"${!file_var}")"
      break
    fi
  done
  export "$name=$value"
}

# `docker run IMAGE --name=value ...`: options are the server's.
if [ "${1:0:1}" = '-' ]; then
  set -- mariadbd "$@"
fi
# Any other command (bash, mariadb...) runs as given.
if [ "$1" != mariadbd ] && [ "$1" != mysqld ]; then
  exec "$@"
fi

# The server's own reading of its options: a bad one stops here with the server's message, and the
# data folder and socket are the ones the options (and /etc/mysql) say.
if ! help="$("$@" --verbose --help 2>&1)"; then
  grep -F '[ERROR]' <<<"$help" >&2 || head -n 20 <<<"$help" >&2
  echo "error: $1 refused its options: $*" >&2
  exit 1
fi
# (the table of values at the end of the help: a name and its value on one line)
option() { awk -v name="$1" '$1 == name && NF == 2 { print $2; exit }' <<<"$help"; }
datadir="$(option datadir)"
socket="$(option socket)"
if [ -z "$datadir" ] || [ -z "$socket" ]; then
  echo "error: $1 --verbose --help names no datadir or no socket" >&2
  exit 1
fi

# As root: give the data folder and the socket's folder to the mysql user, then run this script
# again as that user (setpriv from util-linux, where the official image uses gosu).
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$datadir" "$(dirname "$socket")"
  find "$datadir" "$(dirname "$socket")" \! -user mysql -exec chown mysql:mysql '{}' +
  exec setpriv --reuid=mysql --regid=mysql --init-groups env HOME=/var/lib/mysql "$0" "$@"
fi

if [ -d "$datadir/mysql" ]; then
  echo "MariaDB: the data folder $datadir holds a database; skipping initialisation"
  exec "$@"
fi

# First start: a fresh data folder.
for name in MARIADB_ROOT_PASSWORD MARIADB_RANDOM_ROOT_PASSWORD MARIADB_DATABASE MARIADB_USER \
    MARIADB_PASSWORD MARIADB_ROOT_HOST MARIADB_INITDB_SKIP_TZINFO; do
  setting "$name"
done
setting MARIADB_ALLOW_EMPTY_ROOT_PASSWORD MYSQL_ALLOW_EMPTY_PASSWORD
root_host="${MARIADB_ROOT_HOST:-%}"

# As officially: one of the three root-password variables, and the ordinary user is not root.
if [ -z "$MARIADB_ROOT_PASSWORD" ] && [ -z "$MARIADB_ALLOW_EMPTY_ROOT_PASSWORD" ] \
    && [ -z "$MARIADB_RANDOM_ROOT_PASSWORD" ]; then
  printf '%s\n\t%s\n' "error: Database is uninitialized and password option is not specified" \
    "You need to specify one of MARIADB_ROOT_PASSWORD, MARIADB_ALLOW_EMPTY_ROOT_PASSWORD and MARIADB_RANDOM_ROOT_PASSWORD" >&2
  exit 1
fi
if [ "$MARIADB_USER" = root ]; then
  echo "error: MARIADB_USER=root: MARIADB_USER and MARIADB_PASSWORD make an ordinary user; set root's password with MARIADB_ROOT_PASSWORD" >&2
  exit 1
fi
if [ -n "$MARIADB_USER" ] && [ -z "$MARIADB_PASSWORD" ]; then
  echo "error: MARIADB_USER is set without MARIADB_PASSWORD" >&2
  exit 1
fi
if [ -n "$MARIADB_RANDOM_ROOT_PASSWORD" ] && [ -z "$MARIADB_ROOT_PASSWORD" ]; then
  MARIADB_ROOT_PASSWORD="$(head -c 24 /dev/urandom | base64)"
  echo "GENERATED ROOT PASSWORD: $MARIADB_ROOT_PASSWORD"
fi

# The same settings for both starts below as for the real server (e.g. the redo log's size),
# without replication logs, buffer pool dumps or networking during the set-up.
quiet=(--skip-log-bin --expire-logs-days=0 --loose-innodb-buffer-pool-load-at-startup=0
  --loose-innodb-buffer-pool-dump-at-shutdown=0)
echo "MariaDB: initialising $datadir"
mariadb-install-db --datadir="$datadir" --skip-test-db --auth-root-authentication-method=normal \
  --default-time-zone=SYSTEM --enforce-storage-engine= "${quiet[@]}" "${@:2}" >/dev/null

# A temporary server on the socket only (--skip-networking). Its "ready for connections" is the
# first of the two in the log; the real server prints the second.
"$@" "${quiet[@]}" --skip-networking --socket="$socket" --default-time-zone=SYSTEM \
  --wsrep-on=OFF --skip-slave-start &
pid=$!
sql=(mariadb --protocol=socket --socket="$socket" --user=root --binary-mode --batch)
for _ in $(seq 1 300); do
  if "${sql[@]}" --database=mysql --execute='SELECT 1' >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "error: the temporary server stopped; its messages are above" >&2
    exit 1
  fi
  sleep 0.1
done

# Quoted for SQL: a string ('...') and a name (`...`).
quote() { local s="${1//\\/\\\\}"; printf "'%s'" "${s//\'/\\\'}"; }
name() { printf '`%s`' "${1//\`/\`\`}"; }

if [ -z "$MARIADB_INITDB_SKIP_TZINFO" ] && [ -d /usr/share/zoneinfo ]; then
  # the time zone tables, for CONVERT_TZ with names (as officially; MARIADB_INITDB_SKIP_TZINFO skips)
  { echo "SET @@SESSION.SQL_LOG_BIN=0;"; mariadb-tzinfo-to-sql --skip-write-binlog /usr/share/zoneinfo 2>/dev/null; } \
    | "${sql[@]}" --database=mysql
fi

# root: its password, and reachable from MARIADB_ROOT_HOST (any host by default) with it.
password="$(quote "$MARIADB_ROOT_PASSWORD")"
{
  echo "SET @@SESSION.SQL_LOG_BIN=0;"
  echo "DROP USER IF EXISTS root@'127.0.0.1', root@'::1';"
  echo "EXECUTE IMMEDIATE CONCAT('DROP USER IF EXISTS root@\\'', @@hostname, '\\'');"
  echo "SET PASSWORD FOR root@localhost = PASSWORD($password);"
  if [ "$root_host" != localhost ]; then
    echo "CREATE USER root@$(quote "$root_host") IDENTIFIED BY $password;"
    echo "GRANT ALL ON *.* TO root@$(quote "$root_host") WITH GRANT OPTION;"
    echo "GRANT PROXY ON ''@'%' TO root@$(quote "$root_host") WITH GRANT OPTION;"
  fi
  if [ -n "$MARIADB_DATABASE" ]; then
    echo "CREATE DATABASE IF NOT EXISTS $(name "$MARIADB_DATABASE");"
  fi
  if [ -n "$MARIADB_USER" ]; then
    echo "CREATE USER $(quote "$MARIADB_USER")@'%' IDENTIFIED BY $(quote "$MARIADB_PASSWORD");"
    if [ -n "$MARIADB_DATABASE" ]; then
      # in GRANT a database name is a pattern: its _ is escaped, as officially
      echo "GRANT ALL ON $(name "${MARIADB_DATABASE//_/\\_}").* TO $(quote "$MARIADB_USER")@'%';"
    fi
  fi
} | "${sql[@]}" --database=mysql

# /docker-entrypoint-initdb.d, in name order: executable .sh files run, the others are sourced;
# SQL (plain or gzipped) goes to MARIADB_DATABASE as root.
export MYSQL_PWD="$MARIADB_ROOT_PASSWORD"
into=()
if [ -n "$MARIADB_DATABASE" ]; then
  into=(--database="$MARIADB_DATABASE")
fi
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
    *.sql) echo "$0: running $f"; "${sql[@]}" "${into[@]}" <"$f" ;;
    *.sql.gz) echo "$0: running $f"; gunzip -c "$f" | "${sql[@]}" "${into[@]}" ;;
    *) echo "$0: ignoring $f" ;;
  esac
done
unset MYSQL_PWD

kill "$pid"
wait "$pid"
echo
echo "MariaDB init process done. Ready for start up."
echo
exec "$@"
