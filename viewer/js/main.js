// The page: reads the fields (and a share link at load and on hashchange), runs weburl and the
// browser on them, and on each input event draws the results, the validation errors and the
// site at once, and the views below them in the next frame.

import { parse, parseInBrowser, validationErrors, inspect, explain, site, baseFails } from "./engine.js";
import { buildRows, showResult, differingComponents } from "./components-view.js";
import { showErrors, failingErrors } from "./errors-view.js";
import { showStructure } from "./structure-view.js";
import { showDisplay } from "./display-view.js";
import { showExplain } from "./explain-view.js";
import { showPattern, PATTERN_COMPONENTS } from "./pattern-view.js";
import { showSetters } from "./setters-view.js";
import { escapeInput, unescapeInput } from "./escapes.js";
import { shareFragment, readFragment } from "./share.js";
import { h, fill, setValue } from "./dom.js";

const $ = (selector) => document.querySelector(selector);

const inputEl = $("#input");
const escapedEl = $("#input-escaped");
const baseEl = $("#base");
const shareEl = $("#share-link");
const weburlCells = buildRows($("#weburl-components tbody"), "data-weburl");
const browserCells = buildRows($("#browser-components tbody"), "data-browser");
const weburlFailure = $('[data-weburl="failure"]');
const browserFailure = $('[data-browser="failure"]');

// The input as typed. An <input> drops CR and LF from its value, so the exact string lives here:
// typing in #input sets it from that field, typing in #input-escaped (where "\u{A}" is a line
// feed) and opening a share link set it exactly, and #input then shows it as far as it can.
let input = inputEl.value;

/** Render the URL tab for the current input and base. */
function update() {
  const base = baseEl.value;
  const ours = parse(input, base);
  const browsers = parseInBrowser(input, base);
  const differing = differingComponents(ours, browsers);
  showResult(weburlCells, weburlFailure, ours, differing);
  showResult(browserCells, browserFailure, browsers, differing);

  const errors = validationErrors(input, base);
  showErrors($("#errors-input"), $("#errors-list"), $("#errors h2"), input, errors);
  showWhy(ours, base, errors);

  const parsed = Boolean(ours.url);
  $("#site").hidden = !parsed;
  if (parsed) {
    for (const [name, value] of Object.entries(site(ours.url))) setValue($(`[data-site="${name}"]`), value);
  }
  scheduleDetails(input, base, ours);

  shareEl.href = shareFragment(input, base);
  scheduleAddressUpdate();
}

// The views below the results (structure, IRI display, RFC 3986 reading) are drawn in the frame
// after the results, so that a long URL's components and errors appear without waiting for
// them; `html[data-pending]` is set until they are drawn.
let details = null;
function scheduleDetails(input, base, ours) {
  const pending = details !== null;
  details = { input, base, ours };
  if (pending) return;
  document.documentElement.dataset.pending = "true";
  requestAnimationFrame(() => setTimeout(drawDetails, 0));
}
function drawDetails() {
  const { input, base, ours } = details;
  details = null;
  const inspected = ours.url ? inspect(input, base) : null;
  const url = inspected && inspected.url;
  for (const id of ["#structure", "#display"]) $(id).hidden = !url;
  $("#no-inspect").hidden = !ours.url || Boolean(url);
  if (url) {
    showStructure($("#host-kind"), $("#path-segments"), $("#diagram"), ours.values.href, url);
    showDisplay($("#display-body"), url);
  }
  showExplain($("#explain-body"), explain(input, base));
  delete document.documentElement.dataset.pending;
}

// The address bar follows the share link, after the result is drawn: replaceState with a long
// fragment costs Chromium several milliseconds, too many to spend on every keystroke.
let addressTimer = 0;
function scheduleAddressUpdate() {
  if (addressTimer) return;
  addressTimer = setTimeout(() => {
    addressTimer = 0;
    const fragment = shareEl.getAttribute("href");
    if (location.hash !== fragment) history.replaceState(null, "", fragment);
  }, 150);
}

