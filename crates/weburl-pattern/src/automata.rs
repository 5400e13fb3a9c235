//! The default [`RegexEngine`]: ECMAScript source translated by `ecma` and
//! matched by `regex-automata`'s `meta::Regex`, which never backtracks.

use regex_automata::meta::{self, Regex};
use regex_automata::util::syntax;

use crate::ecma::{translate, TranslateError};
use crate::engine::{CompiledRegex, RegexEngine};
use crate::error::Error;

/// Compiled programs larger than this are refused (about a megabyte of
/// NFA per component), so no pattern can make construction grow without
/// bound.
const NFA_SIZE_LIMIT: usize = 1 << 20;

/// The linear-time engine (feature `regex-automata`, on by default): what
/// [`UrlPattern::new`](crate::UrlPattern::new) uses. Backreferences and
/// lookaround, which no linear-time engine can give, fail construction
/// with [`Error::UnsupportedRegExp`].
#[derive(Debug, Clone, Copy, Default)]
pub struct AutomataEngine;

impl RegexEngine for AutomataEngine {
    /// RegExpCreate(regexp, "v" or "vi") on the linear-time engine.
    fn compile(&self, regexp: &str, ignore_case: bool) -> Result<Box<dyn CompiledRegex>, Error> {
        let translated = translate(regexp).map_err(|e| match e {
            TranslateError::Syntax(reason) => Error::InvalidRegExp {
                regexp: regexp.to_owned(),
                reason,
            },
            TranslateError::Unsupported(feature) => Error::UnsupportedRegExp {
                regexp: regexp.to_owned(),
                feature,
            },
        })?;
        let re = Regex::builder()
            .syntax(syntax::Config::new().case_insensitive(ignore_case))
            .configure(
                meta::Config::new()
                    .nfa_size_limit(Some(NFA_SIZE_LIMIT))
                    .onepass_size_limit(Some(NFA_SIZE_LIMIT))
                    .dfa_size_limit(Some(NFA_SIZE_LIMIT))
                    .hybrid_cache_capacity(2 * NFA_SIZE_LIMIT),
            )
            .build(&translated.pattern)
            .map_err(|e| {
                if e.size_limit().is_some() {
                    Error::RegExpTooBig(regexp.to_owned())
                } else {
                    Error::InvalidRegExp {
                        regexp: regexp.to_owned(),
                        reason: e.to_string(),
                    }
                }
            })?;
        Ok(Box::new(AutomataRegex {
            re,
            optional_groups: translated.optional_groups,
        }))
    }
}

/// A compiled expression, with the groups that ECMAScript leaves undefined
/// when they match "" (see [`crate::ecma::Translation`]).
#[derive(Debug)]
struct AutomataRegex {
    re: Regex,
    optional_groups: Vec<(usize, usize)>,
}

impl CompiledRegex for AutomataRegex {
    fn is_match(&self, input: &str) -> bool {
        self.re.is_match(input)
    }

    fn exec(&self, input: &str, groups: &mut [Option<(usize, usize)>]) -> bool {
        let mut caps = self.re.create_captures();
        self.re.captures(input, &mut caps);
        if !caps.is_match() {
            return false;
        }
        let mut undefined = vec![false; groups.len() + 1];
        for &(group, last) in &self.optional_groups {
            if caps.get_group(group).is_some_and(|span| span.is_empty()) {
                for flag in undefined.iter_mut().take(last + 1).skip(group) {
                    *flag = true;
                }
            }
        }
        for (i, slot) in groups.iter_mut().enumerate() {
            *slot = caps
                .get_group(i + 1)
                .filter(|_| !undefined[i + 1])
                .map(|span| (span.start, span.end));
        }
        true
    }
}
