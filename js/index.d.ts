// Types of `weburl`: everything of `weburl/core`, plus URLPattern, public
// suffixes, SURT keys, validation errors, explain, links and inspect.

export { URL, URLSearchParams, coreMemoryBytes } from "./core.js";

/** The size in bytes of the full module's WebAssembly memory (a diagnostic). */
export declare function fullMemoryBytes(): number;

/** A validation error: its URL Standard name and where in the input. */
export interface ValidationError {
  /** The URL Standard's name, e.g. "invalid-URL-unit", "IPv4-non-decimal-part". */
  name: string;
  /** One line on what it means. */
  description: string;
  /** Whether this error makes the parse fail. */
  failure: boolean;
  /** Start of the span, in UTF-16 code units of the input. */
  start: number;
  /** End of the span (exclusive), in UTF-16 code units of the input. */
  end: number;
}

/**
 * The URL Standard's validation errors of parsing `input` (against
 * `base`), in the order the parser meets them. Throws a TypeError when
 * `base` does not parse.
 */
export declare function validationErrors(input: string, base?: string): ValidationError[];

/** The public suffix of a host (Public Suffix List, ICANN and private sections), or null. */
export declare function publicSuffix(host: string): string | null;

/** The registrable domain ("eTLD+1") of a host, or null. */
export declare function registrableDomain(host: string): string | null;

/**
 * The SURT key of a URL: profile "ia" (default; the Internet Archive's
 * `surt` package, CDX form) or "heritrix". Throws a TypeError when the URL
 * does not parse or the profile is unknown.
 */
export declare function surt(url: string, profile?: "ia" | "heritrix"): string;

/** A URL's parse failure. */
export interface ParseFailure {
  /** weburl's name for the failure. */
  name: string;
  /** What went wrong, in words. */
  message: string;
}

