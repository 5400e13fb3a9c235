//! The pattern parser: a pattern string to a part list.
//!
//! <https://urlpattern.spec.whatwg.org/#parsing>

use crate::error::Error;
use crate::escape::escape_regexp_string;
use crate::tokenizer::{tokenize, Policy, Token, TokenType};

/// <https://urlpattern.spec.whatwg.org/#part-type>
///
/// Declared from least to most specific: `compare_component` orders parts by
/// this first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PartType {
    FullWildcard,
    SegmentWildcard,
    Regexp,
    FixedText,
}

/// <https://urlpattern.spec.whatwg.org/#part-modifier>
///
/// Declared from least to most restrictive, for `compare_component`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Modifier {
    ZeroOrMore,
    Optional,
    OneOrMore,
    None,
}

impl Modifier {
    /// <https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string>
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Modifier::ZeroOrMore => "*",
            Modifier::Optional => "?",
            Modifier::OneOrMore => "+",
            Modifier::None => "",
        }
    }
}

/// <https://urlpattern.spec.whatwg.org/#part>
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) ty: PartType,
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
}

/// <https://urlpattern.spec.whatwg.org/#options>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    /// An ASCII character, or `None` for the empty string.
    pub(crate) delimiter: Option<u8>,
    pub(crate) prefix: Option<u8>,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// <https://urlpattern.spec.whatwg.org/#default-options>
    pub(crate) const DEFAULT: Options = Options {
        delimiter: None,
        prefix: None,
        ignore_case: false,
    };
    /// <https://urlpattern.spec.whatwg.org/#hostname-options>
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: Some(b'.'),
        prefix: None,
        ignore_case: false,
    };
    /// <https://urlpattern.spec.whatwg.org/#pathname-options>
    pub(crate) const PATHNAME: Options = Options {
        delimiter: Some(b'/'),
        prefix: Some(b'/'),
        ignore_case: false,
    };

    pub(crate) fn prefix_is(&self, s: &str) -> bool {
        matches!(self.prefix, Some(p) if s.len() == 1 && s.as_bytes()[0] == p)
    }
}

/// <https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp>
pub(crate) fn segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    if let Some(d) = options.delimiter {
        escape_regexp_string(&mut result, char::from(d).encode_utf8(&mut [0; 4]));
    }
    result.push_str("]+?");
    result
}

/// <https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value>
pub(crate) const FULL_WILDCARD_REGEXP: &str = ".*";

/// <https://urlpattern.spec.whatwg.org/#pattern-parser>
struct Parser<'a, 'e> {
    tokens: Vec<Token<'a>>,
    encode: &'e dyn Fn(&str) -> Result<String, Error>,
    segment_wildcard_regexp: String,
    parts: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: usize,
}

/// <https://urlpattern.spec.whatwg.org/#parse-a-pattern-string>
pub(crate) fn parse_pattern_string(
    input: &str,
    options: &Options,
    encode: &dyn Fn(&str) -> Result<String, Error>,
) -> Result<Vec<Part>, Error> {
    let mut p = Parser {
        tokens: tokenize(input, Policy::Strict)?,
        encode,
        segment_wildcard_regexp: segment_wildcard_regexp(options),
        parts: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
    };
    while p.index < p.tokens.len() {
        let char_token = p.try_consume(TokenType::Char);
        let mut name_token = p.try_consume(TokenType::Name);
        let mut regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
        if name_token.is_some() || regexp_or_wildcard.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value);
            if !prefix.is_empty() && !options.prefix_is(prefix) {
                p.pending_fixed_value.push_str(prefix);
                prefix = "";
            }
            p.maybe_add_part_from_pending_fixed_value()?;
            let modifier = p.try_consume_modifier();
            p.add_part(prefix, name_token, regexp_or_wildcard, "", modifier)?;
            continue;
        }
        let mut fixed_token = char_token;
        if fixed_token.is_none() {
            fixed_token = p.try_consume(TokenType::EscapedChar);
        }
        if let Some(fixed) = fixed_token {
            p.pending_fixed_value.push_str(fixed.value);
            continue;
        }
        if p.try_consume(TokenType::Open).is_some() {
            let prefix = p.consume_text();
            name_token = p.try_consume(TokenType::Name);
            regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
            let suffix = p.consume_text();
            p.consume_required(TokenType::Close)?;
            let modifier = p.try_consume_modifier();
            p.add_part(&prefix, name_token, regexp_or_wildcard, &suffix, modifier)?;
            continue;
        }
        p.maybe_add_part_from_pending_fixed_value()?;
        p.consume_required(TokenType::End)?;
    }
    Ok(p.parts)
}

