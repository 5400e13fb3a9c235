// The conformance suites, shared by Node (`wpt.test.js`) and the browser
// page (`browser/`): each takes the package's exports and the test data
// (parsed JSON by file name) and returns { name, total, failures }.
//
// They run the web-platform-tests data as WPT's own drivers do
// (url-constructor, url-origin, url-setters, url-statics-*, toascii,
// IdnaTestV2, percent-encoding, urlencoded-parser, urlsearchparams-*,
// urlpatterntests, urlpattern-compare-tests, urlpattern-generate-tests).

const GETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

function suite(name) {
  const s = { name, total: 0, failures: [], skipped: [] };
  s.case = (label, fn) => {
    s.total++;
    try {
      const problems = [];
      fn(problems);
      if (problems.length) s.failures.push(`${label}: ${problems.join("; ")}`);
    } catch (e) {
      s.failures.push(`${label}: threw ${e && e.stack ? e.stack.split("\n").slice(0, 3).join(" | ") : e}`);
    }
  };
  return s;
}

const show = (v) => JSON.stringify(v);

function eq(problems, what, actual, expected) {
  if (actual !== expected) problems.push(`${what}: got ${show(actual)}, expected ${show(expected)}`);
}

function throwsTypeError(problems, what, fn) {
  try {
    fn();
    problems.push(`${what}: expected a TypeError, got no exception`);
  } catch (e) {
    if (!(e instanceof TypeError)) problems.push(`${what}: expected a TypeError, got ${e}`);
  }
}

const objects = (data) => data.filter((c) => typeof c === "object" && c !== null);

/** urltestdata: url-constructor, url-origin, url-statics-canparse/parse. */
function urlSuite(w, name, data) {
  const s = suite(name);
  for (const c of objects(data)) {
    const base = c.base === null || c.base === undefined ? undefined : c.base;
    s.case(`${show(c.input)} against ${show(base)}`, (p) => {
      eq(p, "URL.canParse", base === undefined ? w.URL.canParse(c.input) : w.URL.canParse(c.input, base), !c.failure);
      const parsed = base === undefined ? w.URL.parse(c.input) : w.URL.parse(c.input, base);
      if (c.failure) {
        throwsTypeError(p, "new URL", () => new w.URL(c.input, base));
        eq(p, "URL.parse", parsed, null);
        return;
      }
      const url = new w.URL(c.input, base);
      for (const g of GETTERS) eq(p, g, url[g], c[g]);
      if ("origin" in c) eq(p, "origin", url.origin, c.origin);
      if ("searchParams" in c) eq(p, "searchParams", url.searchParams.toString(), c.searchParams);
      eq(p, "toString", url.toString(), c.href);
      eq(p, "toJSON", url.toJSON(), c.href);
      eq(p, "URL.parse().href", parsed && parsed.href, c.href);
    });
  }
  return s;
}

/** setters_tests.json, as url-setters.any.js. */
function settersSuite(w, data) {
  const s = suite("setters");
  for (const [setter, cases] of Object.entries(data)) {
    if (setter === "comment") continue;
    for (const c of cases) {
      s.case(`${setter} = ${show(c.new_value)} on ${show(c.href)}`, (p) => {
        const url = new w.URL(c.href);
        url[setter] = c.new_value;
        for (const [attr, value] of Object.entries(c.expected)) eq(p, attr, url[attr], value);
      });
    }
  }
  return s;
}

/** The host checks of toascii.window.js and IdnaTestV2.window.js. */
function checkHost(w, p, urlText, output) {
  if (output === null) {
    throwsTypeError(p, `new URL(${show(urlText)})`, () => new w.URL(urlText));
    return;
  }
  const url = new w.URL(urlText);
  eq(p, "host", url.host, output);
  eq(p, "hostname", url.hostname, output);
  eq(p, "pathname", url.pathname, "/x");
  eq(p, "href", url.href, `https://${output}/x`);
}

function toasciiSuite(w, data) {
  const s = suite("toascii");
  for (const c of objects(data)) {
    s.case(`toascii ${show(c.input)}`, (p) => {
      checkHost(w, p, `https://${c.input}/x`, c.output);
      for (const setter of ["host", "hostname"]) {
        const url = new w.URL("https://x/x");
        url[setter] = c.input;
        eq(p, `${setter} setter`, url[setter], c.output === null ? "x" : c.output);
      }
    });
  }
  return s;
}

