// A table of URL components (href, origin, protocol, …), one row per component, whose value
// cells carry the test contract's `data-weburl="NAME"` / `data-browser="NAME"` attributes.

import { h, setValue } from "./dom.js";
import { COMPONENTS } from "./engine.js";

/** Make the rows once; returns a map from component name to its value cell. */
export function buildRows(tbody, attribute) {
  const cells = new Map();
  for (const name of COMPONENTS) {
    const cell = h("td", { [attribute]: name, class: "value" });
    tbody.append(h("tr", null, h("th", { scope: "row" }, name), cell));
    cells.set(name, cell);
  }
  return cells;
}

/**
 * Show `result` ({ values } or { error }) in the cells and the failure element; `differing` is
 * the set of components whose values differ from the other side's (marked on both sides).
 */
export function showResult(cells, failureEl, result, differing) {
  setValue(failureEl, result.error ?? "");
  for (const [name, cell] of cells) {
    setValue(cell, result.values ? result.values[name] : "");
    cell.classList.toggle("differs", differing.has(name));
  }
  cells.get("href").closest("table").hidden = !result.values;
}

/** The components whose values differ between two results (all of them if one side failed). */
export function differingComponents(a, b) {
  const differing = new Set();
  if (!a.values !== !b.values) {
    for (const name of COMPONENTS) differing.add(name);
    return differing;
  }
  if (!a.values) return differing;
  for (const name of COMPONENTS) if (a.values[name] !== b.values[name]) differing.add(name);
  return differing;
}