/** Components by RFC 3986 (null where absent). */
export interface RfcComponents {
  /** The components recomposed (RFC 3986 §5.3). */
  uri: string;
  scheme: string | null;
  userinfo: string | null;
  /** The host; null when there is no authority. */
  host: string | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

/** One component the two parsers read differently. */
export interface Disagreement {
  component: "acceptance" | "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";
  /** Which reading of the RFC 3986 side. */
  reading: "strict" | "lenient" | "truncated";
  whatwg: string | null;
  rfc3986: string | null;
  explanation: string;
}

/** `explain`'s report: the RFC 3986 reading and where it departs. */
export interface Explanation {
  input: string;
  base: string | null;
  /** No validation error, and RFC 3986 reads it the same way. */
  clean: boolean;
  /** The URL Standard's href, or null when it fails. */
  href: string | null;
  failure: ParseFailure | null;
  errors: ValidationError[];
  /** Whether the input is an RFC 3986 URI-reference / RFC 3987 IRI-reference. */
  isUriReference: boolean;
  isIriReference: boolean;
  /** The strict RFC 3986 reading (resolved against the base), or null. */
  rfc3986: RfcComponents | null;
  /** Why there is no strict reading. */
  rfc3986Failure: string | null;
  /** Every RFC 3986 reading made (strict; or lenient and truncated). */
  readings: { reading: "strict" | "lenient" | "truncated"; components: RfcComponents; truncatedAt?: number }[];
  disagreements: Disagreement[];
  changesHost: boolean;
  changesOrigin: boolean;
  /** One line on what the disagreements mean. */
  verdict: string;
}

/** The RFC 3986 reading of `input` next to the URL Standard's. Throws a TypeError when `base` does not parse. */
export declare function explain(input: string, base?: string): Explanation;

/** One URL of an HTML document. */
export interface Link {
  /** Element and attribute names, lowercase. */
  element: string;
  attribute: string;
  /** The attribute's value. */
  value: string;
  /** The part of it parsed as a URL. */
  reference: string;
  /** 1-based line of the attribute. */
  line: number;
  /** The resolved href, or null when it does not parse. */
  url: string | null;
  /** Why it does not parse, or null. */
  error: string | null;
}

/**
 * The URLs of an HTML document as a browser resolves them (document
 * encoding, `<base href>`). Bytes are decoded as a browser would (BOM,
 * `charset`, `<meta>`, windows-1252); a string is read as UTF-8 unless
 * `charset` says otherwise. Throws a TypeError when `baseURL` does not parse.
 */
export declare function links(html: string | Uint8Array | ArrayBuffer | ArrayBufferView, baseURL: string, charset?: string): Link[];

/** Component offsets in the href (UTF-16 = bytes: the href is ASCII). */
export interface Offsets {
  beforeScheme: number; afterScheme: number;
  beforeUsername: number; afterUsername: number;
  beforePassword: number; afterPassword: number;
  beforeHost: number; afterHost: number;
  beforePort: number; afterPort: number;
  beforePath: number; afterPath: number;
  beforeQuery: number; afterQuery: number;
  beforeFragment: number; afterFragment: number;
}

/** The spoofing policy's verdict on one punycode label. */
export interface LabelVerdict {
  label: string;
  unicode: string;
  /** Whether the display form shows it in Unicode. */
  shownAsUnicode: boolean;
  /** Why not, or null. */
  reason: string | null;
}

/** A parsed URL as `inspect` describes it. */
export interface InspectedURL {
  href: string; origin: string; protocol: string; username: string; password: string;
  host: string; hostname: string; port: string; pathname: string; search: string; hash: string;
  hostKind: "none" | "domain" | "ipv4" | "ipv6" | "opaque" | "empty";
  /** The path's segments; null for an opaque path. */
  pathSegments: string[] | null;
  opaquePath: boolean;
  offsets: Offsets;
  /** The IRI display form (https://url.spec.whatwg.org/#url-rendering-i18n). */
  display: string;
  /** The host as displayed, for a domain; null otherwise. */
  displayHost: string | null;
  labels: LabelVerdict[];
  publicSuffix: string | null;
  registrableDomain: string | null;
  /** SURT key, profile "ia". */
  surt: string;
}

export interface Inspection {
  /** The URL, or null when the input does not parse. */
  url: InspectedURL | null;
  failure: ParseFailure | null;
  errors: ValidationError[];
}

/** Everything weburl knows about `input` (against `base`). Throws a TypeError when `base` does not parse. */
export declare function inspect(input: string, base?: string): Inspection;

export interface URLPatternInit {
  protocol?: string; username?: string; password?: string; hostname?: string;
  port?: string; pathname?: string; search?: string; hash?: string; baseURL?: string;
}
export type URLPatternInput = string | URLPatternInit;
export interface URLPatternOptions { ignoreCase?: boolean }
export interface URLPatternComponentResult {
  input: string;
  groups: Record<string, string | undefined>;
}
export interface URLPatternResult {
  inputs: URLPatternInput[];
  protocol: URLPatternComponentResult; username: URLPatternComponentResult;
  password: URLPatternComponentResult; hostname: URLPatternComponentResult;
  port: URLPatternComponentResult; pathname: URLPatternComponentResult;
  search: URLPatternComponentResult; hash: URLPatternComponentResult;
}
export type URLPatternComponent = "protocol" | "username" | "password" | "hostname" | "port" | "pathname" | "search" | "hash";

/**
 * The URL Pattern Standard's `URLPattern`; regexp groups run on the host's
 * own `RegExp` with the `v` flag (`vi` with `ignoreCase`), as the standard
 * defines them; an invalid one makes the constructor throw a TypeError.
 */
export declare class URLPattern {
  constructor(input: URLPatternInput, baseURL: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  test(input?: URLPatternInput, baseURL?: string): boolean;
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly hasRegExpGroups: boolean;
  /** A component string matching with `groups` (Chromium's `generate`). */
  generate(component: URLPatternComponent, groups: Record<string, string>): string;
  static compareComponent(component: URLPatternComponent, left: URLPattern | URLPatternInit, right: URLPattern | URLPatternInit): -1 | 0 | 1;
}
