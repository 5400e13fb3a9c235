//! Public suffixes and registrable domains, from the Public Suffix List
//! compiled into the library (feature `psl`): [`Sites`].
//!
//! <https://url.spec.whatwg.org/#host-public-suffix>
//!
//! The list lives in `table`, generated from the vendored
//! `testdata/psl/public_suffix_list.dat` by `generate` (refresh it with
//! `tools/regenerate.sh`); with the feature `compact-list` it lives in
//! `list.txt` instead, generated with it, 34 KiB gzipped where the table
//! is 96 KiB, and the first lookup builds the same table from it
//! (`compact`, `layout`). Each node
//! of the list's tree (every rule and every suffix of a rule) is a slot of
//! an open-addressing hash table keyed by its parent's slot and its label,
//! so a lookup walks a host from its last label leftwards, one label (one
//! word, for a label of up to 8 bytes) and one probe at a time, and stops
//! at the first label the tree lacks: most hosts take two steps. The dots
//! of the host are found first, a bit each, with 16-byte comparisons
//! ([`weburl::scan::equal_bytes`]), so that each label's start is one
//! count of leading zeros, and a name with an empty label is refused by
//! two bit tests, without a loop or a branch on the labels' lengths. No
//! parsing and no allocation at run time. A bit filter of 16 KB in front
//! of the table answers most labels the list does not have (the usual
//! last step of a lookup) without a miss in the table itself.

#[cfg(any(test, feature = "compact-list"))]
mod compact;
#[cfg(test)]
mod generate;
#[cfg(any(test, feature = "compact-list"))]
mod layout;
#[cfg(any(test, not(feature = "compact-list")))]
mod table;

use weburl::scan::equal_bytes;
use weburl::{Host, Url};

/// 0x01 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// 0x80 in every byte.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Which sections of the list a lookup uses.
#[derive(Clone, Copy)]
enum Sections {
    /// The ICANN and the PRIVATE sections, as the URL Standard asks.
    All,
    /// The ICANN section only.
    Icann,
}

// A node's flags: which kinds of rule end at this suffix, per section.
const RULE_ICANN: u32 = 1;
const RULE_PRIVATE: u32 = 2;
const WILDCARD_ICANN: u32 = 4;
const WILDCARD_PRIVATE: u32 = 8;
const EXCEPTION_ICANN: u32 = 16;
const EXCEPTION_PRIVATE: u32 = 32;
const FLAG_BITS: u32 = 6;
const LEN_BITS: u32 = 8;

impl Sections {
    /// The flags that count for these sections.
    fn mask(self) -> u32 {
        match self {
            Sections::All => (1 << FLAG_BITS) - 1,
            Sections::Icann => RULE_ICANN | WILDCARD_ICANN | EXCEPTION_ICANN,
        }
    }
}

/// The parent of a top-level label's node.
const ROOT: u32 = 0xFFFF;
const PARENT_BITS: u32 = 16;

/// The list's tree as an open-addressing hash table: the arrays a lookup
/// reads, wherever they live (compiled in, or built at the first lookup).
#[derive(Clone, Copy)]
struct Table<'t> {
    /// log2 of the number of slots.
    slot_bits: u32,
    /// 0 for an empty slot, else a node packed by [`pack_node`] (its
    /// parent's slot, its label's length, its flags).
    nodes: &'t [u32],
    /// Each node's label: itself ([`label_word`]) when it has at most 8
    /// bytes, else where it starts in `long_labels`.
    labels: &'t [u64],
    /// log2 of the number of filter bits.
    filter_bits: u32,
    /// A bit set for each node ([`filter_bit`]).
    filter: &'t [u64],
    /// The labels longer than 8 bytes, each stored once.
    long_labels: &'t [u8],
}

/// The table generated into `table.rs`, compiled in: a constant that each
/// lookup's code is specialized to.
#[cfg(any(test, not(feature = "compact-list")))]
static COMPILED: Table<'static> = Table {
    slot_bits: table::SLOT_BITS,
    nodes: &table::NODES,
    labels: &table::LABELS,
    filter_bits: table::FILTER_BITS,
    filter: &table::FILTER,
    long_labels: table::LONG_LABELS.as_bytes(),
};

