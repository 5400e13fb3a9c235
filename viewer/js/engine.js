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
export const HAS = {
  inspect: typeof weburl.inspect === "function",
  explain: typeof weburl.explain === "function",
  validationErrors: typeof weburl.validationErrors === "function",
  site: typeof weburl.registrableDomain === "function",
  surt: typeof weburl.surt === "function",
  pattern: typeof weburl.URLPattern === "function",
  browserPattern: typeof globalThis.URLPattern === "function",
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

/** `[{ name, start, end }]` in UTF-16 code units of `input`, as the package reports them. */
export function validationErrors(input, base) {
  if (!HAS.validationErrors) return null;
  try {
    return weburl.validationErrors(...args(input, base));
  } catch (error) {
    return { error: String(error) };
  }
}

const SPECIAL = new Set(["ftp:", "file:", "http:", "https:", "ws:", "wss:"]);

/**
 * The host's kind, the path segments and the component offsets of a parsed URL. The package's
 * `inspect` answers where it has one; the rest is derived from the getters, which is exact: the
 * serialization is the scheme and ":", then "//" and the authority when there is a host, then
 * the path, query and fragment, and each getter is a slice of it (with its delimiter).
 */
export function inspectParsed(url, input, base) {
  const fromPackage = HAS.inspect ? safe(() => weburl.inspect(...args(input, base))) : null;
  const href = url.href;
  const hasHost = href.startsWith(`${url.protocol}//`);
  const special = SPECIAL.has(url.protocol);
  let hostKind;
  if (!hasHost) hostKind = "none";
  else if (url.hostname === "") hostKind = "empty";
  else if (url.hostname.startsWith("[")) hostKind = "IPv6";
  else if (special && /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)) hostKind = "IPv4";
  else hostKind = special ? "domain" : "opaque";

  const opaquePath = !url.pathname.startsWith("/") && !(hasHost && url.pathname === "");
  const segments = opaquePath ? null : url.pathname === "" ? [] : url.pathname.slice(1).split("/");

  // Before the fragment, only the query can hold a raw "?", and nothing before the fragment
  // holds a raw "#" (the parser and the setters percent-encode them elsewhere), so the first "#"
  // starts the fragment and the first "?" before it starts the query.
  const hash = href.indexOf("#");
  const firstQuery = href.slice(0, hash === -1 ? href.length : hash).indexOf("?");
  const pathStart = (firstQuery !== -1 ? firstQuery : hash !== -1 ? hash : href.length) - url.pathname.length;
  const schemeEnd = url.protocol.length;
  let hostStart = null;
  let hostEnd = null;
  if (hasHost) {
    const credentials = url.username !== "" || url.password !== "";
    hostStart = credentials ? href.indexOf("@", schemeEnd + 2) + 1 : schemeEnd + 2;
    hostEnd = hostStart + url.hostname.length;
  }
  return {
    hostKind,
    segments,
    opaquePath: opaquePath ? url.pathname : null,
    offsets: {
      scheme_end: schemeEnd,
      host_start: hostStart,
      host_end: hostEnd,
      path_start: pathStart,
      query_start: firstQuery === -1 ? null : firstQuery,
      fragment_start: hash === -1 ? null : hash,
    },
    fromPackage,
  };
}

function safe(fn) {
  try {
    return fn();
  } catch (error) {
    return { error: String(error) };
  }
}

/** The RFC 3986 reading of the input, or null when this build of the package has no `explain`. */
export function explain(input, base) {
  return HAS.explain ? safe(() => weburl.explain(...args(input, base))) : null;
}

/** Public suffix, registrable domain and SURT key of a parsed URL. */
export function site(url) {
  const host = url.hostname;
  return {
    public_suffix: HAS.site && host !== "" ? safe(() => weburl.publicSuffix(host)) : null,
    registrable_domain: HAS.site && host !== "" ? safe(() => weburl.registrableDomain(host)) : null,
    surt: HAS.surt ? safe(() => weburl.surt(url.href)) : null,
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

export { weburl };
