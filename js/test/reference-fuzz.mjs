// A differential run of the weburl package against whatwg-url, the URL
// Standard's reference implementation, on inputs made from WPT's data by a
// seeded PRNG (generate.mjs: mutations, splices, URLs from parts, random
// short strings). It compares, for each (input, base):
// failure or not, every getter, and the validation error names (in order,
// with counts); for a URL both parse, each setter (href excluded) with a
// mutated value, then every getter; and URLSearchParams parsing,
// serializing and sorting of mutated query strings. Differences are grouped
// by kind; each group keeps a shrunk example.
//
//   node js/test/reference-fuzz.mjs [COUNT] [SEED]
//
// (run from the repository; whatwg-url from js/test/node_modules). The
// node test reference-fuzz.test.js runs it on a fixed seed and count.

import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { GETTERS, corpus, makeString, prng, randomHost, randomShort } from "./generate.mjs";

// Pinned in js/test/package.json, resolved from js/test/ like whatwg-url.
const punycode = createRequire(import.meta.url)("punycode/");

// Code points that Unicode 18 assigns and UTS #46 18.0 makes valid or maps:
// whatwg-url 17.3's tr46 7.0 has Unicode 18's IDNA data, weburl has Unicode
// 17's (ICU4X 2.3), where they are unassigned and so disallowed. WPT's
// IdnaTestV2.json, generated from Unicode 17, expects some to be rejected
// (e.g. "\u{3e8ac}\u3002\u0729\u3002\uc7d95", V7, which whatwg-url 17.3
// accepts); weburl follows WPT. A case with one of them is set apart as
// explained. (Every code point a host label of either parse differently,
// found by trying them all; all are unassigned in Unicode 17.)
const UNICODE_18 =
  /[\u0558\u058b-\u058c\u05c8-\u05c9\u0b53-\u0b54\u1ade-\u1adf\u1aec-\u1af0\u208f\u209d-\u209f\u20c2-\u20c4\u2e60-\u2e63\ua7dd\ua7e2\uab6c-\uab6d\u{107bb}-\u{107bf}\u{10ec9}-\u{10ecf}\u{10ed9}-\u{10eee}\u{10ef0}-\u{10ef9}\u{11b0a}\u{11df0}-\u{11df1}\u{1246f}\u{12475}-\u{1247f}\u{12550}-\u{12686}\u{18cd6}-\u{18cda}\u{18d1f}-\u{18d20}\u{18e00}-\u{19191}\u{191a0}-\u{191d2}\u{1b123}-\u{1b128}\u{1b168}\u{1ced2}-\u{1ced4}\u{1cedd}-\u{1cedf}\u{1cef1}-\u{1cefd}\u{1d127}-\u{1d128}\u{1d1eb}-\u{1d1ff}\u{1d250}-\u{1d281}\u{1d6a6}\u{1db00}-\u{1db1c}\u{1df1f}-\u{1df24}\u{1df2b}-\u{1df81}\u{1df90}-\u{1df96}\u{1dfcd}-\u{1dfff}\u{1f1ae}\u{1f6d9}\u{1f7da}-\u{1f7db}\u{1f7f1}-\u{1f7ff}\u{1fa8b}-\u{1fa8d}\u{1facc}\u{1fadd}\u{1faeb}\u{1faf9}-\u{1fafa}\u{2b81e}\u{3d000}-\u{3fc3f}]/u;

/** The Punycode (RFC 3492) decoding of a label's part after "xn--", or null. */
function punycodeDecode(input) {
  try {
    return punycode.decode(input);
  } catch {
    return null;
  }
}

/** Whether `s`, or a Punycode label in it, has a code point Unicode 18 assigns. */
function hasUnicode18(s) {
  if (UNICODE_18.test(s)) return true;
  for (const m of s.matchAll(/xn--([0-9a-z-]+)/gi)) {
    const decoded = punycodeDecode(m[1]);
    if (decoded !== null && UNICODE_18.test(decoded)) return true;
  }
  return false;
}

const SETTERS = ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

function getters(url) {
  const out = {};
  for (const g of GETTERS) out[g] = url[g];
  return out;
}

function construct(URLClass, input, base) {
  try {
    return base === undefined ? new URLClass(input) : new URLClass(input, base);
  } catch (e) {
    if (!(e instanceof TypeError)) return { thrown: String(e) };
    return null;
  }
}

