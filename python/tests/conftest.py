"""Shared helpers: where the repository's vendored test data lives."""

import json
from pathlib import Path

TESTDATA = Path(__file__).resolve().parents[2] / "testdata"


def load_json(relative):
    with open(TESTDATA / relative, encoding="utf-8") as f:
        return json.load(f)


def url_lists():
    """The vendored URL lists: (name, list of lines)."""
    lists = []
    for path in sorted((TESTDATA / "urls").glob("*.txt")):
        with open(path, encoding="utf-8", newline="\n") as f:
            lines = [line for line in f.read().split("\n") if line]
        lists.append((path.stem, lines))
    return lists