/// The table lookups read: the compiled-in one.
#[cfg(not(feature = "compact-list"))]
#[inline(always)]
fn table() -> Table<'static> {
    COMPILED
}

/// The table lookups read: built from the compact list at the first
/// lookup, once.
#[cfg(feature = "compact-list")]
#[inline(always)]
fn table() -> Table<'static> {
    compact::table()
}

/// The 8 bytes of `bytes` that end at `end`, the last one in the most
/// significant byte; positions before the start read as 0. `bytes` has at
/// least 8 bytes, and `end` is at least 1, so that the shift is below 64
/// and needs no check (an `end` of 0 would read the first 8 bytes).
/// Without a branch: whether a word reaches the start of a name depends
/// on the name, and a guess would often be wrong.
#[inline(always)]
fn word_ending(bytes: &[u8], end: usize) -> u64 {
    let at = end.max(8);
    word_at(bytes, at - 8).wrapping_shl(8 * (at - end) as u32)
}

/// A name of fewer than 8 bytes as a word, its first byte the least
/// significant: two overlapping loads rather than a copy byte by byte.
#[inline(always)]
fn short_word(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    match n {
        0 => 0,
        1 => u64::from(bytes[0]),
        2 | 3 => {
            let first = u16::from_le_bytes([bytes[0], bytes[1]]);
            let last = u16::from_le_bytes([bytes[n - 2], bytes[n - 1]]);
            u64::from(first) | u64::from(last) << (8 * (n - 2))
        }
        _ => {
            let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            let last = u32::from_le_bytes([bytes[n - 4], bytes[n - 3], bytes[n - 2], bytes[n - 1]]);
            u64::from(first) | u64::from(last) << (8 * (n - 4)).min(32)
        }
    }
}

/// A mask of the `count` most significant bytes of a word (all of them
/// from 8 on).
#[inline(always)]
fn top_bytes(count: usize) -> u64 {
    !u64::MAX.checked_shr(8 * count as u32).unwrap_or(0)
}

/// The word with its ASCII uppercase letters lowercased, eight at a time.
///
/// A byte past ASCII may overflow and carry into the next byte of the
/// name. In UTF-8 only a lead byte overflows and the next byte is then a
/// continuation byte, which a carry does not overflow: no ASCII byte
/// changes, and the list's labels are ASCII, so no word with a non-ASCII
/// byte matches one. (The byte before a label is a dot, which carries
/// nothing into it: a label reads the same alone and inside a name.)
#[inline(always)]
fn lowercase_word(word: u64) -> u64 {
    // The high bit of a byte: at least 'A' and not past 'Z'.
    let upper = word.wrapping_add(0x3f * ONES) & !word.wrapping_add(0x25 * ONES) & HIGHS;
    word | upper >> 2
}

