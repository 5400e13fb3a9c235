//! The URL pattern: eight compiled components, and matching URLs against
//! them.
//!
//! <https://urlpattern.spec.whatwg.org/#url-pattern-struct>

use std::cmp::Ordering;

use weburl::{input_scheme, InputScheme, Url};

use crate::canonicalize::{default_port, is_special_scheme, Encoding};
use crate::component::{protocol_component_matches_special_scheme, CompiledComponent, Groups};
use crate::constructor::parse_constructor_string;
use crate::engine::RegexEngine;
use crate::error::{slot, Component, Error, COMPONENTS};
use crate::init::{InitType, UrlPatternInit};
use crate::parser::Options;

/// What a pattern is built from, or matched against: a URL string or a
/// dictionary of components.
///
/// <https://urlpattern.spec.whatwg.org/#typedefdef-urlpatterninput>
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlPatternInput {
    /// A URL (for matching) or a constructor string (for patterns).
    String(String),
    /// Components one by one.
    Init(UrlPatternInit),
}

impl From<&str> for UrlPatternInput {
    fn from(s: &str) -> Self {
        UrlPatternInput::String(s.to_owned())
    }
}

impl From<String> for UrlPatternInput {
    fn from(s: String) -> Self {
        UrlPatternInput::String(s)
    }
}

impl From<UrlPatternInit> for UrlPatternInput {
    fn from(init: UrlPatternInit) -> Self {
        UrlPatternInput::Init(init)
    }
}

/// <https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions>
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UrlPatternOptions {
    /// Match the pathname, search and hash case-insensitively.
    pub ignore_case: bool,
}

/// One component's part of a match.
///
/// <https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult>
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentResult {
    /// The component of the input that was matched.
    pub input: String,
    /// Each group's name and value, in pattern order; `None` for a group
    /// that did not participate (JavaScript's `undefined`).
    pub groups: Vec<(String, Option<String>)>,
}

impl ComponentResult {
    /// The value of the group `name`, if it matched.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.groups
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// A successful match.
///
/// <https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult>
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// The inputs as given: the URL or dictionary, then the base URL if any.
    pub inputs: Vec<UrlPatternInput>,
    /// The protocol's match.
    pub protocol: ComponentResult,
    /// The username's match.
    pub username: ComponentResult,
    /// The password's match.
    pub password: ComponentResult,
    /// The hostname's match.
    pub hostname: ComponentResult,
    /// The port's match.
    pub port: ComponentResult,
    /// The pathname's match.
    pub pathname: ComponentResult,
    /// The search's match.
    pub search: ComponentResult,
    /// The hash's match.
    pub hash: ComponentResult,
}

impl UrlPatternResult {
    /// The result for one component; `None` for `href`, `host` and
    /// `origin`, which patterns do not have.
    pub fn component(&self, component: Component) -> Option<&ComponentResult> {
        Some(match component {
            Component::Protocol => &self.protocol,
            Component::Username => &self.username,
            Component::Password => &self.password,
            Component::Hostname => &self.hostname,
            Component::Port => &self.port,
            Component::Pathname => &self.pathname,
            Component::Search => &self.search,
            Component::Hash => &self.hash,
            Component::Href | Component::Host | Component::Origin => return None,
        })
    }
}

/// A compiled URL pattern.
///
/// <https://urlpattern.spec.whatwg.org/#url-pattern>
#[derive(Debug, Clone)]
pub struct UrlPattern {
    components: [CompiledComponent; 8],
    /// The components `test` has to look at, those that are not `*`: bit
    /// `1 << i` for component `COMPONENTS[i]`.
    checked: u8,
}

/// The eight strings of a URL being matched, in [`COMPONENTS`] order.
type Values<'a> = [std::borrow::Cow<'a, str>; 8];

/// <https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address>
fn hostname_pattern_is_ipv6_address(input: &str) -> bool {
    let b = input.as_bytes();
    b.len() >= 2 && (b[0] == b'[' || (matches!(b[0], b'{' | b'\\') && b[1] == b'['))
}

