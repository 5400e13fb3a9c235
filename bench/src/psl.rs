//! `--psl`: registrable domain ("eTLD+1") per host, on the domain hosts of
//! the vendored URL lists, weburl against the `publicsuffix` and `psl`
//! crates in the same run.
//!
//! Before any timing, weburl's answer for every host is checked against a
//! plain reading of the vendored list (`weburl_test_support::psl_plain`:
//! every rule in a hash map, the list's formal algorithm as written); one
//! difference fails the run. The other
//! crates' disagreements with weburl are counted and shown, not failures:
//! `psl` carries a list snapshot of its own release.

use std::collections::HashSet;
use std::fs;
use std::hint::black_box;
use std::path::Path;

use weburl::{Host, Url};
use weburl_sites::Sites;
use weburl_test_support::psl_plain::PlainList;

use crate::data::List;
use crate::timing::Stopwatch;

/// The registrable domain of `host` by the plain reading of the list.
fn plain_registrable<'h>(plain: &PlainList, host: &'h str) -> Option<&'h str> {
    plain
        .split(host, false)
        .and_then(|(_, registrable)| registrable)
}

/// A contender: name, and the registrable domain of a host.
pub fn run(lists: &[List], data: &Path, rounds: usize) -> Result<(), String> {
    let list_path = data.join("../psl/public_suffix_list.dat");
    let list_text = fs::read_to_string(&list_path)
        .map_err(|e| format!("reading {}: {e}", list_path.display()))?;
    // The hosts one after another in one buffer, as a crawler's queue or a
    // column of a table holds them, rather than one allocation each.
    let mut buffer = String::new();
    let mut ends = Vec::new();
    for input in lists.iter().flat_map(|l| &l.inputs) {
        let Ok(url) = Url::parse(input) else { continue };
        if let Some(Host::Domain(domain)) = url.typed_host() {
            buffer.push_str(domain);
            ends.push(buffer.len());
        }
    }
    let hosts: Vec<&str> = ends
        .iter()
        .scan(0, |start, &end| {
            let host = &buffer[*start..end];
            *start = end;
            Some(host)
        })
        .collect();
    let distinct = hosts.iter().collect::<HashSet<_>>().len();
    let urls: usize = lists.iter().map(|l| l.inputs.len()).sum();
    println!(
        "psl: {} domain hosts ({distinct} distinct) from {urls} URLs of {} lists",
        hosts.len(),
        lists.len()
    );

    let plain = PlainList::parse(&list_text);
    let wrong: Vec<&&str> = hosts
        .iter()
        .filter(|h| Host::Domain(h).registrable_domain() != plain_registrable(&plain, h))
        .collect();
    if let Some(first) = wrong.first() {
        return Err(format!(
            "weburl's registrable domain differs from the plain reading of the list on {} hosts, \
             e.g. {first:?}: {:?} != {:?}",
            wrong.len(),
            Host::Domain(first).registrable_domain(),
            plain_registrable(&plain, first)
        ));
    }
    println!("psl: weburl agrees with the plain reading of the list on every host");

    let snapshot: publicsuffix::List = list_text
        .parse()
        .map_err(|e| format!("publicsuffix cannot read the list: {e}"))?;
    compare(&hosts, &snapshot, rounds)
}

/// A registrable domain lookup: the answer's bytes, as the crates give them.
type Lookup<'a, 'h> = dyn Fn(&'h str) -> Option<&'h [u8]> + 'a;

/// The other crates' answers against weburl's, then the timed rounds.
fn compare<'h>(
    hosts: &[&'h str],
    snapshot: &publicsuffix::List,
    rounds: usize,
) -> Result<(), String> {
    // Each answers with the registrable domain's bytes, as the crates give
    // them: a conversion to &str would time UTF-8 validation, not lookups.
    let weburl = |h: &'h str| Host::Domain(h).registrable_domain().map(str::as_bytes);
    let publicsuffix =
        |h: &'h str| publicsuffix::Psl::domain(snapshot, h.as_bytes()).map(|d| d.as_bytes());
    let psl = |h: &'h str| psl::domain(h.as_bytes()).map(|d| d.as_bytes());
    // A reference, not a contender: the same loop and checksum with no
    // lookup (the host itself as the answer), the harness's own cost.
    let floor = |h: &'h str| Some(h.as_bytes());
    let others: [(&str, &Lookup<'_, 'h>); 2] = [("publicsuffix", &publicsuffix), ("psl", &psl)];
    for (name, lookup) in others {
        let differ: Vec<&&str> = hosts.iter().filter(|h| lookup(h) != weburl(h)).collect();
        match differ.first() {
            None => println!("psl: {name} agrees with weburl on every host"),
            Some(h) => println!(
                "psl: {name} differs from weburl on {} hosts, e.g. {h:?}: {:?} (weburl {:?})",
                differ.len(),
                lookup(h).map(String::from_utf8_lossy),
                weburl(h).map(String::from_utf8_lossy)
            ),
        }
    }

    // Interleaved rounds, CPU time, as the other workloads. Each timed
    // pass is its own copy of `checksum` with the lookup inlined (no call
    // through a pointer), so that the harness costs the same for everyone.
    let names = [
        "weburl",
        "publicsuffix",
        "psl",
        "(the loop alone, no lookup)",
    ];
    let pass = |i: usize| match i {
        0 => checksum(hosts, weburl),
        1 => checksum(hosts, publicsuffix),
        2 => checksum(hosts, psl),
        _ => checksum(hosts, floor),
    };
    let expected: Vec<u64> = (0..names.len()).map(pass).collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for round in 0..rounds {
        for k in 0..names.len() {
            let i = (round + k) % names.len();
            let watch = Stopwatch::start();
            let answer = pass(i);
            let elapsed = watch.elapsed();
            if answer != expected[i] {
                return Err(format!("{}: answers changed in round {round}", names[i]));
            }
            times[i].push(elapsed.cpu.as_nanos() as f64 / hosts.len() as f64);
        }
    }
    let weburl = median(&times[0]);
    println!("\nregistrable_domain, median ns/host over {rounds} rounds (CPU time, one thread)\n");
    println!("| implementation | ns/host | ratio to weburl |\n|---|---:|---:|");
    for (name, t) in names.iter().zip(&times) {
        let m = median(t);
        println!("| {name} | {m:.1} | {:.2} |", m / weburl);
    }
    Ok(())
}

/// One pass over the hosts: a checksum of the answers, so that none is
/// optimised away; a copy per lookup (and not inlined into the caller), so
/// that callgrind counts each pass apart.
#[inline(never)]
fn checksum<'h>(hosts: &[&'h str], lookup: impl Fn(&'h str) -> Option<&'h [u8]>) -> u64 {
    hosts.iter().fold(0u64, |sum, &h| {
        let answer = lookup(black_box(h));
        sum.wrapping_mul(31)
            .wrapping_add(answer.map_or(1, |d| d.len() as u64 + 2))
    })
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}
