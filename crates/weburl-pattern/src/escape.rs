//! Escaping fixed text for the two languages a pattern's parts are written
//! back into: the pattern syntax itself and ECMAScript regular expressions.

/// <https://urlpattern.spec.whatwg.org/#escape-a-pattern-string>
pub(crate) fn escape_pattern_string(out: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// <https://urlpattern.spec.whatwg.org/#escape-a-regexp-string>
pub(crate) fn escape_regexp_string(out: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}
