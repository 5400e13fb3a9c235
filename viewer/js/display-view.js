// The IRI display form (the URL Standard's "URL rendering" advice: percent-decoded where safe,
// hosts in Unicode where the spoofing policy allows) and the policy's verdict on each label.

import { h, fill } from "./dom.js";

/** `inspected` is `inspect().url`: { display, displayHost, labels: [{ label, unicode, shownAsUnicode, reason }] }. */
export function showDisplay(el, inspected) {
  const labels = Array.isArray(inspected.labels) ? inspected.labels : [];
  const refused = labels.filter((l) => !l.shownAsUnicode);
  const verdict =
    labels.length === 0
      ? h("p", null, "The host has no internationalized (xn--) labels: nothing to judge.")
      : refused.length === 0
        ? h("p", { class: "yes" }, "Shown in Unicode: no label looks like a spoof.")
        : h("p", { class: "no" }, `Kept in punycode: ${refused.length} of ${labels.length} label${labels.length === 1 ? "" : "s"} could be a spoof.`);
  fill(
    el,
    h("dl", { class: "facts" }, h("dt", null, "Display form"), h("dd", null, h("code", { class: "value", "data-display": "" }, inspected.display ?? "")), inspected.displayHost != null ? [h("dt", null, "Host shown as"), h("dd", null, h("code", { class: "value" }, inspected.displayHost))] : null),
    verdict,
    labels.length
      ? h(
          "div",
          { class: "scroll" },
          h(
            "table",
            { class: "pattern-table" },
            h("thead", null, h("tr", null, h("th", null, "label"), h("th", null, "Unicode"), h("th", null, "verdict"))),
            h(
              "tbody",
              null,
              labels.map((l) =>
                h("tr", null, h("td", null, h("code", null, l.label)), h("td", null, h("code", null, l.unicode)), h("td", { class: l.shownAsUnicode ? "yes" : "no" }, l.shownAsUnicode ? "shown as Unicode" : `punycode: ${l.reason ?? "refused"}`)),
              ),
            ),
          ),
        )
      : null,
  );
}
