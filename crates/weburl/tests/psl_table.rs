//! Generates `src/psl/table.rs` from the vendored Public Suffix List and
//! checks that the checked-in table is what the list gives.
//!
//! Refresh after updating `testdata/psl/public_suffix_list.dat`:
//!
//! ```text
//! WEBURL_REGENERATE=1 cargo test -p weburl --test psl_table
//! ```
//!
//! Rules are normalized to ASCII by the URL parser's own host parser, so a
//! Unicode rule (`公司.cn`) matches the Punycode host a URL has
//! (`xn--55qx5d.cn`).

use weburl_test_support::harness as common;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use weburl::__internal::{psl_filter_bit_of, psl_pack_node, psl_slot_of};
use weburl::Url;

// The node flags of src/psl/mod.rs.
const RULE: [u32; 2] = [1, 2];
const WILDCARD: [u32; 2] = [4, 8];
const EXCEPTION: [u32; 2] = [16, 32];

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
        let ascii = url
            .domain()
            .ok_or_else(|| format!("{}: not a domain", at()))?;
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
    // Keys share storage: a suffix is the tail of the longer key that has
    // it, so only keys that are no other key's suffix are written out.
    let mut by_length: Vec<&String> = nodes.keys().collect();
    by_length.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let mut child_of = BTreeMap::<&str, &str>::new();
    for key in nodes.keys() {
        if let Some(dot) = key.find('.') {
            child_of.insert(&key[dot + 1..], key);
        }
    }
    let mut keys = String::new();
    let mut start_of = BTreeMap::<&str, usize>::new();
    for key in by_length {
        let start = match child_of.get(key.as_str()) {
            Some(child) => start_of[child] + child.len() - key.len(),
            None => {
                keys.push_str(key);
                keys.len() - key.len()
            }
        };
        start_of.insert(key, start);
    }
    // At most a third full, so that probing for a missing suffix, which
    // ends at an empty slot, ends soon.
    let mut bits = 4;
    while nodes.len() * 3 > 1 << bits {
        bits += 1;
    }
    let mask = (1 << bits) - 1;
    let mut slots = vec![0u32; 1 << bits];
    let mut longest_probe = 0;
    for (key, &flags) in &nodes {
        let node = psl_pack_node(start_of[key.as_str()], key.len(), flags)
            .ok_or_else(|| format!("{key}: does not fit a table node"))?;
        let mut slot = psl_slot_of(key.as_bytes(), bits);
        let mut probe = 1;
        while slots[slot] != 0 {
            slot = (slot + 1) & mask;
            probe += 1;
        }
        slots[slot] = node;
        longest_probe = longest_probe.max(probe);
    }
    // A bit per node in a filter of four bits per slot: most suffixes that
    // are not in the list find their bit clear.
    let filter_bits = bits + 2;
    let mut filter = vec![0u64; (1 << filter_bits) / 64];
    for key in nodes.keys() {
        let bit = psl_filter_bit_of(key.as_bytes(), filter_bits);
        filter[bit / 64] |= 1 << (bit % 64);
    }
    let mut out = String::new();
    let rules = nodes.values().filter(|&&f| f != 0).count();
    writeln!(
        out,
        "// @generated by `WEBURL_REGENERATE=1 cargo test -p weburl --test psl_table`\n\
         // from testdata/psl/public_suffix_list.dat (see testdata/PROVENANCE.md).\n\
         // Do not edit. Derived from the Public Suffix List, which is subject to\n\
         // the Mozilla Public License, v. 2.0 (testdata/psl/LICENSE-MPL-2.0).\n\
         //\n\
         // {} nodes ({rules} with rules) in {} slots; the longest probe is {longest_probe}.\n\
         \n\
         /// log2 of the number of slots.\n\
         pub(super) const SLOT_BITS: u32 = {bits};\n\
         \n\
         /// The hash table: 0 for an empty slot, else a node packed by `pack_node`.\n\
         #[rustfmt::skip]\n\
         pub(super) static SLOTS: [u32; 1 << SLOT_BITS] = [",
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
        "];\n\n/// log2 of the number of filter bits.\npub(super) const FILTER_BITS: u32 = {filter_bits};\n\n\
         /// A bit set for each node's suffix (`filter_bit`).\n#[rustfmt::skip]\n\
         pub(super) static FILTER: [u64; (1 << FILTER_BITS) / 64] = ["
    )
    .unwrap();
    for row in filter.chunks(8) {
        let row: Vec<String> = row.iter().map(|w| format!("{w:#x}")).collect();
        writeln!(out, "{},", row.join(",")).unwrap();
    }
    writeln!(
        out,
        "];\n\n/// The nodes' keys, each suffix stored once.\n#[rustfmt::skip]\npub(super) static KEYS: &str = \"\\"
    )
    .unwrap();
    for chunk in keys.as_bytes().chunks(96) {
        // Keys are ASCII letters, digits, '-' and '.': nothing to escape.
        writeln!(out, "{}\\", std::str::from_utf8(chunk).unwrap()).unwrap();
    }
    writeln!(out, "\";").unwrap();
    Ok(out)
}

#[test]
fn table_is_generated_from_the_vendored_list() {
    let list = std::fs::read_to_string(common::testdata_dir().join("psl/public_suffix_list.dat"))
        .expect("read the vendored list");
    let generated = generate(&list).unwrap_or_else(|e| panic!("the list: {e}"));
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/psl/table.rs");
    if std::env::var_os("WEBURL_REGENERATE").is_some() {
        std::fs::write(&path, generated).expect("write src/psl/table.rs");
        return;
    }
    let current = std::fs::read_to_string(&path).expect("read src/psl/table.rs");
    assert!(
        current == generated,
        "src/psl/table.rs is not what testdata/psl/public_suffix_list.dat gives: \
         run WEBURL_REGENERATE=1 cargo test -p weburl --test psl_table"
    );
}
