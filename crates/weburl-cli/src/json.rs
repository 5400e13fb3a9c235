//! JSON objects written by hand, keys in the order given (a serde_json map
//! would sort them), strings escaped by serde_json.

use crate::output::json_str;

/// An object being written into `out`; `end` closes it.
#[derive(Debug)]
pub struct Obj<'a> {
    out: &'a mut Vec<u8>,
    empty: bool,
}

impl<'a> Obj<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        out.push(b'{');
        Obj { out, empty: true }
    }

    fn key(&mut self, key: &str) -> &mut Vec<u8> {
        if !self.empty {
            self.out.push(b',');
        }
        self.empty = false;
        json_str(key, self.out);
        self.out.push(b':');
        self.out
    }

    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        json_str(value, self.key(key));
        self
    }

    /// A string, or `null` for `None`.
    pub fn opt_str(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.str(key, v),
            None => self.raw(key, |out| out.extend_from_slice(b"null")),
        }
    }

    pub fn num(&mut self, key: &str, value: u64) -> &mut Self {
        self.raw(key, |out| {
            out.extend_from_slice(value.to_string().as_bytes())
        })
    }

    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        self.raw(key, |out| {
            out.extend_from_slice(if value { b"true" } else { b"false" })
        })
    }

    /// `[start,end]`: a byte range.
    pub fn span(&mut self, key: &str, span: &std::ops::Range<usize>) -> &mut Self {
        let text = format!("[{},{}]", span.start, span.end);
        self.raw(key, |out| out.extend_from_slice(text.as_bytes()))
    }

    /// A value written by `write` (a nested object or array).
    pub fn raw(&mut self, key: &str, write: impl FnOnce(&mut Vec<u8>)) -> &mut Self {
        write(self.key(key));
        self
    }

    pub fn end(self) {
        self.out.push(b'}');
    }
}

/// `{"kind":…,"message":…}`: why something failed.
pub fn error(kind: &str, message: &str, out: &mut Vec<u8>) {
    let mut o = Obj::new(out);
    o.str("kind", kind).str("message", message);
    o.end();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_in_order_and_escaped() {
        let mut out = Vec::new();
        let mut o = Obj::new(&mut out);
        o.str("b", "x\"y")
            .opt_str("a", None)
            .num("n", 3)
            .bool("t", true)
            .span("s", &(1..4))
            .raw("e", |out| error("K", "m", out));
        o.end();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"{"b":"x\"y","a":null,"n":3,"t":true,"s":[1,4],"e":{"kind":"K","message":"m"}}"#
        );
    }
}
