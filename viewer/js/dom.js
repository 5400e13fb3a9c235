// A tiny element builder, so views read as the markup they make.

/**
 * `h("td", { "data-weburl": "href", class: "x" }, "text", child)`: an element with attributes
 * (null or undefined values are left out, `true` sets an empty attribute) and children (strings
 * become text nodes; arrays are flattened; null and false are skipped).
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child);
  }
}

/** Replace `el`'s children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Set a value cell's text (the value itself: empty when empty; CSS shows the placeholder). */
export function setValue(el, value) {
  const text = value === null || value === undefined ? "" : String(value);
  if (el.textContent !== text) el.textContent = text;
}
