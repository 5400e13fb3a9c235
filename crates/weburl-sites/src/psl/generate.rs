//! Generates `src/psl/table.rs` from the vendored Public Suffix List and
//! checks that the checked-in table is what the list gives: a unit test,
//! so that the hash and packing functions it shares with the lookup stay
//! private to the crate.
//!
//! Refresh after updating `testdata/psl/public_suffix_list.dat`:
//!
//! ```text
//! WEBURL_REGENERATE=1 cargo test -p weburl-sites --lib psl::generate
//! ```
//!
//! Rules are normalized to ASCII by the URL parser's own host parser, so a
//! Unicode rule (`公司.cn`) matches the Punycode host a URL has
//! (`xn--55qx5d.cn`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use weburl::{Host, Url};

use super::{
    filter_bit_of, label_word, pack_node, slot_of, EXCEPTION_ICANN, EXCEPTION_PRIVATE, RULE_ICANN,
    RULE_PRIVATE, WILDCARD_ICANN, WILDCARD_PRIVATE,
};

// The node flags, by section (0: ICANN, 1: PRIVATE).
const RULE: [u32; 2] = [RULE_ICANN, RULE_PRIVATE];
const WILDCARD: [u32; 2] = [WILDCARD_ICANN, WILDCARD_PRIVATE];
const EXCEPTION: [u32; 2] = [EXCEPTION_ICANN, EXCEPTION_PRIVATE];

