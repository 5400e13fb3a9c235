//! Showing a URL to people: its IRI form, with a policy against spoofing.
//!
//! A [`Url`] is always ASCII: the parser maps an IRI (RFC 3987) to a URI by
//! running the host through IDNA's ToASCII and UTF-8 percent-encoding every
//! other non-ASCII character, which is the mapping of RFC 3987 §3.1
//! (<https://www.rfc-editor.org/rfc/rfc3987#section-3.1>).
//! [`Url::to_display_string`] goes the other way, for display only, as the
//! URL Standard's "URL rendering" section asks
//! (<https://url.spec.whatwg.org/#url-rendering-i18n>) and RFC 3987 §3.2
//! describes (<https://www.rfc-editor.org/rfc/rfc3987#section-3.2>):
//!
//! ```
//! use weburl::Url;
//!
//! // IRI to URI: what the parser does.
//! let url = Url::parse("https://bücher.example/straße?q=café#ø")?;
//! assert_eq!(url.href(), "https://xn--bcher-kva.example/stra%C3%9Fe?q=caf%C3%A9#%C3%B8");
//!
//! // URI to IRI, for people: what `to_display_string` does.
//! assert_eq!(url.to_display_string(), "https://bücher.example/straße?q=café#ø");
//!
//! // The displayed text parses back to the same URL.
//! assert_eq!(Url::parse(&url.to_display_string())?, url);
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! # The host
//!
//! A domain goes through the URL Standard's "domain to Unicode"
//! ([`crate::domain_to_unicode`]), then each label is checked by
//! [`check_label`]; a label that fails stays in punycode (`xn--…`). The
//! policy follows UTS #39, Unicode Security Mechanisms
//! (<https://www.unicode.org/reports/tr39/>), in the spirit of browsers'
//! IDN display policies (Chromium's, for one):
//!
//! 1. **Restriction level "Highly Restrictive"** (UTS #39 §5.2,
//!    <https://www.unicode.org/reports/tr39/#Restriction_Level_Detection>):
//!    by Script_Extensions, the label is single-script, or every character
//!    belongs to one of Latin + Han + Hiragana + Katakana,
//!    Latin + Han + Bopomofo or Latin + Han + Hangul. Characters of the
//!    Common and Inherited scripts (digits, "-", most punctuation, combining
//!    marks) go with any script. The looser "Moderately Restrictive" level
//!    (Latin plus any one other script but Cyrillic and Greek) is not
//!    followed: scripts such as Armenian and Cherokee have Latin look-alikes
//!    too.
//! 2. **No look-alikes of URL delimiters**: a label with a character that
//!    looks like "/", ".", "?", "#", "@" or ":" (fraction slash U+2044,
//!    division slash U+2215, one dot leader U+2024, Armenian full stop
//!    U+0589, Hebrew sof pasuq U+05C3, modifier letter colon U+A789, …; the
//!    table is [`DELIMITER_LOOKALIKES`]) stays in punycode, since shown in
//!    Unicode it would fake the URL's structure (`bank.example⁄login.evil.example`
//!    reads as host `bank.example` and path `/login.evil.example`).
//! 3. **No invisible characters**: format characters (General_Category Cf,
//!    which includes the bidi controls and the joiners U+200C/U+200D),
//!    other default-ignorable code points, controls and spaces.
//! 4. **Whole-script confusables** (UTS #39 §4,
//!    <https://www.unicode.org/reports/tr39/#Whole_Script_Confusables>): a
//!    label written only in Cyrillic, only in Greek or only in Armenian
//!    letters that all have a Latin look-alike (`аррӏе`, Cyrillic, reads as
//!    "apple") stays in punycode. The look-alike tables are small and
//!    hand-picked ([`WHOLE_SCRIPT_LOOKALIKES`]), for lowercase letters,
//!    since a domain has no uppercase after IDNA mapping.
//!
//! What the policy does **not** do: compute UTS #39 confusable skeletons
//! (`confusables.txt`), so a single-script label that only looks like
//! another (Latin `exämple` for `example`, or a Cyrillic label with one
//! letter outside the table) is shown;
//! compare against a list of well-known domains; check the UTS #39
//! Identifier_Status profile (IDNA validity already excludes most
//! symbols); or apply per-TLD script rules (a Cyrillic look-alike label
//! under a Cyrillic TLD stays in punycode too). A host that is an IP
//! address or an opaque host is shown as it is.
//!
//! Finally the displayed host must convert back to exactly the same ASCII
//! host; if it does not (the bidi rule of IDNA applies to the whole
//! domain), the whole host stays ASCII.
//!
//! # Path, query and fragment
//!
//! [`percent_decode_for_display`] replaces a run of percent-encoded bytes
//! by the characters they encode in UTF-8 when all of these hold:
//!
//! - the bytes are valid UTF-8 and were written the way the parser writes
//!   them (upper-case hex), so that parsing the displayed text gives back
//!   exactly the same URL;
//! - the character is not ASCII. Decoding ASCII would change the URL (the
//!   URL Standard never decodes, so `%2F` is not `/` and `%41` is not `A`)
//!   and could turn data into a delimiter: `%2F`, `%3F`, `%23`, `%25`, and
//!   in queries `%26`, `%3D`, `%2B`, all stay encoded;
//! - it is a `ucschar` of RFC 3987 (no private use, no noncharacters, not
//!   U+FFFD), assigned, and not a control, not white space, not a format
//!   or bidi control character (Cf: U+061C, U+200E, U+200F, U+202A–U+202E,
//!   U+2066–U+2069, …) and not default-ignorable: RFC 3987 §4.1 forbids
//!   bidi formatting characters in IRIs, and the URL Standard asks not to
//!   decode what would render invisibly;
//! - it is not one of the [`DELIMITER_LOOKALIKES`];
//! - a combining mark follows a letter or digit, so it cannot change how a
//!   delimiter before it looks (`/` + U+0338 renders as a struck slash).
//!
//! Everything else stays as it is in the URL. Userinfo is not decoded (the
//! URL Standard advises against showing it at all, since
//! `https://bank.example@evil.example/` reads as the wrong host; drop it
//! where people make trust decisions).

