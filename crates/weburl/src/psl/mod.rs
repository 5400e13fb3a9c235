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
//! at each dot: no parsing and no allocation at run time.

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

/// One step of the suffix hash: `byte` joins the suffix on its left.
/// ASCII letters hash as lowercase, as the list's rules are.
#[inline(always)]
fn hash_step(hash: u64, byte: u8) -> u64 {
    hash.rotate_left(5) ^ u64::from(byte.to_ascii_lowercase())
}

/// The slot where probing for a suffix with this hash starts, in a table
/// of `2^bits` slots.
#[inline(always)]
fn first_slot(hash: u64, bits: u32) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// The slot where probing for `suffix` starts in a table of `2^bits`
/// slots; what the generator of [`table`] places nodes by.
pub(crate) fn slot_of(suffix: &[u8], bits: u32) -> usize {
    first_slot(suffix.iter().rev().fold(0, |h, &b| hash_step(h, b)), bits)
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

/// The flags of the node for `suffix`, if the list has one. Probing ends at
/// an empty slot; the table is at most two-thirds full, so that comes soon.
#[inline]
fn node_flags(hash: u64, suffix: &[u8]) -> Option<u32> {
    let mask = table::SLOTS.len() - 1;
    let mut slot = first_slot(hash, table::SLOT_BITS);
    loop {
        let node = table::SLOTS[slot];
        if node == 0 {
            return None;
        }
        let len = ((node >> FLAG_BITS) & ((1 << LEN_BITS) - 1)) as usize;
        if len == suffix.len() {
            let start = (node >> (LEN_BITS + FLAG_BITS)) as usize;
            if table::KEYS.as_bytes()[start..start + len].eq_ignore_ascii_case(suffix) {
                return Some(node & ((1 << FLAG_BITS) - 1));
            }
        }
        slot = (slot + 1) & mask;
    }
}

/// Where `domain`'s public suffix starts, by the list's formal algorithm
/// (<https://github.com/publicsuffix/list/wiki/Format#formal-algorithm>),
/// together with the length of `domain` without its trailing dot.
///
/// `None` when `domain` has an empty label other than the one a trailing
/// dot makes (`.example.com`, `a..b`, `.`): the list's algorithm works on
/// domain names, whose labels are not empty, and its own tests expect no
/// registrable domain for such input.
fn public_suffix_start(domain: &str, sections: Sections) -> Option<(usize, usize)> {
    let bytes = domain.as_bytes();
    let name = bytes.strip_suffix(b".").unwrap_or(bytes);
    if name.is_empty() || name[0] == b'.' {
        return None;
    }
    let mask = sections.mask();
    let mut hash = 0;
    let mut end = name.len();
    // The implicit rule "*": the last label is a public suffix.
    let mut suffix_start = None;
    let mut walking = true;
    loop {
        // Hash the label that ends at `end` (and the dot after it).
        let mut start = end;
        while start > 0 && name[start - 1] != b'.' {
            start -= 1;
            if walking {
                hash = hash_step(hash, name[start]);
            }
        }
        if start == end {
            return None; // An empty label: `a..b`.
        }
        if suffix_start.is_none() {
            suffix_start = Some(start);
        }
        if walking {
            match node_flags(hash, &name[start..]) {
                None => walking = false,
                Some(flags) => {
                    let flags = flags & mask;
                    if flags & (EXCEPTION_ICANN | EXCEPTION_PRIVATE) != 0 {
                        // An exception rule prevails; drop its leftmost label.
                        suffix_start = Some(end + 1);
                        walking = false;
                    } else {
                        if flags & (RULE_ICANN | RULE_PRIVATE) != 0 {
                            suffix_start = Some(start);
                        }
                        if flags & (WILDCARD_ICANN | WILDCARD_PRIVATE) != 0 && start > 0 {
                            // "*.suffix": the label on the left is part of it.
                            suffix_start = Some(label_start(name, start - 1));
                        }
                    }
                }
            }
        }
        if start == 0 {
            break;
        }
        end = start - 1;
        if walking {
            hash = hash_step(hash, b'.');
        }
    }
    Some((suffix_start?, name.len()))
}

/// The start of the label that ends at `end` (exclusive) in `name`.
fn label_start(name: &[u8], end: usize) -> usize {
    name[..end]
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(0, |dot| dot + 1)
}

/// <https://url.spec.whatwg.org/#host-public-suffix>, for a domain.
fn public_suffix(domain: &str, sections: Sections) -> Option<&str> {
    let (start, _) = public_suffix_start(domain, sections)?;
    domain.get(start..)
}

/// <https://url.spec.whatwg.org/#host-registrable-domain>, for a domain.
fn registrable_domain(domain: &str, sections: Sections) -> Option<&str> {
    let (start, _) = public_suffix_start(domain, sections)?;
    if start == 0 {
        return None; // The host is its own public suffix.
    }
    domain.get(label_start(domain.as_bytes(), start - 1)..)
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
