#!/usr/bin/env bash
# Makes a MariaDB server available for the test suite at TEST_MYSQL_URL's default
# (mysql://blade:blade@127.0.0.1:3306/blade_test): installs Debian's package when missing (as
# root), starts the server without systemd, creates the user and database. The harness makes a
# database per test server (blade_t_…), so the user may create and drop databases named blade_%.
# Safe to run repeatedly. A TEST_MYSQL_URL given (a real MySQL 8, say) is used as it is.
set -euo pipefail

if [ -n "${TEST_MYSQL_URL:-}" ]; then
  echo "Using TEST_MYSQL_URL as given."
  exit 0
fi

as_root() { if [ "$(id -u)" = 0 ]; then sh -c "$1"; else sudo sh -c "$1"; fi; }

# A server this script installs is the tests' own: its settings are what every database of ours
# assumes (docs/mysql.md: utf8mb4, stored times in UTC), and its data lives in memory
# (/dev/shm), as a test server's may: the suite's thousands of DDL statements run ten times
# faster. A server installed otherwise keeps its settings (each test database is made utf8mb4
# and each connection sets UTC itself).
settings=/etc/mysql/mariadb.conf.d/60-blade.cnf
data=/dev/shm/blade-mariadb
if ! command -v mariadbd >/dev/null 2>&1; then
  echo "Installing MariaDB from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  as_root "apt-get update -qq && apt-get install -y -qq mariadb-server >/dev/null"
  as_root "/etc/init.d/mariadb stop" >/dev/null 2>&1 || true
  as_root "cat > $settings" <<EOF
[mariadb]
character-set-server = utf8mb4
collation-server = utf8mb4_unicode_520_ci
default-time-zone = '+00:00'
max_connections = 1000
datadir = $data
innodb_flush_method = nosync
innodb_doublewrite = 0
innodb_flush_log_at_trx_commit = 2
innodb_buffer_pool_size = 512M
EOF
fi
# Memory is emptied at each boot: the data directory is made again when missing.
if [ -f "$settings" ] && grep -q "^datadir = $data" "$settings" && [ ! -d "$data/mysql" ]; then
  as_root "/etc/init.d/mariadb stop" >/dev/null 2>&1 || true
  as_root "mkdir -p $data && chown mysql:mysql $data && mariadb-install-db --user=mysql --datadir=$data >/dev/null"
fi

if ! as_root "mariadb-admin ping --silent" >/dev/null 2>&1; then
  as_root "/etc/init.d/mariadb start" >/dev/null
fi
for _ in $(seq 1 30); do
  as_root "mariadb-admin ping --silent" >/dev/null 2>&1 && break
  sleep 1
done

as_root "mariadb" <<'EOF'
CREATE USER IF NOT EXISTS 'blade'@'localhost' IDENTIFIED BY 'blade';
CREATE USER IF NOT EXISTS 'blade'@'127.0.0.1' IDENTIFIED BY 'blade';
CREATE DATABASE IF NOT EXISTS blade_test CHARACTER SET utf8mb4;
GRANT ALL PRIVILEGES ON `blade\_%`.* TO 'blade'@'localhost';
GRANT ALL PRIVILEGES ON `blade\_%`.* TO 'blade'@'127.0.0.1';
EOF
port=$(as_root "mariadb -N -e 'select @@port'")
if [ "$port" != 3306 ]; then
  echo "MariaDB listens on $port; set TEST_MYSQL_URL=mysql://blade:blade@127.0.0.1:$port/blade_test" >&2
  exit 1
fi
echo "MariaDB $(as_root "mariadb -N -e 'select version()'") is ready on port $port."