use std::borrow::Cow;
use std::fmt;

use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, Script};
use icu_properties::script::ScriptWithExtensions;
use icu_properties::{CodePointMapData, CodePointSetData};

use crate::{domain_to_unicode, Host, Url};

impl Url {
    /// The URL as people should read it: the host in Unicode where the
    /// spoofing policy allows, and the path, query and fragment with their
    /// percent-encoded UTF-8 shown as characters where that is safe.
    ///
    /// Parsing the result gives back the same URL. The module
    /// documentation ([`crate::display`]) lists the rules. This is not one
    /// of the URL Standard's getters; it follows its "URL rendering"
    /// section, <https://url.spec.whatwg.org/#url-rendering-i18n>, and
    /// RFC 3987 §3.2, <https://www.rfc-editor.org/rfc/rfc3987#section-3.2>.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://xn--mller-kva.example/%C3%A4%2F%E2%80%AE?x=%FF")?;
    /// // "ä" is decoded; "%2F" would become a delimiter, U+202E (RLO) is a
    /// // bidi control and "%FF" is not UTF-8: they stay encoded.
    /// assert_eq!(url.to_display_string(), "https://müller.example/ä%2F%E2%80%AE?x=%FF");
    ///
    /// // Cyrillic "аррӏе" looks like "apple": it stays in punycode.
    /// let spoof = Url::parse("https://аррӏе.com/")?;
    /// assert_eq!(spoof.to_display_string(), "https://xn--80ak6aa92e.com/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn to_display_string(&self) -> String {
        let href = self.href();
        // The serialization ends with path, "?" query, "#" fragment; the
        // getters give their lengths, and nothing before the path can
        // contain a literal "?" or "#".
        let fragment_start = self.fragment().map(|f| href.len() - f.len() - 1);
        let query_end = fragment_start.unwrap_or(href.len());
        let query_start = self.query().map(|q| query_end - q.len() - 1);
        let path_end = query_start.unwrap_or(query_end);
        let path_start = path_end - self.pathname().len();

