// Speed of the weburl package against Node's own URL, whatwg-url,
// urlpattern-polyfill and tldts, on the URL lists of testdata/urls.
//
// One process; each measurement is as many full passes over a list as
// take 20 ms of CPU time (a pass of 5,000 URLs takes 2 ms natively, less
// than one collection of the garbage whatwg-url leaves). The young
// generation is collected, untimed, before each measurement, so that no
// contender pays for the short-lived garbage of the one before (a full
// collection there made every contender slower afterwards: weburl 1.3 to
// 2.1 times, whatwg-url 1.5). The implementations take turns within each
// round, in an order rotated from round to round; the median measurement
// per implementation is reported. Measurements are timed in process CPU
// time (process.cpuUsage), which other processes on a shared machine
// disturb far less than wall time. Before
// timing, every answer is checked against the native objects (and the
// other libraries'): a wrong answer fails the run, an answer where the
// other library disagrees with the URL Standard is listed.
//
//   node bench/bench.mjs [--rounds N] [--limit N] [--quick]
//
// Prints a table and, with --json FILE, writes the figures.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join, dirname } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import * as weburl from "../src/index.js";
import * as whatwg from "whatwg-url";
import { URLPattern as PolyfillPattern } from "urlpattern-polyfill/urlpattern";
import { getDomain } from "tldts";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const quick = args.includes("--quick");
const ROUNDS = Number(opt("--rounds", quick ? 3 : 15));
const LIMIT = Number(opt("--limit", quick ? 2000 : 20000));
const jsonOut = opt("--json", null);

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "testdata", "urls");
const LISTS = ["isaacs_files.txt", "kasztp.txt", "node_files.txt", "userbait.txt", "web_links.txt"];
const lists = LISTS.map((f) => [f, readFileSync(join(root, f), "utf8").split("\n").filter((l) => l.length > 0).slice(0, LIMIT)]);

const NativeURL = globalThis.URL;
let sink = 0;

// The collector (`gc`), without asking for --expose-gc on the command line.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc");
/** The CPU time a measurement lasts at least, in microseconds. */
const MIN_MICROS = 20000;

function cpuMicros() {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** Median of the per-pass times (ns per item) of each contender. */
function race(items, contenders) {
  const names = Object.keys(contenders);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS + 1; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      const fn = contenders[name];
      collect({ type: "minor" });
      let passes = 0;
      let t1;
      const t0 = cpuMicros();
      do {
        fn(items);
        passes++;
        t1 = cpuMicros();
      } while (t1 - t0 < MIN_MICROS);
      // The first round warms up every contender and is not counted.
      if (round > 0) times[name].push(((t1 - t0) * 1000) / (items.length * passes));
    }
  }
  const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
  return Object.fromEntries(names.map((n) => [n, median(times[n])]));
}

const failures = [];
const notes = [];
const results = [];

// ----- new URL(s).href -----

for (const [file, items] of lists) {
  let checked = 0;
  for (const s of items) {
    let want = null;
    try { want = new NativeURL(s).href; } catch {}
    let got = null;
    try { got = new weburl.URL(s).href; } catch {}
    const canNative = NativeURL.canParse(s);
    const canOurs = weburl.URL.canParse(s);
    if (got !== want || canOurs !== canNative) {
      // Node 20's URL (ada 2) is not the reference: whatwg-url decides.
      const ref = whatwg.URL.canParse ? (() => { try { return new whatwg.URL(s).href; } catch { return null; } })() : null;
      if (got !== ref) failures.push(`${file}: new URL(${JSON.stringify(s)}): weburl ${JSON.stringify(got)}, native ${JSON.stringify(want)}, whatwg-url ${JSON.stringify(ref)}`);
      else notes.push(`${file}: Node's URL differs from the Standard on ${JSON.stringify(s)}: ${JSON.stringify(want)} (weburl and whatwg-url: ${JSON.stringify(got)})`);
    }
    checked++;
  }
  const parseTimes = race(items, {
    native: (xs) => { for (const s of xs) { try { sink += new NativeURL(s).href.length; } catch {} } },
    weburl: (xs) => { for (const s of xs) { try { sink += new weburl.URL(s).href.length; } catch {} } },
    "whatwg-url": (xs) => { for (const s of xs) { try { sink += new whatwg.URL(s).href.length; } catch {} } },
  });
  const canTimes = race(items, {
    native: (xs) => { for (const s of xs) sink += NativeURL.canParse(s) ? 1 : 0; },
    weburl: (xs) => { for (const s of xs) sink += weburl.URL.canParse(s) ? 1 : 0; },
  });
  results.push({ file, urls: checked, parse: parseTimes, canParse: canTimes });
}

// ----- URLPattern.test(string) on routing patterns -----

