//! A JSON writer for the structured results (RFC 8259): objects and
//! arrays written straight into the output buffer.

/// `s` as a JSON string.
pub(crate) fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&s.as_bytes()[start..i]);
        if escape.is_empty() {
            out.extend_from_slice(format!("\\u{b:04x}").as_bytes());
        } else {
            out.extend_from_slice(escape);
        }
        start = i + 1;
    }
    out.extend_from_slice(&s.as_bytes()[start..]);
    out.push(b'"');
}

/// An object being written: members, then [`Obj::end`].
pub(crate) struct Obj<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Obj<'a> {
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Obj<'a> {
        out.push(b'{');
        Obj { out, first: true }
    }

    fn key(&mut self, key: &str) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        string(self.out, key);
        self.out.push(b':');
        self.out
    }

    pub(crate) fn str(&mut self, key: &str, value: &str) -> &mut Self {
        let out = self.key(key);
        string(out, value);
        self
    }

    pub(crate) fn opt_str(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.str(key, v),
            None => self.raw(key, |out| out.extend_from_slice(b"null")),
        }
    }

    pub(crate) fn num(&mut self, key: &str, value: u64) -> &mut Self {
        let out = self.key(key);
        out.extend_from_slice(value.to_string().as_bytes());
        self
    }

    pub(crate) fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        let out = self.key(key);
        out.extend_from_slice(if value { b"true" } else { b"false" });
        self
    }

    /// A member whose value `f` writes.
    pub(crate) fn raw(&mut self, key: &str, f: impl FnOnce(&mut Vec<u8>)) -> &mut Self {
        let out = self.key(key);
        f(out);
        self
    }

    pub(crate) fn end(&mut self) {
        self.out.push(b'}');
    }
}

/// An array of `items`, each written by `f`.
pub(crate) fn array<T>(
    out: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut f: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        f(out, item);
    }
    out.push(b']');
}
