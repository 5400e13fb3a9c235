//! Public suffixes and registrable domains, from the Public Suffix List
//! compiled into the library (feature `psl`).
//!
//! <https://url.spec.whatwg.org/#host-public-suffix>
//!
//! The list lives in [`table`], generated from the vendored
//! `testdata/psl/public_suffix_list.dat` (refresh it with
//! `WEBURL_REGENERATE=1 cargo test -p weburl --test psl_table`). Each node
//! of the list's tree (every rule and every suffix of a rule) is a slot of
//! an open-addressing hash table keyed by its parent's slot and its label,
//! so a lookup walks a host from its last label leftwards, one label (one
//! word, for a label of up to 8 bytes) and one probe at a time, and stops
//! at the first label the tree lacks: most hosts take two steps. No
//! parsing and no allocation at run time. A bit filter of 16 KB in front
//! of the table answers most labels the list does not have (the usual
//! last step of a lookup) without a miss in the table itself.

mod table;

use crate::host::Host;
use crate::swar::{dots_in, HIGHS, ONES};
use crate::url::Url;

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

/// The 8 bytes of `bytes` that end at `end`, the last one in the most
/// significant byte; positions before the start read as 0. `bytes` has at
/// least 8 bytes, and `end` is at least 1, so that the shift is below 64
/// and needs no check (an `end` of 0 would read the first 8 bytes).
/// Without a branch: whether a word reaches the start of a name depends
/// on the name, and a guess would often be wrong.
#[inline(always)]
fn word_ending(bytes: &[u8], end: usize) -> u64 {
    let at = end.max(8);
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at - 8..at]);
    u64::from_le_bytes(word).wrapping_shl(8 * (at - end) as u32)
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

/// A domain name (without its trailing dot), read a word at a time from
/// the right, label by label.
struct Name<'n> {
    bytes: &'n [u8],
    /// A name of fewer than 8 bytes as one word (see [`short_word`]), so
    /// that it is not copied to be read a word at a time.
    short: u64,
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

