#!/usr/bin/env python3
"""A second, independent count of URL attributes per page, with Python's
html.parser (a tokenizer unrelated to html5ever).

For every page of testdata/html/pages.json it decodes the bytes in the
encoding they are in (the "encoding" field there) and counts, per
"element attribute", the start tags that carry one of the URL attributes
of src/attributes.rs (meta content only with http-equiv=refresh). Like the
crate, it reads <script>, <style>, <title>, <textarea>, <xmp>, <iframe>,
<noembed> and <noframes> as raw text (html.parser's CDATA_CONTENT_ELEMENTS
cover only script and style, so the others are added) and <noscript> as
markup. It does not model <template>, nested <form>s, foreign content or
"<image>" (SVG's `a` and `script` are not counted, being HTML names too, and
`feimage`, `image` and `use` are counted anywhere); differences from the crate's counts are listed by
make_expected.py.

Usage: python3 crates/weburl-html/tools/htmlparser_counts.py testdata/html > /tmp/htmlparser.json
"""
import codecs, json, os, sys
from collections import Counter
from html.parser import HTMLParser

ATTRS = {
    "a": ["href", "ping"], "area": ["href", "ping"], "audio": ["src"], "base": ["href"],
    "blockquote": ["cite"], "button": ["formaction"], "del": ["cite"], "embed": ["src"],
    "form": ["action"], "iframe": ["src"], "img": ["src", "srcset"],
    "input": ["formaction", "src"], "ins": ["cite"], "link": ["href", "imagesrcset"],
    "meta": ["content"], "object": ["data"], "q": ["cite"], "script": ["src"],
    "source": ["src", "srcset"], "track": ["src"], "video": ["poster", "src"],
    "body": ["background"], "table": ["background"], "tbody": ["background"],
    "td": ["background"], "tfoot": ["background"], "th": ["background"],
    "thead": ["background"], "tr": ["background"],
}
# SVG elements (html.parser has no foreign content: these names are
# counted wherever they are): href, or xlink:href when there is no href.
SVG_ATTRS = {"feimage", "image", "use"}

class Counts(HTMLParser):
    CDATA_CONTENT_ELEMENTS = ("script", "style", "title", "textarea", "xmp", "iframe",
                              "noembed", "noframes")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.counts = Counter()

    def handle_starttag(self, tag, attrs):
        names = {}
        for name, value in attrs:
            names.setdefault(name, value)
        for attr in ATTRS.get(tag, []):
            if attr not in names:
                continue
            if tag == "meta" and (names.get("http-equiv") or "").lower() != "refresh":
                continue
            if tag == "input" and attr == "src" and (names.get("type") or "").lower() != "image":
                continue
            self.counts[f"{tag} {attr}"] += 1
        if tag in SVG_ATTRS:
            for attr in ["href", "xlink:href"]:
                if attr in names:
                    self.counts[f"{tag} {attr}"] += 1
                    break

    handle_startendtag = handle_starttag

def main():
    d = sys.argv[1]
    out = {}
    for page in json.load(open(os.path.join(d, "pages.json"))):
        raw = open(os.path.join(d, page["file"]), "rb").read()
        text = raw.decode(codecs.lookup(page["encoding"]).name, "replace")
        p = Counts()
        p.feed(text)
        p.close()
        out[page["file"]] = dict(sorted(p.counts.items()))
    json.dump(out, sys.stdout, indent=1, sort_keys=True)

main()
