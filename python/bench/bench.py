"""URLs per second of weburl and the other Python URL packages, in one process.

Run from the repository's root, in an environment with weburl installed
(`pip install ./python`) and the packages to compare with:

    pip install ada-url can-ada url-py crup upa-url yarl pyarrow
    python python/bench/bench.py [--rounds N] [--list NAME ...]

First each package that claims WHATWG URL Standard behaviour is checked
against weburl on every list (the hrefs they give, and which inputs fail);
the differences are counted and a few are shown. Then every workload is
timed over every list, in rounds, each round in a different order of the
workloads, and the median round is reported. Times are the CPU time of this
thread (time.thread_time), since the machine is shared with other work;
parse_many releases the GIL but parses on this thread, so its time is there
too. A package that does not import is skipped and said so.
"""

import argparse
import importlib
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

import weburl

ROOT = Path(__file__).resolve().parents[2]
LISTS = ["kasztp", "userbait", "node_files", "isaacs_files", "web_links"]


def load(name):
    text = (ROOT / "testdata" / "urls" / f"{name}.txt").read_text(encoding="utf-8")
    return [line for line in text.split("\n") if line]


def optional(module):
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


ada_url = optional("ada_url")
can_ada = optional("can_ada")
url_py = optional("url")
crup = optional("crup")
upa_url = optional("upa_url")
yarl = optional("yarl")
pa = optional("pyarrow")


# Each object API: input -> href, raising on failure. These are what the
# agreement check compares and the `object` workloads time.
def weburl_href(s):
    return weburl.URL(s).href


OBJECT_APIS = {"weburl URL(s).href": weburl_href}
if ada_url:
    OBJECT_APIS["ada-url URL(s).href"] = lambda s: ada_url.URL(s).href
if can_ada:
    OBJECT_APIS["can-ada parse(s).href"] = lambda s: can_ada.parse(s).href
if upa_url:
    OBJECT_APIS["upa-url URL(s).href"] = lambda s: upa_url.URL(s).href
if crup:
    OBJECT_APIS["crup URL.parse(s).href"] = lambda s: crup.URL.parse(s).href
if url_py:
    OBJECT_APIS["url-py str(URL.parse(s))"] = lambda s: str(url_py.URL.parse(s))
if yarl:
    OBJECT_APIS["yarl str(URL(s))"] = lambda s: str(yarl.URL(s))
OBJECT_APIS["urllib.parse urlsplit(s).geturl()"] = lambda s: urllib.parse.urlsplit(s).geturl()

# Packages that claim the WHATWG URL Standard (url-py and crup wrap the
# `url` crate, which does): their hrefs are compared with weburl's.
WHATWG = [
    k
    for k in OBJECT_APIS
    if k.split()[0] in ("ada-url", "can-ada", "upa-url", "crup", "url-py")
]


def href_or_none(f, s):
    try:
        return f(s)
    except Exception:  # each package raises its own error type
        return None


def agreement(lists):
    print("## Agreement with weburl on the href (WHATWG packages)\n")
    print("| package | list | URLs | same href | differ | only weburl fails | only the package fails |")
    print("|---|---|--:|--:|--:|--:|--:|")
    samples = {}
    for name in WHATWG:
        f = OBJECT_APIS[name]
        for list_name, urls in lists.items():
            same = differ = only_we_fail = only_they_fail = 0
            for s in urls:
                ours = href_or_none(weburl_href, s)
                theirs = href_or_none(f, s)
                if ours == theirs:
                    same += 1
                elif ours is None:
                    only_we_fail += 1
                    samples.setdefault(name, []).append((s, ours, theirs))
                elif theirs is None:
                    only_they_fail += 1
                    samples.setdefault(name, []).append((s, ours, theirs))
                else:
                    differ += 1
                    samples.setdefault(name, []).append((s, ours, theirs))
            print(f"| {name.split()[0]} | {list_name} | {len(urls):,} | {same:,} | {differ:,} | {only_we_fail:,} | {only_they_fail:,} |")
    print()
    for name, rows in samples.items():
        print(f"{name.split()[0]}: {len(rows)} differences, for example:")
        for s, ours, theirs in rows[:3]:
            print(f"    input   {s[:100]!r}\n    weburl  {ours and ours[:100]!r}\n    package {theirs and theirs[:100]!r}")
    print()


