// The viewer's acceptance test, in headless Chromium (Debian's, driven by puppeteer-core):
//   node viewer/test/browser.test.mjs http://127.0.0.1:PORT/
// 1. every case of WPT urltestdata typed into the page shows the expected components (or the
//    failure), the validation errors shown equal `validationErrors()`, and the share link is
//    jsdom's format and round-trips (a link made the jsdom way opens with the same fields);
// 2. every WPT URLPattern case with a string pattern and string inputs shows the expected result;
// 3. no console error, no request outside the page's own files, keyboard-only use works, no
//    horizontal overflow at 360 px and 1280 px (screenshots saved in viewer/screenshots/);
// 4. first input to rendered result on a 2,000-character URL, measured and held to 50 ms.
// Prints each failure, then "N passed, N failed"; exits 1 on any failure.
// WEBURL_VIEWER_FILTER=substring runs only the urltestdata and URLPattern cases whose name has it.

import { readFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import puppeteer from "puppeteer-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const pageURL = process.argv[2];
if (!pageURL) throw new Error("usage: node browser.test.mjs http://127.0.0.1:PORT/");
const origin = new URL(pageURL).origin;
const filter = process.env.WEBURL_VIEWER_FILTER ?? "";
const COMPONENTS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

let passed = 0;
const failures = [];
function check(name, ok, detail) {
  if (ok) passed++;
  else failures.push(`${name}: ${typeof detail === "function" ? detail() : detail}`);
}

/** The inverse of the escaped field's `\u{HEX}` convention (a literal `\u` is written `\\u`). */
const unescape = (text) =>
  text.replace(/(?<!\\)\\u\{([0-9a-fA-F]{1,6})\}/gu, (_, hex) => String.fromCodePoint(parseInt(hex, 16))).replaceAll("\\\\u", "\\u");

/** jsdom's live viewer's encoding of a field, written independently of the page's: UTF-8, base64. */
const jsdomField = (text) => Buffer.from(text, "utf8").toString("base64");
const jsdomFragment = (input, base) => `#url=${jsdomField(input)}&base=${jsdomField(base)}`;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

const pageProblems = [];
/** A page whose console errors, page errors and requests outside `origin` are recorded (and refused). */
async function openPage(fragment = "", viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:")) request.continue();
    else {
      pageProblems.push(`request outside the page's files: ${url}`);
      request.abort();
    }
  });
  page.on("console", (message) => {
    if (message.type() === "error") pageProblems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => pageProblems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    if (request.url().startsWith(origin)) pageProblems.push(`request failed: ${request.url()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) pageProblems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(`${pageURL}index.html${fragment}`, { waitUntil: "load" });
  await page.waitForSelector("html[data-ready]:not([data-pending])", { timeout: 20000 });
  return page;
}

const started = performance.now();

// 4 first, on a fresh page: the first input event after load.
{
  const page = await openPage();
  // Credentials, dot segments, an invalid percent sign, a query and a fragment: work for every view.
  const head = `https://user:pass@EXAMPLE.com:8080/${"segment/./x/../".repeat(90)}p%zz?${"q=v&".repeat(60)}`;
  const long = `${head}#${"f".repeat(2000 - head.length - 1)}`;
  const timing = await page.evaluate(async (text) => {
    // A person's first keystroke comes a moment after the page appears: by then the browser has
    // finished compiling the WebAssembly in the background (which competes for the CPU).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const input = document.querySelector("#input");
    const t0 = performance.now();
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    void document.body.offsetHeight; // style and layout of the result
    const t1 = performance.now();
    // The views below the results come in the next frame.
    while (document.documentElement.dataset.pending) await new Promise((resolve) => setTimeout(resolve, 1));
    void document.body.offsetHeight;
    const t2 = performance.now();
    const diagram = document.querySelector("#diagram").textContent;
    return { length: text.length, rendered: t1 - t0, complete: t2 - t0, href: document.querySelector('[data-weburl="href"]').textContent, diagram };
  }, long);
  const expectedHref = await page.evaluate(async (text) => new (await import("weburl")).URL(text).href, long);
  check("2,000-character URL rendered", timing.href === expectedHref && timing.length === 2000 && timing.diagram.includes("fragment"), () => `href ${timing.href.slice(0, 80)}…`);
  check("first input to rendered result ≤ 50 ms", timing.rendered <= 50, `${timing.rendered.toFixed(1)} ms`);
  console.log(
    `first input to rendered result, ${timing.length}-character URL: ${timing.rendered.toFixed(1)} ms (components, errors, browser's URL, site); ` +
      `with the views below them (structure, IRI display, RFC 3986), drawn in the next frame: ${timing.complete.toFixed(1)} ms`,
  );
  await page.close();
}

// 1. urltestdata.
const browserDiffers = [];
const urlCases = JSON.parse(readFileSync(join(root, "testdata/wpt/urltestdata.json"), "utf8"))
  .filter((c) => typeof c !== "string")
  .map((c) => ({ ...c, name: `${JSON.stringify(c.input)} against ${JSON.stringify(c.base)}` }))
  .filter((c) => c.name.includes(filter));
{
  const page = await openPage();
  const batchSize = 100;
  for (let at = 0; at < urlCases.length; at += batchSize) {
    const batch = urlCases.slice(at, at + batchSize).map((c) => ({ input: c.input, base: c.base ?? "", link: jsdomFragment(c.input, c.base ?? "") }));
    const results = await page.evaluate(async (cases) => {
      const weburl = await import("weburl");
      const $ = (s) => document.querySelector(s);
      const input = $("#input");
      const base = $("#base");
      const read = () => {
        const values = {};
        for (const el of document.querySelectorAll("[data-weburl]")) values[el.dataset.weburl] = el.textContent;
        const errors = [...document.querySelectorAll("#errors-list [data-error]")].map((el) => ({
          name: el.dataset.error,
          start: Number(el.dataset.start),
          end: Number(el.dataset.end),
        }));
        return { values, errors };
      };
      // Differences from the browser's URL: marked on both sides exactly where the values differ
      // (every component when one side fails and the other does not).
      const checkMarks = () => {
        let marks = 0;
        let differences = 0;
        for (const el of document.querySelectorAll("[data-weburl]:not([data-weburl=failure])")) {
          const other = document.querySelector(`[data-browser="${el.dataset.weburl}"]`);
          const oursFailed = document.querySelector('[data-weburl="failure"]').textContent !== "";
          const theirsFailed = document.querySelector('[data-browser="failure"]').textContent !== "";
          const differs = oursFailed !== theirsFailed || (!oursFailed && el.textContent !== other.textContent);
          differences += differs;
          marks += el.classList.contains("differs") === differs && other.classList.contains("differs") === differs;
        }
        return { marksRight: marks === document.querySelectorAll("[data-weburl]").length - 1, differences };
      };
      const escaped = $("#input-escaped");
      // An <input> drops CR and LF, so such inputs are typed in the escaped field, as a person would.
      const escape = (text) =>
        [...text.replaceAll("\\u", "\\\\u")].map((ch) => (/^[\x21-\x7e]$/.test(ch) ? ch : `\\u{${ch.codePointAt(0).toString(16)}}`)).join("");
      const out = [];
      for (const c of cases) {
        base.value = c.base;
        const field = /[\r\n]/.test(c.input) ? escaped : input;
        field.value = field === escaped ? escape(c.input) : c.input;
        field.dispatchEvent(new Event("input", { bubbles: true }));
        const shown = read();
        const marks = checkMarks();
        // What the package reports; none shown when it throws (a base that does not parse).
        let expectedErrors;
        try {
          const errors = c.base === "" ? weburl.validationErrors(c.input) : weburl.validationErrors(c.input, c.base);
          expectedErrors = errors.map(({ name, start, end }) => ({ name, start, end }));
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          expectedErrors = [];
        }
        const fragment = $("#share-link").getAttribute("href");
        // Open the jsdom-made link: other fields first, so the hash changes and is read anew.
        base.value = "";
        input.value = "about:blank";
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const changed = new Promise((resolve) => window.addEventListener("hashchange", resolve, { once: true }));
        location.hash = c.link;
        await changed;
        const reopened = { escaped: escaped.value, base: base.value, ...read() };
        out.push({ shown, marks, expectedErrors, fragment, reopened });
      }
      return out;
    }, batch);
    results.forEach((r, i) => {
      const c = urlCases[at + i];
      const name = c.name;
      if (c.failure) {
        check(`${name}: failure shown`, r.shown.values.failure !== "" && r.shown.values.href === "", () => `failure ${JSON.stringify(r.shown.values.failure)}, href ${JSON.stringify(r.shown.values.href)}`);
      } else {
        const names = "origin" in c ? [...COMPONENTS, "origin"] : COMPONENTS;
        const wrong = names.filter((n) => r.shown.values[n] !== c[n]);
        check(`${name}: components`, wrong.length === 0 && r.shown.values.failure === "", () => wrong.map((n) => `${n} ${JSON.stringify(r.shown.values[n])} ≠ ${JSON.stringify(c[n])}`).join("; ") || `failure ${r.shown.values.failure}`);
      }
      check(`${name}: differences from the browser's URL marked`, r.marks.marksRight, "a differs mark is wrong");
      if (r.marks.differences) browserDiffers.push(name);
      check(`${name}: validation errors`, isDeepStrictEqual(r.shown.errors, r.expectedErrors), () => `shown ${JSON.stringify(r.shown.errors)}, validationErrors() ${JSON.stringify(r.expectedErrors)}`);
      const base = c.base ?? "";
      check(`${name}: share link is jsdom's format`, r.fragment === jsdomFragment(c.input, base), () => `${r.fragment} ≠ ${jsdomFragment(c.input, base)}`);
      // UTF-8 has no lone surrogates: they come back as U+FFFD, as the URL parser (USVString)
      // reads them anyway, so the results must be the same.
      check(
        `${name}: share link round-trips`,
        unescape(r.reopened.escaped) === c.input.toWellFormed() &&
          r.reopened.base === base &&
          isDeepStrictEqual({ values: r.reopened.values, errors: r.reopened.errors }, r.shown),
        () => `reopened ${JSON.stringify(r.reopened)}, shown ${JSON.stringify(r.shown)}`,
      );
    });
  }
  // The address bar follows the share link (shortly after the result is drawn).
  const address = await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { hash: location.hash, link: document.querySelector("#share-link").getAttribute("href") };
  });
  check("the address bar follows the share link", address.hash === address.link, () => JSON.stringify(address));
  // A share link opened at load (not through hashchange).
  const sample = urlCases.find((c) => c.base && !c.failure) ?? urlCases[0];
  if (sample) {
    const loaded = await openPage(jsdomFragment(sample.input, sample.base ?? ""));
    const fields = await loaded.evaluate(() => ({ escaped: document.querySelector("#input-escaped").value, base: document.querySelector("#base").value, href: document.querySelector('[data-weburl="href"]').textContent }));
    check("a share link opened at load fills the fields", unescape(fields.escaped) === sample.input && fields.base === (sample.base ?? "") && fields.href === (sample.href ?? ""), () => JSON.stringify(fields));
    await loaded.close();
  }
  await page.close();
}
console.log(`urltestdata: ${urlCases.length} cases, ${((performance.now() - started) / 1000).toFixed(1)} s so far; this browser's URL differs on ${browserDiffers.length}`);

