#!/usr/bin/env bash
# Makes a PostgreSQL server available for the test suite at TEST_DATABASE_URL's default
# (postgres://blade:blade@127.0.0.1:5432/blade_test): installs Debian's package when missing
# (as root), starts the cluster, creates the role and database. Safe to run repeatedly.
set -euo pipefail

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "Using TEST_DATABASE_URL as given."
  exit 0
fi

as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "Installing PostgreSQL from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

cluster=$(pg_lsclusters --no-header | head -n 1)
if [ -z "$cluster" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  pg_createcluster "$version" main >/dev/null
  cluster=$(pg_lsclusters --no-header | head -n 1)
fi
read -r version name port status _ <<<"$cluster"
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" "$name" start
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done

as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname='blade'\" | grep -q 1 || psql -p $port -qc \"CREATE ROLE blade LOGIN PASSWORD 'blade' CREATEDB\""
as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname='blade_test'\" | grep -q 1 || psql -p $port -qc 'CREATE DATABASE blade_test OWNER blade'"
if [ "$port" != 5432 ]; then
  echo "PostgreSQL listens on $port; set TEST_DATABASE_URL=postgres://blade:blade@127.0.0.1:$port/blade_test" >&2
  exit 1
fi
echo "PostgreSQL $version is ready on port $port."
