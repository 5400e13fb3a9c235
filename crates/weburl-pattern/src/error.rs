//! The one error type: every way construction or matching can fail, each
//! saying what was wrong and where.

use std::fmt;

pub use weburl::Component;

/// The eight components a URL pattern has, in the order of the
/// `URLPattern` API: the URL API's getters less `href`, `host` and
/// `origin`.
///
/// <https://urlpattern.spec.whatwg.org/#urlpattern-class>
pub const COMPONENTS: [Component; 8] = [
    Component::Protocol,
    Component::Username,
    Component::Password,
    Component::Hostname,
    Component::Port,
    Component::Pathname,
    Component::Search,
    Component::Hash,
];

/// The pattern component called `name` exactly as the `URLPattern` API
/// spells it (a WebIDL enum, so case counts); `None` for any other string,
/// `href`, `host` and `origin` among them.
///
/// <https://urlpattern.spec.whatwg.org/#enumdef-urlpatterncomponent>
///
/// ```
/// use weburl_pattern::{pattern_component, Component};
/// assert_eq!(pattern_component("pathname"), Some(Component::Pathname));
/// assert_eq!(pattern_component("Pathname"), None);
/// assert_eq!(pattern_component("href"), None);
/// ```
pub fn pattern_component(name: &str) -> Option<Component> {
    COMPONENTS.into_iter().find(|c| c.name() == name)
}

/// Where `component` is in [`COMPONENTS`]; `None` for a URL component
/// that patterns do not have.
pub(crate) fn slot(component: Component) -> Option<usize> {
    COMPONENTS.iter().position(|&c| c == component)
}

/// A regular expression feature that a linear-time engine cannot provide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnsupportedFeature {
    /// `\1` or `\k<name>`.
    Backreference,
    /// `(?=…)` or `(?!…)`.
    Lookahead,
    /// `(?<=…)` or `(?<!…)`.
    Lookbehind,
    /// A string of other than one character in a class: `[\q{ab}]`.
    ClassStrings,
}

impl fmt::Display for UnsupportedFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnsupportedFeature::Backreference => "backreferences",
            UnsupportedFeature::Lookahead => "lookahead assertions",
            UnsupportedFeature::Lookbehind => "lookbehind assertions",
            UnsupportedFeature::ClassStrings => "strings in character classes",
        })
    }
}

/// Why a pattern could not be built or an input could not be matched.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The pattern string has a character that cannot appear where it is
    /// (<https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error>).
    InvalidPatternChar {
        /// Byte offset in the pattern string.
        index: usize,
        /// What was wrong there.
        reason: &'static str,
    },
    /// The pattern parser expected one token and found another
    /// (<https://urlpattern.spec.whatwg.org/#consume-a-required-token>).
    UnexpectedToken {
        /// Byte offset in the pattern string.
        index: usize,
        /// What the parser needed there.
        expected: &'static str,
        /// The text found there ("" at the end).
        found: String,
    },
    /// Two groups of one component have the same name
    /// (<https://urlpattern.spec.whatwg.org/#is-a-duplicate-name>).
    DuplicateGroupName(String),
    /// A group's regular expression is not valid ECMAScript (with the `v`
    /// flag).
    InvalidRegExp {
        /// The regular expression generated for the component.
        regexp: String,
        /// What was wrong.
        reason: String,
    },
    /// A group's regular expression needs a feature a linear-time engine
    /// cannot give; the pattern is refused rather than matched by
    /// backtracking.
    UnsupportedRegExp {
        /// The regular expression generated for the component.
        regexp: String,
        /// The feature.
        feature: UnsupportedFeature,
    },
    /// The regular expression is valid but exceeds the compiled size limit.
    RegExpTooBig(String),
    /// A component needs a regular expression and no engine was given (the
    /// crate built without its `regex-automata` feature, and the pattern
    /// made by [`UrlPattern::new`](crate::UrlPattern::new) rather than
    /// [`UrlPattern::with_engine`](crate::UrlPattern::with_engine)).
    NoRegExpEngine(String),
    /// Fixed text of a component pattern is not valid in that component
    /// (<https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks>).
    InvalidComponent {
        /// The component.
        component: Component,
        /// The text its canonicalization refused.
        value: String,
    },
    /// The base URL does not parse.
    InvalidBaseUrl(String),
    /// A base URL was given both with a dictionary input and beside it.
    BaseUrlWithInit,
    /// A relative constructor string without a base URL.
    RelativeWithoutBase,
    /// The component is not one of a pattern's eight ([`COMPONENTS`]):
    /// `href`, `host` or `origin`.
    NotAPatternComponent(Component),
    /// `generate` met a part it cannot fill in.
    GenerateUnsupported {
        /// The component.
        component: Component,
        /// Why.
        reason: &'static str,
    },
    /// `generate` has no value for a named group.
    GenerateMissingGroup(String),
    /// `generate` got a value that the group could not have matched.
    GenerateInvalidValue {
        /// The group's name.
        name: String,
        /// The value, canonicalized.
        value: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidPatternChar { index, reason } => {
                write!(f, "invalid pattern at byte {index}: {reason}")
            }
            Error::UnexpectedToken {
                index,
                expected,
                found,
            } => write!(f, "expected {expected} at byte {index}, found {found:?}"),
            Error::DuplicateGroupName(name) => write!(f, "duplicate group name {name:?}"),
            Error::InvalidRegExp { regexp, reason } => {
                write!(f, "invalid regular expression /{regexp}/v: {reason}")
            }
            Error::UnsupportedRegExp { regexp, feature } => write!(
                f,
                "regular expression /{regexp}/v uses {feature}, which linear-time matching cannot provide"
            ),
            Error::RegExpTooBig(regexp) => {
                write!(f, "regular expression /{regexp}/v exceeds the size limit")
            }
            Error::NoRegExpEngine(regexp) => write!(
                f,
                "regular expression /{regexp}/v needs a regular expression engine, and none was given"
            ),
            Error::InvalidComponent { component, value } => {
                write!(f, "{value:?} is not a valid {component} pattern")
            }
            Error::NotAPatternComponent(component) => {
                write!(f, "URL patterns have no {component} component")
            }
            Error::InvalidBaseUrl(base) => write!(f, "invalid base URL {base:?}"),
            Error::BaseUrlWithInit => {
                f.write_str("a base URL cannot be given beside a dictionary input")
            }
            Error::RelativeWithoutBase => {
                f.write_str("a relative pattern string needs a base URL")
            }
            Error::GenerateUnsupported { component, reason } => {
                write!(f, "cannot generate the {component}: {reason}")
            }
            Error::GenerateMissingGroup(name) => write!(f, "no value for group {name:?}"),
            Error::GenerateInvalidValue { name, value } => {
                write!(f, "{value:?} cannot be the value of group {name:?}")
            }
        }
    }
}

impl std::error::Error for Error {}
