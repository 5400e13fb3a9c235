//! Before timing: do the implementations give the same answers?
//!
//! For every input of every list, each implementation's result is its href,
//! or failure. Pairs that differ are counted and written out in full.

use std::fmt::Write as _;

use crate::ada_native::{fnv1a, NativeList};
use crate::impls::{self, Ada, CanParse, Parser, Resolve, RustUrl, Weburl};
use crate::workloads::Workload;

/// The three implementations compared, in column order.
pub const NAMES: [&str; 3] = ["weburl", "ada", "url"];
/// The pairs compared, as indices into `NAMES`.
pub const PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

type Outcomes = Vec<Option<String>>;

#[derive(Debug, Default)]
pub struct PairCount {
    /// Inputs with different results.
    pub differ: usize,
    /// Of those, the ones that parse in one and fail in the other.
    pub validity: usize,
    /// The first few differing inputs, as indices.
    pub examples: Vec<usize>,
}

/// What the report keeps of an `Agreement`.
#[derive(Debug)]
pub struct Summary {
    pub workload: Workload,
    pub list: &'static str,
    pub inputs: usize,
    /// Per pair: the counts, and the examples described.
    pub pairs: Vec<(PairCount, Vec<String>)>,
}

#[derive(Debug)]
pub struct Agreement {
    pub workload: Workload,
    pub list: &'static str,
    pub inputs: Vec<String>,
    /// Per implementation, per input.
    pub results: [Outcomes; 3],
    pub pairs: [PairCount; 3],
}

const EXAMPLES: usize = 3;

impl Agreement {
    fn new(
        workload: Workload,
        list: &'static str,
        inputs: &[String],
        results: [Outcomes; 3],
    ) -> Agreement {
        let pairs = PAIRS.map(|(a, b)| {
            let mut count = PairCount::default();
            for (i, (x, y)) in results[a].iter().zip(&results[b]).enumerate() {
                if x != y {
                    count.differ += 1;
                    count.validity += usize::from(x.is_some() != y.is_some());
                    if count.examples.len() < EXAMPLES {
                        count.examples.push(i);
                    }
                }
            }
            count
        });
        Agreement {
            workload,
            list,
            inputs: inputs.to_vec(),
            results,
            pairs,
        }
    }

    pub fn summary(self) -> Summary {
        let pairs = self
            .pairs
            .iter()
            .map(|count| {
                let examples = count.examples.iter().map(|&i| self.describe(i)).collect();
                (
                    PairCount {
                        differ: count.differ,
                        validity: count.validity,
                        examples: count.examples.clone(),
                    },
                    examples,
                )
            })
            .collect();
        Summary {
            workload: self.workload,
            list: self.list,
            inputs: self.inputs.len(),
            pairs,
        }
    }

    /// Each implementation's answer for input `i`, for people to read.
    pub fn describe(&self, i: usize) -> String {
        let mut out = format!("input:  {:?}\n", self.inputs[i]);
        for (name, results) in NAMES.iter().zip(&self.results) {
            let answer = results[i]
                .as_deref()
                .map_or("FAILURE".to_owned(), |h| format!("{h:?}"));
            let _ = writeln!(out, "{name:<7} {answer}");
        }
        out
    }

    /// Every differing input, one block each.
    pub fn write_report(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "## workload {}, list {}: {} inputs",
            self.workload.name(),
            self.list,
            self.inputs.len()
        );
        for ((a, b), count) in PAIRS.iter().zip(&self.pairs) {
            let _ = writeln!(
                out,
                "#   {} vs {}: {} differ ({} parse in one only)",
                NAMES[*a], NAMES[*b], count.differ, count.validity
            );
        }
        let _ = writeln!(out);
        for i in 0..self.inputs.len() {
            let first = &self.results[0][i];
            if self.results[1..].iter().any(|r| &r[i] != first) {
                out.push_str(&self.describe(i));
                out.push('\n');
            }
        }
    }
}