# The timed loops call each package directly, with its function in a local
# variable, so that the loop costs every package the same and no wrapper
# call is timed. Each returns the total length of the hrefs, the answer
# every round must repeat.
def time_loops():
    loops = {}

    def weburl_loop(urls, URL=weburl.URL):
        n = 0
        for s in urls:
            try:
                n += len(URL(s).href)
            except ValueError:
                pass
        return n

    loops["weburl URL(s).href"] = weburl_loop
    if ada_url:
        def ada_loop(urls, URL=ada_url.URL):
            n = 0
            for s in urls:
                try:
                    n += len(URL(s).href)
                except ValueError:
                    pass
            return n

        loops["ada-url URL(s).href"] = ada_loop
    if can_ada:
        def can_ada_loop(urls, parse=can_ada.parse):
            n = 0
            for s in urls:
                try:
                    n += len(parse(s).href)
                except ValueError:
                    pass
            return n

        loops["can-ada parse(s).href"] = can_ada_loop
    if upa_url:
        def upa_loop(urls, URL=upa_url.URL):
            n = 0
            for s in urls:
                try:
                    n += len(URL(s).href)
                except Exception:
                    pass
            return n

        loops["upa-url URL(s).href"] = upa_loop
    if crup:
        def crup_loop(urls, parse=crup.URL.parse):
            n = 0
            for s in urls:
                try:
                    n += len(parse(s).href)
                except Exception:
                    pass
            return n

        loops["crup URL.parse(s).href"] = crup_loop
    if url_py:
        def url_py_loop(urls, parse=url_py.URL.parse):
            n = 0
            for s in urls:
                try:
                    n += len(str(parse(s)))
                except Exception:
                    pass
            return n

        loops["url-py str(URL.parse(s))"] = url_py_loop
    if yarl:
        def yarl_loop(urls, URL=yarl.URL):
            n = 0
            for s in urls:
                try:
                    n += len(str(URL(s)))
                except Exception:
                    pass
            return n

        loops["yarl str(URL(s))"] = yarl_loop

    def urllib_loop(urls, urlsplit=urllib.parse.urlsplit):
        n = 0
        for s in urls:
            try:
                n += len(urlsplit(s).geturl())
            except ValueError:
                pass
        return n

    loops["urllib.parse urlsplit(s).geturl()"] = urllib_loop
    assert list(loops) == list(OBJECT_APIS)
    return loops


def workloads():
    w = time_loops()

    def parse_url(urls):
        n = 0
        for s in urls:
            try:
                n += len(weburl.parse_url(s)["href"])
            except ValueError:
                pass
        return n

    def can_parse(urls):
        return sum(1 for s in urls if weburl.can_parse(s))

    w["weburl parse_url(s) (dict)"] = parse_url
    w["weburl can_parse(s)"] = can_parse
    if can_ada:
        w["can-ada can_parse(s)"] = lambda urls: sum(1 for s in urls if can_ada.can_parse(s))
    if ada_url:
        w["ada-url check_url(s)"] = lambda urls: sum(1 for s in urls if ada_url.check_url(s))
    if pa is not None:
        w["weburl parse_many(list)"] = lambda urls: len(weburl.parse_many(urls))
    return w


def timed(f, data):
    t0 = time.thread_time_ns()
    result = f(data)
    return time.thread_time_ns() - t0, result


def benchmark(lists, rounds):
    work = workloads()
    print(f"## Throughput, median of {rounds} rounds (M URLs/s, CPU time of the thread)\n")
    names = list(work) + (["weburl parse_many(pyarrow string array)"] if pa is not None else [])
    results = {n: {} for n in names}
    for list_name, urls in lists.items():
        arrow = pa.array(urls, type=pa.string()) if pa is not None else None
        jobs = [(n, work[n], urls) for n in work]
        if arrow is not None:
            jobs.append(("weburl parse_many(pyarrow string array)", lambda a: len(a and weburl.parse_many(a)), arrow))
        answers = {n: f(d) for n, f, d in jobs}  # warm-up, and the answers each round must repeat
        times = {n: [] for n, _, _ in jobs}
        for r in range(rounds):
            order = jobs[r % len(jobs):] + jobs[: r % len(jobs)]
            for n, f, d in order:
                ns, answer = timed(f, d)
                if answer != answers[n]:
                    sys.exit(f"{n} on {list_name}: answer changed between rounds")
                times[n].append(ns)
        for n in times:
            results[n][list_name] = len(urls) / (statistics.median(times[n]) / 1e9) / 1e6
    header = "| workload | " + " | ".join(lists) + " |"
    print(header)
    print("|---" * (len(lists) + 1) + "|")
    for n in names:
        print(f"| {n} | " + " | ".join(f"{results[n][l]:.2f}" for l in lists) + " |")
    print()
    others = [n for n in OBJECT_APIS if not n.startswith("weburl")]
    print("weburl URL(s).href divided by the fastest other object API, per list:\n")
    for l in lists:
        best = max(others, key=lambda n: results[n][l])
        print(f"- {l}: {results['weburl URL(s).href'][l] / results[best][l]:.2f}x ({best}: {results[best][l]:.2f} M/s)")
    print()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--list", action="append", choices=LISTS)
    ap.add_argument("--skip-agreement", action="store_true")
    args = ap.parse_args()
    missing = [m for m, mod in [("ada-url", ada_url), ("can-ada", can_ada), ("url-py", url_py), ("crup", crup), ("upa-url", upa_url), ("yarl", yarl), ("pyarrow", pa)] if mod is None]
    print(f"Python {sys.version.split()[0]}; not installed, skipped: {', '.join(missing) or 'none'}\n")
    lists = {name: load(name) for name in (args.list or LISTS)}
    if not args.skip_agreement:
        agreement(lists)
    benchmark(lists, args.rounds)


if __name__ == "__main__":
    main()
