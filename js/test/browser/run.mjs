// Runs the WPT suites (../suites.js) in headless Chromium on a page that
// loads the installed package, and prints the counts; exits non-zero on
// any failure.
//
//   node test/browser/run.mjs PACKAGE_DIR TESTDATA_DIR
//
// PACKAGE_DIR is the package as installed (node_modules/weburl of a
// project that installed the npm pack tarball). Chromium is Debian's
// (/usr/bin/chromium, or $CHROMIUM), driven by puppeteer-core.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, extname, dirname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const [packageDir, testdataDir] = process.argv.slice(2).map((p) => resolve(p));
if (!packageDir || !testdataDir) {
  console.error("usage: node run.mjs PACKAGE_DIR TESTDATA_DIR");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

/** Only files under `root`: the page, the suites, the package, the data. */
function under(root, rest) {
  const p = resolve(root, "." + sep + rest);
  return p.startsWith(root + sep) ? p : null;
}

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  let file = null;
  if (path === "/") file = join(here, "index.html");
  else if (path === "/suites.js") file = join(here, "..", "suites.js");
  else if (path.startsWith("/weburl/")) file = under(packageDir, path.slice("/weburl/".length));
  else if (path.startsWith("/testdata/")) file = under(testdataDir, path.slice("/testdata/".length));
  try {
    if (file === null) throw new Error("not served");
    const body = await readFile(file);
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let failed = 0;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(origin + "/");
  await page.waitForFunction("window.__results !== undefined", { timeout: 300000 });
  const results = await page.evaluate("window.__results");
  const version = await browser.version();
  console.log(`${version}:`);
  if (results.error) {
    console.log("page failed: " + results.error);
    failed++;
  } else {
    for (const r of results) {
      const skipped = r.skipped.length ? ` (${r.skipped.length} not run: ${r.skipped.join("; ")})` : "";
      console.log(`  ${r.name}: ${r.total - r.failed}/${r.total} passed${skipped}`);
      for (const f of r.failures) console.log(`    FAIL ${f}`);
      failed += r.failed;
    }
  }
  for (const e of errors) console.log("  console error: " + e);
  failed += errors.length;
} finally {
  await browser.close();
  server.close();
}
console.log(failed === 0 ? "chromium: 0 failures" : `chromium: ${failed} failures`);
process.exit(failed === 0 ? 0 : 1);
