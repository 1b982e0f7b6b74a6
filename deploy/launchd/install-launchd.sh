#!/bin/sh
# Render dev.canon.poll.plist (found next to this script) into
# ~/Library/LaunchAgents and load it: `canon poll` every N minutes (default 5).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
minutes="${1:-5}"
case "$minutes" in ''|*[!0-9]*) echo "usage: $0 [MINUTES]" >&2; exit 2 ;; esac
bin="${CANON_BIN:-$(command -v canon || true)}"
[ -n "$bin" ] || { echo "canon is not on PATH; set CANON_BIN" >&2; exit 1; }
agents="$HOME/Library/LaunchAgents"
mkdir -p "$agents" "$HOME/Library/Logs"
target="$agents/dev.canon.poll.plist"
sed -e "s|@CANON_BIN@|$bin|" \
    -e "s|@CANON_CONFIG@|${CANON_CONFIG:-$HOME/.config/canon/canon.toml}|" \
    -e "s|@CANON_DB@|${CANON_DB:-$HOME/.local/share/canon/canon.db}|" \
    -e "s|@SECONDS@|$((minutes * 60))|" \
    -e "s|@LOG@|$HOME/Library/Logs/canon-poll.log|g" \
    "$here/dev.canon.poll.plist" > "$target"
launchctl unload "$target" 2>/dev/null || true
launchctl load -w "$target"
echo "installed $target"