// 2. URLPattern, the cases with a string pattern (and maybe a base URL) and string inputs.
const patternCases = JSON.parse(readFileSync(join(root, "testdata/wpt/urlpatterntestdata.json"), "utf8"))
  .filter(
    (c) =>
      c.pattern.length >= 1 &&
      c.pattern.length <= 2 &&
      c.pattern.every((p) => typeof p === "string") &&
      Array.isArray(c.inputs) &&
      c.inputs.length >= 1 &&
      c.inputs.length <= 2 &&
      c.inputs.every((p) => typeof p === "string"),
  )
  .map((c) => ({ ...c, name: `URLPattern(${JSON.stringify(c.pattern).slice(1, -1)}).exec(${JSON.stringify(c.inputs).slice(1, -1)})` }))
  .filter((c) => c.name.includes(filter));
const PATTERN_COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
/** The groups WPT's harness expects per component (its defaults for components not listed). */
function expectedGroups(c) {
  if (c.expected_match === null) return null;
  const groups = {};
  for (const component of PATTERN_COMPONENTS) {
    const listed = c.expected_match[component];
    if (listed) groups[component] = { ...listed.groups };
    else groups[component] = (c.exactly_empty_components ?? []).includes(component) ? {} : { 0: "" };
  }
  return groups;
}
{
  const page = await openPage();
  await page.click("#tab-pattern");
  const results = await page.evaluate((cases) => {
    const $ = (s) => document.querySelector(s);
    const set = (selector, value) => {
      $(selector).value = value;
    };
    return cases.map((c) => {
      set("#pattern", c.pattern[0]);
      set("#pattern-base", c.pattern[1] ?? "");
      set("#pattern-input-base", c.inputs[1] ?? "");
      set("#pattern-input", c.inputs[0]);
      $("#pattern-input").dispatchEvent(new Event("input", { bubbles: true }));
      const components = {};
      for (const el of document.querySelectorAll("#pattern-weburl [data-pattern-component]")) components[el.dataset.patternComponent] = el.textContent;
      return { result: $("#pattern-weburl .pattern-output").getAttribute("data-pattern-result"), components };
    });
  }, patternCases);
  results.forEach(({ result: shown, components }, i) => {
    const c = patternCases[i];
    if (c.expected_obj && c.expected_obj !== "error") {
      const wrong = Object.keys(c.expected_obj).filter((n) => components[n] !== c.expected_obj[n]);
      check(`${c.name}: pattern components`, wrong.length === 0, () => wrong.map((n) => `${n} ${JSON.stringify(components[n])} ≠ ${JSON.stringify(c.expected_obj[n])}`).join("; "));
    }
    if (c.expected_obj === "error" || c.expected_match === "error") {
      check(`${c.name}: error`, shown === null, () => `data-pattern-result ${shown}`);
    } else if ("expected_match" in c) {
      const expected = expectedGroups(c);
      check(`${c.name}: result`, shown !== null && isDeepStrictEqual(JSON.parse(shown), expected), () => `shown ${shown}, expected ${JSON.stringify(expected)}`);
    }
  });
  // The component fields, with the pattern's base URL as the dictionary's baseURL.
  const fromFields = await page.evaluate(() => {
    const $ = (s) => document.querySelector(s);
    $('input[name="pattern-mode"][value="components"]').click();
    $("#pattern-c-pathname").value = "/books/:id(\\d+)";
    $("#pattern-base").value = "https://example.com/";
    $("#pattern-input-base").value = "";
    $("#pattern-input").value = "https://example.com/books/42";
    $("#pattern-input").dispatchEvent(new Event("input", { bubbles: true }));
    const matched = $("#pattern-weburl .pattern-output").getAttribute("data-pattern-result");
    $("#pattern-input").value = "https://example.com/books/x";
    $("#pattern-input").dispatchEvent(new Event("input", { bubbles: true }));
    return { matched, unmatched: $("#pattern-weburl .pattern-output").getAttribute("data-pattern-result") };
  });
  check("URLPattern component fields", JSON.parse(fromFields.matched ?? "null")?.pathname?.id === "42" && fromFields.unmatched === "null", () => JSON.stringify(fromFields));
  await page.close();
}
console.log(`URLPattern: ${patternCases.length} cases`);

