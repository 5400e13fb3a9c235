//! Benchmarks weburl-pattern against the `urlpattern` crate (Deno's, on the
//! `url` and `regex` crates): construction of routing-style patterns, and
//! `test()` over the vendored URL lists, after checking that both give the
//! same answer for every URL and pattern. Rounds are interleaved (each
//! round times both, alternating which goes first) and the report gives
//! the median of the rounds' CPU time per operation, and the ratio.
//!
//! `test(URL)` is the test of an already parsed URL that is in the cache
//! (a router parses a request's URL once, then tests routes against it);
//! urlpattern's API takes the URL by value, so its side includes a clone
//! of the `url::Url`. `test(string)` parses the string too, for both.
//!
//! `--count I ours|theirs|none` runs one `test(URL)` pass of pattern `I`
//! (0-5) over the first `COUNTED` URLs of each list and nothing else, for callgrind:
//! the instructions of a run less those of `none`, divided by the URL
//! count, are the instructions per `test()`.
//!
//! usage: pattern [--quick] [--rounds N] [--count I ours|theirs|none]

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;

use cpu_time::ThreadTime;

#[path = "../data.rs"]
#[allow(dead_code)]
mod data;

/// A pattern of the benchmark: a dictionary with one component, or a
/// constructor string.
#[derive(Clone, Copy)]
enum Spec {
    Component(&'static str, &'static str),
    String(&'static str),
}

const PATTERNS: [Spec; 6] = [
    Spec::Component("pathname", "/users/:id"),
    Spec::Component("pathname", "/static/*"),
    Spec::Component("pathname", "{/:lang}?/docs/:page"),
    Spec::Component("hostname", "*.com"),
    Spec::Component("protocol", "http{s}?"),
    Spec::String("https://{*.}?github.com/:owner/:repo/*"),
];

impl Spec {
    fn label(self) -> String {
        match self {
            Spec::Component(c, p) => format!("{{{c}: \"{p}\"}}"),
            Spec::String(s) => format!("\"{s}\""),
        }
    }

    fn ours(self) -> weburl_pattern::UrlPattern {
        use weburl_pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
        let built = match self {
            Spec::Component(c, p) => {
                let mut init = UrlPatternInit::default();
                let p = Some(p.to_owned());
                match c {
                    "pathname" => init.pathname = p,
                    "hostname" => init.hostname = p,
                    _ => init.protocol = p,
                }
                UrlPattern::new(init, None, UrlPatternOptions::default())
            }
            Spec::String(s) => UrlPattern::new(s, None, UrlPatternOptions::default()),
        };
        built.expect("the benchmark's patterns are valid")
    }