        let mut out = String::with_capacity(href.len() + 16);
        let head = &href[..path_start];
        match self.typed_host() {
            Some(Host::Domain(domain)) => {
                let port = self.port();
                let host_end = path_start - if port.is_empty() { 0 } else { port.len() + 1 };
                let host_start = host_end - domain.len();
                if href.get(host_start..host_end) == Some(domain) {
                    out.push_str(&href[..host_start]);
                    out.push_str(&domain_to_display(domain));
                    out.push_str(&href[host_end..path_start]);
                } else {
                    out.push_str(head);
                }
            }
            _ => out.push_str(head),
        }
        out.push_str(&percent_decode_for_display(&href[path_start..path_end]));
        if let Some(start) = query_start {
            out.push('?');
            out.push_str(&percent_decode_for_display(&href[start + 1..query_end]));
        }
        if let Some(start) = fragment_start {
            out.push('#');
            out.push_str(&percent_decode_for_display(&href[start + 1..]));
        }
        out
    }
}

/// A domain as it should be shown: each punycode label in Unicode when
/// [`check_label`] accepts it, in punycode otherwise.
///
/// The input is an ASCII domain as the parser serializes it (a
/// [`Host::Domain`] of [`Url::typed_host`]). If the result would not
/// convert back to the same domain, the domain is returned unchanged. See
/// the module documentation for the policy; the conversion is the URL
/// Standard's "domain to Unicode",
/// <https://url.spec.whatwg.org/#concept-domain-to-unicode>.
///
/// ```
/// use weburl::display::domain_to_display;
///
/// assert_eq!(domain_to_display("xn--bcher-kva.example"), "bücher.example");
/// // "pаypаl" with Cyrillic "а" (U+0430) among Latin letters: mixed
/// // scripts, stays punycode.
/// assert_eq!(domain_to_display("xn--pypl-53dc.com"), "xn--pypl-53dc.com");
/// assert_eq!(weburl::domain_to_unicode("xn--pypl-53dc.com"), "p\u{430}yp\u{430}l.com");
/// assert_eq!(domain_to_display("example.com"), "example.com");
/// ```
pub fn domain_to_display(domain: &str) -> Cow<'_, str> {
    let unicode = domain_to_unicode(domain);
    if unicode == domain {
        return Cow::Borrowed(domain);
    }
    let ascii_labels = domain.split('.');
    let unicode_labels = unicode.split('.');
    if ascii_labels.clone().count() != unicode_labels.clone().count() {
        return Cow::Borrowed(domain);
    }
    let mut shown = String::with_capacity(unicode.len());
    for (i, (ascii, unicode)) in ascii_labels.zip(unicode_labels).enumerate() {
        if i > 0 {
            shown.push('.');
        }
        let label = if ascii != unicode && check_label(unicode).is_ok() {
            unicode
        } else {
            ascii
        };
        shown.push_str(label);
    }
    // Shown in Unicode only if it names the same host: the bidi rule of
    // IDNA looks at the whole domain, so labels are not independent.
    match Url::parse(&format!("http://{shown}/")) {
        Ok(url) if url.hostname() == domain => Cow::Owned(shown),
        _ => Cow::Borrowed(domain),
    }
}

/// Why a domain label is kept in punycode for display.
///
/// UTS #39, <https://www.unicode.org/reports/tr39/>.
///
/// ```
/// use weburl::display::{check_label, SpoofReason};
///
/// let reason = check_label("ехаmple").unwrap_err(); // Cyrillic "е", "х", "а"
/// assert_eq!(reason, SpoofReason::MixedScript);
/// assert_eq!(reason.to_string(), "the label mixes scripts");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpoofReason {
    /// The label mixes scripts beyond UTS #39's "Highly Restrictive" level
    /// (<https://www.unicode.org/reports/tr39/#Restriction_Level_Detection>).
    MixedScript,
    /// The label has a character that looks like a URL delimiter
    /// (one of [`DELIMITER_LOOKALIKES`]).
    DelimiterLookalike(char),
    /// The label has an invisible character: a control, white space, a
    /// format character (General_Category Cf) or a default-ignorable code
    /// point.
    Invisible(char),
    /// The label is written in one script (named here) using only letters
    /// that look like Latin ones: a whole-script confusable
    /// (<https://www.unicode.org/reports/tr39/#Whole_Script_Confusables>).
    WholeScriptConfusable(&'static str),
}

