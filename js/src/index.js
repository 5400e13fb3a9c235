// The main entry point, `weburl`: URL and URLSearchParams from the core
// module, and on the full module the rest: URLPattern, public suffixes and
// registrable domains, SURT keys, validation errors, the RFC 3986 reading
// (`explain`), the links of an HTML document, and `inspect`.

import { load, str, usv, NULL, TYPE_ERROR } from "./boundary.js";
import { URL, URLSearchParams, coreMemoryBytes } from "./core.js";
import { regexpImports } from "./regexp.js";

export { URL, URLSearchParams, coreMemoryBytes };

// URLPattern's regexp groups run on JavaScript's RegExp (./regexp.js).
const wasm = await load("full", { weburl_regexp: regexpImports(() => wasm.memory) });
const x = wasm.x;

/** The size in bytes of the full module's memory (a diagnostic, as coreMemoryBytes). */
export function fullMemoryBytes() {
  return wasm.memoryBytes();
}

/** A call's JSON result, or its TypeError thrown. */
function jsonResult(status) {
  if (status === TYPE_ERROR) throw wasm.typeError();
  return status === NULL ? null : wasm.json(status);
}

function optionalUsv(value) {
  return value === undefined || value === null ? null : usv(value);
}

function requireArgs(count, needed, what) {
  if (count < needed) throw new TypeError(`${what}: ${needed} argument${needed > 1 ? "s" : ""} required, but only ${count} present.`);
}

// A lone surrogate: a code point that is not a URL code point.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Whether `s` has a lone surrogate (runtimes without isWellFormed: taken as not). */
const hasLoneSurrogate = (s) => s.isWellFormed !== undefined && !s.isWellFormed();

/**
 * The URL Standard's validation errors of parsing `input` (against
 * `base`): `[{ name, description, failure, start, end }]`, spans in UTF-16
 * code units of `input`. Throws a TypeError when `base` does not parse.
 *
 * A lone surrogate in `input` is an invalid-URL-unit where the parser
 * checks for URL code points (url.bs: the URL code points exclude
 * surrogates), as whatwg-url reports it; the URL parsed is the one of the
 * scalar value string, the surrogate as U+FFFD (WebIDL's USVString). The
 * module reads U+FFFF in its place: like a surrogate, not a URL code point,
 * disallowed in a domain, and one UTF-16 code unit long.
 *
 * https://url.spec.whatwg.org/#validation-error
 */
export function validationErrors(input, base = undefined) {
  requireArgs(arguments.length, 1, "validationErrors");
  let s = str(input);
  if (hasLoneSurrogate(s)) s = s.replace(LONE_SURROGATE, "\uffff");
  wasm.putArgs([s, optionalUsv(base)]);
  return jsonResult(x.weburl_validation_errors());
}

function site(host, which) {
  const h = usv(host);
  wasm.reserve(h.length * 3 + 16);
  const len = wasm.put(h, 0);
  const status = x.weburl_site(len, which);
  return status === NULL ? null : wasm.ascii(status);
}

/**
 * The public suffix of a host (the Public Suffix List's, ICANN and private
 * sections), or null for IP addresses, strings that are not a host, and
 * domains with an empty label.
 *
 * https://url.spec.whatwg.org/#host-public-suffix
 */
export function publicSuffix(host) {
  requireArgs(arguments.length, 1, "publicSuffix");
  return site(host, 0);
}

/**
 * The registrable domain of a host, or null where there is none.
 *
 * https://url.spec.whatwg.org/#host-registrable-domain
 */
export function registrableDomain(host) {
  requireArgs(arguments.length, 1, "registrableDomain");
  return site(host, 1);
}

/**
 * The SURT key of a URL by `profile` ("ia", the default: the Internet
 * Archive's `surt` package; or "heritrix"). Throws a TypeError when the
 * URL does not parse or the profile is unknown.
 */
export function surt(url, profile = undefined) {
  requireArgs(arguments.length, 1, "surt");
  wasm.putArgs([usv(url), optionalUsv(profile)]);
  const status = x.weburl_surt();
  if (status === TYPE_ERROR) throw wasm.typeError();
  return wasm.ascii(status);
}

/**
 * The RFC 3986 reading of `input` next to the URL Standard's and where
 * they depart (weburl-rfc3986's lens, what `weburl lint` reports).
 */
export function explain(input, base = undefined) {
  requireArgs(arguments.length, 1, "explain");
  wasm.putArgs([usv(input), optionalUsv(base)]);
  return jsonResult(x.weburl_explain());
}

/**
 * The URLs of an HTML document as a browser resolves them. `html` is the
 * document's bytes (Uint8Array or ArrayBuffer; its encoding found as a
 * browser finds it) or its text (a string, read as UTF-8 unless `charset`
 * says otherwise).
 */
export function links(html, baseURL, charset = undefined) {
  requireArgs(arguments.length, 2, "links");
  let bytes;
  let transport = optionalUsv(charset);
  if (html instanceof Uint8Array) {
    bytes = html;
  } else if (html instanceof ArrayBuffer) {
    bytes = new Uint8Array(html);
  } else if (ArrayBuffer.isView(html)) {
    bytes = new Uint8Array(html.buffer, html.byteOffset, html.byteLength);
  } else {
    bytes = new TextEncoder().encode(usv(html));
    if (transport === null) transport = "utf-8";
  }
  wasm.putArgs([bytes, usv(baseURL), transport]);
  return jsonResult(x.weburl_links());
}

