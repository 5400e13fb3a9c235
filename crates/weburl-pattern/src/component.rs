//! One compiled component: its pattern string, matcher and group names.
//!
//! <https://urlpattern.spec.whatwg.org/#component>

use std::cmp::Ordering;
use std::sync::Arc;

use crate::canonicalize::Encoding;
use crate::engine::{CompiledRegex, RegexEngine};
use crate::error::Error;
use crate::parser::{parse_pattern_string, Modifier, Options, Part, PartType};
use crate::part_matcher::PartMatcher;
use crate::pattern_string::generate_pattern_string;
use crate::regexp::generate_regexp_and_names;

/// How a component matches. The standard matches every component with its
/// regular expression; the shapes routing patterns have match the same
/// strings directly.
#[derive(Debug, Clone)]
enum Matcher {
    /// The part list itself (see [`PartMatcher`]).
    Parts(PartMatcher),
    /// Anything else, on a [`RegexEngine`]'s compiled expression (shared by
    /// clones of the pattern).
    Regex(Arc<dyn CompiledRegex>),
}

/// <https://urlpattern.spec.whatwg.org/#component>
#[derive(Debug, Clone)]
pub(crate) struct CompiledComponent {
    pub(crate) pattern_string: String,
    matcher: Matcher,
    pub(crate) group_names: Vec<String>,
    pub(crate) has_regexp_groups: bool,
    parts: Vec<Part>,
    encoding: Encoding,
    options: Options,
}

/// The groups of one component's match, in the order of the group name
/// list; `None` for a group that did not participate.
pub(crate) type Groups = Vec<(String, Option<String>)>;

impl CompiledComponent {
    /// <https://urlpattern.spec.whatwg.org/#compile-a-component>
    /// `engine` compiles the regular expression when the part list needs
    /// one; without an engine such a component is
    /// [`Error::NoRegExpEngine`].
    pub(crate) fn compile(
        input: &str,
        encoding: Encoding,
        options: Options,
        engine: Option<&dyn RegexEngine>,
    ) -> Result<Self, Error> {
        let parts = parse_pattern_string(input, &options, &|s| encoding.encode(s))?;
        let (regexp, group_names) = generate_regexp_and_names(&parts, &options);
        let matcher = match PartMatcher::new(&parts, &options) {
            Some(direct) => Matcher::Parts(direct),
            None => build_regex(&regexp, &options, engine)?,
        };
        let pattern_string = generate_pattern_string(&parts, &options);
        let has_regexp_groups = parts.iter().any(|p| p.ty == PartType::Regexp);
        Ok(CompiledComponent {
            pattern_string,
            matcher,
            group_names,
            has_regexp_groups,
            parts,
            encoding,
            options,
        })
    }

    /// Whether every input matches (the pattern `*`), so `test` can skip
    /// the component.
    pub(crate) fn matches_everything(&self) -> bool {
        matches!(&self.matcher, Matcher::Parts(direct) if direct.matches_everything())
    }

    /// Whether the component's regular expression matches `input`, a
    /// canonicalized component string (ASCII: see `crate::ecma`).
    pub(crate) fn matches(&self, input: &str) -> bool {
        debug_assert!(input.is_ascii(), "{input:?} is not canonical");
        match &self.matcher {
            Matcher::Parts(direct) => direct.run(input, &mut []),
            Matcher::Regex(re) => re.is_match(input),
        }
    }

    /// RegExpBuiltinExec and <https://urlpattern.spec.whatwg.org/#create-a-component-match-result>:
    /// the groups, or `None` when the component does not match.
    pub(crate) fn exec(&self, input: &str) -> Option<Groups> {
        let mut spans = vec![None; self.group_names.len()];
        let matched = match &self.matcher {
            Matcher::Parts(direct) => direct.run(input, &mut spans),
            Matcher::Regex(re) => re.exec(input, &mut spans),
        };
        if !matched {
            return None;
        }
        let groups = self
            .group_names
            .iter()
            .zip(spans)
            .map(|(name, span)| {
                let value = span.and_then(|(s, e)| input.get(s..e)).map(str::to_owned);
                (name.clone(), value)
            })
            .collect();
        Some(groups)
    }

