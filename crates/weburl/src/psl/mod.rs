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

/// The 8 bytes of `bytes` that end at `end`, the last one in the most
/// significant byte; positions before the start read as 0. `bytes` has at
/// least 8 bytes (see [`Padded`]).
#[inline(always)]
fn word_ending(bytes: &[u8], end: usize) -> u64 {
    let mut word = [0; 8];
    if end >= 8 {
        word.copy_from_slice(&bytes[end - 8..end]);
        u64::from_le_bytes(word)
    } else {
        word.copy_from_slice(&bytes[..8]);
        u64::from_le_bytes(word)
            .checked_shl(8 * (8 - end as u32))
            .unwrap_or(0)
    }
}

/// `bytes[start..end]` (1 to 7 bytes) as a word, in its low bytes.
#[inline(always)]
fn partial_word(bytes: &[u8], start: usize, end: usize) -> u64 {
    word_ending(bytes, end) >> (8 * (8 - (end - start)))
}

/// A name's bytes, at least 8 of them so that every read is a word: a
/// shorter name is copied into a zero-padded word.
struct Padded<'n> {
    bytes: &'n [u8],
    len: usize,
}

impl<'n> Padded<'n> {
    fn new(name: &'n [u8], pad: &'n mut [u8; 8]) -> Self {
        if name.len() >= 8 {
            return Padded {
                bytes: name,
                len: name.len(),
            };
        }
        // Byte by byte: shorter than a call to copy a few bytes.
        for (to, &from) in pad.iter_mut().zip(name) {
            *to = from;
        }
        Padded {
            bytes: pad,
            len: name.len(),
        }
    }
}

/// The word with its ASCII uppercase letters lowercased, eight at a time.
///
/// A byte past ASCII may overflow and carry into the next byte of the
/// name. In UTF-8 only a lead byte overflows and the next byte is then a
/// continuation byte, which a carry does not overflow: no ASCII byte
/// changes, and the list's keys are ASCII, so no word with a non-ASCII byte
/// matches one.
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
    (hash ^ lowercase_word(word))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

/// The slot where probing starts for a suffix of `len` bytes whose words
/// hash to `hash`, in a table of `2^bits` slots.
#[inline(always)]
fn first_slot(hash: u64, len: usize, bits: u32) -> usize {
    ((hash ^ len as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - bits)) as usize
}

/// The hash of the suffixes of one name, computed leftwards a label at a
/// time: the words are aligned on the name's end, so every suffix shares
/// the full words it has with the longer ones.
struct SuffixHash<'p, 'n> {
    name: &'p Padded<'n>,
    /// The hash of the full words of `name[full..]`.
    hash: u64,
    full: usize,
}

impl<'p, 'n> SuffixHash<'p, 'n> {
    fn new(name: &'p Padded<'n>) -> Self {
        SuffixHash {
            name,
            hash: 0,
            full: name.len,
        }
    }

    /// The hash of `name[start..]`; `start` only moves leftwards.
    #[inline(always)]
    fn of(&mut self, start: usize) -> u64 {
        while self.full - start >= 8 {
            self.hash = mix(self.hash, word_ending(self.name.bytes, self.full));
            self.full -= 8;
        }
        if self.full > start {
            mix(self.hash, partial_word(self.name.bytes, start, self.full))
        } else {
            self.hash
        }
    }
}

/// The slot where probing for `suffix` starts in a table of `2^bits`
/// slots; what the generator of [`table`] places nodes by.
pub(crate) fn slot_of(suffix: &[u8], bits: u32) -> usize {
    let mut pad = [0; 8];
    let name = Padded::new(suffix, &mut pad);
    first_slot(SuffixHash::new(&name).of(0), suffix.len(), bits)
}

