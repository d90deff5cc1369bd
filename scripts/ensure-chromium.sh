#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the Playwright browser tests.
# As root: installs it with apt-get if missing (fails loudly if that fails).
# Otherwise: prints a warning; tests/browser then skips itself.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
    exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
    echo "WARNING: $CHROMIUM is missing and we are not root: browser tests will be skipped." >&2
    echo "         Install it with: sudo apt-get install chromium" >&2
    exit 0
fi

echo "Installing Debian chromium for the browser tests..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium </dev/null >/dev/null
if [[ ! -x "$CHROMIUM" ]]; then
    echo "ERROR: apt-get installed chromium but $CHROMIUM is still missing." >&2
    exit 1
fi
