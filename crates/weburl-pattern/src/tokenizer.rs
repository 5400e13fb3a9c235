//! The pattern string tokenizer.
//!
//! <https://urlpattern.spec.whatwg.org/#tokenizing>
//!
//! Positions are byte offsets into the input where the standard counts code
//! points; every position falls on a character boundary, so the substrings
//! are the same.

use icu_properties::props::{IdContinue, IdStart};
use icu_properties::CodePointSetData;

use crate::error::Error;

/// <https://urlpattern.spec.whatwg.org/#token-type>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenType {
    Open,
    Close,
    Regexp,
    Name,
    Char,
    EscapedChar,
    OtherModifier,
    Asterisk,
    End,
    InvalidChar,
}

impl TokenType {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            TokenType::Open => "\"{\"",
            TokenType::Close => "\"}\"",
            TokenType::Regexp => "a regexp group",
            TokenType::Name => "a named group",
            TokenType::Char => "a character",
            TokenType::EscapedChar => "an escaped character",
            TokenType::OtherModifier => "\"?\" or \"+\"",
            TokenType::Asterisk => "\"*\"",
            TokenType::End => "the end of the pattern",
            TokenType::InvalidChar => "an invalid character",
        }
    }
}

/// <https://urlpattern.spec.whatwg.org/#token>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub(crate) ty: TokenType,
    /// Where the token starts in the input.
    pub(crate) index: usize,
    pub(crate) value: &'a str,
}

/// <https://urlpattern.spec.whatwg.org/#tokenize-policy>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

struct Tokenizer<'a> {
    input: &'a str,
    policy: Policy,
    tokens: Vec<Token<'a>>,
    index: usize,
    next_index: usize,
    code_point: char,
}

impl<'a> Tokenizer<'a> {
    /// <https://urlpattern.spec.whatwg.org/#get-the-next-code-point>
    fn get_next_code_point(&mut self) {
        // Callers check next_index < input.len() first.
        let c = self.input[self.next_index..].chars().next().unwrap_or('\0');
        self.code_point = c;
        self.next_index += c.len_utf8();
    }

