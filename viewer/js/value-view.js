// A readable rendering of a plain value the package returns (objects, arrays, strings), for
// results whose shape is the package's to choose (the RFC 3986 reading, the IRI display).

import { h } from "./dom.js";

/** Render `value` as nested definition lists, lists and code. */
export function renderValue(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "none" }, "none");
  if (typeof value === "boolean") return h("span", { class: value ? "yes" : "no" }, value ? "yes" : "no");
  if (typeof value === "number") return h("span", { class: "num" }, String(value));
  if (typeof value === "string") return h("code", { class: "value" }, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "none" }, "none");
    return h("ol", { class: "plain" }, value.map((v) => h("li", null, renderValue(v, depth + 1))));
  }
  if (depth > 6) return h("code", null, JSON.stringify(value));
  return h(
    "dl",
    { class: "facts" },
    Object.entries(value).flatMap(([key, v]) => [h("dt", null, words(key)), h("dd", null, renderValue(v, depth + 1))]),
  );
}

/** `camelCase` and `snake_case` keys as words. */
function words(key) {
  return key.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}
