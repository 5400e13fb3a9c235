//! ECMAScript regular expressions (with the `v` flag) rewritten in the
//! syntax of `regex-syntax`, for a linear-time engine.
//!
//! The standard compiles each component with `RegExpCreate(source, "v")`
//! (<https://urlpattern.spec.whatwg.org/#compile-a-component>). This module
//! parses `source` by the grammar of ECMA-262 §22.2.1 with the `v` flag
//! (UnicodeSetsMode), rejects what that grammar rejects, refuses
//! backreferences and lookaround (a linear-time engine cannot give them),
//! and writes an equivalent pattern: every literal as `\x{…}`, the
//! ECMAScript meanings of `.`, `\d`, `\w`, `\s` spelled out, named groups as
//! plain capturing groups (so group numbers stay those of ECMAScript).
//!
//! The strings matched are canonicalized URL components, which are always
//! ASCII (the URL parser percent-encodes or punycodes everything else).
//! Every class is therefore intersected with ASCII: `[^/]` becomes
//! `[\x{0}-\x{7F}&&[^/]]`, which matches the same ASCII strings and
//! compiles to a small automaton instead of one for all of Unicode.

use std::fmt::Write;

use crate::error::UnsupportedFeature;

/// Why a source could not be translated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TranslateError {
    /// ECMAScript rejects it: a SyntaxError, with the reason.
    Syntax(String),
    /// Valid ECMAScript that needs a backtracking engine.
    Unsupported(UnsupportedFeature),
}

type Result<T> = std::result::Result<T, TranslateError>;

fn syntax<T>(reason: impl Into<String>) -> Result<T> {
    Err(TranslateError::Syntax(reason.into()))
}

/// Deeper nesting than this is refused, so recursion stays bounded.
const MAX_DEPTH: usize = 64;

/// `.`: every ASCII character but the line terminators.
const DOT: &str = r"[\x{0}-\x{9}\x{B}\x{C}\x{E}-\x{7F}]";
/// The start of a class intersected with ASCII; [`ASCII_CLOSE`] ends it.
const ASCII_OPEN: &str = r"[\x{0}-\x{7F}&&";
const ASCII_CLOSE: &str = "]";
/// The ECMAScript WhiteSpace and LineTerminator code points (`\s`).
const SPACE: &str = r"\x{9}-\x{D}\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
/// A class that matches nothing.
const NOTHING: &str = r"[^\x{0}-\x{10FFFF}]";

/// A translated pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Translation {
    /// The pattern for `regex-syntax`; its capturing groups are numbered as
    /// in the source.
    pub(crate) pattern: String,
    /// Capturing groups quantified by `?`, each with the groups it contains
    /// (itself included, inclusive). ECMAScript rejects an iteration of a
    /// quantified atom that matches the empty string (RepeatMatcher step
    /// 2.b), so such a group that matched "" is undefined there; the engine
    /// reports "" and the caller applies the rule.
    pub(crate) optional_groups: Vec<(usize, usize)>,
}

/// Translates `source`; returns the pattern for `regex-syntax`.
pub(crate) fn translate(source: &str) -> Result<Translation> {
    let mut t = Translator {
        chars: source.chars().collect(),
        pos: 0,
        out: String::with_capacity(source.len() * 2),
        depth: 0,
        names: Vec::new(),
        captures: 0,
        optional_groups: Vec::new(),
    };
    t.disjunction()?;
    if t.pos < t.chars.len() {
        // Only an unbalanced ")" stops a top-level disjunction early.
        return syntax("unmatched \")\"");
    }
    Ok(Translation {
        pattern: t.out,
        optional_groups: t.optional_groups,
    })
}

/// One literal code point, or a lone surrogate (which no string of
/// Unicode scalar values contains).
#[derive(Clone, Copy)]
enum Lit {
    Char(char),
    Surrogate(u32),
}

impl Lit {
    fn value(self) -> u32 {
        match self {
            Lit::Char(c) => c as u32,
            Lit::Surrogate(v) => v,
        }
    }
}

struct Translator {
    chars: Vec<char>,
    pos: usize,
    out: String,
    depth: usize,
    names: Vec<String>,
    /// Capturing groups opened so far.
    captures: usize,
    optional_groups: Vec<(usize, usize)>,
}