function showWhy(ours, base, errors) {
  const why = $("#failure-why");
  if (ours.url) return fill(why);
  if (baseFails(base)) return fill(why, "The base URL does not parse, so no input can be resolved against it.");
  const failing = failingErrors(errors);
  if (failing.length === 0) return fill(why);
  fill(why, "Failed at: ", failing.map((e, i) => [i ? ", " : "", h("code", null, e.name)]), ` (${failing.map((e) => `${e.start}–${e.end}`).join(", ")}).`);
}

function setFromFragment(event) {
  // The event's own URL: a pending address update may have rewritten location since.
  const shared = readFragment(event && event.newURL ? new URL(event.newURL).hash : location.hash);
  if (!shared) return false;
  if (shared.input !== null) {
    input = shared.input;
    inputEl.value = input;
  }
  if (shared.base !== null) baseEl.value = shared.base;
  escapedEl.value = escapeInput(input);
  update();
  return true;
}

inputEl.addEventListener("input", () => {
  input = inputEl.value;
  escapedEl.value = escapeInput(input);
  update();
});
escapedEl.addEventListener("input", () => {
  input = unescapeInput(escapedEl.value);
  inputEl.value = input;
  update();
});
baseEl.addEventListener("input", update);
window.addEventListener("hashchange", setFromFragment);

// Tabs: arrow keys move between them (the tablist is one Tab stop), Enter/Space/click select.
const tabs = [...document.querySelectorAll('[role="tab"]')];
function selectTab(tab) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute("aria-selected", String(selected));
    t.tabIndex = selected ? 0 : -1;
    document.getElementById(t.getAttribute("aria-controls")).hidden = !selected;
  }
  tab.focus();
  if (tab.id === "tab-pattern") updatePattern();
  if (tab.id === "tab-setters") updateSetters();
}
for (const tab of tabs) {
  tab.addEventListener("click", () => selectTab(tab));
  tab.addEventListener("keydown", (event) => {
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(tabs[(next + tabs.length) % tabs.length]);
  });
}

// URLPattern tab.
const componentFields = $("#pattern-component-fields");
for (const name of PATTERN_COMPONENTS) {
  componentFields.append(
    h("div", { class: "field" }, h("label", { for: `pattern-c-${name}` }, name), h("input", { id: `pattern-c-${name}`, type: "text", spellcheck: "false", autocomplete: "off" })),
  );
}
function patternFields() {
  const mode = $('input[name="pattern-mode"]:checked').value;
  const components = {};
  for (const name of PATTERN_COMPONENTS) components[name] = $(`#pattern-c-${name}`).value;
  return {
    mode,
    pattern: $("#pattern").value,
    components,
    base: $("#pattern-base").value,
    ignoreCase: $("#pattern-ignore-case").checked,
    input: $("#pattern-input").value,
    inputBase: $("#pattern-input-base").value,
  };
}
function updatePattern() {
  const fields = patternFields();
  $("#pattern-string-fields").hidden = fields.mode !== "string";
  componentFields.hidden = fields.mode === "string";
  showPattern($("#pattern-weburl .pattern-output"), $("#pattern-browser .pattern-output"), fields);
}
$("#panel-pattern").addEventListener("input", updatePattern);
$("#panel-pattern").addEventListener("change", updatePattern);

// Setters tab.
const setterSides = {
  ours: { cells: buildRows($("#setter-weburl tbody"), "data-setter-weburl-value"), failure: $('[data-setter-weburl="failure"]') },
  browsers: { cells: buildRows($("#setter-browser tbody"), "data-setter-browser-value"), failure: $('[data-setter-browser="failure"]') },
};
function updateSetters() {
  const urlField = $("#setter-url");
  if (urlField.value === "") urlField.value = weburlCells.get("href").textContent;
  showSetters(setterSides.ours, setterSides.browsers, urlField.value, $("#setter-name").value, unescapeInput($("#setter-value").value));
}
$("#setter-from-input").addEventListener("click", () => {
  $("#setter-url").value = weburlCells.get("href").textContent;
  updateSetters();
});
$("#panel-setters").addEventListener("input", updateSetters);
$("#panel-setters").addEventListener("change", updateSetters);

if (!setFromFragment()) {
  escapedEl.value = escapeInput(input);
  update();
}
updatePattern();
document.documentElement.dataset.ready = "true";
