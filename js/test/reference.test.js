// validationErrors() against the URL Standard's reference implementation:
// whatwg-url's parseURLWithValidationErrors (pinned in js/test/package.json)
// on every input of WPT's urltestdata, against its base. The names must be
// the same, in the same order, as many times each.
//
// WEBURL_TESTDATA: the repository's testdata/; WEBURL_REFERENCE: whatwg-url's
// entry point (js/test/node_modules/whatwg-url/index.js; js/ci.sh sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { validationErrors } from "weburl";

const dir = process.env.WEBURL_TESTDATA;
const entry = process.env.WEBURL_REFERENCE;
assert.ok(dir && entry, "set WEBURL_TESTDATA and WEBURL_REFERENCE");
const reference = await import(pathToFileURL(entry).href);

test("validationErrors() names what whatwg-url names, on every urltestdata input", () => {
  const cases = JSON.parse(readFileSync(join(dir, "wpt/urltestdata.json"), "utf8")).filter(
    (c) => typeof c === "object",
  );
  let compared = 0;
  const differences = [];
  for (const { input, base } of cases) {
    let baseURL = null;
    if (base != null) {
      baseURL = reference.basicURLParse(base);
      if (baseURL === null) continue; // the base itself fails: no parse to compare
    }
    const theirs = reference.parseURLWithValidationErrors(input, { baseURL }).validationErrors;
    const ours = validationErrors(input, base ?? undefined).map((e) => e.name);
    compared++;
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
      differences.push({ input, base, ours, whatwgUrl: theirs });
    }
  }
  console.log(`validation errors: ${compared - differences.length}/${compared} inputs agree with whatwg-url`);
  assert.ok(compared > 850, `only ${compared} inputs compared`);
  assert.deepEqual(differences.slice(0, 10), [], `${differences.length} inputs differ`);
});
