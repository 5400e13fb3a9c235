//! The URL API's setters, with the JavaScript URL object's semantics.
//!
//! <https://url.spec.whatwg.org/#urlutils-members>
//!
//! Each setter runs the part of the basic URL parser that its state
//! override selects, on the new value only, then reassembles the URL from
//! its components with the new one in place. A value the standard would
//! ignore leaves the URL unchanged and returns the reason.

use std::fmt::Write;

use crate::code_points::is_scheme_byte;
use crate::error::{ParseError, SetterError};
use crate::form_urlencoded;
use crate::host::{self, HostKind};
use crate::offsets::Offsets;
use crate::parser::{
    byte_class, canonical_path_end, parse_path, parse_port, remove_tab_and_newline,
    split_host_and_port, PathContext, DEFAULT_MAX_LEN,
};
use crate::parts::UrlParts;
use crate::percent_encoding::{encode_into, encoded_len, EncodeSet};
use crate::scheme::SchemeKind;
use crate::search_params::UrlSearchParams;
use crate::url::Url;

/// Which offsets an in-place splice moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Moved {
    /// Path start, query and fragment (after a host or port change).
    PathOnwards,
    /// Query and fragment (after a path change).
    QueryOnwards,
    /// The fragment (after a query change).
    FragmentOnly,
}

impl Url {
    /// The URL serialized from `parts`, which the setters keep canonical,
    /// with a host of `kind`.
    fn assemble(parts: &UrlParts<&str>, kind: HostKind) -> Result<Url, ParseError> {
        let url = parts.assemble(kind)?;
        url.debug_check();
        Ok(url)
    }

    /// Replaces `start..end` of the serialization with `text` in place and
    /// moves the offsets of the components that follow: those from
    /// `first_moved` on (path start, query, fragment, in that order). The
    /// caller sets the offsets inside the range.
    fn splice(
        &mut self,
        start: usize,
        end: usize,
        text: &str,
        first_moved: Moved,
    ) -> Result<(), ParseError> {
        self.write_over(start, end, "", text)?;
        // Offsets fit in u32 once the length does; `wrapping` keeps the
        // arithmetic in u32 for a shrinking splice.
        let delta = (text.len() as u32).wrapping_sub((end - start) as u32);
        let shift = |offset: &mut u32| {
            if *offset != Offsets::NONE {
                *offset = offset.wrapping_add(delta);
            }
        };
        let o = &mut self.offsets;
        if first_moved == Moved::PathOnwards {
            shift(&mut o.path_start);
        }
        if first_moved != Moved::FragmentOnly {
            shift(&mut o.query_start);
        }
        shift(&mut o.fragment_start);
        Ok(())
    }