    /// Orders two components from least to most specific, as Chromium's
    /// `compareComponent` does: part by part (type, then modifier, then
    /// prefix, value and suffix as strings), a missing part counting as
    /// empty fixed text.
    pub(crate) fn compare(&self, other: &Self) -> Ordering {
        let empty = Part {
            ty: PartType::FixedText,
            value: String::new(),
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        };
        let key = |p: &Part| {
            (
                p.ty,
                p.modifier,
                p.prefix.clone(),
                p.value.clone(),
                p.suffix.clone(),
            )
        };
        let len = self.parts.len().max(other.parts.len());
        for i in 0..len {
            let left = self.parts.get(i).unwrap_or(&empty);
            let right = other.parts.get(i).unwrap_or(&empty);
            let order = key(left).cmp(&key(right));
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }

    /// Fills the named groups in with `groups`' values: only fixed text and
    /// named segment groups without modifiers can be filled in, and each
    /// value is canonicalized as the component's fixed text is.
    pub(crate) fn generate(
        &self,
        groups: &dyn Fn(&str) -> Option<String>,
    ) -> Result<String, Error> {
        let component = self.encoding.component();
        let mut out = String::new();
        for part in &self.parts {
            if part.modifier != Modifier::None {
                return Err(Error::GenerateUnsupported {
                    component,
                    reason: "a part has a modifier",
                });
            }
            match part.ty {
                PartType::FixedText => out.push_str(&part.value),
                PartType::SegmentWildcard => {
                    let value = groups(&part.name)
                        .ok_or_else(|| Error::GenerateMissingGroup(part.name.clone()))?;
                    let encoded = self.encoding.encode(&value)?;
                    let delimiter = self.options.delimiter.map(char::from);
                    if encoded.is_empty() || delimiter.is_some_and(|d| encoded.contains(d)) {
                        return Err(Error::GenerateInvalidValue {
                            name: part.name.clone(),
                            value: encoded,
                        });
                    }
                    out.push_str(&part.prefix);
                    out.push_str(&encoded);
                    out.push_str(&part.suffix);
                }
                PartType::FullWildcard | PartType::Regexp => {
                    return Err(Error::GenerateUnsupported {
                        component,
                        reason: "only named groups without a regular expression can be filled in",
                    })
                }
            }
        }
        Ok(out)
    }
}

/// RegExpCreate(regexp, "v" or "vi") on `engine`.
fn build_regex(
    regexp: &str,
    options: &Options,
    engine: Option<&dyn RegexEngine>,
) -> Result<Matcher, Error> {
    let engine = engine.ok_or_else(|| Error::NoRegExpEngine(regexp.to_owned()))?;
    let compiled = engine.compile(regexp, options.ignore_case)?;
    Ok(Matcher::Regex(Arc::from(compiled)))
}

/// <https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme>
pub(crate) fn protocol_component_matches_special_scheme(protocol: &CompiledComponent) -> bool {
    ["ftp", "file", "http", "https", "ws", "wss"]
        .iter()
        .any(|scheme| protocol.matches(scheme))
}

#[cfg(all(test, feature = "regex-automata"))]
mod tests {
    use super::*;
    use crate::canonicalize::Encoding;
    use crate::AutomataEngine;

    /// The same component compiled to its regular expression.
    fn with_regex(c: &CompiledComponent) -> CompiledComponent {
        let (regexp, _) = generate_regexp_and_names(&c.parts, &c.options);
        let mut forced = c.clone();
        forced.matcher = build_regex(&regexp, &c.options, Some(&AutomataEngine)).unwrap();
        forced
    }

    /// `pattern` compiled as a pathname or a hostname pattern (by
    /// `component`), with that component's encoding and options.
    fn compile_for(component: &str, pattern: &str) -> Result<CompiledComponent, Error> {
        let (encoding, options) = if component == "pathname" {
            (Encoding::Pathname, Options::PATHNAME)
        } else {
            (Encoding::Hostname, Options::HOSTNAME)
        };
        CompiledComponent::compile(pattern, encoding, options, Some(&AutomataEngine))
    }

    /// Asserts that the part matcher's answer and groups on `input` are the
    /// regular expression's; returns whether it matched.
    fn assert_agrees(
        compiled: &CompiledComponent,
        regex: &CompiledComponent,
        pattern: &str,
        input: &str,
    ) -> bool {
        let matched = regex.matches(input);
        assert_eq!(compiled.matches(input), matched, "{pattern:?} on {input:?}");
        assert_eq!(
            compiled.exec(input),
            regex.exec(input),
            "{pattern:?} on {input:?}"
        );
        matched
    }