    fn theirs(self) -> urlpattern::UrlPattern {
        use urlpattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
        let init = match self {
            Spec::Component(c, p) => {
                let mut init = UrlPatternInit::default();
                let p = Some(p.to_owned());
                match c {
                    "pathname" => init.pathname = p,
                    "hostname" => init.hostname = p,
                    _ => init.protocol = p,
                }
                init
            }
            Spec::String(s) => UrlPatternInit::parse_constructor_string::<regex::Regex>(s, None)
                .expect("the benchmark's patterns are valid"),
        };
        UrlPattern::parse(init, UrlPatternOptions::default())
            .expect("the benchmark's patterns are valid")
    }
}

/// Nanoseconds of this thread's CPU time that `f` takes.
fn cpu_ns(f: impl FnOnce() -> u64) -> (f64, u64) {
    let start = ThreadTime::now();
    let answer = f();
    (start.elapsed().as_nanos() as f64, answer)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

type Entry = (String, weburl::Url, url::Url);

/// How many URLs a block of the `test(URL)` loop has: few enough to stay in
/// the cache once touched.
const BLOCK: usize = 256;

/// Runs `test` over `urls` block by block, timing only the tests: before
/// each block its URLs are read once, so each test finds its URL in the
/// cache, as a router finds the URL of the request it just parsed.
/// Returns the CPU ns and the number of matches.
fn hot_blocks(urls: &[Entry], test: impl Fn(&Entry) -> bool) -> (f64, u64) {
    let (mut ns, mut matches) = (0.0, 0);
    for block in urls.chunks(BLOCK) {
        let touched: usize = block
            .iter()
            .map(|(s, w, u)| {
                let bytes = |t: &str| t.bytes().map(usize::from).sum::<usize>();
                bytes(s) + bytes(w.href()) + bytes(u.as_str())
            })
            .sum();
        black_box(touched);
        let (t, m) = cpu_ns(|| block.iter().filter(|e| test(black_box(e))).count() as u64);
        ns += t;
        matches += m;
    }
    (ns, matches)
}

/// Times `ours` and `theirs` for `rounds` interleaved rounds; each returns
/// its CPU ns and a checksum that must not change. Returns the median ns of
/// each, per `per` operations.
fn race(
    rounds: usize,
    per: usize,
    ours: impl Fn() -> (f64, u64),
    theirs: impl Fn() -> (f64, u64),
) -> (f64, f64) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let (mut sum_a, mut sum_b) = (None, None);
    for round in 0..rounds {
        let mut run = |first: bool| {
            if first {
                let (t, s) = ours();
                a.push(t / per as f64);
                assert!(
                    *sum_a.get_or_insert(s) == s,
                    "weburl-pattern changed its answer"
                );
            } else {
                let (t, s) = theirs();
                b.push(t / per as f64);
                assert!(
                    *sum_b.get_or_insert(s) == s,
                    "urlpattern changed its answer"
                );
            }
        };
        let ours_first = round % 2 == 0;
        run(ours_first);
        run(!ours_first);
    }
    (median(a), median(b))
}

/// How many URLs of each list a `--count` run tests.
const COUNTED: usize = 4000;

/// The `--count` run: one pass of `test(URL)` (see the module comment).
fn count(urls: &[Entry], args: &[String]) -> ExitCode {
    let (Some(spec), Some(side)) = (
        args.first()
            .and_then(|i| PATTERNS.get(i.parse::<usize>().ok()?)),
        args.get(1),
    ) else {
        eprintln!("usage: pattern --count 0-5 ours|theirs|none");
        return ExitCode::FAILURE;
    };
    let (ours, theirs) = (spec.ours(), spec.theirs());
    let matches = match side.as_str() {
        "ours" => urls
            .iter()
            .filter(|(_, w, _)| ours.test_url(black_box(w)))
            .count(),
        "theirs" => urls
            .iter()
            .filter(|(_, _, u)| {
                theirs
                    .test(urlpattern::UrlPatternMatchInput::Url(black_box(u).clone()))
                    .unwrap_or(false)
            })
            .count(),
        _ => 0,
    };
    println!(
        "{}: {side}: {matches} of {} URLs match",
        spec.label(),
        urls.len()
    );
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(if quick { 3 } else { 15 });

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/urls");
    let lists =
        data::load(&dir, |name| data::FILES.iter().any(|(n, _)| *n == name)).expect("URL lists");
    let counting = args.iter().any(|a| a == "--count");
    let mut urls: Vec<Entry> = Vec::new();
    for list in &lists {
        let mut taken = 0;
        for input in &list.inputs {
            if counting && taken == COUNTED {
                break;
            }
            if let (Ok(ours), Ok(theirs)) = (weburl::Url::parse(input), url::Url::parse(input)) {
                urls.push((input.clone(), ours, theirs));
                taken += 1;
            }
        }
    }
    if quick {
        urls.truncate(2000);
    }
    if let Some(i) = args.iter().position(|a| a == "--count") {
        return count(&urls, &args[i + 1..]);
    }
    println!(
        "{} URLs parsed by both weburl and url, {rounds} rounds",
        urls.len()
    );

    // Agreement first: the same answer for every URL and pattern.
    let mut disagreements = 0;
    for spec in PATTERNS {
        let (ours, theirs) = (spec.ours(), spec.theirs());
        let mut matched = 0;
        for (input, w, u) in &urls {
            let a = ours.test_url(w);
            let b = theirs
                .test(urlpattern::UrlPatternMatchInput::Url(u.clone()))
                .unwrap_or(false);
            matched += usize::from(a);
            if a != b {
                disagreements += 1;
                if disagreements <= 10 {
                    println!(
                        "DISAGREE {}: {input}: weburl-pattern {a}, urlpattern {b}",
                        spec.label()
                    );
                }
            }
        }
        println!("{}: {matched} of {} URLs match", spec.label(), urls.len());
    }
    if disagreements > 0 {
        println!("{disagreements} disagreements");
        return ExitCode::FAILURE;
    }

    let builds = if quick { 20 } else { 200 };
    println!();
    println!("| pattern | construct: weburl-pattern | urlpattern | ratio | test(URL): weburl-pattern | urlpattern | ratio | test(string): weburl-pattern | urlpattern | ratio |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for spec in PATTERNS {
        let (c_ours, c_theirs) = race(
            rounds,
            builds,
            || {
                cpu_ns(|| {
                    (0..builds)
                        .map(|_| black_box(spec.ours()).pathname().len() as u64)
                        .sum()
                })
            },
            || {
                cpu_ns(|| {
                    (0..builds)
                        .map(|_| black_box(spec.theirs()).pathname().len() as u64)
                        .sum()
                })
            },
        );
        let (ours, theirs) = (spec.ours(), spec.theirs());
        let n = urls.len();
        let (t_ours, t_theirs) = race(
            rounds,
            n,
            || hot_blocks(&urls, |(_, w, _)| ours.test_url(w)),
            || {
                hot_blocks(&urls, |(_, _, u)| {
                    theirs
                        .test(urlpattern::UrlPatternMatchInput::Url(u.clone()))
                        .unwrap_or(false)
                })
            },
        );
        let (s_ours, s_theirs) = race(
            rounds,
            n,
            || {
                cpu_ns(|| {
                    urls.iter()
                        .filter(|(s, _, _)| ours.test_str(black_box(s)))
                        .count() as u64
                })
            },
            || {
                cpu_ns(|| {
                    urls.iter()
                        .filter(|(s, _, _)| {
                            url::Url::parse(black_box(s)).is_ok_and(|u| {
                                theirs
                                    .test(urlpattern::UrlPatternMatchInput::Url(u))
                                    .unwrap_or(false)
                            })
                        })
                        .count() as u64
                })
            },
        );
        println!(
            "| `{}` | {:.2} µs | {:.2} µs | {:.1}× | {:.0} ns | {:.0} ns | {:.1}× | {:.0} ns | {:.0} ns | {:.1}× |",
            spec.label(),
            c_ours / 1e3,
            c_theirs / 1e3,
            c_theirs / c_ours,
            t_ours,
            t_theirs,
            t_theirs / t_ours,
            s_ours,
            s_theirs,
            s_theirs / s_ours,
        );
    }
    ExitCode::SUCCESS
}