impl<'n> Name<'n> {
    #[inline(always)]
    fn new(bytes: &'n [u8]) -> Self {
        let short = if bytes.len() < 8 {
            short_word(bytes)
        } else {
            0
        };
        Name { bytes, short }
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

    /// The label that ends at `end` (a dot or the name's end); `None` when
    /// it is empty.
    #[inline(always)]
    fn label(&self, end: usize) -> Option<Label> {
        if end == 0 {
            return None;
        }
        let word = self.word_ending(end);
        let dots = dots_in(word);
        // The bytes of the word that are the label's: up to its dot, or all
        // that lie in the name.
        let len = if dots != 0 {
            (dots.leading_zeros() / 8) as usize
        } else {
            end.min(8)
        };
        if len == 0 {
            return None;
        }
        if len < 8 {
            return Some(Label {
                start: end - len,
                end,
                word: lowercase_word(word) >> (64 - 8 * len),
            });
        }
        // 8 bytes or more: on through the words further left.
        let mut at = end - 8;
        while at > 0 {
            let dots = dots_in(self.word_ending(at));
            if dots != 0 {
                at -= (dots.leading_zeros() / 8) as usize;
                break;
            }
            at = at.saturating_sub(8);
        }
        Some(Label {
            start: at,
            end,
            word: lowercase_word(word),
        })
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

    /// Whether `bytes[..end]` has an empty label: starts with a dot or has
    /// two in a row (`end` is where a label starts, after a dot, or 0).
    fn has_empty_label(&self, end: usize) -> bool {
        if end == 0 {
            return false;
        }
        // Words that overlap by a byte, so that every two neighbours share
        // a word; positions before the start read as 0, not as dots.
        let mut end = end;
        loop {
            let dots = dots_in(self.word_ending(end));
            if dots & dots << 8 != 0 {
                return true;
            }
            if end <= 8 {
                return self.bytes[0] == b'.';
            }
            end -= 7;
        }
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
    fn child(&self, parent: u32, label: &Label, filtered: bool) -> Option<(u32, u32)> {
        let len = label.len();
        if len >= 1 << LEN_BITS {
            return None;
        }
        let hash = Name::node_hash(parent, label);
        let bit = filter_bit(hash, table::FILTER_BITS);
        if filtered && table::FILTER[bit / 64] >> (bit % 64) & 1 == 0 {
            return None;
        }
        let want = parent << LEN_BITS | len as u32;
        let mask = table::NODES.len() - 1;
        let mut slot = first_slot(hash, table::SLOT_BITS);
        loop {
            let node = table::NODES[slot];
            if node == 0 {
                return None;
            }
            if node >> FLAG_BITS == want && self.is_label(table::LABELS[slot], label) {
                return Some((slot as u32, node & ((1 << FLAG_BITS) - 1)));
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Whether a node's [`table::LABELS`] entry is `label`: the label
    /// itself when it has at most 8 bytes, else where it starts in
    /// [`table::LONG_LABELS`].
    #[inline(always)]
    fn is_label(&self, stored: u64, label: &Label) -> bool {
        let len = label.len();
        if len <= 8 {
            return stored == label.word;
        }
        let keys = table::LONG_LABELS.as_bytes();
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

/// A label's node hash alone, for the generator of [`table`].
fn node_hash_of(parent: Option<usize>, label: &[u8]) -> u64 {
    let name = Name::new(label);
    let parent = parent.map_or(ROOT, |p| p as u32);
    match name.label(label.len()) {
        Some(whole) => Name::node_hash(parent, &whole),
        None => 0,
    }
}

/// The slot where probing for the node of `label` under the node in slot
/// `parent` (`None` for a top-level label) starts, in a table of `2^bits`
/// slots; what the generator of [`table`] places nodes by.
pub(crate) fn slot_of(parent: Option<usize>, label: &[u8], bits: u32) -> usize {
    first_slot(node_hash_of(parent, label), bits)
}

/// The filter bit of the node of `label` under `parent` in a filter of
/// `2^bits` bits, for the generator of [`table`].
pub(crate) fn filter_bit_of(parent: Option<usize>, label: &[u8], bits: u32) -> usize {
    filter_bit(node_hash_of(parent, label), bits)
}

/// The [`table::LABELS`] entry of a label of at most 8 bytes, for the
/// generator of [`table`].
pub(crate) fn label_word(label: &[u8]) -> u64 {
    let name = Name::new(label);
    name.label(label.len()).map_or(0, |whole| whole.word)
}

/// Packs a node as the table stores it: the slot of its parent (`None` for
/// a top-level label), its label's length and its flags.
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
fn split(domain: &str, sections: Sections) -> Option<(usize, Option<usize>)> {
    let bytes = domain.as_bytes();
    let name = Name::new(bytes.strip_suffix(b".").unwrap_or(bytes));
    let mask = sections.mask();
    let mut label = name.label(name.bytes.len())?;
    // The implicit rule "*": the last label is a public suffix.
    let mut suffix_start = label.start;
    // The start of the label left of `suffix_start`, once the walk has
    // seen it.
    let mut registrable_start = None;
    let mut found = name.child(ROOT, &label, false);
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
        let next = name.label(label.start - 1)?;
        if suffix_start == label.start {
            registrable_start = Some(next.start);
        }
        if flags & (WILDCARD_ICANN | WILDCARD_PRIVATE) != 0 {
            // "*.suffix": the label on the left is part of it.
            suffix_start = next.start;
            registrable_start = None;
        }
        label = next;
        found = name.child(slot, &label, true);
    }
    if suffix_start == label.start && label.start > 0 {
        registrable_start = Some(name.label(label.start - 1)?.start);
    }
    // The labels left of the walk must not be empty either.
    (!name.has_empty_label(label.start)).then_some((suffix_start, registrable_start))
}

/// <https://url.spec.whatwg.org/#host-public-suffix>, for a domain.
fn public_suffix(domain: &str, sections: Sections) -> Option<&str> {
    domain.get(split(domain, sections)?.0..)
}

/// <https://url.spec.whatwg.org/#host-registrable-domain>, for a domain.
fn registrable_domain(domain: &str, sections: Sections) -> Option<&str> {
    domain.get(split(domain, sections)?.1?..)
}

impl<'a> Host<'a> {
    /// The host's public suffix: the part of a domain that the Public
    /// Suffix List (ICANN and PRIVATE sections) says anyone can register
    /// under; `None` for IP addresses, opaque and empty hosts.
    ///
    /// <https://url.spec.whatwg.org/#host-public-suffix>
    ///
    /// ```text
    /// www.example.co.uk.
    ///             ^^^^^^ public suffix (a trailing dot is kept)
    /// ```
    ///
    /// A domain with an empty label (`.example.com`, `a..b`) has none
    /// either. The domain is ASCII, as the URL parser makes it; a domain
    /// no rule matches has its last label as public suffix (the list's
    /// implicit `*` rule).
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::Domain("a.b.github.io").public_suffix(), Some("github.io"));
    /// assert_eq!(Host::Domain("example.invalid").public_suffix(), Some("invalid"));
    /// assert_eq!(Host::Ipv4([127, 0, 0, 1].into()).public_suffix(), None);
    /// ```
    pub fn public_suffix(&self) -> Option<&'a str> {
        match *self {
            Host::Domain(domain) => public_suffix(domain, Sections::All),
            _ => None,
        }
    }

    /// The host's registrable domain ("eTLD+1"): its public suffix and the
    /// label before it; `None` when the host is not a domain or is itself
    /// a public suffix.
    ///
    /// <https://url.spec.whatwg.org/#host-registrable-domain>
    ///
    /// ```text
    /// www.example.co.uk.
    ///     ^^^^^^^^^^^^^^ registrable domain
    /// ```
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::Domain("a.b.github.io").registrable_domain(), Some("b.github.io"));
    /// assert_eq!(Host::Domain("github.io").registrable_domain(), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<&'a str> {
        match *self {
            Host::Domain(domain) => registrable_domain(domain, Sections::All),
            _ => None,
        }
    }

    /// [`Host::public_suffix`] by the list's ICANN section alone, without
    /// the suffixes that private parties (hosting services, dynamic DNS)
    /// have added.
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::Domain("a.b.github.io").icann_public_suffix(), Some("io"));
    /// ```
    pub fn icann_public_suffix(&self) -> Option<&'a str> {
        match *self {
            Host::Domain(domain) => public_suffix(domain, Sections::Icann),
            _ => None,
        }
    }

    /// [`Host::registrable_domain`] by the list's ICANN section alone.
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::Domain("a.b.github.io").icann_registrable_domain(), Some("github.io"));
    /// ```
    pub fn icann_registrable_domain(&self) -> Option<&'a str> {
        match *self {
            Host::Domain(domain) => registrable_domain(domain, Sections::Icann),
            _ => None,
        }
    }
}

impl Url {
    /// The public suffix of the URL's host; see [`Host::public_suffix`].
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://www.Example.co.uk./")?;
    /// assert_eq!(url.public_suffix(), Some("co.uk."));
    /// assert_eq!(Url::parse("http://[::1]/")?.public_suffix(), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn public_suffix(&self) -> Option<&str> {
        public_suffix(self.domain()?, Sections::All)
    }

    /// The registrable domain of the URL's host; see
    /// [`Host::registrable_domain`].
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://www.食狮.公司.cn/")?;
    /// assert_eq!(url.registrable_domain(), Some("xn--85x722f.xn--55qx5d.cn"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn registrable_domain(&self) -> Option<&str> {
        registrable_domain(self.domain()?, Sections::All)
    }

    /// The URL host's public suffix by the ICANN section alone; see
    /// [`Host::icann_public_suffix`].
    pub fn icann_public_suffix(&self) -> Option<&str> {
        public_suffix(self.domain()?, Sections::Icann)
    }

    /// The URL host's registrable domain by the ICANN section alone; see
    /// [`Host::icann_registrable_domain`].
    pub fn icann_registrable_domain(&self) -> Option<&str> {
        registrable_domain(self.domain()?, Sections::Icann)
    }
}
