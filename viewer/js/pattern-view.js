// The URLPattern tab: a pattern (a string, or one field per component) with a base URL and
// ignoreCase, an input with its base, and the `exec` result of weburl's URLPattern beside the
// browser's. weburl's side carries `data-pattern-result`: JSON of the groups per component, or
// `null` when the input does not match; the attribute is absent when the pattern is an error.

import { h, fill } from "./dom.js";
import { makePattern } from "./engine.js";

export const PATTERN_COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

/** The pattern's constructor arguments from the tab's fields. */
export function patternInit(fields) {
  const options = fields.ignoreCase ? { ignoreCase: true } : undefined;
  if (fields.mode === "string") return { init: fields.pattern, base: fields.base, options };
  const init = {};
  for (const name of PATTERN_COMPONENTS) if (fields.components[name] !== "") init[name] = fields.components[name];
  if (fields.base !== "") init.baseURL = fields.base;
  return { init, base: "", options };
}

/** `{ groups, result }` (groups per component with undefined as null), or `{ error }`. */
function run(which, fields) {
  const { init, base, options } = patternInit(fields);
  const made = makePattern(which, init, base, options);
  if (!made.pattern) return made;
  let result;
  try {
    result = fields.inputBase === "" ? made.pattern.exec(fields.input) : made.pattern.exec(fields.input, fields.inputBase);
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
  if (result === null) return { groups: null, result: null, pattern: made.pattern };
  const groups = {};
  for (const name of PATTERN_COMPONENTS) {
    groups[name] = {};
    for (const [key, value] of Object.entries(result[name].groups)) groups[name][key] = value ?? null;
  }
  return { groups, result, pattern: made.pattern };
}

function table(outcome, other, marked) {
  if (outcome.unavailable) return h("p", { class: "none" }, "This browser has no URLPattern.");
  if (outcome.error) return h("p", { class: "failure" }, outcome.error);
  const rows = PATTERN_COMPONENTS.map((name) => {
    const component = outcome.pattern[name];
    const groups = JSON.stringify(outcome.groups ? outcome.groups[name] : null);
    const input = outcome.result ? outcome.result[name].input : "";
    const comparable = other && other.pattern;
    const differs =
      comparable && (other.pattern[name] !== component || JSON.stringify(other.groups ? other.groups[name] : null) !== groups);
    return h(
      "tr",
      { class: differs ? "differs" : null },
      h("th", { scope: "row" }, name),
      h("td", null, h("code", { class: "value", "data-pattern-component": marked ? name : null }, component)),
      h("td", null, h("code", { class: "value" }, input)),
      h("td", null, outcome.groups ? h("code", null, groups) : ""),
      differs ? h("td", { class: "differs-note" }, "differs") : h("td"),
    );
  });
  return [
    h("p", { class: outcome.groups ? "match yes" : "match no" }, outcome.groups ? "Matches" : "No match"),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "pattern-table" },
        h("thead", null, h("tr", null, h("th", null, "component"), h("th", null, "pattern"), h("th", null, "input"), h("th", null, "groups"), h("th", null, h("span", { class: "visually-hidden" }, "comparison")))),
        h("tbody", null, rows),
      ),
    ),
  ];
}

export function showPattern(weburlEl, browserEl, fields) {
  const ours = run("weburl", fields);
  const browsers = run("browser", fields);
  if (ours.error) weburlEl.removeAttribute("data-pattern-result");
  else weburlEl.setAttribute("data-pattern-result", JSON.stringify(ours.groups ?? null));
  fill(weburlEl, table(ours, browsers, true));
  fill(browserEl, table(browsers, ours, false));
}