/** IdnaTestV2.window.js: host-ending code points percent-encoded. */
function idnaSuite(w, name, data) {
  const s = suite(name);
  const encode = (input) => input.replace(/[:/?#\\]/g, (ch) => "%" + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"));
  for (const c of objects(data)) {
    if (c.input === "") {
      s.case(`${name} ${show(c.input)} (as a domain UTS 46 maps to "")`, (p) => checkEmptyDomain(w, p, c.output));
      continue;
    }
    s.case(`${name} ${show(c.input)}`, (p) => checkHost(w, p, `https://${encode(c.input)}/x`, c.output));
  }
  return s;
}

/**
 * The case with the empty input, which WPT skips: "https:///x" has the
 * host "x", so an empty host cannot be written in a URL, and the host
 * parser never runs on one. ToASCII("") is "" (the case's output), and the
 * URL Standard's domain to ASCII turns that into failure: "If beStrict is
 * false: If result is the empty string, domain-to-ASCII validation error,
 * return failure" (https://url.spec.whatwg.org/#concept-domain-to-ascii,
 * step 3.1). A domain reaches ToASCII's later steps as "" when UTS 46's
 * mapping (Processing step 1) removes all of it: U+00AD SOFT HYPHEN is
 * "ignored" (IdnaMappingTable.txt). So hosts of U+00AD, written as it is
 * or percent-encoded (the host parser decodes before domain to ASCII),
 * must fail with that error. A failing ToASCII would fail the URL the same
 * way: no URL API tells the two apart.
 */
function checkEmptyDomain(w, p, output) {
  eq(p, "ToASCII(\"\") in the data", output, "");
  // U+00AD is mapped away, not rejected: inside a label it leaves no trace.
  eq(p, "hostname of https://a\u00ADb/x", new w.URL("https://a\u00ADb/x").hostname, "ab");
  for (const host of ["\u00AD", "\u00AD\u00AD", "%C2%AD"]) {
    const href = `https://${host}/x`;
    throwsTypeError(p, `new URL(${show(href)})`, () => new w.URL(href));
    eq(p, `URL.canParse(${show(href)})`, w.URL.canParse(href), false);
    // The host setter runs the host parser too, and leaves the URL as it
    // was when it fails.
    const url = new w.URL("https://x/x");
    url.hostname = host;
    eq(p, `hostname = ${show(host)}`, url.href, "https://x/x");
    if (w.validationErrors) {
      const names = w.validationErrors(href).map((e) => e.name);
      eq(p, `validationErrors(${show(href)}) has domain-to-ASCII`, names.includes("domain-to-ASCII"), true);
    }
  }
}

/**
 * percent-encoding.json: the query of a URL in a document in each
 * encoding (as percent-encoding.window.js does with documents), through
 * `links` on a document whose href spells the input with character
 * references; the fragment is UTF-8 always.
 */
function percentEncodingSuite(w, data) {
  const s = suite("percent-encoding");
  const refs = (t) => Array.from(t, (ch) => `&#x${ch.codePointAt(0).toString(16)};`).join("");
  for (const c of objects(data)) {
    s.case(`percent-encoding ${show(c.input)}`, (p) => {
      const url = new w.URL(`https://doesnotmatter.invalid/?${c.input}#${c.input}`);
      eq(p, "utf-8 search (URL)", url.search, `?${c.output["utf-8"]}`);
      eq(p, "utf-8 hash (URL)", url.hash, `#${c.output["utf-8"]}`);
      for (const [label, expected] of Object.entries(c.output)) {
        const html = `<a href="https://doesnotmatter.invalid/?${refs(c.input)}#${refs(c.input)}">`;
        const bytes = new TextEncoder().encode(html);
        const found = w.links(bytes, "https://doesnotmatter.invalid/", label);
        const href = found.length === 1 ? found[0].url : null;
        const u = href === null ? null : new w.URL(href);
        eq(p, `${label} search`, u && u.search, `?${expected}`);
        eq(p, `${label} hash`, u && u.hash, `#${c.output["utf-8"]}`);
      }
    });
  }
  return s;
}

/** urlencoded-parser.any.js: URLSearchParams from the string. */
function urlencodedSuite(w, data) {
  const s = suite("urlencoded-parser");
  for (const c of objects(data)) {
    s.case(`urlencoded ${show(c.input)}`, (p) => {
      const sp = new w.URLSearchParams(c.input);
      eq(p, "pairs", show([...sp]), show(c.output));
      const url = new w.URL(`https://example.com/?${c.input}`);
      // The query as the URL parser keeps it, then parsed by the URL's
      // searchParams (which does not strip a leading "?").
      eq(p, "via URL.searchParams", show([...url.searchParams]), show([...new w.URLSearchParams(url.search)]));
    });
  }
  return s;
}

/** testdata/wpt-ported/urlsearchparams.json: the steps of each test. */
function searchParamsSuite(w, data) {
  const s = suite("urlsearchparams");
  for (const group of data.groups) {
    for (const t of group.tests) {
      s.case(`${group.source}: ${t.name}`, (p) => {
        const objs = [];
        for (const [i, step] of t.steps.entries()) {
          const slot = step.obj ?? 0;
          const at = `step ${i} ${step.op}`;
          switch (step.op) {
            case "new": objs[slot] = new w.URLSearchParams(); break;
            case "parse": objs[slot] = new w.URLSearchParams(step.input); break;
            case "from_pairs": objs[slot] = new w.URLSearchParams(step.pairs); break;
            case "from_query": objs[slot] = new w.URL(`https://h/?${step.query}`).searchParams; break;
            case "copy": objs[slot] = new w.URLSearchParams(objs[step.source]); break;
            case "reparse": objs[slot] = new w.URLSearchParams(objs[step.source].toString()); break;
            case "append": objs[slot].append(step.name, step.value); break;
            case "delete": step.value === undefined ? objs[slot].delete(step.name) : objs[slot].delete(step.name, step.value); break;
            case "set": objs[slot].set(step.name, step.value); break;
            case "sort": objs[slot].sort(); break;
            case "expect_string": eq(p, at, objs[slot].toString(), step.expected); break;
            case "expect_get": eq(p, at, objs[slot].get(step.name), step.expected); break;
            case "expect_get_all": eq(p, at, show(objs[slot].getAll(step.name)), show(step.expected)); break;
            case "expect_has": eq(p, at, step.value === undefined ? objs[slot].has(step.name) : objs[slot].has(step.name, step.value), step.expected); break;
            case "expect_size": eq(p, at, objs[slot].size, step.expected); break;
            case "expect_pairs": eq(p, at, show([...objs[slot]]), show(step.expected)); break;
            default: p.push(`unknown op ${step.op}`);
          }
        }
      });
    }
  }
  return s;
}

// ----- URLPattern (urlpatterntests.js) -----

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
const EARLIER = {
  protocol: [], username: [], password: [], hostname: ["protocol"], port: ["protocol", "hostname"],
  pathname: ["protocol", "hostname", "port"], search: ["protocol", "hostname", "port", "pathname"],
  hash: ["protocol", "hostname", "port", "pathname", "search"],
};

function expectedPattern(w, entry, component) {
  const empty = entry.exactly_empty_components ?? [];
  if (empty.includes(component)) return "";
  const first = entry.pattern[0];
  const dict = first !== null && typeof first === "object" ? first : null;
  let base = null;
  if (dict && typeof dict.baseURL === "string") base = w.URL.parse(dict.baseURL);
  else if (typeof entry.pattern[1] === "string") base = w.URL.parse(entry.pattern[1]);
  if (dict && typeof dict[component] === "string" && dict[component] !== "") return dict[component];
  if (dict && EARLIER[component].some((c) => c in dict)) return "*";
  if (base && component !== "username" && component !== "password") {
    switch (component) {
      case "protocol": return base.protocol.slice(0, -1);
      case "search": return base.search.slice(1);
      case "hash": return base.hash.slice(1);
      default: return base[component];
    }
  }
  return "*";
}

function patternCase(w, entry, p) {
  let pattern;
  try {
    pattern = new w.URLPattern(...entry.pattern);
  } catch (e) {
    if (entry.expected_obj === "error") {
      if (!(e instanceof TypeError)) p.push(`constructor threw ${e}, not a TypeError`);
      return;
    }
    p.push(`constructor threw ${e}`);
    return;
  }
  if (entry.expected_obj === "error") {
    p.push("constructor: expected a TypeError");
    return;
  }
  for (const c of COMPONENTS) {
    const want = entry.expected_obj && typeof entry.expected_obj[c] === "string" ? entry.expected_obj[c] : expectedPattern(w, entry, c);
    eq(p, `pattern.${c}`, pattern[c], want);
  }
  const inputs = entry.inputs ?? [];
  if (entry.expected_match === "error") {
    throwsTypeError(p, "test()", () => pattern.test(...inputs));
    throwsTypeError(p, "exec()", () => pattern.exec(...inputs));
    return;
  }
  const expected = entry.expected_match ?? null;
  eq(p, "test()", pattern.test(...inputs), expected !== null);
  const result = pattern.exec(...inputs);
  if (expected === null) {
    eq(p, "exec()", result, null);
    return;
  }
  if (result === null) {
    p.push("exec(): got null");
    return;
  }
  eq(p, "exec().inputs", show(result.inputs), show(expected.inputs ?? inputs));
  const empty = entry.exactly_empty_components ?? [];
  for (const c of COMPONENTS) {
    const e = expected[c] ?? { input: "", groups: empty.includes(c) ? {} : { 0: "" } };
    eq(p, `exec().${c}.input`, result[c].input, e.input ?? "");
    const got = result[c].groups;
    const want = e.groups ?? {};
    const keys = new Set([...Object.keys(got), ...Object.keys(want)]);
    for (const k of keys) {
      if (!(k in got) || !(k in want) || got[k] !== want[k]) {
        // JSON has no undefined: a non-participating group is absent or
        // null in the data and undefined in the result.
        const wantValue = want[k] === null ? undefined : want[k];
        if (!(k in got && k in want && got[k] === wantValue)) {
          p.push(`exec().${c}.groups[${k}]: got ${show(got[k])}, expected ${show(want[k])}`);
        }
      }
    }
  }
}

function patternSuite(w, data) {
  const s = suite("urlpatterntestdata");
  for (const entry of objects(data)) {
    s.case(`Pattern: ${show(entry.pattern)} Inputs: ${show(entry.inputs)}`, (p) => patternCase(w, entry, p));
  }
  return s;
}

function compareSuite(w, data) {
  const s = suite("urlpattern-compare");
  for (const e of objects(data)) {
    s.case(`Component: ${e.component} Left: ${show(e.left)} Right: ${show(e.right)}`, (p) => {
      const l = new w.URLPattern(e.left);
      const r = new w.URLPattern(e.right);
      const cmp = w.URLPattern.compareComponent;
      eq(p, "left, right", cmp(e.component, l, r), e.expected);
      eq(p, "right, left", cmp(e.component, r, l), -e.expected || 0);
      eq(p, "left, left", cmp(e.component, l, l), 0);
      eq(p, "right, right", cmp(e.component, r, r), 0);
    });
  }
  return s;
}

function generateSuite(w, data) {
  const s = suite("urlpattern-generate");
  for (const e of objects(data)) {
    s.case(`Pattern: ${show(e.pattern)} Component: ${e.component} Groups: ${show(e.groups)}`, (p) => {
      const pattern = new w.URLPattern(e.pattern);
      if (e.expected === null) {
        throwsTypeError(p, "generate()", () => pattern.generate(e.component, e.groups));
      } else {
        eq(p, "generate()", pattern.generate(e.component, e.groups), e.expected);
      }
    });
  }
  return s;
}

/** The files each suite reads, relative to testdata/. */
export const DATA_FILES = [
  "wpt/urltestdata.json", "wpt/urltestdata-javascript-only.json", "wpt-supplement/urltestdata.json",
  "wpt/setters_tests.json", "wpt/toascii.json", "wpt/IdnaTestV2.json", "wpt/IdnaTestV2-removed.json",
  "wpt/percent-encoding.json", "wpt/urlencoded-parser-data.json", "wpt-ported/urlsearchparams.json",
  "wpt/urlpatterntestdata.json", "wpt/urlpattern-compare-test-data.json", "wpt/urlpattern-generate-test-data.json",
];

/** Every suite, lazily: [name, () => result]. */
export function suites(w, d) {
  return [
    ["urltestdata", () => urlSuite(w, "urltestdata", d["wpt/urltestdata.json"])],
    ["urltestdata-javascript-only", () => urlSuite(w, "urltestdata-javascript-only", d["wpt/urltestdata-javascript-only.json"])],
    ["wpt-supplement", () => urlSuite(w, "wpt-supplement", d["wpt-supplement/urltestdata.json"])],
    ["setters", () => settersSuite(w, d["wpt/setters_tests.json"])],
    ["toascii", () => toasciiSuite(w, d["wpt/toascii.json"])],
    ["IdnaTestV2", () => idnaSuite(w, "IdnaTestV2", d["wpt/IdnaTestV2.json"])],
    ["IdnaTestV2-removed", () => idnaSuite(w, "IdnaTestV2-removed", d["wpt/IdnaTestV2-removed.json"])],
    ["percent-encoding", () => percentEncodingSuite(w, d["wpt/percent-encoding.json"])],
    ["urlencoded-parser", () => urlencodedSuite(w, d["wpt/urlencoded-parser-data.json"])],
    ["urlsearchparams", () => searchParamsSuite(w, d["wpt-ported/urlsearchparams.json"])],
    ["urlpatterntestdata", () => patternSuite(w, d["wpt/urlpatterntestdata.json"])],
    ["urlpattern-compare", () => compareSuite(w, d["wpt/urlpattern-compare-test-data.json"])],
    ["urlpattern-generate", () => generateSuite(w, d["wpt/urlpattern-generate-test-data.json"])],
  ];
}
