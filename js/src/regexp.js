// The host side of URLPattern's regular expressions in the full module:
// JavaScript's own RegExp, which the standard defines regexp groups by,
// kept in a table by integer handle for crates/weburl-wasm/src/full/regexp.rs
// (the imports of module "weburl_regexp").
//
// Spans go back as UTF-16 indices; the strings matched are canonicalized
// URL components, which are ASCII, so those are byte offsets too.
//
// https://urlpattern.spec.whatwg.org/#compile-a-component

const encoder = new TextEncoder();
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
// The built-in exec, taken once: a page that replaces RegExp.prototype.exec
// does not change how patterns match.
const exec = Function.prototype.call.bind(RegExp.prototype.exec);

/** `new RegExp(source, flags)`, or null where the host refuses it. */
function compiles(source, flags) {
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

// V8 11 (Node 20) repeats an empty complement class at most once in `v`
// mode: /^[^]+$/v.test("ab") is false. The segment wildcard of a
// component without a delimiter is exactly that (`[^]+?`), so on such a
// host `[^]` is written `[\s\S]`, the same set: every code point.
const emptyComplementBroken = compiles("^[^]+$", "v")?.test("ab") === false;

/** `source` with each `[^]` (not escaped) written `[\s\S]`. */
function withoutEmptyComplement(source) {
  if (!source.includes("[^]")) return source;
  let out = "";
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "\\") {
      out += source.slice(i, i + 2);
      i++;
    } else if (source.startsWith("[^]", i)) {
      out += "[\\s\\S]";
      i += 2;
    } else {
      out += source[i];
    }
  }
  return out;
}

/**
 * The imports of module "weburl_regexp"; `memory()` gives the module's
 * memory once it is instantiated.
 */
export function regexpImports(memory) {
  // Slot i: [RegExp for test, RegExp with indices for exec, or null until
  // first needed]; free slots are reused first.
  const table = [];
  const free = [];
  const bytes = (ptr, len) => new Uint8Array(memory().buffer, ptr, len);
  const text = (ptr, len) => utf8.decode(bytes(ptr, len));
  return {
    // new RegExp(source, "v" or "vi"): the handle, or -1 - n with the
    // SyntaxError's message (n bytes) written at `err`.
    regexp_new(ptr, len, ignoreCase, err, errCap) {
      const given = text(ptr, len);
      const source = emptyComplementBroken ? withoutEmptyComplement(given) : given;
      const flags = ignoreCase ? "vi" : "v";
      let re;
      try {
        re = new RegExp(source, flags);
      } catch (e) {
        // V8 repeats the expression before the reason; the
        // module's message names it already.
        const reason = String(e && e.message).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
        const { written } = encoder.encodeInto(reason, bytes(err, errCap));
        return -1 - written;
      }
      const slot = [re, null];
      if (free.length > 0) {
        const handle = free.pop();
        table[handle] = slot;
        return handle;
      }
      table.push(slot);
      return table.length - 1;
    },
    regexp_test(handle, ptr, len) {
      try {
        return exec(table[handle][0], text(ptr, len)) === null ? 0 : 1;
      } catch {
        // Only the host running out of stack on a backtracking pattern
        // throws here; it must not unwind through the module.
        return 0;
      }
    },
    // re.exec with the "d" flag (hasIndices, which changes nothing else):
    // each group's [start, end] or -1, -1, as i32s at `spans`.
    regexp_exec(handle, ptr, len, spans, groups) {
      const slot = table[handle];
      if (slot[1] === null) slot[1] = new RegExp(slot[0].source, `d${slot[0].flags}`);
      let match;
      try {
        match = exec(slot[1], text(ptr, len));
      } catch {
        return 0;
      }
      if (match === null) return 0;
      const out = new Int32Array(memory().buffer, spans, 2 * groups);
      const indices = match.indices;
      for (let i = 0; i < groups; i++) {
        const span = indices[i + 1];
        out[2 * i] = span === undefined ? -1 : span[0];
        out[2 * i + 1] = span === undefined ? -1 : span[1];
      }
      return 1;
    },
    regexp_free(handle) {
      if (table[handle] !== undefined && table[handle] !== null) {
        table[handle] = null;
        free.push(handle);
      }
    },
  };
}