fn parse_outcomes<P: Parser>(inputs: &[String]) -> Outcomes {
    inputs
        .iter()
        .map(|s| P::parse(s).map(|u| P::href(&u).to_owned()))
        .collect()
}

fn join_outcomes<R: Resolve>(inputs: &[String]) -> Outcomes {
    let base = R::base(impls::BASE);
    inputs
        .iter()
        .map(|s| R::join(&base, s).map(|u| R::href(&u).to_owned()))
        .collect()
}

fn setter_outcomes<P: Parser>(inputs: &[String], workload: Workload) -> Outcomes {
    inputs
        .iter()
        .map(|s| {
            let mut url = P::parse(s)?;
            match workload {
                Workload::SetSearch => P::set_search(&mut url, impls::NEW_SEARCH),
                Workload::SetPathname => P::set_pathname(&mut url, impls::NEW_PATHNAME),
                _ => P::set_host(&mut url, impls::NEW_HOST),
            }
            Some(P::href(&url).to_owned())
        })
        .collect()
}

/// Compares the three implementations on `workload` over `inputs`.
/// `can_parse` is compared as parse, plus `can_parse_mismatches`.
pub fn check(workload: Workload, list: &'static str, inputs: &[String]) -> Agreement {
    let results = match workload {
        Workload::Parse | Workload::CanParse => [
            parse_outcomes::<Weburl>(inputs),
            parse_outcomes::<Ada>(inputs),
            parse_outcomes::<RustUrl>(inputs),
        ],
        Workload::Relative => [
            join_outcomes::<Weburl>(inputs),
            join_outcomes::<Ada>(inputs),
            join_outcomes::<RustUrl>(inputs),
        ],
        w => [
            setter_outcomes::<Weburl>(inputs, w),
            setter_outcomes::<Ada>(inputs, w),
            setter_outcomes::<RustUrl>(inputs, w),
        ],
    };
    Agreement::new(workload, list, inputs, results)
}

/// Inputs where `can_parse` and `parse` of the same implementation
/// disagree, for weburl and ada: a bug in that implementation.
pub fn can_parse_mismatches(inputs: &[String]) -> [Vec<usize>; 2] {
    fn mismatches<P: Parser + CanParse>(inputs: &[String]) -> Vec<usize> {
        (0..inputs.len())
            .filter(|&i| P::can_parse(&inputs[i]) != P::parse(&inputs[i]).is_some())
            .collect()
    }
    [mismatches::<Weburl>(inputs), mismatches::<Ada>(inputs)]
}

/// Inputs where ada called natively (parse: whether it parses, the href's
/// length and hash; can_parse) answers otherwise than through the crate.
pub fn native_mismatches(inputs: &[String]) -> Vec<usize> {
    let native = NativeList::new(inputs).answers();
    (0..inputs.len())
        .filter(|&i| {
            let href = Ada::parse(&inputs[i]).map(|u| {
                let href = <Ada as Parser>::href(&u);
                (href.len() as u64, fnv1a(href))
            });
            native[i] != (href, Ada::can_parse(&inputs[i]))
        })
        .collect()
}

/// Inputs where ada called natively with a base parsed once resolves
/// otherwise than the crate does with the base as a string.
pub fn native_join_mismatches(inputs: &[String]) -> Vec<usize> {
    let native = NativeList::new(inputs).join_answers(impls::BASE);
    let base = <Ada as Resolve>::base(impls::BASE);
    (0..inputs.len())
        .filter(|&i| {
            let href = <Ada as Resolve>::join(&base, &inputs[i]).map(|u| {
                let href = <Ada as Resolve>::href(&u);
                (href.len() as u64, fnv1a(href))
            });
            native[i] != href
        })
        .collect()
}

/// The inputs that all three implementations parse: what the setter
/// workloads run on.
pub fn parsed_by_all(inputs: &[String]) -> Vec<String> {
    inputs
        .iter()
        .filter(|s| {
            Weburl::parse(s).is_some() && Ada::parse(s).is_some() && RustUrl::parse(s).is_some()
        })
        .cloned()
        .collect()
}