const ROUTES = [
  "https://*.example.com/users/:id",
  "https://example.com/api/:version/items/:id",
  "http{s}?://:host/blog/:year/:month/:slug",
  "*://*/*.js",
  "https://github.com/:owner/:repo/blob/:branch/*",
  "https://*/assets/:file.:ext",
  "https://www.youtube.com/watch",
  "/:lang/docs/*",
];
const patternInputs = lists.flatMap(([, items]) => items.slice(0, 2000)).concat([
  "https://api.example.com/users/42", "https://example.com/api/v2/items/7", "https://blog.test/blog/2024/05/hello",
  "https://cdn.test/a/b/app.js", "https://github.com/weburl/weburl/blob/main/README.md", "https://x.test/assets/logo.png",
]);
const patternPairs = ROUTES.map((r) => [r.startsWith("/") ? [r, "https://docs.example.com"] : [r]]);
const ours = patternPairs.map(([a]) => new weburl.URLPattern(...a));
const theirs = patternPairs.map(([a]) => new PolyfillPattern(...a));
let patternMatches = 0;
for (let i = 0; i < ours.length; i++) {
  for (const s of patternInputs) {
    let want;
    try { want = theirs[i].test(s); } catch { want = "throws"; }
    const got = ours[i].test(s);
    if (got) patternMatches++;
    if (got !== want) {
      // The polyfill borrows the host's URL: where Node's URL is wrong, so is it.
      notes.push(`URLPattern ${ROUTES[i]} test(${JSON.stringify(s)}): weburl ${got}, urlpattern-polyfill ${want}`);
    }
  }
}
const patternTimes = race(patternInputs, {
  weburl: (xs) => { for (const p of ours) for (const s of xs) sink += p.test(s) ? 1 : 0; },
  "urlpattern-polyfill": (xs) => { for (const p of theirs) for (const s of xs) { try { sink += p.test(s) ? 1 : 0; } catch {} } },
});
for (const k of Object.keys(patternTimes)) patternTimes[k] /= ours.length;

// ----- registrableDomain(hostname) -----

const hosts = [];
for (const [, items] of lists) {
  for (const s of items) {
    try {
      const h = new NativeURL(s).hostname;
      if (h && !h.startsWith("[") && !/^[0-9.]+$/.test(h)) hosts.push(h);
    } catch {}
  }
}
let domainDiffs = 0;
for (const h of hosts) {
  const want = getDomain(h, { allowPrivateDomains: true });
  const got = weburl.registrableDomain(h);
  if (got !== want) {
    domainDiffs++;
    if (domainDiffs <= 10) notes.push(`registrableDomain(${JSON.stringify(h)}): weburl ${got}, tldts ${want}`);
  }
}
const domainTimes = race(hosts, {
  weburl: (xs) => { for (const h of xs) sink += (weburl.registrableDomain(h) ?? "").length; },
  tldts: (xs) => { for (const h of xs) sink += (getDomain(h, { allowPrivateDomains: true }) ?? "").length; },
});

// ----- Report -----

const f = (x) => x.toFixed(0).padStart(7);
const r2 = (x) => x.toFixed(2);
console.log(`node ${process.version}; ${ROUNDS} rounds (+1 warm-up), up to ${LIMIT} URLs per list; median CPU ns per item`);
console.log("list                 URLs   native  weburl whatwg-url  weburl/native  whatwg/weburl | canParse native weburl ratio");
const ratios = { parse: [], fromWhatwg: [], canParse: [] };
for (const r of results) {
  const p = r.parse, c = r.canParse;
  const ratio = p.weburl / p.native, speedup = p["whatwg-url"] / p.weburl, cr = c.weburl / c.native;
  ratios.parse.push(ratio); ratios.fromWhatwg.push(speedup); ratios.canParse.push(cr);
  console.log(`${r.file.padEnd(18)} ${String(r.urls).padStart(6)} ${f(p.native)} ${f(p.weburl)} ${f(p["whatwg-url"])}     ${r2(ratio).padStart(6)}×       ${r2(speedup).padStart(6)}× |        ${f(c.native)} ${f(c.weburl)} ${r2(cr)}×`);
}
console.log(`URLPattern.test: weburl ${f(patternTimes.weburl)} ns, urlpattern-polyfill ${f(patternTimes["urlpattern-polyfill"])} ns: ${r2(patternTimes["urlpattern-polyfill"] / patternTimes.weburl)}× faster (${ROUTES.length} patterns × ${patternInputs.length} URLs, ${patternMatches} matches)`);
console.log(`registrableDomain: weburl ${f(domainTimes.weburl)} ns, tldts getDomain ${f(domainTimes.tldts)} ns: ${r2(domainTimes.tldts / domainTimes.weburl)}× (${hosts.length} hostnames, ${domainDiffs} answers differ: list versions)`);
console.log(`${notes.length} notes (answers where the other library departs):`);
for (const n of notes.slice(0, 15)) console.log("  " + n);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ node: process.version, rounds: ROUNDS, limit: LIMIT, results, patternTimes, domainTimes, domainDiffs, notes }, null, 1));
if (failures.length) {
  console.log(`${failures.length} WRONG ANSWERS:`);
  for (const x of failures.slice(0, 20)) console.log("  " + x);
  process.exit(1);
}
if (sink === 0.5) console.log(sink);
