// The package against whatwg-url, the URL Standard's reference
// implementation (pinned in js/test/package.json), on 50,000 generated
// cases from a fixed seed (js/test/reference-fuzz.mjs: mutated WPT inputs,
// splices, URLs assembled from parts, random strings): failure or not,
// every getter, the validation error names in order, the getters after
// setters, URLSearchParams. No difference is expected but on hosts with
// code points that Unicode 18 assigns (whatwg-url's IDNA data is Unicode
// 18's, weburl's Unicode 17's, which WPT's IdnaTestV2.json was generated
// from).
//
// WEBURL_TESTDATA: the repository's testdata/ (the generator is read from
// the repository's js/test/ beside it); WEBURL_REFERENCE: whatwg-url's
// entry point. WEBURL_REFERENCE_FUZZ_CASES: how many cases (default 50000).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as weburl from "weburl";

const dir = process.env.WEBURL_TESTDATA;
const entry = process.env.WEBURL_REFERENCE;
assert.ok(dir && entry, "set WEBURL_TESTDATA and WEBURL_REFERENCE");
const reference = await import(pathToFileURL(entry).href);
const fuzz = await import(pathToFileURL(join(dir, "../js/test/reference-fuzz.mjs")).href);
const CASES = Number(process.env.WEBURL_REFERENCE_FUZZ_CASES ?? 50000);

test("the same URLs, setters, URLSearchParams and validation errors as whatwg-url on generated inputs", () => {
  const { counts, groups } = fuzz.run({ weburl, reference, testdata: dir, count: CASES, seed: 1 });
  const explained = [...groups].filter(([kind]) => kind.startsWith("explained:"));
  console.log(
    `reference fuzz: ${CASES} cases (${counts.parse} parses, ${counts.setter} setter runs, ${counts.params} URLSearchParams), ` +
      `${groups.size - explained.length} unexplained difference groups, ` +
      `${explained.reduce((n, [, g]) => n + g.count, 0)} differences on code points Unicode 18 assigns`,
  );
  const found = [...groups].filter(([kind]) => !kind.startsWith("explained:")).map(([kind, g]) => fuzz.describe(weburl, reference, kind, g.example));
  assert.deepEqual(found, []);
});

test("a lone surrogate is an invalid-URL-unit where a URL code point is checked, as whatwg-url says", () => {
  for (const input of ["a:\udfff", "https://x/\ud800?\udc00#\udbff", "sc://\ud800x/", "http://\ud800/", "\ud83d\ude00\ud800:x"]) {
    const theirs = reference.parseURLWithValidationErrors(input).validationErrors;
    assert.deepEqual(weburl.validationErrors(input).map((e) => e.name), theirs, JSON.stringify(input));
    assert.deepEqual(weburl.inspect(input).errors.map((e) => e.name), theirs, `inspect ${JSON.stringify(input)}`);
  }
  // The span is the surrogate's code unit; the URL is the scalar value string's.
  assert.deepEqual(
    weburl.validationErrors("a:b\ud800").map(({ name, start, end }) => ({ name, start, end })),
    [{ name: "invalid-URL-unit", start: 3, end: 4 }],
  );
  assert.equal(new weburl.URL("a:b\ud800").href, "a:b%EF%BF%BD");
});

test("a file URL whose host is localhost, made by the protocol setter, keeps it through later setters", () => {
  for (const impl of [weburl, reference]) {
    const url = new impl.URL("http:localhost/p?q#f");
    url.protocol = "file";
    url.port = "";
    url.pathname = "/x";
    url.searchParams.append("a", "b");
    url.hash = "";
    assert.equal(url.href, "file://localhost/x?q=&a=b");
    assert.equal(url.hostname, "localhost");
  }
});
