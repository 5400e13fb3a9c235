//! Public suffixes and registrable domains, from the Public Suffix List
//! compiled into the library (feature `psl`).
//!
//! <https://url.spec.whatwg.org/#host-public-suffix>
//!
//! The list lives in [`table`], generated from the vendored
//! `testdata/psl/public_suffix_list.dat` (refresh it with
//! `WEBURL_REGENERATE=1 cargo test -p weburl --test psl_table`). Each node
//! of the list's tree (every rule and every suffix of a rule) is a slot of
//! an open-addressing hash table keyed by the whole suffix, so a lookup
//! hashes the host once, from its last byte leftwards, and probes the table
//! at each dot: no parsing and no allocation at run time. A bit filter of
//! 16 KB in front of the table answers most suffixes the list does not have
//! (the usual last step of a lookup) without a miss in the table itself.

mod table;

use crate::host::Host;
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

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// How many of a name's last bytes [`Tail`] reads up front: the labels a
/// lookup walks (the list's rules and one label more) almost always lie
/// there.
const WINDOW: usize = 16;

/// The 8 bytes of `bytes` that end at `end`, the last one in the most
/// significant byte; positions before the start read as 0. `bytes` has at
/// least 8 bytes. Without a branch: whether a word reaches the start of a
/// name depends on the name, and a guess would often be wrong.
#[inline(always)]
fn word_ending(bytes: &[u8], end: usize) -> u64 {
    let at = end.max(8);
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at - 8..at]);
    u64::from_le_bytes(word)
        .checked_shl(8 * (at - end) as u32)
        .unwrap_or(0)
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

/// A mask of the `count` most significant bytes of two words (all of them
/// from 16 on).
#[inline(always)]
fn top_bytes_wide(count: usize) -> u128 {
    !u128::MAX.checked_shr(8 * count as u32).unwrap_or(0)
}

/// Two words as one, `high` in the most significant half.
#[inline(always)]
fn wide(high: u64, low: u64) -> u128 {
    u128::from(high) << 64 | u128::from(low)
}

/// The word with its ASCII uppercase letters lowercased, eight at a time.
///
/// A byte past ASCII may overflow and carry into the next byte of the
/// name. In UTF-8 only a lead byte overflows and the next byte is then a
/// continuation byte, which a carry does not overflow: no ASCII byte
/// changes, and the list's keys are ASCII, so no word with a non-ASCII byte
/// matches one. (The byte before a suffix is a dot, which carries nothing
/// into it: a suffix hashes the same alone and inside a name.)
#[inline(always)]
fn lowercase_word(word: u64) -> u64 {
    // The high bit of a byte: at least 'A' and not past 'Z'.
    let upper = word.wrapping_add(0x3f * ONES) & !word.wrapping_add(0x25 * ONES) & HIGHS;
    word | upper >> 2
}

/// A 0x80 in each byte of `word` that is `.`.
#[inline(always)]
fn dots_in(word: u64) -> u64 {
    let t = word ^ (u64::from(b'.') * ONES);
    !(((t & !HIGHS) + !HIGHS) | t) & HIGHS
}

