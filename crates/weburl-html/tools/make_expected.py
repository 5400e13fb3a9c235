#!/usr/bin/env python3
"""Writes testdata/html/expected.json from three independent readings of
the vendored pages, and prints where they disagree.

Inputs:
  /tmp/ours.jsonl      cargo run -p weburl-html --example dump_links
  /tmp/chromium.jsonl  tools/chromium_expected.py (headless Chromium)
  /tmp/htmlparser.json tools/htmlparser_counts.py (Python's html.parser)

For each page, expected.json records:
  encoding, base_url   what Chromium reports (document.characterSet, baseURI)
  links                the number of links the crate reports (every srcset
                       candidate and ping token counted), accepted only after
                       the comparisons below
  by_attribute         that number per "element attribute"
  sample               [index, element, attribute, reference, href or null]:
                       links whose resolution Chromium confirms (the IDL
                       getter for single-URL attributes, an <a> probe in the
                       same document for srcset/ping/refresh parts); first and
                       last links, relative references, failures and, above
                       all, references with non-ASCII characters, whose query
                       encoding depends on the document's encoding
  probes               [reference, href]: strings with non-ASCII queries
                       resolved by Chromium in the page's document, checked
                       against the crate's base URL and encoding
  chromium             Chromium's count of single-URL attributes in the DOM
                       and every place where it differs from the crate, with
                       the reason found by reading the page and the standards
"""
import difflib, json, os, sys

DIR = sys.argv[1] if len(sys.argv) > 1 else "testdata/html"
SPLIT = {"srcset", "imagesrcset", "ping", "content"}
WS = " \t\n\r\x0c"

def load_jsonl(path):
    return {d["file"]: d for d in map(json.loads, open(path, encoding="utf-8"))}

ours = load_jsonl("/tmp/ours.jsonl")
chromium = load_jsonl("/tmp/chromium.jsonl")
htmlparser = json.load(open("/tmp/htmlparser.json")) if os.path.exists("/tmp/htmlparser.json") else {}
pages = json.load(open(os.path.join(DIR, "pages.json"), encoding="utf-8"))

# Differences in which elements exist, found by reading the pages.
ELEMENT_REASONS = {
    "htmldate-hundeverein-kreisunna.de.html":
        "<a href=</a> is never closed; at the next <a> the tree builder reconstructs the active "
        "formatting elements, cloning it, so the DOM has two such elements for one tag",
}
HTMLPARSER_REASONS = {
    "htmldate-1725250200.html":
        "html.parser does not model <template>; the links in template contents are not in the "
        "document (Chromium agrees with the crate)",
    "myhtml-25.html":
        "html.parser does not drop a <form> start tag inside an open form, as the tree builder "
        "does (Chromium agrees with the crate)",
}

def classify(c, o):
    """Why Chromium's href differs from the URL Standard's (the crate's)."""
    ch, st = c[3], o[3]
    if ch and st and ch.replace("%7C", "|") == st:
        return "Chromium percent-encodes | in paths; the URL Standard's path percent-encode set does not include it"
    if ch and st and ch.replace("%27", "'") == st and st.startswith(("mailto:", "javascript:")):
        return "Chromium percent-encodes ' in the query of a non-special URL; the URL Standard does so only for special URLs"
    return "UNEXPLAINED"

