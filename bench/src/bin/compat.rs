//! Benchmarks compat/url (the `url` crate's API on weburl) against the
//! `url` crate itself (rust-url 2.5), in one run, on the vendored lists:
//!
//! - `parse`: `Url::parse` and `as_str`, on each of the five URL lists;
//! - `join`: `base.join(reference)` on the `relative` list;
//! - `query_pairs`: iterating `query_pairs()` of URLs parsed beforehand
//!   (both crates return `form_urlencoded::Parse` over the query string,
//!   so this times `query()` and the same iterator);
//! - `parse+query_pairs`: a parse followed by that iteration, as a server
//!   reading a request's parameters does;
//! - `set_query`: a clone of a parsed URL and `set_query(Some(..))`;
//! - `set_query in place`: `set_query(Some(..))` on URLs parsed beforehand,
//!   in place (after the first round, the value they already have): the
//!   setter without the clone's allocation.
//!
//! Before any timing, every answer of compat/url is checked against
//! weburl's own API (same href or same failure, same query pairs): a
//! difference fails the run. Differences from rust-url are counted and
//! reported (rust-url does not follow the URL Standard on every input).
//! Rounds are interleaved, alternating which crate goes first; the report
//! gives the median CPU time per operation and the ratio compat/rust-url.
//!
//! `--count WORKLOAD LIST compat|rust-url|none` runs one pass of a workload
//! over a list and nothing else, for callgrind: the instructions of a run
//! less those of `none`, divided by the list's length, are the
//! instructions per operation.
//!
//! usage: compat [--quick] [--rounds N] [--count WORKLOAD LIST WHO]

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;

use cpu_time::ThreadTime;

#[path = "../data.rs"]
#[allow(dead_code)]
mod data;

/// The base URL of the `join` workload: the main benchmark's `relative` base.
const BASE: &str = "https://www.example.com/dir/sub/page.html?x=1#frag";
/// The value of the `set_query` workload.
const NEW_QUERY: &str = "q=bench&lang=en";

const WORKLOADS: [&str; 5] = [
    "parse",
    "join",
    "query_pairs",
    "parse+query_pairs",
    "set_query",
];

/// One pass of a workload over a list: the answer (a checksum both crates
/// must agree on for the inputs where they agree).
macro_rules! pass {
    ($url:ident, $workload:expr, $inputs:expr, $parsed:expr, $in_place:expr, $base:expr) => {{
        let mut sum = 0u64;
        match $workload {
            "parse" => {
                for input in $inputs {
                    if let Ok(url) = $url::Url::parse(black_box(input)) {
                        sum += url.as_str().len() as u64;
                    }
                }
            }
            "join" => {
                for input in $inputs {
                    if let Ok(url) = $base.join(black_box(input)) {
                        sum += url.as_str().len() as u64;
                    }
                }
            }
            "query_pairs" => {
                for url in $parsed {
                    for (k, v) in black_box(url).query_pairs() {
                        sum += (k.len() + v.len() + 1) as u64;
                    }
                }
            }
            "parse+query_pairs" => {
                for input in $inputs {
                    if let Ok(url) = $url::Url::parse(black_box(input)) {
                        for (k, v) in url.query_pairs() {
                            sum += (k.len() + v.len() + 1) as u64;
                        }
                    }
                }
            }
            "set_query" => {
                for url in $parsed {
                    let mut url = black_box(url).clone();
                    url.set_query(Some(black_box(NEW_QUERY)));
                    sum += url.as_str().len() as u64;
                }
            }
            "set_query in place" => {
                for url in $in_place.borrow_mut().iter_mut() {
                    url.set_query(Some(black_box(NEW_QUERY)));
                    sum += url.as_str().len() as u64;
                }
            }
            other => unreachable!("workload {other}"),
        }
        sum
    }};
}