    /// Checks `pattern` on each `(input, groups)` case, `groups` being
    /// the expected group values or `None` for no match: `matches` (the
    /// one-pass test of a part list whose first part is optional), `exec`
    /// and the regular expression all give that answer.
    fn check_cases(
        pattern: &str,
        encoding: Encoding,
        options: Options,
        cases: &[(&str, Option<&[Option<&str>]>)],
    ) {
        let compiled =
            CompiledComponent::compile(pattern, encoding, options, Some(&AutomataEngine)).unwrap();
        assert_eq!(
            matches!(compiled.matcher, Matcher::Parts(_)),
            !options.ignore_case,
            "{pattern:?}: the part matcher takes exactly the case-sensitive patterns"
        );
        let regex = with_regex(&compiled);
        for &(input, expected) in cases {
            let context = format!("{pattern:?} on {input:?}");
            let values = |groups: Option<Groups>| {
                groups.map(|g| g.into_iter().map(|(_, v)| v).collect::<Vec<_>>())
            };
            let expected = expected.map(|g| g.iter().map(|v| v.map(str::to_owned)).collect());
            assert_eq!(compiled.matches(input), expected.is_some(), "{context}");
            assert_eq!(regex.matches(input), expected.is_some(), "{context}");
            assert_eq!(values(compiled.exec(input)), expected, "{context}");
            assert_eq!(values(regex.exec(input)), expected, "{context}");
        }
    }

    /// An optional segment first, then fixed text: the part present,
    /// absent, a first segment that is the fixed text's own, empty
    /// segments, percent-encoded slashes (not delimiters) and case.
    #[test]
    fn optional_first_segment() {
        let options = Options::PATHNAME;
        check_cases(
            "{/:lang}?/docs/:page",
            Encoding::Pathname,
            options,
            &[
                ("/en/docs/intro", Some(&[Some("en"), Some("intro")])),
                ("/docs/intro", Some(&[None, Some("intro")])),
                // Both choices fit the start; the present one matches.
                ("/docs/docs/intro", Some(&[Some("docs"), Some("intro")])),
                // The first segment is "docs" and the text follows it,
                // but only the absent choice matches.
                ("/docs/docs", Some(&[None, Some("docs")])),
                ("/docs/docs/docs", Some(&[Some("docs"), Some("docs")])),
                ("/docs/docs/", None),
                ("/docs/", None),
                ("/docs", None),
                ("/docsx/intro", None),
                ("/en/docsx/intro", None),
                ("", None),
                ("/", None),
                ("//docs/intro", None),
                ("/en//docs/intro", None),
                ("/en/docs//intro", None),
                ("/en/docs/", None),
                ("/en/docs/intro/", None),
                ("/a/b/docs/intro", None),
                (
                    "/en%2Fus/docs/intro",
                    Some(&[Some("en%2Fus"), Some("intro")]),
                ),
                ("/docs%2Fintro", None),
                (
                    "/docs%2F/docs/intro",
                    Some(&[Some("docs%2F"), Some("intro")]),
                ),
                ("/en/docs/a%2Fb", Some(&[Some("en"), Some("a%2Fb")])),
                ("/en/DOCS/intro", None),
                (
                    "/a-very-long-first-segment/docs/x",
                    Some(&[Some("a-very-long-first-segment"), Some("x")]),
                ),
                ("/a-very-long-first-segment/doc/x", None),
            ],
        );
        // ignoreCase: the regular expression with the "i" flag.
        let ignore_case = Options {
            ignore_case: true,
            ..options
        };
        check_cases(
            "{/:lang}?/docs/:page",
            Encoding::Pathname,
            ignore_case,
            &[
                ("/en/DOCS/intro", Some(&[Some("en"), Some("intro")])),
                ("/DOCS/Intro", Some(&[None, Some("Intro")])),
                ("/Docs/docs/x", Some(&[Some("Docs"), Some("x")])),
                ("/DOCS/docs", Some(&[None, Some("docs")])),
                ("/en/DOCSX/intro", None),
            ],
        );
        // The optional first part fixed text, and a segment with a suffix
        // (the hostname's delimiter).
        check_cases(
            "{/en}?/docs/:page",
            Encoding::Pathname,
            options,
            &[
                ("/en/docs/x", Some(&[Some("x")])),
                ("/docs/x", Some(&[Some("x")])),
                ("/en/x", None),
                ("/en/en/docs/x", None),
                ("/docs/docs/x", None),
                ("/endocs/x", None),
            ],
        );
        check_cases(
            "{:sub.}?example.com",
            Encoding::Hostname,
            Options::HOSTNAME,
            &[
                ("a.example.com", Some(&[Some("a")])),
                ("example.com", Some(&[None])),
                ("a.b.example.com", None),
                (".example.com", None),
                ("example.example.com", Some(&[Some("example")])),
                ("example.com.example.com", None),
                ("aexample.com", None),
            ],
        );
    }

