//! A plain reading of the Public Suffix List: every rule in a hash map and
//! the list's formal algorithm as written
//! (<https://github.com/publicsuffix/list/wiki/Format#formal-algorithm>),
//! with no table, no hashing of our own and no word tricks. It is what
//! weburl-sites' compiled lookup is held to: by `crates/weburl-sites/tests/psl.rs`,
//! by the `psl` fuzz target and by the benchmark's answer check.

use std::collections::HashMap;
use std::sync::OnceLock;

use weburl::{Host, Url};
use weburl_sites::Sites;

/// The vendored list, as weburl-sites' table is generated from it.
const VENDORED: &str = include_str!("../../../testdata/psl/public_suffix_list.dat");

/// What a rule says of the suffix it names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// `example.com`: a public suffix.
    Normal,
    /// `*.example.com`: every label under it is a public suffix too.
    Wildcard,
    /// `!www.example.com`: not a public suffix, whatever a wildcard says.
    Exception,
}

/// The rules of the list, keyed by the suffix they name in the ASCII form a
/// URL host has, with their kind and whether they are in the ICANN section.
#[derive(Debug)]
pub struct PlainList {
    rules: HashMap<String, Vec<(Kind, bool)>>,
}

/// A domain's public suffix and registrable domain, as `&str`s of it.
pub type Split<'d> = (&'d str, Option<&'d str>);

impl PlainList {
    /// The vendored list (`testdata/psl/public_suffix_list.dat`), read once.
    pub fn vendored() -> &'static PlainList {
        static LIST: OnceLock<PlainList> = OnceLock::new();
        LIST.get_or_init(|| PlainList::parse(VENDORED))
    }

    /// Reads a list in the format of `public_suffix_list.dat`.
    pub fn parse(text: &str) -> PlainList {
        let mut rules: HashMap<String, Vec<(Kind, bool)>> = HashMap::new();
        let mut icann = true;
        for line in text.lines() {
            if line.contains("===BEGIN PRIVATE DOMAINS===") {
                icann = false;
            }
            let Some(rule) = line.split_whitespace().next() else {
                continue;
            };
            if rule.starts_with("//") {
                continue;
            }
            let (kind, name) = if let Some(name) = rule.strip_prefix('!') {
                (Kind::Exception, name)
            } else if let Some(name) = rule.strip_prefix("*.") {
                (Kind::Wildcard, name)
            } else {
                (Kind::Normal, rule)
            };
            // IDN rules are written in Unicode; hosts are ASCII.
            let ascii = Url::parse(&format!("http://{name}/"))
                .ok()
                .and_then(|url| match url.typed_host() {
                    Some(Host::Domain(domain)) => Some(domain.to_owned()),
                    _ => None,
                })
                .unwrap_or_else(|| name.to_owned());
            rules.entry(ascii).or_default().push((kind, icann));
        }
        PlainList { rules }
    }

    /// The suffixes the rules name, each once, in the ASCII form of a URL
    /// host.
    pub fn suffixes(&self) -> impl Iterator<Item = &str> {
        self.rules.keys().map(String::as_str)
    }

    /// How many labels at the end of `labels` (lowercase, none empty) the
    /// public suffix has: the formal algorithm's matching rules, an
    /// exception prevailing, else the rule with the most labels, else `*`.
    pub fn public_suffix_labels(&self, labels: &[&str], icann_only: bool) -> usize {
        let has = |suffix: &[&str], want: Kind| {
            self.rules.get(&suffix.join(".")).is_some_and(|kinds| {
                kinds
                    .iter()
                    .any(|&(kind, icann)| kind == want && (icann || !icann_only))
            })
        };
        let mut best = 1;
        for take in 1..=labels.len() {
            let suffix = &labels[labels.len() - take..];
            if has(suffix, Kind::Exception) {
                return take - 1;
            }
            if has(suffix, Kind::Normal) || (take > 1 && has(&suffix[1..], Kind::Wildcard)) {
                best = take;
            }
        }
        best
    }

    /// `domain`'s public suffix and registrable domain by the list's ICANN
    /// and PRIVATE sections (or the ICANN section alone), as weburl answers
    /// them: ASCII letters match in either case, a trailing dot is kept,
    /// and a domain with an empty label (other than the one a trailing dot
    /// makes) has neither.
    pub fn split<'d>(&self, domain: &'d str, icann_only: bool) -> Option<Split<'d>> {
        let name = domain.strip_suffix('.').unwrap_or(domain);
        let labels: Vec<&str> = name.split('.').collect();
        if labels.iter().any(|label| label.is_empty()) {
            return None;
        }
        let lower = name.to_ascii_lowercase();
        let lower: Vec<&str> = lower.split('.').collect();
        let take = self.public_suffix_labels(&lower, icann_only);
        // Where the label `at` labels from the end starts in `domain`.
        let start_of = |at: usize| -> usize {
            labels[labels.len() - at..]
                .iter()
                .map(|l| l.len() + 1)
                .sum::<usize>()
                - 1
        };
        let suffix = &domain[name.len() - start_of(take)..];
        let registrable = (take < labels.len()).then(|| &domain[name.len() - start_of(take + 1)..]);
        Some((suffix, registrable))
    }

    /// Compares weburl-sites' public suffix and registrable domain of
    /// `Host::Domain(domain)`, by both sections and by the ICANN section
    /// alone, with this reading; `Err` says what differs.
    pub fn compare(&self, domain: &str) -> Result<(), String> {
        let host = Host::Domain(domain);
        for icann_only in [false, true] {
            let want = self.split(domain, icann_only);
            let (suffix, registrable) = if icann_only {
                (host.icann_public_suffix(), host.icann_registrable_domain())
            } else {
                (host.public_suffix(), host.registrable_domain())
            };
            let found = suffix.map(|suffix| (suffix, registrable));
            if found != want || (suffix.is_none() && registrable.is_some()) {
                return Err(format!(
                    "{domain:?} (ICANN section only: {icann_only}): the plain reading gives \
                     {want:?}, weburl {suffix:?} / {registrable:?}"
                ));
            }
        }
        Ok(())
    }
}
