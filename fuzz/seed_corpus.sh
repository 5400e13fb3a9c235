#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the vendored WPT data: the inputs and
# bases of urltestdata.json, the setters' values, the toascii and IDNA hosts,
# the percent-encoding and urlencoded inputs, the Public Suffix List's rules.
# Existing corpus files are kept.
# Usage: fuzz/seed_corpus.sh [target...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(parse parse_with_base setters differential host percent_encoding search_params url_pattern psl compat)
fi
python3 - "${targets[@]}" <<'PY'
import hashlib, json, os, re, sys

testdata = os.path.join("..", "testdata")

def load(path):
    with open(os.path.join(testdata, path), encoding="utf-8") as f:
        raw = f.read()
    return json.loads(raw)

def utf8(s):
    # A lone surrogate becomes U+FFFD, as a browser's USVString conversion does.
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s).encode("utf-8")

urltests = [t for t in load("wpt/urltestdata.json") if isinstance(t, dict)]
urltests += [t for t in load("ada/ada_extra_urltestdata.json") if isinstance(t, dict)]
setters = load("wpt/setters_tests.json")
hosts = [t["input"] for t in load("wpt/toascii.json") if isinstance(t, dict)]
hosts += [t["input"] for t in load("wpt/IdnaTestV2.json") if isinstance(t, dict)]
hosts += [t["input"] for t in load("wpt/IdnaTestV2-removed.json") if isinstance(t, dict)]
pct = [t["input"] for t in load("wpt/percent-encoding.json") if isinstance(t, dict)]
forms = [t["input"] for t in load("wpt/urlencoded-parser-data.json") if isinstance(t, dict)]

# The seed lists of the fuzz checks, to pick them by the first byte.
checks = open("../crates/weburl-test-support/src/checks.rs", encoding="utf-8").read()
def const_list(name):
    body = re.search(r"pub const %s: \[&str; \d+\] = \[(.*?)\];" % name, checks, re.S).group(1)
    return [json.loads('"%s"' % s) for s in re.findall(r'"((?:[^"\\]|\\.)*)"', body)]
seed_urls = const_list("SEED_URLS")
setter_ids = {n: i for i, n in enumerate(["href", "protocol", "username", "password", "host",
                                          "hostname", "port", "pathname", "search", "hash"])}

inputs = [utf8(t["input"]) for t in urltests]
with_base = [(utf8(t["base"]), utf8(t["input"])) for t in urltests if t.get("base")]

def corpus(target):
    out = []
    if target in ("parse", "fast_path", "byte_class_scan", "compat"):
        out = inputs + [b for b, _ in with_base]
    elif target == "parse_with_base":
        out = [b + b"\0" + i for b, i in with_base]
        out += [bytes([k % 256]) + i for k, i in enumerate(inputs)]
    elif target == "differential":
        out = inputs + [b + b"\0" + i for b, i in with_base]
        for name, cases in setters.items():
            if name == "comment":
                continue
            for c in cases:
                out.append(utf8(c["href"]) + b"\0\0" + bytes([setter_ids[name]]) + utf8(c["new_value"]))
        # The empty input after the NUL resolves to the base itself.
    elif target == "setters":
        for name, cases in setters.items():
            if name == "comment":
                continue
            for k, c in enumerate(cases):
                value = utf8(c["new_value"])[:255]
                seed = k % len(seed_urls)
                out.append(bytes([seed, setter_ids[name], len(value)]) + value)
                # And: replace the whole URL first, then set.
                href = utf8(c["href"])[:255]
                out.append(bytes([seed, 0, len(href)]) + href + bytes([setter_ids[name], len(value)]) + value)
    elif target == "host":
        out = [utf8(h) for h in hosts]
        for t in urltests:
            if "hostname" in t and t["hostname"]:
                out.append(utf8(t["hostname"]))
    elif target == "percent_encoding":
        out = [utf8(s) for s in pct + forms] + inputs
    elif target == "url_pattern":
        # mode byte, pattern, NUL, URL [, NUL, base]: see src/pattern_checks.rs.
        names = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]
        for k, t in enumerate(load("wpt/urlpatterntestdata.json")):
            args = t.get("pattern") or []
            given = [i for i in (t.get("inputs") or []) if isinstance(i, str)]
            url = utf8(given[0]) if given else b"https://example.com/"
            tail = b"\0" + url + (b"\0" + utf8(given[1]) if len(given) > 1 else b"")
            ignore = 1 if any(isinstance(a, dict) and a.get("ignoreCase") for a in args) else 0
            first = args[0] if args else {}
            if isinstance(first, str):
                base = b"\0" + utf8(args[1]) if len(args) > 1 and isinstance(args[1], str) else b""
                out.append(bytes([ignore]) + utf8(first) + b"\0" + url + base)
            elif isinstance(first, dict):
                for i, name in enumerate(names):
                    if isinstance(first.get(name), str):
                        out.append(bytes([ignore | ((i + 1) << 1)]) + utf8(first[name]) + tail)
    elif target == "psl":
        # Hosts, and every 16th rule of the list with a label before it.
        out = [utf8(t["hostname"]) for t in urltests if t.get("hostname")]
        with open(os.path.join(testdata, "psl/public_suffix_list.dat"), encoding="utf-8") as f:
            rules = [line.split()[0] for line in f if line.strip() and not line.startswith("//")]
        out += [b"www." + utf8(r.lstrip("!").removeprefix("*.")) for r in rules[::16]]
    elif target == "search_params":
        out = [utf8(s) for s in forms] + [utf8(t["search"]) for t in urltests if t.get("search")]
    return out

for target in sys.argv[1:]:
    folder = os.path.join("corpus", target)
    os.makedirs(folder, exist_ok=True)
    written = 0
    for data in corpus(target):
        name = hashlib.sha1(data).hexdigest()
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            written += 1
    print(f"{target}: {written} new seed files in {folder}")
PY