impl fmt::Display for SpoofReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpoofReason::MixedScript => f.write_str("the label mixes scripts"),
            SpoofReason::DelimiterLookalike(c) => {
                write!(f, "U+{:04X} looks like a URL delimiter", u32::from(*c))
            }
            SpoofReason::Invisible(c) => write!(f, "U+{:04X} is invisible", u32::from(*c)),
            SpoofReason::WholeScriptConfusable(script) => {
                write!(f, "every letter is a {script} look-alike of a Latin letter")
            }
        }
    }
}

impl std::error::Error for SpoofReason {}

/// Characters that look like "/", ".", "?", "#", "@" or ":", by the
/// delimiter they imitate. A few are mapped away by IDNA before a label
/// could hold them (U+3002 and the fullwidth forms); they are listed so the
/// table also serves [`percent_decode_for_display`].
///
/// ```
/// use weburl::display::DELIMITER_LOOKALIKES;
///
/// let slashes: Vec<char> = DELIMITER_LOOKALIKES
///     .iter()
///     .filter(|&&(delimiter, _)| delimiter == '/')
///     .map(|&(_, c)| c)
///     .collect();
/// assert!(slashes.contains(&'\u{2044}'));
/// ```
pub const DELIMITER_LOOKALIKES: &[(char, char)] = &[
    ('/', '\u{2044}'),  // FRACTION SLASH
    ('/', '\u{2215}'),  // DIVISION SLASH
    ('/', '\u{2571}'),  // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT
    ('/', '\u{29F8}'),  // BIG SOLIDUS
    ('/', '\u{FF0F}'),  // FULLWIDTH SOLIDUS
    ('/', '\u{0337}'),  // COMBINING SHORT SOLIDUS OVERLAY
    ('/', '\u{0338}'),  // COMBINING LONG SOLIDUS OVERLAY
    ('/', '\u{1735}'),  // PHILIPPINE SINGLE PUNCTUATION
    ('.', '\u{2024}'),  // ONE DOT LEADER
    ('.', '\u{2025}'),  // TWO DOT LEADER, reads as ".."
    ('.', '\u{2027}'),  // HYPHENATION POINT
    ('.', '\u{3002}'),  // IDEOGRAPHIC FULL STOP
    ('.', '\u{FF0E}'),  // FULLWIDTH FULL STOP
    ('.', '\u{FF61}'),  // HALFWIDTH IDEOGRAPHIC FULL STOP
    ('.', '\u{0701}'),  // SYRIAC SUPRALINEAR FULL STOP
    ('.', '\u{0702}'),  // SYRIAC SUBLINEAR FULL STOP
    ('.', '\u{2E31}'),  // WORD SEPARATOR MIDDLE DOT
    ('.', '\u{A60E}'),  // VAI FULL STOP
    ('.', '\u{10A50}'), // KHAROSHTHI PUNCTUATION DOT
    ('?', '\u{FF1F}'),  // FULLWIDTH QUESTION MARK
    ('?', '\u{FE56}'),  // SMALL QUESTION MARK
    ('?', '\u{0294}'),  // LATIN LETTER GLOTTAL STOP
    ('?', '\u{0242}'),  // LATIN SMALL LETTER GLOTTAL STOP
    ('?', '\u{097D}'),  // DEVANAGARI LETTER GLOTTAL STOP
    ('#', '\u{FF03}'),  // FULLWIDTH NUMBER SIGN
    ('#', '\u{FE5F}'),  // SMALL NUMBER SIGN
    ('#', '\u{266F}'),  // MUSIC SHARP SIGN
    ('#', '\u{2317}'),  // VIEWDATA SQUARE
    ('@', '\u{FF20}'),  // FULLWIDTH COMMERCIAL AT
    ('@', '\u{FE6B}'),  // SMALL COMMERCIAL AT
    (':', '\u{0589}'),  // ARMENIAN FULL STOP
    (':', '\u{05C3}'),  // HEBREW PUNCTUATION SOF PASUQ
    (':', '\u{A789}'),  // MODIFIER LETTER COLON
    (':', '\u{2236}'),  // RATIO
    (':', '\u{FE55}'),  // SMALL COLON
    (':', '\u{FE13}'),  // PRESENTATION FORM FOR VERTICAL COLON
    (':', '\u{FF1A}'),  // FULLWIDTH COLON
    (':', '\u{02D0}'),  // MODIFIER LETTER TRIANGULAR COLON
    (':', '\u{02F8}'),  // MODIFIER LETTER RAISED COLON
    (':', '\u{0703}'),  // SYRIAC SUPRALINEAR COLON
    (':', '\u{0704}'),  // SYRIAC SUBLINEAR COLON
    (':', '\u{205A}'),  // TWO DOT PUNCTUATION
    (':', '\u{16EC}'),  // RUNIC MULTIPLE PUNCTUATION
    (':', '\u{A4FD}'),  // LISU LETTER TONE MYA JEU
];

