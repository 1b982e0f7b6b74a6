#!/bin/sh
# Add (or replace) Canon's poller line in the user's crontab: every N minutes
# (default 5). CANON_BIN, CANON_CONFIG and CANON_DB are taken from the
# environment when set. Other crontab lines are kept as they are.
set -eu
minutes="${1:-5}"
case "$minutes" in
    ''|*[!0-9]*) echo "usage: $0 [MINUTES 1-59]" >&2; exit 2 ;;
esac
if [ "$minutes" -lt 1 ] || [ "$minutes" -gt 59 ]; then
    echo "usage: $0 [MINUTES 1-59]" >&2; exit 2
fi
bin="${CANON_BIN:-$(command -v canon || true)}"
if [ -z "$bin" ]; then
    echo "canon is not on PATH; set CANON_BIN" >&2; exit 1
fi
env=""
[ -n "${CANON_CONFIG:-}" ] && env="$env CANON_CONFIG=$CANON_CONFIG"
[ -n "${CANON_DB:-}" ] && env="$env CANON_DB=$CANON_DB"
line="*/$minutes * * * *$env $bin poll --quiet # canon-poller"
current="$(crontab -l 2>/dev/null || true)"
{
    printf '%s\n' "$current" | grep -v '# canon-poller$' | grep -v '^$' || true
    printf '%s\n' "$line"
} | crontab -
echo "installed: $line"