impl UrlPattern {
    /// Builds a pattern from a constructor string (`base_url` resolves a
    /// relative one) or a dictionary (then `base_url` must be `None`; the
    /// dictionary has its own).
    ///
    /// Components that need a regular expression compile on
    /// `AutomataEngine` (feature `regex-automata`); without the
    /// `regex-automata` feature there is no engine, and such a pattern is
    /// [`Error::NoRegExpEngine`] (see [`UrlPattern::with_engine`]).
    ///
    /// <https://urlpattern.spec.whatwg.org/#url-pattern-create>
    pub fn new(
        input: impl Into<UrlPatternInput>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, Error> {
        #[cfg(feature = "regex-automata")]
        let engine: Option<&dyn RegexEngine> = Some(&crate::AutomataEngine);
        #[cfg(not(feature = "regex-automata"))]
        let engine: Option<&dyn RegexEngine> = None;
        UrlPattern::create(input.into(), base_url, options, engine)
    }

    /// [`UrlPattern::new`] with the regular expressions compiled by
    /// `engine` (see [`RegexEngine`] for an example). The pattern keeps the
    /// compiled expressions, not the engine. Components that the crate
    /// matches without a regular expression (routing shapes such as
    /// `/users/:id`, and `*`) never reach the engine.
    pub fn with_engine(
        input: impl Into<UrlPatternInput>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
        engine: &dyn RegexEngine,
    ) -> Result<UrlPattern, Error> {
        UrlPattern::create(input.into(), base_url, options, Some(engine))
    }

    /// <https://urlpattern.spec.whatwg.org/#url-pattern-create>
    fn create(
        input: UrlPatternInput,
        base_url: Option<&str>,
        options: UrlPatternOptions,
        engine: Option<&dyn RegexEngine>,
    ) -> Result<UrlPattern, Error> {
        let init = match input {
            UrlPatternInput::String(s) => {
                let mut init = parse_constructor_string(&s, engine)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(Error::RelativeWithoutBase);
                }
                if let Some(base) = base_url {
                    init.base_url = Some(base.to_owned());
                }
                init
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::BaseUrlWithInit);
                }
                init
            }
        };
        let processed = init.process(InitType::Pattern, UrlPatternInit::default())?;
        let star = || Some("*".to_owned());
        let protocol = processed.protocol.or_else(star).unwrap_or_default();
        let username = processed.username.or_else(star).unwrap_or_default();
        let password = processed.password.or_else(star).unwrap_or_default();
        let hostname = processed.hostname.or_else(star).unwrap_or_default();
        let mut port = processed.port.or_else(star).unwrap_or_default();
        let pathname = processed.pathname.or_else(star).unwrap_or_default();
        let search = processed.search.or_else(star).unwrap_or_default();
        let hash = processed.hash.or_else(star).unwrap_or_default();
        if is_special_scheme(&protocol)
            && default_port(&protocol).is_some_and(|p| p.to_string() == port)
        {
            port.clear();
        }
        let protocol =
            CompiledComponent::compile(&protocol, Encoding::Protocol, Options::DEFAULT, engine)?;
        let username =
            CompiledComponent::compile(&username, Encoding::Username, Options::DEFAULT, engine)?;
        let password =
            CompiledComponent::compile(&password, Encoding::Password, Options::DEFAULT, engine)?;
        let hostname = if hostname_pattern_is_ipv6_address(&hostname) {
            CompiledComponent::compile(
                &hostname,
                Encoding::Ipv6Hostname,
                Options::HOSTNAME,
                engine,
            )?
        } else {
            CompiledComponent::compile(&hostname, Encoding::Hostname, Options::HOSTNAME, engine)?
        };
        let port =
            CompiledComponent::compile(&port, Encoding::Port(None), Options::DEFAULT, engine)?;
        let ignore_case = options.ignore_case;
        let pathname = if protocol_component_matches_special_scheme(&protocol) {
            let options = Options {
                ignore_case,
                ..Options::PATHNAME
            };
            CompiledComponent::compile(&pathname, Encoding::Pathname, options, engine)?
        } else {
            let options = Options {
                ignore_case,
                ..Options::DEFAULT
            };
            CompiledComponent::compile(&pathname, Encoding::OpaquePathname, options, engine)?
        };
        let compile_options = Options {
            ignore_case,
            ..Options::DEFAULT
        };
        let search =
            CompiledComponent::compile(&search, Encoding::Search, compile_options, engine)?;
        let hash = CompiledComponent::compile(&hash, Encoding::Hash, compile_options, engine)?;
        let components = [
            protocol, username, password, hostname, port, pathname, search, hash,
        ];
        let checked = (0..COMPONENTS.len())
            .filter(|&i| !components[i].matches_everything())
            .fold(0, |bits, i| bits | 1 << i);
        Ok(UrlPattern {
            components,
            checked,
        })
    }

    /// Builds a pattern from a constructor string with no base URL and the
    /// default options: `UrlPattern::parse("https://*.example.com/users/:id")`.
    pub fn parse(input: &str) -> Result<UrlPattern, Error> {
        UrlPattern::new(input, None, UrlPatternOptions::default())
    }

    fn component(&self, component: Component) -> Option<&CompiledComponent> {
        Some(&self.components[slot(component)?])
    }

    /// The normalized pattern string of `component`; `None` for `href`,
    /// `host` and `origin`, which patterns do not have.
    pub fn pattern_string(&self, component: Component) -> Option<&str> {
        Some(&self.component(component)?.pattern_string)
    }

    /// The normalized pattern string of the pattern's `COMPONENTS[index]`.
    fn pattern_string_at(&self, index: usize) -> &str {
        &self.components[index].pattern_string
    }

    /// The normalized protocol pattern.
    pub fn protocol(&self) -> &str {
        self.pattern_string_at(0)
    }
    /// The normalized username pattern.
    pub fn username(&self) -> &str {
        self.pattern_string_at(1)
    }
    /// The normalized password pattern.
    pub fn password(&self) -> &str {
        self.pattern_string_at(2)
    }
    /// The normalized hostname pattern.
    pub fn hostname(&self) -> &str {
        self.pattern_string_at(3)
    }
    /// The normalized port pattern.
    pub fn port(&self) -> &str {
        self.pattern_string_at(4)
    }
    /// The normalized pathname pattern.
    pub fn pathname(&self) -> &str {
        self.pattern_string_at(5)
    }
    /// The normalized search pattern.
    pub fn search(&self) -> &str {
        self.pattern_string_at(6)
    }
    /// The normalized hash pattern.
    pub fn hash(&self) -> &str {
        self.pattern_string_at(7)
    }

    /// Whether any component has a group with a regular expression of its
    /// own.
    ///
    /// <https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups>
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// Whether `input` (resolved against `base_url` when it is a string)
    /// matches. `Err` only for a dictionary input given with a base URL, as
    /// the JavaScript method throws; an input that is not a URL does not
    /// match.
    ///
    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-test>
    pub fn test(&self, input: &UrlPatternInput, base_url: Option<&str>) -> Result<bool, Error> {
        let Some(values) = self.values(input, base_url)? else {
            return Ok(false);
        };
        Ok(self
            .components
            .iter()
            .zip(&values)
            .all(|(c, v)| c.matches(v)))
    }

    /// Whether the parsed `url` matches.
    pub fn test_url(&self, url: &Url) -> bool {
        // One test per component, in turn, so that a component's string is
        // read only when it is checked (over a loop, the compiler reads all
        // eight strings first).
        let ok = |i: usize| {
            self.checked & 1 << i == 0 || self.components[i].matches(url_value(url, COMPONENTS[i]))
        };
        ok(0) && ok(1) && ok(2) && ok(3) && ok(4) && ok(5) && ok(6) && ok(7)
    }

    /// Whether the URL string `input` matches; `false` if it does not parse.
    pub fn test_str(&self, input: &str) -> bool {
        self.may_match_str(input) && Url::parse(input).is_ok_and(|url| self.test_url(&url))
    }

    /// `false` when the URL string `input` cannot match: it has no scheme
    /// (so it does not parse without a base) or the protocol pattern
    /// refuses its scheme. Reading the scheme scans a few bytes where
    /// [`test_str`](UrlPattern::test_str) parses the whole URL, so a router
    /// trying many patterns rejects most of them without parsing.
    ///
    /// ```
    /// let pattern = weburl_pattern::UrlPattern::parse("https://example.com/*")?;
    /// assert!(!pattern.may_match_str("file:///etc/passwd"));
    /// assert!(!pattern.may_match_str("no scheme"));
    /// assert!(pattern.may_match_str(" HTTPS://elsewhere.example/")); // test_str decides
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn may_match_str(&self, input: &str) -> bool {
        let mut buffer = [0; 32];
        match input_scheme(input, &mut buffer) {
            InputScheme::None => false,
            InputScheme::Some(scheme) => {
                self.checked & 1 == 0 || self.components[0].matches(scheme)
            }
            InputScheme::TooLong => true,
        }
    }

    /// The match of `input` with its groups, or `None`.
    ///
    /// <https://urlpattern.spec.whatwg.org/#url-pattern-match>
    pub fn exec(
        &self,
        input: &UrlPatternInput,
        base_url: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, Error> {
        let Some(values) = self.values(input, base_url)? else {
            return Ok(None);
        };
        let mut inputs = vec![input.clone()];
        if let (UrlPatternInput::String(_), Some(base)) = (input, base_url) {
            inputs.push(UrlPatternInput::String(base.to_owned()));
        }
        Ok(self.exec_values(&values, inputs))
    }

    /// The match of the parsed `url` with its groups, or `None`.
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        let values = url_values(url);
        self.exec_values(
            &values,
            vec![UrlPatternInput::String(url.href().to_owned())],
        )
    }

    /// The groups of the parsed `url`'s match as a JSON object, one member
    /// per component whose pattern is not `*` (a `*` component's one group
    /// is the whole component), each an object of group names to values
    /// (`null` for a group that did not participate); `None` when `url`
    /// does not match. What `weburl match --json` and the SQL function
    /// `url_pattern_groups` print.
    ///
    /// ```
    /// let pattern = weburl_pattern::UrlPattern::parse("https://*.example.com/users/:id")?;
    /// let url = weburl::Url::parse("https://api.example.com/users/42").unwrap();
    /// assert_eq!(
    ///     pattern.exec_groups_json(&url).as_deref(),
    ///     Some(r#"{"hostname":{"0":"api"},"pathname":{"id":"42"}}"#)
    /// );
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn exec_groups_json(&self, url: &Url) -> Option<String> {
        let result = self.exec_url(url)?;
        let mut out = String::from("{");
        for (i, c) in COMPONENTS.into_iter().enumerate() {
            let Some(r) = result.component(c) else {
                continue;
            };
            if r.groups.is_empty() || self.pattern_string_at(i) == "*" {
                continue;
            }
            if out.len() > 1 {
                out.push(',');
            }
            json_string(&mut out, c.name());
            out.push_str(":{");
            for (i, (name, value)) in r.groups.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string(&mut out, name);
                out.push(':');
                match value {
                    Some(v) => json_string(&mut out, v),
                    None => out.push_str("null"),
                }
            }
            out.push('}');
        }
        out.push('}');
        Some(out)
    }

    fn exec_values(
        &self,
        values: &Values<'_>,
        inputs: Vec<UrlPatternInput>,
    ) -> Option<UrlPatternResult> {
        let mut groups: Vec<Groups> = Vec::with_capacity(8);
        for (component, value) in self.components.iter().zip(values) {
            groups.push(component.exec(value)?);
        }
        let mut results = groups
            .into_iter()
            .zip(values)
            .map(|(groups, input)| ComponentResult {
                input: input.to_string(),
                groups,
            });
        let mut next = || results.next().unwrap_or_else(|| unreachable!());
        Some(UrlPatternResult {
            inputs,
            protocol: next(),
            username: next(),
            password: next(),
            hostname: next(),
            port: next(),
            pathname: next(),
            search: next(),
            hash: next(),
        })
    }

    /// The eight component strings of the input, or `None` if it is not a
    /// URL (the match is then null).
    fn values(
        &self,
        input: &UrlPatternInput,
        base_url: Option<&str>,
    ) -> Result<Option<Values<'static>>, Error> {
        match input {
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::BaseUrlWithInit);
                }
                let empty = || Some(String::new());
                let start = UrlPatternInit {
                    protocol: empty(),
                    username: empty(),
                    password: empty(),
                    hostname: empty(),
                    port: empty(),
                    pathname: empty(),
                    search: empty(),
                    hash: empty(),
                    base_url: None,
                };
                let Ok(r) = init.process(InitType::Url, start) else {
                    return Ok(None);
                };
                let v = |s: Option<String>| std::borrow::Cow::Owned(s.unwrap_or_default());
                Ok(Some([
                    v(r.protocol),
                    v(r.username),
                    v(r.password),
                    v(r.hostname),
                    v(r.port),
                    v(r.pathname),
                    v(r.search),
                    v(r.hash),
                ]))
            }
            UrlPatternInput::String(s) => {
                let url = match base_url {
                    Some(base) => {
                        let Ok(base) = Url::parse(base) else {
                            return Ok(None);
                        };
                        base.join(s)
                    }
                    None => Url::parse(s),
                };
                let Ok(url) = url else {
                    return Ok(None);
                };
                Ok(Some(
                    url_values(&url).map(|v| std::borrow::Cow::Owned(v.into_owned())),
                ))
            }
        }
    }

    /// Orders two patterns by how specific `component` is in each, least
    /// specific first, as Chromium's `URLPattern.compareComponent` does
    /// (exercised by WPT's `urlpattern-compare-tests`); `None` for `href`,
    /// `host` and `origin`, which patterns do not have.
    pub fn compare_component(
        component: Component,
        left: &UrlPattern,
        right: &UrlPattern,
    ) -> Option<Ordering> {
        Some(
            left.component(component)?
                .compare(right.component(component)?),
        )
    }

    /// The string `component` of a URL this pattern matches with the given
    /// group values, as Chromium's `URLPattern.generate` builds it
    /// (exercised by WPT's `urlpattern-generate-tests`).
    pub fn generate(
        &self,
        component: Component,
        groups: &dyn Fn(&str) -> Option<String>,
    ) -> Result<String, Error> {
        self.component(component)
            .ok_or(Error::NotAPatternComponent(component))?
            .generate(groups)
    }
}

