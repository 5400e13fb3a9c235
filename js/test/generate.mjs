// The inputs of the package's generated tests (reference-fuzz.mjs against
// whatwg-url, fuzz.test.js against the Rust CLI), from a seeded PRNG: WPT's
// inputs, bases and setter values, mutated (insertions, deletions and
// replacements from an alphabet of what the parser branches on, repeats,
// case changes, splices), URLs put together from parts, and short random
// strings.

import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The getters of a URL, in the Standard's order. */
export const GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

/** mulberry32: a small deterministic PRNG. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick };
}

// Single code points and short pieces, rich in what the parser branches on.
export const PIECES = [
  ...":/\\?#@[]%.;=&+-_~!$'()*,|^`{}<>\"",
  ..."0123456789abcdefABCDEFxXgGzZ",
  "\t", "\n", "\r", " ", "\0", "\x01", "\x1f", "\x7f", "\x80", "\xa0", "\xad", "\xdf", "\xff",
  "\u3002", "\uff0e", "\uff61", "\u200d", "\u200c", "\ufeff", "\ufffd", "\u2100", "\u212a", "\u0130",
  "\u00e9", "e\u0301", "\u4e2d", "\u0627", "\u05d0", "\u0661", "\u1e9e", "\u03c2", "\ufb00", "\uff21", "\uff05", "\uff10",
  "\ud83d\ude00", "\u{1f4a9}", "\u{e0001}", "\ud800", "\udfff", "\u2028", "\u00b7", "\u0660", "\u30fb",
  "xn--", "xn--a", "xn--nxa", "xn--zca", "xn--ls8h", "XN--", "xn--a-ecp", "xn--1ug", "xn---",
  "%2e", "%2E", "%2e%2e", ".%2e", "..", "./", "../", "/..", "/.", "%00", "%25", "%zz", "%f0%9f", "%ff", "%41", "%3a", "%2f", "%5c", "%40", "%23",
  "C:", "c|", "C|/", "/C:", "//C:", "file:", "file://", "file:///", "FILE:", "http:", "https://", "ws:", "wss:", "ftp:",
  "http://", "blob:", "data:", "javascript:", "about:", "sc:", "non-spec:", "a+b-c.d:", "HTTP:", "mailto:", "urn:", "web+demo:",
  "0x", "0x7f", "0X", "127.0.0.1", "1.2.3", "0.0.0.0", "4294967295", "4294967296", "255.255.255.255", "256", "08", "09", "0.", ".0", "1.", "999999999999",
  "[::1]", "[::]", "::", "::ffff:", "[1:2:3:4:5:6:7:8]", "1:2::3", ":1", "[v1.x]", "::1.2.3.4", "ffff:", "[0::", "]", "%25eth0",
  "user:pass@", "@", ":@", "u@h", ":80", ":443", ":0", ":65535", ":65536", ":99999999999", ":21", ":8080",
  "?", "#", "??", "##", "?a=b&c=d", "#frag", "&", "=", "+", "a=", "=b", "%26", "%3D", "%2B",
  "localhost", "LOCALHOST", "example.com", "EXAMPLE.COM", "a.b", "a..b", "-", "a-", "-a", "test", "www",
];

/** The inputs, bases and setter values of WPT's data, as seeds for mutation. */
export function corpus(testdata) {
  const urls = JSON.parse(readFileSync(join(testdata, "wpt/urltestdata.json"), "utf8")).filter((c) => typeof c === "object");
  const inputs = new Set();
  const bases = new Set();
  const values = new Set();
  for (const c of urls) {
    inputs.add(c.input);
    if (c.base != null) bases.add(c.base);
    for (const g of GETTERS) if (typeof c[g] === "string") values.add(c[g]);
  }
  const setters = JSON.parse(readFileSync(join(testdata, "wpt/setters_tests.json"), "utf8"));
  for (const [key, cases] of Object.entries(setters)) {
    if (key === "comment") continue;
    for (const c of cases) {
      inputs.add(c.href);
      values.add(c.new_value);
    }
  }
  const queries = new Set();
  const encoded = JSON.parse(readFileSync(join(testdata, "wpt/urlencoded-parser-data.json"), "utf8"));
  for (const c of encoded) if (typeof c === "object" && typeof c.input === "string") queries.add(c.input);
  for (const v of values) if (v.startsWith("?")) queries.add(v);
  return { inputs: [...inputs], bases: [...bases], values: [...values], queries: [...queries] };
}

