#!/usr/bin/env bash
# The end-to-end suite runs in Debian's Chromium (never a browser download). Installs it when this
# user can (root with apt-get), otherwise fails saying how to get it.
set -u
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is missing at $CHROMIUM. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
