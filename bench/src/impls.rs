//! The implementations behind small traits, and the loops that get timed.
//!
//! Every loop is generic over the implementation, so all of them run the
//! same Rust code around the call under test and differ only in the library.

use std::hint::black_box;

/// The base URL of the `relative` workload.
pub const BASE: &str = "https://www.example.com/dir/sub/page.html?x=1#frag";
/// The fixed values of the setter workloads.
pub const NEW_SEARCH: &str = "?q=bench&lang=en";
pub const NEW_PATHNAME: &str = "/bench/path/index.html";
pub const NEW_HOST: &str = "example.org:8080";

/// weburl, this workspace's parser.
pub struct Weburl;
/// weburl given the base as a string, re-parsed for every input: the same
/// work as ada's API has to do.
pub struct WeburlStrBase;
/// ada (C++) through the `ada-url` crate.
pub struct Ada;
/// The `url` crate (rust-url).
pub struct RustUrl;

/// Parsing an absolute URL, reading its href, and the URL API setters.
pub trait Parser {
    type Url: Clone;
    fn parse(input: &str) -> Option<Self::Url>;
    fn href(url: &Self::Url) -> &str;
    fn set_search(url: &mut Self::Url, value: &str);
    fn set_pathname(url: &mut Self::Url, value: &str);
    fn set_host(url: &mut Self::Url, value: &str);
}

/// `URL.canParse(input)`.
pub trait CanParse {
    fn can_parse(input: &str) -> bool;
}

/// Parsing against a base, each API holding the base in its own way.
pub trait Resolve {
    type Base;
    type Url;
    fn base(base: &str) -> Self::Base;
    fn join(base: &Self::Base, input: &str) -> Option<Self::Url>;
    fn href(url: &Self::Url) -> &str;
}

// Setter results are dropped on purpose: a setter that refuses a value leaves
// the URL as it was, which is what the URL API does too.

impl Parser for Weburl {
    type Url = weburl::Url;
    fn parse(input: &str) -> Option<Self::Url> {
        weburl::Url::parse(input).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.href()
    }
    fn set_search(url: &mut Self::Url, value: &str) {
        let _ = url.set_search(value);
    }
    fn set_pathname(url: &mut Self::Url, value: &str) {
        let _ = url.set_pathname(value);
    }
    fn set_host(url: &mut Self::Url, value: &str) {
        let _ = url.set_host(value);
    }
}

impl Parser for Ada {
    type Url = ada_url::Url;
    fn parse(input: &str) -> Option<Self::Url> {
        ada_url::Url::parse(input, None).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.href()
    }
    fn set_search(url: &mut Self::Url, value: &str) {
        url.set_search(Some(value));
    }
    fn set_pathname(url: &mut Self::Url, value: &str) {
        let _ = url.set_pathname(Some(value));
    }
    fn set_host(url: &mut Self::Url, value: &str) {
        let _ = url.set_host(Some(value));
    }
}

// `url::quirks` holds rust-url's implementation of the URL API's setters;
// the plain `set_host`/`set_query` methods have different semantics.
impl Parser for RustUrl {
    type Url = url::Url;
    fn parse(input: &str) -> Option<Self::Url> {
        url::Url::parse(input).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.as_str()
    }
    fn set_search(url: &mut Self::Url, value: &str) {
        url::quirks::set_search(url, value);
    }
    fn set_pathname(url: &mut Self::Url, value: &str) {
        url::quirks::set_pathname(url, value);
    }
    fn set_host(url: &mut Self::Url, value: &str) {
        let _ = url::quirks::set_host(url, value);
    }
}

impl CanParse for Weburl {
    fn can_parse(input: &str) -> bool {
        weburl::Url::can_parse(input, None)
    }
}

impl CanParse for Ada {
    fn can_parse(input: &str) -> bool {
        ada_url::Url::can_parse(input, None)
    }
}

impl Resolve for Weburl {
    type Base = weburl::Url;
    type Url = weburl::Url;
    fn base(base: &str) -> Self::Base {
        weburl::Url::parse(base).expect("the base URL parses")
    }
    fn join(base: &Self::Base, input: &str) -> Option<Self::Url> {
        base.join(input).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.href()
    }
}

impl Resolve for WeburlStrBase {
    type Base = String;
    type Url = weburl::Url;
    fn base(base: &str) -> Self::Base {
        base.to_owned()
    }
    fn join(base: &Self::Base, input: &str) -> Option<Self::Url> {
        let base = weburl::Url::parse(base).ok()?;
        base.join(input).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.href()
    }
}

// The ada-url crate only takes the base as a string, so ada parses the base
// again for every input (`ada_parse_with_base`). See `AdaBaseAlone`.
impl Resolve for Ada {
    type Base = String;
    type Url = ada_url::Url;
    fn base(base: &str) -> Self::Base {
        base.to_owned()
    }
    fn join(base: &Self::Base, input: &str) -> Option<Self::Url> {
        ada_url::Url::parse(input, Some(base)).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.href()
    }
}

impl Resolve for RustUrl {
    type Base = url::Url;
    type Url = url::Url;
    fn base(base: &str) -> Self::Base {
        url::Url::parse(base).expect("the base URL parses")
    }
    fn join(base: &Self::Base, input: &str) -> Option<Self::Url> {
        base.join(input).ok()
    }
    fn href(url: &Self::Url) -> &str {
        url.as_str()
    }
}

/// Parses each input and reads its href. The answer is the sum over the
/// URLs that parse of `href.len() + 1`.
pub fn parse_href<P: Parser>(inputs: &[String]) -> u64 {
    let mut sum = 0u64;
    for input in inputs {
        if let Some(url) = P::parse(black_box(input)) {
            sum += black_box(P::href(&url)).len() as u64 + 1;
        }
    }
    sum
}

/// Counts the inputs that parse.
pub fn can_parse_count<C: CanParse>(inputs: &[String]) -> u64 {
    let mut count = 0u64;
    for input in inputs {
        count += u64::from(C::can_parse(black_box(input)));
    }
    count
}

/// Resolves each input against `base` and reads the href.
pub fn join_href<R: Resolve>(base: &R::Base, inputs: &[String]) -> u64 {
    let mut sum = 0u64;
    for input in inputs {
        if let Some(url) = R::join(base, black_box(input)) {
            sum += black_box(R::href(&url)).len() as u64 + 1;
        }
    }
    sum
}

/// ada's share of the `relative` workload that is only the base: one parse
/// of the base string per input, as `ada_parse_with_base` does.
pub fn ada_base_alone(inputs: &[String]) -> u64 {
    let mut sum = 0u64;
    for _ in inputs {
        if let Some(url) = <Ada as Parser>::parse(black_box(BASE)) {
            sum += black_box(<Ada as Parser>::href(&url)).len() as u64 + 1;
        }
    }
    sum
}

/// Applies `set` to each URL and reads the href.
pub fn apply_setter<P: Parser>(urls: &mut [P::Url], set: impl Fn(&mut P::Url)) -> u64 {
    let mut sum = 0u64;
    for url in urls {
        set(black_box(&mut *url));
        sum += black_box(P::href(url)).len() as u64 + 1;
    }
    sum
}