out = []
problems = 0
confirmed_total = 0
for page in pages:
    f = page["file"]
    o, c = ours[f], chromium[f]
    entry = {"file": f, "url": page["url"], "encoding": c["characterSet"], "base_url": c["baseURI"]}
    if c["characterSet"].lower() != o["encoding"].lower() or c["baseURI"] != o["base_url"]:
        print(f"{f}: encoding/base differ: chromium {c['characterSet']} {c['baseURI']}, crate {o['encoding']} {o['base_url']}")
        problems += 1
    links = o["links"]
    entry["links"] = len(links)
    by = {}
    for el, attr, _, _ in links:
        by[f"{el} {attr}"] = by.get(f"{el} {attr}", 0) + 1
    entry["by_attribute"] = dict(sorted(by.items()))

    # Single-URL attributes: align Chromium's DOM (tree order) with the crate's tokens.
    cl = [(t, a, v.strip(WS), None if fails else idl) for t, a, v, idl, fails in c["links"] if a not in SPLIT]
    oi = [i for i, l in enumerate(links) if l[1] not in SPLIT]
    ol = [tuple(links[i]) for i in oi]
    diffs, confirmed = [], []
    sm = difflib.SequenceMatcher(a=[x[:3] for x in cl], b=[x[:3] for x in ol], autojunk=False)
    for op, a1, a2, b1, b2 in sm.get_opcodes():
        if op != "equal":
            diffs.append({"kind": "elements", "chromium": [list(x) for x in cl[a1:a2]], "crate": [list(x) for x in ol[b1:b2]],
                          "reason": ELEMENT_REASONS.get(f, "UNEXPLAINED")})
            continue
        for k in range(a2 - a1):
            x, y = cl[a1 + k], ol[b1 + k]
            if x[3] == y[3]:
                confirmed.append(oi[b1 + k])
            else:
                diffs.append({"kind": "href", "reference": y[2], "chromium": x[3], "crate": y[3], "reason": classify(x, y)})
    # srcset/ping/refresh parts: Chromium resolved the crate's strings.
    refs = iter(c.get("refs", []))
    for i, l in enumerate(links):
        if l[1] in SPLIT:
            ref, href = next(refs)
            assert ref == l[2], (f, ref, l[2])
            if href == l[3]:
                confirmed.append(i)
            else:
                diffs.append({"kind": "href", "reference": l[2], "chromium": href, "crate": l[3], "reason": classify((0, 0, 0, href), l)})
    confirmed.sort()
    confirmed_total += len(confirmed)

    # The sample.
    pick = []
    def add(cands, n):
        for i in cands:
            if n == 0:
                return
            if i not in pick:
                pick.append(i)
                n -= 1
    add(confirmed[:3], 3)
    add(confirmed[-2:], 2)
    non_ascii = [i for i in confirmed if any(ord(ch) > 127 for ch in links[i][2])]
    add([i for i in non_ascii if "?" in links[i][2]], 4)
    add(non_ascii, 2)
    add([i for i in confirmed if links[i][3] is None], 2)
    add([i for i in confirmed if ":" not in links[i][2].split("/")[0]], 2)
    add([i for i in confirmed if links[i][1] in SPLIT], 3)
    add([i for i in confirmed if links[i][0] == "base"], 1)
    entry["sample"] = [[i] + list(links[i]) for i in sorted(pick)]

    entry["probes"] = c["probes"]
    entry["chromium"] = {"url_attributes": len(cl), "crate_url_attributes": len(ol), "differences": diffs}
    for d in diffs:
        if d.get("reason") == "UNEXPLAINED":
            problems += 1
            print(f"{f}: {json.dumps(d, ensure_ascii=False)[:300]}")
    # html.parser: attribute counts of single-URL attributes.
    if f in htmlparser:
        hp = {k: v for k, v in htmlparser[f].items() if k.split()[1] not in SPLIT}
        mine = {k: v for k, v in by.items() if k.split()[1] not in SPLIT}
        if hp != mine:
            delta = {k: (hp.get(k, 0), mine.get(k, 0)) for k in sorted(set(hp) | set(mine)) if hp.get(k, 0) != mine.get(k, 0)}
            entry["htmlparser_differences"] = {
                "counts": {k: {"htmlparser": a, "crate": b} for k, (a, b) in delta.items()},
                "reason": HTMLPARSER_REASONS.get(f, "UNEXPLAINED"),
            }
            if f not in HTMLPARSER_REASONS:
                problems += 1
                print(f"{f}: html.parser (htmlparser, crate) {delta}")
    out.append(entry)

with open(os.path.join(DIR, "expected.json"), "w", encoding="utf-8") as fh:
    json.dump(out, fh, indent=1, ensure_ascii=False)
    fh.write("\n")
print(f"{len(out)} pages, {sum(e['links'] for e in out)} links, {sum(len(e['sample']) for e in out)} sampled, {confirmed_total} confirmed by Chromium, {problems} unexplained differences")
