// URLPattern on the full module beyond WPT: regexp groups run on the
// host's RegExp (src/regexp.js), and test(string) reads strings as
// USVStrings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { URLPattern } from "weburl";

test("test(string) reads a lone surrogate as U+FFFD, short and long inputs", () => {
  const p = new URLPattern("https://x.test/:a");
  const q = new URLPattern("https://x.test/%EF%BF%BD");
  const long = `https://x.test/${"a".repeat(40)}\uD800`;
  for (const s of ["https://x.test/\uD800", "https://x.test/\uDC00"]) {
    assert.equal(p.test(s), true, s);
    assert.equal(q.test(s), true, s);
  }
  assert.equal(new URLPattern(`https://x.test/${"a".repeat(40)}%EF%BF%BD`).test(long), true);
  assert.equal(q.test("https://x.test/x"), false);
});

test("regexp groups are ECMAScript's: lookaround, backreferences, v-flag classes", () => {
  const ahead = new URLPattern({ pathname: "/(\\d+(?=-x))-x" });
  assert.equal(ahead.test({ pathname: "/12-x" }), true);
  assert.equal(ahead.test({ pathname: "/12-y" }), false);
  const twice = new URLPattern({ pathname: "/((?<x>a|b)-\\k<x>)" });
  assert.equal(twice.test({ pathname: "/a-a" }), true);
  assert.equal(twice.test({ pathname: "/a-b" }), false);
  const sets = new URLPattern({ pathname: "/([\\w--\\d]+)" });
  assert.equal(sets.test({ pathname: "/abc" }), true);
  assert.equal(sets.test({ pathname: "/ab1" }), false);
});

test("groups that do not participate are undefined; ignoreCase; a segment without a delimiter", () => {
  const p = new URLPattern({ pathname: "/(foo)?(bar)?" });
  assert.deepEqual(p.exec({ pathname: "/foo" }).pathname.groups, { 0: "foo", 1: undefined });
  const i = new URLPattern({ pathname: "/Users/:id(\\d+)" }, { ignoreCase: true });
  assert.equal(i.exec("https://x.test/USERS/7").pathname.groups.id, "7");
  // `[^]+?` (a component without a delimiter), which V8 11 repeats at most
  // once in `v` mode unless rewritten.
  assert.equal(new URLPattern({ protocol: ":name" }).exec({ protocol: "foobar" }).protocol.groups.name, "foobar");
});

test("an invalid regexp group is a TypeError; a patched RegExp.prototype.exec changes nothing", () => {
  assert.throws(() => new URLPattern({ pathname: "/([a)" }), TypeError);
  assert.throws(() => new URLPattern({ pathname: "/(a{2,1})" }), TypeError);
  const p = new URLPattern({ pathname: "/(\\d+)" });
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = () => null;
  try {
    assert.equal(p.test({ pathname: "/42" }), true);
    assert.equal(p.exec({ pathname: "/42" }).pathname.groups[0], "42");
  } finally {
    RegExp.prototype.exec = exec;
  }
});
