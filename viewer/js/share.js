// The share link, in the format of jsdom's live URL viewer (whatwg-url's live-viewer):
// `#url=BASE64&base=BASE64`, each field's UTF-8 bytes in standard base64 (btoa's alphabet,
// with padding, not percent-encoded). A link made there opens here with the same fields, and
// ours opens there. UTF-8 cannot carry a lone surrogate: it becomes U+FFFD, exactly what the URL
// parser does to it (USVString), so the fields parse the same after the round trip.

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** The base64 of `text`'s UTF-8 bytes. */
export function encodeField(text) {
  let binary = "";
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The inverse of `encodeField`; throws a DOMException on text that is not base64. */
export function decodeField(encoded) {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decoder.decode(bytes);
}

/** The fragment (with its `#`) that shares `input` and `base`. */
export function shareFragment(input, base) {
  return `#url=${encodeField(input)}&base=${encodeField(base)}`;
}

/**
 * The fields a fragment shares, or null when it is not a share link. A field that does not
 * decode is null (the page keeps what it had). Browsers may percent-encode nothing of base64,
 * but a pasted link may have `%2B`-style escapes, so they are undone first.
 */
export function readFragment(fragment) {
  const pieces = /^#url=([^&]*)&base=(.*)$/su.exec(fragment);
  if (!pieces) return null;
  const field = (raw) => {
    try {
      return decodeField(decodeURIComponent(raw));
    } catch {
      return null;
    }
  };
  return { input: field(pieces[1]), base: field(pieces[2]) };
}
