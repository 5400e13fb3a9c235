// Sizes of the package, gzip -9, as issue 24 limits them:
//   core entry (weburl/core: the JavaScript it loads and core.wasm) <= 110 KiB
//   whole package (every file `npm pack` ships)                     <= 300 KiB
//   Public Suffix List data in it                                   <= 45 KiB
// Prints each figure against its limit; exits 1 when a limit marked
// enforced is exceeded. WEBURL_SIZE_STRICT=1 enforces all three.
//
//   node js/scripts/size.mjs [PACKAGE_DIR]   (default: js/)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.argv[2] ?? join(here, "..");
// GNU gzip itself, as the limits are stated for `gzip -9` (zlib at level 9
// gives a few per cent more on the modules).
const gzBytes = (bytes) => execFileSync("gzip", ["-9c"], { input: bytes, maxBuffer: 1 << 28 }).length;
const gz = (file) => gzBytes(readFileSync(file));
const KiB = 1024;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

// What the package ships: package.json's "files", as npm pack applies them.
const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
const shipped = files(pkg).filter((f) => {
  const rel = relative(pkg, f);
  if (rel === "package.json") return true;
  return manifest.files.some((pattern) => {
    if (pattern.endsWith("/")) return rel.startsWith(pattern);
    if (pattern.includes("*")) {
      const [prefix, suffix] = pattern.split("*");
      return rel.startsWith(prefix) && rel.endsWith(suffix) && !rel.slice(prefix.length).includes("/");
    }
    return rel === pattern;
  });
});

const core = ["src/boundary.js", "src/core.js", "wasm/core.wasm"].map((f) => join(pkg, f));
const coreSize = core.reduce((n, f) => n + gz(f), 0);
const whole = shipped.reduce((n, f) => n + gz(f), 0);

// The PSL data is the Rust table weburl-sites compiles in (crates/weburl-sites/src/psl/
// table.rs): its arrays as the module holds them, little-endian.
function pslTableBytes() {
  const src = readFileSync(join(here, "..", "..", "crates", "weburl-sites", "src", "psl", "table.rs"), "utf8");
  const parts = [];
  for (const [, type, body] of src.matchAll(/static \w+: \[(u32|u64); [^\]]+\] = \[([^\]]*)\]/g)) {
    const nums = body.split(",").map((x) => x.trim()).filter(Boolean).map(BigInt);
    const width = type === "u32" ? 4 : 8;
    const buf = Buffer.alloc(nums.length * width);
    nums.forEach((n, i) => (width === 4 ? buf.writeUInt32LE(Number(n), i * 4) : buf.writeBigUInt64LE(n, i * 8)));
    parts.push(buf);
  }
  const long = src.match(/static LONG_LABELS: &str = "([\s\S]*?)";/);
  if (long) parts.push(Buffer.from(long[1].replace(/\\\n/g, ""), "latin1"));
  return Buffer.concat(parts);
}
const table = pslTableBytes();
const psl = gzBytes(table);

const strict = process.env.WEBURL_SIZE_STRICT === "1";
const rows = [
  ["core entry (weburl/core)", coreSize, 110, true],
  [`whole package (${shipped.length} files)`, whole, 300, strict],
  [`PSL data (${table.length} bytes raw)`, psl, 45, strict],
];
let failed = 0;
for (const [what, size, limit, enforced] of rows) {
  const ok = size <= limit * KiB;
  if (!ok && enforced) failed++;
  console.log(`${what.padEnd(40)} ${(size / KiB).toFixed(1).padStart(7)} KiB gz (${size} B)  limit ${limit} KiB: ${ok ? "ok" : enforced ? "OVER" : "over (not met; see js/README.md)"}`);
}
for (const f of shipped) console.log(`  ${relative(pkg, f).padEnd(20)} ${(gz(f) / KiB).toFixed(1).padStart(7)} KiB gz`);
process.exit(failed ? 1 : 0);
