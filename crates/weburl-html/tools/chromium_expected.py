#!/usr/bin/env python3
"""Records what headless Chromium makes of each vendored page.

For every page of testdata/html/pages.json this serves the page's bytes at
its own address (all hosts resolve to 127.0.0.1; https with a throwaway
self-signed certificate), loads it into a sandboxed iframe (so that no page
script runs and <noscript> is parsed as markup, like a crawler), and reads
from the DOM: document.characterSet, document.baseURI, and for every element
in tree order each URL attribute of the table in src/attributes.rs: the
attribute value, the IDL getter's value (e.g. a.href, img.src, form.action),
and whether the value fails to parse (an <a> in the same document given the
value reports protocol ":"). The pages are served as text/html with no
charset, so the page's own <meta> decides, as in the tests.

It also resolves a few probe strings with non-ASCII queries in each
page's document, to check the query encoding where a page has no such link
of its own.

Given the output of the dump_links example as a second argument, it also
resolves, in each page's document, the URL strings that this crate split
out of srcset, imagesrcset, ping and refresh values (the browser has no
getter for those), with the same <a> probe.

Usage (as root, ports 80 and 443 must be free):
    cargo run -p weburl-html --example dump_links > /tmp/ours.jsonl
    python3 crates/weburl-html/tools/chromium_expected.py testdata/html /tmp/ours.jsonl > /tmp/chromium.jsonl
Then crates/weburl-html/tools/make_expected.py turns that output into
testdata/html/expected.json.
"""
import base64, json, os, ssl, subprocess, sys, tempfile, threading, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR = sys.argv[1]
PAGES = json.load(open(os.path.join(DIR, "pages.json"), encoding="utf-8"))
SPLIT = {"srcset", "imagesrcset", "ping", "content"}
# Latin-1, windows-1252-only, Cyrillic, Polish, CJK, and a fragment.
PROBES = ["?q=caf\u00e9", "probe?q=\u20ac\u0436\u0142", "/probe?q=\u65e5\u672c\u8a9e#\u00e9"]
REFS = {}
if len(sys.argv) > 2:
    for line in open(sys.argv[2], encoding="utf-8"):
        d = json.loads(line)
        REFS[d["file"]] = [ref for _, attr, ref, _ in d["links"] if attr in SPLIT]

BY_KEY = {}
for page in PAGES:
    u = urllib.parse.urlsplit(page["url"])
    # Serve at the serialized path (percent-encoded as the browser sends it).
    req_path = urllib.parse.quote(u.path or "/", safe="/%:@!$&'()*+,;=~-._")
    req_query = urllib.parse.quote(u.query, safe="/%:@!$&'()*+,;=?~-._")
    host = u.hostname.encode("idna").decode()
    BY_KEY[(u.scheme, host, "/" + req_path.lstrip("/"), req_query)] = page

ATTRS = {
    "a": [("href", "href"), ("ping", None)], "area": [("href", "href"), ("ping", None)],
    "audio": [("src", "src")], "base": [("href", "href")], "blockquote": [("cite", "cite")],
    "button": [("formaction", "formAction")], "del": [("cite", "cite")], "embed": [("src", "src")],
    "form": [("action", "action")], "iframe": [("src", "src")],
    "img": [("src", "src"), ("srcset", None)], "input": [("formaction", "formAction"), ("src", "src")],
    "ins": [("cite", "cite")], "link": [("href", "href"), ("imagesrcset", None)],
    "meta": [("content", None)], "object": [("data", "data")], "q": [("cite", "cite")],
    "script": [("src", "src")], "source": [("src", "src"), ("srcset", None)],
    "track": [("src", "src")], "video": [("poster", "poster"), ("src", "src")],
}