export function mutate(rng, s, corpusList) {
  const ops = 1 + rng.int(3);
  for (let i = 0; i < ops; i++) {
    const cps = [...s];
    const at = rng.int(cps.length + 1);
    switch (rng.int(7)) {
      case 6: // a piece many times (long numbers, many dots or segments)
        cps.splice(at, 0, ...[...rng.pick(PIECES).repeat(2 + rng.int(40))]);
        break;
      case 0: // insert
      case 1:
        cps.splice(at, 0, rng.pick(PIECES));
        break;
      case 2: // delete a run
        cps.splice(at, 1 + rng.int(3));
        break;
      case 3: // replace
        cps.splice(at, 1, rng.pick(PIECES));
        break;
      case 4: {
        // splice with another input
        const other = [...rng.pick(corpusList)];
        const from = rng.int(other.length + 1);
        cps.splice(at, rng.int(cps.length - at + 1), ...other.slice(from, from + 1 + rng.int(12)));
        break;
      }
      default: {
        // change case / duplicate a run
        const len = 1 + rng.int(4);
        const run = cps.slice(at, at + len);
        if (rng.int(2)) cps.splice(at, run.length, ...run.map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())));
        else cps.splice(at, 0, ...run);
      }
    }
    s = cps.join("");
  }
  return s;
}

// Blocks a host's labels draw code points from: Latin, Greek, Cyrillic,
// Hebrew and Arabic (bidi), Devanagari (virama, CONTEXTJ), Thai, Hangul,
// CJK, full-width forms, combining marks, symbols that map or are
// disallowed, unassigned and private-use code points, emoji and tags.
const RANGES = [
  [0x21, 0x7e], [0xa0, 0x24f], [0x300, 0x36f], [0x370, 0x3ff], [0x400, 0x4ff], [0x591, 0x5f4], [0x600, 0x6ff],
  [0x900, 0x97f], [0xe00, 0xe7f], [0x1100, 0x11ff], [0x1e00, 0x1eff], [0x2000, 0x206f], [0x2100, 0x24ff],
  [0x2e80, 0x2fff], [0x3000, 0x30ff], [0x4e00, 0x4e80], [0xa640, 0xa6ff], [0xac00, 0xac40], [0xd7b0, 0xd7ff],
  [0xe000, 0xe010], [0xfb00, 0xfdff], [0xfe00, 0xfe6f], [0xff00, 0xffff], [0x10000, 0x100ff], [0x1d400, 0x1d7ff],
  [0x1f100, 0x1f6ff], [0x1fa00, 0x1fbff], [0x2fa00, 0x2fa1f], [0x30000, 0x30010], [0x31350, 0x323af], [0xe0000, 0xe01ef],
  [0xf0000, 0xf0005], [0x10fff0, 0x10ffff],
];

function randomCodePoint(rng) {
  const [lo, hi] = rng.pick(RANGES);
  return String.fromCodePoint(lo + rng.int(hi - lo + 1));
}

const SCHEMES = ["http", "https", "ws", "wss", "ftp", "file", "HTTP", "FiLe", "sc", "non-special", "a", "git+ssh", "blob", "data", "javascript", "about", "urn", "", "1a", "h\ttp"];
const LABELS = ["a", "b", "xn--", "xn--a", "xn--nxa", "xn--zca", "xn--ls8h", "xn--1ug", "xn--ss-", "xn--a-ecp", "xn--bcher-kva", "xn--mgba3a4f16a", "xn--zz", "XN--A",
  "ab--c", "-", "a-", "0", "00", "0x", "0xff", "255", "256", "4294967295", "1e", "09", "0.0", "localhost", "com", "", "%41", "%2e", "%zz", "%ef%bc%8e", "a\u00ad", "ß", "ς", "\u200d", "\u200c"];

