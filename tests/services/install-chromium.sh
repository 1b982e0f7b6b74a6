#!/usr/bin/env bash
# Debian's Chromium for the playground's browser tests (driven by Playwright
# with executable_path=/usr/bin/chromium; never `playwright install`), and the
# colour-emoji font the playground's system font stack falls back to for the
# bot's ✅ ❌ ✏️ ⚠️ (the page bundles nothing from the network).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && fc-list | grep -qi "Noto Color Emoji"; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# As root (CI) apt-get runs directly; a developer account goes through sudo.
if [ "$(id -u)" -ne 0 ]; then
    apt-get() { sudo -E apt-get "$@"; }
fi
apt-get update
apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-noto-color-emoji
