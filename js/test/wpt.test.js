// The WPT suites (suites.js) under `node --test`, on the package as
// installed: `import ... from "weburl"`. WEBURL_TESTDATA names the
// repository's testdata/ directory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as weburl from "weburl";
import { suites, DATA_FILES } from "./suites.js";

const dir = process.env.WEBURL_TESTDATA;
assert.ok(dir, "set WEBURL_TESTDATA to the repository's testdata/ directory");
const data = Object.fromEntries(DATA_FILES.map((f) => [f, JSON.parse(readFileSync(join(dir, f), "utf8"))]));

for (const [name, run] of suites(weburl, data)) {
  test(name, () => {
    const r = run();
    const skipped = r.skipped.length ? ` (${r.skipped.length} not run: ${r.skipped.join("; ")})` : "";
    console.log(`${r.name}: ${r.total - r.failures.length}/${r.total} passed${skipped}`);
    assert.ok(r.total > 0, "no cases");
    assert.deepEqual(r.failures.slice(0, 20), [], `${r.failures.length} failures`);
  });
}