function randomLabel(rng) {
  const r = rng.next();
  if (r < 0.4) return rng.pick(LABELS).replace(/\\u([0-9a-f]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  let out = r < 0.55 ? "xn--" : "";
  const n = 1 + rng.int(5);
  for (let i = 0; i < n; i++) {
    const r2 = rng.next();
    if (r2 < 0.45) out += randomCodePoint(rng);
    else if (r2 < 0.55) out += "%" + rng.pick(["00", "20", "25", "2e", "2E", "41", "7f", "80", "c3", "a9", "ef", "bc", "8e", "ff", "e3", "80", "82", "f0", "9f", "3a", "40", "5b", "5d", "zz", "4", ""]);
    else out += "abcdefghijklmnopqrstuvwxyz0123456789-"[rng.int(37)];
  }
  return out;
}

export function randomHost(rng) {
  const r = rng.next();
  if (r < 0.15) {
    // IPv4-like
    const parts = [];
    const n = 1 + rng.int(5);
    for (let i = 0; i < n; i++) parts.push(rng.pick(["0", "1", "255", "256", "0x10", "0X", "010", "09", "4294967295", "99999999999", "0x100000000", "", "1e1", rng.int(1000).toString()]));
    return parts.join(rng.next() < 0.9 ? "." : rng.pick(["\u3002", "\uff0e", "\uff61", "%2e"]));
  }
  if (r < 0.27) {
    // IPv6-like
    const parts = [];
    const n = 1 + rng.int(9);
    for (let i = 0; i < n; i++) parts.push(rng.pick(["", "", "0", "1", "0000", "00000", "ffff", "FFFF", "12345", "g", "1.2.3.4", "0.0.0.0", "1.2", "256.1.1.1", "01.2.3.4", "1.2.3.4.5", "0x1.2.3.4", "1.2.3.", "%31", "\uff11", rng.int(65536).toString(16)]));
    return `[${parts.join(":")}${rng.pick(["", "", "]", "%251", ":", "::"])}]`.replace("]]", "]");
  }
  const labels = [];
  const n = 1 + rng.int(4);
  for (let i = 0; i < n; i++) labels.push(randomLabel(rng));
  return labels.join(rng.next() < 0.85 ? "." : rng.pick(["\u3002", "\uff0e", "\uff61", "%2e", ".."])) + (rng.next() < 0.1 ? "." : "");
}

/** A URL put together from parts, each drawn from what the parser branches on. */
function randomURL(rng) {
  let s = rng.pick(SCHEMES);
  s += rng.pick([":", ":", ":", "", "%3a"]);
  s += rng.pick(["//", "//", "//", "/", "", "\\\\", "/\\", "///", "\t//", "////"]);
  if (rng.next() < 0.2) s += rng.pick(["u", "user", "", "%40", "@", "a:b", ":", "u:p:q", randomCodePoint(rng)]) + "@";
  s += randomHost(rng);
  if (rng.next() < 0.2) s += ":" + rng.pick(["", "0", "80", "443", "21", "65535", "65536", "8a", "0x1", "00080", rng.int(100000).toString()]);
  const segs = rng.int(4);
  for (let i = 0; i < segs; i++) s += rng.pick(["/", "\\", "/"]) + rng.pick(["", ".", "..", "%2e", "%2E%2e", ".%2e", "a", "C:", "c|", "%", "%zz", " ", randomCodePoint(rng), "x y", "%2f"]);
  if (rng.next() < 0.25) s += "?" + rng.pick(["", "a=b", "'", "\"", "%", " ", randomCodePoint(rng), "#?", "a&b=c"]);
  if (rng.next() < 0.25) s += "#" + rng.pick(["", "a", "`", " ", "%", randomCodePoint(rng), "#", "\0"]);
  return s;
}

export function randomShort(rng) {
  let s = "";
  const n = rng.int(8);
  for (let i = 0; i < n; i++) s += rng.next() < 0.8 ? rng.pick(PIECES) : randomCodePoint(rng);
  return s;
}

/**
 * A string made from `list` (most often a mutation of one of its strings),
 * or a URL put together from parts, a splice of two strings of `all`, or a
 * short random string.
 */
export function makeString(rng, list, all) {
  const r = rng.next();
  if (r < 0.08) return rng.pick(list);
  if (r < 0.8) return mutate(rng, rng.pick(list), all);
  if (r < 0.84) return rng.next() < 0.7 ? randomURL(rng) : mutate(rng, randomURL(rng), all);
  if (r < 0.92) {
    const a = rng.pick(all);
    const b = rng.pick(all);
    return a.slice(0, rng.int(a.length + 1)) + b.slice(rng.int(b.length + 1));
  }
  return randomShort(rng);
}
