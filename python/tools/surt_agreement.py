#!/usr/bin/env python3
"""How often weburl's `ia` SURT key equals the Internet Archive `surt`
package's `surt.surt(url)` (default options), over the http(s) URLs of
testdata/urls/* that weburl serializes back to themselves (so both read
the same string).

Usage: surt_agreement.py [--min PERCENT] [--cli PATH] [--show N]

weburl's keys come from the installed `weburl` Python package, or from the
`weburl` command at PATH (`-g '{href}\t{surt}'`) with --cli. Exits 1 when
the agreement is below --min (default 99.9). The differences are listed
(the first --show of them, default 20); the documentation of
`weburl_sites::surt` (crates/weburl-sites/src/surt.rs) says where keys can still
differ, and why.
"""

import argparse
import pathlib
import subprocess
import sys

import surt

ROOT = pathlib.Path(__file__).resolve().parents[2]


def candidates():
    """Each http(s) field of the vendored lists: a line of the .txt files,
    a tab-separated field of the .tsv ones; the BOM of a file's start is
    not part of its first line."""
    for path in sorted((ROOT / "testdata" / "urls").iterdir()):
        if path.suffix not in (".txt", ".tsv"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
        for line in text.splitlines():
            for field in line.split("\t") if path.suffix == ".tsv" else [line]:
                if field.startswith(("http://", "https://")):
                    yield field


def keys_from_cli(cli, urls):
    """(href, key) per URL, from one run of the command."""
    out = subprocess.run(
        [cli, "-f", "-", "-g", "{href}\t{surt}"],
        input="\n".join(urls) + "\n",
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split("\n")
    pairs = []
    for line in out[: len(urls)]:
        href, _, key = line.partition("\t")
        pairs.append((href, key) if href else (None, None))
    return pairs


def keys_from_package(urls):
    import weburl

    pairs = []
    for url in urls:
        try:
            parsed = weburl.URL(url)
        except ValueError:
            pairs.append((None, None))
            continue
        pairs.append((parsed.href, parsed.surt(profile="ia")))
    return pairs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min", type=float, default=99.9)
    ap.add_argument("--cli")
    ap.add_argument("--show", type=int, default=20)
    args = ap.parse_args()

    urls = sorted(set(candidates()))
    pairs = keys_from_cli(args.cli, urls) if args.cli else keys_from_package(urls)
    total = agree = 0
    differences = []
    for url, (href, ours) in zip(urls, pairs):
        if href != url:
            continue
        total += 1
        theirs = surt.surt(url)
        if ours == theirs:
            agree += 1
        else:
            differences.append((url, theirs, ours))
    percent = 100.0 * agree / total if total else 0.0
    for url, theirs, ours in differences[: args.show]:
        print(f"{url}\n  surt:   {theirs}\n  weburl: {ours}")
    print(
        f"surt agreement: {agree} of {total} URLs ({percent:.3f} %), "
        f"{len(differences)} differ; minimum {args.min} %"
    )
    return 0 if percent >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())