/// The bit of a filter of `2^bits` bits that a suffix with this hash sets:
/// other bits of the product than the slot's, which are its top ones.
#[inline(always)]
fn filter_bit(hash: u64, len: usize, bits: u32) -> usize {
    ((hash ^ len as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 16) as usize & ((1 << bits) - 1)
}

/// The filter bit of `suffix`, for the generator of [`table`].
pub(crate) fn filter_bit_of(suffix: &[u8], bits: u32) -> usize {
    let mut pad = [0; 8];
    let name = Padded::new(suffix, &mut pad);
    filter_bit(SuffixHash::new(&name).of(0), suffix.len(), bits)
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

/// Whether `keys[key_end - len..key_end]` (lowercase) is
/// `name[start..]` with its ASCII letters lowercased, a word at a time.
#[inline(always)]
fn same_suffix(keys: &[u8], key_end: usize, name: &Padded<'_>, start: usize) -> bool {
    let len = name.len - start;
    let mut at = 0;
    while len - at >= 8 {
        if word_ending(keys, key_end - at) != lowercase_word(word_ending(name.bytes, name.len - at))
        {
            return false;
        }
        at += 8;
    }
    at == len
        || partial_word(keys, key_end - len, key_end - at)
            == lowercase_word(partial_word(name.bytes, start, name.len - at))
}

/// The flags of the node for `name[start..]`, if the list has one.
/// Probing ends at an empty slot; the table is at most a third full, so
/// that comes soon.
#[inline(always)]
fn node_flags(hash: u64, name: &Padded<'_>, start: usize) -> Option<u32> {
    let mask = table::SLOTS.len() - 1;
    let len = name.len - start;
    // The filter, small enough to stay in the first-level cache, answers
    // most suffixes the list does not have without touching the table.
    let bit = filter_bit(hash, len, table::FILTER_BITS);
    if table::FILTER[bit / 64] >> (bit % 64) & 1 == 0 {
        return None;
    }
    let mut slot = first_slot(hash, len, table::SLOT_BITS);
    loop {
        let node = table::SLOTS[slot];
        if node == 0 {
            return None;
        }
        if ((node >> FLAG_BITS) & ((1 << LEN_BITS) - 1)) as usize == len {
            let key_end = (node >> (LEN_BITS + FLAG_BITS)) as usize + len;
            if same_suffix(table::KEYS.as_bytes(), key_end, name, start) {
                return Some(node & ((1 << FLAG_BITS) - 1));
            }
        }
        slot = (slot + 1) & mask;
    }
}

/// Where the label that ends at `end` starts in `name`, a word at a time.
#[inline(always)]
fn label_start(name: &Padded<'_>, mut end: usize) -> usize {
    while end > 0 {
        let dots = dots_in(word_ending(name.bytes, end));
        if dots != 0 {
            // The byte after the last dot.
            return end + (63 - dots.leading_zeros() as usize) / 8 - 7;
        }
        end = end.saturating_sub(8);
    }
    0
}

/// Whether `name[..end]` has an empty label: starts with a dot or has two
/// in a row. (`end` is where a non-empty label starts, or 0.)
#[inline(always)]
fn has_empty_label(name: &Padded<'_>, end: usize) -> bool {
    if end == 0 {
        return false;
    }
    // Two dots in a row, a word at a time from the right; `after` is 0x80
    // when the byte after the word is a dot.
    let mut end = end;
    let mut after = 0;
    loop {
        let dots = dots_in(word_ending(name.bytes, end));
        if dots & dots << 8 != 0 || (dots >> 56) & after != 0 {
            return true;
        }
        if end <= 8 {
            // Positions before the start read as 0, not as dots.
            return name.bytes[0] == b'.';
        }
        after = dots & 0x80;
        end -= 8;
    }
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
    let mut pad = [0; 8];
    let name = Padded::new(bytes.strip_suffix(b".").unwrap_or(bytes), &mut pad);
    let mask = sections.mask();
    let mut hash = SuffixHash::new(&name);
    // The label that ends at `end` starts at `start`.
    let mut end = name.len;
    let mut start = label_start(&name, end);
    // The implicit rule "*": the last label is a public suffix.
    let mut suffix_start = start;
    // The start of the label left of `suffix_start`, once the walk has
    // seen it.
    let mut registrable_start = None;
    loop {
        if start == end {
            return None; // An empty label.
        }
        let Some(flags) = node_flags(hash.of(start), &name, start) else {
            break;
        };
        let flags = flags & mask;
        if flags & (EXCEPTION_ICANN | EXCEPTION_PRIVATE) != 0 {
            // An exception rule prevails; drop its leftmost label.
            suffix_start = end + 1;
            registrable_start = Some(start);
            break;
        }
        if flags & (RULE_ICANN | RULE_PRIVATE) != 0 {
            suffix_start = start;
            registrable_start = None;
        }
        if start == 0 {
            return Some((suffix_start, registrable_start));
        }
        end = start - 1;
        let next = label_start(&name, end);
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
        registrable_start = Some(label_start(&name, start - 1));
    }
    // The labels left of the walk must not be empty either.
    (!has_empty_label(&name, start)).then_some((suffix_start, registrable_start))
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
