// `weburl/core`: URL and URLSearchParams on the core WebAssembly module. A URL
// keeps its href and its components' offsets: getters slice the href, and a
// dropped URL holds no WebAssembly memory. https://url.spec.whatwg.org/#api

import { load, str, usv, NULL, TYPE_ERROR } from "./boundary.js";

const wasm = await load("core");
const x = wasm.x;

// META word indices (crates/weburl-wasm/src/abi.rs).
const FLAGS = 1;
const OFFSETS = 2;

/** The core module's memory in bytes: a diagnostic (dropped objects leave nothing). */
export function coreMemoryBytes() {
  return wasm.memoryBytes();
}

/** The setters by number (url.rs `set`). */
const SETTERS = { href: 0, protocol: 1, username: 2, password: 3, host: 4, hostname: 5, port: 6, pathname: 7, search: 8, hash: 9 };

/** The href a call left: `input` itself when the module says so, else the output. */
function hrefOf(status, input) {
  return (wasm.meta[FLAGS] & 1) === 1 ? input : wasm.ascii(status);
}

/** The 14 offsets after a call (url.rs `POSITIONS`). */
function offsets() {
  const m = wasm.meta;
  return [m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15]];
}

function requireArgs(count, needed, what) {
  if (count < needed) {
    throw new TypeError(`${what}: ${needed} argument${needed > 1 ? "s" : ""} required, but only ${count} present.`);
  }
}

/** Parses; `null` when `input` (against `base`) is not a URL. */
function parse(input, base) {
  const len = wasm.putInputAndBase(input, base);
  const status = x.weburl_url_parse(len, wasm.baseLen);
  if (status === NULL) return null;
  wasm.sync();
  return [hrefOf(status, input), offsets()];
}

/** The constructor's first argument from URL.parse (never a user's: a Symbol). */
const fromParse = Symbol("URL.parse");

let newParamsForUrl; // (url, query) => URLSearchParams, set by URLSearchParams
let paramsReplaceList; // (params, query) => void
let paramsPairs; // (params) => flat [name, value, ...]
let applyParams; // (url, flat pairs) => void: the URLSearchParams update steps

/** https://url.spec.whatwg.org/#url-class */
export class URL {
  #href;
  #o;
  #params = null;

  constructor(url, base = undefined) {
    requireArgs(arguments.length, 1, "Failed to construct 'URL'");
    if (url === fromParse) {
      // URL.parse's result, already parsed: `base` is [href, offsets].
      this.#href = base[0];
      this.#o = base[1];
      return;
    }
    // The href is the input itself only when the input is ASCII (an href
    // always is), so the input need not be made well-formed here: the
    // module reads it with lone surrogates as U+FFFD.
    const input = str(url);
    // parse(), inline: the common path allocates no array for the result.
    const len = wasm.putInputAndBase(input, base === undefined ? undefined : str(base));
    const status = x.weburl_url_parse(len, wasm.baseLen);
    if (status === NULL) throw new TypeError(`Invalid URL: ${JSON.stringify(input)}`);
    wasm.sync();
    this.#href = hrefOf(status, input);
    this.#o = offsets();
  }

  /** https://url.spec.whatwg.org/#dom-url-parse */
  static parse(url, base = undefined) {
    requireArgs(arguments.length, 1, "Failed to execute 'parse' on 'URL'");
    const parsed = parse(str(url), base === undefined ? undefined : str(base));
    return parsed === null ? null : new URL(fromParse, parsed);
  }

  /** https://url.spec.whatwg.org/#dom-url-canparse */
  static canParse(url, base = undefined) {
    requireArgs(arguments.length, 1, "Failed to execute 'canParse' on 'URL'");
    const len = wasm.putInputAndBase(str(url), base === undefined ? undefined : str(base));
    return x.weburl_url_can_parse(len, wasm.baseLen) === 1;
  }

