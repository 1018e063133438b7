#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what the tests need, then runs pytest.
# README.md gives this command; .ci/run runs it too.  Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's chromium drives the phone page's browser tests (Playwright cannot download one here).
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    chromium fonts-dejavu-core >/dev/null
fi

python3 -m pip install -q --disable-pip-version-check -e ".[test]"
python3 -m pytest "$@"
