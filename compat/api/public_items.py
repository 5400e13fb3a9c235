#!/usr/bin/env python3
"""Lists a crate's public API from its rustdoc JSON, one item a line, so two
crates' lists can be diffed: modules, re-exports, types, functions, enum
variants, public fields, functions and inherent methods (with their parameter and return types) and
trait impls (with the trait's generic arguments).

usage: public_items.py CRATE.json
"""
import json
import re
import sys


def render(ty):
    """A type, written compactly (enough to tell impls apart)."""
    if ty is None:
        return "()"
    if "resolved_path" in ty:
        p = ty["resolved_path"]
        name = p["path"].split("::")[-1]
        return name + render_args(p.get("args"))
    if "primitive" in ty:
        return ty["primitive"]
    if "qualified_path" in ty:
        q = ty["qualified_path"]
        return render(q["self_type"]) + "::" + q["name"]
    if "generic" in ty:
        return ty["generic"]
    if "borrowed_ref" in ty:
        r = ty["borrowed_ref"]
        return "&" + ("mut " if r.get("is_mutable") else "") + render(r["type"])
    if "tuple" in ty:
        return "(" + ", ".join(render(t) for t in ty["tuple"]) + ")"
    if "slice" in ty:
        return "[" + render(ty["slice"]) + "]"
    return "?"


def render_args(args):
    if not args or "angle_bracketed" not in args:
        return ""
    parts = [render(a["type"]) for a in args["angle_bracketed"]["args"] if "type" in a]
    return "<" + ", ".join(parts) + ">" if parts else ""


def main():
    doc = json.load(open(sys.argv[1]))
    index = doc["index"]
    out = set()
    seen = set()

    def item(i):
        return index.get(str(i)) or index.get(i)

    def walk(mid, prefix):
        module = item(mid)
        for i in module["inner"]["module"]["items"]:
            it = item(i)
            if it is None or it.get("visibility") != "public":
                continue
            kind = next(iter(it["inner"]))
            if kind == "use":
                use = it["inner"]["use"]
                out.add(f"use {prefix}::{use['name']}")
                target = item(use["id"]) if use.get("id") is not None else None
                if target is not None and target.get("crate_id") == 0:
                    describe(target, prefix)
                continue
            describe(it, prefix)

    def describe(it, prefix):
        if it["id"] in seen:
            return
        seen.add(it["id"])
        kind = next(iter(it["inner"]))
        path = f"{prefix}::{it['name']}"
        inner = it["inner"][kind]
        if kind == "function":
            sig = inner["sig"]
            params = ", ".join(render(t) for _, t in sig["inputs"])
            out.add(f"fn {path}({params}) -> {render(sig.get('output'))}")
        else:
            out.add(f"{kind} {path}")
        if kind == "module":
            walk(it["id"], path)
        if kind == "enum":
            for v in inner["variants"]:
                out.add(f"variant {path}::{item(v)['name']}")
        if kind == "struct":
            plain = inner["kind"].get("plain") if isinstance(inner["kind"], dict) else None
            for f in (plain or {}).get("fields", []):
                field = item(f)
                if field and field.get("visibility") == "public":
                    out.add(f"field {path}::{field['name']}")
        for imp_id in inner.get("impls", []) if kind in ("struct", "enum") else []:
            imp = item(imp_id)["inner"]["impl"]
            if imp.get("is_synthetic") or imp.get("blanket_impl"):
                continue
            for_ = render(imp["for"])
            if imp.get("trait"):
                t = imp["trait"]
                out.add(f"impl {t['path'].split('::')[-1]}{render_args(t.get('args'))} for {for_}")
                continue
            for m in imp["items"]:
                method = item(m)
                if method is None or method.get("visibility") != "public":
                    continue
                mkind = next(iter(method["inner"]))
                if mkind == "function":
                    sig = method["inner"]["function"]["sig"]
                    params = ", ".join(render(t) for _, t in sig["inputs"])
                    line = f"{method['name']}({params}) -> {render(sig.get('output'))}"
                    # `Self` and the type's own name are the same type.
                    line = re.sub(r"\bSelf\b", for_, line)
                    out.add(f"fn {path}::{line} on {for_}")
                else:
                    out.add(f"{mkind} {path}::{method['name']} on {for_}")

    root = item(doc["root"])
    walk(doc["root"], root["name"])
    for line in sorted(out):
        print(line)


main()
