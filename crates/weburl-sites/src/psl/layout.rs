//! Lays the list's tree out as the lookup's hash table: what the generator
//! writes into `table.rs`, and what a build with the `compact-list` feature
//! makes from `list.txt` at its first lookup. One function for both, so that
//! the two tables are the same slot for slot.

use std::collections::BTreeMap;

use super::compact::Node;
use super::{filter_bit_of, label_word, pack_node, slot_of, Table};

/// The hash table of a list, owned: the arrays [`Table`] borrows.
pub(super) struct Layout {
    pub(super) slot_bits: u32,
    pub(super) nodes: Vec<u32>,
    pub(super) labels: Vec<u64>,
    pub(super) filter_bits: u32,
    pub(super) filter: Vec<u64>,
    pub(super) long_labels: String,
    /// The most slots a node's placement probed, which the generated
    /// file's header states.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) longest_probe: usize,
}

impl Layout {
    /// The table the lookup reads.
    pub(super) fn table(&self) -> Table<'_> {
        Table {
            slot_bits: self.slot_bits,
            nodes: &self.nodes,
            labels: &self.labels,
            filter_bits: self.filter_bits,
            filter: &self.filter,
            long_labels: self.long_labels.as_bytes(),
        }
    }
}

/// The table of the list's nodes, parents before children (as
/// [`compact::nodes`](super::compact::nodes) reads them).
pub(super) fn lay_out(nodes: &[Node<'_>]) -> Result<Layout, String> {
    // Parents before children: a node's hash takes its parent's slot.
    // Shallow nodes first also gives the labels most lookups start with
    // (the top-level ones) the slots they hash to. A stable sort keeps the
    // given order within a depth.
    let mut by_depth: Vec<usize> = (0..nodes.len()).collect();
    by_depth.sort_by_key(|&node| nodes[node].depth);
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
    let mut slot_of_node = vec![0; nodes.len()];
    let mut longest_probe = 0;
    // A bit per node in a filter of four bits per slot: most labels that
    // are not in the list find their bit clear.
    let filter_bits = bits + 2;
    let mut filter = vec![0u64; (1 << filter_bits) / 64];
    for index in by_depth {
        let Node {
            label,
            parent,
            flags,
            ..
        } = nodes[index];
        let parent = match parent {
            Some(parent) if parent < index => Some(slot_of_node[parent]),
            Some(_) => return Err(format!("{label}: its parent comes after it")),
            None => None,
        };
        let node = pack_node(parent, label.len(), flags)
            .ok_or_else(|| format!("{label}: does not fit a table node"))?;
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
        slot_of_node[index] = slot;
        longest_probe = longest_probe.max(probe);
        let bit = filter_bit_of(parent, label.as_bytes(), filter_bits);
        filter[bit / 64] |= 1 << (bit % 64);
    }
    Ok(Layout {
        slot_bits: bits,
        nodes: slots,
        labels,
        filter_bits,
        filter,
        long_labels,
        longest_probe,
    })
}