/// For the whole-script confusable check: per script, its lowercase
/// letters that look like a Latin letter or digit (`а` like `a`, `з` like
/// `3`). A label whose letters are all in one script's list is a
/// whole-script confusable of a Latin label.
///
/// UTS #39 §4, <https://www.unicode.org/reports/tr39/#Whole_Script_Confusables>.
///
/// ```
/// use weburl::display::WHOLE_SCRIPT_LOOKALIKES;
///
/// let (script, letters) = WHOLE_SCRIPT_LOOKALIKES[0];
/// assert_eq!(script, "Cyrillic");
/// assert!("аре".chars().all(|c| letters.contains(&c)));
/// ```
pub const WHOLE_SCRIPT_LOOKALIKES: &[(&str, &[char])] = &[
    (
        "Cyrillic",
        &[
            'а', // a
            'б', // 6
            'ԁ', // d
            'е', // e
            'з', // 3
            'һ', // h
            'і', // i
            'ј', // j
            'к', // k
            'ӏ', // l
            'о', // o
            'р', // p
            'ԛ', // q
            'с', // c
            'ѕ', // s
            'у', // y
            'ү', // y
            'ѵ', // v
            'ԝ', // w
            'ѡ', // w
            'х', // x
        ],
    ),
    (
        "Greek",
        &[
            'α', // a
            'γ', // y
            'ι', // i
            'κ', // k
            'ν', // v
            'ο', // o
            'ρ', // p
            'υ', // u
            'χ', // x
            'ω', // w
            'η', // n
            'ϲ', // c
            'ϳ', // j
        ],
    ),
    (
        "Armenian",
        &[
            'օ', // o
            'ո', // n
            'ս', // u
            'հ', // h
            'ց', // g
            'զ', // q
            'յ', // j
        ],
    ),
];

/// The scripts of [`WHOLE_SCRIPT_LOOKALIKES`], in the same order.
const WHOLE_SCRIPT_SCRIPTS: [Script; 3] = [Script::Cyrillic, Script::Greek, Script::Armenian];

/// The script combinations that UTS #39's "Highly Restrictive" level
/// allows beyond a single script.
const HIGHLY_RESTRICTIVE_SETS: [&[Script]; 3] = [
    &[
        Script::Latin,
        Script::Han,
        Script::Hiragana,
        Script::Katakana,
    ],
    &[Script::Latin, Script::Han, Script::Bopomofo],
    &[Script::Latin, Script::Han, Script::Hangul],
];

