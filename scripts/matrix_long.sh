#!/usr/bin/env bash
# The rooms matrix's long profile (tests/test_rooms_matrix.py), run before a release: every
# game and the toy on SQLite and on Redis, fresh seeds, thousands of steps in all.  Prints
# each game's figures (runs, steps, moves, games played to the end, requests, seconds) and
# pytest's summary; any failure is shrunk to its smallest run and printed.
#   bash scripts/matrix_long.sh                      # all of it
#   bash scripts/matrix_long.sh -k "dice and redis"  # pytest's own selection
# LIARS_MATRIX_GAMES=dice,post narrows the games; run scripts/run_tests.sh once first (it
# makes .venv and installs redis-server).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
export PATH="$PWD/.venv/bin:$PATH"
started=$(date +%s)
status=0
LIARS_MATRIX=long "$PYTHON" -m pytest tests/test_rooms_matrix.py -q -p no:randomly -s "$@" \
  || status=$?
echo "rooms matrix, long profile: $(( $(date +%s) - started )) s in all, exit $status"
exit $status
