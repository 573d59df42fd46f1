#!/bin/sh
# Installs or upgrades one Papo node from this checkout: `sudo scripts/install.sh [--help]` (scripts/install.mjs does
# the work). The `--` keeps Node 20 from reading the installer's own --env-file as its own option.
set -eu
if ! command -v node >/dev/null 2>&1; then
  echo 'Could not install Papo: Node is not installed (Node 20.19+, 22.12+ or 24 up to 24.18; see README)' >&2
  exit 1
fi
exec node "$(dirname "$0")/install.mjs" -- "$@"