WRAPPER = """<!DOCTYPE html><meta charset=windows-1252><body><pre id=out></pre><script>
const ATTRS = %s;
const REFS = %s;
const PROBES = %s;
const f = document.createElement('iframe');
f.sandbox = 'allow-same-origin';
f.onload = () => {
  const d = f.contentDocument;
  const probe = d.createElement('a');
  const links = [];
  for (const el of d.querySelectorAll('*')) {
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const tag = el.localName;
    for (const [attr, idl] of (ATTRS[tag] || [])) {
      if (!el.hasAttribute(attr)) continue;
      if (tag === 'meta' && (el.getAttribute('http-equiv') || '').toLowerCase() !== 'refresh') continue;
      const value = el.getAttribute(attr);
      probe.setAttribute('href', value);
      const fails = probe.protocol === ':';
      // The prototype's getter: a form control named "action" shadows form.action.
      const getter = idl && Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), idl).get;
      links.push([tag, attr, value, getter ? getter.call(el) : null, fails]);
    }
  }
  const probes = PROBES.map(r => { probe.setAttribute('href', r); return [r, probe.href]; });
  const refs = REFS.map(r => { probe.setAttribute('href', r); return [r, probe.protocol === ':' ? null : probe.href]; });
  const result = {url: d.URL, characterSet: d.characterSet, baseURI: d.baseURI, links, refs, probes};
  const bytes = new TextEncoder().encode(JSON.stringify(result));
  let bin = ''; for (const b of bytes) bin += String.fromCharCode(b);
  document.getElementById('out').textContent = 'RESULT:' + btoa(bin) + ':END';
};
f.src = %s;
document.body.appendChild(f);
</script>"""

class Handler(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_GET(self):
        scheme = "https" if isinstance(self.connection, ssl.SSLSocket) else "http"
        host = (self.headers.get("Host") or "").split(":")[0].lower()
        path, _, query = self.path.partition("?")
        # Python's server turns a leading "//" into "/"; so does the key.
        path = "/" + path.lstrip("/")
        if path.startswith("/__wrap__/"):
            page = PAGES[int(path[len("/__wrap__/"):])]
            refs = json.dumps(REFS.get(page["file"], [])).encode("ascii").decode()
            body = (WRAPPER % (json.dumps(ATTRS), refs, json.dumps(PROBES), json.dumps(page["url"]))).encode("cp1252")
            return self.send(200, body)
        page = BY_KEY.get((scheme, host, path, query))
        if page is None:
            return self.send(404, b"")
        with open(os.path.join(DIR, page["file"]), "rb") as fh:
            self.send(200, fh.read())

    def send(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

def serve():
    tmp = tempfile.mkdtemp()
    cert, keyf = os.path.join(tmp, "c.pem"), os.path.join(tmp, "k.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-keyout", keyf, "-out", cert],
                   check=True, capture_output=True)
    http = ThreadingHTTPServer(("127.0.0.1", 80), Handler)
    https = ThreadingHTTPServer(("127.0.0.1", 443), Handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, keyf)
    https.socket = ctx.wrap_socket(https.socket, server_side=True)
    for s in (http, https):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    return http, https

def main():
    servers = serve()
    profile = tempfile.mkdtemp()
    for i, page in enumerate(PAGES):
        u = urllib.parse.urlsplit(page["url"])
        wrap = f"{u.scheme}://{u.hostname.encode('idna').decode()}/__wrap__/{i}"
        out = subprocess.run(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
             "--ignore-certificate-errors", "--host-resolver-rules=MAP * 127.0.0.1",
             "--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable",
             f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom", wrap],
            capture_output=True, timeout=120).stdout.decode("utf-8", "replace")
        start = out.find("RESULT:")
        if start < 0:
            print(json.dumps({"file": page["file"], "error": out[-500:]}))
            continue
        end = out.index(":END", start)
        result = json.loads(base64.b64decode(out[start + 7:end]).decode("utf-8"))
        result["file"] = page["file"]
        print(json.dumps(result, ensure_ascii=False), flush=True)
    for s in servers:
        s.shutdown()

main()
