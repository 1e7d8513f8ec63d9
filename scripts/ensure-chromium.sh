#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser build): install it when
# missing. Needs root (CI runs as root); prints what to do otherwise.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing at $CHROMIUM; install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