    /// Part lists whose first part is optional, on pseudo-random inputs
    /// made of their own words: `matches` (one look, then one walk), `exec`
    /// (the walk that goes back) and the regular expression agree, and
    /// each pattern matches some of the inputs.
    #[test]
    fn optional_first_part_agrees_with_regex_on_generated_inputs() {
        let patterns = [
            ("pathname", "{/:a}?/docs/:b"),
            ("pathname", "{/:a}?/docs"),
            ("pathname", "{/:a}?/docs/*"),
            ("pathname", "{/:a}?/docs/*.html"),
            ("pathname", "{/:a}?/:b"),
            ("pathname", "{/:a}?"),
            ("pathname", "{/:a/x}?/docs/:b"),
            ("pathname", "{/docs}?/docs/:b"),
            ("hostname", "{:a.}?example.com"),
            ("hostname", "{:a.}?*.com"),
            ("hostname", "{x.}?x.com"),
        ];
        let words = [
            "/docs/",
            "/docs",
            "/en",
            "/x",
            "/",
            "docs",
            "x",
            "%2F",
            ".",
            "example.com",
            ".com",
            "x.",
            ".html",
            "",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for (component, pattern) in patterns {
            let compiled = compile_for(component, pattern).unwrap();
            assert!(
                matches!(compiled.matcher, Matcher::Parts(_)),
                "{pattern:?} is matched directly"
            );
            let regex = with_regex(&compiled);
            let mut matched = 0;
            for _ in 0..3000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let count = state % 7;
                let raw: String = (0..count)
                    .map(|i| words[(state >> (8 + 4 * i)) as usize % words.len()])
                    .collect();
                let Ok(input) = compiled.encoding.encode(&raw) else {
                    continue;
                };
                matched += usize::from(assert_agrees(&compiled, &regex, pattern, &input));
            }
            assert!(matched > 10, "{pattern:?} matched {matched} inputs");
        }
    }

    /// Every pathname and hostname pattern of the WPT data that the part
    /// matcher takes gives the regular expression's answer and groups on
    /// every pathname and hostname input of the data (and some of our own).
    #[test]
    fn part_matcher_agrees_with_regex() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/wpt/urlpatterntestdata.json"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            println!("skipped: {path} is not here (the repository's test data)");
            return;
        };
        let mut patterns = vec![
            ("pathname", "/users/:id".to_owned()),
            ("pathname", "{/:lang}?/docs/:page".to_owned()),
            ("pathname", "/a{/:b}?{/:c}?/d/*.html".to_owned()),
            ("hostname", "*.com".to_owned()),
            ("hostname", "{*.}?example.com".to_owned()),
            ("hostname", "*?".to_owned()),
            ("hostname", "*?example.com".to_owned()),
            ("pathname", "/x{*}?".to_owned()),
            ("hostname", "{:sub.}?example.com".to_owned()),
        ];
        let mut inputs = vec![
            "/users/42",
            "/en/docs/x",
            "/docs/x",
            "/a/b/d/e.html",
            "/a/d/.html",
            "a.b.com",
            "example.com",
            "x.example.com",
            "",
            "/x",
            "/xy",
            "b.x.example.com",
            ".example.com",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
        // Pull the strings out of the JSON: every "pathname"/"hostname" value.
        for (key, list) in [
            ("\"pathname\": \"", "pathname"),
            ("\"hostname\": \"", "hostname"),
        ] {
            for piece in text.split(key).skip(1) {
                let value: String = piece.chars().take_while(|&c| c != '"').collect();
                patterns.push((list, value.clone()));
                inputs.push(value);
            }
        }
        let mut checked = 0;
        for (component, pattern) in &patterns {
            let Ok(compiled) = compile_for(component, pattern) else {
                continue;
            };
            if !matches!(compiled.matcher, Matcher::Parts(_)) {
                continue;
            }
            let regex = with_regex(&compiled);
            // Match inputs are canonicalized, as the match algorithm does.
            let canonical = inputs
                .iter()
                .filter_map(|i| compiled.encoding.encode(i).ok());
            for input in &canonical.collect::<Vec<_>>() {
                assert_agrees(&compiled, &regex, pattern, input);
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