/// Checks one domain label, in Unicode, against the display policy of the
/// module documentation: `Ok` if it may be shown in Unicode.
///
/// UTS #39 §5.2 (restriction levels) and §4 (whole-script confusables):
/// <https://www.unicode.org/reports/tr39/>.
///
/// ```
/// use weburl::display::{check_label, SpoofReason};
///
/// assert_eq!(check_label("bücher"), Ok(()));
/// assert_eq!(check_label("ελλάδα"), Ok(()));   // Greek only
/// assert_eq!(check_label("東京tokyoとうきょう"), Ok(())); // Latin + Han + Hiragana
/// assert_eq!(check_label("pаypal"), Err(SpoofReason::MixedScript)); // Cyrillic "а"
/// assert_eq!(check_label("аррӏе"), Err(SpoofReason::WholeScriptConfusable("Cyrillic")));
/// assert_eq!(check_label("a\u{2044}b"), Err(SpoofReason::DelimiterLookalike('\u{2044}')));
/// ```
pub fn check_label(label: &str) -> Result<(), SpoofReason> {
    for c in label.chars() {
        if is_delimiter_lookalike(c) {
            return Err(SpoofReason::DelimiterLookalike(c));
        }
        if is_hidden(c) {
            return Err(SpoofReason::Invisible(c));
        }
    }
    let scripts = ScriptWithExtensions::new();
    // Per character, its Script_Extensions; Common and Inherited ones go
    // with any script and are left out (UTS #39 §5.1).
    let sets: Vec<Vec<Script>> = label
        .chars()
        .filter_map(|c| {
            let set: Vec<Script> = scripts.get_script_extensions_val(c).iter().collect();
            let neutral = set
                .iter()
                .all(|s| *s == Script::Common || *s == Script::Inherited);
            (!neutral).then_some(set)
        })
        .collect();
    let single_script = match sets.split_first() {
        None => true,
        Some((first, rest)) => first
            .iter()
            .any(|script| rest.iter().all(|set| set.contains(script))),
    };
    let allowed_mix = || {
        HIGHLY_RESTRICTIVE_SETS.iter().any(|allowed| {
            sets.iter()
                .all(|set| set.iter().any(|script| allowed.contains(script)))
        })
    };
    if !single_script && !allowed_mix() {
        return Err(SpoofReason::MixedScript);
    }
    if !sets.is_empty() {
        let letters = || {
            label.chars().filter(|&c| {
                !scripts
                    .get_script_extensions_val(c)
                    .iter()
                    .all(|s| s == Script::Common || s == Script::Inherited)
            })
        };
        for ((name, lookalikes), script) in WHOLE_SCRIPT_LOOKALIKES.iter().zip(WHOLE_SCRIPT_SCRIPTS)
        {
            if letters().all(|c| scripts.has_script(c, script) && lookalikes.contains(&c)) {
                return Err(SpoofReason::WholeScriptConfusable(name));
            }
        }
    }
    Ok(())
}

/// Percent-decodes, for display, the sequences that encode a visible
/// non-ASCII character in UTF-8, and leaves everything else as it is.
///
/// For a URL's path, query or fragment, as serialized; the rules are in the
/// module documentation. Parsing the result as that component gives back
/// the input. RFC 3987 §3.2, <https://www.rfc-editor.org/rfc/rfc3987#section-3.2>,
/// and <https://url.spec.whatwg.org/#url-rendering-i18n>.
///
/// ```
/// use weburl::display::percent_decode_for_display;
///
/// assert_eq!(percent_decode_for_display("/caf%C3%A9"), "/café");
/// assert_eq!(percent_decode_for_display("/a%2Fb%20c"), "/a%2Fb%20c"); // ASCII stays
/// assert_eq!(percent_decode_for_display("%E2%80%AE"), "%E2%80%AE"); // RLO stays
/// assert_eq!(percent_decode_for_display("%FF%C3%A9"), "%FFé"); // not UTF-8
/// assert_eq!(percent_decode_for_display("%c3%a9"), "%c3%a9"); // not the parser's form
/// ```
pub fn percent_decode_for_display(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    if !(0..bytes.len()).any(|i| encoded_high_byte(bytes, i).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let run_start = i;
        let mut run = Vec::new();
        while let Some(byte) = encoded_high_byte(bytes, i) {
            run.push(byte);
            i += 3;
        }
        if run.is_empty() {
            // Copy up to the next "%" (ASCII, so a character boundary).
            let next = bytes[i + 1..]
                .iter()
                .position(|&b| b == b'%')
                .map_or(bytes.len(), |p| i + 1 + p);
            out.push_str(&text[i..next]);
            i = next;
            continue;
        }
        // Each byte of the run is three characters of `text`.
        let mut at = run_start;
        for chunk in run.utf8_chunks() {
            for c in chunk.valid().chars() {
                let width = 3 * c.len_utf8();
                if is_displayable(c, out.chars().next_back()) {
                    out.push(c);
                } else {
                    out.push_str(&text[at..at + width]);
                }
                at += width;
            }
            let width = 3 * chunk.invalid().len();
            out.push_str(&text[at..at + width]);
            at += width;
        }
    }
    Cow::Owned(out)
}

