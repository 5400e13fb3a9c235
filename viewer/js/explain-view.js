// The RFC 3986 reading (`explain`): the verdict, whether the string is a URI or IRI reference,
// the components by RFC 3986 (and by its other readings of a string it rejects), and each point
// where the readings part from the URL Standard, in words.

import { h, fill } from "./dom.js";
import { renderValue } from "./value-view.js";

const RFC_COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"];

/** The package's phrases as sentences: a capital first letter, a full stop at the end. */
function sentence(text) {
  const t = String(text ?? "");
  return t === "" ? t : t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

function yesNo(value) {
  return h("strong", null, value ? "yes" : "no");
}

function componentsTable(components) {
  return h(
    "table",
    { class: "components" },
    h(
      "tbody",
      null,
      RFC_COMPONENTS.map((name) => h("tr", null, h("th", { scope: "row" }, name), components[name] == null ? h("td", null, h("span", { class: "none" }, "undefined")) : h("td", { class: "value" }, components[name]))),
    ),
  );
}

/** `reading` is `explain()`'s object, `{ error }`, or null when the package has no `explain`. */
export function showExplain(el, reading) {
  if (reading === null) return fill(el, h("p", { class: "none" }, "This build of the weburl package has no explain()."));
  if (reading.error) return fill(el, h("p", { class: "failure" }, reading.error));
  if (!("disagreements" in reading)) return fill(el, renderValue(reading));
  const disagreements = reading.disagreements ?? [];
  fill(
    el,
    h("p", { class: "verdict" }, sentence(reading.verdict)),
    h(
      "dl",
      { class: "facts" },
      h("dt", null, "URI reference (RFC 3986)"),
      h("dd", null, yesNo(reading.isUriReference)),
      h("dt", null, "IRI reference (RFC 3987)"),
      h("dd", null, yesNo(reading.isIriReference)),
      h("dt", null, "Changes the host"),
      h("dd", null, yesNo(reading.changesHost)),
      h("dt", null, "Changes the origin"),
      h("dd", null, yesNo(reading.changesOrigin)),
    ),
    h("h3", null, "Components by RFC 3986"),
    reading.rfc3986 ? componentsTable(reading.rfc3986) : h("p", { class: "failure" }, `Not a URI reference: ${reading.rfc3986Failure ?? ""}`),
    (reading.readings ?? []).map((r) => [
      h("h3", null, `Reading: ${r.reading}${r.truncatedAt != null ? ` (up to ${r.truncatedAt})` : ""}`),
      componentsTable(r.components),
    ]),
    h("h3", null, disagreements.length ? "Where it departs from the URL Standard" : "No departure from the URL Standard"),
    disagreements.length
      ? h(
          "ul",
          { class: "disagreements" },
          disagreements.map((d) =>
            h(
              "li",
              null,
              h("strong", null, d.component),
              ` (${d.reading}): the Standard gives `,
              d.whatwg == null ? h("span", { class: "none" }, "none") : h("code", null, d.whatwg),
              ", RFC 3986 gives ",
              d.rfc3986 == null ? h("span", { class: "none" }, "none") : h("code", null, d.rfc3986),
              ". ",
              sentence(d.explanation),
            ),
          ),
        )
      : null,
  );
}
