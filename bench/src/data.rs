//! The URL lists: the vendored files, and two lists derived from them
//! deterministically (`relative` and `hosts`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::{fs, io};

/// The vendored lists of absolute URLs, by name and file.
pub const FILES: [(&str, &str); 5] = [
    ("kasztp", "kasztp.txt"),
    ("userbait", "userbait.txt"),
    ("node_files", "node_files.txt"),
    ("isaacs_files", "isaacs_files.txt"),
    ("web_links", "web_links.txt"),
];
/// The lists of http(s) URLs that `relative` and `hosts` are derived from.
const HTTP_LISTS: [&str; 3] = ["kasztp", "userbait", "web_links"];
/// `document_url<TAB>value` lines; the values are references as written in HTML.
const HTML_HREFS: &str = "html_hrefs.tsv";

pub const DERIVED: [&str; 2] = ["hosts", "relative"];

#[derive(Debug)]
pub struct List {
    pub name: &'static str,
    pub inputs: Vec<String>,
}

/// The lists for which `wanted` is true, in report order. The derived
/// lists need the http(s) lists, which are then loaded too.
pub fn load(dir: &Path, wanted: impl Fn(&str) -> bool) -> io::Result<Vec<List>> {
    let derived = DERIVED.iter().any(|name| wanted(name));
    let mut lists = Vec::new();
    for (name, file) in FILES {
        let needed = wanted(name) || (derived && HTTP_LISTS.contains(&name));
        if !needed {
            continue;
        }
        let text = fs::read_to_string(dir.join(file))?;
        let inputs = text
            .split('\n')
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect();
        lists.push(List { name, inputs });
    }
    if derived {
        let http: Vec<&str> = lists
            .iter()
            .filter(|l| HTTP_LISTS.contains(&l.name))
            .flat_map(|l| l.inputs.iter().map(String::as_str))
            .collect();
        let hosts = wanted("hosts").then(|| host_heavy(&http));
        let relative = if wanted("relative") {
            let mut relative = relative_references(&http);
            let hrefs = fs::read_to_string(dir.join(HTML_HREFS))?;
            relative.extend(
                hrefs
                    .split('\n')
                    .filter_map(|line| line.split_once('\t'))
                    .map(|(_, value)| value.to_owned()),
            );
            Some(relative)
        } else {
            None
        };
        for (name, inputs) in [("hosts", hosts), ("relative", relative)] {
            if let Some(inputs) = inputs {
                lists.push(List { name, inputs });
            }
        }
    }
    lists.retain(|l| wanted(l.name));
    Ok(lists)
}

/// Splits an `http(s)://` URL into scheme, authority and the rest (path,
/// query, fragment), by plain string search.
fn split_http(url: &str) -> Option<(&str, &str, &str)> {
    let (scheme, after) = url.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let end = after.find(['/', '?', '#', '\\']).unwrap_or(after.len());
    Some((scheme, &after[..end], &after[end..]))
}

/// The host of an authority: no userinfo, no port.
fn host_of(authority: &str) -> &str {
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    host.rsplit_once(':').map_or(host, |(h, _)| h)
}

/// Relative references cut from absolute URLs. The forms rotate so that
/// each occurs about as often: path-absolute, `../` (one to three levels),
/// scheme-relative `//host…`, and path-relative.
fn relative_references(urls: &[&str]) -> Vec<String> {
    urls.iter()
        .filter_map(|url| split_http(url))
        .enumerate()
        .map(|(i, (_, authority, rest))| {
            let relative_path = rest.trim_start_matches('/');
            match i % 4 {
                0 if rest.is_empty() => "/".to_owned(),
                0 => rest.to_owned(),
                1 => "../".repeat(1 + (i / 4) % 3) + relative_path,
                2 => format!("//{authority}{rest}"),
                _ => relative_path.to_owned(),
            }
        })
        .collect()
}