/// The byte of a "%XX" at `i` written with upper-case hex digits (as the
/// parser writes them), if it is not ASCII.
fn encoded_high_byte(bytes: &[u8], i: usize) -> Option<u8> {
    fn hex(b: u8) -> Option<u8> {
        match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'A'..=b'F' => Some(b - b'A' + 10),
            _ => None,
        }
    }
    if bytes.get(i) != Some(&b'%') {
        return None;
    }
    let byte = hex(*bytes.get(i + 1)?)? << 4 | hex(*bytes.get(i + 2)?)?;
    (byte >= 0x80).then_some(byte)
}

/// Whether a decoded non-ASCII character may be shown; `previous` is the
/// character shown before it.
fn is_displayable(c: char, previous: Option<char>) -> bool {
    if !is_ucschar(c) || is_hidden(c) || is_delimiter_lookalike(c) {
        return false;
    }
    match CodePointMapData::<GeneralCategory>::new().get(c) {
        GeneralCategory::PrivateUse | GeneralCategory::Unassigned | GeneralCategory::Surrogate => {
            false
        }
        // A mark over "/" or "." would disguise it.
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark => {
            previous.is_some_and(char::is_alphanumeric)
        }
        _ => true,
    }
}

/// `ucschar` of RFC 3987 §2.2: the non-ASCII characters an IRI may hold
/// outside the query (no private use, no noncharacters, no specials).
fn is_ucschar(c: char) -> bool {
    let u = u32::from(c);
    match u {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        0x10000..=0xDFFFD | 0xE1000..=0xEFFFD => u & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

fn is_delimiter_lookalike(c: char) -> bool {
    DELIMITER_LOOKALIKES.iter().any(|&(_, l)| l == c)
}

/// Whether `c` is invisible or moves text around when rendered: controls,
/// white space, format characters (Cf, with the bidi controls), line and
/// paragraph separators, default-ignorable and unassigned code points.
pub fn is_hidden(c: char) -> bool {
    if c.is_control() || c.is_whitespace() {
        return true;
    }
    if c.is_ascii() {
        return false;
    }
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::SpaceSeparator
            | GeneralCategory::Unassigned
    ) || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucschar_bounds() {
        assert!(is_ucschar('\u{A0}'));
        assert!(!is_ucschar('\u{9F}'));
        assert!(!is_ucschar('\u{E000}'));
        assert!(!is_ucschar('\u{FDD0}'));
        assert!(!is_ucschar('\u{FFFD}'));
        assert!(is_ucschar('\u{1F600}'));
        assert!(!is_ucschar('\u{1FFFE}'));
        assert!(!is_ucschar('\u{E0001}'));
        assert!(is_ucschar('\u{E1000}'));
        assert!(!is_ucschar('\u{F0000}'));
    }

    #[test]
    fn hidden_characters() {
        for c in [
            '\u{200E}', '\u{202E}', '\u{2066}', '\u{061C}', '\u{200D}', '\u{AD}',
        ] {
            assert!(is_hidden(c), "U+{:04X}", u32::from(c));
        }
        for c in [
            '\u{3000}', '\u{A0}', '\u{2028}', '\u{85}', '\u{FE0F}', '\u{115F}',
        ] {
            assert!(is_hidden(c), "U+{:04X}", u32::from(c));
        }
        for c in ['a', 'é', '東', '🙂'] {
            assert!(!is_hidden(c));
        }
    }

    #[test]
    fn tables_are_consistent() {
        assert_eq!(WHOLE_SCRIPT_LOOKALIKES.len(), WHOLE_SCRIPT_SCRIPTS.len());
        let scripts = ScriptWithExtensions::new();
        for ((_, letters), script) in WHOLE_SCRIPT_LOOKALIKES.iter().zip(WHOLE_SCRIPT_SCRIPTS) {
            for &c in *letters {
                assert!(scripts.has_script(c, script), "{c} is not in its script");
                assert!(!c.is_uppercase(), "{c} is not lowercase");
            }
        }
        for &(delimiter, c) in DELIMITER_LOOKALIKES {
            assert!("/.?#@:".contains(delimiter));
            assert!(!c.is_ascii());
        }
    }

    #[test]
    fn combining_marks_need_a_letter_before() {
        assert_eq!(percent_decode_for_display("e%CC%81"), "e\u{301}");
        assert_eq!(percent_decode_for_display("/%CC%81"), "/%CC%81");
        assert_eq!(percent_decode_for_display("/%CC%B8"), "/%CC%B8");
    }
}