/**
 * Everything weburl knows about `input` (against `base`): the URL's
 * components, host kind, path segments, component offsets, display form
 * with the spoofing verdict per label, site; or the failure; and the
 * validation errors, those of `validationErrors` (lone surrogates too).
 * Throws a TypeError when `base` does not parse.
 */
export function inspect(input, base = undefined) {
  requireArgs(arguments.length, 1, "inspect");
  const s = str(input);
  wasm.putArgs([usv(s), optionalUsv(base)]);
  const result = jsonResult(x.weburl_inspect());
  // The module read lone surrogates as U+FFFD; validationErrors reports them.
  if (hasLoneSurrogate(s)) result.errors = validationErrors(s, base);
  return result;
}

// ----- URLPattern -----

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

/** Frees a pattern's WebAssembly side when its object is collected. */
const patterns = new FinalizationRegistry((handle) => x.weburl_pattern_free(handle));

/** Writes a URLPattern input: [kind, stringOrDictArgs]. */
function putPatternInput(input, baseURL) {
  if (input !== null && typeof input === "object") {
    const args = COMPONENTS.map((c) => (input[c] === undefined ? null : usv(input[c])));
    args.push(input.baseURL === undefined ? null : usv(input.baseURL));
    if (baseURL !== undefined) {
      throw new TypeError("URLPattern: a base URL cannot be given with a dictionary input");
    }
    wasm.putArgs(args);
    return 1;
  }
  wasm.putArgs([usv(input), baseURL === undefined ? null : usv(baseURL)]);
  return 0;
}

/** https://urlpattern.spec.whatwg.org/#urlpattern-class */
export class URLPattern {
  #handle;
  #strings;

  constructor(input = undefined, baseURL = undefined, options = undefined) {
    // (input, options) without a base: the second argument is the options.
    if (baseURL !== null && typeof baseURL === "object" && options === undefined) {
      options = baseURL;
      baseURL = undefined;
    }
    if (input === undefined || input === null) input = {};
    const ignoreCase = options != null && Boolean(options.ignoreCase);
    const kind = putPatternInput(input, baseURL);
    const status = x.weburl_pattern_new(kind, ignoreCase ? 1 : 0);
    if (status === TYPE_ERROR) throw wasm.typeError();
    wasm.sync();
    this.#handle = wasm.meta[1];
    this.#strings = wasm.json(status);
    patterns.register(this, this.#handle);
  }

  #match(input, baseURL, groups) {
    if (input === undefined) input = {};
    const kind = putPatternInput(input, baseURL);
    const status = x.weburl_pattern_exec(this.#handle, kind, groups);
    if (status === TYPE_ERROR) throw wasm.typeError();
    return status;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-test */
  test(input = undefined, baseURL = undefined) {
    if (typeof input === "string" || (input !== undefined && (input === null || typeof input !== "object"))) {
      // A string goes in as it is: encoding it writes a lone surrogate as
      // U+FFFD, which is all that usv() would do to it.
      const string = typeof input === "string" ? input : usv(input);
      const len = wasm.putInputAndBase(string, baseURL === undefined ? undefined : usv(baseURL));
      return x.weburl_pattern_test_str(this.#handle, len, wasm.baseLen) === 1;
    }
    return this.#match(input, baseURL, 0) === 1;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec */
  exec(input = undefined, baseURL = undefined) {
    const inputs = baseURL === undefined ? [input === undefined ? {} : input] : [input, baseURL];
    const status = this.#match(input, baseURL, 1);
    if (status === NULL) return null;
    const result = wasm.json(status);
    result.inputs = inputs;
    for (const c of COMPONENTS) {
      const groups = result[c].groups;
      // A group that did not participate is undefined, as in JavaScript's
      // RegExp results.
      for (const k of Object.keys(groups)) if (groups[k] === null) groups[k] = undefined;
    }
    return { inputs, ...Object.fromEntries(COMPONENTS.map((c) => [c, result[c]])) };
  }

  get protocol() {
    return this.#strings.protocol;
  }
  get username() {
    return this.#strings.username;
  }
  get password() {
    return this.#strings.password;
  }
  get hostname() {
    return this.#strings.hostname;
  }
  get port() {
    return this.#strings.port;
  }
  get pathname() {
    return this.#strings.pathname;
  }
  get search() {
    return this.#strings.search;
  }
  get hash() {
    return this.#strings.hash;
  }
  get hasRegExpGroups() {
    return this.#strings.hasRegExpGroups;
  }

  /**
   * The string `component` of a URL this pattern matches with `groups`
   * (Chromium's `URLPattern.prototype.generate`). Throws a TypeError when
   * the component is unknown or the groups do not fit.
   */
  generate(component, groups) {
    const args = [usv(component)];
    for (const [k, v] of Object.entries(groups ?? {})) args.push(usv(k), usv(v));
    wasm.putArgs(args);
    const status = x.weburl_pattern_generate(this.#handle, args.length);
    if (status === TYPE_ERROR) throw wasm.typeError();
    return wasm.text(status);
  }

  /**
   * Orders two patterns by how specific `component` is in each: -1, 0 or 1.
   */
  static compareComponent(component, left, right) {
    const c = usv(component);
    const l = left instanceof URLPattern ? left : new URLPattern(left);
    const r = right instanceof URLPattern ? right : new URLPattern(right);
    wasm.reserve(c.length * 3 + 16);
    const len = wasm.put(c, 0);
    const status = x.weburl_pattern_compare(len, l.#handle, r.#handle);
    if (status === TYPE_ERROR) throw wasm.typeError();
    return status;
  }

  get [Symbol.toStringTag]() {
    return "URLPattern";
  }
}