fn push_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || c == '_' {
        out.push(c);
    } else {
        let _ = write!(out, r"\x{{{:X}}}", c as u32);
    }
}

fn push_lit(out: &mut String, lit: Lit) {
    match lit {
        Lit::Char(c) => push_char(out, c),
        Lit::Surrogate(_) => out.push_str(NOTHING),
    }
}

/// A range of code points in a class, without the surrogates.
fn push_range(out: &mut String, lo: u32, hi: u32) {
    let lo = if (0xD800..=0xDFFF).contains(&lo) {
        0xE000
    } else {
        lo
    };
    let hi = if (0xD800..=0xDFFF).contains(&hi) {
        0xD7FF
    } else {
        hi
    };
    if lo > hi {
        return;
    }
    if lo < 0xD800 && hi > 0xDFFF {
        let _ = write!(out, r"\x{{{lo:X}}}-\x{{D7FF}}\x{{E000}}-\x{{{hi:X}}}");
    } else {
        let _ = write!(out, r"\x{{{lo:X}}}-\x{{{hi:X}}}");
    }
}

impl Translator {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn starts_with(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, c)| self.peek_at(i) == Some(c))
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return syntax("nested too deeply");
        }
        Ok(())
    }

    /// Disjunction :: Alternative ( `|` Alternative )*
    fn disjunction(&mut self) -> Result<()> {
        self.alternative()?;
        while self.eat('|') {
            self.out.push('|');
            self.alternative()?;
        }
        Ok(())
    }

    /// Alternative :: Term*
    fn alternative(&mut self) -> Result<()> {
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            self.term()?;
        }
        Ok(())
    }

    /// Term :: Assertion | Atom Quantifier?
    fn term(&mut self) -> Result<()> {
        let Some(c) = self.peek() else {
            return Ok(());
        };
        match c {
            '^' | '$' => {
                self.pos += 1;
                self.out.push(c);
                return self.no_quantifier();
            }
            '\\' if matches!(self.peek_at(1), Some('b' | 'B')) => {
                // ECMAScript word characters are ASCII (`\w`).
                self.out.push_str(if self.peek_at(1) == Some('b') {
                    r"(?-u:\b)"
                } else {
                    r"\B"
                });
                self.pos += 2;
                return self.no_quantifier();
            }
            '(' => {
                if self.starts_with("(?=") || self.starts_with("(?!") {
                    return Err(TranslateError::Unsupported(UnsupportedFeature::Lookahead));
                }
                if self.starts_with("(?<=") || self.starts_with("(?<!") {
                    return Err(TranslateError::Unsupported(UnsupportedFeature::Lookbehind));
                }
                let capturing = self.peek_at(1) != Some('?') || self.peek_at(2) == Some('<');
                let first = self.captures + 1;
                self.group()?;
                if capturing && matches!(self.peek(), Some('?')) {
                    self.optional_groups.push((first, self.captures));
                }
            }
            '.' => {
                self.pos += 1;
                self.out.push_str(DOT);
            }
            '[' => {
                self.pos += 1;
                self.enter()?;
                self.out.push_str(ASCII_OPEN);
                self.class(true)?;
                self.out.push_str(ASCII_CLOSE);
                self.depth -= 1;
            }
            '\\' => {
                self.pos += 1;
                self.atom_escape()?;
            }
            '*' | '+' | '?' | '{' => return syntax(format!("nothing to repeat before {c:?}")),
            ']' | '}' => return syntax(format!("lone {c:?}")),
            _ => {
                self.pos += 1;
                push_char(&mut self.out, c);
            }
        }
        self.quantifier()
    }

    fn no_quantifier(&mut self) -> Result<()> {
        match self.peek() {
            Some(c @ ('*' | '+' | '?' | '{')) => syntax(format!("nothing to repeat before {c:?}")),
            _ => Ok(()),
        }
    }

    /// `(` … `)`, `(?:` … `)`, `(?<name>` … `)` and `(?flags:` … `)`.
    fn group(&mut self) -> Result<()> {
        self.enter()?;
        self.pos += 1;
        if self.eat('?') {
            match self.peek() {
                Some(':') => {
                    self.pos += 1;
                    self.out.push_str("(?:");
                }
                Some('<') => {
                    self.pos += 1;
                    self.group_name()?;
                    self.captures += 1;
                    self.out.push('(');
                }
                Some('i' | 'm' | 's' | '-') => self.modifiers()?,
                _ => return syntax("invalid group"),
            }
        } else {
            self.captures += 1;
            self.out.push('(');
        }
        self.disjunction()?;
        if !self.eat(')') {
            return syntax("unterminated group");
        }
        self.out.push(')');
        self.depth -= 1;
        Ok(())
    }

    /// GroupName :: `<` RegExpIdentifierName `>`, after the `<`.
    fn group_name(&mut self) -> Result<()> {
        let mut name = String::new();
        loop {
            let Some(c) = self.peek() else {
                return syntax("unterminated group name");
            };
            self.pos += 1;
            if c == '>' {
                break;
            }
            let c = if c == '\\' {
                if !self.eat('u') {
                    return syntax("invalid escape in a group name");
                }
                match self.unicode_escape()? {
                    Lit::Char(c) => c,
                    Lit::Surrogate(_) => return syntax("invalid group name"),
                }
            } else {
                c
            };
            if !crate::tokenizer::is_valid_name_code_point(c, name.is_empty()) {
                return syntax("invalid group name");
            }
            name.push(c);
        }
        if name.is_empty() {
            return syntax("empty group name");
        }
        if self.names.contains(&name) {
            return syntax(format!("duplicate group name {name:?}"));
        }
        self.names.push(name);
        Ok(())
    }

    /// `(?ims-ims:` …: the `i` modifier maps to the engine's; `m` and `s`
    /// change what `^`, `$` and `.` mean, which this translation does not
    /// track, so they are refused with a reason.
    fn modifiers(&mut self) -> Result<()> {
        let mut on = String::new();
        let mut off = String::new();
        let mut negative = false;
        loop {
            match self.peek() {
                Some(':') => {
                    self.pos += 1;
                    break;
                }
                Some('-') if !negative => {
                    negative = true;
                    self.pos += 1;
                }
                Some(c @ ('i' | 'm' | 's')) => {
                    self.pos += 1;
                    if on.contains(c) || off.contains(c) {
                        return syntax("repeated modifier");
                    }
                    if negative { &mut off } else { &mut on }.push(c);
                }
                _ => return syntax("invalid group"),
            }
        }
        if on.is_empty() && off.is_empty() {
            return syntax("invalid group");
        }
        if on.contains(['m', 's']) || off.contains(['m', 's']) {
            return syntax("the m and s modifiers are not supported");
        }
        self.out.push_str("(?");
        self.out.push_str(&on);
        if !off.is_empty() {
            self.out.push('-');
            self.out.push_str(&off);
        }
        self.out.push(':');
        Ok(())
    }

    /// Quantifier :: QuantifierPrefix `?`?
    fn quantifier(&mut self) -> Result<()> {
        match self.peek() {
            Some(c @ ('*' | '+' | '?')) => {
                self.pos += 1;
                self.out.push(c);
            }
            Some('{') => {
                self.pos += 1;
                let min = self
                    .digits()?
                    .ok_or_else(|| TranslateError::Syntax("incomplete quantifier".into()))?;
                let max = if self.eat(',') {
                    self.digits()?
                } else {
                    Some(min)
                };
                if !self.eat('}') {
                    return syntax("incomplete quantifier");
                }
                match max {
                    Some(max) if max < min => {
                        return syntax("numbers out of order in a quantifier");
                    }
                    Some(max) => {
                        let _ = write!(self.out, "{{{min},{max}}}");
                    }
                    None => {
                        let _ = write!(self.out, "{{{min},}}");
                    }
                }
            }
            _ => return Ok(()),
        }
        if self.eat('?') {
            self.out.push('?');
        }
        Ok(())
    }

    /// DecimalDigits, or `None` when there are none. Counts beyond what the
    /// engine can compile are refused here rather than wrapped.
    fn digits(&mut self) -> Result<Option<u32>> {
        let start = self.pos;
        let mut value: u32 = 0;
        let mut overflow = false;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.pos += 1;
            match value.checked_mul(10).and_then(|v| v.checked_add(d)) {
                Some(v) => value = v,
                None => overflow = true,
            }
        }
        if self.pos == start {
            return Ok(None);
        }
        if overflow {
            return syntax("quantifier count too large");
        }
        Ok(Some(value))
    }

    /// AtomEscape, after the `\`.
    fn atom_escape(&mut self) -> Result<()> {
        let Some(c) = self.peek() else {
            return syntax("\\ at end of pattern");
        };
        match c {
            '1'..='9' | 'k' => Err(TranslateError::Unsupported(
                UnsupportedFeature::Backreference,
            )),
            'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'p' | 'P' => {
                let mut class = String::new();
                self.class_escape(&mut class)?;
                self.out.push_str(ASCII_OPEN);
                self.out.push_str(&class);
                self.out.push_str(ASCII_CLOSE);
                Ok(())
            }
            _ => {
                let lit = self.character_escape(false)?;
                push_lit(&mut self.out, lit);
                Ok(())
            }
        }
    }

    /// CharacterClassEscape (`\d`, `\p{…}`, …) after the `\`, as a class.
    fn class_escape(&mut self, out: &mut String) -> Result<()> {
        let Some(c) = self.peek() else {
            return syntax("\\ at end of pattern");
        };
        self.pos += 1;
        match c {
            'd' => out.push_str("[0-9]"),
            'D' => out.push_str("[^0-9]"),
            'w' => out.push_str("[0-9A-Za-z_]"),
            'W' => out.push_str("[^0-9A-Za-z_]"),
            's' => {
                let _ = write!(out, "[{SPACE}]");
            }
            'S' => {
                let _ = write!(out, "[^{SPACE}]");
            }
            'p' | 'P' => {
                if !self.eat('{') {
                    return syntax("invalid property name");
                }
                let start = self.pos;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=')
                {
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().collect();
                if !self.eat('}') || name.is_empty() || name.matches('=').count() > 1 {
                    return syntax("invalid property name");
                }
                let _ = write!(out, "\\{c}{{{name}}}");
            }
            _ => return syntax("invalid class escape"),
        }
        Ok(())
    }

    /// CharacterEscape after the `\` (and, in a class, `\-` and the
    /// ClassSetReservedPunctuator escapes).
    fn character_escape(&mut self, in_class: bool) -> Result<Lit> {
        let Some(c) = self.peek() else {
            return syntax("\\ at end of pattern");
        };
        self.pos += 1;
        let lit = match c {
            'f' => '\u{C}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\u{B}',
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    char::from((l as u8) % 32)
                }
                _ => return syntax("invalid \\c escape"),
            },
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => '\0',
            'x' => {
                let v = self
                    .hex(2)
                    .ok_or_else(|| TranslateError::Syntax("invalid \\x escape".into()))?;
                char::from_u32(v).unwrap_or('\0')
            }
            'u' => return self.unicode_escape(),
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => c,
            '-' if in_class => c,
            '&' | '!' | '#' | '%' | ',' | ':' | ';' | '<' | '=' | '>' | '@' | '`' | '~'
                if in_class =>
            {
                c
            }
            _ => return syntax(format!("invalid escape \\{c}")),
        };
        Ok(Lit::Char(lit))
    }

    /// RegExpUnicodeEscapeSequence after the `\u`.
    fn unicode_escape(&mut self) -> Result<Lit> {
        if self.eat('{') {
            let start = self.pos;
            let mut value: u32 = 0;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                self.pos += 1;
                value = value.saturating_mul(16).saturating_add(d);
            }
            if self.pos == start || !self.eat('}') || value > 0x10FFFF {
                return syntax("invalid \\u{…} escape");
            }
            return Ok(char::from_u32(value).map_or(Lit::Surrogate(value), Lit::Char));
        }
        let v = self
            .hex(4)
            .ok_or_else(|| TranslateError::Syntax("invalid \\u escape".into()))?;
        if (0xD800..0xDC00).contains(&v) && self.starts_with("\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex(4) {
                Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                    let c = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
                    return Ok(char::from_u32(c).map_or(Lit::Surrogate(c), Lit::Char));
                }
                _ => self.pos = save,
            }
        }
        Ok(char::from_u32(v).map_or(Lit::Surrogate(v), Lit::Char))
    }

    fn hex(&mut self, n: usize) -> Option<u32> {
        let mut v = 0;
        for i in 0..n {
            v = v * 16 + self.peek_at(i)?.to_digit(16)?;
        }
        self.pos += n;
        Some(v)
    }

    /// CharacterClass with the `v` flag, after the `[`; writes a class
    /// (nested classes, `&&` and `--` keep their meaning in `regex-syntax`).
    fn class(&mut self, top: bool) -> Result<()> {
        let negated = self.eat('^');
        let mut body = String::new();
        if self.eat(']') {
            // `[]` matches nothing and `[^]` anything.
            self.out.push_str(if negated {
                r"[\x{0}-\x{10FFFF}]"
            } else {
                NOTHING
            });
            return Ok(());
        }
        let first = self.class_item(&mut body, true)?;
        enum Op {
            Union,
            Intersection,
            Subtraction,
        }
        let op = if self.starts_with("&&") {
            Op::Intersection
        } else if self.starts_with("--") {
            Op::Subtraction
        } else {
            Op::Union
        };
        match op {
            Op::Union => loop {
                if self.eat(']') {
                    break;
                }
                if self.peek().is_none() {
                    return syntax("unterminated character class");
                }
                if self.starts_with("&&") || self.starts_with("--") {
                    return syntax("invalid set operation in a character class");
                }
                self.class_item(&mut body, true)?;
            },
            Op::Intersection | Op::Subtraction => {
                let (token, rust) = if matches!(op, Op::Intersection) {
                    ("&&", "&&")
                } else {
                    ("--", "--")
                };
                if first == ItemKind::Range {
                    return syntax("a range cannot be a set operand");
                }
                let mut operands = vec![std::mem::take(&mut body)];
                while self.starts_with(token) {
                    self.pos += 2;
                    if token == "&&" && self.peek() == Some('&') {
                        return syntax("invalid set operation in a character class");
                    }
                    let mut operand = String::new();
                    if self.class_item(&mut operand, false)? == ItemKind::Range {
                        return syntax("a range cannot be a set operand");
                    }
                    operands.push(operand);
                }
                if !self.eat(']') {
                    return syntax("invalid set operation in a character class");
                }
                for (i, operand) in operands.iter().enumerate() {
                    if i > 0 {
                        body.push_str(rust);
                    }
                    body.push('[');
                    body.push_str(if operand.is_empty() {
                        &NOTHING[1..NOTHING.len() - 1]
                    } else {
                        operand
                    });
                    body.push(']');
                }
            }
        }
        let _ = top;
        if body.is_empty() {
            self.out.push_str(if negated {
                r"[\x{0}-\x{10FFFF}]"
            } else {
                NOTHING
            });
            return Ok(());
        }
        self.out.push('[');
        if negated {
            self.out.push('^');
        }
        self.out.push_str(&body);
        self.out.push(']');
        Ok(())
    }

    /// One ClassSetOperand, or a ClassSetRange when `ranges` allows it.
    fn class_item(&mut self, out: &mut String, ranges: bool) -> Result<ItemKind> {
        let Some(c) = self.peek() else {
            return syntax("unterminated character class");
        };
        match c {
            '[' => {
                self.pos += 1;
                self.enter()?;
                let saved = std::mem::take(&mut self.out);
                let result = self.class(false);
                let nested = std::mem::replace(&mut self.out, saved);
                result?;
                self.depth -= 1;
                out.push_str(&nested);
                return Ok(ItemKind::Operand);
            }
            '\\' if matches!(
                self.peek_at(1),
                Some('d' | 'D' | 'w' | 'W' | 's' | 'S' | 'p' | 'P')
            ) =>
            {
                self.pos += 1;
                self.class_escape(out)?;
                return Ok(ItemKind::Operand);
            }
            '\\' if self.peek_at(1) == Some('q') && self.peek_at(2) == Some('{') => {
                self.pos += 3;
                return self.class_strings(out);
            }
            _ => {}
        }
        let lo = self.class_set_character()?;
        if ranges && self.peek() == Some('-') && self.peek_at(1) != Some('-') {
            self.pos += 1;
            if self.peek() == Some(']') {
                return syntax("\"-\" must be escaped in a character class");
            }
            let hi = self.class_set_character()?;
            if lo.value() > hi.value() {
                return syntax("range out of order in a character class");
            }
            push_range(out, lo.value(), hi.value());
            return Ok(ItemKind::Range);
        }
        if let Lit::Char(c) = lo {
            push_char(out, c);
        }
        Ok(ItemKind::Operand)
    }

    /// ClassSetCharacter.
    fn class_set_character(&mut self) -> Result<Lit> {
        let Some(c) = self.peek() else {
            return syntax("unterminated character class");
        };
        if c == '\\' {
            self.pos += 1;
            if self.eat('b') {
                return Ok(Lit::Char('\u{8}'));
            }
            return self.character_escape(true);
        }
        if matches!(c, '(' | ')' | '[' | ']' | '{' | '}' | '/' | '-' | '|') {
            return syntax(format!("{c:?} must be escaped in a character class"));
        }
        const DOUBLE: &str = "&!#$%*+,.:;<=>?@^`~";
        if DOUBLE.contains(c) && self.peek_at(1) == Some(c) {
            return syntax(format!("\"{c}{c}\" is reserved in a character class"));
        }
        self.pos += 1;
        Ok(Lit::Char(c))
    }

    /// ClassStringDisjunction after `\q{`: only one-character strings fit a
    /// class of the engine.
    fn class_strings(&mut self, out: &mut String) -> Result<ItemKind> {
        let mut len = 0usize;
        let mut lits = Vec::new();
        loop {
            match self.peek() {
                None => return syntax("unterminated \\q{…}"),
                Some('}') | Some('|') => {
                    if len != 1 {
                        return Err(TranslateError::Unsupported(
                            UnsupportedFeature::ClassStrings,
                        ));
                    }
                    len = 0;
                    self.pos += 1;
                    if self.chars[self.pos - 1] == '}' {
                        break;
                    }
                }
                Some(_) => {
                    lits.push(self.class_set_character()?);
                    len += 1;
                }
            }
        }
        for lit in lits {
            if let Lit::Char(c) = lit {
                push_char(out, c);
            }
        }
        Ok(ItemKind::Operand)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ItemKind {
    Operand,
    Range,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(source: &str) -> String {
        translate(source)
            .unwrap_or_else(|e| panic!("{source}: {e:?}"))
            .pattern
    }

    #[test]
    fn valid() {
        assert_eq!(ok(r"^\/foo(bar)?$"), r"^\x{2F}foo(bar)?$");
        assert_eq!(ok(r"[^\/]+?"), r"[\x{0}-\x{7F}&&[^\x{2F}]]+?");
        assert_eq!(ok(r"(?<x>a)"), "(a)");
        ok(r"[[a-z]--a]");
        ok(r"[\d&&[0-1]]");
        ok(r"a{2,3}?b{2,}c{4}");
        ok(r"\u{1F345}\uD83C\uDF45\x41\cJ\0");
    }

    #[test]
    fn optional_groups() {
        let t = translate("^(a)(.*)?(?:(b)((?<x>c)))?((d))?$").unwrap();
        assert_eq!(t.optional_groups, [(2, 2), (6, 7)]);
    }

    #[test]
    fn invalid() {
        for bad in [
            "(?R)",
            r"\H",
            r"\m",
            "a{",
            "}",
            "]",
            "*",
            "[a-z&&b]",
            "[(]",
            "[a--]",
            "a{3,2}",
            "[&&a]",
            "(?<a>x)(?<a>y)",
            "[a-]",
            "(?:",
            "[a&&&b]",
        ] {
            assert!(
                matches!(translate(bad), Err(TranslateError::Syntax(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn unsupported() {
        use UnsupportedFeature::*;
        for (source, feature) in [
            (r"(a)\1", Backreference),
            (r"(?<n>a)\k<n>", Backreference),
            ("a(?=b)", Lookahead),
            ("a(?!b)", Lookahead),
            ("(?<=a)b", Lookbehind),
            ("(?<!a)b", Lookbehind),
            (r"[\q{ab}]", ClassStrings),
        ] {
            assert_eq!(
                translate(source),
                Err(TranslateError::Unsupported(feature)),
                "{source}"
            );
        }
    }
}