    /// Writes `lead` then `text` over `start..end` of the serialization;
    /// the offsets are the caller's. A buffer too small is replaced by one
    /// of the final size (growing it would copy all of it, then move what
    /// follows the range again); a range at the end is cut off and appended
    /// to; any other is replaced in place.
    ///
    /// Natively it is inlined into its two callers, where `lead` is a
    /// constant (called, it costs `set_search` up to 57 more instructions a
    /// URL); in WebAssembly it stays one function, 227 bytes smaller
    /// gzipped, since a wasm setter's cost is the href's parse before it.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    fn write_over(
        &mut self,
        start: usize,
        end: usize,
        lead: &str,
        text: &str,
    ) -> Result<(), ParseError> {
        let len = self.serialization.len();
        let new_len = len - (end - start) + lead.len() + text.len();
        if new_len > DEFAULT_MAX_LEN {
            return Err(ParseError::TooLong);
        }
        let s = &mut self.serialization;
        if new_len > s.capacity() {
            let mut grown = String::with_capacity(new_len);
            grown.push_str(&s[..start]);
            grown.push_str(lead);
            grown.push_str(text);
            grown.push_str(&s[end..]);
            *s = grown;
        } else if end == len {
            s.truncate(start);
            s.push_str(lead);
            s.push_str(text);
        } else if lead.is_empty() {
            s.replace_range(start..end, text);
        } else {
            s.replace_range(start..end, lead);
            s.insert_str(start + lead.len(), text);
        }
        Ok(())
    }

    /// <https://url.spec.whatwg.org/#cannot-have-a-username-password-port>
    fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.offsets.host, HostKind::None | HostKind::Empty)
            || self.typed_scheme() == SchemeKind::File
    }

    /// Parses `value` as a whole URL and replaces this one.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-href>
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// Sets the scheme. The value may end with ":" and anything after it
    /// is ignored; special and non-special schemes cannot be swapped.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-protocol>
    ///
    /// ```
    /// use weburl::Url;
    /// let mut url = Url::parse("http://example.com:443/")?;
    /// url.set_protocol("https").unwrap();
    /// assert_eq!(url.href(), "https://example.com/");
    /// assert!(url.set_protocol("mailto").is_err());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        let value = remove_tab_and_newline(value);
        let bytes = value.as_bytes();
        // The scheme start and scheme states on `value` followed by ":".
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return Err(SetterError::InvalidScheme);
        }
        let len = bytes
            .iter()
            .position(|&b| !is_scheme_byte(b))
            .unwrap_or(bytes.len());
        if len < bytes.len() && bytes[len] != b':' {
            return Err(SetterError::InvalidScheme);
        }
        let scheme = value[..len].to_ascii_lowercase();
        let kind = SchemeKind::from_lowercase(scheme.as_bytes());
        let current = self.typed_scheme();
        if current.is_special() != kind.is_special()
            || ((self.includes_credentials() || self.typed_port().is_some())
                && kind == SchemeKind::File)
            || (current == SchemeKind::File && self.offsets.host == HostKind::Empty)
        {
            return Err(SetterError::SchemeChangeNotAllowed);
        }
        let mut parts = self.parts();
        parts.scheme = &scheme;
        let port = self.typed_port();
        if port.is_some() && port == kind.default_port() {
            parts.port = None;
        }
        *self = Url::assemble(&parts, self.offsets.host)?;
        Ok(())
    }

    /// Sets the username, percent-encoding it.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-username>
    pub fn set_username(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let mut username = String::with_capacity(value.len());
        encode_into(&mut username, value, EncodeSet::USERINFO);
        let mut parts = self.parts();
        parts.username = &username;
        *self = Url::assemble(&parts, self.offsets.host)?;
        Ok(())
    }

    /// Sets the password, percent-encoding it.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-password>
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let mut password = String::with_capacity(value.len());
        encode_into(&mut password, value, EncodeSet::USERINFO);
        let mut parts = self.parts();
        parts.password = &password;
        *self = Url::assemble(&parts, self.offsets.host)?;
        Ok(())
    }

    /// Sets the host and, when the value has one, the port.
    ///
    /// As in browsers, what follows the port's digits is ignored, and so is
    /// a port that is empty or out of range: `"example.com:8080x"` sets host
    /// and port 8080, `"example.com:x"` sets only the host. Such a partial
    /// use of the value is `Ok`: `Err` always means the URL is unchanged.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-host>
    pub fn set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_and_maybe_port(value, true)
    }

    /// Sets the host; a value with a port is ignored.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_and_maybe_port(value, false)
    }

    /// The host state (and port state) with a state override.
    ///
    /// <https://url.spec.whatwg.org/#host-state>
    fn set_host_and_maybe_port(&mut self, value: &str, with_port: bool) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let value = remove_tab_and_newline(value);
        let special = self.is_special();
        let end = value
            .bytes()
            .position(|b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
            .unwrap_or(value.len());
        let mut host = String::new();

        if self.typed_scheme() == SchemeKind::File {
            // <https://url.spec.whatwg.org/#file-host-state>: no port here.
            let buffer = &value[..end];
            let kind = if buffer.is_empty() {
                HostKind::Empty
            } else {
                let kind = host::parse_into(buffer, false, &mut host, None)?;
                if host == "localhost" {
                    host.clear();
                    HostKind::Empty
                } else {
                    kind
                }
            };
            self.replace_host(kind, &host, None)?;
            return Ok(());
        }

        let (buffer, port) = split_host_and_port(&value[..end]);
        let port = match port {
            Some(_) if buffer.is_empty() => return Err(ParseError::HostMissing.into()),
            Some(_) if !with_port => return Err(SetterError::UnexpectedPort),
            Some(port) => Some(port),
            None => None,
        };
        let kind = if buffer.is_empty() {
            if special {
                return Err(ParseError::HostMissing.into());
            }
            if self.includes_credentials() || self.typed_port().is_some() {
                return Err(SetterError::EmptyHost);
            }
            HostKind::Empty
        } else {
            host::parse_into(buffer, !special, &mut host, None)?
        };
        // The port state with a state override: digits up to the first
        // non-digit. No digits at all, or a number out of range, leave the
        // port as it is; the host is set all the same, as in browsers.
        let mut new_port = None;
        if let Some(port) = port {
            let digits = port.bytes().take_while(u8::is_ascii_digit).count();
            if let Ok(Some(port)) = parse_port(&port.as_bytes()[..digits]) {
                new_port = Some((Some(port) != self.typed_scheme().default_port()).then_some(port));
            }
        }
        self.replace_host(kind, &host, new_port)?;
        Ok(())
    }

    /// Sets the host to `host` (already serialized) and, when `port` is
    /// given, the port to it (`Some(None)` removes it). In place when the URL
    /// has a host already; otherwise "//" has to appear, and any "/." before
    /// the path goes.
    fn replace_host(
        &mut self,
        kind: HostKind,
        host: &str,
        port: Option<Option<u16>>,
    ) -> Result<(), ParseError> {
        let kind = if host.is_empty() {
            HostKind::Empty
        } else {
            kind
        };
        if !self.has_host() {
            let digits = port.map(|port| port.map(|p| p.to_string()));
            let mut parts = self.parts();
            parts.host = Some(host);
            if let Some(digits) = &digits {
                parts.port = digits.as_deref();
            }
            *self = Url::assemble(&parts, kind)?;
            return Ok(());
        }
        let (start, end) = (
            self.offsets.host_start as usize,
            self.offsets.path_start as usize,
        );
        let port = port.unwrap_or(self.typed_port());
        let mut text = String::with_capacity(host.len() + 6);
        text.push_str(host);
        if let Some(port) = port {
            let _ = write!(text, ":{port}");
        }
        self.splice(start, end, &text, Moved::PathOnwards)?;
        self.offsets.host_end = (start + host.len()) as u32;
        self.offsets.host = kind;
        self.debug_check();
        Ok(())
    }

    /// Sets the port; `""` removes it.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-port>
    pub fn set_port(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let port = if value.is_empty() {
            None
        } else {
            let value = remove_tab_and_newline(value);
            let digits = value.bytes().take_while(u8::is_ascii_digit).count();
            match parse_port(&value.as_bytes()[..digits])? {
                None => return Err(ParseError::PortInvalid.into()),
                Some(port) if Some(port) == self.typed_scheme().default_port() => None,
                Some(port) => Some(port),
            }
        };
        let digits = port.map(|p| p.to_string());
        let mut parts = self.parts();
        parts.port = digits.as_deref();
        *self = Url::assemble(&parts, self.offsets.host)?;
        Ok(())
    }

    /// Sets the path; ignored for a URL with an opaque path.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-pathname>
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let value = remove_tab_and_newline(value);
        let special = self.is_special();
        let file = self.typed_scheme() == SchemeKind::File;
        if self.has_host()
            && value.starts_with('/')
            && canonical_path_end(value.as_bytes(), 0, file) == Some(value.len())
        {
            // Already a serialized path: nothing to encode or remove.
            let (start, end) = (self.offsets.path_start as usize, self.path_end());
            self.splice(start, end, &value, Moved::QueryOnwards)?;
            self.debug_check();
            return Ok(());
        }
        let mut path = String::with_capacity(value.len() + 1);
        // The path start state with a state override.
        let first = value.as_bytes().first().copied();
        let starts_with_slash = first == Some(b'/') || (special && first == Some(b'\\'));
        if special || first.is_some() {
            let cx = PathContext {
                special,
                file,
                state_override: true,
            };
            let pos = usize::from(starts_with_slash);
            parse_path(&mut path, 0, &value, pos, cx);
        } else if !self.has_host() {
            // An empty value on a host-less URL still gives the path [""].
            path.push('/');
        }
        if self.has_host() {
            // No "/." to add or drop: replace the path where it is.
            let (start, end) = (self.offsets.path_start as usize, self.path_end());
            self.splice(start, end, &path, Moved::QueryOnwards)?;
            self.debug_check();
            return Ok(());
        }
        let mut parts = self.parts();
        parts.path = &path;
        *self = Url::assemble(&parts, self.offsets.host)?;
        Ok(())
    }

    /// Sets the query; `""` removes it, a leading "?" is skipped.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-search>
    pub fn set_search(&mut self, value: &str) -> Result<(), SetterError> {
        let set = if self.is_special() {
            EncodeSet::SPECIAL_QUERY
        } else {
            EncodeSet::QUERY
        };
        let body = value.strip_prefix('?').unwrap_or(value);
        // A value that is already a serialized query (no byte to encode,
        // which covers tabs, newlines and non-ASCII) is written in place,
        // without a buffer: the common case of code that builds queries.
        // The byte class is the special-query set's complement; only "'"
        // separates it from the other query set.
        if !value.is_empty()
            && (byte_class::all_of_class(body.as_bytes(), byte_class::QUERY)
                || (set == EncodeSet::QUERY && !body.bytes().any(|b| set.contains(b))))
        {
            self.replace_query(body)?;
            self.debug_check();
            return Ok(());
        }
        let query = if value.is_empty() {
            None
        } else {
            let value = remove_tab_and_newline(body);
            let mut query = String::with_capacity(value.len() + 1);
            query.push('?');
            encode_into(&mut query, &value, set);
            Some(query)
        };
        let (start, end) = (
            self.path_end(),
            self.offsets.query_end_in(self.serialization.len()),
        );
        self.splice(
            start,
            end,
            query.as_deref().unwrap_or(""),
            Moved::FragmentOnly,
        )?;
        self.offsets.query_start = if query.is_some() {
            start as u32
        } else {
            Offsets::NONE
        };
        self.debug_check();
        Ok(())
    }

    /// Makes the query "?" followed by `body`, which is already serialized.
    fn replace_query(&mut self, body: &str) -> Result<(), ParseError> {
        let len = self.serialization.len();
        let (start, end) = (self.path_end(), self.offsets.query_end_in(len));
        self.write_over(start, end, "?", body)?;
        self.offsets.query_start = start as u32;
        if self.offsets.fragment_start != Offsets::NONE {
            // Fits in u32: write_over checked the length.
            self.offsets.fragment_start = (start + 1 + body.len()) as u32;
        }
        Ok(())
    }

    /// Sets the fragment; `""` removes it, a leading "#" is skipped.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hash>
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        let fragment = if value.is_empty() {
            None
        } else {
            let value = value.strip_prefix('#').unwrap_or(value);
            Some(remove_tab_and_newline(value))
        };
        // The fragment is last: cut the old one off and write the new one.
        let start = self.offsets.query_end_in(self.serialization.len());
        if let Some(fragment) = &fragment {
            if start + 1 + encoded_len(fragment.as_bytes(), EncodeSet::FRAGMENT) > DEFAULT_MAX_LEN {
                return Err(ParseError::TooLong.into());
            }
        }
        self.serialization.truncate(start);
        self.offsets.fragment_start = Offsets::NONE;
        if let Some(fragment) = fragment {
            self.offsets.fragment_start = start as u32;
            self.serialization.push('#');
            encode_into(&mut self.serialization, &fragment, EncodeSet::FRAGMENT);
        }
        self.debug_check();
        Ok(())
    }

    /// The query as name-value pairs, as the `searchParams` attribute gives
    /// them (<https://url.spec.whatwg.org/#dom-url-searchparams>).
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://example.com/?a=1&b=x+y")?;
    /// assert_eq!(url.search_params().get("b"), Some("x y"));
    /// // The query is taken as it is: here the first name is "?a".
    /// let url = Url::parse("https://example.com/??a=1")?;
    /// assert_eq!(url.search_params().get("?a"), Some("1"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn search_params(&self) -> UrlSearchParams {
        // The URL object initializes its query object with the query as it
        // is: unlike the constructor, it does not strip a leading "?".
        let pairs = form_urlencoded::parse(self.query().unwrap_or("").as_bytes());
        UrlSearchParams::from_pairs(pairs)
    }

    /// Writes `params` back as the query, with the `URLSearchParams` update
    /// steps: the serialization becomes the query, and an empty list removes
    /// the query (<https://url.spec.whatwg.org/#concept-urlsearchparams-update>).
    ///
    /// ```
    /// use weburl::Url;
    /// let mut url = Url::parse("https://example.com/p?utm_source=x&id=7#top")?;
    /// let mut params = url.search_params();
    /// params.delete("utm_source", None);
    /// url.set_search_params(&params).unwrap();
    /// assert_eq!(url.href(), "https://example.com/p?id=7#top");
    /// params.delete("id", None);
    /// url.set_search_params(&params).unwrap();
    /// assert_eq!(url.href(), "https://example.com/p#top");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn set_search_params(&mut self, params: &UrlSearchParams) -> Result<(), SetterError> {
        // The form-urlencoded serialization is ASCII and holds nothing a query
        // would encode, so it is the query as it is.
        let serialized = params.to_string();
        let mut parts = self.parts();
        parts.query = (!serialized.is_empty()).then_some(serialized.as_str());
        *self = Url::assemble(&parts, self.offsets.host)?;
        Ok(())
    }
}