    /// <https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point>
    fn seek_and_get_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_next_code_point();
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-token>
    fn add_token(&mut self, ty: TokenType, next_pos: usize, value_pos: usize, value_end: usize) {
        self.tokens.push(Token {
            ty,
            index: self.index,
            value: &self.input[value_pos..value_end],
        });
        self.index = next_pos;
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length>
    fn add_token_default_length(&mut self, ty: TokenType, next_pos: usize, value_pos: usize) {
        self.add_token(ty, next_pos, value_pos, next_pos);
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length>
    fn add_token_default(&mut self, ty: TokenType) {
        self.add_token_default_length(ty, self.next_index, self.index);
    }

    /// <https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error>
    fn error(
        &mut self,
        next_pos: usize,
        value_pos: usize,
        reason: &'static str,
    ) -> Result<(), Error> {
        if self.policy == Policy::Strict {
            return Err(Error::InvalidPatternChar {
                index: value_pos,
                reason,
            });
        }
        self.add_token_default_length(TokenType::InvalidChar, next_pos, value_pos);
        Ok(())
    }
}

/// <https://urlpattern.spec.whatwg.org/#tokenize>
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token<'_>>, Error> {
    let mut t = Tokenizer {
        input,
        policy,
        tokens: Vec::with_capacity(input.len() + 1),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let len = input.len();
    while t.index < len {
        t.seek_and_get_next_code_point(t.index);
        match t.code_point {
            '*' => {
                t.add_token_default(TokenType::Asterisk);
                continue;
            }
            '+' | '?' => {
                t.add_token_default(TokenType::OtherModifier);
                continue;
            }
            '\\' => {
                if t.next_index == len {
                    t.error(t.next_index, t.index, "a pattern cannot end with \"\\\"")?;
                    continue;
                }
                let escaped_index = t.next_index;
                t.get_next_code_point();
                t.add_token_default_length(TokenType::EscapedChar, t.next_index, escaped_index);
                continue;
            }
            '{' => {
                t.add_token_default(TokenType::Open);
                continue;
            }
            '}' => {
                t.add_token_default(TokenType::Close);
                continue;
            }
            ':' => {
                let mut name_position = t.next_index;
                let name_start = name_position;
                while name_position < len {
                    t.seek_and_get_next_code_point(name_position);
                    let first = name_position == name_start;
                    if !is_valid_name_code_point(t.code_point, first) {
                        break;
                    }
                    name_position = t.next_index;
                }
                if name_position <= name_start {
                    t.error(
                        name_start,
                        t.index,
                        "\":\" must be followed by a group name",
                    )?;
                    continue;
                }
                t.add_token_default_length(TokenType::Name, name_position, name_start);
                continue;
            }
            '(' => {
                regexp_token(&mut t)?;
                continue;
            }
            _ => t.add_token_default(TokenType::Char),
        }
    }
    t.add_token_default_length(TokenType::End, t.index, t.index);
    Ok(t.tokens)
}

/// The "(" branch of the tokenizer: a regexp group up to its matching ")".
///
/// <https://urlpattern.spec.whatwg.org/#tokenize>
fn regexp_token(t: &mut Tokenizer<'_>) -> Result<(), Error> {
    let len = t.input.len();
    let mut depth = 1usize;
    let mut regexp_position = t.next_index;
    let regexp_start = regexp_position;
    while regexp_position < len {
        t.seek_and_get_next_code_point(regexp_position);
        if !t.code_point.is_ascii() {
            return t.error(regexp_start, t.index, "a regexp group must be ASCII");
        }
        if regexp_position == regexp_start && t.code_point == '?' {
            return t.error(
                regexp_start,
                t.index,
                "a regexp group cannot start with \"?\"",
            );
        }
        if t.code_point == '\\' {
            if regexp_position == len - 1 {
                return t.error(
                    regexp_start,
                    t.index,
                    "a regexp group cannot end with \"\\\"",
                );
            }
            t.get_next_code_point();
            if !t.code_point.is_ascii() {
                return t.error(regexp_start, t.index, "a regexp group must be ASCII");
            }
            regexp_position = t.next_index;
            continue;
        }
        if t.code_point == ')' {
            depth -= 1;
            if depth == 0 {
                regexp_position = t.next_index;
                break;
            }
        } else if t.code_point == '(' {
            depth += 1;
            if regexp_position == len - 1 {
                return t.error(regexp_start, t.index, "unclosed group in a regexp group");
            }
            let temporary_position = t.next_index;
            t.get_next_code_point();
            if t.code_point != '?' {
                return t.error(
                    regexp_start,
                    t.index,
                    "a group inside a regexp group must start with \"(?\"",
                );
            }
            t.next_index = temporary_position;
        }
        regexp_position = t.next_index;
    }
    if depth != 0 {
        return t.error(regexp_start, t.index, "unclosed regexp group");
    }
    // The value excludes the closing ")": one byte, as it is ASCII.
    if regexp_position - regexp_start - 1 == 0 {
        return t.error(regexp_start, t.index, "empty regexp group");
    }
    let end = regexp_position - 1;
    t.add_token(TokenType::Regexp, regexp_position, regexp_start, end);
    Ok(())
}

/// <https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point>
pub(crate) fn is_valid_name_code_point(c: char, first: bool) -> bool {
    // ECMAScript IdentifierStartChar and IdentifierPartChar.
    if first {
        c == '$' || c == '_' || CodePointSetData::new::<IdStart>().contains(c)
    } else {
        c == '$'
            || c == '\u{200C}'
            || c == '\u{200D}'
            || CodePointSetData::new::<IdContinue>().contains(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(input: &str) -> Vec<TokenType> {
        tokenize(input, Policy::Strict)
            .unwrap()
            .iter()
            .map(|t| t.ty)
            .collect()
    }

    #[test]
    fn kinds() {
        use TokenType::*;
        assert_eq!(
            types("/:id(\\d+)?*"),
            [Char, Name, Regexp, OtherModifier, Asterisk, End]
        );
        assert_eq!(types("{a}\\:"), [Open, Char, Close, EscapedChar, End]);
        let tokens = tokenize(":café(a(?:b))", Policy::Strict).unwrap();
        assert_eq!(tokens[0].value, "café");
        assert_eq!(tokens[1].value, "a(?:b)");
    }

    #[test]
    fn errors() {
        for bad in ["\\", ":", "(", "()", "(?a)", "(a(b))", "(é)", "(a\\"] {
            assert!(tokenize(bad, Policy::Strict).is_err(), "{bad}");
            let lenient = tokenize(bad, Policy::Lenient).unwrap();
            assert!(
                lenient.iter().any(|t| t.ty == TokenType::InvalidChar),
                "{bad}"
            );
        }
    }
}
