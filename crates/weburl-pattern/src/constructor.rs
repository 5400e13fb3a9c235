//! The constructor string parser: a pattern written as one URL-like string
//! split into component patterns.
//!
//! <https://urlpattern.spec.whatwg.org/#constructor-string-parsing>

use crate::canonicalize::Encoding;
use crate::component::protocol_component_matches_special_scheme;
use crate::component::CompiledComponent;
use crate::engine::RegexEngine;
use crate::error::Error;
use crate::init::UrlPatternInit;
use crate::parser::Options;
use crate::tokenizer::{tokenize, Policy, Token, TokenType};

/// <https://urlpattern.spec.whatwg.org/#constructor-string-parser-state>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

/// <https://urlpattern.spec.whatwg.org/#constructor-string-parser>
struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token<'a>>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_special_scheme: bool,
    state: State,
    /// Compiles the protocol component when it needs a regular expression.
    engine: Option<&'a dyn RegexEngine>,
}

/// <https://urlpattern.spec.whatwg.org/#parse-a-constructor-string>; `engine`
/// compiles the protocol component (see [`CompiledComponent::compile`]).
pub(crate) fn parse_constructor_string<'a>(
    input: &'a str,
    engine: Option<&'a dyn RegexEngine>,
) -> Result<UrlPatternInit, Error> {
    let mut p = Parser {
        input,
        tokens: tokenize(input, Policy::Lenient)?,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_special_scheme: false,
        state: State::Init,
        engine,
    };
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        if p.tokens[p.token_index].ty == TokenType::End {
            if p.state == State::Init {
                p.rewind();
                if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else {
                    p.change_state(State::Pathname, 0);
                }
                p.token_index += p.token_increment;
                continue;
            }
            if p.state == State::Authority {
                p.rewind_and_set_state(State::Hostname);
                p.token_index += p.token_increment;
                continue;
            }
            p.change_state(State::Done, 0);
            break;
        }
        if p.is_group_open() {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.is_group_close() {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.is_protocol_suffix() {
                    p.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if p.is_protocol_suffix() {
                    p.compute_protocol_matches_special_scheme()?;
                    let mut next_state = State::Pathname;
                    let mut skip = 1;
                    if p.next_is_authority_slashes() {
                        next_state = State::Authority;
                        skip = 3;
                    } else if p.protocol_matches_special_scheme {
                        next_state = State::Authority;
                    }
                    p.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if p.is_identity_terminator() {
                    p.rewind_and_set_state(State::Username);
                } else if p.is_pathname_start() || p.is_search_prefix() || p.is_hash_prefix() {
                    p.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if p.is_password_prefix() {
                    p.change_state(State::Password, 1);
                } else if p.is_identity_terminator() {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if p.is_identity_terminator() {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if p.is_ipv6_open() {
                    p.hostname_ipv6_bracket_depth += 1;
                } else if p.is_ipv6_close() {
                    p.hostname_ipv6_bracket_depth -= 1;
                } else if p.is_port_prefix() && p.hostname_ipv6_bracket_depth == 0 {
                    p.change_state(State::Port, 1);
                } else if p.is_pathname_start() {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if p.is_pathname_start() {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Hash | State::Done => {}
        }
        p.token_index += p.token_increment;
    }
    if p.result.hostname.is_some() && p.result.port.is_none() {
        p.result.port = Some(String::new());
    }
    Ok(p.result)
}

impl<'a> Parser<'a> {
    /// <https://urlpattern.spec.whatwg.org/#change-state>
    fn change_state(&mut self, new_state: State, skip: usize) {
        use State::*;
        let old = self.state;
        if !matches!(old, Init | Authority | Done) {
            let value = self.make_component_string();
            let slot = match old {
                Protocol => &mut self.result.protocol,
                Username => &mut self.result.username,
                Password => &mut self.result.password,
                Hostname => &mut self.result.hostname,
                Port => &mut self.result.port,
                Pathname => &mut self.result.pathname,
                Search => &mut self.result.search,
                _ => &mut self.result.hash,
            };
            *slot = Some(value);
        }
        if old != Init && new_state != Done {
            if matches!(old, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(
                old,
                Protocol | Authority | Username | Password | Hostname | Port
            ) && matches!(new_state, Search | Hash)
                && self.result.pathname.is_none()
            {
                let path = if self.protocol_matches_special_scheme {
                    "/"
                } else {
                    ""
                };
                self.result.pathname = Some(path.to_owned());
            }
            if matches!(
                old,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// <https://urlpattern.spec.whatwg.org/#rewind>
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// <https://urlpattern.spec.whatwg.org/#rewind-and-set-state>
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// <https://urlpattern.spec.whatwg.org/#get-a-safe-token>
    fn safe_token(&self, index: usize) -> &Token<'a> {
        // The list always ends with the "end" token.
        let last = self.tokens.len() - 1;
        &self.tokens[index.min(last)]
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char>
    fn is_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let token = self.safe_token(index);
        token.value == value
            && matches!(
                token.ty,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix>
    fn is_protocol_suffix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    /// <https://urlpattern.spec.whatwg.org/#next-is-authority-slashes>
    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_non_special_pattern_char(self.token_index + 2, "/")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-an-identity-terminator>
    fn is_identity_terminator(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "@")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-password-prefix>
    fn is_password_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-port-prefix>
    fn is_port_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-pathname-start>
    fn is_pathname_start(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "/")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-search-prefix>
    fn is_search_prefix(&self) -> bool {
        if self.is_non_special_pattern_char(self.token_index, "?") {
            return true;
        }
        if self.tokens[self.token_index].value != "?" {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous = self.safe_token(previous_index);
        !matches!(
            previous.ty,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-hash-prefix>
    fn is_hash_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "#")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-group-open>
    fn is_group_open(&self) -> bool {
        self.tokens[self.token_index].ty == TokenType::Open
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-group-close>
    fn is_group_close(&self) -> bool {
        self.tokens[self.token_index].ty == TokenType::Close
    }

    /// <https://urlpattern.spec.whatwg.org/#is-an-ipv6-open>
    fn is_ipv6_open(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "[")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-an-ipv6-close>
    fn is_ipv6_close(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "]")
    }

    /// <https://urlpattern.spec.whatwg.org/#make-a-component-string>
    fn make_component_string(&self) -> String {
        let end = self.tokens[self.token_index].index;
        let start = self.safe_token(self.component_start).index;
        self.input.get(start..end).unwrap_or("").to_owned()
    }

    /// <https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag>
    fn compute_protocol_matches_special_scheme(&mut self) -> Result<(), Error> {
        let protocol = self.make_component_string();
        let component = CompiledComponent::compile(
            &protocol,
            Encoding::Protocol,
            Options::DEFAULT,
            self.engine,
        )?;
        if protocol_component_matches_special_scheme(&component) {
            self.protocol_matches_special_scheme = true;
        }
        Ok(())
    }
}
