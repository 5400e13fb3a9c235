// Fuzz-style checks: generated inputs (js/test/generate.mjs: mutated WPT
// inputs and bases, splices, URLs from parts, random strings with lone
// surrogates, NUL, controls, non-ASCII) and 1 MB strings through every
// function of the package. No exception but the documented TypeErrors;
// the answers equal the Rust CLI's (`weburl --jsonl` for the components,
// public suffix, registrable domain and SURT key; `weburl lint --json` for
// the validation errors) on the same inputs. (`--urlencode`: the CLI
// decodes the password otherwise, as trurl does; the getter does not.)
//
// WEBURL_TESTDATA: the repository's testdata/; WEBURL_CLI: the weburl
// binary (target/release/weburl). WEBURL_FUZZ_CASES: how many inputs
// (default 20000). Deterministic: a fixed seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import * as w from "weburl";

const dir = process.env.WEBURL_TESTDATA;
const cli = process.env.WEBURL_CLI;
assert.ok(dir && cli, "set WEBURL_TESTDATA and WEBURL_CLI");
const CASES = Number(process.env.WEBURL_FUZZ_CASES ?? 20000);

// The generator reference-fuzz.mjs uses too, read from the repository.
const { GETTERS, corpus, makeString, prng } = await import(pathToFileURL(join(dir, "../js/test/generate.mjs")).href);
const rng = prng(0x9e3779b9);
const seeds = corpus(dir);
const all = [...seeds.inputs, ...seeds.bases];
const inputs = [];
for (let i = 0; i < CASES; i++) inputs.push(makeString(rng, rng.next() < 0.7 ? seeds.inputs : seeds.bases, all));
// Large inputs: 1 MB of one character, a URL with a 1 MB path, query and
// host label, and 1 MB of lone surrogates.
const MB = 1 << 20;
const big = [
  "a".repeat(MB), `https://example.com/${"a/".repeat(MB / 2)}`, `https://example.com/?${"q=1&".repeat(MB / 4)}`,
  `https://${"a".repeat(MB)}.com/`, "\ud800".repeat(MB), `https://example.com/#${"\u0000".repeat(MB)}`,
];

/** WebIDL's USVString: what every function reads. */
const usv = (s) => s.toWellFormed();

/** Calls `fn`; a TypeError is allowed, anything else fails the test. */
function allowTypeError(what, fn) {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof TypeError)) throw new Error(`${what} threw ${e}`);
    return undefined;
  }
}

const SETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

/** Every function of the package on `s`; returns the URL's record or null. */
function exercise(s, other) {
  const url = allowTypeError("new URL", () => new w.URL(s));
  assert.equal(w.URL.canParse(s), url !== undefined, `canParse(${JSON.stringify(s).slice(0, 200)})`);
  assert.equal(w.URL.parse(s) === null, url === undefined);
  allowTypeError("new URL with base", () => new w.URL(s, "https://base.example/dir/file?q#f"));
  allowTypeError("new URL as base", () => new w.URL(other, s));
  const params = new w.URLSearchParams(s);
  params.append(s, other);
  params.sort();
  params.toString();
  [...params.entries()];
  w.validationErrors(s);
  allowTypeError("validationErrors with base", () => w.validationErrors(other, s));
  w.publicSuffix(s);
  w.registrableDomain(s);
  allowTypeError("surt", () => w.surt(s));
  w.explain(s);
  allowTypeError("explain with base", () => w.explain(other, s));
  w.inspect(s);
  allowTypeError("links", () => w.links(s, "https://base.example/"));
  const pattern = allowTypeError("URLPattern", () => new w.URLPattern(s, "https://base.example/"));
  if (pattern) {
    pattern.test(other);
    allowTypeError("exec", () => pattern.exec(other));
  }
  const p2 = allowTypeError("URLPattern dict", () => new w.URLPattern({ pathname: s }));
  if (p2) p2.test(other, "https://base.example/");
  if (url === undefined) return null;
  const record = Object.fromEntries(GETTERS.map((g) => [g, url[g]]));
  record.public_suffix = w.publicSuffix(url.hostname);
  record.registrable_domain = w.registrableDomain(url.hostname);
  record.surt = w.surt(url.href);
  for (const setter of SETTERS) {
    const copy = new w.URL(url.href);
    allowTypeError(`set ${setter}`, () => { copy[setter] = other; });
    copy.searchParams.append("k", other);
  }
  return record;
}

test("every function on mutated and random inputs: no exception but TypeError", () => {
  let parsed = 0;
  for (let i = 0; i < inputs.length; i++) {
    if (exercise(inputs[i], inputs[(i * 7 + 3) % inputs.length]) !== null) parsed++;
  }
  for (const s of big) exercise(s, "https://a.example/");
  console.log(`${inputs.length} inputs (${parsed} parse) and ${big.length} 1 MB inputs through every function`);
});

