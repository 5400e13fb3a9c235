// The setters tab: `url[setter] = value` on weburl's URL and on the browser's, each shown as
// the object then reads (a failing `href` assignment throws, as in JavaScript).

import { construct } from "./engine.js";
import { differingComponents, showResult } from "./components-view.js";
import { COMPONENTS } from "./engine.js";

function apply(which, href, setter, value) {
  let url;
  try {
    url = construct(which, href);
  } catch (error) {
    return { error: `The URL does not parse: ${error.name}: ${error.message}` };
  }
  try {
    url[setter] = value;
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
  const values = {};
  for (const name of COMPONENTS) values[name] = url[name];
  return { values };
}

export function showSetters(ours, browsers, href, setter, value) {
  const a = apply("weburl", href, setter, value);
  const b = apply("browser", href, setter, value);
  const differing = differingComponents(a, b);
  showResult(ours.cells, ours.failure, a, differing);
  showResult(browsers.cells, browsers.failure, b, differing);
}