/// The inputs of each workload: `join` reads the `relative` list, the
/// others the five URL lists.
struct Case {
    list: &'static str,
    workload: &'static str,
    inputs: Vec<String>,
    compat: Vec<url_compat::Url>,
    rust_url: Vec<url::Url>,
    /// The URLs `set_query in place` changes.
    compat_in_place: std::cell::RefCell<Vec<url_compat::Url>>,
    rust_url_in_place: std::cell::RefCell<Vec<url::Url>>,
}

fn run(case: &Case, who: &str) -> u64 {
    let inputs = case.inputs.iter().map(String::as_str);
    match who {
        "compat" => {
            let base = url_compat::Url::parse(BASE).expect("base parses");
            pass!(
                url_compat,
                case.workload,
                inputs,
                &case.compat,
                case.compat_in_place,
                base
            )
        }
        "rust-url" => {
            let base = url::Url::parse(BASE).expect("base parses");
            pass!(
                url,
                case.workload,
                inputs,
                &case.rust_url,
                case.rust_url_in_place,
                base
            )
        }
        _ => 0,
    }
}

/// compat/url against weburl's own API on every input of `case`; the
/// differences from rust-url, counted.
fn verify(case: &Case) -> Result<usize, String> {
    let weburl_base = weburl::Url::parse(BASE).expect("base parses");
    let compat_base = url_compat::Url::parse(BASE).expect("base parses");
    let rust_base = url::Url::parse(BASE).expect("base parses");
    let mut differ = 0;
    for input in &case.inputs {
        let (ours, reference, theirs) = if case.workload == "join" {
            (
                compat_base.join(input).map(|u| u.as_str().to_owned()).ok(),
                weburl_base.join(input).map(|u| u.href().to_owned()).ok(),
                rust_base.join(input).map(|u| u.as_str().to_owned()).ok(),
            )
        } else {
            (
                url_compat::Url::parse(input)
                    .map(|u| u.as_str().to_owned())
                    .ok(),
                weburl::Url::parse(input).map(|u| u.href().to_owned()).ok(),
                url::Url::parse(input).map(|u| u.as_str().to_owned()).ok(),
            )
        };
        if ours != reference {
            return Err(format!("{input:?}: compat {ours:?}, weburl {reference:?}"));
        }
        if let (Some(url), Some(weburl)) = (
            url_compat::Url::parse(input).ok(),
            weburl::Url::parse(input).ok(),
        ) {
            let pairs: Vec<_> = url.query_pairs().collect();
            let reference: Vec<_> =
                weburl::form_urlencoded::parse(weburl.query().unwrap_or("").as_bytes()).collect();
            if pairs.len() != reference.len()
                || pairs
                    .iter()
                    .zip(&reference)
                    .any(|(a, b)| a.0 != b.0 || a.1 != b.1)
            {
                return Err(format!("{input:?}: query pairs differ from weburl's"));
            }
            let mut set = url.clone();
            set.set_query(Some(NEW_QUERY));
            let mut reference = weburl.clone();
            reference
                .set_search(NEW_QUERY)
                .map_err(|e| format!("{input:?}: {e}"))?;
            if set.as_str() != reference.href() {
                return Err(format!(
                    "{input:?}: set_query gives {:?}, weburl {:?}",
                    set.as_str(),
                    reference.href()
                ));
            }
        }
        differ += usize::from(ours != theirs);
    }
    Ok(differ)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The cases; with `only`, that workload's alone (for `--count`, which
/// should spend as few instructions as it can outside the pass).
fn cases(dir: &Path, only: Option<&str>) -> Result<Vec<Case>, String> {
    let lists = data::load(dir, |name| {
        data::FILES.iter().any(|f| f.0 == name) || name == "relative"
    })
    .map_err(|e| format!("reading {}: {e}", dir.display()))?;
    let mut cases = Vec::new();
    let all: Vec<String> = lists
        .iter()
        .filter(|l| l.name != "relative")
        .flat_map(|l| l.inputs.iter().cloned())
        .collect();
    for list in &lists {
        let workloads: &[&'static str] = if list.name == "relative" {
            &["join"]
        } else {
            &["parse"]
        };
        for &workload in workloads {
            cases.push(Case {
                list: list.name,
                workload,
                inputs: list.inputs.clone(),
                compat: vec![],
                rust_url: vec![],
                compat_in_place: Default::default(),
                rust_url_in_place: Default::default(),
            });
        }
    }
    cases.retain(|c| only.is_none_or(|w| w == c.workload));
    for workload in [
        "query_pairs",
        "parse+query_pairs",
        "set_query",
        "set_query in place",
    ] {
        if only.is_some_and(|w| w != workload) {
            continue;
        }
        // The URLs both crates parse, so the two loops see the same URLs.
        let inputs: Vec<String> = all
            .iter()
            .filter(|i| url_compat::Url::parse(i).is_ok() && url::Url::parse(i).is_ok())
            .cloned()
            .collect();
        let compat: Vec<_> = inputs
            .iter()
            .map(|i| url_compat::Url::parse(i).expect("parses"))
            .collect();
        let rust_url: Vec<_> = inputs
            .iter()
            .map(|i| url::Url::parse(i).expect("parses"))
            .collect();
        cases.push(Case {
            list: "all five",
            workload,
            inputs,
            compat_in_place: compat.clone().into(),
            rust_url_in_place: rust_url.clone().into(),
            compat,
            rust_url,
        });
    }
    Ok(cases)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(if quick { 3 } else { 15 });
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/urls");
    let count = args.iter().position(|a| a == "--count");
    let only = count.and_then(|i| args.get(i + 1)).map(String::as_str);
    let cases = match cases(&dir, only) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(i) = count {
        let (Some(workload), Some(list), Some(who)) =
            (args.get(i + 1), args.get(i + 2), args.get(i + 3))
        else {
            eprintln!("usage: compat --count WORKLOAD LIST compat|rust-url|none");
            return ExitCode::FAILURE;
        };
        let Some(case) = cases
            .iter()
            .find(|c| c.workload == workload && c.list == list)
        else {
            eprintln!("no case {workload} on {list}; workloads: {WORKLOADS:?}");
            return ExitCode::FAILURE;
        };
        println!(
            "{} operations, answer {}",
            case.inputs.len(),
            black_box(run(case, who))
        );
        return ExitCode::SUCCESS;
    }

    println!("compat/url vs the url crate (rust-url, as bench/Cargo.lock pins it): median CPU ns per operation over {rounds} rounds");
    println!(
        "{:<19} {:<13} {:>7} {:>10} {:>10} {:>7} {:>12}",
        "workload", "list", "inputs", "compat", "rust-url", "ratio", "differ (rust)"
    );
    let mut failed = false;
    for case in &cases {
        let differ = match verify(case) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("FAIL {} {}: {e}", case.workload, case.list);
                failed = true;
                continue;
            }
        };
        let mut times = [Vec::new(), Vec::new()];
        let mut answers = [None, None];
        for round in 0..rounds {
            for k in 0..2 {
                let who = (round + k) % 2;
                let start = ThreadTime::now();
                let answer = run(case, ["compat", "rust-url"][who]);
                times[who].push(start.elapsed().as_nanos() as f64 / case.inputs.len() as f64);
                if *answers[who].get_or_insert(answer) != answer {
                    eprintln!(
                        "FAIL {} {}: answers change between rounds",
                        case.workload, case.list
                    );
                    failed = true;
                }
            }
        }
        let [compat, rust_url] = times.map(median);
        println!(
            "{:<19} {:<13} {:>7} {:>10.1} {:>10.1} {:>7.3} {:>12}",
            case.workload,
            case.list,
            case.inputs.len(),
            compat,
            rust_url,
            compat / rust_url,
            differ
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