impl<'a> Parser<'a, '_> {
    /// <https://urlpattern.spec.whatwg.org/#try-to-consume-a-token>
    fn try_consume(&mut self, ty: TokenType) -> Option<Token<'a>> {
        let next = *self.tokens.get(self.index)?;
        if next.ty != ty {
            return None;
        }
        self.index += 1;
        Some(next)
    }

    /// <https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token>
    fn try_consume_modifier(&mut self) -> Option<Token<'a>> {
        self.try_consume(TokenType::OtherModifier)
            .or_else(|| self.try_consume(TokenType::Asterisk))
    }

    /// <https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token>
    fn try_consume_regexp_or_wildcard(&mut self, name: Option<Token<'a>>) -> Option<Token<'a>> {
        let token = self.try_consume(TokenType::Regexp);
        if name.is_none() && token.is_none() {
            return self.try_consume(TokenType::Asterisk);
        }
        token
    }

    /// <https://urlpattern.spec.whatwg.org/#consume-a-required-token>
    fn consume_required(&mut self, ty: TokenType) -> Result<Token<'a>, Error> {
        if let Some(token) = self.try_consume(ty) {
            return Ok(token);
        }
        let found = self.tokens.get(self.index);
        Err(Error::UnexpectedToken {
            index: found.map_or(0, |t| t.index),
            expected: ty.describe(),
            found: found.map_or_else(String::new, |t| t.value.to_owned()),
        })
    }

    /// <https://urlpattern.spec.whatwg.org/#consume-text>
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(token) = self
            .try_consume(TokenType::Char)
            .or_else(|| self.try_consume(TokenType::EscapedChar))
        {
            result.push_str(token.value);
        }
        result
    }

    /// <https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value>
    fn maybe_add_part_from_pending_fixed_value(&mut self) -> Result<(), Error> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let encoded = (self.encode)(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.parts.push(Part {
            ty: PartType::FixedText,
            value: encoded,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-part>
    fn add_part(
        &mut self,
        prefix: &str,
        name_token: Option<Token<'a>>,
        regexp_or_wildcard: Option<Token<'a>>,
        suffix: &str,
        modifier_token: Option<Token<'a>>,
    ) -> Result<(), Error> {
        let modifier = match modifier_token.map(|t| t.value) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name_token.is_none() && regexp_or_wildcard.is_none() && modifier == Modifier::None {
            self.pending_fixed_value.push_str(prefix);
            return Ok(());
        }
        self.maybe_add_part_from_pending_fixed_value()?;
        if name_token.is_none() && regexp_or_wildcard.is_none() {
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let encoded = (self.encode)(prefix)?;
            self.parts.push(Part {
                ty: PartType::FixedText,
                value: encoded,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        let regexp_value = match regexp_or_wildcard {
            None => self.segment_wildcard_regexp.as_str(),
            Some(t) if t.ty == TokenType::Asterisk => FULL_WILDCARD_REGEXP,
            Some(t) => t.value,
        };
        let (ty, value) = if regexp_value == self.segment_wildcard_regexp {
            (PartType::SegmentWildcard, String::new())
        } else if regexp_value == FULL_WILDCARD_REGEXP {
            (PartType::FullWildcard, String::new())
        } else {
            (PartType::Regexp, regexp_value.to_owned())
        };
        let name = if let Some(t) = name_token {
            t.value.to_owned()
        } else {
            let n = self.next_numeric_name;
            self.next_numeric_name += 1;
            n.to_string()
        };
        if self.parts.iter().any(|p| p.name == name) {
            return Err(Error::DuplicateGroupName(name));
        }
        let prefix = (self.encode)(prefix)?;
        let suffix = (self.encode)(suffix)?;
        self.parts.push(Part {
            ty,
            value,
            modifier,
            name,
            prefix,
            suffix,
        });
        Ok(())
    }
}