function diffGetters(a, b) {
  const out = [];
  for (const g of GETTERS) if (a[g] !== b[g]) out.push(g);
  return out;
}

function multiset(list) {
  const m = new Map();
  for (const x of list) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

function errorsKey(ours, theirs) {
  const a = multiset(ours);
  const b = multiset(theirs);
  const more = [];
  const fewer = [];
  for (const [k, n] of a) if (n > (b.get(k) ?? 0)) more.push(`+${k}`);
  for (const [k, n] of b) if (n > (a.get(k) ?? 0)) fewer.push(`-${k}`);
  if (more.length === 0 && fewer.length === 0) return "errors:order";
  return `errors:${[...more, ...fewer].sort().join(",")}`;
}

// The setters, and the URLSearchParams methods that run the URL's update
// steps (url.bs: a query that serializes to the empty string is null, an
// opaque path potentially loses its trailing spaces).
const PARAMS_OPS = ["searchParams.append", "searchParams.delete", "searchParams.set", "searchParams.sort", "href"];

function apply(url, op, value) {
  if (!op.startsWith("searchParams.")) {
    url[op] = value;
    return;
  }
  const p = url.searchParams;
  const [name, v] = [value.slice(0, value.length >> 1), value.slice(value.length >> 1)];
  if (op === "searchParams.append") p.append(name, v);
  else if (op === "searchParams.set") p.set(name, v);
  else if (op === "searchParams.sort") p.sort();
  else if (v === "") p.delete(name);
  else p.delete(name, v);
}

/** The comparisons; each returns a list of difference kinds (empty: they agree). */
export function makeChecks(weburl, reference) {
  const parseKinds = (input, base) => {
    const kinds = [];
    const ours = construct(weburl.URL, input, base);
    const theirs = construct(reference.URL, input, base);
    if ((ours === null) !== (theirs === null)) {
      kinds.push(ours === null ? "parse:ours-fails" : "parse:theirs-fails");
    } else if (ours !== null) {
      if (ours.thrown || theirs.thrown) kinds.push("parse:threw");
      else for (const g of diffGetters(getters(ours), getters(theirs))) kinds.push(`parse:${g}`);
    }
    const parsed = (impl) => {
      try {
        return impl.URL.parse(input, base)?.href ?? null;
      } catch (e) {
        return `threw ${e}`;
      }
    };
    if (parsed(weburl) !== parsed(reference)) kinds.push("parse:URL.parse");
    if (weburl.URL.canParse(input, base) !== reference.URL.canParse(input, base)) kinds.push("parse:canParse");
    // Validation errors: the input as given (lone surrogates included); the
    // base as a URL is given, a scalar value string.
    const wfBase = base?.toWellFormed();
    let baseURL = null;
    if (wfBase !== undefined) baseURL = reference.basicURLParse(wfBase);
    if (wfBase === undefined || baseURL !== null) {
      const theirNames = reference.parseURLWithValidationErrors(input, { baseURL }).validationErrors;
      let ourNames;
      try {
        ourNames = weburl.validationErrors(input, wfBase).map((e) => e.name);
      } catch (e) {
        ourNames = [`threw ${e}`];
      }
      if (JSON.stringify(ourNames) !== JSON.stringify(theirNames)) kinds.push(errorsKey(ourNames, theirNames));
    }
    return kinds;
  };

  // `ops`: [[setter, value], ...], applied in turn; the getters compared after each.
  const setterKinds = (href, ops) => {
    const ours = construct(weburl.URL, href);
    const theirs = construct(reference.URL, href);
    if (ours === null || theirs === null || ours.thrown || theirs.thrown) return [];
    if (ours.href !== theirs.href) return []; // a parse difference, reported as such
    for (const [setter, value] of ops) {
      let ourError = null;
      let theirError = null;
      try {
        apply(ours, setter, value);
      } catch (e) {
        ourError = e;
      }
      try {
        apply(theirs, setter, value);
      } catch (e) {
        theirError = e;
      }
      if ((ourError === null) !== (theirError === null)) return [`setter:${setter}:threw`];
      const kinds = diffGetters(getters(ours), getters(theirs)).map((g) => `setter:${setter}:${g}`);
      // The query object follows.
      if (kinds.length === 0 && ours.searchParams.toString() !== theirs.searchParams.toString()) kinds.push(`setter:${setter}:searchParams`);
      if (kinds.length > 0) return kinds;
    }
    return [];
  };

  const paramsKinds = (query, name, value) => {
    const kinds = [];
    const ours = new weburl.URLSearchParams(query);
    const theirs = new reference.URLSearchParams(query);
    if (JSON.stringify([...ours]) !== JSON.stringify([...theirs])) kinds.push("params:parse");
    if (ours.toString() !== theirs.toString()) kinds.push("params:serialize");
    const reads = (p) => JSON.stringify([p.size, p.has(name), p.has(name, value), p.get(name), p.getAll(name)]);
    if (reads(ours) !== reads(theirs)) kinds.push("params:reads");
    const pairs = [...theirs].slice(0, 3).concat([[name, value]]);
    if (new weburl.URLSearchParams(pairs).toString() !== new reference.URLSearchParams(pairs).toString()) kinds.push("params:from-pairs");
    const record = Object.fromEntries(pairs);
    if (new weburl.URLSearchParams(record).toString() !== new reference.URLSearchParams(record).toString()) kinds.push("params:from-record");
    ours.append(name, value);
    theirs.append(name, value);
    ours.delete(name, value);
    theirs.delete(name, value);
    if (ours.toString() !== theirs.toString()) kinds.push("params:delete-value");
    ours.append(name, value);
    theirs.append(name, value);
    if (ours.toString() !== theirs.toString()) kinds.push("params:append");
    ours.sort();
    theirs.sort();
    if (ours.toString() !== theirs.toString()) kinds.push("params:sort");
    // Through a URL: the update steps set the query.
    const ou = new weburl.URL("https://h/p?x#f");
    const tu = new reference.URL("https://h/p?x#f");
    ou.search = query;
    tu.search = query;
    ou.searchParams.set(name, value);
    tu.searchParams.set(name, value);
    if (ou.href !== tu.href) kinds.push("params:url-update");
    return kinds;
  };

  return { parseKinds, setterKinds, paramsKinds };
}

/** Deletes code points while `still(candidate)` holds: a smaller example. */
function shrink(value, still) {
  let cps = [...value];
  let changed = true;
  let budget = 400;
  while (changed && budget > 0) {
    changed = false;
    for (let len = Math.max(1, cps.length >> 1); len >= 1; len >>= 1) {
      for (let i = 0; i + len <= cps.length && budget > 0; ) {
        const cand = [...cps.slice(0, i), ...cps.slice(i + len)];
        budget--;
        if (still(cand.join(""))) {
          cps = cand;
          changed = true;
        } else i++;
      }
    }
  }
  return cps.join("");
}

/**
 * Runs `count` cases from `seed`; returns { counts, groups } where groups
 * maps a difference kind to { count, example }.
 */
export function run({ weburl, reference, testdata, count, seed = 1, shrinkExamples = true }) {
  const rng = prng(seed);
  const { inputs, bases, values, queries } = corpus(testdata);
  const all = [...inputs, ...bases];
  const valuesAndAll = [...values, ...all];
  const checks = makeChecks(weburl, reference);
  const groups = new Map();
  const counts = { parse: 0, setter: 0, params: 0 };
  const record = (kinds, example, size, recheck) => {
    const explained = Object.values(example).flat(2).some((v) => typeof v === "string" && hasUnicode18(v));
    for (const k of kinds) {
      const kind = explained ? `explained:unicode-18:${k}` : k;
      const g = groups.get(kind);
      if (!g) groups.set(kind, { count: 1, example, size, recheck });
      else {
        g.count++;
        if (size < g.size) Object.assign(g, { example, size, recheck });
      }
    }
  };
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    if (r < 0.7) {
      const input = makeString(rng, inputs, all);
      const b = rng.next();
      const base = b < 0.45 ? undefined : b < 0.9 ? rng.pick(bases) : makeString(rng, bases, all);
      counts.parse++;
      record(checks.parseKinds(input, base), { input, base }, input.length + (base?.length ?? 0), "parse");
    } else if (r < 0.92) {
      // a URL both parse, then a setter
      const href = rng.next() < 0.5 ? rng.pick(inputs) : makeString(rng, inputs, all);
      const ops = [];
      const n = rng.next() < 0.6 ? 1 : 2 + rng.int(3);
      for (let k = 0; k < n; k++) {
        const setter = rng.next() < 0.85 ? rng.pick(SETTERS) : rng.pick(PARAMS_OPS);
        const r2 = rng.next();
        const value = r2 < 0.3 ? rng.pick(values) : r2 < 0.4 ? randomHost(rng) : makeString(rng, values, valuesAndAll);
        ops.push([setter, value]);
      }
      counts.setter++;
      record(checks.setterKinds(href, ops), { href, ops }, href.length + ops.reduce((t, o) => t + o[1].length, 0), "setter");
    } else {
      const query = makeString(rng, queries, [...queries, ...values]);
      const name = randomShort(rng);
      const value = randomShort(rng);
      counts.params++;
      record(checks.paramsKinds(query, name, value), { query, name, value }, query.length, "params");
    }
  }
  if (shrinkExamples) {
    for (const [kind, g] of groups) {
      const e = g.example;
      const base = kind.replace(/^explained:unicode-18:/, "");
      const has = (kinds) => kinds.includes(base);
      if (g.recheck === "parse") {
        e.input = shrink(e.input, (s) => has(checks.parseKinds(s, e.base)));
        if (e.base !== undefined) e.base = shrink(e.base, (s) => has(checks.parseKinds(e.input, s)));
      } else if (g.recheck === "setter") {
        // fewer setters first, then shorter strings
        for (let k = e.ops.length - 2; k >= 0; k--) {
          const fewer = [...e.ops.slice(0, k), ...e.ops.slice(k + 1)];
          if (has(checks.setterKinds(e.href, fewer))) e.ops = fewer;
        }
        e.href = shrink(e.href, (s) => has(checks.setterKinds(s, e.ops)));
        for (let k = 0; k < e.ops.length; k++) {
          const at = (v) => e.ops.map((o, j) => (j === k ? [o[0], v] : o));
          e.ops[k][1] = shrink(e.ops[k][1], (v) => has(checks.setterKinds(e.href, at(v))));
        }
      } else {
        e.query = shrink(e.query, (s) => has(checks.paramsKinds(s, e.name, e.value)));
      }
    }
  }
  return { counts, groups };
}