/// Adds a word of the suffix (lowercased) to its hash.
#[inline(always)]
fn mix(hash: u64, word: u64) -> u64 {
    (hash ^ word)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

/// The slot where probing starts for a suffix of `len` bytes whose words
/// hash to `hash`, in a table of `2^bits` slots.
#[inline(always)]
fn first_slot(hash: u64, len: usize, bits: u32) -> usize {
    ((hash ^ len as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - bits)) as usize
}

/// The bit of a filter of `2^bits` bits that a suffix with this hash sets:
/// other bits of the product than the slot's, which are its top ones.
#[inline(always)]
fn filter_bit(hash: u64, len: usize, bits: u32) -> usize {
    ((hash ^ len as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 16) as usize & ((1 << bits) - 1)
}

/// A name (without its trailing dot) and its last [`WINDOW`] bytes, read
/// once: the walk over its last labels finds their dots, hashes and
/// compares them without reading the name again or looping over it.
struct Tail<'n> {
    name: &'n [u8],
    /// `name`'s last 16 bytes, lowercased, the last one in the most
    /// significant byte; positions before the name's start are 0.
    bytes: u128,
    /// A 0x80 in each byte of `bytes` that is a dot.
    dots: u128,
}

impl<'n> Tail<'n> {
    #[inline(always)]
    fn new(name: &'n [u8]) -> Self {
        let len = name.len();
        let (high, low) = if len >= 8 {
            (word_ending(name, len), word_ending(name, len - 8))
        } else {
            let high = short_word(name).checked_shl(8 * (8 - len) as u32);
            (high.unwrap_or(0), 0)
        };
        Tail {
            name,
            bytes: wide(lowercase_word(high), lowercase_word(low)),
            dots: wide(dots_in(high), dots_in(low)),
        }
    }

    /// Whether the name has an empty label: it is empty, starts or ends
    /// with a dot or has two dots in a row.
    #[inline(always)]
    fn has_empty_label(&self) -> bool {
        let len = self.name.len();
        if len == 0 || self.name[0] == b'.' || self.dots >> 127 != 0 {
            return true;
        }
        if self.dots & self.dots << 8 != 0 {
            return true;
        }
        if len <= WINDOW {
            return false;
        }
        // Left of the window, words that overlap by a byte (the first one
        // with the window), so that every two neighbours share a word.
        let mut end = len - WINDOW + 1;
        loop {
            let dots = dots_in(word_ending(self.name, end));
            if dots & dots << 8 != 0 {
                return true;
            }
            if end <= 8 {
                return false;
            }
            end -= 7;
        }
    }

    /// Where the label that ends at `end` (a dot or the name's end) starts.
    #[inline(always)]
    fn label_start(&self, end: usize) -> usize {
        let len = self.name.len();
        // The window's dots before `end`, moved up to the top byte.
        let before = self.dots.checked_shl(8 * (len - end) as u32).unwrap_or(0);
        if before != 0 {
            return end - (before.leading_zeros() / 8) as usize;
        }
        if len <= WINDOW {
            return 0;
        }
        // A long label: on through the words left of the window.
        let mut at = end.min(len - WINDOW);
        while at > 0 {
            let dots = dots_in(word_ending(self.name, at));
            if dots != 0 {
                return at - (dots.leading_zeros() / 8) as usize;
            }
            at = at.saturating_sub(8);
        }
        0
    }

    /// `name[start..]`'s part of the window: the bytes before `start`
    /// cleared.
    #[inline(always)]
    fn window_of(&self, start: usize) -> u128 {
        self.bytes & top_bytes_wide(self.name.len() - start)
    }

    /// The hash of `name[start..]` (lowercased), whose part of the window
    /// is `window`: the window's two words, then the words further left,
    /// all aligned on the name's end.
    #[inline(always)]
    fn hash(&self, start: usize, window: u128) -> u64 {
        let mut hash = mix(mix(0, (window >> 64) as u64), window as u64);
        let len = self.name.len();
        if len - start > WINDOW {
            let mut end = len - WINDOW;
            while end > start {
                let word = lowercase_word(word_ending(self.name, end));
                hash = mix(hash, word & top_bytes(end - start));
                end = end.saturating_sub(8);
            }
        }
        hash
    }

    /// Whether the key that ends at `key_end` in [`table::KEYS`] (as long
    /// as the suffix) is `name[start..]`, whose part of the window is
    /// `window`.
    #[inline(always)]
    fn is_key(&self, key_end: usize, start: usize, window: u128) -> bool {
        let keys = table::KEYS.as_bytes();
        let len = self.name.len() - start;
        let key = wide(
            word_ending(keys, key_end),
            word_ending(keys, key_end.saturating_sub(8)),
        );
        if key & top_bytes_wide(len) != window {
            return false;
        }
        let mut at = WINDOW;
        while at < len {
            let keep = top_bytes(len - at);
            let word = lowercase_word(word_ending(self.name, self.name.len() - at));
            if word_ending(keys, key_end - at) & keep != word & keep {
                return false;
            }
            at += 8;
        }
        true
    }

    /// The flags of the node for `name[start..]`, if the list has one.
    /// Probing ends at an empty slot; the table is at most a third full, so
    /// that comes soon.
    #[inline(always)]
    fn node_flags(&self, start: usize) -> Option<u32> {
        let len = self.name.len() - start;
        let window = self.window_of(start);
        let hash = self.hash(start, window);
        // The filter, small enough to stay in the first-level cache, answers
        // most suffixes the list does not have without touching the table.
        let bit = filter_bit(hash, len, table::FILTER_BITS);
        if table::FILTER[bit / 64] >> (bit % 64) & 1 == 0 {
            return None;
        }
        let mask = table::SLOTS.len() - 1;
        let mut slot = first_slot(hash, len, table::SLOT_BITS);
        loop {
            let node = table::SLOTS[slot];
            if node == 0 {
                return None;
            }
            if ((node >> FLAG_BITS) & ((1 << LEN_BITS) - 1)) as usize == len {
                let key_end = (node >> (LEN_BITS + FLAG_BITS)) as usize + len;
                if self.is_key(key_end, start, window) {
                    return Some(node & ((1 << FLAG_BITS) - 1));
                }
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// The slot where probing for `suffix` starts in a table of `2^bits`
/// slots; what the generator of [`table`] places nodes by.
pub(crate) fn slot_of(suffix: &[u8], bits: u32) -> usize {
    let tail = Tail::new(suffix);
    first_slot(tail.hash(0, tail.window_of(0)), suffix.len(), bits)
}

/// The filter bit of `suffix`, for the generator of [`table`].
pub(crate) fn filter_bit_of(suffix: &[u8], bits: u32) -> usize {
    let tail = Tail::new(suffix);
    filter_bit(tail.hash(0, tail.window_of(0)), suffix.len(), bits)
}

/// Packs a node as the table stores it: the key's offset in
/// [`table::KEYS`], its length and its flags.
pub(crate) fn pack_node(key_start: usize, key_len: usize, flags: u32) -> Option<u32> {
    let packed = u32::try_from(key_start)
        .ok()?
        .checked_shl(LEN_BITS + FLAG_BITS)?;
    if key_start >= 1 << (32 - LEN_BITS - FLAG_BITS) || key_len == 0 || key_len >= 1 << LEN_BITS {
        return None;
    }
    Some(packed | (key_len as u32) << FLAG_BITS | flags)
}

/// Where `domain`'s public suffix and registrable domain start, by the
/// list's formal algorithm
/// (<https://github.com/publicsuffix/list/wiki/Format#formal-algorithm>);
/// the registrable domain is `None` when the domain is a public suffix.
///
/// `None` when `domain` has an empty label other than the one a trailing
/// dot makes (`.example.com`, `a..b`, `.`): the list's algorithm works on
/// domain names, whose labels are not empty, and its own tests expect no
/// registrable domain for such input.
#[inline(always)]
fn split(domain: &str, sections: Sections) -> Option<(usize, Option<usize>)> {
    let bytes = domain.as_bytes();
    let tail = Tail::new(bytes.strip_suffix(b".").unwrap_or(bytes));
    if tail.has_empty_label() {
        return None;
    }
    let mask = sections.mask();
    // The label that ends at `end` starts at `start`.
    let mut end = tail.name.len();
    let mut start = tail.label_start(end);
    // The implicit rule "*": the last label is a public suffix.
    let mut suffix_start = start;
    // The start of the label left of `suffix_start`, once the walk has
    // seen it.
    let mut registrable_start = None;
    while let Some(flags) = tail.node_flags(start) {
        let flags = flags & mask;
        if flags & (EXCEPTION_ICANN | EXCEPTION_PRIVATE) != 0 {
            // An exception rule prevails; drop its leftmost label.
            return Some((end + 1, Some(start)));
        }
        if flags & (RULE_ICANN | RULE_PRIVATE) != 0 {
            suffix_start = start;
            registrable_start = None;
        }
        if start == 0 {
            return Some((suffix_start, registrable_start));
        }
        end = start - 1;
        let next = tail.label_start(end);
        if suffix_start == start {
            registrable_start = Some(next);
        }
        start = next;
        if flags & (WILDCARD_ICANN | WILDCARD_PRIVATE) != 0 {
            // "*.suffix": the label on the left is part of it.
            suffix_start = start;
            registrable_start = None;
        }
    }
    if suffix_start == start && start > 0 {
        registrable_start = Some(tail.label_start(start - 1));
    }
    Some((suffix_start, registrable_start))
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
