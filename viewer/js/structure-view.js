// The host's kind, the path as segments (or an opaque path), and the serialization cut at its
// component offsets, drawn as a row of labelled boxes.

import { h, fill } from "./dom.js";

const KIND_TEXT = {
  domain: "domain",
  IPv4: "IPv4 address",
  IPv6: "IPv6 address",
  opaque: "opaque host",
  empty: "empty host",
  none: "no host (null)",
};

export function showStructure(kindEl, pathEl, diagramEl, url, info) {
  kindEl.textContent = KIND_TEXT[info.hostKind] ?? info.hostKind;
  if (info.segments === null) {
    fill(pathEl, "opaque path: ", h("code", { class: "value" }, info.opaquePath));
  } else {
    fill(
      pathEl,
      `${info.segments.length} segment${info.segments.length === 1 ? "" : "s"}`,
      h("ol", { class: "segments" }, info.segments.map((s) => h("li", null, h("code", { class: "value" }, s)))),
    );
  }
  fill(diagramEl, diagram(url.href, info.offsets));
}

/** Boxes for the parts of `href` between the offsets, each labelled with its name and range. */
function diagram(href, o) {
  const ends = [o.query_start, o.fragment_start, href.length].filter((x) => x !== null);
  const pathEnd = Math.min(...ends.filter((x) => x >= o.path_start));
  const parts = [["scheme", "scheme", 0, o.scheme_end]];
  if (o.host_start !== null) {
    const userinfoEnd = o.host_start; // "//" and "user:pass@" when present
    parts.push([userinfoEnd > o.scheme_end + 2 ? "// userinfo @" : "//", "auth", o.scheme_end, userinfoEnd]);
    parts.push(["host", "host", o.host_start, o.host_end]);
    if (o.path_start > o.host_end) parts.push(["port", "port", o.host_end, o.path_start]);
  } else if (o.path_start > o.scheme_end) {
    parts.push(["\"/.\" so the path's \"//\" is no host", "auth", o.scheme_end, o.path_start]);
  }
  parts.push(["path", "path", o.path_start, pathEnd]);
  if (o.query_start !== null) parts.push(["query", "query", o.query_start, o.fragment_start ?? href.length]);
  if (o.fragment_start !== null) parts.push(["fragment", "fragment", o.fragment_start, href.length]);
  return parts.map(([name, kind, start, end]) =>
    h(
      "span",
      { class: `seg seg-${kind}` },
      h("span", { class: "seg-text" }, href.slice(start, end)),
      h("span", { class: "seg-label" }, `${name} ${start}–${end}`),
    ),
  );
}