/// Adds a word of a label to its hash: a product's high bits depend on
/// all of its low ones.
#[inline(always)]
fn mix(hash: u64, word: u64) -> u64 {
    (hash.rotate_left(29) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The slot where probing starts for a node with this hash, in a table of
/// `2^bits` slots: the top bits of the hash.
#[inline(always)]
fn first_slot(hash: u64, bits: u32) -> usize {
    (hash >> (64 - bits)) as usize
}

/// The bit of a filter of `2^bits` bits that a node with this hash sets:
/// other bits of the hash than the slot's.
#[inline(always)]
fn filter_bit(hash: u64, bits: u32) -> usize {
    (hash >> 24) as usize & ((1 << bits) - 1)
}

/// A domain name (without its trailing dot), with a bit per dot, so that
/// a label's start is found without a loop or a branch on its length.
struct Name<'n> {
    bytes: &'n [u8],
    /// A name of fewer than 8 bytes as one word (see [`short_word`]), so
    /// that it is not copied to be read a word at a time.
    short: u64,
    /// Bit `i` is set when `bytes[base + i]` is a dot: the last 64 bytes
    /// of the name (all of them, for nearly every host).
    dots: u64,
    /// Where the bytes of `dots` begin: 0, unless the name is longer than
    /// 64 bytes.
    base: usize,
}

/// A label of a [`Name`]: `bytes[start..end]`, not empty.
struct Label {
    start: usize,
    end: usize,
    /// A label of at most 8 bytes, lowercased, its first byte the least
    /// significant; else its last 8 bytes as [`word_ending`] reads them,
    /// lowercased.
    word: u64,
}

impl Label {
    fn len(&self) -> usize {
        self.end - self.start
    }
}

/// The 8 bytes of `bytes` from `at`, the first the least significant.
#[inline(always)]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// The dots of `bytes[base..]`, 8 to 64 bytes, a bit each (bit `i` for
/// `bytes[base + i]`). The first 32 bytes are tested as four words, those
/// past the name's end moved left to end where it ends: no branch on the
/// length up to there, where nearly every host ends.
#[inline(always)]
fn dots_from(bytes: &[u8], base: usize) -> u64 {
    let last = bytes.len() - base - 8;
    // The dots of the words at `first` and `first + 8`, or as far right
    // as the name allows.
    let dots_of_two = |first: usize| {
        let (low, high) = (first.min(last), (first + 8).min(last));
        let words = [word_at(bytes, base + low), word_at(bytes, base + high)];
        let bits = equal_bytes(words, b'.');
        u64::from(bits & 0xFF) << low | u64::from(bits >> 8) << high
    };
    let mut dots = dots_of_two(0) | dots_of_two(16);
    if last > 24 {
        dots |= dots_of_two(32) | dots_of_two(48);
    }
    dots
}

impl<'n> Name<'n> {
    /// The name, or `None` when it is empty or has an empty label: starts
    /// or ends with a dot or has two in a row (`.example.com`, `a..b`).
    /// The list's algorithm works on domain names, whose labels are not
    /// empty, and its own tests expect no registrable domain for such
    /// input.
    #[inline(always)]
    fn new(bytes: &'n [u8]) -> Option<Self> {
        let (&first, &last) = (bytes.first()?, bytes.last()?);
        let base = bytes.len().saturating_sub(64);
        let (short, dots) = if bytes.len() < 8 {
            let short = short_word(bytes);
            (short, u64::from(equal_bytes([short, 0], b'.')))
        } else {
            (0, dots_from(bytes, base))
        };
        // One branch for the three tests of every name.
        let empty_label = (first == b'.') | (last == b'.') | (dots & dots >> 1 != 0)
            || (base > 0 && bytes[..=base].windows(2).any(|pair| pair == b".."));
        (!empty_label).then_some(Name {
            bytes,
            short,
            dots,
            base,
        })
    }

    /// [`word_ending`] for the name, short or not; `end` is at least 1.
    #[inline(always)]
    fn word_ending(&self, end: usize) -> u64 {
        if self.bytes.len() >= 8 {
            word_ending(self.bytes, end)
        } else {
            // A short name's `end` is below 8: the shift is 8 to 56.
            self.short.wrapping_shl(8 * (8 - end) as u32)
        }
    }

    /// Where the label that ends at `end` (a dot or the name's end, at
    /// least 1) starts: after the last dot before `end`, or at 0.
    #[inline(always)]
    fn label_start(&self, end: usize) -> usize {
        if self.base == 0 {
            // The dots before `end` (1 to 64 bytes).
            let before = self.dots & u64::MAX >> (64 - end);
            return (64 - before.leading_zeros()) as usize;
        }
        // A name of more than 64 bytes: the window, then before it.
        let in_window = end - self.base.min(end);
        if in_window > 0 {
            let before = self.dots & u64::MAX >> (64 - in_window);
            if before != 0 {
                return self.base + (64 - before.leading_zeros()) as usize;
            }
        }
        self.bytes[..end]
            .iter()
            .rposition(|&b| b == b'.')
            .map_or(0, |dot| dot + 1)
    }

    /// The label that ends at `end` (a dot or the name's end, at least 1);
    /// the name has no empty label, so it is not empty.
    #[inline(always)]
    fn label(&self, end: usize) -> Label {
        let start = self.label_start(end);
        // The label's bytes of the word that ends with it: all 8, or the
        // top `end - start` (a shift of 8 to 56).
        let shift = 64 - 8 * (end - start).min(8);
        Label {
            start,
            end,
            word: lowercase_word(self.word_ending(end)) >> shift,
        }
    }

    /// The label's words left of its last 8 bytes, lowercased, from the
    /// right, the bytes before the label cleared.
    #[inline(always)]
    fn more_words(&self, label: &Label) -> impl Iterator<Item = u64> + '_ {
        let start = label.start;
        (start + 1..label.end.saturating_sub(7))
            .rev()
            .step_by(8)
            .map(move |end| lowercase_word(self.word_ending(end)) & top_bytes(end - start))
    }

    /// The hash of the node for `label` under the node in slot `parent`
    /// (or [`ROOT`]): of the label's length and its last 8 bytes alone, so
    /// that a long label is read once, when it is compared.
    #[inline(always)]
    fn node_hash(parent: u32, label: &Label) -> u64 {
        mix(
            u64::from(parent) | (label.len() as u64) << PARENT_BITS,
            label.word,
        )
    }

    /// The slot and flags of the node for `label` under the node in slot
    /// `parent` (or [`ROOT`]), if the list has one. Probing ends at an
    /// empty slot; the table is at most a third full, so that comes soon.
    ///
    /// The filter, small enough to stay in the first-level cache, answers
    /// most labels the list does not have without touching the table; a
    /// top-level label is nearly always in the list, so `filtered` is false
    /// for it.
    #[inline(always)]
    fn child(
        &self,
        table: Table<'_>,
        parent: u32,
        label: &Label,
        filtered: bool,
    ) -> Option<(u32, u32)> {
        let len = label.len();
        if len >= 1 << LEN_BITS {
            return None;
        }
        let hash = Name::node_hash(parent, label);
        let bit = filter_bit(hash, table.filter_bits);
        if filtered && table.filter[bit / 64] >> (bit % 64) & 1 == 0 {
            return None;
        }
        let want = parent << LEN_BITS | len as u32;
        let mask = table.nodes.len() - 1;
        let mut slot = first_slot(hash, table.slot_bits);
        loop {
            let node = table.nodes[slot];
            if node == 0 {
                return None;
            }
            if node >> FLAG_BITS == want
                && self.is_label(table.long_labels, table.labels[slot], label)
            {
                return Some((slot as u32, node & ((1 << FLAG_BITS) - 1)));
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Whether a node's [`Table::labels`] entry is `label`: the label
    /// itself when it has at most 8 bytes, else where it starts in
    /// `long_labels` ([`Table::long_labels`]).
    #[inline(always)]
    fn is_label(&self, long_labels: &[u8], stored: u64, label: &Label) -> bool {
        let len = label.len();
        if len <= 8 {
            return stored == label.word;
        }
        let keys = long_labels;
        let Some(key_end) = usize::try_from(stored).ok().map(|start| start + len) else {
            return false;
        };
        if key_end > keys.len() || word_ending(keys, key_end) != label.word {
            return false;
        }
        self.more_words(label).enumerate().all(|(k, word)| {
            let at = 8 * (k + 1);
            word_ending(keys, key_end - at) & top_bytes(len - at) == word
        })
    }
}

/// A label's node hash alone, for [`layout`].
#[cfg(any(test, feature = "compact-list"))]
fn node_hash_of(parent: Option<usize>, label: &[u8]) -> u64 {
    let parent = parent.map_or(ROOT, |p| p as u32);
    Name::new(label).map_or(0, |name| Name::node_hash(parent, &name.label(label.len())))
}

/// The slot where probing for the node of `label` under the node in slot
/// `parent` (`None` for a top-level label) starts, in a table of `2^bits`
/// slots; what the table's [`layout`] places nodes by.
#[cfg(any(test, feature = "compact-list"))]
pub(crate) fn slot_of(parent: Option<usize>, label: &[u8], bits: u32) -> usize {
    first_slot(node_hash_of(parent, label), bits)
}

/// The filter bit of the node of `label` under `parent` in a filter of
/// `2^bits` bits, for the table's [`layout`].
#[cfg(any(test, feature = "compact-list"))]
pub(crate) fn filter_bit_of(parent: Option<usize>, label: &[u8], bits: u32) -> usize {
    filter_bit(node_hash_of(parent, label), bits)
}

/// The [`Table::labels`] entry of a label of at most 8 bytes, for the
/// table's [`layout`].
#[cfg(any(test, feature = "compact-list"))]
pub(crate) fn label_word(label: &[u8]) -> u64 {
    Name::new(label).map_or(0, |name| name.label(label.len()).word)
}

/// Packs a node as the table stores it: the slot of its parent (`None` for
/// a top-level label), its label's length and its flags.
#[cfg(any(test, feature = "compact-list"))]
pub(crate) fn pack_node(parent: Option<usize>, label_len: usize, flags: u32) -> Option<u32> {
    let parent = match parent {
        None => ROOT,
        Some(p) => u32::try_from(p).ok().filter(|&p| p < ROOT)?,
    };
    if label_len == 0 || label_len >= 1 << LEN_BITS || flags >= 1 << FLAG_BITS {
        return None;
    }
    Some((parent << LEN_BITS | label_len as u32) << FLAG_BITS | flags)
}

/// Where `domain`'s public suffix and registrable domain start, by the
/// list's formal algorithm
/// (<https://github.com/publicsuffix/list/wiki/Format#formal-algorithm>);
/// the registrable domain is `None` when the domain is a public suffix.
///
/// The walk goes from the last label leftwards through the list's tree, a
/// label at a time, and stops at the first label the tree does not have:
/// most hosts take two steps.
///
/// `None` when `domain` has an empty label other than the one a trailing
/// dot makes (`.example.com`, `a..b`, `.`): the list's algorithm works on
/// domain names, whose labels are not empty, and its own tests expect no
/// registrable domain for such input.
#[inline(always)]
fn split(domain: &str, sections: Sections, table: Table<'_>) -> Option<(usize, Option<usize>)> {
    let bytes = domain.as_bytes();
    let name = Name::new(bytes.strip_suffix(b".").unwrap_or(bytes))?;
    let mask = sections.mask();
    let mut label = name.label(name.bytes.len());
    // The implicit rule "*": the last label is a public suffix.
    let mut suffix_start = label.start;
    // The start of the label left of `suffix_start`, once the walk has
    // seen it.
    let mut registrable_start = None;
    let mut found = name.child(table, ROOT, &label, false);
    while let Some((slot, flags)) = found {
        let flags = flags & mask;
        if flags & (EXCEPTION_ICANN | EXCEPTION_PRIVATE) != 0 {
            // An exception rule prevails; drop its leftmost label.
            suffix_start = label.end + 1;
            registrable_start = Some(label.start);
            break;
        }
        if flags & (RULE_ICANN | RULE_PRIVATE) != 0 {
            suffix_start = label.start;
            registrable_start = None;
        }
        if label.start == 0 {
            return Some((suffix_start, registrable_start));
        }
        let next = name.label(label.start - 1);
        if suffix_start == label.start {
            registrable_start = Some(next.start);
        }
        if flags & (WILDCARD_ICANN | WILDCARD_PRIVATE) != 0 {
            // "*.suffix": the label on the left is part of it.
            suffix_start = next.start;
            registrable_start = None;
        }
        label = next;
        found = name.child(table, slot, &label, true);
    }
    if suffix_start == label.start && label.start > 0 {
        registrable_start = Some(name.label_start(label.start - 1));
    }
    Some((suffix_start, registrable_start))
}

/// <https://url.spec.whatwg.org/#host-public-suffix>, for a domain.
fn public_suffix(domain: &str, sections: Sections) -> Option<&str> {
    domain.get(split(domain, sections, table())?.0..)
}

/// <https://url.spec.whatwg.org/#host-registrable-domain>, for a domain.
fn registrable_domain(domain: &str, sections: Sections) -> Option<&str> {
    domain.get(split(domain, sections, table())?.1?..)
}

/// Public suffixes and registrable domains of a [`Url`]'s or a [`Host`]'s
/// domain, from the Public Suffix List: the URL Standard's "public suffix"
/// and "registrable domain" of a host. An extension trait, so that the
/// calls read as the getters they are (`url.registrable_domain()`) once it
/// is imported; implemented for `&Url` and `Host`, and the answers borrow
/// from the URL or the host's string, not from the receiver.
///
/// Every method gives `None` for IP addresses, opaque, empty and null
/// hosts, and for a domain with an empty label (`.example.com`, `a..b`):
/// the list's algorithm works on domain names, whose labels are not empty,
/// and its own tests expect no registrable domain for such input. The
/// domain is ASCII, as the URL parser makes it; a domain no rule matches
/// has its last label as public suffix (the list's implicit `*` rule). A
/// trailing dot is kept.
///
/// ```
/// use weburl::{Host, Url};
/// use weburl_sites::Sites;
///
/// let url = Url::parse("https://www.Example.co.uk./")?;
/// assert_eq!(url.public_suffix(), Some("co.uk."));
/// assert_eq!(url.registrable_domain(), Some("example.co.uk."));
/// assert_eq!(Host::Domain("a.b.github.io").registrable_domain(), Some("b.github.io"));
/// assert_eq!(Host::Domain("a.b.github.io").icann_registrable_domain(), Some("github.io"));
/// assert_eq!(Url::parse("http://[::1]/")?.public_suffix(), None);
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub trait Sites<'a> {
    /// The public suffix: the part of the domain that the Public Suffix
    /// List (ICANN and PRIVATE sections) says anyone can register under.
    ///
    /// <https://url.spec.whatwg.org/#host-public-suffix>
    ///
    /// ```text
    /// www.example.co.uk.
    ///             ^^^^^^ public suffix (a trailing dot is kept)
    /// ```
    ///
    /// ```
    /// use weburl::Host;
    /// use weburl_sites::Sites;
    /// assert_eq!(Host::Domain("a.b.github.io").public_suffix(), Some("github.io"));
    /// assert_eq!(Host::Domain("example.invalid").public_suffix(), Some("invalid"));
    /// assert_eq!(Host::Ipv4([127, 0, 0, 1].into()).public_suffix(), None);
    /// ```
    fn public_suffix(self) -> Option<&'a str>;

    /// The registrable domain ("eTLD+1"): the public suffix and the label
    /// before it; `None` also when the domain is itself a public suffix.
    ///
    /// <https://url.spec.whatwg.org/#host-registrable-domain>
    ///
    /// ```text
    /// www.example.co.uk.
    ///     ^^^^^^^^^^^^^^ registrable domain
    /// ```
    ///
    /// ```
    /// use weburl::{Host, Url};
    /// use weburl_sites::Sites;
    /// assert_eq!(Host::Domain("github.io").registrable_domain(), None);
    /// let url = Url::parse("https://www.食狮.公司.cn/")?;
    /// assert_eq!(url.registrable_domain(), Some("xn--85x722f.xn--55qx5d.cn"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    fn registrable_domain(self) -> Option<&'a str>;

    /// [`Sites::public_suffix`] by the list's ICANN section alone, without
    /// the suffixes that private parties (hosting services, dynamic DNS)
    /// have added.
    ///
    /// ```
    /// use weburl::Host;
    /// use weburl_sites::Sites;
    /// assert_eq!(Host::Domain("a.b.github.io").icann_public_suffix(), Some("io"));
    /// ```
    fn icann_public_suffix(self) -> Option<&'a str>;

    /// [`Sites::registrable_domain`] by the list's ICANN section alone.
    ///
    /// ```
    /// use weburl::Host;
    /// use weburl_sites::Sites;
    /// assert_eq!(Host::Domain("a.b.github.io").icann_registrable_domain(), Some("github.io"));
    /// ```
    fn icann_registrable_domain(self) -> Option<&'a str>;
}

impl<'a> Sites<'a> for Host<'a> {
    fn public_suffix(self) -> Option<&'a str> {
        public_suffix(domain_of(self)?, Sections::All)
    }

    fn registrable_domain(self) -> Option<&'a str> {
        registrable_domain(domain_of(self)?, Sections::All)
    }

    fn icann_public_suffix(self) -> Option<&'a str> {
        public_suffix(domain_of(self)?, Sections::Icann)
    }

    fn icann_registrable_domain(self) -> Option<&'a str> {
        registrable_domain(domain_of(self)?, Sections::Icann)
    }
}

