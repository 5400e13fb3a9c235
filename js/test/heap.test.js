// Dropped objects leave nothing behind: a million URLs made and dropped
// leave the JavaScript heap and the WebAssembly memory as they were, and
// so do URLPatterns (whose compiled form lives in WebAssembly until their
// FinalizationRegistry frees it). Run with `node --expose-gc --test`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { URL, URLPattern, coreMemoryBytes, fullMemoryBytes } from "weburl";

assert.equal(typeof globalThis.gc, "function", "run with node --expose-gc");

async function settle() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 10));
  }
}

function churnUrls(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const u = new URL(`https://user@example${i % 97}.com/a/${i}/../b?q=${i}&r=x y#f${i}`);
    total += u.pathname.length;
    if (i % 10 === 0) total += u.searchParams.size;
    if (i % 100 === 0) u.search = `?n=${i}`;
  }
  return total;
}

test("1,000,000 URLs made and dropped: heap and WebAssembly memory flat", async () => {
  churnUrls(20000);
  await settle();
  const heapBefore = process.memoryUsage().heapUsed;
  const wasmBefore = coreMemoryBytes();
  assert.ok(churnUrls(1_000_000) > 0);
  await settle();
  const heapAfter = process.memoryUsage().heapUsed;
  const wasmAfter = coreMemoryBytes();
  console.log(`heap ${(heapBefore / 1e6).toFixed(1)} MB -> ${(heapAfter / 1e6).toFixed(1)} MB; core wasm memory ${wasmBefore} -> ${wasmAfter} bytes`);
  assert.equal(wasmAfter, wasmBefore, "the core module's memory grew");
  assert.ok(heapAfter - heapBefore < 4e6, `the heap grew by ${heapAfter - heapBefore} bytes`);
});

test("100,000 URLPatterns made and dropped: WebAssembly memory flat", async () => {
  const churn = (n) => {
    let matches = 0;
    for (let i = 0; i < n; i++) {
      const p = new URLPattern({ pathname: `/items/:id(\\d+)/${i}` });
      if (p.test(`https://x.test/items/7/${i}`)) matches++;
    }
    return matches;
  };
  // The first batches set the high-water mark: a batch's patterns are all
  // alive until the collector runs their finalizers after it, and the
  // allocator's free lists settle in the second.
  for (let k = 0; k < 2; k++) {
    assert.equal(churn(10000), 10000);
    await settle();
  }
  const before = fullMemoryBytes();
  const heapBefore = process.memoryUsage().heapUsed;
  for (let k = 0; k < 8; k++) {
    assert.equal(churn(10000), 10000);
    await settle();
  }
  const after = fullMemoryBytes();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(`full wasm memory ${before} -> ${after} bytes; heap ${(heapBefore / 1e6).toFixed(1)} -> ${(heapAfter / 1e6).toFixed(1)} MB`);
  // The allocator keeps what it has; later batches must reuse it rather
  // than grow with every pattern ever made: at most a few MB of slack.
  assert.ok(after - before <= 4 << 20, `the full module's memory grew by ${after - before} bytes`);
  assert.ok(heapAfter - heapBefore < 4e6, `the heap grew by ${heapAfter - heapBefore} bytes`);
});