test("same answers as the Rust CLI (weburl --jsonl)", () => {
  // The CLI reads lines: inputs with CR or LF cannot be given to it (the
  // parser removes them anyway), nor empty ones; the 1 MB inputs go too.
  const lines = [...inputs, ...big].map(usv).filter((s) => s !== "" && !/[\r\n]/.test(s));
  const tmp = mkdtempSync(join(tmpdir(), "weburl-fuzz-"));
  const file = join(tmp, "inputs.txt");
  writeFileSync(file, lines.join("\n") + "\n");
  const fields = ["input", ...GETTERS, "public_suffix", "registrable_domain", "surt", "error"];
  let out;
  try {
    out = execFileSync(cli, ["-f", file, "--jsonl", "--urlencode", "--fields", fields.join(","), "--quiet"], { maxBuffer: 1 << 30, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (e) {
    out = e.stdout; // a nonzero exit: some inputs do not parse
  }
  const records = out.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  assert.equal(records.length, lines.length, "one record per input");
  let compared = 0;
  const diffs = [];
  for (let i = 0; i < lines.length; i++) {
    const rust = records[i];
    const url = w.URL.parse(lines[i]);
    if ((url === null) !== Boolean(rust.error)) {
      diffs.push(`${JSON.stringify(lines[i]).slice(0, 200)}: JS ${url ? url.href.slice(0, 200) : "fails"}, CLI ${rust.error ? "fails: " + JSON.stringify(rust.error) : rust.href}`);
      continue;
    }
    if (url === null) { compared++; continue; }
    const js = Object.fromEntries(GETTERS.map((g) => [g, url[g]]));
    // The CLI's site fields are the URL's: null unless the host is a
    // domain. inspect gives the same; publicSuffix and registrableDomain
    // of a domain host's hostname must agree with it.
    const site = w.inspect(url.href).url;
    js.public_suffix = site.publicSuffix;
    js.registrable_domain = site.registrableDomain;
    js.surt = w.surt(url.href);
    if (site.hostKind === "domain") {
      if (w.publicSuffix(url.hostname) !== site.publicSuffix) diffs.push(`publicSuffix(${JSON.stringify(url.hostname)}) differs from the URL's`);
      if (w.registrableDomain(url.hostname) !== site.registrableDomain) diffs.push(`registrableDomain(${JSON.stringify(url.hostname)}) differs from the URL's`);
    }
    for (const k of Object.keys(js)) {
      const want = rust[k] ?? null;
      if (js[k] !== want) diffs.push(`${JSON.stringify(lines[i]).slice(0, 200)}: ${k}: JS ${JSON.stringify(js[k])?.slice(0, 200)}, CLI ${JSON.stringify(want)?.slice(0, 200)}`);
    }
    compared++;
  }
  console.log(`${compared} inputs compared with the CLI field by field: ${diffs.length} differences`);
  assert.deepEqual(diffs.slice(0, 20), [], `${diffs.length} differences`);
});

test("same validation errors as the Rust CLI (weburl lint --json)", () => {
  // Arguments cannot hold NUL; a few thousand inputs per call.
  const lines = inputs.map(usv).filter((s) => s !== "" && !s.includes("\u0000") && !s.startsWith("-")).slice(0, 5000);
  const diffs = [];
  for (let at = 0; at < lines.length; at += 500) {
    const batch = lines.slice(at, at + 500);
    let out;
    try {
      out = execFileSync(cli, ["lint", "--json", "--", ...batch], { maxBuffer: 1 << 28, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    } catch (e) {
      out = e.stdout; // exit code 1: findings
    }
    const reports = JSON.parse(out);
    assert.equal(reports.length, batch.length);
    for (let i = 0; i < batch.length; i++) {
      const enc = new TextEncoder();
      // The CLI's spans are bytes of the input; the package's are UTF-16
      // code units: convert the CLI's, a start inside a character to the
      // character's start, an end inside one to its end.
      const s = batch[i];
      const toUtf16 = (byte, roundUp) => {
        let bytes = 0, units = 0;
        for (const ch of s) {
          const n = enc.encode(ch).length;
          if (bytes + n > byte) return roundUp && byte > bytes ? units + ch.length : units;
          bytes += n;
          units += ch.length;
        }
        return units;
      };
      const key = (e) => `${e.name}@${e.start}-${e.end}`;
      const rust = [...new Set(reports[i].errors.map((e) => key({ name: e.kind, start: toUtf16(spanOf(e).start, false), end: toUtf16(spanOf(e).end, true) })))].sort();
      const js = [...new Set(w.validationErrors(s).map(key))].sort();
      if (rust.join() !== js.join()) diffs.push(`${JSON.stringify(s)}: JS ${js.join(" ")}, CLI ${rust.join(" ")}`);
    }
  }
  console.log(`${lines.length - diffs.length}/${lines.length} inputs: the same validation errors as weburl lint`);
  assert.deepEqual(diffs.slice(0, 20), [], `${diffs.length} differences`);
});

/** A CLI error's span: {start, end} or [start, end]. */
function spanOf(e) {
  const s = e.span;
  return Array.isArray(s) ? { start: s[0], end: s[1] } : s;
}
