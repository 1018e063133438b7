#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what the tests need, then runs pytest.
# README.md gives this command; .ci/run runs it too.  Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
APT_UPDATED=""
apt_install() {  # Debian packages the tests need, installed once each
  [ -n "$APT_UPDATED" ] || { $SUDO apt-get update -qq; APT_UPDATED=1; }
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" \
    >/dev/null
}

# Debian's chromium drives the phone page's browser tests (Playwright cannot download one
# here): most run in its headless shell (/usr/bin/chromium-headless-shell, the same engine at
# half the CPU), a smoke set in the browser itself (/usr/bin/chromium); tests/page_session.py.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
  apt_install chromium chromium-headless-shell fonts-dejavu-core
fi
# Debian's redis-server: the rooms' contract tests run against a real one as well as SQLite
# (tests/test_rooms_api.py starts and stops its own on a free port).
if [ ! -x /usr/bin/redis-server ]; then
  apt_install redis-server
fi
# Debian's nodejs runs the page engine's node tests (tests/node/: node --test, run by
# tests/test_engine_node.py) against the library's recorded answers (tests/golden/).
if ! command -v node >/dev/null; then
  apt_install nodejs
fi
# axe-core, from npm at the version tests/axe/package.json pins (its lock file holds the
# checksum), checks the page's screens for accessibility (tests/axe.py,
# tests/test_page_a11y.py): installed into tests/axe/node_modules once, again only when the
# pinned version changes.  npm comes with nodesource's nodejs; Debian's is its own package.
if ! command -v npm >/dev/null; then
  apt_install npm
fi
AXE_PINNED=$(sed -n 's/.*"axe-core": *"\([^"]*\)".*/\1/p' tests/axe/package.json)
AXE_FOUND=""
if [ -f tests/axe/node_modules/axe-core/package.json ]; then
  AXE_FOUND=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' \
    tests/axe/node_modules/axe-core/package.json | head -1)
fi
if [ "$AXE_FOUND" != "$AXE_PINNED" ] || [ ! -f tests/axe/node_modules/axe-core/axe.min.js ]; then
  (cd tests/axe && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

# The tests install into a virtual environment, never into the machine's own Python (Debian's,
# which refuses it, or pyenv's, which would take it): the one already active, if any, else
# .venv beside this repository, made once and reused.
PYTHON=python3
if python3 -c 'import sys; sys.exit(0 if sys.prefix != sys.base_prefix else 1)'; then
  "$PYTHON" -m pip install -q --disable-pip-version-check -e ".[test]"
else
  if [ ! -x .venv/bin/pip ]; then
    # Debian's python3 makes a venv only with python3-venv (ensurepip) installed; a failed
    # try leaves a .venv without pip, made again here
    if ! python3 -m venv --clear .venv >/dev/null 2>&1; then
      apt_install python3-venv
      python3 -m venv --clear .venv
    fi
  fi
  PYTHON=.venv/bin/python
  export PATH="$PWD/.venv/bin:$PATH"   # the `solve` and `liars` commands the tests run
  # A plain (not editable) install: pytest runs from this directory, so the tests and
  # doctests import this working copy; the install provides the dependencies and commands.
  "$PYTHON" -m pip install -q --disable-pip-version-check ".[test]"
fi
# Compile the big racks' loops (solver/search/kernels/, numba) once before the tests, for this
# working copy and for the installed copy the commands run: about 20 s the first time on a
# fresh machine, then read from numba's cache, so that no test's timeout pays for compiling.
"$PYTHON" -c 'from solver import kernels; kernels.ready()'
"$PYTHON" -I -c 'from solver import kernels; kernels.ready()'  # -I: not this folder
# Python's bytecode, kept: where the environment says PYTHONDONTWRITEBYTECODE (this machine's
# does), each of the suite's Python processes (two workers, some 30 servers, the CLI's
# smoke tests) would compile its modules again, and each worker rewrite every test file's
# asserts again (3 s of its 6.6 s of collecting).  The cache lives outside this folder.
unset PYTHONDONTWRITEBYTECODE
CACHE_HOME="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}"
export PYTHONPYCACHEPREFIX="${PYTHONPYCACHEPREFIX:-$CACHE_HOME/liars-tests/pycache}"
# Every core runs tests (pytest-xdist), each test file on one worker: a file's servers and
# browser start once; files in the order tests/conftest.py gives (the longest first).
"$PYTHON" -m pytest -n auto --dist loadfile --no-loadscope-reorder "$@"
