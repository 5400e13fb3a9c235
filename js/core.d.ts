// Types of `weburl/core`: URL and URLSearchParams, as the WHATWG URL
// Standard defines them (https://url.spec.whatwg.org/#api).

/** The WHATWG `URL` class, backed by weburl. */
export declare class URL {
  constructor(url: string, base?: string | URL);
  /** `new URL(url, base)`, or null instead of throwing. */
  static parse(url: string, base?: string | URL): URL | null;
  static canParse(url: string, base?: string | URL): boolean;
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  /** Live: changing it changes the URL's query, and the reverse. */
  readonly searchParams: URLSearchParams;
  hash: string;
  toString(): string;
  toJSON(): string;
}

/** The WHATWG `URLSearchParams` class, backed by weburl. */
export declare class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: string | Iterable<Iterable<string>> | Record<string, string> | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/** The size in bytes of the core module's WebAssembly memory (a diagnostic). */
export declare function coreMemoryBytes(): number;