/** A difference example with both sides' answers, for a report. */
export function describe(weburl, reference, kind, e) {
  const side = (impl) => {
    if ("input" in e) {
      const u = construct(impl.URL, e.input, e.base);
      return u === null ? "failure" : getters(u);
    }
    if ("ops" in e) {
      const u = construct(impl.URL, e.href);
      try {
        for (const [setter, value] of e.ops) apply(u, setter, value);
      } catch (err) {
        return `threw ${err}`;
      }
      return getters(u);
    }
    const p = new impl.URLSearchParams(e.query);
    return { entries: [...p], serialized: p.toString() };
  };
  const out = { kind, example: e, weburl: side(weburl), whatwgUrl: side(reference) };
  if ("input" in e && kind.replace(/^explained:unicode-18:/, "").startsWith("errors")) {
    const wfBase = e.base?.toWellFormed();
    const baseURL = wfBase === undefined ? null : reference.basicURLParse(wfBase);
    out.weburl = weburl.validationErrors(e.input, wfBase).map((x) => x.name);
    out.whatwgUrl = reference.parseURLWithValidationErrors(e.input, { baseURL }).validationErrors;
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const here = dirname(fileURLToPath(import.meta.url));
  const count = Number(process.argv[2] ?? 20000);
  const seed = Number(process.argv[3] ?? 1);
  const weburl = await import(pathToFileURL(join(here, "../src/index.js")).href);
  const reference = createRequire(import.meta.url)("whatwg-url");
  const testdata = join(here, "../../testdata");
  const start = Date.now();
  const { counts, groups } = run({ weburl, reference, testdata, count, seed });
  console.log(`compared ${count} cases (seed ${seed}): ${JSON.stringify(counts)} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  const unexplained = [...groups.keys()].filter((k) => !k.startsWith("explained:"));
  console.log(`${groups.size} difference groups, ${unexplained.length} unexplained`);
  for (const [kind, g] of [...groups].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`\n${kind}: ${g.count}`);
    console.log(JSON.stringify(describe(weburl, reference, kind, g.example)));
  }
}
