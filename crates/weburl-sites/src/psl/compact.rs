//! The list in a compact form, for builds where size counts more than the
//! first lookup's time (feature `compact-list`, which the WebAssembly
//! module turns on): `list.txt`, the rules as text, about 90 KB that gzip
//! to about 35 KB, where the compiled-in table is 430 KB (96 KB gzipped).
//! The first lookup reads it into the very table `table.rs` holds (the
//! same [`lay_out`]), once.
//!
//! The format, written by `generate`: after the header's `//` lines, the
//! ICANN section's rules, an empty line, the PRIVATE section's. A rule is
//! written with its labels from right to left (`uk.co` for `co.uk`),
//! rules sorted so, each line starting with how many labels (one digit) it
//! shares with the line before, then `*` for a wildcard rule (`*.ck`) or
//! `!` for an exception (`!www.ck`), then its other labels. A line that
//! shares all its labels adds a kind of rule to the line before's.
//!
//! ```text
//! 0uk
//! 1ac
//! 1co
//! ```

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::layout::{lay_out, Layout};
use super::{
    Table, EXCEPTION_ICANN, EXCEPTION_PRIVATE, RULE_ICANN, RULE_PRIVATE, WILDCARD_ICANN,
    WILDCARD_PRIVATE,
};

/// The list, generated from `testdata/psl/public_suffix_list.dat`.
pub(super) static LIST: &str = include_str!("list.txt");

/// The table of [`LIST`], built at the first call.
pub(super) fn table() -> Table<'static> {
    static BUILT: OnceLock<Layout> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            // The generator lays the same nodes out before writing the
            // file, and its test reads the file back: this cannot fail.
            lay_out(&nodes(LIST)).expect("the generated list lays out")
        })
        .table()
}

/// The nodes of a list in the compact form: `suffix -> flags`, every
/// suffix of a rule a node of its own (flags 0 when no rule ends there).
pub(super) fn nodes(text: &str) -> BTreeMap<String, u32> {
    // Per section (0: ICANN, 1: PRIVATE): rule, wildcard, exception.
    const KINDS: [[u32; 3]; 2] = [
        [RULE_ICANN, WILDCARD_ICANN, EXCEPTION_ICANN],
        [RULE_PRIVATE, WILDCARD_PRIVATE, EXCEPTION_PRIVATE],
    ];
    let mut nodes = BTreeMap::<String, u32>::new();
    let mut kinds = KINDS[0];
    // The labels of the line before, right to left.
    let mut labels: Vec<&str> = Vec::new();
    let mut key = String::new();
    for line in text.lines() {
        if line.starts_with("//") {
            continue;
        }
        let Some(&count) = line.as_bytes().first() else {
            kinds = KINDS[1];
            continue;
        };
        let rest = line.get(1..).unwrap_or_default();
        let (flag, rest) = match rest.as_bytes().first() {
            Some(b'*') => (kinds[1], &rest[1..]),
            Some(b'!') => (kinds[2], &rest[1..]),
            _ => (kinds[0], rest),
        };
        labels.truncate(usize::from(count.wrapping_sub(b'0')));
        labels.extend(rest.split('.').filter(|label| !label.is_empty()));
        key.clear();
        for label in labels.iter().rev() {
            if !key.is_empty() {
                key.push('.');
            }
            key.push_str(label);
        }
        // The node, then its suffixes up to the first one already there
        // (whose own suffixes are then there too).
        *nodes.entry(key.clone()).or_default() |= flag;
        for (dot, _) in key.match_indices('.') {
            let suffix = &key[dot + 1..];
            if nodes.contains_key(suffix) {
                break;
            }
            nodes.insert(suffix.to_owned(), 0);
        }
    }
    nodes
}
