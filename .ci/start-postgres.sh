#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on loopback for the tests that check the game-file models
# on PostgreSQL, and print the URL to use.  Installs Debian's server if it is missing.
set -euo pipefail
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$BIN" ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
  BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
PORT=${UMPIRE_PG_PORT:-$(python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")}
DATA=$(mktemp -d /tmp/umpire-pg.XXXXXX)
RUNAS=""
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd -r -m postgres
  chown postgres "$DATA"
  RUNAS="runuser -u postgres --"
fi
$RUNAS "$BIN/initdb" -D "$DATA" -A trust -U umpire >/dev/null
$RUNAS "$BIN/pg_ctl" -D "$DATA" -o "-p $PORT -k $DATA -c listen_addresses=127.0.0.1" -l "$DATA/log" -w start >/dev/null
echo "postgresql+psycopg://umpire@127.0.0.1:$PORT/postgres"
