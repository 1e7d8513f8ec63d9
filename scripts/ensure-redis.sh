#!/usr/bin/env bash
# Makes a Redis server available for the scale-out tests at 127.0.0.1:6379: installs Debian's
# package when missing (as root) and starts it on loopback. Safe to run repeatedly.
set -euo pipefail
if [ -n "${TEST_REDIS_URL:-}" ]; then
  echo "Using TEST_REDIS_URL as given."
  exit 0
fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "Installing Redis from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq redis-server >/dev/null
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null
  for _ in $(seq 1 30); do
    redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break
    sleep 0.2
  done
fi
echo "Redis is ready on 127.0.0.1:6379."
