#!/bin/sh
# Unload and remove the agent installed by install-launchd.sh.
set -eu
target="$HOME/Library/LaunchAgents/dev.canon.poll.plist"
if [ -e "$target" ]; then
    launchctl unload "$target" 2>/dev/null || true
    rm -f "$target"
fi
echo "removed $target"