  #slice(start, end) {
    return this.#href.slice(start, end);
  }

  #set(which, value) {
    wasm.putArgs([this.#href, str(value)]);
    const status = x.weburl_url_set(which);
    if (status === TYPE_ERROR) throw wasm.typeError();
    wasm.sync();
    this.#href = hrefOf(status, null);
    this.#o = offsets();
  }

  /** The query object's list follows the query (href and search setters). */
  #queryChanged() {
    if (this.#params !== null) paramsReplaceList(this.#params, this.#query());
  }

  #query() {
    const o = this.#o;
    return this.#href.slice(o[11], o[12]);
  }

  get href() {
    return this.#href;
  }
  set href(value) {
    this.#set(SETTERS.href, value);
    this.#queryChanged();
  }

  get origin() {
    const href = this.#href;
    wasm.reserve(href.length + 16);
    const len = wasm.put(href, 0);
    const status = x.weburl_url_origin(len);
    return status < 0 ? "null" : wasm.ascii(status);
  }

  get protocol() {
    return this.#slice(0, this.#o[0] + 1);
  }
  set protocol(value) {
    this.#set(SETTERS.protocol, value);
  }

  get username() {
    return this.#slice(this.#o[1], this.#o[2]);
  }
  set username(value) {
    this.#set(SETTERS.username, value);
  }

  get password() {
    return this.#slice(this.#o[3], this.#o[4]);
  }
  set password(value) {
    this.#set(SETTERS.password, value);
  }

  get host() {
    return this.#slice(this.#o[5], this.#o[8]);
  }
  set host(value) {
    this.#set(SETTERS.host, value);
  }

  get hostname() {
    return this.#slice(this.#o[5], this.#o[6]);
  }
  set hostname(value) {
    this.#set(SETTERS.hostname, value);
  }

  get port() {
    return this.#slice(this.#o[7], this.#o[8]);
  }
  set port(value) {
    this.#set(SETTERS.port, value);
  }

  get pathname() {
    return this.#slice(this.#o[9], this.#o[10]);
  }
  set pathname(value) {
    this.#set(SETTERS.pathname, value);
  }

  get search() {
    const o = this.#o;
    // "?" and the query, or "" when the query is null or empty.
    return o[12] > o[11] ? this.#slice(o[11] - 1, o[12]) : "";
  }
  set search(value) {
    this.#set(SETTERS.search, value);
    this.#queryChanged();
  }

  get searchParams() {
    if (this.#params === null) this.#params = newParamsForUrl(this, this.#query());
    return this.#params;
  }

  get hash() {
    const o = this.#o;
    return this.#href.length > o[13] ? this.#slice(o[13] - 1) : "";
  }
  set hash(value) {
    this.#set(SETTERS.hash, value);
  }

  toString() {
    return this.#href;
  }

  toJSON() {
    return this.#href;
  }

  get [Symbol.toStringTag]() {
    return "URL";
  }

  static {
    applyParams = (url, pairs) => {
      wasm.putArgs([url.#href, ...pairs]);
      const status = x.weburl_url_set_params(pairs.length + 1);
      if (status === TYPE_ERROR) throw wasm.typeError();
      wasm.sync();
      url.#href = hrefOf(status, null);
      url.#o = offsets();
    };
  }
}

for (const name of ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "searchParams", "hash", "toString", "toJSON"]) {
  const d = Object.getOwnPropertyDescriptor(URL.prototype, name);
  d.enumerable = true;
  Object.defineProperty(URL.prototype, name, d);
}

/** https://url.spec.whatwg.org/#interface-urlsearchparams */
export class URLSearchParams {
  /** Names and values alternating: [name0, value0, name1, value1, ...]. */
  #list = [];
  /** The URL whose query this is, or null. */
  #url = null;

  constructor(init = "") {
    if (init !== null && (typeof init === "object" || typeof init === "function")) {
      const iterator = init[Symbol.iterator];
      if (iterator !== undefined) {
        if (typeof iterator !== "function") throw new TypeError("URLSearchParams: init is not iterable");
        for (const pair of init) {
          if (pair === null || (typeof pair !== "object" && typeof pair !== "function") || typeof pair[Symbol.iterator] !== "function") {
            throw new TypeError("URLSearchParams: each pair must be an iterable of two strings");
          }
          const p = [...pair];
          if (p.length !== 2) throw new TypeError("URLSearchParams: each pair must have exactly two strings");
          this.#list.push(usv(p[0]), usv(p[1]));
        }
      } else {
        // record<USVString, USVString>: own enumerable keys, later values
        // for the same key replacing earlier ones in place.
        const seen = new Map();
        for (const key of Reflect.ownKeys(init)) {
          const desc = Reflect.getOwnPropertyDescriptor(init, key);
          if (desc === undefined || !desc.enumerable) continue;
          const name = usv(key);
          const value = usv(init[key]);
          if (seen.has(name)) {
            this.#list[seen.get(name) + 1] = value;
          } else {
            seen.set(name, this.#list.length);
            this.#list.push(name, value);
          }
        }
      }
    } else {
      this.#list = parseForm(usv(init), 1);
    }
  }

  #update() {
    if (this.#url !== null) applyParams(this.#url, this.#list);
  }

  get size() {
    return this.#list.length / 2;
  }

  append(name, value) {
    requireArgs(arguments.length, 2, "Failed to execute 'append' on 'URLSearchParams'");
    this.#list.push(usv(name), usv(value));
    this.#update();
  }

  delete(name, value = undefined) {
    requireArgs(arguments.length, 1, "Failed to execute 'delete' on 'URLSearchParams'");
    const n = usv(name);
    const v = value === undefined ? undefined : usv(value);
    const list = this.#list;
    const kept = [];
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === n && (v === undefined || list[i + 1] === v)) continue;
      kept.push(list[i], list[i + 1]);
    }
    this.#list = kept;
    this.#update();
  }

  get(name) {
    requireArgs(arguments.length, 1, "Failed to execute 'get' on 'URLSearchParams'");
    const n = usv(name);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === n) return list[i + 1];
    return null;
  }

  getAll(name) {
    requireArgs(arguments.length, 1, "Failed to execute 'getAll' on 'URLSearchParams'");
    const n = usv(name);
    const list = this.#list;
    const out = [];
    for (let i = 0; i < list.length; i += 2) if (list[i] === n) out.push(list[i + 1]);
    return out;
  }

  has(name, value = undefined) {
    requireArgs(arguments.length, 1, "Failed to execute 'has' on 'URLSearchParams'");
    const n = usv(name);
    const v = value === undefined ? undefined : usv(value);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === n && (v === undefined || list[i + 1] === v)) return true;
    }
    return false;
  }

  set(name, value) {
    requireArgs(arguments.length, 2, "Failed to execute 'set' on 'URLSearchParams'");
    const n = usv(name);
    const v = usv(value);
    const list = this.#list;
    const out = [];
    let found = false;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] !== n) {
        out.push(list[i], list[i + 1]);
      } else if (!found) {
        out.push(n, v);
        found = true;
      }
    }
    if (!found) out.push(n, v);
    this.#list = out;
    this.#update();
  }

  /** Sorted by weburl (stable, by UTF-16 code units of the names). */
  sort() {
    if (this.#list.length > 2) {
      wasm.putArgs(this.#list);
      this.#list = wasm.strings(x.weburl_params_sort(this.#list.length));
    }
    this.#update();
  }

  toString() {
    if (this.#list.length === 0) return "";
    wasm.putArgs(this.#list);
    return wasm.ascii(x.weburl_params_serialize(this.#list.length));
  }

  forEach(callback, thisArg = undefined) {
    requireArgs(arguments.length, 1, "Failed to execute 'forEach' on 'URLSearchParams'");
    if (typeof callback !== "function") throw new TypeError("URLSearchParams.forEach: callback is not a function");
    for (let i = 0; i < this.#list.length; i += 2) {
      callback.call(thisArg, this.#list[i + 1], this.#list[i], this);
    }
  }

  keys() {
    return makeIterator(this, 0);
  }

  values() {
    return makeIterator(this, 1);
  }

  entries() {
    return makeIterator(this, 2);
  }

  [Symbol.iterator]() {
    return makeIterator(this, 2);
  }

  get [Symbol.toStringTag]() {
    return "URLSearchParams";
  }

  static {
    newParamsForUrl = (url, query) => {
      const p = new URLSearchParams();
      p.#list = parseForm(query, 0);
      p.#url = url;
      return p;
    };
    paramsReplaceList = (params, query) => {
      params.#list = parseForm(query, 0);
    };
    paramsPairs = (params) => params.#list;
  }
}

for (const name of ["size", "append", "delete", "get", "getAll", "has", "set", "sort", "toString", "forEach", "keys", "values", "entries"]) {
  const d = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, name);
  d.enumerable = true;
  Object.defineProperty(URLSearchParams.prototype, name, d);
}

/** application/x-www-form-urlencoded parsing by weburl: flat pairs. */
function parseForm(text, stripQuestionMark) {
  if (text.length === 0) return [];
  wasm.reserve(text.length * 3 + 16);
  const len = wasm.put(text, 0);
  return wasm.strings(x.weburl_params_parse(len, stripQuestionMark));
}

/** https://webidl.spec.whatwg.org/#es-default-iterator-prototype-object */
const IteratorPrototype = Object.create(
  Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
  {
    next: {
      value: function next() {
        const state = iterators.get(this);
        if (state === undefined) throw new TypeError("next called on an object that is not a URLSearchParams iterator");
        const list = paramsPairs(state.params);
        if (state.index * 2 >= list.length) return { value: undefined, done: true };
        const i = state.index++ * 2;
        const value = state.kind === 0 ? list[i] : state.kind === 1 ? list[i + 1] : [list[i], list[i + 1]];
        return { value, done: false };
      },
      writable: true,
      enumerable: true,
      configurable: true,
    },
    [Symbol.toStringTag]: { value: "URLSearchParams Iterator", configurable: true },
  },
);

const iterators = new WeakMap();

function makeIterator(params, kind) {
  const it = Object.create(IteratorPrototype);
  iterators.set(it, { params, kind, index: 0 });
  return it;
}