/// `s` as a JSON string (RFC 8259 §7).
fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = std::fmt::Write::write_fmt(out, format_args!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// One component string of a parsed URL, as the match algorithm reads it:
/// the URL record's field, `""` for null.
///
/// <https://urlpattern.spec.whatwg.org/#url-pattern-match>
#[inline]
fn url_value(url: &Url, component: Component) -> &str {
    component.record_value(url).unwrap_or("")
}

/// The component strings of a parsed URL, as the match algorithm reads
/// them.
fn url_values(url: &Url) -> Values<'_> {
    COMPONENTS.map(|c| std::borrow::Cow::Borrowed(url_value(url, c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without an engine, the components that need a regular expression
    /// fail to build with the typed error; the others still build.
    #[test]
    fn without_an_engine_only_regexp_components_fail() {
        let build = |input: &str, ignore_case: bool| {
            let options = UrlPatternOptions { ignore_case };
            UrlPattern::create(input.into(), None, options, None)
        };
        assert_eq!(
            build("https://example.com/(\\d+)", false).unwrap_err(),
            Error::NoRegExpEngine(r"^(?:\/(\d+))$".to_owned())
        );
        // The constructor string parser compiles the protocol itself.
        assert_eq!(
            build("(https?)://example.com", false).unwrap_err(),
            Error::NoRegExpEngine("^(https?)$".to_owned())
        );
        // ignoreCase is not a routing shape.
        assert!(matches!(
            build("https://example.com/users/:id", true),
            Err(Error::NoRegExpEngine(_))
        ));
        let pattern = build("https://*.example.com/users/:id", false).unwrap();
        assert!(pattern.test_str("https://api.example.com/users/42"));
    }

    /// `test_str`, which refuses by the scheme before parsing, answers as
    /// a parse and `test_url` do, on URL lists and inputs whose scheme is
    /// spelled oddly.
    #[test]
    fn scheme_check_agrees_with_parsing() {
        let mut inputs: Vec<String> = [
            "https://example.com/users/1",
            " \tHTTPS://example.com/users/1",
            "ht\ntps://example.com/users/1",
            "HTTP://example.com/users/1",
            "https:example.com/users/1",
            "https//example.com",
            "file:///users/1",
            "//example.com/users/1",
            "",
            ":",
            "\u{1}https://example.com/users/1\u{1}",
            "abcdefghijabcdefghijabcdefghijabcdefghij://x/",
        ]
        .map(str::to_owned)
        .to_vec();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/urls");
        for list in ["kasztp.txt", "node_files.txt", "web_links.txt"] {
            if let Ok(text) = std::fs::read_to_string(format!("{dir}/{list}")) {
                inputs.extend(text.lines().take(2000).map(str::to_owned));
            }
        }
        let patterns = [
            "https://example.com/users/:id",
            "http{s}?://*/*",
            "(https?)://*",
            "*://*/*.js",
            "file:///*",
            "abcdefghijabcdefghijabcdefghijabcdefghij://*",
        ];
        let mut matched = 0;
        for pattern in patterns {
            let pattern = UrlPattern::parse(pattern).unwrap();
            for input in &inputs {
                let parsed = Url::parse(input).is_ok_and(|url| pattern.test_url(&url));
                assert_eq!(pattern.test_str(input), parsed, "{input:?}");
                matched += usize::from(parsed);
            }
        }
        assert!(matched > 100, "{matched}");
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = String::new();
        json_string(&mut out, "a\"b\\c\u{1}é");
        assert_eq!(out, r#""a\"b\\c\u0001é""#);
    }
}
