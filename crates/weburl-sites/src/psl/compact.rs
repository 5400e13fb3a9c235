//! The list in a compact form, for builds where size counts more than the
//! first lookup's time (feature `compact-list`, which the WebAssembly
//! module turns on): `list.txt`, the rules as text, 95 KB that gzip to
//! 34 KiB, where the compiled-in table is 434 KB (96 KiB gzipped).
//! The first lookup reads it into the very table `table.rs` holds (the
//! same [`lay_out`] of the same nodes), once.
//!
//! The format, written by `generate`: after the header's `//` lines, one
//! rule a line, its labels from right to left (`uk.co` for `co.uk`), rules
//! sorted so; a line starts with how many labels (one digit) it shares with
//! the line before, then `+` for a rule of the PRIVATE section, then `*`
//! for a wildcard rule (`*.ck`) or `!` for an exception (`!www.ck`), then
//! its other labels. A line that shares all its labels adds a kind of rule
//! to the line before's. So each label of the list's tree is written once,
//! where a depth-first walk meets it:
//!
//! ```text
//! 0uk
//! 1ac
//! 1co
//! ```

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
            // The generator lays out the nodes it reads back from the text
            // it writes: this cannot fail.
            lay_out(&nodes(LIST)).expect("the generated list lays out")
        })
        .table()
}

/// A node of the list's tree: a rule or a suffix of one.
pub(super) struct Node<'l> {
    /// Its leftmost label.
    pub(super) label: &'l str,
    /// The index of the node of the rest of its labels; `None` for a
    /// top-level label.
    pub(super) parent: Option<usize>,
    /// How many labels it has, less one.
    pub(super) depth: usize,
    /// Which kinds of rule end here (0 for a suffix that is no rule).
    pub(super) flags: u32,
}

/// The nodes of a list in the compact form, in the order a depth-first
/// walk meets them (parents before children); the labels borrow the text.
pub(super) fn nodes(text: &str) -> Vec<Node<'_>> {
    // Per section (0: ICANN, 1: PRIVATE): rule, wildcard, exception.
    const KINDS: [[u32; 3]; 2] = [
        [RULE_ICANN, WILDCARD_ICANN, EXCEPTION_ICANN],
        [RULE_PRIVATE, WILDCARD_PRIVATE, EXCEPTION_PRIVATE],
    ];
    let mut nodes: Vec<Node<'_>> = Vec::with_capacity(text.len() / 8);
    // The nodes of the line before's labels, right to left.
    let mut path: Vec<usize> = Vec::new();
    for line in text.lines() {
        let Some(&shared) = line.as_bytes().first() else {
            continue;
        };
        if line.starts_with("//") {
            continue;
        }
        let rest = line.get(1..).unwrap_or_default();
        let (section, rest) = rest.strip_prefix('+').map_or((0, rest), |rest| (1, rest));
        let (kind, rest) = match rest.as_bytes().first() {
            Some(b'*') => (1, &rest[1..]),
            Some(b'!') => (2, &rest[1..]),
            _ => (0, rest),
        };
        path.truncate(usize::from(shared.wrapping_sub(b'0')));
        for label in rest.split('.').filter(|label| !label.is_empty()) {
            nodes.push(Node {
                label,
                parent: path.last().copied(),
                depth: path.len(),
                flags: 0,
            });
            path.push(nodes.len() - 1);
        }
        if let Some(&last) = path.last() {
            nodes[last].flags |= KINDS[section][kind];
        }
    }
    nodes
}

/// The name a node of [`nodes`] stands for (`co.uk`).
#[cfg(test)]
pub(super) fn name_of(nodes: &[Node<'_>], index: usize) -> String {
    let mut name = nodes[index].label.to_owned();
    let mut parent = nodes[index].parent;
    while let Some(p) = parent {
        name.push('.');
        name.push_str(nodes[p].label);
        parent = nodes[p].parent;
    }
    name
}
