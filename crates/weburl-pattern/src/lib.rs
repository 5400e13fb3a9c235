//! # weburl-pattern
//!
//! The [URL Pattern Standard](https://urlpattern.spec.whatwg.org/)
//! (`URLPattern`) on top of [`weburl`], matching in time linear in the
//! input.
//!
//! ## Overview
//!
//! A [`UrlPattern`] is built from a constructor string such as
//! `"https://*.example.com/users/:id"` or from a [`UrlPatternInit`]
//! dictionary, one pattern per URL component. [`UrlPattern::test`] says
//! whether a URL matches, [`UrlPattern::exec`] returns the groups. Fixed
//! text in a pattern is canonicalized by weburl's own parser, component by
//! component, as the standard requires.
//!
//! Components in the shapes routing patterns have (`/users/:id`, `*`) are
//! matched directly. Any other component compiles to a regular expression
//! on a [`RegexEngine`]: by default `AutomataEngine`, which runs on
//! `regex-automata` and never backtracks. User-written groups (`(\d+)`)
//! are ECMAScript with the `v` flag: they are validated by that grammar and
//! translated. Backreferences and lookaround cannot run in linear time;
//! patterns using them fail to build with [`Error::UnsupportedRegExp`]
//! naming the feature. [`UrlPattern::with_engine`] takes another engine,
//! such as the host's `RegExp` in WebAssembly (what the `weburl` npm
//! package does).
//!
//! ## Examples
//!
//! ```
//! use weburl_pattern::{Component, UrlPattern, UrlPatternInput};
//!
//! let pattern = UrlPattern::parse("https://example.com/users/:id")?;
//! assert!(pattern.test_str("https://example.com/users/42"));
//! assert!(!pattern.test_str("https://example.com/users/42/posts"));
//!
//! let input = UrlPatternInput::from("https://example.com/users/42");
//! let result = pattern.exec(&input, None)?.expect("matches");
//! assert_eq!(result.pathname.get("id"), Some("42"));
//! assert_eq!(pattern.pattern_string(Component::Pathname), Some("/users/:id"));
//! # Ok::<(), weburl_pattern::Error>(())
//! ```
//!
//! ## Crate features
//!
//! - `regex-automata` (default): `AutomataEngine`, the engine
//!   [`UrlPattern::new`] uses. Without it the crate carries no regular
//!   expression engine (nor `regex-automata`'s Unicode tables); patterns
//!   that need one build only with [`UrlPattern::with_engine`], and
//!   [`UrlPattern::new`] refuses them with [`Error::NoRegExpEngine`].

#[cfg(feature = "regex-automata")]
mod automata;
mod canonicalize;
mod component;
mod constructor;
#[cfg(feature = "regex-automata")]
mod ecma;
mod engine;
mod error;
mod escape;
mod init;
mod parser;
mod part_matcher;
mod pattern;
mod pattern_string;
mod regexp;
mod tokenizer;

#[cfg(feature = "regex-automata")]
pub use automata::AutomataEngine;
pub use engine::{CompiledRegex, RegexEngine};
pub use error::{pattern_component, Component, Error, UnsupportedFeature, COMPONENTS};
pub use init::UrlPatternInit;
pub use pattern::{
    ComponentResult, UrlPattern, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
