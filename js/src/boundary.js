// The boundary with a weburl WebAssembly module (crates/weburl-wasm/src/abi.rs):
// arguments go in as UTF-8 in one input buffer, results come back in one
// output buffer, whose address is in the META words.

/** A status: null, or a URL that does not parse. */
export const NULL = -1;
/** A status: the call failed, the output holds the TypeError's message. */
export const TYPE_ERROR = -2;

const encoder = new TextEncoder();
// ignoreBOM: a leading U+FEFF is text here, not a byte order mark.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const latin1 = new TextDecoder("latin1");
/** Node's Buffer, when it has the Latin-1 slice used for hrefs. */
const NodeBuffer = typeof globalThis.Buffer === "function" && typeof globalThis.Buffer.prototype.latin1Slice === "function" ? globalThis.Buffer : undefined;

/** The bytes of `wasm/<name>.wasm` next to this package's `src/`. */
async function moduleBytes(name) {
  const url = new URL(`../wasm/${name}.wasm`, import.meta.url);
  if (url.protocol === "file:") {
    // Node, Deno, Bun: read the file (a variable specifier, which bundlers leave alone).
    const fsName = "node:fs/promises";
    const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName);
    return fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`weburl: cannot load ${url}: ${response.status}`);
  return response.arrayBuffer();
}

/** Loads module `name` ("core" or "full") with `imports` and wraps its exports. */
export async function load(name, imports = {}) {
  const { instance } = await WebAssembly.instantiate(await moduleBytes(name), imports);
  return new Boundary(instance.exports);
}

export class Boundary {
  constructor(exports) {
    /** The module's exports, called by name. */
    this.x = exports;
    this.memory = exports.memory;
    this.metaAddress = exports.weburl_meta_ptr();
    this.inputAddress = exports.weburl_input_reserve(4096);
    this.inputCapacity = 4096;
    this.baseLen = -1;
    this.refresh();
  }

  /** New views after the memory grew (the old ones are detached). */
  refresh() {
    this.buffer = this.memory.buffer;
    this.u8 = new Uint8Array(this.buffer);
    // The input's own view: no subarray (as costly as encoding a short URL) per call.
    this.input = new Uint8Array(this.buffer, this.inputAddress, this.inputCapacity);
    // Node's Buffer decodes Latin-1 without TextDecoder's per-call cost.
    this.nodeBuffer = NodeBuffer === undefined ? null : NodeBuffer.from(this.buffer);
    this.meta = new Uint32Array(this.buffer, this.metaAddress, 32);
  }

  /** The size of the module's linear memory, in bytes. */
  memoryBytes() {
    return this.memory.buffer.byteLength;
  }

  /** Makes the views current after an export that may allocate (a grown memory empties them). */
  sync() {
    if (this.u8.byteLength === 0) this.refresh();
  }

  /** Makes room for `len` input bytes. */
  reserve(len) {
    if (len > this.inputCapacity) {
      this.inputAddress = this.x.weburl_input_reserve(len);
      this.inputCapacity = len;
      this.refresh();
    } else {
      this.sync();
    }
  }

  /** Writes `s` as UTF-8 at input offset `at` (room reserved): lone surrogates as U+FFFD. */
  put(s, at) {
    return encoder.encodeInto(s, at === 0 ? this.input : this.input.subarray(at)).written;
  }

  /** Writes `input` and `base` (-1 in `baseLen` for none) without an array; returns the input's length. */
  putInputAndBase(input, base) {
    this.reserve((input.length + (base === undefined ? 0 : base.length)) * 3 + 16);
    const len = this.put(input, 0);
    this.baseLen = base === undefined ? -1 : this.put(base, len);
    return len;
  }

  /** Writes strings (null for none; a Uint8Array as its bytes) as `with_args` reads them. */
  putArgs(args) {
    let room = args.length * 4;
    for (const a of args) if (a != null) room += typeof a === "string" ? a.length * 3 : a.length;
    this.reserve(room + 16);
    const view = new DataView(this.buffer, this.inputAddress, this.inputCapacity);
    let at = args.length * 4;
    for (let k = 0; k < args.length; k++) {
      const a = args[k];
      let len;
      if (a == null) {
        len = 0xffffffff;
      } else if (typeof a === "string") {
        len = this.put(a, at);
      } else {
        this.u8.set(a, this.inputAddress + at);
        len = a.length;
      }
      view.setUint32(k * 4, len, true);
      if (a != null) at += len;
    }
  }

  /** The output's `len` bytes, ASCII (an href, an origin). */
  ascii(len) {
    this.sync();
    const start = this.meta[0];
    if (this.nodeBuffer !== null) return this.nodeBuffer.latin1Slice(start, start + len);
    if (len < 128) {
      return String.fromCharCode.apply(null, this.u8.subarray(start, start + len));
    }
    return latin1.decode(this.u8.subarray(start, start + len));
  }

  /** The output's `len` bytes as UTF-8. */
  text(len) {
    this.sync();
    const start = this.meta[0];
    return utf8.decode(this.u8.subarray(start, start + len));
  }

  /** The output as JSON. */
  json(len) {
    return JSON.parse(this.text(len));
  }

  /** The output (`len` bytes) as the list of strings `out_strings` writes. */
  strings(len) {
    this.sync();
    const start = this.meta[0];
    const view = new DataView(this.buffer, start);
    const count = view.getUint32(0, true);
    const head = 4 + count * 4;
    const lens = new Array(count);
    for (let i = 0; i < count; i++) {
      lens[i] = view.getUint32(4 + i * 4, true);
    }
    const text = utf8.decode(this.u8.subarray(start + head, start + len));
    const out = new Array(count);
    let at = 0;
    for (let i = 0; i < count; i++) {
      out[i] = text.slice(at, at + lens[i]);
      at += lens[i];
    }
    return out;
  }

  /** The TypeError of a `TYPE_ERROR` status, its message from the output. */
  typeError() {
    this.sync();
    return new TypeError(this.text(this.meta[31]));
  }
}

/** ToString (a Symbol throws): USVString for what only goes into the module (encodeInto makes lone surrogates U+FFFD). */
export function str(value) {
  return typeof value === "string" ? value : `${value}`;
}

/** WebIDL's USVString: ToString (a Symbol throws), lone surrogates to U+FFFD. */
export function usv(value) {
  const s = typeof value === "string" ? value : `${value}`;
  return s.isWellFormed === undefined || s.isWellFormed() ? s : s.toWellFormed();
}
