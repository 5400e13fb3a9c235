//! Differential test: weburl against ada (the `ada-url` crate, in process)
//! on inputs mutated from the WPT data and from real-world URLs.
//!
//! Both parse each input, alone or against a base URL, and must agree on
//! success, on the href, on the nine component getters and on the origin.
//! A disagreement that `fuzz/allowed_divergences.md` explains (all of them
//! ada bugs, recognized by `weburl_test_support::divergences`) is counted by entry;
//! every other one is collected, the first 50 are printed with a minimized
//! input and weburl's diagram, and the test fails.
//!
//! * `WEBURL_DIFF_CASES=<n>`: the number of generated cases (default
//!   1,000,000; the workspace builds weburl and ada optimized even in the
//!   test profile, so this takes seconds).
//! * `WEBURL_DIFF_SEED=<n>`: the generator's seed (default fixed).
//!
//! Run with `--nocapture` to see the counts and the time.

use std::collections::BTreeMap;
use std::time::Instant;

use crate::generator::{mutate, real_world_seeds, wpt_seeds, Rng, Seed, FIXED_BASES};
use weburl::Url;
// The `differential` fuzz target's comparison, so that this test and the
// target compare the same fields.
use weburl_test_support::ada_compare::differences;
use weburl_test_support::divergences;

const DEFAULT_SEED: u64 = 0x5EED_0F0A_DA00;
const SHOWN: usize = 50;

/// What weburl says about one (input, base) pair.
fn weburl_parse(input: &str, base: Option<&str>) -> Option<Url> {
    match base {
        None => Url::parse(input).ok(),
        Some(base) => Url::parse(base).ok()?.join(input).ok(),
    }
}

/// The differences between weburl's and ada's results (ada_compare's, the
/// `differential` fuzz target's), after weburl's own `can_parse` is checked
/// against its `parse`; `None` when they agree.
fn compare(ours: Option<&Url>, ours_can: bool, theirs: Option<&ada_url::Url>) -> Option<String> {
    let mut out = String::new();
    if ours.is_some() != ours_can {
        out.push_str(&format!(
            "weburl's can_parse ({ours_can}) disagrees with its parse ({})\n",
            ours.is_some()
        ));
    }
    out.push_str(&differences(ours, theirs));
    (!out.is_empty()).then_some(out)
}

/// Parses with both and compares.
fn check(input: &str, base: Option<&str>) -> Option<String> {
    let ours = weburl_parse(input, base);
    let ours_can = Url::can_parse(input, base);
    let theirs = ada_url::Url::parse(input, base).ok();
    compare(ours.as_ref(), ours_can, theirs.as_ref())
}

/// Deletes characters from the input (and the base) while the two still
/// disagree, to report a small input.
fn minimize(input: &str, base: Option<&str>) -> (String, Option<String>) {
    fn shrink(s: &str, keeps: impl Fn(&str) -> bool) -> String {
        let mut chars: Vec<char> = s.chars().collect();
        let mut budget = 4000;
        for chunk in [16, 8, 4, 2, 1] {
            let mut i = 0;
            while i < chars.len() && budget > 0 {
                budget -= 1;
                let end = (i + chunk).min(chars.len());
                let candidate: String = chars[..i].iter().chain(&chars[end..]).collect();
                if keeps(&candidate) {
                    chars.drain(i..end);
                } else {
                    i += 1;
                }
            }
        }
        chars.into_iter().collect()
    }
    let input = shrink(input, |candidate| check(candidate, base).is_some());
    if base.is_some() && check(&input, None).is_some() {
        return (input, None);
    }
    let base = base.map(|b| shrink(b, |candidate| check(&input, Some(candidate)).is_some()));
    (input, base)
}

#[derive(Debug)]
struct Disagreement {
    case: usize,
    input: String,
    base: Option<String>,
    details: String,
}

fn report(disagreements: &[Disagreement]) -> String {
    let mut out = format!(
        "{} disagreements between weburl and ada\n",
        disagreements.len()
    );
    for d in disagreements.iter().take(SHOWN) {
        let (input, base) = minimize(&d.input, d.base.as_deref());
        out.push_str(&format!(
            "\n--- case {}: input {:?} base {:?}\nminimized: input {:?} base {:?}\n{}",
            d.case,
            d.input,
            d.base,
            input,
            base,
            check(&input, base.as_deref()).unwrap_or_else(|| d.details.clone()),
        ));
        if let Some(url) = weburl_parse(&input, base.as_deref()) {
            out.push_str(&url.diagram());
            out.push('\n');
        }
        if let Some(url) = weburl_parse(&d.input, d.base.as_deref()) {
            out.push_str("weburl, original input:\n");
            out.push_str(&url.diagram());
            out.push('\n');
        }
    }
    if disagreements.len() > SHOWN {
        out.push_str(&format!("\n... and {} more\n", disagreements.len() - SHOWN));
    }
    out
}

fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, got {value:?}")),
    )
}

/// The WPT inputs as they are, against their own base and every fixed base.
#[test]
fn wpt_inputs_agree_with_ada() {
    let mut disagreements = Vec::new();
    let seeds = wpt_seeds();
    let mut case = 0;
    for seed in &seeds {
        let bases = std::iter::once(seed.base.as_deref())
            .chain(std::iter::once(None))
            .chain(FIXED_BASES.iter().map(|b| Some(*b)));
        for base in bases {
            case += 1;
            if let Some(details) = check(&seed.input, base) {
                disagreements.push(Disagreement {
                    case,
                    input: seed.input.clone(),
                    base: base.map(str::to_owned),
                    details,
                });
            }
        }
    }
    println!("{case} WPT (input, base) pairs compared with ada");
    assert!(disagreements.is_empty(), "{}", report(&disagreements));
}

/// Mutated WPT and real-world inputs, alone and against bases.
#[test]
fn mutated_inputs_agree_with_ada() {
    let default_cases = 1_000_000;
    let cases = env_number("WEBURL_DIFF_CASES").unwrap_or(default_cases) as usize;
    let mut rng = Rng::new(env_number("WEBURL_DIFF_SEED").unwrap_or(DEFAULT_SEED));

    let mut seeds = wpt_seeds();
    let wpt_count = seeds.len();
    // One line in 16 of the real-world lists: about 23,000 seeds.
    let (real_world, files) = real_world_seeds(16);
    if files.is_empty() {
        println!("note: testdata/urls/ is missing; seeding from the WPT inputs only");
    }
    seeds.extend(real_world);
    let fixed: Vec<Url> = FIXED_BASES
        .iter()
        .map(|b| Url::parse(b).expect("fixed bases parse"))
        .collect();

    let started = Instant::now();
    let (mut parsed, mut failed) = (0usize, 0usize);
    let mut disagreements = Vec::new();
    let mut explained: BTreeMap<&str, usize> = BTreeMap::new();
    for case in 0..cases {
        let seed: &Seed = rng.pick(&seeds);
        let other = &rng.pick(&seeds).input;
        let input = if rng.chance(3) {
            seed.input.clone()
        } else {
            mutate(&mut rng, &seed.input, other)
        };
        // No base, a fixed base, or the seed's own base (sometimes mutated).
        let (base, ours, ours_can) = match rng.below(10) {
            0..=3 => (None, Url::parse(&input).ok(), Url::can_parse(&input, None)),
            4..=7 => {
                let k = rng.below(FIXED_BASES.len());
                let options = Url::options().base_url(Some(&fixed[k]));
                let can = options.can_parse(&input);
                (
                    Some(FIXED_BASES[k].to_owned()),
                    fixed[k].join(&input).ok(),
                    can,
                )
            }
            _ => {
                let base = match &seed.base {
                    Some(b) if rng.chance(80) => b.clone(),
                    Some(b) => mutate(&mut rng, b, other),
                    None => rng.pick(&FIXED_BASES).to_string(),
                };
                let ours = weburl_parse(&input, Some(&base));
                let can = Url::can_parse(&input, Some(&base));
                (Some(base), ours, can)
            }
        };
        let theirs = ada_url::Url::parse(input.as_str(), base.as_deref()).ok();
        if ours.is_some() {
            parsed += 1;
        } else {
            failed += 1;
        }
        if let Some(details) = compare(ours.as_ref(), ours_can, theirs.as_ref()) {
            if let (None, Some(theirs)) = (&ours, &theirs) {
                let base_url = base.as_deref().and_then(|b| Url::parse(b).ok());
                let error = Url::options()
                    .base_url(base_url.as_ref())
                    .parse(&input)
                    .err();
                let entry = error.and_then(|e| {
                    divergences::weburl_fails_ada_parses(
                        &input,
                        base.as_deref(),
                        e,
                        theirs.hostname(),
                    )
                });
                if let Some(entry) = entry {
                    *explained.entry(entry).or_default() += 1;
                    continue;
                }
            }
            disagreements.push(Disagreement {
                case,
                input,
                base,
                details,
            });
        }
    }
    let elapsed = started.elapsed();
    println!(
        "{cases} generated cases ({parsed} parsed, {failed} failed) compared with ada in {:.1} s \
         ({} build); seeds: {wpt_count} WPT inputs, {}",
        elapsed.as_secs_f64(),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        if files.is_empty() {
            "no real-world lists".to_owned()
        } else {
            files.join(", ")
        },
    );
    for (entry, count) in &explained {
        println!("{count} explained by allowed_divergences.md entry {entry}");
    }
    println!("{} unexplained disagreements", disagreements.len());
    assert!(disagreements.is_empty(), "{}", report(&disagreements));
}
