//! `mailto:` URLs, by RFC 6068.
//!
//! <https://www.rfc-editor.org/rfc/rfc6068#section-2>
//!
//! ```text
//! mailtoURI    = "mailto:" [ to ] [ hfields ]
//! to           = addr-spec *("," addr-spec )
//! hfields      = "?" hfield *( "&" hfield )
//! hfield       = hfname "=" hfvalue
//! ```

use std::fmt;

use weburl::percent_encoding::percent_decode;
use weburl::Url;

/// The parts of a `mailto:` URL, percent-decoded as UTF-8 (invalid
/// sequences become U+FFFD).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mailto {
    /// The recipients: the addresses before `?`, then those of every `to`
    /// header field, in order.
    pub to: Vec<String>,
    /// The other header fields in order, names lowercased (`subject`,
    /// `cc`, `bcc`, `in-reply-to`, …). `body` is not among them.
    pub headers: Vec<(String, String)>,
    /// The `body` pseudo header field; the first one if repeated.
    pub body: Option<String>,
}

impl Mailto {
    /// The first header field named `name` (lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The `subject` header field.
    pub fn subject(&self) -> Option<&str> {
        self.header("subject")
    }
}

/// Why a URL is not a `mailto:` URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MailtoError {
    /// The scheme is not `mailto`.
    NotMailto,
}

impl fmt::Display for MailtoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a mailto: URL")
    }
}

impl std::error::Error for MailtoError {}

/// Takes a `mailto:` URL apart.
///
/// ```
/// use weburl::Url;
/// let url = Url::parse("mailto:a@example.org,b@example.org?cc=c@example.org&subject=Hi%20there&body=x%0D%0Ay")?;
/// let m = weburl_html::mailto::parse(&url)?;
/// assert_eq!(m.to, ["a@example.org", "b@example.org"]);
/// assert_eq!(m.header("cc"), Some("c@example.org"));
/// assert_eq!(m.subject(), Some("Hi there"));
/// assert_eq!(m.body.as_deref(), Some("x\r\ny"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Addresses are split at `,` before percent-decoding, so `%2C` stays
/// inside an address (RFC 6068 section 2). A `#` ends the URL's query in
/// the URL Standard, so a fragment is not part of any field; `+` is a plus
/// sign, not a space.
pub fn parse(url: &Url) -> Result<Mailto, MailtoError> {
    if url.scheme() != "mailto" {
        return Err(MailtoError::NotMailto);
    }
    let mut m = Mailto::default();
    push_addresses(&mut m.to, url.pathname());
    for field in url.query().unwrap_or("").split('&') {
        if field.is_empty() {
            continue;
        }
        // RFC 6068 requires "="; a bare name is read as an empty value.
        let (name, value) = field.split_once('=').unwrap_or((field, ""));
        let name = decode(name).to_lowercase();
        match name.as_str() {
            "to" => push_addresses(&mut m.to, value),
            "body" => {
                if m.body.is_none() {
                    m.body = Some(decode(value));
                }
            }
            _ => m.headers.push((name, decode(value))),
        }
    }
    Ok(m)
}

/// Splits an undecoded address list at `,` and decodes each address.
fn push_addresses(out: &mut Vec<String>, list: &str) {
    out.extend(
        list.split(',')
            .map(decode)
            .map(|a| a.trim().to_owned())
            .filter(|a| !a.is_empty()),
    );
}

/// Percent-decodes, then decodes UTF-8 with replacement.
fn decode(s: &str) -> String {
    String::from_utf8_lossy(&percent_decode(s.as_bytes())).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Mailto {
        parse(&Url::parse(s).unwrap()).unwrap()
    }

    /// Examples from RFC 6068 section 6.1.
    #[test]
    fn rfc_6068_examples() {
        assert_eq!(m("mailto:chris@example.com").to, ["chris@example.com"]);
        let x = m("mailto:infobot@example.com?subject=current-issue");
        assert_eq!(x.subject(), Some("current-issue"));
        let x = m("mailto:infobot@example.com?body=send%20current-issue");
        assert_eq!(x.body.as_deref(), Some("send current-issue"));
        let x = m("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index");
        assert_eq!(x.body.as_deref(), Some("send current-issue\r\nsend index"));
        let x = m("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E");
        assert_eq!(
            x.header("in-reply-to"),
            Some("<3469A91.D10AF4C@example.com>")
        );
        let x = m("mailto:majordomo@example.com?body=subscribe%20bamboo-l");
        assert_eq!(x.body.as_deref(), Some("subscribe bamboo-l"));
        let x = m("mailto:joe@example.com?cc=bob@example.com&body=hello");
        assert_eq!(
            (x.header("cc"), x.body.as_deref()),
            (Some("bob@example.com"), Some("hello"))
        );
        let x = m("mailto:gorby%25kremvax@example.com");
        assert_eq!(x.to, ["gorby%kremvax@example.com"]);
        let x = m("mailto:unlikely%3Faddress@example.com?blat=foop");
        assert_eq!(
            (x.to[0].as_str(), x.header("blat")),
            ("unlikely?address@example.com", Some("foop"))
        );
        let x = m("mailto:Mike%26family@example.org");
        assert_eq!(x.to, ["Mike&family@example.org"]);
        let x = m("mailto:%22not%40me%22@example.org");
        assert_eq!(x.to, ["\"not@me\"@example.org"]);
        let x = m("mailto:%22oh%5C%5Cno%22@example.org");
        assert_eq!(x.to, ["\"oh\\\\no\"@example.org"]);
        let x = m("mailto:?to=addr1@an.example,addr2@an.example");
        assert_eq!(x.to, ["addr1@an.example", "addr2@an.example"]);
        let x = m("mailto:addr1@an.example?to=addr2@an.example");
        assert_eq!(x.to, ["addr1@an.example", "addr2@an.example"]);
    }

    /// RFC 6068 section 6.2: non-ASCII as percent-encoded UTF-8.
    #[test]
    fn internationalized() {
        let x = m("mailto:user@example.org?subject=caf%C3%A9");
        assert_eq!(x.subject(), Some("café"));
        let x = m("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO");
        assert_eq!(x.to, ["user@納豆.example.org"]);
        // The URL parser percent-encodes raw non-ASCII; it decodes back.
        assert_eq!(m("mailto:?subject=\u{E9}").subject(), Some("\u{E9}"));
        assert_eq!(m("mailto:?subject=%FF").subject(), Some("\u{FFFD}"));
    }

    #[test]
    fn odd_shapes() {
        let x = m("mailto:a@b.example?SUBJECT=x&&subject=y&body=1&body=2&flag#frag");
        assert_eq!(
            x.headers,
            [
                ("subject".into(), "x".into()),
                ("subject".into(), "y".into()),
                ("flag".into(), "".into())
            ]
        );
        assert_eq!(x.body.as_deref(), Some("1"));
        assert_eq!(m("mailto:a%2Cb@c.example").to, ["a,b@c.example"]);
        assert_eq!(m("mailto:a+b@c.example?subject=a+b").subject(), Some("a+b"));
        assert!(m("mailto:").to.is_empty());
        assert_eq!(
            parse(&Url::parse("http://a.example/").unwrap()),
            Err(MailtoError::NotMailto)
        );
    }
}
