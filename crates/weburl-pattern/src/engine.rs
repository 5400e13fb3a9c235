//! The regular-expression engine behind the components that need one.
//!
//! The standard compiles every component with `RegExpCreate(source, "v")`
//! or `"vi"` (<https://urlpattern.spec.whatwg.org/#compile-a-component>).
//! Components in the shapes routing patterns have are matched without one
//! (`part_matcher`); the others go to a [`RegexEngine`]: by default
//! [`AutomataEngine`](crate::AutomataEngine) (feature `regex-automata`), or
//! one the caller brings with [`UrlPattern::with_engine`](crate::UrlPattern::with_engine),
//! such as the host's own `RegExp` in WebAssembly.

use std::fmt;

use crate::error::Error;

/// Compiles the regular expressions the standard generates for pattern
/// components.
///
/// `regexp` is ECMAScript regular expression source, to be read with the
/// `v` flag (and `i` when `ignore_case`), as
/// <https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list>
/// writes it: it starts with `^` and ends with `$`. A source the engine
/// rejects is [`Error::InvalidRegExp`] (a SyntaxError in JavaScript, a
/// `TypeError` from the `URLPattern` constructor); a valid one it cannot
/// run is [`Error::UnsupportedRegExp`] or [`Error::RegExpTooBig`].
///
/// ```
/// use weburl_pattern::{CompiledRegex, Error, RegexEngine, UrlPattern, UrlPatternOptions};
///
/// /// An engine for exactly one expression: a pathname of digits.
/// struct Digits;
///
/// #[derive(Debug)]
/// struct DigitsRegex;
///
/// impl RegexEngine for Digits {
///     fn compile(&self, regexp: &str, _ignore_case: bool) -> Result<Box<dyn CompiledRegex>, Error> {
///         if regexp == r"^(?:\/(\d+))$" {
///             Ok(Box::new(DigitsRegex))
///         } else {
///             let reason = "not the one expression this engine knows".to_owned();
///             Err(Error::InvalidRegExp { regexp: regexp.to_owned(), reason })
///         }
///     }
/// }
///
/// impl CompiledRegex for DigitsRegex {
///     fn exec(&self, input: &str, groups: &mut [Option<(usize, usize)>]) -> bool {
///         let digits = input.strip_prefix('/').unwrap_or("");
///         if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
///             return false;
///         }
///         if let Some(group) = groups.first_mut() {
///             *group = Some((1, input.len()));
///         }
///         true
///     }
/// }
///
/// let pattern = UrlPattern::with_engine("https://a.example/(\\d+)", None, UrlPatternOptions::default(), &Digits)?;
/// assert!(pattern.test_str("https://a.example/42"));
/// assert!(!pattern.test_str("https://a.example/x"));
/// // Patterns that need no regular expression never reach the engine.
/// assert!(UrlPattern::with_engine("https://a.example/:id", None, UrlPatternOptions::default(), &Digits).is_ok());
/// # Ok::<(), Error>(())
/// ```
pub trait RegexEngine {
    /// `RegExpCreate(regexp, ignore_case ? "vi" : "v")`.
    fn compile(&self, regexp: &str, ignore_case: bool) -> Result<Box<dyn CompiledRegex>, Error>;
}

/// A compiled regular expression, matched against canonicalized component
/// strings (which are ASCII: the URL parser percent-encodes or punycodes
/// everything else, so byte offsets and UTF-16 indices agree on them).
///
/// `Send + Sync` so that a [`UrlPattern`](crate::UrlPattern) can be shared
/// between threads.
pub trait CompiledRegex: fmt::Debug + Send + Sync {
    /// Whether the expression matches `input` (`RegExp.prototype.test`);
    /// by default [`exec`](CompiledRegex::exec) without groups.
    fn is_match(&self, input: &str) -> bool {
        self.exec(input, &mut [])
    }

    /// `RegExpBuiltinExec`: whether the expression matches `input`, and if
    /// so the span (byte offsets into `input`) of capturing group `i + 1`
    /// in `groups[i]`, `None` where the group is undefined. `groups` comes
    /// in filled with `None`; it may be shorter than the expression's group
    /// count (the engine then writes only the first groups) and is empty
    /// when only the answer is wanted. A span that is not within `input`
    /// on character boundaries reads as an undefined group.
    fn exec(&self, input: &str, groups: &mut [Option<(usize, usize)>]) -> bool;
}
