"""The rules live in the repository (issue 8, item 8): docs/rules.md names, for each ruling,
the test that checks it, and every named test exists; README links the page; nothing in
the repository points outside it (a clone has no ../shared)."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
REFERENCE = re.compile(r"`(tests/test_\w+\.py)::(test_\w+)`")


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_test_the_rules_name_exists():
    references = REFERENCE.findall(RULES.read_text(encoding="utf-8"))
    assert len(references) >= 100, len(references)
    missing = [f"{file}::{name}" for file, name in references
               if not (ROOT / file).exists() or name not in _test_names(ROOT / file)]
    assert missing == []


@pytest.mark.parametrize("game", ["Liars' Letters", "Liar's Dice", "Liar's Post", "Liar Liar",
                                  "Liar's Poker with cards"])
def test_every_game_has_its_section_with_its_variants_and_defaults(game):
    text = RULES.read_text(encoding="utf-8")
    section = text.split(f"\n## {game}\n", 1)[1].split("\n## ", 1)[0]
    assert "| variant | options | default | checked by |" in section
    assert REFERENCE.search(section)


def test_readme_links_the_rules():
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def _tracked_text_files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    for name in listed.stdout.splitlines():
        path = ROOT / name
        if path.suffix in {".md", ".py", ".sh", ".toml", ".js", ".html", ".css", ".json",
                           ".txt", ""} and path.is_file():
            yield name, path.read_text(encoding="utf-8", errors="replace")


def test_nothing_points_outside_the_repository():
    outside = re.compile(r"\.\./shared|/work/shared|\bshared/(seeds|RULINGS)")
    pointing = [name for name, text in _tracked_text_files()
                if name != "tests/test_docs.py" and outside.search(text)]
    assert pointing == []
