#!/usr/bin/env bash
# The end-to-end suite runs in Debian's Chromium (never a browser download): the headless shell
# (package chromium-headless-shell, /usr/bin/chromium-headless-shell) for the tests, and the full
# browser (package chromium, /usr/bin/chromium) for screenshots, the size report and Lighthouse.
# Both are built from Debian's one chromium source package, same version, same Blink; the shell
# leaves out the browser's own UI and uses less than half its CPU per page on two cores
# (docs/architecture.md, "The browser of the end-to-end suite"). Installs them when this user can
# (root with apt-get), otherwise fails saying how to get them.
set -u
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null && exit 0
fi
echo "Missing: ${missing[*]}. Install Debian's packages: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
echo "(or set CHROMIUM_PATH and E2E_CHROMIUM_PATH to Chromium binaries)" >&2
exit 1