/// FNV-1a: a fixed hash, so the derived lists are the same on every machine.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// URLs whose hosts make the host parser work: IDNs (accents, other scripts,
/// full-width forms, deviation characters), IPv4 addresses in the forms the
/// URL Standard accepts (and a few it rejects), IPv6 addresses, and
/// percent-encoded or upper-case domains. Each distinct domain of the http(s)
/// lists gives one URL; hosts that already are IDNs are kept as they are too.
fn host_heavy(urls: &[&str]) -> Vec<String> {
    let mut domains = BTreeSet::new();
    let mut idns = BTreeSet::new();
    for url in urls {
        let Some((_, authority, _)) = split_http(url) else {
            continue;
        };
        let host = host_of(authority);
        if !host.is_ascii() || host.to_ascii_lowercase().contains("xn--") {
            idns.insert(host.to_owned());
        } else if is_plain_domain(host) {
            domains.insert(host.to_ascii_lowercase());
        }
    }
    let mut out: Vec<String> = domains
        .iter()
        .enumerate()
        .map(|(i, domain)| {
            let h = fnv1a(domain.as_bytes());
            let scheme = if h & 1 == 0 { "https" } else { "http" };
            let host = match i % 10 {
                0 => accented(domain),
                1 => with_script_label(domain, h),
                2 => full_width(domain),
                3 => with_deviation(domain),
                4 | 5 => ipv4(h),
                6 | 7 => ipv6(h),
                8 => shouting(domain),
                _ => ipv4_edge(h),
            };
            format!("{scheme}://{host}/")
        })
        .collect();
    out.extend(idns.iter().map(|host| format!("https://{host}/")));
    out
}