// The setters tab, on WPT's setters tests (values typed with \u{…} escapes, as CR and LF need).
const setterCases = Object.entries(JSON.parse(readFileSync(join(root, "testdata/wpt/setters_tests.json"), "utf8")))
  .filter(([setter]) => setter !== "comment")
  .flatMap(([setter, cases]) => cases.map((c) => ({ ...c, setter, name: `${JSON.stringify(c.href)}.${setter} = ${JSON.stringify(c.new_value)}` })))
  .filter((c) => c.name.includes(filter));
{
  const page = await openPage();
  await page.click("#tab-setters");
  const results = await page.evaluate((cases) => {
    const $ = (s) => document.querySelector(s);
    const escape = (text) =>
      [...text.replaceAll("\\u", "\\\\u")].map((ch) => (/^[\x21-\x7e]$/.test(ch) ? ch : `\\u{${ch.codePointAt(0).toString(16)}}`)).join("");
    return cases.map((c) => {
      $("#setter-url").value = c.href;
      $("#setter-name").value = c.setter;
      $("#setter-value").value = escape(c.new_value);
      $("#setter-value").dispatchEvent(new Event("input", { bubbles: true }));
      const values = {};
      for (const el of document.querySelectorAll("[data-setter-weburl-value]")) values[el.dataset.setterWeburlValue] = el.textContent;
      return { values, failure: $('[data-setter-weburl="failure"]').textContent };
    });
  }, setterCases);
  results.forEach((r, i) => {
    const c = setterCases[i];
    const wrong = Object.keys(c.expected).filter((n) => r.values[n] !== c.expected[n]);
    check(`setter ${c.name}`, wrong.length === 0 && r.failure === "", () => wrong.map((n) => `${n} ${JSON.stringify(r.values[n])} ≠ ${JSON.stringify(c.expected[n])}`).join("; ") || r.failure);
  });
  await page.close();
}
console.log(`setters: ${setterCases.length} cases`);

