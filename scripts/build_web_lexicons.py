"""Write the browser's copies of the bundled lexicons (api/static/lexicons/).

The page's own engine (api/static/engine/) reads these when it answers with no
server.  Each bundled lexicon becomes ``<name>.lex`` (solver/words/weblexicon.py's
format), and ``index.json`` lists them: name, title, word count, file, size and
SHA-256, the provenance the server lists (``info``), and which is the default.  Run it after scripts/build_lexicons.py;
tests/test_weblexicon.py fails when the committed files are stale.

    python scripts/build_web_lexicons.py [--out api/static/lexicons]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.words.lexicon import DEFAULT_LEXICON, bundled_lexicons, load_lexicon  # noqa: E402
from solver.words.weblexicon import encode_words  # noqa: E402


def build(out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    listing = {"default": DEFAULT_LEXICON, "lexicons": []}
    for name, info in bundled_lexicons().items():
        lex = load_lexicon(name)
        data = encode_words(name, lex._words.keys())
        (out / f"{name}.lex").write_bytes(data)
        listing["lexicons"].append({
            "name": name, "title": info.get("title", name), "words": len(lex),
            "file": f"{name}.lex", "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            # What Lexicon.describe() adds to name and words (GET /api/v1/lexicons), so
            # that the page's local router lists the lexicons as the server does.
            "info": info})
    (out / "index.json").write_text(json.dumps(listing, indent=2) + "\n")
    return listing


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "api" / "static" / "lexicons")
    args = parser.parse_args(argv)
    for lex in build(args.out)["lexicons"]:
        print(f"{lex['file']}: {lex['words']:,} words, {lex['bytes']:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