fn is_plain_domain(host: &str) -> bool {
    host.contains('.')
        && host.bytes().any(|b| b.is_ascii_alphabetic())
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

/// The label to decorate: the first one that is neither `www` nor the TLD.
fn main_label(domain: &str) -> usize {
    let labels: Vec<&str> = domain.split('.').collect();
    let last = labels.len().saturating_sub(1);
    labels
        .iter()
        .position(|l| *l != "www")
        .filter(|&p| p < last)
        .unwrap_or(0)
}

fn map_main_label(domain: &str, f: impl Fn(&str) -> String) -> String {
    let main = main_label(domain);
    domain
        .split('.')
        .enumerate()
        .map(|(i, label)| {
            if i == main {
                f(label)
            } else {
                label.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

fn accented(domain: &str) -> String {
    map_main_label(domain, |label| {
        let mut out: String = label
            .chars()
            .map(|c| match c {
                'a' => 'ä',
                'e' => 'é',
                'i' => 'í',
                'o' => 'ö',
                'u' => 'ü',
                c => c,
            })
            .collect();
        if out.is_ascii() {
            out.push('ñ');
        }
        out
    })
}

/// Prepends a label in another script (a whole label, so that right-to-left
/// labels pass the Bidi rule).
fn with_script_label(domain: &str, h: u64) -> String {
    const WORDS: [&str; 10] = [
        "пример",
        "παράδειγμα",
        "例え",
        "中文网",
        "테스트",
        "ไทย",
        "उदाहरण",
        "مثال",
        "דוגמה",
        "☃",
    ];
    let word = WORDS[(h >> 8) as usize % WORDS.len()];
    format!("{word}.{domain}")
}

/// Full-width letters and digits in the main label and ideographic full
/// stops between labels, which IDNA maps to ASCII.
fn full_width(domain: &str) -> String {
    map_main_label(domain, |label| {
        label
            .chars()
            .map(|c| match c {
                'a'..='z' | '0'..='9' => char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c),
                c => c,
            })
            .collect()
    })
    .replace('.', "。")
}

/// IDNA deviation characters, which non-transitional processing keeps.
fn with_deviation(domain: &str) -> String {
    map_main_label(domain, |label| {
        if label.contains("ss") {
            label.replacen("ss", "ß", 1)
        } else {
            format!("{label}ς")
        }
    })
}

/// Upper case, with the first character percent-encoded.
fn shouting(domain: &str) -> String {
    let upper = domain.to_ascii_uppercase();
    let mut chars = upper.chars();
    let first = chars.next().map_or(0, u32::from);
    format!("%{first:02X}{}", chars.as_str())
}

/// A valid IPv4 address in one of the forms the host parser accepts.
fn ipv4(h: u64) -> String {
    let v = (h >> 16) as u32;
    let [a, b, c, d] = v.to_be_bytes();
    match (h >> 8) % 7 {
        0 => v.to_string(),
        1 => format!("0x{v:X}"),
        2 => format!("0{a:o}.0{b:o}.0{c:o}.0{d:o}"),
        3 => format!("0x{a:x}.0x{b:x}.0x{c:x}.0x{d:x}"),
        4 => format!("{a}.{b}.{}", v & 0xFFFF),
        5 => format!("{a}.{}.", v & 0xFF_FFFF),
        _ => format!("{a}.{b}.{c}.{d}"),
    }
}

/// IPv4-like hosts at the edges: most of these fail to parse.
fn ipv4_edge(h: u64) -> String {
    let v = (h >> 16) as u32;
    let [a, b, c, d] = v.to_be_bytes();
    match (h >> 8) % 5 {
        0 => format!("{}.{b}.{c}.{d}", 256 + u32::from(a)),
        1 => format!("0x1{v:08x}"),
        2 => format!("{a}.{b}.{c}.{d}.{}", a ^ b),
        3 => format!("09.{b}.{c}.{d}"),
        _ => format!("{a}.{b}.{c}.0x{d:x}z"),
    }
}

/// An IPv6 address: full, compressed, or with an embedded IPv4 address,
/// sometimes with a port.
fn ipv6(h: u64) -> String {
    let h2 = fnv1a(&h.to_le_bytes());
    let mut groups = [0u16; 8];
    for (i, g) in groups.iter_mut().enumerate() {
        let word = if i < 4 { h } else { h2 };
        *g = (word >> (16 * (i % 4))) as u16;
    }
    // A run of zeros for "::" to compress.
    let start = (h2 % 6) as usize;
    let len = 1 + (h2 >> 8) as usize % 3;
    groups[start..start + len].fill(0);
    let mut out = String::from("[");
    match (h >> 4) % 4 {
        0 => {
            let parts: Vec<String> = groups.iter().map(|g| format!("{g:04X}")).collect();
            out.push_str(&parts.join(":"));
        }
        1 => {
            let head: Vec<String> = groups[..start].iter().map(|g| format!("{g:x}")).collect();
            let tail: Vec<String> = groups[start + len..]
                .iter()
                .map(|g| format!("{g:x}"))
                .collect();
            let _ = write!(out, "{}::{}", head.join(":"), tail.join(":"));
        }
        2 => {
            let [a, b, c, d] = ((h >> 32) as u32).to_be_bytes();
            let _ = write!(out, "::ffff:{a}.{b}.{c}.{d}");
        }
        _ => {
            let parts: Vec<String> = groups.iter().map(|g| format!("{g:x}")).collect();
            out.push_str(&parts.join(":"));
        }
    }
    out.push(']');
    if h & 0x300 == 0 {
        let _ = write!(out, ":{}", 1024 + h2 % 60000);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_http_urls() {
        assert_eq!(
            split_http("https://u@a.b:8/p?q#f"),
            Some(("https", "u@a.b:8", "/p?q#f"))
        );
        assert_eq!(split_http("file:///x"), None);
        assert_eq!(host_of("u:p@[::1]:80"), "[::1]");
        assert_eq!(host_of("a.b:80"), "a.b");
    }

    #[test]
    fn relative_forms_rotate() {
        let urls = ["https://a.com/x/y?q#f"; 4];
        assert_eq!(
            relative_references(&urls),
            ["/x/y?q#f", "../x/y?q#f", "//a.com/x/y?q#f", "x/y?q#f"]
        );
    }

    #[test]
    fn host_transforms() {
        assert_eq!(accented("www.google.com"), "www.gööglé.com");
        assert_eq!(full_width("ab.c1"), "ａｂ。c1");
        assert_eq!(with_deviation("grass.de"), "graß.de");
        assert_eq!(shouting("example.com"), "%45XAMPLE.COM");
        for h in [0, 1, 0xdead_beef, u64::MAX] {
            let v6 = ipv6(h);
            assert!(v6.starts_with('[') && v6.contains(']'), "{v6}");
            assert!(!ipv4(h).is_empty());
        }
    }
}
