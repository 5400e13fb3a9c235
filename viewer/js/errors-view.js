// Validation errors: the input drawn with each error's span underlined, then one list item per
// error (`data-error`, `data-start`, `data-end` in UTF-16 code units) with the Standard's name,
// description and a link to its row in the Standard's table.

import { h, fill } from "./dom.js";
import { SPEC_URL, VALIDATION_ERRORS } from "./validation-errors.js";

/** The input's text as shown: controls and lone surrogates made visible, one for one. */
function visible(text) {
  return text.replace(/[\u0000-\u001f\u007f]|\p{Surrogate}/gu, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    return code === 0x7f ? "\u2421" : "\ufffd";
  });
}

/** The input with the errors' spans underlined; an empty span gets a caret. */
function mirror(input, errors) {
  const cuts = new Set([0, input.length]);
  for (const e of errors) {
    cuts.add(e.start);
    cuts.add(e.end);
  }
  const points = [...cuts].filter((p) => p >= 0 && p <= input.length).sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < points.length; i++) {
    const at = points[i];
    const empties = errors.filter((e) => e.start === at && e.end === at);
    if (empties.length) {
      parts.push(h("span", { class: "caret", title: empties.map((e) => e.name).join(", ") }));
    }
    if (i + 1 === points.length) break;
    const end = points[i + 1];
    const covering = errors.filter((e) => e.start <= at && e.end >= end && e.end > e.start);
    const text = visible(input.slice(at, end));
    parts.push(
      covering.length
        ? h("mark", { class: covering.length > 1 ? "err many" : "err", title: covering.map((e) => e.name).join(", ") }, text)
        : text,
    );
  }
  return parts;
}

/** A few code units either side of the span, with the span marked. */
function snippet(input, start, end) {
  const before = input.slice(Math.max(0, start - 16), start);
  const after = input.slice(end, end + 16);
  return h(
    "code",
    { class: "snippet" },
    start > 16 ? "…" : "",
    visible(before),
    start === end ? h("span", { class: "caret" }) : h("mark", { class: "err" }, visible(input.slice(start, end))),
    visible(after),
    end + 16 < input.length ? "…" : "",
  );
}

function item(input, error) {
  const spec = VALIDATION_ERRORS[error.name];
  const link = spec ? `${SPEC_URL}#${spec.anchor}` : `${SPEC_URL}#validation-error`;
  return h(
    "li",
    { "data-error": error.name, "data-start": error.start, "data-end": error.end },
    h("p", { class: "error-head" }, h("a", { href: link, class: "error-name" }, error.name), " ", h("span", { class: "span" }, `at ${error.start}–${error.end}`), spec && spec.failure ? h("span", { class: "badge" }, "failure") : null),
    snippet(input, error.start, error.end),
    // A name newer than the url.bs the table was generated from: the package's own description.
    h("p", { class: "error-desc" }, spec ? spec.description : error.description),
  );
}

/** Render `errors` (an array, `{ error }` when the package threw, or null when it has none). */
export function showErrors(mirrorEl, listEl, headingEl, input, errors) {
  if (!Array.isArray(errors)) {
    fill(mirrorEl, visible(input));
    fill(listEl);
    headingEl.textContent = errors === null ? "Validation errors (not in this build of the package)" : `Validation errors: ${errors.error}`;
    return;
  }
  headingEl.textContent = errors.length === 0 ? "No validation errors" : `${errors.length} validation error${errors.length === 1 ? "" : "s"}`;
  fill(mirrorEl, mirror(input, errors));
  fill(listEl, errors.map((e) => item(input, e)));
}

/** The errors of `errors` that make the parse fail, for the "why" of a failure. */
export function failingErrors(errors) {
  if (!Array.isArray(errors)) return [];
  return errors.filter((e) => VALIDATION_ERRORS[e.name]?.failure);
}
