// The one place the page talks to the `weburl` package (and to the browser's own URL and
// URLPattern), so the views depend on plain results rather than on the package's API details.

import * as weburl from "weburl";

/** The components every URL result shows, in the jsdom viewer's order plus `host`. */
export const COMPONENTS = [
  "href",
  "origin",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
];

/** Which of the package's optional exports this build has (the page degrades without them). */
const HAS = {
  inspect: typeof weburl.inspect === "function",
  explain: typeof weburl.explain === "function",
  validationErrors: typeof weburl.validationErrors === "function",
  site: typeof weburl.registrableDomain === "function",
  surt: typeof weburl.surt === "function",
};

/** An empty base field means "no base", as `base: null` in WPT's urltestdata. */
function args(input, base) {
  return base === "" ? [input] : [input, base];
}

/** `{ url, values }` or `{ error }` for a URL class (weburl's or the browser's). */
function parseWith(URLClass, input, base) {
  let url;
  try {
    url = new URLClass(...args(input, base));
  } catch (error) {
    return { error: String(error && error.message ? `${error.name}: ${error.message}` : error) };
  }
  const values = {};
  for (const name of COMPONENTS) values[name] = url[name];
  return { url, values };
}

/** weburl's parse of `input` against `base` ("" for none). */
export function parse(input, base) {
  return parseWith(weburl.URL, input, base);
}

/** The browser's `new URL(input, base)`. */
export function parseInBrowser(input, base) {
  return parseWith(globalThis.URL, input, base);
}

/** Whether `base` (non-empty) fails to parse: then every relative and absolute input fails. */
export function baseFails(base) {
  return base !== "" && !weburl.URL.canParse(base);
}

/**
 * `[{ name, start, end }]` (UTF-16 code units of `input`), `{ error }` when the package throws
 * (a base that does not parse), or null when this build of the package has none.
 */
export function validationErrors(input, base) {
  if (!HAS.validationErrors) return null;
  const errors = safe(() => weburl.validationErrors(...args(input, base)));
  return Array.isArray(errors) ? errors.map(({ name, start, end }) => ({ name, start, end })) : errors;
}

/**
 * The package's `inspect(input, base)`: `{ url, failure, errors }`, where `url` has the host's
 * kind, the path segments, the component offsets, the IRI display form with the spoofing
 * verdict per label, and the site; or `{ error }` (a base that does not parse is a TypeError),
 * or null when this build of the package has no `inspect`.
 */
export function inspect(input, base) {
  return HAS.inspect ? safe(() => weburl.inspect(...args(input, base))) : null;
}

function safe(fn) {
  try {
    return fn();
  } catch (error) {
    return { error: error && error.message ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** The RFC 3986 reading of the input, or null when this build of the package has no `explain`. */
export function explain(input, base) {
  return HAS.explain ? safe(() => weburl.explain(...args(input, base))) : null;
}

/** Public suffix, registrable domain and SURT key of a parsed URL (null where there is none). */
export function site(url) {
  const host = url.hostname;
  const text = (value) => (typeof value === "string" ? value : null);
  return {
    public_suffix: HAS.site ? text(safe(() => weburl.publicSuffix(host))) : null,
    registrable_domain: HAS.site ? text(safe(() => weburl.registrableDomain(host))) : null,
    surt: HAS.surt ? text(safe(() => weburl.surt(url.href))) : null,
  };
}

/** Construct a URL object (weburl's or the browser's) for the setters tab. */
export function construct(which, href) {
  const URLClass = which === "browser" ? globalThis.URL : weburl.URL;
  return new URLClass(href);
}

/** A URLPattern (weburl's or the browser's) from `init` (string or dictionary), base, options. */
export function makePattern(which, init, base, options) {
  const PatternClass = which === "browser" ? globalThis.URLPattern : weburl.URLPattern;
  if (typeof PatternClass !== "function") return { unavailable: true };
  try {
    const pattern =
      typeof init === "string" && base !== "" ? new PatternClass(init, base, options) : new PatternClass(init, options);
    return { pattern };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