impl<'a> Sites<'a> for &'a Url {
    fn public_suffix(self) -> Option<&'a str> {
        public_suffix(domain_of(self.typed_host()?)?, Sections::All)
    }

    fn registrable_domain(self) -> Option<&'a str> {
        registrable_domain(domain_of(self.typed_host()?)?, Sections::All)
    }

    fn icann_public_suffix(self) -> Option<&'a str> {
        public_suffix(domain_of(self.typed_host()?)?, Sections::Icann)
    }

    fn icann_registrable_domain(self) -> Option<&'a str> {
        registrable_domain(domain_of(self.typed_host()?)?, Sections::Icann)
    }
}

/// The domain of a [`Host::Domain`].
#[inline(always)]
fn domain_of(host: Host<'_>) -> Option<&str> {
    match host {
        Host::Domain(domain) => Some(domain),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table built from the compact list is the compiled-in one, slot
    /// for slot.
    #[test]
    fn compact_list_builds_the_compiled_table() {
        let (built, compiled) = (compact::table(), COMPILED);
        assert_eq!(built.slot_bits, compiled.slot_bits);
        assert!(built.nodes == compiled.nodes, "nodes differ");
        assert!(built.labels == compiled.labels, "labels differ");
        assert_eq!(built.filter_bits, compiled.filter_bits);
        assert!(built.filter == compiled.filter, "filters differ");
        assert!(
            built.long_labels == compiled.long_labels,
            "long labels differ"
        );
    }

    /// Both tables give the same answers, both sections and ICANN alone,
    /// for every node of the list with labels added, changed in case or
    /// with a trailing dot, and for the hosts of a vendored URL list.
    #[test]
    fn compact_and_compiled_tables_answer_alike() {
        let mut domains: Vec<String> = Vec::new();
        let nodes = compact::nodes(compact::LIST);
        for key in (0..nodes.len()).map(|index| compact::name_of(&nodes, index)) {
            domains.push(key.clone());
            domains.push(format!("x.{key}"));
            domains.push(format!("www.y.x.{key}"));
            domains.push(format!("Www.Example.{}.", key.to_uppercase()));
            domains.push(format!("not-in-the-list.{key}"));
        }
        let urls =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/urls/kasztp.txt");
        let urls = std::fs::read_to_string(urls).expect("read testdata/urls/kasztp.txt");
        let hosts = urls.lines().filter_map(|line| Url::parse(line.trim()).ok());
        domains.extend(hosts.filter_map(|url| match url.typed_host() {
            Some(weburl::Host::Domain(domain)) => Some(domain.to_owned()),
            _ => None,
        }));
        assert!(domains.len() > 90_000, "only {} domains", domains.len());
        let built = compact::table();
        for domain in &domains {
            for sections in [Sections::All, Sections::Icann] {
                assert_eq!(
                    split(domain, sections, built),
                    split(domain, sections, COMPILED),
                    "{domain}"
                );
            }
        }
    }

    /// Every label of names of 1 to 150 bytes, dots placed by a fixed
    /// pseudo-random sequence (the 64-byte window of the dot bits meets
    /// long names at every offset), against a search byte by byte; names
    /// with an empty label are refused.
    #[test]
    fn labels_are_found_in_names_of_every_length() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for len in 1..=150 {
            for _ in 0..40 {
                let name: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        if state.is_multiple_of(5) {
                            b'.'
                        } else {
                            b'a' + (state % 26) as u8
                        }
                    })
                    .collect();
                let empty = name[0] == b'.'
                    || name[len - 1] == b'.'
                    || name.windows(2).any(|pair| pair == b"..");
                let Some(parsed) = Name::new(&name) else {
                    assert!(empty, "{:?} refused", String::from_utf8_lossy(&name));
                    continue;
                };
                assert!(!empty, "{:?} accepted", String::from_utf8_lossy(&name));
                let mut end = len;
                loop {
                    let start = name[..end]
                        .iter()
                        .rposition(|&b| b == b'.')
                        .map_or(0, |d| d + 1);
                    let label = parsed.label(end);
                    assert_eq!((label.start, label.end), (start, end), "{name:?}");
                    assert_eq!(label.word, label_word_of(&name[start..end]), "{name:?}");
                    if start == 0 {
                        break;
                    }
                    end = start - 1;
                }
            }
        }
    }

    /// A label's word as the table stores it: up to 8 bytes as they are,
    /// else its last 8.
    fn label_word_of(label: &[u8]) -> u64 {
        let tail = &label[label.len().saturating_sub(8)..];
        let mut word = [0; 8];
        word[..tail.len()].copy_from_slice(tail);
        u64::from_le_bytes(word)
    }
}
