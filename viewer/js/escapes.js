// The input "with escapes": every code point outside U+0021..U+007E written as `\u{HEX}`, so
// that spaces, controls, look-alikes and lone surrogates are visible and can be typed. A literal
// `\u` is written `\\u`. The same convention as jsdom's live viewer, so inputs copy between them.

/** `text` with its invisible or non-ASCII code points written as `\u{…}`. */
export function escapeInput(text) {
  let out = "";
  for (const ch of text.replaceAll("\\u", "\\\\u")) {
    const cp = ch.codePointAt(0);
    out += cp >= 0x21 && cp <= 0x7e ? ch : `\\u{${cp.toString(16).toUpperCase().padStart(4, "0")}}`;
  }
  return out;
}

/** The inverse of `escapeInput`. A `\u{…}` beyond U+10FFFF is left as written. */
export function unescapeInput(text) {
  return text
    .replace(/(?<!\\)\\u\{([0-9a-fA-F]{1,6})\}/gu, (whole, hex) => {
      const cp = Number.parseInt(hex, 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    })
    .replaceAll("\\\\u", "\\u");
}
