// The host's kind, the path as segments (or an opaque path), and the serialization cut at its
// component offsets (the package's `inspect`), drawn as a row of labelled boxes with the
// delimiters between them.

import { h, fill } from "./dom.js";

const KIND_TEXT = {
  domain: "domain",
  ipv4: "IPv4 address",
  ipv6: "IPv6 address",
  opaque: "opaque host",
  empty: "empty host",
  none: "no host (null)",
};

/** `inspected` is `inspect().url`: { hostKind, pathSegments, opaquePath, offsets, … }. */
export function showStructure(kindEl, pathEl, diagramEl, href, inspected) {
  const kind = String(inspected.hostKind);
  kindEl.textContent = KIND_TEXT[kind.toLowerCase()] ?? kind;
  const segments = inspected.pathSegments;
  if (!Array.isArray(segments)) {
    fill(pathEl, "opaque path: ", h("code", { class: "value" }, inspected.pathname ?? ""));
  } else {
    fill(
      pathEl,
      `${segments.length} segment${segments.length === 1 ? "" : "s"}`,
      h("ol", { class: "segments" }, segments.map((s) => h("li", null, h("code", { class: "value" }, s)))),
    );
  }
  fill(diagramEl, diagram(href, inspected.offsets));
}

/** The components between the offsets, in order: [label, css kind, start, end]. */
function components(o) {
  return [
    ["scheme", "scheme", o.beforeScheme, o.afterScheme],
    ["username", "auth", o.beforeUsername, o.afterUsername],
    ["password", "auth", o.beforePassword, o.afterPassword],
    ["host", "host", o.beforeHost, o.afterHost],
    ["port", "port", o.beforePort, o.afterPort],
    ["path", "path", o.beforePath, o.afterPath],
    ["query", "query", o.beforeQuery, o.afterQuery],
    ["fragment", "fragment", o.beforeFragment, o.afterFragment],
  ];
}

/**
 * Boxes for the components (empty ones left out, but for the path, which every URL has) and the
 * delimiters between them, each component labelled with its name and range in the href.
 */
function diagram(href, offsets) {
  if (!offsets) return h("p", { class: "none" }, "No offsets in this build of the package.");
  const parts = [];
  let at = 0;
  for (const [name, kind, start, end] of components(offsets)) {
    if (end === start && name !== "path") continue;
    if (start > at) parts.push(h("span", { class: "seg seg-delim", "aria-hidden": "true" }, h("span", { class: "seg-text" }, href.slice(at, start)), h("span", { class: "seg-label" }, "\u00a0")));
    parts.push(
      h(
        "span",
        { class: `seg seg-${kind}` },
        h("span", { class: "seg-text" }, href.slice(start, end)),
        h("span", { class: "seg-label" }, `${name} ${start}–${end}`),
      ),
    );
    at = end;
  }
  if (at < href.length) parts.push(h("span", { class: "seg seg-delim" }, h("span", { class: "seg-text" }, href.slice(at)), h("span", { class: "seg-label" }, "\u00a0")));
  return parts;
}
