#!/usr/bin/env bash
# Builds the live URL viewer: the weburl npm package (js/, built by js/build.sh) copied into
# viewer/pkg/, where the page's import map finds it ("weburl" -> ./pkg/index.js). Afterwards
# `python3 -m http.server -d viewer` serves a page that works offline.
set -euo pipefail
cd "$(dirname "$0")/.."

# js/build.sh, unless its modules are newer than every source they are built from (as after
# js/ci.sh in the same checkout): the cold build of the two modules takes minutes.
if [ -f js/wasm/core.wasm ] && [ -f js/wasm/full.wasm ] &&
    [ -z "$(find crates Cargo.toml Cargo.lock js/build.sh -newer js/wasm/core.wasm -print -quit)" ]; then
    echo "js/wasm is newer than its sources: not rebuilt"
else
    bash js/build.sh
fi

# The files `npm pack ./js` would ship, and nothing else of js/ (no tests, benchmarks, modules).
rm -rf viewer/pkg
mkdir -p viewer/pkg
node --input-type=module - <<'JS'
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
const [pack] = JSON.parse(execFileSync("npm", ["pack", "./js", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8" }));
for (const { path } of pack.files) cpSync(`js/${path}`, `viewer/pkg/${path}`);
// The entry a browser imports: the package's "exports" for ".", under its "browser",
// "import" or "default" condition, or its "module"/"main".
const pkg = JSON.parse(readFileSync("js/package.json", "utf8"));
const pick = (e) => (typeof e === "string" ? e : e && (pick(e.browser) ?? pick(e.import) ?? pick(e.default)));
const root = pkg.exports && (typeof pkg.exports === "string" || pkg.exports["."] === undefined ? pkg.exports : pkg.exports["."]);
const entry = (pick(root) ?? pkg.module ?? pkg.main ?? "index.js").replace(/^\.\//, "");
if (!existsSync(`viewer/pkg/${entry}`)) throw new Error(`the package's entry ${entry} is not among its files`);
if (entry !== "index.js") writeFileSync("viewer/pkg/index.js", `export * from "./${entry}";\n`);
console.log(`viewer/pkg: ${pack.files.length} files of weburl ${pkg.version}, entry ${entry}`);
JS