// 3. Keyboard-only use, and the two widths.
{
  const page = await openPage();
  await page.evaluate(() => document.activeElement.blur());
  const reached = async (id, limit = 12) => {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press("Tab");
      if ((await page.evaluate(() => document.activeElement.id)) === id) return true;
    }
    return false;
  };
  const focusedInput = await reached("input");
  check("keyboard: Tab reaches #input", focusedInput, "never focused");
  if (focusedInput) {
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type("HTTPS://Example.ORG/a b");
    const href = await page.$eval('[data-weburl="href"]', (el) => el.textContent);
    check("keyboard: typing in #input renders", href === "https://example.org/a%20b", href);
  }
  check("keyboard: Tab reaches #base", await reached("base"), "never focused");
  check("keyboard: Tab reaches the tabs", await reached("tab-url", 20), "never focused");
  await page.keyboard.press("ArrowRight");
  const selected = await page.evaluate(() => document.querySelector('[aria-selected="true"]').id);
  check("keyboard: the arrow key selects the URLPattern tab", selected === "tab-pattern", selected);
  const focusedPattern = await reached("pattern", 8);
  check("keyboard: Tab reaches #pattern", focusedPattern, "never focused");
  if (focusedPattern) {
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type("https://example.org/items/:id");
    check("keyboard: Tab reaches #pattern-input", await reached("pattern-input", 8), "never focused");
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type("https://example.org/items/7");
    const result = await page.$eval("#pattern-weburl [data-pattern-result]", (el) => el.getAttribute("data-pattern-result"));
    check("keyboard: typing in the URLPattern tab renders", result !== null && JSON.parse(result)?.pathname?.id === "7", result);
  }
  await page.close();

  const screenshots = join(root, "viewer", "screenshots");
  mkdirSync(screenshots, { recursive: true });
  const example = jsdomFragment("https://user@EXAMPLE.com:443/a\\b/./c/../d?q=1 2#x", "");
  for (const width of [360, 1280]) {
    const shot = await openPage(example, { width, height: 900 });
    const layout = await shot.evaluate(() => {
      const overflow = document.documentElement.scrollWidth - window.innerWidth;
      const cut = [...document.querySelectorAll("[data-weburl], [data-browser], [data-error], input, label")]
        .filter((el) => el.offsetParent !== null)
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.left < -0.5 || box.right > window.innerWidth + 0.5;
        })
        .map((el) => el.outerHTML.slice(0, 60));
      const small = [...document.querySelectorAll("body *")].filter((el) => el.offsetParent !== null && el.childNodes.length && parseFloat(getComputedStyle(el).fontSize) < 11).length;
      return { overflow, cut, small };
    });
    check(`${width} px: no horizontal overflow`, layout.overflow <= 0, `${layout.overflow} px too wide`);
    check(`${width} px: nothing cut off`, layout.cut.length === 0, () => layout.cut.join(" | "));
    check(`${width} px: no text under 11 px`, layout.small === 0, `${layout.small} elements`);
    // No focus: a blinking caret would make each run's picture differ.
    await shot.evaluate(() => document.activeElement.blur());
    await shot.screenshot({ path: join(screenshots, `viewer-${width}.png`), fullPage: true });
    await shot.close();
  }
}

check("no console error and no request outside the page's files", pageProblems.length === 0, () => [...new Set(pageProblems)].slice(0, 20).join("\n  "));
await browser.close();

for (const failure of failures.slice(0, 200)) console.log(`FAIL ${failure}`);
if (failures.length > 200) console.log(`… and ${failures.length - 200} more failures`);
console.log(`time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exitCode = failures.length ? 1 : 0;