/// The list's rules as `suffix -> flags`, with every suffix of a rule as a
/// node of its own (flags 0 when no rule ends there).
fn nodes(list: &str) -> Result<BTreeMap<String, u32>, String> {
    let mut nodes = BTreeMap::<String, u32>::new();
    // 0: ICANN, 1: PRIVATE.
    let mut section = None;
    let mut rules = 0;
    for (number, line) in list.lines().enumerate() {
        let line = line.trim();
        match line {
            "// ===BEGIN ICANN DOMAINS===" => section = Some(0),
            "// ===BEGIN PRIVATE DOMAINS===" => section = Some(1),
            "// ===END ICANN DOMAINS===" | "// ===END PRIVATE DOMAINS===" => section = None,
            _ => {}
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let at = || format!("line {}: {line:?}", number + 1);
        let section = section.ok_or_else(|| format!("{}: rule outside a section", at()))?;
        // A rule is the line's first run of non-white-space.
        let rule = line.split_whitespace().next().unwrap_or_default();
        let (name, flag) = if let Some(name) = rule.strip_prefix('!') {
            (name, EXCEPTION[section])
        } else if let Some(name) = rule.strip_prefix("*.") {
            (name, WILDCARD[section])
        } else {
            (rule, RULE[section])
        };
        if name.contains(['*', '!']) {
            return Err(format!("{}: a wildcard not at the start", at()));
        }
        let url = Url::parse(&format!("http://{name}/")).map_err(|e| format!("{}: {e}", at()))?;
        let Some(Host::Domain(ascii)) = url.typed_host() else {
            return Err(format!("{}: not a domain", at()));
        };
        if ascii.ends_with('.') || ascii.split('.').any(str::is_empty) {
            return Err(format!("{}: an empty label", at()));
        }
        *nodes.entry(ascii.to_owned()).or_default() |= flag;
        for (dot, _) in ascii.match_indices('.') {
            nodes.entry(ascii[dot + 1..].to_owned()).or_default();
        }
        rules += 1;
    }
    if rules < 1000 {
        return Err(format!("only {rules} rules: not the Public Suffix List?"));
    }
    Ok(nodes)
}

/// The text of `src/psl/table.rs` for the list.
fn generate(list: &str) -> Result<String, String> {
    let nodes = nodes(list)?;
    // Parents before children: a node's hash takes its parent's slot.
    let mut by_depth: Vec<(&String, u32)> = nodes.iter().map(|(k, &f)| (k, f)).collect();
    by_depth.sort_by_key(|(key, _)| (key.matches('.').count(), key.as_str()));
    // At most a third full, so that probing for a missing label, which
    // ends at an empty slot, ends soon.
    let mut bits = 4;
    while nodes.len() * 3 > 1 << bits {
        bits += 1;
    }
    let mask = (1 << bits) - 1;
    let mut slots = vec![0u32; 1 << bits];
    let mut labels = vec![0u64; 1 << bits];
    // Labels longer than 8 bytes, each stored once.
    let mut long_labels = String::new();
    let mut long_start = BTreeMap::<&str, usize>::new();
    let mut slot_of_key = BTreeMap::<&str, usize>::new();
    let mut longest_probe = 0;
    // A bit per node in a filter of four bits per slot: most labels that
    // are not in the list find their bit clear.
    let filter_bits = bits + 2;
    let mut filter = vec![0u64; (1 << filter_bits) / 64];
    for (key, flags) in by_depth {
        let (label, parent) = match key.split_once('.') {
            Some((label, parent)) => (label, Some(slot_of_key[parent])),
            None => (key.as_str(), None),
        };
        let node = pack_node(parent, label.len(), flags)
            .ok_or_else(|| format!("{key}: does not fit a table node"))?;
        let mut slot = slot_of(parent, label.as_bytes(), bits);
        let mut probe = 1;
        while slots[slot] != 0 {
            slot = (slot + 1) & mask;
            probe += 1;
        }
        slots[slot] = node;
        labels[slot] = if label.len() <= 8 {
            label_word(label.as_bytes())
        } else {
            let start = *long_start.entry(label).or_insert_with(|| {
                long_labels.push_str(label);
                long_labels.len() - label.len()
            });
            start as u64
        };
        slot_of_key.insert(key, slot);
        longest_probe = longest_probe.max(probe);
        let bit = filter_bit_of(parent, label.as_bytes(), filter_bits);
        filter[bit / 64] |= 1 << (bit % 64);
    }
    let mut out = String::new();
    let rules = nodes.values().filter(|&&f| f != 0).count();
    writeln!(
        out,
        "// @generated by `WEBURL_REGENERATE=1 cargo test -p weburl-sites --lib psl::generate`\n\
         // from testdata/psl/public_suffix_list.dat (see testdata/PROVENANCE.md).\n\
         // Do not edit. Derived from the Public Suffix List, which is subject to\n\
         // the Mozilla Public License, v. 2.0 (testdata/psl/LICENSE-MPL-2.0).\n\
         //\n\
         // {} nodes ({rules} with rules) in {} slots; the longest probe is {longest_probe}.\n\
         \n\
         /// log2 of the number of slots.\n\
         pub(super) const SLOT_BITS: u32 = {bits};\n\
         \n\
         /// The hash table: 0 for an empty slot, else a node packed by `pack_node`\n\
         /// (its parent's slot, its label's length, its flags).\n\
         #[rustfmt::skip]\n\
         pub(super) static NODES: [u32; 1 << SLOT_BITS] = [",
        nodes.len(),
        slots.len(),
    )
    .unwrap();
    for row in slots.chunks(16) {
        let row: Vec<String> = row.iter().map(u32::to_string).collect();
        writeln!(out, "{},", row.join(",")).unwrap();
    }
    writeln!(
        out,
        "];\n\n/// Each node's label: itself (`label_word`) when it has at most 8 bytes,\n\
         /// else where it starts in `LONG_LABELS`.\n#[rustfmt::skip]\n\
         pub(super) static LABELS: [u64; 1 << SLOT_BITS] = ["
    )
    .unwrap();
    for row in labels.chunks(8) {
        let row: Vec<String> = row.iter().map(|w| format!("{w:#x}")).collect();
        writeln!(out, "{},", row.join(",")).unwrap();
    }
    writeln!(
        out,
        "];\n\n/// log2 of the number of filter bits.\npub(super) const FILTER_BITS: u32 = {filter_bits};\n\n\
         /// A bit set for each node (`filter_bit`).\n#[rustfmt::skip]\n\
         pub(super) static FILTER: [u64; (1 << FILTER_BITS) / 64] = ["
    )
    .unwrap();
    for row in filter.chunks(8) {
        let row: Vec<String> = row.iter().map(|w| format!("{w:#x}")).collect();
        writeln!(out, "{},", row.join(",")).unwrap();
    }
    writeln!(
        out,
        "];\n\n/// The labels longer than 8 bytes, each stored once.\n#[rustfmt::skip]\npub(super) static LONG_LABELS: &str = \"\\"
    )
    .unwrap();
    for chunk in long_labels.as_bytes().chunks(96) {
        // Labels are ASCII letters, digits and '-': nothing to escape.
        writeln!(out, "{}\\", std::str::from_utf8(chunk).unwrap()).unwrap();
    }
    writeln!(out, "\";").unwrap();
    Ok(out)
}

#[test]
fn table_is_generated_from_the_vendored_list() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let list_path = manifest.join("../../testdata/psl/public_suffix_list.dat");
    let list = std::fs::read_to_string(list_path).expect("read the vendored list");
    let generated = generate(&list).unwrap_or_else(|e| panic!("the list: {e}"));
    let path = manifest.join("src/psl/table.rs");
    if std::env::var_os("WEBURL_REGENERATE").is_some() {
        std::fs::write(&path, generated).expect("write src/psl/table.rs");
        return;
    }
    let current = std::fs::read_to_string(&path).expect("read src/psl/table.rs");
    assert!(
        current == generated,
        "src/psl/table.rs is not what testdata/psl/public_suffix_list.dat gives: \
         run WEBURL_REGENERATE=1 cargo test -p weburl-sites --lib psl::generate"
    );
}
