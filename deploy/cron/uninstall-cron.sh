#!/bin/sh
# Remove Canon's poller line from the user's crontab; other lines are kept.
set -eu
current="$(crontab -l 2>/dev/null || true)"
printf '%s\n' "$current" | grep -v '# canon-poller$' | grep -v '^$' | crontab - || true
echo "removed the canon-poller line"
